/**
 * Issue #15: the duelist's report page renders the team card JSON (lib/server/read/liveData
 * cardData, `GET /api/events/:id/data/card`) on the client, so the card carries everything the
 * page's dynamic part shows. Real flows through the actions (issue #6 team reports, issue #14
 * one-tap confirm): a report by team A is A's own report and team B's confirm offer (id +
 * version, the offline queue's `seen` state); B's confirm makes it final on both cards; a
 * teammate's different report is the replaced-report note from each duelist's side; different
 * reports of the two teams are a conflict; the read is a fixed number of queries; the card is private (signed out 401, staff 404) and
 * answers 304 to its own version.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "./db";
import { must, reportingWorld, type ReportingWorld } from "./fixtures";
import { db } from "@/lib/db";
import { clearCaches } from "@/lib/server/http/cache";
import { cardData, type CardData } from "@/lib/server/read/liveData";

const viewer = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/session", async (orig) => ({
  ...(await orig<typeof import("@/lib/auth/session")>()),
  currentSession: async () => (viewer.userId ? { userId: viewer.userId, sv: 0 } : null),
}));

await useTestDatabase();

const { GET } = await import("@/app/api/events/[id]/data/[kind]/route");
const version = async (id: string) => (await db().event.findUniqueOrThrow({ where: { id } })).version;
const nameOf = async (userId: string) => (await db().user.findUniqueOrThrow({ where: { id: userId } })).displayName;

describe("the team card is what the report page shows (issue #15)", () => {
  let w: ReportingWorld;
  const card = async (key: string): Promise<NonNullable<CardData["match"]>> =>
    (await cardData(w.eventId, w.user.get(key)!, await version(w.eventId)))!.match!;
  beforeAll(async () => {
    w = await reportingWorld("rc", "KONAMI_TAG_2019", 4);
  });

  it("before any report: both names by slot, the match version, nothing to confirm, the seen state of an empty table", async () => {
    const m = w.matches[0];
    const c = (await cardData(w.eventId, w.user.get(`${m.t1}:A`)!, 7))!;
    expect(c.version).toBe(7);
    expect(c.round).toMatchObject({ number: 1, status: "PUBLISHED", kind: "SWISS" });
    const names = await db().team.findMany({ where: { id: { in: [m.t1, m.t2] } } });
    expect(c.match).toMatchObject({
      id: m.id,
      table: m.table,
      version: 0,
      outcome: null,
      names: [m.t1, m.t2].map((id) => names.find((t) => t.id === id)!.name),
      mySlot: 1,
      mine: null,
      theirs: null,
      replaced: null,
      offer: null,
      conflict: false,
      seen: { matchVersion: 0, theirs: null, round: 1, table: m.table },
    });
  });

  it("a report by team A is A's own report (by whom, by me) and team B's confirm offer; B's confirm makes both cards final", async () => {
    const m = w.matches[0];
    const a = w.user.get(`${m.t1}:A`)!;
    await must("submitTeamReport", a, { matchId: m.id, result: "team1", firstSlot: 2 });
    const row = await db().resultReport.findFirstOrThrow({ where: { matchId: m.id, source: "TEAM" } });
    const mineA = await card(`${m.t1}:A`);
    expect(mineA.mine).toMatchObject({
      id: row.id,
      version: 1,
      report: { result: "team1", firstSlot: 2 },
      by: await nameOf(a),
      byMe: true,
    });
    expect(mineA.offer).toBeNull();
    const mineB = await card(`${m.t1}:B`);
    expect(mineB.mine).toMatchObject({ id: row.id, by: await nameOf(a), byMe: false });
    const other = await card(`${m.t2}:A`);
    expect(other.mine).toBeNull();
    expect(other.theirs).toMatchObject({ id: row.id, version: 1, report: { result: "team1", firstSlot: 2 } });
    expect(other.offer).toEqual({ id: row.id, version: 1, report: { result: "team1", firstSlot: 2 }, at: row.createdAt.getTime() });
    expect(other.conflict).toBe(false);
    expect(other.seen).toEqual({ matchVersion: other.version, theirs: { id: row.id, version: 1 }, round: 1, table: m.table });

    await must("confirmTeamReport", w.user.get(`${m.t2}:B`)!, {
      matchId: m.id,
      reportId: other.offer!.id,
      reportVersion: other.offer!.version,
    });
    for (const key of [`${m.t1}:A`, `${m.t2}:A`]) {
      const c = await card(key);
      expect(c).toMatchObject({ outcome: "WIN", winnerSlot: 1, offer: null, conflict: false, replaced: null });
      expect(c.version).toBeGreaterThan(other.version);
    }
  });

  it("a teammate's different report is the replaced note from each side; a duelist changing their own report is 'own'", async () => {
    const m = w.matches[1];
    const a = w.user.get(`${m.t1}:A`)!,
      b = w.user.get(`${m.t1}:B`)!;
    await must("submitTeamReport", a, { matchId: m.id, result: "team1", firstSlot: 1 });
    await must("submitTeamReport", b, { matchId: m.id, result: "team2", firstSlot: 1 });
    expect((await card(`${m.t1}:B`)).replaced).toEqual({
      note: "teammate",
      name: await nameOf(a),
      report: { result: "team1", firstSlot: 1 },
    });
    expect((await card(`${m.t1}:A`)).replaced).toEqual({
      note: "byTeammate",
      name: await nameOf(b),
      report: { result: "team1", firstSlot: 1 },
    });
    await must("submitTeamReport", b, { matchId: m.id, result: "team2", firstSlot: 2 });
    expect((await card(`${m.t1}:B`)).replaced).toEqual({ note: "own", name: "", report: { result: "team2", firstSlot: 1 } });
    // Neither sent nor replaced by A: no note on A's card.
    expect((await card(`${m.t1}:A`)).replaced).toBeNull();
    expect((await card(`${m.t1}:A`)).mine).toMatchObject({ version: 3, byMe: false, report: { result: "team2", firstSlot: 2 } });
  });

  it("the two teams' different reports are a conflict on both cards; the other team's report is still offered to confirm", async () => {
    const m = w.matches[1];
    await must("submitTeamReport", w.user.get(`${m.t2}:A`)!, { matchId: m.id, result: "team1", firstSlot: 2 });
    const one = await card(`${m.t1}:A`),
      two = await card(`${m.t2}:A`);
    expect([one.conflict, two.conflict]).toEqual([true, true]);
    expect(one.offer).toMatchObject({ version: 1, report: { result: "team1", firstSlot: 2 } });
    expect(two.offer).toMatchObject({ version: 3, report: { result: "team2", firstSlot: 2 } });
    expect(one.seen.theirs).toEqual({ id: one.offer!.id, version: 1 });
  });

  it("the card is read with a fixed number of queries: as many for 4 reports by 3 accounts as for 2 reports", async () => {
    const pool = (globalThis as unknown as { prismaPool: { query: (...a: unknown[]) => unknown } }).prismaPool;
    const count = async (key: string) => {
      const spy = vi.spyOn(pool, "query");
      await cardData(w.eventId, w.user.get(key)!, 1);
      const n = spy.mock.calls.length;
      spy.mockRestore();
      return n;
    };
    await db().resultReport.count(); // the pool is open
    const busy = await count(`${w.matches[1].t1}:A`); // 4 reports by 3 accounts, a replaced note
    const quiet = await count(`${w.matches[0].t2}:B`); // final after one report and a confirm
    expect(busy).toBeGreaterThan(0);
    expect(busy).toBeLessThanOrEqual(14); // measured: 14 small indexed reads (Prisma runs one per nested relation)
    expect(quiet).toBe(busy);
  });

  it("the card route is private: signed out 401, a judge of the event 404, a duelist gets their own card, 304 on its version", async () => {
    const get = (headers: Record<string, string> = {}) =>
      GET(new Request(`http://127.0.0.1:1/api/events/${w.eventId}/data/card`, { headers }), {
        params: Promise.resolve({ id: w.eventId, kind: "card" }),
      });
    clearCaches();
    viewer.userId = null;
    expect((await get()).status).toBe(401);
    viewer.userId = w.judge;
    expect((await get()).status).toBe(404);
    const m = w.matches[0];
    viewer.userId = w.user.get(`${m.t2}:A`)!;
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    const body = (await res.json()) as CardData;
    expect(body.team.id).toBe(m.t2);
    expect(body.match).toMatchObject({ id: m.id, mySlot: 2, outcome: "WIN" });
    expect((await get({ "if-none-match": `W/"v${body.version}"` })).status).toBe(304);
    viewer.userId = null;
  });
});
