/**
 * The offline queue's idempotency and "changed meanwhile" rule (issue #15, lib/offline/change
 * queuedDecision): stored once when the team's report is already there; refused naming the change
 * when the match changed since the phone saw it.
 */
import { describe, expect, it } from "vitest";
import { queuedDecision, scoreText, type CurrentState, type SeenState } from "@/lib/offline/change";
import type { TeamReport } from "@/lib/formats/reports";

const win1: TeamReport = { result: "team1", firstSlot: 1 };
const win2: TeamReport = { result: "team2", firstSlot: 1 };
const seen: SeenState = { matchVersion: 0, theirs: null, round: 2, table: 12 };
const unchanged: CurrentState = { present: true, tableNow: 12, matchVersion: 0, final: null, theirs: null, mine: null };
const at = Date.UTC(2026, 11, 1, 14, 32);

describe("queued report decision (issue #15 offline queue)", () => {
  it("an unchanged match lets the queued report through", () => {
    expect(queuedDecision(seen, unchanged, win1, 1)).toEqual({ kind: "send" });
  });

  it("the same report already stored for the team (second tab, replayed send) is a duplicate: stored once", () => {
    expect(queuedDecision(seen, { ...unchanged, mine: { ...win1 } }, win1, 1)).toEqual({ kind: "duplicate" });
    // …even when that report made the match final (the answer to the first send was lost).
    const final = { outcome: "WIN", winnerSlot: 1, games1: 1, games2: 0, by: "TEAMS" as const, at };
    expect(queuedDecision(seen, { ...unchanged, matchVersion: 1, final, mine: win1 }, win1, 1)).toEqual({ kind: "duplicate" });
  });

  it("a team's different earlier report is not a duplicate (the queued one replaces it)", () => {
    expect(queuedDecision(seen, { ...unchanged, mine: win2 }, win1, 1)).toEqual({ kind: "send" });
  });

  it("a judge's result entered meanwhile is named: who, result, table and time", () => {
    const final = { outcome: "WIN", winnerSlot: 1, games1: 1, games2: 0, by: "JUDGE" as const, at };
    expect(queuedDecision(seen, { ...unchanged, matchVersion: 1, final }, win2, 1)).toEqual({
      kind: "refuse",
      change: { code: "OFFLINE_JUDGE_RESULT", table: 12, outcome: "WIN", winnerSlot: 1, score: "1–0", at },
    });
  });

  it("a result the teams made final meanwhile is OFFLINE_FINAL", () => {
    const final = { outcome: "DRAW", winnerSlot: null, games1: 1, games2: 1, by: "TEAMS" as const, at };
    const d = queuedDecision(seen, { ...unchanged, matchVersion: 1, final }, win1, 3);
    expect(d).toMatchObject({ kind: "refuse", change: { code: "OFFLINE_FINAL", outcome: "DRAW", score: "1–1" } });
  });

  it("the other team reporting after the phone looked is refused with their report and time", () => {
    const theirs = { id: "r1", version: 1, report: win2, at };
    expect(queuedDecision(seen, { ...unchanged, theirs }, win1, 1)).toEqual({
      kind: "refuse",
      change: { code: "OFFLINE_OTHER_REPORTED", table: 12, report: win2, at },
    });
    // The report the phone saw is no change; a newer one (version 2) is.
    const saw = { ...seen, theirs: { id: "r1", version: 1 } };
    expect(queuedDecision(saw, { ...unchanged, theirs }, win1, 1)).toEqual({ kind: "send" });
    expect(queuedDecision(saw, { ...unchanged, theirs: { ...theirs, id: "r2", version: 2 } }, win1, 1)).toMatchObject({
      kind: "refuse",
      change: { code: "OFFLINE_OTHER_REPORTED" },
    });
  });

  it("a re-paired round (match gone) names the round and the team's table now", () => {
    expect(queuedDecision(seen, { ...unchanged, present: false, tableNow: 7 }, win1, 1)).toEqual({
      kind: "refuse",
      change: { code: "OFFLINE_REPAIRED", round: 2, table: 12, tableNow: 7 },
    });
  });

  it("any other change of the match version (a ruling, an extension) is OFFLINE_MATCH_CHANGED", () => {
    expect(queuedDecision(seen, { ...unchanged, matchVersion: 3 }, win1, 1)).toEqual({
      kind: "refuse",
      change: { code: "OFFLINE_MATCH_CHANGED", table: 12 },
    });
  });

  it("scores read from the winner's side with an en dash (slot 1's side for a draw)", () => {
    expect(scoreText(2, 1, 1)).toBe("2–1");
    expect(scoreText(0, 1, 2)).toBe("1–0");
    expect(scoreText(1, 1, null)).toBe("1–1");
  });
});
