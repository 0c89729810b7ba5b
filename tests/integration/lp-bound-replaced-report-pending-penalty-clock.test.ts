/**
 * Reporting on a 7-team Tag Duel (KONAMI_TAG_2019) event, on real Postgres:
 * one LP bound (lpEntryMax) on self-reports, judge entry and the wizard; a report that
 * replaces a teammate's different report says so; penalties on a final match (pending to the
 * next match, applied at pairing; DQ leaves a final result; no penalty after a DQ); the round
 * clock refuses pause-while-paused / resume-while-running (no audit row).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { must, reportingWorld, type ReportingWorld } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";
import { penaltyLog } from "@/lib/server/read/reporting";

await useTestDatabase();

type World = ReportingWorld;
const world = reportingWorld;

const auditCount = (eventId: string) => db().auditLog.count({ where: { eventId } });
const duelistOf = (teamId: string, designation: "A" | "B" = "A") => db().duelist.findFirstOrThrow({ where: { teamId, designation } });

describe("one LP bound = 10 × the preset's starting team LP, enforced on the server", () => {
  let w: World;
  beforeAll(async () => {
    w = await world("f3", "KONAMI_TAG_2019", 7);
  });

  it("self-report with LP 999999 is refused naming lp1 (INVALID, TOO_BIG max 160000); nothing saved", async () => {
    const m = w.matches[0];
    const before = await auditCount(w.eventId);
    const r = await ACTIONS.submitTeamReport.handle(w.user.get(`${m.t1}:A`)!, {
      matchId: m.id,
      result: "time",
      lp1: 999999,
      lp2: 3000,
      firstSlot: 1,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("INVALID");
      expect(r.error.details?.[0]).toMatchObject({ field: "lp1", code: "TOO_BIG", params: { max: 160000 } });
    }
    expect(await db().resultReport.count({ where: { matchId: m.id } })).toBe(0);
    expect(await auditCount(w.eventId)).toBe(before);
    // exactly the bound is accepted
    const ok = await must<{ status: string }>("submitTeamReport", w.user.get(`${m.t1}:A`)!, {
      matchId: m.id,
      result: "time",
      lp1: 160000,
      lp2: 3000,
      firstSlot: 1,
    });
    expect(ok.status).toBe("recorded");
  });

  it("judge result entry with LP 160001 is refused naming lp2; the wizard's LP entry has the same bound", async () => {
    const m = w.matches[1];
    const r = await ACTIONS.reportResult.handle(w.judge, {
      roundId: w.roundId,
      matchId: m.id,
      result: "time",
      lp1: 100,
      lp2: 160001,
      firstSlot: 1,
    });
    expect(!r.ok && r.error.details?.[0]).toMatchObject({ field: "lp2", code: "TOO_BIG", params: { max: 160000 } });
    const e = await ACTIONS.eompBegin.handle(w.judge, {
      matchId: m.id,
      expectedVersion: 0,
      game: { firstSlot: 1, turn: 5, phase: "MAIN1", lp: { slot1: 999999, slot2: 100 } },
    });
    expect(!e.ok && e.error.details?.[0]).toMatchObject({ field: "game.lp.slot1", code: "TOO_BIG", params: { max: 160000 } });
    expect((await db().match.findUniqueOrThrow({ where: { id: m.id } })).version).toBe(0);
  });
});

describe("a team report that replaces a teammate's different report says so", () => {
  let w: World;
  beforeAll(async () => {
    w = await world("f4", "KONAMI_TAG_2019", 4);
  });

  it("two duelists of one team report different results: the later one is told it replaced the partner's report", async () => {
    const m = w.matches[0];
    const a = w.user.get(`${m.t1}:A`)!,
      b = w.user.get(`${m.t1}:B`)!;
    const first = await must<{ status: string; replaced: unknown }>("submitTeamReport", a, {
      matchId: m.id,
      result: "team1",
      firstSlot: 1,
    });
    expect(first).toMatchObject({ status: "recorded", replaced: null });
    const second = await must<{ status: string; replaced: { by: string; self: boolean; report: { result: string } } }>(
      "submitTeamReport",
      b,
      { matchId: m.id, result: "team2", firstSlot: 1 },
    );
    expect(second.status).toBe("recorded");
    const aName = (await duelistOf(m.t1, "A")).name;
    expect(second.replaced).toMatchObject({ by: aName, self: false, report: { result: "team1" } });
    const log = await db().auditLog.findFirstOrThrow({
      where: { eventId: w.eventId, action: "result.team_report", entityId: m.id },
      orderBy: { createdAt: "desc" },
    });
    expect((log.after as { replaced: { by: string } }).replaced.by).toBe(aName);
  });

  it("an identical repeat by the teammate is a duplicate (no row); the same duelist changing their own report is told so", async () => {
    const m = w.matches[0];
    const a = w.user.get(`${m.t1}:A`)!,
      b = w.user.get(`${m.t1}:B`)!;
    const rows = await db().resultReport.count({ where: { matchId: m.id } });
    const dup = await must<{ status: string }>("submitTeamReport", a, { matchId: m.id, result: "team2", firstSlot: 1 });
    expect(dup.status).toBe("duplicate");
    expect(await db().resultReport.count({ where: { matchId: m.id } })).toBe(rows);
    const own = await must<{ replaced: { self: boolean; report: { result: string } } }>("submitTeamReport", b, {
      matchId: m.id,
      result: "draw",
      firstSlot: 2,
    });
    expect(own.replaced).toMatchObject({ self: true, report: { result: "team2" } });
  });

  it("the duelist's page data: the team's current report and whose report it replaced", async () => {
    const { teamCards } = await import("@/lib/server/read/liveCards");
    const m = w.matches[1];
    const a = w.user.get(`${m.t2}:A`)!,
      b = w.user.get(`${m.t2}:B`)!;
    await must("submitTeamReport", a, { matchId: m.id, result: "team1", firstSlot: 1 });
    await must("submitTeamReport", b, { matchId: m.id, result: "team2", firstSlot: 2 });
    const view = (await teamCards(w.eventId, [m.t2], 0)).get(m.t2)?.match;
    expect(view?.mine?.report).toMatchObject({ result: "team2", firstSlot: 2 });
    expect(view?.replaced).toMatchObject({
      byUserId: a,
      replacedByUserId: b,
      by: (await duelistOf(m.t2, "A")).name,
      replacedBy: (await duelistOf(m.t2, "B")).name,
      report: { result: "team1" },
    });
  });
});

describe("penalties on a match that is already final", () => {
  let w: World;
  beforeAll(async () => {
    w = await world("f6", "KONAMI_TAG_2019", 4);
  });

  it("a GAME_LOSS after the team's match is final is PENDING for its next match and applied when round 2 is paired", async () => {
    const [m, other] = w.matches;
    await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team1" });
    const d = await duelistOf(m.t1, "B");
    const pen = await must<{ penaltyId: string; matchEffect: string; roundNumber: number }>("issuePenalty", w.judge, {
      duelistId: d.id,
      infraction: "Marked sleeves",
      penalty: "GAME_LOSS",
    });
    expect(pen).toMatchObject({ matchEffect: "pending next", roundNumber: 2 });
    const row1 = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect([row1.outcome, row1.winnerSlot, row1.endReason]).toEqual(["WIN", 1, "GAMES_WON"]); // the final result stands
    expect((await penaltyLog(w.eventId)).find((p) => p.id === pen.penaltyId)?.pending).toBe(true);

    await must("reportResult", w.judge, { roundId: w.roundId, matchId: other.id, result: "team2" });
    await must("closeRound", w.organizer, { roundId: w.roundId });
    const { roundId: r2 } = await must<{ roundId: string }>("pairNextRound", w.organizer, { eventId: w.eventId, seed: "f6-2" });
    const seat = await db().matchTeam.findUniqueOrThrow({
      where: { roundId_teamId: { roundId: r2, teamId: m.t1 } },
      include: { match: true },
    });
    expect([seat.match.outcome, seat.match.winnerSlot, seat.match.endReason]).toEqual([
      "WIN",
      seat.slot === 1 ? 2 : 1,
      "GAME_LOSS_PENALTY",
    ]);
    expect(await db().resultReport.count({ where: { matchId: seat.matchId, source: "JUDGE" } })).toBe(1);
    const pair = await db().auditLog.findFirstOrThrow({ where: { eventId: w.eventId, action: "round.pair", entityId: r2 } });
    expect((pair.after as { pendingPenalties: { matchEffect: string }[] }).pendingPenalties).toEqual([
      expect.objectContaining({ penalty: "GAME_LOSS", matchEffect: "match final" }),
    ]);
    expect((await penaltyLog(w.eventId)).every((p) => !p.pending)).toBe(true);
    // that table's teams cannot be swapped by hand any more (the result belongs to the penalized team)
    const elsewhere = (await db().matchTeam.findFirstOrThrow({ where: { roundId: r2, NOT: { matchId: seat.matchId } } })).teamId;
    const swap = await ACTIONS.swapTeams.handle(w.organizer, { roundId: r2, teamAId: m.t1, teamBId: elsewhere, reason: "test swap" });
    expect(!swap.ok && swap.error.code).toBe("PENALTY_RESULT");
  });

  it("a MATCH_LOSS issued between rounds when the next round is already paired applies to that match now", async () => {
    const r2 = await db().round.findFirstOrThrow({ where: { eventId: w.eventId, number: 2 } });
    const open = await db().match.findFirstOrThrow({ where: { roundId: r2.id, outcome: null }, include: { teams: true } });
    const team = open.teams.find((t) => t.slot === 2)!;
    const d = await duelistOf(team.teamId);
    const pen = await must<{ matchEffect: string; roundNumber: number }>("issuePenalty", w.judge, {
      duelistId: d.id,
      infraction: "Unsporting conduct",
      penalty: "MATCH_LOSS",
    });
    expect(pen).toMatchObject({ matchEffect: "next match final", roundNumber: 2 });
    const row = await db().match.findUniqueOrThrow({ where: { id: open.id } });
    expect([row.outcome, row.winnerSlot, row.endReason]).toEqual(["WIN", 1, "MATCH_LOSS_PENALTY"]);
  });

  it("a DISQUALIFICATION on a final match leaves the result, drops the team; a later penalty for its duelists is refused", async () => {
    const r2 = await db().round.findFirstOrThrow({ where: { eventId: w.eventId, number: 2 } });
    await must("publishRound", w.organizer, { roundId: r2.id });
    const final = await db().match.findFirstOrThrow({ where: { roundId: r2.id, outcome: "WIN" }, include: { teams: true } });
    const loser = final.teams.find((t) => t.slot !== final.winnerSlot)!;
    const d = await duelistOf(loser.teamId);
    const dq = await must<{ matchEffect: string; teamDropped: boolean }>("issuePenalty", w.judge, {
      duelistId: d.id,
      infraction: "Cheating",
      penalty: "DISQUALIFICATION",
    });
    expect(dq).toMatchObject({ matchEffect: "already final", teamDropped: true });
    const after = await db().match.findUniqueOrThrow({ where: { id: final.id } });
    expect([after.outcome, after.winnerSlot, after.version]).toEqual([final.outcome, final.winnerSlot, final.version]);
    const mate = await duelistOf(loser.teamId, "B");
    const before = await db().penalty.count({ where: { eventId: w.eventId } });
    const warn = await ACTIONS.issuePenalty.handle(w.judge, { duelistId: mate.id, infraction: "Slow play", penalty: "WARNING" });
    expect(!warn.ok && warn.error).toMatchObject({ code: "TEAM_DISQUALIFIED", field: "duelistId" });
    expect(await db().penalty.count({ where: { eventId: w.eventId } })).toBe(before);
  });
});

describe("the round clock refuses pause when paused and resume when running", () => {
  let w: World;
  beforeAll(async () => {
    w = await world("f9", "KONAMI_TAG_2019", 4);
  });

  it("pause twice → second refused (CLOCK_NOT_RUNNING, paused); resume while running refused; no audit row for refusals", async () => {
    await must("roundClock", w.judge, { roundId: w.roundId, action: "START" });
    const running = await ACTIONS.roundClock.handle(w.judge, { roundId: w.roundId, action: "RESUME" });
    expect(!running.ok && running.error).toMatchObject({ code: "CLOCK_NOT_PAUSED", params: { what: "running" } });
    await must("roundClock", w.judge, { roundId: w.roundId, action: "PAUSE" });
    const before = await auditCount(w.eventId);
    const rows = await db().timerActivation.count({ where: { roundId: w.roundId } });
    const again = await ACTIONS.roundClock.handle(w.judge, { roundId: w.roundId, action: "PAUSE" });
    expect(!again.ok && again.error).toMatchObject({ code: "CLOCK_NOT_RUNNING", params: { what: "paused" } });
    expect(await auditCount(w.eventId)).toBe(before);
    expect(await db().timerActivation.count({ where: { roundId: w.roundId } })).toBe(rows);
    await must("roundClock", w.judge, { roundId: w.roundId, action: "RESUME" });
    expect(await db().timerActivation.count({ where: { roundId: w.roundId } })).toBe(rows + 1);
  });
});

describe("a pending penalty of a team that drops", () => {
  let w: World;
  beforeAll(async () => {
    w = await world("f6d", "KONAMI_TAG_2019", 4);
  });

  it("stays pending with the team's DROPPED status (no next match); pairing round 2 without the team leaves no match effect", async () => {
    const [m] = w.matches;
    await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team1" });
    const pen = await must<{ penaltyId: string; matchEffect: string }>("issuePenalty", w.judge, {
      duelistId: (await duelistOf(m.t2)).id,
      infraction: "Slow play",
      penalty: "GAME_LOSS",
    });
    expect(pen.matchEffect).toBe("pending next");
    await must("dropTeam", w.judge, { teamId: m.t2 });
    const row = (await penaltyLog(w.eventId)).find((p) => p.id === pen.penaltyId)!;
    expect([row.pending, row.team.status, row.team.name]).toEqual([true, "DROPPED", "f6d" + (w.teams.indexOf(m.t2) + 1)]);
    for (const x of w.matches.slice(1)) await must("reportResult", w.judge, { roundId: w.roundId, matchId: x.id, result: "team1" });
    await must("closeRound", w.organizer, { roundId: w.roundId });
    const { roundId: r2 } = await must<{ roundId: string }>("pairNextRound", w.organizer, { eventId: w.eventId, seed: "f6d-2" });
    expect(await db().matchTeam.count({ where: { roundId: r2, teamId: m.t2 } })).toBe(0);
    const pair = await db().auditLog.findFirstOrThrow({ where: { eventId: w.eventId, action: "round.pair", entityId: r2 } });
    expect((pair.after as { pendingPenalties: { matchEffect: string }[] }).pendingPenalties).toEqual([
      expect.objectContaining({ penalty: "GAME_LOSS", matchEffect: "no match" }),
    ]);
    expect((await penaltyLog(w.eventId)).find((p) => p.id === pen.penaltyId)?.pending).toBe(false);
  });
});
