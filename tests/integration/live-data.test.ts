/**
 * Issue #15 contract: the versioned JSON phones refetch (app/api/events/[id]/data/[kind]) — the
 * body always carries the event version, ETag `W/"v<version>"` with 304 on If-None-Match, one
 * render per version (a result entered makes the next GET a new version with the result in it),
 * a bad round is refused naming the field, and the team card shows the duelist's own table.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { must, reportingWorld, type ReportingWorld } from "./fixtures";
import { db } from "@/lib/db";
import { clearCaches } from "@/lib/server/http/cache";
import { cardData, pairingsData } from "@/lib/server/read/liveData";

await useTestDatabase();

const { GET } = await import("@/app/api/events/[id]/data/[kind]/route");
const get = (w: ReportingWorld, kind: string, search = "", headers: Record<string, string> = {}) =>
  GET(new Request(`http://127.0.0.1:1/api/events/${w.eventId}/data/${kind}${search}`, { headers }), {
    params: Promise.resolve({ id: w.eventId, kind }),
  });
const version = async (id: string) => (await db().event.findUniqueOrThrow({ where: { id } })).version;

describe("versioned JSON of the live pages (issue #15)", () => {
  let w: ReportingWorld;
  beforeAll(async () => {
    w = await reportingWorld("jd", "KONAMI_TAG_2019", 4);
  });

  it('pairings: the published round 1 with both tables, ETag W/"v<version>", 304 when unchanged', async () => {
    const v = await version(w.eventId);
    const res = await get(w, "pairings");
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toBe(`W/"v${v}"`);
    const body = await res.json();
    expect(body.version).toBe(v);
    expect(body.round).toMatchObject({ number: 1, status: "PUBLISHED" });
    expect(body.matches.map((m: { table: number; seats: { teamId: string }[] }) => [m.table, m.seats.map((s) => s.teamId)])).toEqual(
      w.matches.map((m) => [m.table, [m.t1, m.t2]]),
    );
    expect((await get(w, "pairings", "", { "if-none-match": `W/"v${v}"` })).status).toBe(304);
  });

  it("a result entered is a new version whose pairings JSON carries the outcome", async () => {
    const v0 = await version(w.eventId);
    await must("reportResult", w.judge, { roundId: w.roundId, matchId: w.matches[0].id, result: "team1" });
    clearCaches(); // this process re-reads the version at once (a live notice would do the same)
    const res = await get(w, "pairings", "?round=1", { "if-none-match": `W/"v${v0}"` });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.version).toBe(v0 + 1);
    expect(body.matches[0]).toMatchObject({ outcome: "WIN", winnerSlot: 1 });
  });

  it("pairings JSON carries what the round view renders: stage name, game score, a match's extension", async () => {
    await must("extendMatch", w.judge, { matchId: w.matches[1].id, seconds: 180, reason: "DECK_CHECK" });
    clearCaches();
    const body = await (await get(w, "pairings", "?round=1")).json();
    expect(body.round.stage).toEqual({ key: "floor.stage.swiss", params: { number: 1 } });
    expect(body.matches[1].extensions).toEqual([{ action: "ADD", at: expect.any(Number), seconds: 180 }]);
    expect(body.matches[0].extensions).toBeUndefined();
    expect(body.matches[0]).toMatchObject({ outcome: "WIN", winnerSlot: 1, games1: 1, games2: 0 });
  });

  it("provisional standings (?view=provisional) count the open round's result; the official ones do not yet", async () => {
    const prov = await (await get(w, "standings", "?view=provisional")).json();
    expect(prov.provisional).toBe(true);
    const winner = prov.rows.find((r: { teamId: string }) => r.teamId === w.matches[0].t1);
    expect(winner).toMatchObject({ points: 3, wins: 1, losses: 0 });
    expect(winner.duelists).toHaveLength(2);
    expect((await (await get(w, "standings")).json()).throughRound).toBe(0);
    const bad = await get(w, "standings", "?view=final");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^view:/);
  });

  it("a round that is no number is refused with the field named; an unknown kind or event is 404", async () => {
    const bad = await get(w, "pairings", "?round=abc");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^round:/);
    expect((await get(w, "decklists")).status).toBe(404);
    const none = await GET(new Request("http://127.0.0.1:1/api/events/nope/data/standings"), {
      params: Promise.resolve({ id: "nope", kind: "standings" }),
    });
    expect(none.status).toBe(404);
  });

  it("standings: official only, empty before round 1 closes (throughRound 0), every team once after", async () => {
    const open = await (await get(w, "standings")).json();
    expect(open.throughRound).toBe(0);
    for (const m of w.matches.slice(1)) await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team2" });
    await must("closeRound", w.organizer, { roundId: w.roundId });
    clearCaches();
    const closed = await (await get(w, "standings")).json();
    expect(closed.version).toBe(await version(w.eventId));
    expect(closed.throughRound).toBe(1);
    expect(new Set(closed.rows.map((r: { teamId: string }) => r.teamId))).toEqual(new Set(w.teams));
    // winners have 3 match points (KTS: win 3), losers 0
    const winners = [w.matches[0].t1, ...w.matches.slice(1).map((m) => m.t2)];
    for (const r of closed.rows as { teamId: string; points: number }[]) expect(r.points).toBe(winners.includes(r.teamId) ? 3 : 0);
  });

  it("the card of a duelist shows its own table and opponents; an account of no team gets none", async () => {
    const m = w.matches[0];
    const v = await version(w.eventId);
    const card = (await cardData(w.eventId, w.user.get(`${m.t1}:A`)!, v))!;
    expect(card.team.id).toBe(m.t1);
    expect(card.match).toMatchObject({ table: m.table, mySlot: 1, outcome: "WIN", winnerSlot: 1 });
    expect(card.match!.opponents!.teamId).toBe(m.t2);
    expect(card.duelists.map((d) => [d.designation, d.decklist])).toEqual([
      ["A", null],
      ["B", null],
    ]);
    expect(await cardData(w.eventId, w.judge, v)).toBeNull();
  });

  it("every team's card matches its seat in the round's pairings JSON (same table, slot, outcome, opponents, clock)", async () => {
    const v = await version(w.eventId);
    const p = await pairingsData(w.eventId, v);
    expect(p.matches.length).toBe(w.matches.length);
    for (const m of p.matches)
      for (const s of m.seats) {
        const card = (await cardData(w.eventId, w.user.get(`${s.teamId}:A`)!, v))!;
        expect(p.round).toMatchObject(card.round!); // the pairings round also names its stage
        expect(card.match).toMatchObject({
          id: m.id,
          table: m.table,
          outcome: m.outcome,
          winnerSlot: m.winnerSlot,
          names: m.seats.map((o) => o.name),
          mySlot: s.slot,
          opponents: m.seats.find((o) => o.teamId !== s.teamId) ?? null,
        });
      }
  });
});
