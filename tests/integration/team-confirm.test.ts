/**
 * Issue #14 one-tap confirm: the opposing team agrees with the other team's report, naming it by
 * id + version (lib/formats/reports confirmRule) → final, one report row and exactly one audit row;
 * a report changed in between, the team's own report and a final match are refused, nothing written.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { must, reportingWorld, type ReportingWorld } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";

await useTestDatabase();

const confirm = (userId: string, input: Record<string, unknown>) => ACTIONS.confirmTeamReport.handle(userId, input);
const latestOf = (matchId: string, teamId: string) =>
  db().resultReport.findFirstOrThrow({ where: { matchId, teamId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });

describe("one-tap confirm of the other team's report (issue #14)", () => {
  let w: ReportingWorld;
  beforeAll(async () => {
    w = await reportingWorld("cnf", "KONAMI_TAG_2019", 8);
  });

  it("team B confirms team A's report → final with A's result, one confirm audit row", async () => {
    const m = w.matches[0];
    await must("submitTeamReport", w.user.get(`${m.t1}:A`)!, { matchId: m.id, result: "team2", firstSlot: 2 });
    const named = await latestOf(m.id, m.t1);
    const audits = await db().auditLog.count({ where: { eventId: w.eventId } });
    const res = await confirm(w.user.get(`${m.t2}:B`)!, { matchId: m.id, reportId: named.id, reportVersion: 1 });
    expect(res.ok && res.data).toMatchObject({ status: "final", outcome: "WIN", winnerSlot: 2, version: 1 });
    const row = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect([row.outcome, row.winnerSlot, row.firstSlot, row.version]).toEqual(["WIN", 2, 2, 1]);
    expect(await db().auditLog.count({ where: { eventId: w.eventId } })).toBe(audits + 1);
    const audit = await db().auditLog.findFirstOrThrow({ where: { eventId: w.eventId, action: "result.team_confirm", entityId: m.id } });
    expect((audit.after as { confirms: unknown }).confirms).toEqual({ id: named.id, version: 1 });
    const mine = await latestOf(m.id, m.t2);
    expect(mine.payload).toEqual(named.payload);
  });

  it("a report changed in between is refused, naming the new report; nothing written", async () => {
    const m = w.matches[1];
    const a = w.user.get(`${m.t1}:A`)!;
    await must("submitTeamReport", a, { matchId: m.id, result: "team1", firstSlot: 1 });
    const first = await latestOf(m.id, m.t1);
    await must("submitTeamReport", w.user.get(`${m.t1}:B`)!, { matchId: m.id, result: "team2", firstSlot: 1 });
    const second = await latestOf(m.id, m.t1);
    const before = await rowCounts();
    const res = await confirm(w.user.get(`${m.t2}:A`)!, { matchId: m.id, reportId: first.id, reportVersion: 1 });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe("CONFIRM_REPORT_CHANGED");
      expect(res.error.params).toEqual({ reportId: second.id, reportVersion: 2 });
    }
    expect(await rowCounts()).toEqual(before);
    expect((await db().match.findUniqueOrThrow({ where: { id: m.id } })).outcome).toBeNull();
    // Confirming the report now shown works.
    const ok = await confirm(w.user.get(`${m.t2}:A`)!, { matchId: m.id, reportId: second.id, reportVersion: 2 });
    expect(ok.ok && ok.data).toMatchObject({ status: "final", winnerSlot: 2 });
  });

  it("a team cannot confirm its own report, nor a final match", async () => {
    const m = w.matches[2];
    await must("submitTeamReport", w.user.get(`${m.t1}:A`)!, { matchId: m.id, result: "team1", firstSlot: 1 });
    const own = await latestOf(m.id, m.t1);
    const before = await rowCounts();
    const self = await confirm(w.user.get(`${m.t1}:B`)!, { matchId: m.id, reportId: own.id, reportVersion: 1 });
    expect(!self.ok && self.error.code).toBe("CONFIRM_OWN_REPORT");
    const nothing = await confirm(w.user.get(`${m.t2}:B`)!, { matchId: w.matches[3].id, reportId: own.id, reportVersion: 1 });
    expect(!nothing.ok && nothing.error.code).toBe("NOT_YOUR_TABLE");
    expect(await rowCounts()).toEqual(before);
    await must("reportResult", w.judge, { roundId: w.roundId, matchId: m.id, result: "team1", firstSlot: 1, expectedVersion: 0 });
    const late = await confirm(w.user.get(`${m.t2}:B`)!, { matchId: m.id, reportId: own.id, reportVersion: 1 });
    expect(!late.ok && late.error.code).toBe("RESULT_FINAL");
  });
});
