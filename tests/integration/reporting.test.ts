/**
 * Issue #6 part A: team self-reports (agree → final, conflict → judge queue, duplicates, other
 * table refused, stale final write refused), penalties with team consequences, and exactly one
 * audit row per mutation of this area.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { must, reportingWorld, type ReportingWorld } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";
import { penaltyCounts } from "@/lib/formats/penalties";

await useTestDatabase();

type World = ReportingWorld;
const world = reportingWorld;

const report = (userId: string, input: Record<string, unknown>) => ACTIONS.submitTeamReport.handle(userId, input);
const auditRows = (eventId: string, action?: string, entityId?: string) =>
  db().auditLog.count({ where: { eventId, ...(action ? { action } : {}), ...(entityId ? { entityId } : {}) } });

describe("team self-report (issue #6)", () => {
  let w: World;
  beforeAll(async () => {
    w = await world("rep", "KONAMI_TAG_2019", 12);
  });

  it("both teams agree → the result is final, stored once, one audit row per report", async () => {
    const m = w.matches[0];
    const a = await report(w.user.get(`${m.t1}:A`)!, { matchId: m.id, result: "team2", firstSlot: 1, expectedVersion: 0 });
    expect(a.ok && a.data).toMatchObject({ status: "recorded", state: "ONE_SIDED" });
    expect((await db().match.findUniqueOrThrow({ where: { id: m.id } })).outcome).toBeNull();
    const b = await report(w.user.get(`${m.t2}:B`)!, { matchId: m.id, result: "team2", firstSlot: 1, expectedVersion: 0 });
    expect(b.ok && b.data).toMatchObject({ status: "final", state: "FINAL", version: 1, outcome: "WIN", winnerSlot: 2 });
    const row = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect([row.outcome, row.winnerSlot, row.firstSlot, row.version, row.games1, row.games2]).toEqual(["WIN", 2, 1, 1, 0, 1]);
    expect(await db().resultReport.count({ where: { matchId: m.id, source: "TEAM" } })).toBe(2);
    expect(await auditRows(w.eventId, "result.team_report", m.id)).toBe(1);
    expect(await auditRows(w.eventId, "result.team_final", m.id)).toBe(1);
  });

  it("time with LP: both report the LP, the preset's end-of-match procedure decides", async () => {
    const m = w.matches[1];
    await must("submitTeamReport", w.user.get(`${m.t1}:B`)!, { matchId: m.id, result: "time", lp1: 4000, lp2: 3500, firstSlot: 2 });
    const b = await must<{ status: string; winnerSlot: number }>("submitTeamReport", w.user.get(`${m.t2}:A`)!, {
      matchId: m.id,
      result: "time",
      lp1: 4000,
      lp2: 3500,
      firstSlot: 2,
    });
    expect(b.status).toBe("final");
    const row = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect([row.outcome, row.winnerSlot, row.endReason, row.lp1, row.lp2, row.firstSlot]).toEqual([
      "WIN",
      1,
      "EOMP_LP_COMPARISON",
      4000,
      3500,
      2,
    ]);
  });

  it("conflicting reports stay open (judge queue); the judge's entry overrides and is audited", async () => {
    const m = w.matches[2];
    await must("submitTeamReport", w.user.get(`${m.t1}:A`)!, { matchId: m.id, result: "team1", firstSlot: 1 });
    const b = await must<{ status: string; state: string }>("submitTeamReport", w.user.get(`${m.t2}:A`)!, {
      matchId: m.id,
      result: "team2",
      firstSlot: 1,
    });
    expect(b).toMatchObject({ status: "conflict", state: "CONFLICT" });
    expect((await db().match.findUniqueOrThrow({ where: { id: m.id } })).outcome).toBeNull();
    // A team member changes their report to agree? Not here: the judge resolves.
    const before = await auditRows(w.eventId);
    await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team2", expectedVersion: 0 });
    expect(await auditRows(w.eventId)).toBe(before + 1);
    const log = await db().auditLog.findFirstOrThrow({ where: { eventId: w.eventId, entityId: m.id, action: "result.report" } });
    expect(log.userId).toBe(w.judge);
    expect((log.after as { winnerSlot: number }).winnerSlot).toBe(2);
    // A team's later different report never overwrites the final result.
    const counts = await rowCounts();
    const late = await report(w.user.get(`${m.t1}:B`)!, { matchId: m.id, result: "draw", firstSlot: 1 });
    expect(late.ok).toBe(false);
    if (!late.ok) {
      expect(late.error.code).toBe("RESULT_FINAL");
      expect(late.error.message).toContain("already has a final result");
    }
    expect(await rowCounts()).toEqual(counts);
    expect((await db().match.findUniqueOrThrow({ where: { id: m.id } })).winnerSlot).toBe(2);
  });

  it("a report sent twice is a DUPLICATE: no second row, no audit row, no version bump (sequential and concurrent)", async () => {
    const m = w.matches[3];
    const u1 = w.user.get(`${m.t1}:A`)!,
      u2 = w.user.get(`${m.t2}:A`)!;
    const input = { matchId: m.id, result: "draw", firstSlot: 2 };
    await must("submitTeamReport", u1, input);
    const counts = await rowCounts();
    // Teammate, same result (LP ignored unless time)
    const again = await must<{ status: string }>("submitTeamReport", w.user.get(`${m.t1}:B`)!, { ...input, lp1: 100 });
    expect(again.status).toBe("duplicate");
    expect(await rowCounts()).toEqual(counts);
    // Both copies of team 2's report at once: stored once, final once.
    const res = await Promise.all([report(u2, input), report(u2, input), report(u1, input)]);
    expect(res.every((r) => r.ok)).toBe(true);
    expect(res.map((r) => r.ok && (r.data as { status: string }).status).sort()).toEqual(["duplicate", "duplicate", "final"]);
    expect(await db().resultReport.count({ where: { matchId: m.id } })).toBe(2);
    expect(await auditRows(w.eventId, "result.team_final", m.id)).toBe(1);
    const row = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect([row.outcome, row.version]).toEqual(["DRAW", 1]);
  });

  it("a duelist cannot report another table; nothing written", async () => {
    const m = w.matches[4],
      other = w.matches[5];
    const counts = await rowCounts();
    const res = await report(w.user.get(`${other.t1}:A`)!, { matchId: m.id, result: "team1", firstSlot: 1 });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe("NOT_YOUR_TABLE");
      expect(res.error.message).toContain(`table ${other.table}`);
    }
    const judgeRes = await report(w.judge, { matchId: m.id, result: "team1", firstSlot: 1 });
    expect(judgeRes.ok).toBe(false);
    expect(await rowCounts()).toEqual(counts);
  });

  it("impossible reports are refused naming the field (time without LP)", async () => {
    const m = w.matches[4];
    const res = await report(w.user.get(`${m.t1}:A`)!, { matchId: m.id, result: "time", lp1: 100, firstSlot: 1 });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.field).toBe("lp2");
  });
});

describe("stale final write (issue #6)", () => {
  it("the agreeing report is refused when the match changed since it was opened; nothing written", async () => {
    const w = await world("ude", "UDE_2V2", 4); // best of three: a game-loss penalty changes the match without finishing it
    const m = w.matches[0];
    await must("submitTeamReport", w.user.get(`${m.t1}:A`)!, {
      matchId: m.id,
      result: "team1",
      firstSlot: 1,
      games1: 2,
      games2: 1,
      expectedVersion: 0,
    });
    const d = await db().duelist.findFirstOrThrow({ where: { teamId: m.t2, designation: "B" } });
    const pen = await must<{ matchEffect: string }>("issuePenalty", w.judge, {
      duelistId: d.id,
      infraction: "Marked cards",
      penalty: "GAME_LOSS",
    });
    expect(pen.matchEffect).toBe("game recorded");
    const mid = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect([mid.outcome, mid.games1, mid.games2, mid.version]).toEqual([null, 1, 0, 1]);
    const counts = await rowCounts();
    const res = await report(w.user.get(`${m.t2}:A`)!, {
      matchId: m.id,
      result: "team1",
      firstSlot: 1,
      games1: 2,
      games2: 1,
      expectedVersion: 0,
    });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe("STALE_RESULT");
      expect(res.error.message).toMatch(/Reload/);
    }
    expect(await rowCounts()).toEqual(counts);
    // With the current version the same report goes through.
    const ok = await must<{ status: string }>("submitTeamReport", w.user.get(`${m.t2}:A`)!, {
      matchId: m.id,
      result: "team1",
      firstSlot: 1,
      games1: 2,
      games2: 1,
      expectedVersion: 1,
    });
    expect(ok.status).toBe("final");
    const row = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect([row.outcome, row.winnerSlot, row.games1, row.games2, row.version]).toEqual(["WIN", 1, 2, 1, 2]);
  });
});

describe("penalties: team consequences by preset (issue #6)", () => {
  it("Tag: a duelist's game loss is the team's match loss (best of one); warnings are counted; DQ drops the team", async () => {
    const w = await world("pen", "KONAMI_TAG_2019", 6);
    const [m, m2] = w.matches;
    const loser = await db().duelist.findFirstOrThrow({ where: { teamId: m.t1, designation: "B" } });
    for (let i = 0; i < 2; i++) {
      const r = await must<{ matchEffect: string }>("issuePenalty", w.judge, {
        duelistId: loser.id,
        infraction: "Slow play",
        penalty: "WARNING",
        notes: `warning ${i + 1}`,
      });
      expect(r.matchEffect).toBe("none");
    }
    const before = await auditRows(w.eventId);
    const gl = await must<{ matchEffect: string }>("issuePenalty", w.judge, {
      duelistId: loser.id,
      infraction: "Drawing extra cards",
      penalty: "GAME_LOSS",
    });
    expect(gl.matchEffect).toBe("match final");
    expect(await auditRows(w.eventId)).toBe(before + 1);
    const row = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect([row.outcome, row.winnerSlot, row.endReason, row.games1, row.games2]).toEqual(["WIN", 2, "GAME_LOSS_PENALTY", 0, 1]);
    const rows = await db().penalty.findMany({ where: { eventId: w.eventId } });
    expect(penaltyCounts(rows).get(loser.id)).toEqual({ WARNING: 2, GAME_LOSS: 1, MATCH_LOSS: 0, DISQUALIFICATION: 0 });
    expect(rows.every((p) => p.teamId === m.t1 && p.roundNumber === 1 && p.judgeId === w.judge)).toBe(true);

    const dq = await db().duelist.findFirstOrThrow({ where: { teamId: m2.t2, designation: "A" } });
    const r = await must<{ teamDropped: boolean }>("issuePenalty", w.judge, {
      duelistId: dq.id,
      infraction: "Cheating",
      penalty: "DISQUALIFICATION",
    });
    expect(r.teamDropped).toBe(true);
    const team = await db().team.findUniqueOrThrow({ where: { id: m2.t2 } });
    expect([team.status, team.droppedAfter]).toEqual(["DROPPED", 1]);
    const row2 = await db().match.findUniqueOrThrow({ where: { id: m2.id } });
    expect([row2.outcome, row2.winnerSlot, row2.endReason]).toEqual(["WIN", 1, "MATCH_LOSS_PENALTY"]);
    const log = await db().auditLog.findFirstOrThrow({
      where: { eventId: w.eventId, action: "penalty.issue" },
      orderBy: { createdAt: "desc" },
    });
    expect(log.after).toMatchObject({ penalty: "DISQUALIFICATION", teamStatus: "DROPPED", matchEffect: "match final" });
  });

  it("2HG: a duelist's disqualification takes the team out (MTR 8.2); a public user or duelist cannot give penalties", async () => {
    const w = await world("hg", "MTG_2HG", 4);
    const m = w.matches[0];
    const d = await db().duelist.findFirstOrThrow({ where: { teamId: m.t1, designation: "A" } });
    const counts = await rowCounts();
    const refused = await ACTIONS.issuePenalty.handle(w.user.get(`${m.t2}:A`)!, {
      duelistId: d.id,
      infraction: "x y",
      penalty: "DISQUALIFICATION",
    });
    expect(refused.ok).toBe(false);
    expect(await rowCounts()).toEqual(counts);
    await must("issuePenalty", w.judge, { duelistId: d.id, infraction: "Aggressive behaviour", penalty: "DISQUALIFICATION" });
    expect((await db().team.findUniqueOrThrow({ where: { id: m.t1 } })).status).toBe("DROPPED");
    expect((await db().match.findUniqueOrThrow({ where: { id: m.id } })).winnerSlot).toBe(2);
  });

  it("UDE best of three: two game losses finish the match", async () => {
    const w = await world("bo3", "UDE_2V2", 4);
    const m = w.matches[0];
    const d = await db().duelist.findFirstOrThrow({ where: { teamId: m.t2, designation: "A" } });
    const a = await must<{ matchEffect: string }>("issuePenalty", w.judge, {
      duelistId: d.id,
      infraction: "Deck problem",
      penalty: "GAME_LOSS",
    });
    const b = await must<{ matchEffect: string }>("issuePenalty", w.judge, {
      duelistId: d.id,
      infraction: "Deck problem",
      penalty: "GAME_LOSS",
    });
    expect([a.matchEffect, b.matchEffect]).toEqual(["game recorded", "match final"]);
    const row = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect([row.outcome, row.winnerSlot, row.games1, row.games2, row.endReason]).toEqual(["WIN", 1, 2, 0, "GAME_LOSS_PENALTY"]);
  });
});

describe("exactly one audit row per mutation of this area (issue #6)", () => {
  it("recorded, conflict, final and penalty each write one row; a duplicate writes none", async () => {
    const w = await world("aud", "KONAMI_TAG_2019", 4);
    const [m] = w.matches;
    const steps: [string, () => Promise<unknown>, number][] = [
      ["recorded", () => must("submitTeamReport", w.user.get(`${m.t1}:A`)!, { matchId: m.id, result: "team1", firstSlot: 1 }), 1],
      ["duplicate", () => must("submitTeamReport", w.user.get(`${m.t1}:A`)!, { matchId: m.id, result: "team1", firstSlot: 1 }), 0],
      ["conflict", () => must("submitTeamReport", w.user.get(`${m.t2}:A`)!, { matchId: m.id, result: "team2", firstSlot: 1 }), 1],
      [
        "change to agree → final",
        () => must("submitTeamReport", w.user.get(`${m.t2}:B`)!, { matchId: m.id, result: "team1", firstSlot: 1 }),
        1,
      ],
      [
        "penalty",
        async () =>
          must("issuePenalty", w.judge, {
            duelistId: (await db().duelist.findFirstOrThrow({ where: { teamId: m.t1 } })).id,
            infraction: "Slow play",
            penalty: "WARNING",
          }),
        1,
      ],
    ];
    for (const [label, run, expected] of steps) {
      const before = await auditRows(w.eventId);
      await run();
      expect(await auditRows(w.eventId), label).toBe(before + expected);
    }
    expect((await db().match.findUniqueOrThrow({ where: { id: m.id } })).winnerSlot).toBe(1);
  });
});

describe("audit log values", () => {
  it("a round's bye reads as the team's name, not its id", async () => {
    const { auditLog } = await import("@/lib/server/read/audit");
    const { makeEvent, registerTeams } = await import("./fixtures");
    const ev = await makeEvent("auditbye");
    const ids = await registerTeams(ev.eventId, ev.judge, 3, "AB");
    await must("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "auditbye" });
    const bye = await db().match.findFirstOrThrow({ where: { round: { eventId: ev.eventId }, outcome: "BYE" }, include: { teams: true } });
    const byeName = `AB${ids.indexOf(bye.teams[0].teamId) + 1}`;
    const { rows } = await auditLog(ev.eventId, { entity: "Round" });
    const change = rows.find((r) => r.action === "round.pair")!.changes.find((c) => c.key === "bye")!;
    expect(change.after).toBe(byeName);
  });
});
