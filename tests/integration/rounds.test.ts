import { beforeAll, describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";
import { eventStandings } from "@/lib/server/read/standings";

await useTestDatabase();

type Pair = { id: string; table: number; slots: string[]; outcome: string | null };
async function matchesOf(roundId: string): Promise<Pair[]> {
  const ms = await db().match.findMany({ where: { roundId }, include: { teams: { orderBy: { slot: "asc" } } }, orderBy: { table: "asc" } });
  return ms.map((m) => ({ id: m.id, table: m.table, slots: m.teams.map((t) => t.teamId), outcome: m.outcome }));
}

describe("rounds: pair, publish, clock, report, close (issue #2)", () => {
  let ev: Awaited<ReturnType<typeof makeEvent>>;
  beforeAll(async () => {
    ev = await makeEvent("rnd");
    await registerTeams(ev.eventId, ev.judge, 7, "R");
  });

  it("a judge (not the TO) cannot pair; nothing is written", async () => {
    const before = await rowCounts();
    const res = await ACTIONS.pairNextRound.handle(ev.judge, { eventId: ev.eventId });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.code).toBe("FORBIDDEN");
    expect(await rowCounts()).toEqual(before);
  });

  it("plays three rounds of a 7-team event: byes to different teams, no rematches, exact points", async () => {
    const seen = new Set<string>();
    const byes: string[] = [];
    for (let r = 1; r <= 3; r++) {
      const { roundId, number } = await must<{ roundId: string; number: number }>("pairNextRound", ev.organizer, {
        eventId: ev.eventId,
        seed: `seed-${r}`,
      });
      expect(number).toBe(r);
      await must("publishRound", ev.organizer, { roundId });
      await must("roundClock", ev.judge, { roundId, action: "START" });
      const ms = await matchesOf(roundId);
      expect(ms.length).toBe(4);
      for (const m of ms) {
        if (m.slots.length === 1) {
          expect(m.outcome).toBe("BYE");
          byes.push(m.slots[0]);
          continue;
        }
        const key = [...m.slots].sort().join("|");
        expect(seen.has(key)).toBe(false);
        seen.add(key);
        // Slot 1 wins at table 1, a time-called draw at table 2 (equal LP, Swiss: C36), slot 2 wins elsewhere.
        if (m.table === 2) {
          const res = await must<{ outcome: string; reason: string }>("reportResult", ev.judge, {
            roundId,
            matchId: m.id,
            result: "time",
            lp1: 4000,
            lp2: 4000,
          });
          expect(res).toMatchObject({ outcome: "DRAW" });
        } else {
          await must("reportResult", ev.judge, { roundId, matchId: m.id, result: m.table === 1 ? "team1" : "team2" });
        }
      }
      await must("closeRound", ev.organizer, { roundId });
    }
    expect(new Set(byes).size).toBe(3);
    const { standings, throughRound } = await eventStandings(db(), ev.eventId);
    expect(throughRound).toBe(3);
    const total = standings.reduce((s, x) => s + x.points, 0);
    // Each round: 1 bye (3) + 1 draw (1+1) + 2 decided matches (3 each) = 11 points; 3 rounds = 33.
    expect(total).toBe(33);
    expect(standings.map((s) => s.rank)[0]).toBe(1);
  });

  it("C35: time called, higher team LP wins", async () => {
    const ev2 = await makeEvent("c35");
    await registerTeams(ev2.eventId, ev2.judge, 2, "L");
    const { roundId } = await must<{ roundId: string }>("pairNextRound", ev2.organizer, { eventId: ev2.eventId, seed: "x" });
    await must("publishRound", ev2.organizer, { roundId });
    const [m] = await matchesOf(roundId);
    const r = await must<{ outcome: string; winnerSlot: number; reason: string }>("reportResult", ev2.judge, {
      roundId,
      matchId: m.id,
      result: "time",
      lp1: 6300,
      lp2: 5100,
    });
    expect(r).toEqual({ matchId: m.id, outcome: "WIN", winnerSlot: 1, reason: "EOMP_LP_COMPARISON", version: 1 });
  });

  it("PS07: a result for a match not in the round, an impossible score, a stale version — refused, nothing written", async () => {
    const ev3 = await makeEvent("ps07");
    await registerTeams(ev3.eventId, ev3.judge, 4, "P");
    const r1 = await must<{ roundId: string }>("pairNextRound", ev3.organizer, { eventId: ev3.eventId, seed: "s" });
    await must("publishRound", ev3.organizer, { roundId: r1.roundId });
    const ms = await matchesOf(r1.roundId);
    const before = await rowCounts();
    const wrongRound = await ACTIONS.reportResult.handle(ev3.judge, { roundId: "not-this-round", matchId: ms[0].id, result: "team1" });
    expect(wrongRound.ok).toBe(false);
    if (!wrongRound.ok) {
      expect(wrongRound.error.field).toBe("matchId");
      expect(wrongRound.error.message).toBe("That match is not in this round (it is in round 1).");
    }
    const impossible = await ACTIONS.reportResult.handle(ev3.judge, {
      roundId: r1.roundId,
      matchId: ms[0].id,
      result: "team1",
      games1: 3,
      games2: 0,
    });
    expect(impossible.ok).toBe(false);
    if (!impossible.ok) expect(impossible.error.message).toBe("games: 3–0 is impossible in a best-of-1 match.");
    const stale = await ACTIONS.reportResult.handle(ev3.judge, {
      roundId: r1.roundId,
      matchId: ms[0].id,
      result: "team1",
      expectedVersion: 7,
    });
    expect(stale.ok).toBe(false);
    expect(await rowCounts()).toEqual(before);
  });

  it("PS08: pairing when every team dropped is refused with a clear message", async () => {
    const ev4 = await makeEvent("ps08");
    const ids = await registerTeams(ev4.eventId, ev4.judge, 2, "G");
    for (const teamId of ids) await must("dropTeam", ev4.judge, { teamId });
    const res = await ACTIONS.pairNextRound.handle(ev4.organizer, { eventId: ev4.eventId });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.message).toBe("No active team is left to pair (every team dropped or none checked in).");
  });

  it("two concurrent 'pair next round' calls produce exactly one round", async () => {
    const ev5 = await makeEvent("race");
    await registerTeams(ev5.eventId, ev5.judge, 6, "C");
    const [a, b] = await Promise.all([
      ACTIONS.pairNextRound.handle(ev5.organizer, { eventId: ev5.eventId, seed: "a" }),
      ACTIONS.pairNextRound.handle(ev5.organizer, { eventId: ev5.eventId, seed: "b" }),
    ]);
    expect([a.ok, b.ok].filter(Boolean).length).toBe(1);
    const loser = a.ok ? b : a;
    if (!loser.ok) expect(["ALREADY_PAIRED", "ROUND_OPEN"]).toContain(loser.error.code);
    expect(await db().round.count({ where: { eventId: ev5.eventId } })).toBe(1);
    expect(await db().match.count({ where: { round: { eventId: ev5.eventId } } })).toBe(3);
  });
});

