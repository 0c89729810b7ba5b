/**
 * Issue #14 "A finished event" and "Batch end of round", through the real actions on Postgres:
 * an 8-team Tag Duel with a top 4 finishes (finishRule), its placings follow lib/standings
 * finalPlacings (1 the champion, 2 the finalist, 3–4 the semifinal losers in Swiss order, then
 * Swiss order); reopening and correcting the final swaps 1st and 2nd. The batch end of a Swiss
 * round applies exactly the plan it showed, writes one audit row per match, is undone in one step,
 * is refused in the top cut and respects an event without Swiss draws (RULES §8.20).
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { db } from "@/lib/db";
import { ACTIONS } from "@/lib/server/actions";
import { eventPlacings } from "@/lib/server/read/placings";
import { roundBatchPlan } from "@/lib/server/write/batchEnd";

await useTestDatabase();

async function refusal(name: string, userId: string, input: unknown): Promise<string> {
  const res = await ACTIONS[name].handle(userId, input);
  if (res.ok) throw new Error(`${name} was not refused`);
  return res.error.code;
}

/** Pairs, publishes and (optionally) reports every open table of the next Swiss round: slot 1 wins. */
async function playSwiss(ev: { organizer: string; judge: string; eventId: string }, seed: string, close = true) {
  const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed });
  await must("publishRound", ev.organizer, { roundId });
  for (const m of await db().match.findMany({ where: { roundId, outcome: null } }))
    await must("reportResult", ev.judge, { roundId, matchId: m.id, result: "team1" });
  if (close) await must("closeRound", ev.organizer, { roundId });
  return roundId;
}

/** Pairs and publishes the next top-cut round; the team seated first wins unless `winner` says otherwise. */
async function playCut(ev: { organizer: string; judge: string; eventId: string }, winner: (table: number) => "team1" | "team2") {
  const { roundId } = await must<{ roundId: string }>("pairTopCutRound", ev.organizer, { eventId: ev.eventId, drawSeed: "cut" });
  await must("publishRound", ev.organizer, { roundId });
  for (const m of await db().match.findMany({ where: { roundId, outcome: null }, orderBy: { table: "asc" } }))
    await must("reportResult", ev.judge, { roundId, matchId: m.id, result: winner(m.table) });
  return roundId;
}

