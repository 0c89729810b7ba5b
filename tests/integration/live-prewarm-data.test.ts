/**
 * Issue #15: what a change frame waits for (lib/server/read/liveData.ts prewarmLiveData): a
 * `pairings:N` renders the current round once and stores it under both keys; `results:N` re-renders
 * only the bodies this process holds; a frame naming a team re-renders that team's held card (and no
 * other), so the phones' refetch after the frame is answered from memory at the new version.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { must, reportingWorld, type ReportingWorld } from "./fixtures";
import { db } from "@/lib/db";
import { clearCaches, forgetVersion } from "@/lib/server/http/cache";
import { cardKey, clearDataCache, dataKey, peekData, storeJson } from "@/lib/server/http/dataCache";
import { prewarmLiveData } from "@/lib/server/read/liveData";
import { teamCards } from "@/lib/server/read/liveCards";

await useTestDatabase();
const version = async (id: string) => (await db().event.findUniqueOrThrow({ where: { id } })).version;

describe("prewarm before a change frame (issue #15)", () => {
  let w: ReportingWorld;
  beforeAll(async () => {
    w = await reportingWorld("pw", "KONAMI_TAG_2019", 8);
    clearCaches();
    clearDataCache();
  });

  it("pairings:1 stores the current round and round 1 as the same body at the current version", async () => {
    await prewarmLiveData({ eventId: w.eventId, topics: ["pairings:1"] });
    const v = await version(w.eventId);
    const current = peekData(dataKey(w.eventId, "pairings"))!;
    const one = peekData(dataKey(w.eventId, "pairings", 1))!;
    expect(current.version).toBe(v);
    expect(Buffer.from(one.body).equals(Buffer.from(current.body))).toBe(true);
    expect(JSON.parse(Buffer.from(one.body).toString())).toMatchObject({ version: v, round: { number: 1 } });
    expect(peekData(dataKey(w.eventId, "standings"))).toBeUndefined();
  });

  it("a result: the held pairings and the named held card are re-rendered at the new version; another held card is left", async () => {
    const [m, other] = w.matches;
    const v0 = await version(w.eventId);
    for (const id of [m.t1, other.t1]) await storeJson(cardKey(w.eventId, id), v0, (await teamCards(w.eventId, [id], v0)).get(id));
    await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team1" });
    const v = await version(w.eventId);
    forgetVersion(w.eventId); // as the hub does when the notice arrives
    await prewarmLiveData({ eventId: w.eventId, topics: ["results:1", `team:${m.t1}`, `team:${m.t2}`] });
    const pairings = JSON.parse(Buffer.from(peekData(dataKey(w.eventId, "pairings", 1))!.body).toString());
    expect(pairings.version).toBe(v);
    expect(pairings.matches.find((x: { id: string }) => x.id === m.id)).toMatchObject({ outcome: "WIN", winnerSlot: 1 });
    const card = peekData(cardKey(w.eventId, m.t1))!;
    expect(card.version).toBe(v);
    expect(JSON.parse(Buffer.from(card.body).toString()).match).toMatchObject({ outcome: "WIN", winnerSlot: 1 });
    expect(peekData(cardKey(w.eventId, other.t1))!.version).toBe(v0);
    expect(peekData(cardKey(w.eventId, m.t2))).toBeUndefined(); // not held: its phone's request reads it
  });
});
