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
  if (r.result === "time") {
    out.lp1 = r.lp1;
    out.lp2 = r.lp2;
  }
  if (bestOf === 3 && r.result !== "time") {
    if (r.games1 !== undefined) out.games1 = r.games1;
    if (r.games2 !== undefined) out.games2 = r.games2;
  }
  return out;
}

/** True when two reports describe the same result (normalized payloads equal). */
export function sameReport(a: TeamReport, b: TeamReport, bestOf: 1 | 3): boolean {
  const x = normalizeReport(a, bestOf),
    y = normalizeReport(b, bestOf);
  return (
    x.result === y.result &&
    x.firstSlot === y.firstSlot &&
    x.lp1 === y.lp1 &&
    x.lp2 === y.lp2 &&
    x.games1 === y.games1 &&
    x.games2 === y.games2
  );
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
  return matches
    .filter((m) => !m.final && !m.bothDropped)
    .map((m) => m.table)
    .sort((a, b) => a - b);
}

/**
 * A stored team report as one-tap confirm and accept see it (issue #14): the row `id`, its
 * `version` (with append-only report rows: the team's report count when it was sent, 1 for its
 * first report — a team that reports again gets a new id and a higher version), the sending
 * team's pairing `slot` and the payload.
 */
export interface StoredTeamReport {
  id: string;
  version: number;
  slot: 1 | 2;
  report: TeamReport;
}

/** The report a confirm or accept names: the row id and version the person saw. */
export interface ReportRef {
  id: string;
  version: number;
}

/** The latest report of each slot (null = that team has not reported). */
export interface LatestReports {
  slot1: StoredTeamReport | null;
  slot2: StoredTeamReport | null;
}

/**
 * Why a confirm or a judge's accept is refused (messages: floor.refusals.<code>):
 * RESULT_FINAL — the match already has a final result;
 * NOTHING_TO_CONFIRM — there is no report of the other team (confirm) / of any team (accept);
 * OWN_REPORT — a team named its own report (it is confirmed by the other team);
 * REPORT_CHANGED — the named report is no longer the latest: `current` carries the report to show instead;
 * REPORTS_CONFLICT — both teams reported different results: a judge enters the result (accept only).
 */
export const CONFIRM_REFUSALS = ["RESULT_FINAL", "NOTHING_TO_CONFIRM", "OWN_REPORT", "REPORT_CHANGED", "REPORTS_CONFLICT"] as const;
export type ConfirmRefusal = { ok: false; code: (typeof CONFIRM_REFUSALS)[number]; current: StoredTeamReport | null };

const refuseConfirm = (code: ConfirmRefusal["code"], current: StoredTeamReport | null): ConfirmRefusal => ({ ok: false, code, current });
const sameRef = (r: StoredTeamReport, ref: ReportRef) => r.id === ref.id && r.version === ref.version;

/**
 * One-tap confirm (issue #14): the team in `confirmingSlot` agrees with the other team's latest
 * report, naming it by id + version. Returns `{ ok: true, report }` — the normalized payload the
 * confirming team's new report row carries (equal to the other team's, so {@link reportState}
 * becomes AGREED and the server makes it final in the same transaction) — or a {@link ConfirmRefusal};
 * a report changed in between is refused with the new one in `current`. A confirming team that had
 * reported something else replaces its own report by confirming. The caller still runs the
 * result-entry rule on the report (settings may have changed since it was sent: RULES §1.8, §8.20).
 */
export function confirmRule(s: {
  final: boolean;
  bestOf: 1 | 3;
  confirmingSlot: 1 | 2;
  latest: LatestReports;
  named: ReportRef;
}): { ok: true; report: TeamReport; confirms: StoredTeamReport } | ConfirmRefusal {
  const own = s.confirmingSlot === 1 ? s.latest.slot1 : s.latest.slot2;
  const other = s.confirmingSlot === 1 ? s.latest.slot2 : s.latest.slot1;
  if (s.final) return refuseConfirm("RESULT_FINAL", other);
  if (own && own.id === s.named.id) return refuseConfirm("OWN_REPORT", other);
  if (!other) return refuseConfirm("NOTHING_TO_CONFIRM", null);
  if (!sameRef(other, s.named)) return refuseConfirm("REPORT_CHANGED", other);
  return { ok: true, report: normalizeReport(other.report, s.bestOf), confirms: other };
}

/**
 * One-tap judge accept of a one-sided report (issue #14), named by id + version: `{ ok: true,
 * report, accepts }` (the result the judge makes final) or a {@link ConfirmRefusal}. When both
 * teams reported and disagree the judge enters the result instead (REPORTS_CONFLICT; `current` =
 * the named team's latest report); when they agree the named one is accepted. A named report that is
 * no longer its team's latest is refused with the latest in `current`.
 */
export function acceptRule(s: {
  final: boolean;
  bestOf: 1 | 3;
  latest: LatestReports;
  named: ReportRef & { slot: 1 | 2 };
}): { ok: true; report: TeamReport; accepts: StoredTeamReport } | ConfirmRefusal {
  const mine = s.named.slot === 1 ? s.latest.slot1 : s.latest.slot2;
  const other = s.named.slot === 1 ? s.latest.slot2 : s.latest.slot1;
  if (s.final) return refuseConfirm("RESULT_FINAL", mine);
  if (!mine) return refuseConfirm("NOTHING_TO_CONFIRM", other);
  if (!sameRef(mine, s.named)) return refuseConfirm("REPORT_CHANGED", mine);
  if (other && !sameReport(other.report, mine.report, s.bestOf)) return refuseConfirm("REPORTS_CONFLICT", mine);
  return { ok: true, report: normalizeReport(mine.report, s.bestOf), accepts: mine };
}

/**
 * What a team's report page offers (issue #14): the other team's latest report with a Confirm
 * button when it reported and this team has not reported the same; null otherwise (nothing to
 * confirm, already agreed, or final).
 */
export function confirmOffer(s: { final: boolean; bestOf: 1 | 3; viewerSlot: 1 | 2; latest: LatestReports }): StoredTeamReport | null {
  if (s.final) return null;
  const own = s.viewerSlot === 1 ? s.latest.slot1 : s.latest.slot2;
  const other = s.viewerSlot === 1 ? s.latest.slot2 : s.latest.slot1;
  if (!other) return null;
  return own && sameReport(own.report, other.report, s.bestOf) ? null : other;
}
