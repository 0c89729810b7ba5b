/**
 * Stored team reports as one-tap accept and confirm name them (issue #14): from a match's TEAM
 * report rows, each slot's latest report with its `version` — the team's report count when it
 * was sent (1 for its first report; rows are append-only, so a team that reports again gets a
 * new id and a higher version). Pure: the server layer loads the rows.
 */
import type { LatestReports, StoredTeamReport, TeamReport } from "./reports";

/** One stored TEAM report row (ResultReport, source TEAM). `at` in epoch ms. */
export interface TeamReportRow {
  id: string;
  teamId: string | null;
  at: number;
  payload: TeamReport;
}

/**
 * The latest report of each slot with its version. Rows may come in any order: they are ordered
 * by time then id (the order the server's reads use); rows of teams not in the match are ignored.
 */
export function latestReports(rows: readonly TeamReportRow[], slotTeams: { slot1: string; slot2: string | null }): LatestReports {
  const sorted = [...rows].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const pick = (teamId: string | null, slot: 1 | 2): StoredTeamReport | null => {
    if (!teamId) return null;
    const mine = sorted.filter((r) => r.teamId === teamId);
    const last = mine.at(-1);
    return last ? { id: last.id, version: mine.length, slot, report: last.payload } : null;
  };
  return { slot1: pick(slotTeams.slot1, 1), slot2: pick(slotTeams.slot2, 2) };
}