describe("a finished event: placings, champion, reopen", () => {
  it("8 teams, top 4 (issue #14): Finished; 1, 2, semifinal losers then 5–8 in Swiss order; reopening swaps 1st and 2nd", async () => {
    const ev = await makeEvent("finish8");
    await registerTeams(ev.eventId, ev.judge, 8, "F");
    await must("setStructure", ev.organizer, { eventId: ev.eventId, swissRounds: 3, topCut: 4 });
    for (const seed of ["s1", "s2", "s3"]) await playSwiss(ev, seed);
    expect(await refusal("finishEvent", ev.organizer, { eventId: ev.eventId })).toBe("TOP_CUT_NOT_STARTED");

    const semis = await playCut(ev, () => "team2"); // both lower seeds win their semifinal
    await must("closeRound", ev.organizer, { roundId: semis });
    expect(await refusal("finishEvent", ev.organizer, { eventId: ev.eventId })).toBe("TOP_CUT_NEXT_ROUND");
    const finalRound = await playCut(ev, () => "team1");

    const before = await eventPlacings(ev.eventId);
    const swissOrder = before.placings!.map((p) => p.teamId);
    expect(before.status).toBe("RUNNING");
    expect(before.stages.get(4)).toMatchObject({ kind: "semifinals", key: "floor.stage.top.semifinals" });
    expect(before.stages.get(5)).toMatchObject({ kind: "final" });
    expect(swissOrder).toHaveLength(8);

    // Judges cannot finish; the organizer can (the final's round is closed by it).
    expect(await refusal("finishEvent", ev.judge, { eventId: ev.eventId })).toBe("FORBIDDEN");
    const done = await must<{ champion: string }>("finishEvent", ev.organizer, { eventId: ev.eventId });
    expect((await db().round.findFirstOrThrow({ where: { id: finalRound } })).status).toBe("CLOSED");
    expect((await db().event.findUniqueOrThrow({ where: { id: ev.eventId } })).status).toBe("FINISHED");
    expect(await db().auditLog.count({ where: { eventId: ev.eventId, action: "event.finish" } })).toBe(1);

    const finalMatch = await db().match.findFirstOrThrow({ where: { roundId: finalRound }, include: { teams: true } });
    const champion = finalMatch.teams.find((t) => t.slot === 1)!.teamId;
    const finalist = finalMatch.teams.find((t) => t.slot === 2)!.teamId;
    expect(done.champion).toBe(champion);
    const semiTeams = (await db().matchTeam.findMany({ where: { roundId: semis } })).map((t) => t.teamId);
    const { standings } = await import("@/lib/server/read/standings").then((m) => m.eventStandings(db(), ev.eventId));
    const swissRank = new Map(standings.map((s, i) => [s.teamId, i]));
    const semiLosers = semiTeams.filter((t) => t !== champion && t !== finalist).sort((a, b) => swissRank.get(a)! - swissRank.get(b)!);
    const rest = standings.map((s) => s.teamId).filter((t) => !semiTeams.includes(t));

    const after = await eventPlacings(ev.eventId);
    expect(after.overview).toEqual({ state: "finished", champion });
    expect(after.placings!.map((p) => [p.place, p.teamId, p.stage])).toEqual([
      [1, champion, "champion"],
      [2, finalist, "finalist"],
      [3, semiLosers[0], "cut"],
      [4, semiLosers[1], "cut"],
      ...rest.map((t, i) => [5 + i, t, "swiss"]),
    ]);
    expect(after.placings![2].band).toEqual({ from: 3, to: 4 });

    // Finished: no result entry, no second finish; a judge cannot reopen.
    expect(
      await refusal("reportResult", ev.organizer, { roundId: finalRound, matchId: finalMatch.id, result: "team2", override: true }),
    ).toBe("EVENT_FINISHED");
    expect(await refusal("finishEvent", ev.organizer, { eventId: ev.eventId })).toBe("EVENT_ALREADY_FINISHED");
    expect(await refusal("reopenEvent", ev.judge, { eventId: ev.eventId })).toBe("REOPEN_ORGANIZER_ONLY");

    await must("reopenEvent", ev.organizer, { eventId: ev.eventId, reason: "final result entered the wrong way round" });
    expect(await db().auditLog.count({ where: { eventId: ev.eventId, action: "event.reopen" } })).toBe(1);
    await must("reportResult", ev.organizer, { roundId: finalRound, matchId: finalMatch.id, result: "team2", override: true });
    await must("finishEvent", ev.organizer, { eventId: ev.eventId });
    const corrected = await eventPlacings(ev.eventId);
    expect(corrected.overview).toEqual({ state: "finished", champion: finalist });
    expect(corrected.placings!.slice(0, 2).map((p) => p.teamId)).toEqual([finalist, champion]);
    expect(corrected.placings!.slice(2).map((p) => p.teamId)).toEqual(after.placings!.slice(2).map((p) => p.teamId));
  });

  it("without a cut: finished after the last planned Swiss round; the Swiss leader is the champion", async () => {
    const ev = await makeEvent("finishswiss");
    await registerTeams(ev.eventId, ev.judge, 4, "N");
    await must("setStructure", ev.organizer, { eventId: ev.eventId, swissRounds: 2, topCut: 0 });
    await playSwiss(ev, "n1");
    expect(await refusal("finishEvent", ev.organizer, { eventId: ev.eventId })).toBe("SWISS_ROUNDS_LEFT");
    await playSwiss(ev, "n2", false);
    expect(await refusal("finishEvent", ev.organizer, { eventId: ev.eventId })).toBe("SWISS_ROUND_OPEN");
    const round = await db().round.findFirstOrThrow({ where: { eventId: ev.eventId, number: 2 } });
    await must("closeRound", ev.organizer, { roundId: round.id });
    await must("finishEvent", ev.organizer, { eventId: ev.eventId });
    const p = await eventPlacings(ev.eventId);
    expect(p.overview.state).toBe("finished");
    expect(p.overview).toEqual({ state: "finished", champion: p.placings![0].teamId });
    expect(p.placings!.every((x) => x.stage === "swiss")).toBe(true);
  });
});

