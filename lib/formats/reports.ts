/**
 * Team self-reports (issue #6): a duelist of each team reports their table's result from a phone.
 * Reports are written in pairing-slot terms (slot 1 / slot 2, lib/formats/results.ts), so two
 * reports describe the same result exactly when their normalized payloads are equal.
 *
 * Pure: the server layer stores the reports (append-only) and makes the result final when the
 * latest report of each team agrees ({@link reportState} = "AGREED").
 */

export const TEAM_RESULTS = ["team1", "team2", "draw", "time"] as const;
/** team1/team2: that slot won; draw; time: time was called and the team LP decide (end-of-match procedure). */
export type TeamResult = (typeof TEAM_RESULTS)[number];

/** What a team reports. lp only for "time"; games only for best-of-three presets. */
export interface TeamReport {
  result: TeamResult;
  /** Slot (1 or 2) of the team that went first. */
  firstSlot: 1 | 2;
  lp1?: number;
  lp2?: number;
  games1?: number;
  games2?: number;
}

/**
 * Canonical form of a report: drops fields that do not belong to the result kind (LP unless
 * "time"), so that `{result:"team1", lp1: 500}` and `{result:"team1"}` are the same report.
 * `bestOf` 1 ignores games (a best-of-one win is always 1–0).
 */
export function normalizeReport(r: TeamReport, bestOf: 1 | 3): TeamReport {
  const out: TeamReport = { result: r.result, firstSlot: r.firstSlot };
  if (r.result === "time") { out.lp1 = r.lp1; out.lp2 = r.lp2; }
  if (bestOf === 3 && r.result !== "time") { if (r.games1 !== undefined) out.games1 = r.games1; if (r.games2 !== undefined) out.games2 = r.games2; }
  return out;
}

/** True when two reports describe the same result (normalized payloads equal). */
export function sameReport(a: TeamReport, b: TeamReport, bestOf: 1 | 3): boolean {
  const x = normalizeReport(a, bestOf), y = normalizeReport(b, bestOf);
  return x.result === y.result && x.firstSlot === y.firstSlot && x.lp1 === y.lp1 && x.lp2 === y.lp2 && x.games1 === y.games1 && x.games2 === y.games2;
}

/**
 * Where a table stands:
 * FINAL — the match has a final result (from agreeing reports, a judge or a penalty);
 * NONE — no team reported; ONE_SIDED — only one team reported;
 * AGREED — both latest reports agree (the server makes it final in the same transaction);
 * CONFLICT — both reported and they disagree: the table goes to the judge queue.
 */
export type ReportState = "FINAL" | "NONE" | "ONE_SIDED" | "AGREED" | "CONFLICT";

export function reportState(s: { final: boolean; slot1: TeamReport | null; slot2: TeamReport | null; bestOf: 1 | 3 }): ReportState {
  if (s.final) return "FINAL";
  if (!s.slot1 && !s.slot2) return "NONE";
  if (!s.slot1 || !s.slot2) return "ONE_SIDED";
  return sameReport(s.slot1, s.slot2, s.bestOf) ? "AGREED" : "CONFLICT";
}

/**
 * Tables that block closing a round (PS08): every match without a result, except byes (they
 * have one) and matches whose two teams both dropped (closed as a double loss). Sorted ascending.
 */
export function closeBlockers(matches: readonly { table: number; final: boolean; bothDropped: boolean }[]): number[] {
  return matches.filter((m) => !m.final && !m.bothDropped).map((m) => m.table).sort((a, b) => a - b);
}
