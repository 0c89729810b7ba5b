/**
 * Issue #14 "One-tap accept": a judge makes a one-sided team report final by naming it (id +
 * version, lib/formats/reports acceptRule); a report changed in between is refused with the new
 * one named; conflicting reports and final matches are refused; exactly one audit row per accept.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { must, reportingWorld, type ReportingWorld } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";

await useTestDatabase();

const accept = (userId: string, input: Record<string, unknown>) => ACTIONS.acceptTeamReport.handle(userId, input);
const latestRow = (matchId: string, teamId: string) =>
  db().resultReport.findFirstOrThrow({ where: { matchId, teamId, source: "TEAM" }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });

describe("judge one-tap accept (issue #14)", () => {
  let w: ReportingWorld;
  beforeAll(async () => {
    w = await reportingWorld("acc", "KONAMI_TAG_2019", 10);
  });

  it("a one-sided report named by id + version becomes final with exactly one audit row", async () => {
    const m = w.matches[0];
    await must("submitTeamReport", w.user.get(`${m.t1}:A`)!, { matchId: m.id, result: "team2", firstSlot: 1 });
    const row = await latestRow(m.id, m.t1);
    const audits = await db().auditLog.count({ where: { eventId: w.eventId } });
    const r = await accept(w.judge, { matchId: m.id, reportId: row.id, reportVersion: 1, slot: 1 });
    expect(r.ok && r.data).toMatchObject({ outcome: "WIN", winnerSlot: 2, version: 1 });
    const match = await db().match.findUniqueOrThrow({ where: { id: m.id } });
    expect([match.outcome, match.winnerSlot, match.version]).toEqual(["WIN", 2, 1]);
    expect(await db().auditLog.count({ where: { eventId: w.eventId } })).toBe(audits + 1);
    expect(await db().auditLog.count({ where: { eventId: w.eventId, action: "result.accept", entityId: m.id } })).toBe(1);
    const again = await accept(w.judge, { matchId: m.id, reportId: row.id, reportVersion: 1, slot: 1 });
    expect(!again.ok && again.error.code).toBe("RESULT_FINAL");
  });

  it("a report changed in between is refused, the new report named; nothing written", async () => {
    const m = w.matches[1];
    await must("submitTeamReport", w.user.get(`${m.t2}:A`)!, { matchId: m.id, result: "team1", firstSlot: 1 });
    const first = await latestRow(m.id, m.t2);
    await must("submitTeamReport", w.user.get(`${m.t2}:B`)!, { matchId: m.id, result: "team2", firstSlot: 1 });
    const second = await latestRow(m.id, m.t2);
    const before = await rowCounts();
    const r = await accept(w.judge, { matchId: m.id, reportId: first.id, reportVersion: 1, slot: 2 });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect([r.error.code, r.error.params]).toEqual([
        "ACCEPT_REFUSED",
        { what: "changed", table: m.table, currentId: second.id, currentVersion: 2 },
      ]);
    expect(await rowCounts()).toEqual(before);
    const ok = await accept(w.judge, { matchId: m.id, reportId: second.id, reportVersion: 2, slot: 2 });
    expect(ok.ok && ok.data).toMatchObject({ winnerSlot: 2 });
  });

  it("two disagreeing reports are refused (the judge enters the result)", async () => {
    const m = w.matches[2];
    await must("submitTeamReport", w.user.get(`${m.t1}:A`)!, { matchId: m.id, result: "team1", firstSlot: 1 });
    await must("submitTeamReport", w.user.get(`${m.t2}:A`)!, { matchId: m.id, result: "team2", firstSlot: 1 });
    const row = await latestRow(m.id, m.t1);
    const r = await accept(w.judge, { matchId: m.id, reportId: row.id, reportVersion: 1, slot: 1 });
    expect(!r.ok && [r.error.code, r.error.params?.what]).toEqual(["ACCEPT_REFUSED", "conflict"]);
    expect((await db().match.findUniqueOrThrow({ where: { id: m.id } })).outcome).toBeNull();
  });

  it("a duelist cannot accept, even their own opponent's report", async () => {
    const m = w.matches[3];
    await must("submitTeamReport", w.user.get(`${m.t1}:A`)!, { matchId: m.id, result: "team1", firstSlot: 1 });
    const row = await latestRow(m.id, m.t1);
    const r = await accept(w.user.get(`${m.t2}:A`)!, { matchId: m.id, reportId: row.id, reportVersion: 1, slot: 1 });
    expect(!r.ok && r.error.code).toBe("FORBIDDEN");
  });

  it("a draw reported before the organizer turned Swiss draws off is refused on accept (NO_DRAWS, §8.20)", async () => {
    const m = w.matches[4];
    await must("submitTeamReport", w.user.get(`${m.t2}:B`)!, { matchId: m.id, result: "draw", firstSlot: 2 });
    const row = await latestRow(m.id, m.t2);
    const ev = await db().event.findUniqueOrThrow({ where: { id: w.eventId } });
    await db().event.update({ where: { id: w.eventId }, data: { settings: { ...(ev.settings as object), swissAllowsDraws: false } } });
    const before = await rowCounts();
    const r = await accept(w.judge, { matchId: m.id, reportId: row.id, reportVersion: 1, slot: 2 });
    expect(!r.ok && r.error.code).toBe("NO_DRAWS");
    expect(await rowCounts()).toEqual(before);
  });
});