describe("batch end of round (issue #14)", () => {
  it("the plan shown is what is applied, one audit row per match, one undo restores every table", async () => {
    const ev = await makeEvent("batch");
    await registerTeams(ev.eventId, ev.judge, 8, "B");
    const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "b1" });
    expect(await refusal("batchEndRound", ev.judge, { roundId, matchIds: [] })).toBe("ROUND_NOT_LIVE");
    await must("publishRound", ev.organizer, { roundId });
    const matches = await db().match.findMany({ where: { roundId }, orderBy: { table: "asc" } });
    await must("reportResult", ev.judge, { roundId, matchId: matches[0].id, result: "team1" });

    // Tag Duel 2019 (phase_then_lp, Swiss draws on): an unfinished Swiss match is a draw (RULES §1.8 step 5).
    const { plan } = await roundBatchPlan(db(), roundId);
    expect(plan.entries.map((e) => [e.table, e.outcome, e.basis])).toEqual(matches.slice(1).map((m) => [m.table, "DRAW", "swissDraw"]));
    expect(plan.skipped).toEqual({ final: 1, bye: 0 });

    // A result entered after the plan was shown: the stale plan is refused, nothing written.
    const auditBefore = await db().auditLog.count({ where: { eventId: ev.eventId } });
    await must("reportResult", ev.judge, { roundId, matchId: matches[1].id, result: "team2" });
    expect(await refusal("batchEndRound", ev.judge, { roundId, matchIds: plan.entries.map((e) => e.matchId) })).toBe("BATCH_PLAN_CHANGED");
    expect(await db().auditLog.count({ where: { eventId: ev.eventId } })).toBe(auditBefore + 1);

    const fresh = (await roundBatchPlan(db(), roundId)).plan;
    expect(fresh.entries.map((e) => e.table)).toEqual(matches.slice(2).map((m) => m.table));
    const applied = await must<{ tables: number[] }>("batchEndRound", ev.judge, { roundId, matchIds: fresh.entries.map((e) => e.matchId) });
    expect(applied.tables).toEqual(fresh.entries.map((e) => e.table));
    const ended = await db().match.findMany({ where: { id: { in: fresh.entries.map((e) => e.matchId) } } });
    expect(ended.map((m) => [m.outcome, m.endReason, m.winnerSlot])).toEqual(ended.map(() => ["DRAW", "DRAW", null]));
    expect(await db().auditLog.count({ where: { eventId: ev.eventId, action: "result.batchEnd" } })).toBe(fresh.entries.length);
    expect((await roundBatchPlan(db(), roundId)).plan.entries).toEqual([]);

    await must("undoBatchEnd", ev.judge, { roundId });
    const restored = await db().match.findMany({ where: { roundId }, orderBy: { table: "asc" } });
    expect(restored.map((m) => m.outcome)).toEqual([matches[0], matches[1], ...matches.slice(2)].map((_, i) => (i < 2 ? "WIN" : null)));
    expect(await db().auditLog.count({ where: { eventId: ev.eventId, action: "round.batchEndUndo" } })).toBe(1);
    expect(await refusal("undoBatchEnd", ev.judge, { roundId })).toBe("NO_BATCH");

    // After a second batch, a result changed by hand blocks the undo (nothing undone).
    const again = (await roundBatchPlan(db(), roundId)).plan;
    await must("batchEndRound", ev.judge, { roundId, matchIds: again.entries.map((e) => e.matchId) });
    await must("reportResult", ev.judge, { roundId, matchId: again.entries[0].matchId, result: "team1" });
    expect(await refusal("undoBatchEnd", ev.judge, { roundId })).toBe("BATCH_CHANGED");
    expect(await db().match.count({ where: { roundId, outcome: "DRAW" } })).toBe(again.entries.length - 1);
  });

  it("no Swiss draws: unfinished matches get a double loss and a chosen draw is refused; the top cut refuses the batch", async () => {
    const ev = await makeEvent("batchnd");
    await registerTeams(ev.eventId, ev.judge, 4, "D");
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, settings: { swissAllowsDraws: false } });
    await must("setStructure", ev.organizer, { eventId: ev.eventId, swissRounds: 1, topCut: 2 });
    const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "d1" });
    await must("publishRound", ev.organizer, { roundId });
    const { plan } = await roundBatchPlan(db(), roundId);
    expect(plan.entries.map((e) => [e.outcome, e.basis])).toEqual([
      ["DOUBLE_LOSS", "noDraws"],
      ["DOUBLE_LOSS", "noDraws"],
    ]);
    const ids = plan.entries.map((e) => e.matchId);
    expect(await refusal("batchEndRound", ev.judge, { roundId, matchIds: ids, choice: "DRAW" })).toBe("NO_DRAWS");
    await must("batchEndRound", ev.judge, { roundId, matchIds: ids });
    expect(await db().match.count({ where: { roundId, outcome: "DOUBLE_LOSS" } })).toBe(2);
    await must("undoBatchEnd", ev.judge, { roundId });
    for (const m of await db().match.findMany({ where: { roundId } }))
      await must("reportResult", ev.judge, { roundId, matchId: m.id, result: "team1" });
    await must("closeRound", ev.organizer, { roundId });
    const { roundId: cutId } = await must<{ roundId: string }>("pairTopCutRound", ev.organizer, { eventId: ev.eventId, drawSeed: "x" });
    await must("publishRound", ev.organizer, { roundId: cutId });
    const cutMatch = await db().match.findFirstOrThrow({ where: { roundId: cutId } });
    expect(await refusal("batchEndRound", ev.judge, { roundId: cutId, matchIds: [cutMatch.id] })).toBe("BATCH_TOP_CUT");
    expect(await db().match.count({ where: { roundId: cutId, outcome: { not: null } } })).toBe(0);
  });
});
