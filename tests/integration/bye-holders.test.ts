/**
 * Bye holders and the event tier (RULES §2.3 Tier 3–4): byes for rounds 1…N awarded before
 * round 1, counted in the Tier 3–4 size; set only before round 1 is paired.
 */
import { describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { db } from "@/lib/db";
import { ACTIONS } from "@/lib/server/actions";
import { plannedStructure } from "@/lib/server/write/roundState";

await useTestDatabase();

async function fail(name: string, userId: string, input: unknown) {
  const res = await ACTIONS[name].handle(userId, input);
  expect(res.ok, `${name} should fail`).toBe(false);
  if (res.ok) throw new Error("unreachable");
  return res.error;
}

describe("bye holders (RULES §2.3 Tier 3–4)", () => {
  it("a 2-round bye holder gets byes in rounds 1 and 2 (not paired), counts +3 at Tier 3–4, is set only before round 1", async () => {
    const ev = await makeEvent("byeholders");
    const ids = await registerTeams(ev.eventId, ev.judge, 8, "H");
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, settings: { tier: "3-4" } });
    await must("setByeRounds", ev.organizer, { teamId: ids[0], rounds: 2 });
    const s = await plannedStructure(db(), ev.eventId);
    // §2.3 Tier 3–4 modifier: a 2-round bye holder counts 3 extra → 11; below 129 the Tier 1–2 counts apply (11 → 4 rounds, Top 4)
    expect(s.recommended).toMatchObject({ entrants: 8, effectiveEntrants: 11, swissRounds: 4, topCut: 4, table: "konami_v25_tier34" });
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, settings: { tier: "1-2" } });
    expect((await plannedStructure(db(), ev.eventId)).recommended).toMatchObject({ effectiveEntrants: 8, swissRounds: 3 });

    for (const n of [1, 2, 3]) {
      const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: `bh-${n}` });
      const matches = await db().match.findMany({ where: { roundId }, include: { teams: true } });
      const holderMatch = matches.find((m) => m.teams.some((t) => t.teamId === ids[0]))!;
      if (n <= 2) {
        expect(holderMatch.outcome).toBe("BYE");
        expect(holderMatch.teams).toHaveLength(1);
        expect((holderMatch.reasons as { code: string }[]).map((r) => r.code)).toEqual(["byeAwarded"]);
        // 7 others: 3 matches and the usual bye to one of them
        expect(matches.filter((m) => m.outcome === "BYE")).toHaveLength(2);
      } else {
        expect(holderMatch.teams).toHaveLength(2);
      }
      expect(matches.flatMap((m) => m.teams.map((t) => t.teamId)).sort()).toEqual([...ids].sort());
      if (n === 1) {
        const before = await rowCounts();
        const err = await fail("setByeRounds", ev.organizer, { teamId: ids[1], rounds: 1 });
        expect(err.code).toBe("BYES_AFTER_START");
        expect(await rowCounts()).toEqual(before);
      }
      await must("publishRound", ev.organizer, { roundId });
      for (const m of await db().match.findMany({ where: { roundId, outcome: null } }))
        await must("reportResult", ev.judge, { roundId, matchId: m.id, result: "team1" });
      await must("closeRound", ev.organizer, { roundId });
    }
    const row = await db().auditLog.findFirstOrThrow({ where: { eventId: ev.eventId, action: "team.byeRounds" } });
    expect(row.after).toEqual({ byeRounds: 2 });
  });
});
