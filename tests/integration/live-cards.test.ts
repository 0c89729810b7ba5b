/**
 * Issue #15: team cards of the live JSON read for many teams at once (lib/server/read/liveCards.ts
 * teamCards) equal the one-team read for every team, with as many queries; a stored card stays current through other
 * tables' results and stops being current at the commit that names its team (lib/server/http/cache.ts
 * cardVersionBar); and a held, current card is answered before Next.js (lib/server/live/cardFast.ts)
 * with its ETag and 304, for the account's own team only.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";
import { useTestDatabase } from "./db";
import { must, reportingWorld, type ReportingWorld } from "./fixtures";
import { db } from "@/lib/db";
import { cardVersionBar, clearCaches, framedVersion } from "@/lib/server/http/cache";
import { cardKey, clearDataCache, pendingRender, rememberUserTeam, renderMany, storeJson, userTeamOf } from "@/lib/server/http/dataCache";
import { teamCards } from "@/lib/server/read/liveCards";
import { serveCardBeforeNext } from "@/lib/server/live/cardFast";
import { onNotice, stopHub } from "@/lib/server/live/hub";
import type { LiveNotice } from "@/lib/server/live/topics";

await useTestDatabase();
process.env.LIVE_TRANSPORT = "local";
process.env.NEXTAUTH_SECRET = "live-cards-test-secret";
const version = async (id: string) => (await db().event.findUniqueOrThrow({ where: { id } })).version;

let server: http.Server;
let origin = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (serveCardBeforeNext(req, res, () => res.writeHead(299).end("next"))) return;
    res.writeHead(298).end("not taken");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await stopHub();
});

function get(path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${origin}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (b: Buffer) => chunks.push(b));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("team cards (issue #15)", () => {
  let w: ReportingWorld;
  beforeAll(async () => {
    w = await reportingWorld("lc", "KONAMI_TAG_2019", 8);
    clearCaches();
    clearDataCache();
  });

  it("the cards of all teams read at once equal each team's own read", async () => {
    const v = await version(w.eventId);
    const ids = w.matches.flatMap((m) => [m.t1, m.t2]);
    const all = await teamCards(w.eventId, ids, v);
    expect([...all.keys()].sort()).toEqual([...ids].sort());
    for (const id of ids) expect(all.get(id)).toEqual((await teamCards(w.eventId, [id], v)).get(id));
    const m = w.matches[1];
    expect(all.get(m.t2)!.match).toMatchObject({ table: m.table, mySlot: 2, opponents: { teamId: m.t1 } });
    expect((await teamCards("another-event", ids, v)).size).toBe(0);
  });

  it("reading the cards of 8 teams takes as many queries as reading one", async () => {
    const pool = (globalThis as unknown as { prismaPool: { query: (...a: unknown[]) => unknown } }).prismaPool;
    const count = async (ids: string[]) => {
      const spy = vi.spyOn(pool, "query");
      await teamCards(w.eventId, ids, 1);
      const n = spy.mock.calls.length;
      spy.mockRestore();
      return n;
    };
    const ids = w.matches.flatMap((m) => [m.t1, m.t2]);
    expect(ids).toHaveLength(8);
    const one = await count(ids.slice(0, 1));
    expect(one).toBeGreaterThan(0);
    expect(await count(ids)).toBe(one);
  });

  it("a held card is served before Next.js while current (ETag, 304); a result on its own table sends the next to Next.js", async () => {
    const [m, other] = w.matches;
    const userId = w.user.get(`${m.t1}:A`)!;
    const token = await encode({ token: { sub: userId, name: "x", sv: 0 }, secret: process.env.NEXTAUTH_SECRET! });
    const cookie = `next-auth.session-token=${token}`;
    const path = `/api/events/${w.eventId}/data/card`;
    // Not remembered yet: Next.js (its route reads the account's team and stores the card).
    expect((await get(path, { cookie })).status).toBe(299);
    const v = await version(w.eventId);
    rememberUserTeam(w.eventId, userId, m.t1);
    await storeJson(cardKey(w.eventId, m.t1), v, (await teamCards(w.eventId, [m.t1], v)).get(m.t1));
    // Before this process knew of any change, a card is not known current: Next.js.
    expect(cardVersionBar(w.eventId, m.t1)).toBeUndefined();
    expect((await get(path, { cookie })).status).toBe(299);

    // A result at another table: this card stays current and is served from memory.
    await must("reportResult", w.judge, { roundId: w.roundId, matchId: other.id, result: "team1" });
    expect(cardVersionBar(w.eventId, m.t1)).toBe(0);
    const r = await get(path, { cookie, "accept-encoding": "gzip" });
    expect(r.status).toBe(200);
    // A card is small (< 1 KB): sent as is, gzip only pays from 1 KB (lib/server/http/dataCache.ts).
    expect(r.headers["content-encoding"]).toBeUndefined();
    expect(r.headers["cache-control"]).toBe("private, no-cache");
    expect(r.headers.etag).toBe(`W/"v${v}"`);
    expect(JSON.parse(r.body.toString())).toMatchObject({ version: v, team: { id: m.t1 }, match: { table: m.table } });
    expect((await get(path, { cookie, "if-none-match": `W/"v${v}"` })).status).toBe(304);

    // A result on its own table: no longer current at the commit (before any frame).
    await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team2" });
    expect(cardVersionBar(w.eventId, m.t1)).toBe(await version(w.eventId));
    expect((await get(path, { cookie })).status).toBe(299);
  });

  it("a card read for many teams that is still running is waited for before Next.js, then served", async () => {
    const m = w.matches[2];
    const userId = w.user.get(`${m.t1}:A`)!;
    const token = await encode({ token: { sub: userId, name: "x", sv: 0 }, secret: process.env.NEXTAUTH_SECRET! });
    const cookie = `next-auth.session-token=${token}`;
    rememberUserTeam(w.eventId, userId, m.t1);
    await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team1" });
    const v = await version(w.eventId);
    expect(cardVersionBar(w.eventId, m.t1)).toBe(v);
    // A prewarm's read of two teams' cards (dataCache renderMany) held open until `release`.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const keys = [cardKey(w.eventId, m.t1), cardKey(w.eventId, m.t2)];
    const read = renderMany(keys, v, async () => {
      await gate;
      const cards = await teamCards(w.eventId, [m.t1, m.t2], v);
      return new Map([...cards].map(([id, card]) => [cardKey(w.eventId, id), card]));
    });
    expect(pendingRender(keys[0])?.version).toBe(v);
    const answer = get(`/api/events/${w.eventId}/data/card`, { cookie });
    await new Promise((r) => setTimeout(r, 100));
    release();
    const r = await answer;
    expect(r.status).toBe(200); // not 299: the request waited for the running read instead of going to Next.js
    expect(JSON.parse(r.body.toString())).toMatchObject({
      version: v,
      team: { id: m.t1 },
      match: { table: m.table, outcome: "WIN", winnerSlot: 1 },
    });
    await read;
    expect(pendingRender(keys[0])).toBeUndefined();
  });

  it("a result frame naming a team keeps its accounts' remembered team; an event-wide change forgets it", async () => {
    const m = w.matches[3];
    const userId = w.user.get(`${m.t2}:B`)!;
    rememberUserTeam(w.eventId, userId, m.t2);
    await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team2" });
    const v = await version(w.eventId);
    // 30 s: a hang guard (the frame follows the NOTIFY)
    await vi.waitFor(() => expect(framedVersion(w.eventId)).toBeGreaterThanOrEqual(v), { timeout: 30_000 });
    expect(userTeamOf(w.eventId, userId)).toBe(m.t2); // a result never moves an account to another team
    await must("renameTeam", w.organizer, { teamId: m.t2, name: "Renamed Card Team" }); // default topic: `event`
    const v2 = await version(w.eventId);
    await vi.waitFor(() => expect(framedVersion(w.eventId)).toBeGreaterThanOrEqual(v2), { timeout: 30_000 });
    expect(userTeamOf(w.eventId, userId)).toBeUndefined();
  });

  it("a team's report and the other team's agreeing report name the round's results and both teams", async () => {
    // This world's tables already have judges' results: a fresh one.
    const x = await reportingWorld("lc2", "KONAMI_TAG_2019", 4);
    const seen: LiveNotice[] = [];
    const off = onNotice((n) => seen.push(n));
    const t = x.matches[0];
    await must("submitTeamReport", x.user.get(`${t.t1}:A`)!, { matchId: t.id, result: "team1", firstSlot: 1 });
    await must("submitTeamReport", x.user.get(`${t.t2}:B`)!, { matchId: t.id, result: "team1", firstSlot: 1 });
    off();
    const topics = seen.filter((n) => n.eventId === x.eventId).map((n) => [...n.topics].sort());
    const expected = ["results:1", `team:${t.t1}`, `team:${t.t2}`].sort();
    expect(topics).toEqual([expected, expected]); // the report (one-sided), then the agreeing one (final)
  });

  it("signed out, a bad token or another path is not taken (the route answers it)", async () => {
    expect((await get(`/api/events/${w.eventId}/data/card`, {})).status).toBe(298);
    expect((await get(`/api/events/${w.eventId}/data/card`, { cookie: "next-auth.session-token=forged" })).status).toBe(299);
    expect((await get(`/api/events/${w.eventId}/data/card?x=1`, { cookie: "next-auth.session-token=x" })).status).toBe(298);
  });
});