describe("correcting a closed round needs the organizer's override", () => {
  it("the organizer must tick the override; a judge cannot; the correction is audited", async () => {
    const ev = await makeEvent("closedfix");
    await registerTeams(ev.eventId, ev.judge, 2, "Z");
    const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "z" });
    await must("publishRound", ev.organizer, { roundId });
    const [m] = await matchesOf(roundId);
    const first = await must<{ version: number }>("reportResult", ev.judge, { roundId, matchId: m.id, result: "team1" });
    await must("closeRound", ev.organizer, { roundId });
    const before = await rowCounts();
    const silent = await ACTIONS.reportResult.handle(ev.organizer, {
      roundId,
      matchId: m.id,
      result: "draw",
      expectedVersion: first.version,
    });
    expect(silent.ok).toBe(false);
    if (!silent.ok)
      expect(silent.error).toMatchObject({
        code: "ROUND_CLOSED",
        field: "override",
        message: "Round 1 is closed. To correct it, tick “Correct a closed round”.",
      });
    const judge = await ACTIONS.reportResult.handle(ev.judge, {
      roundId,
      matchId: m.id,
      result: "draw",
      override: true,
      expectedVersion: first.version,
    });
    expect(judge.ok).toBe(false);
    expect(await rowCounts()).toEqual(before);
    await must("reportResult", ev.organizer, { roundId, matchId: m.id, result: "draw", override: true, expectedVersion: first.version });
    expect(await db().auditLog.count({ where: { eventId: ev.eventId, action: "result.correct" } })).toBe(1);
  });
});
