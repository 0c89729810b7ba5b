/**
 * The idempotency and "changed meanwhile" rule of the offline queue (issue #15, flaky Wi-Fi).
 * Pure: the server layer (lib/server/actions/offline.ts) loads the match under its row lock and
 * passes plain values; times are epoch ms.
 *
 * A report or confirm queued on a phone carries the state the phone saw when it was made
 * ({@link SeenState}: the match version, the other team's latest report as id + version, round and
 * table). When it is finally sent:
 * 1. the same report already stored for the sender's team (a second tab, a replay whose first
 *    answer was lost) is a duplicate: stored once, nothing written ({@link queuedDecision} "duplicate");
 * 2. otherwise, when the match changed since the phone saw it, the send is refused with the
 *    change named, most decisive first: the round was re-paired (the match is gone or the team
 *    plays another table), a judge entered / corrected the result, the teams' result became final,
 *    the other team reported (or reported again), or the match changed otherwise (a judge's ruling,
 *    an extension, a penalty);
 * 3. else it goes through the ordinary report / confirm rules (lib/formats/reports).
 */
import { sameReport, type ReportRef, type TeamReport } from "@/lib/formats/reports";

/** What the phone saw when the report / confirm was made. */
export interface SeenState {
  /** Match.version shown on the page. */
  matchVersion: number;
  /** The other team's latest report as shown (id + version, lib/formats/reportRefs), or null for none. */
  theirs: ReportRef | null;
  round: number;
  table: number;
}

/** The match as the server finds it under the row lock. */
export interface CurrentState {
  /** False when the match no longer exists or the sender's team is not in it (round re-paired). */
  present: boolean;
  /** The sender's team's table in that round now (null: not paired / round gone). */
  tableNow: number | null;
  matchVersion: number;
  /** The final result, when there is one: `by` JUDGE when the latest result row is a judge's, `at` when it was stored. */
  final: { outcome: string; winnerSlot: number | null; games1: number; games2: number; by: "JUDGE" | "TEAMS"; at: number } | null;
  /** The other team's latest report now. */
  theirs: (ReportRef & { report: TeamReport; at: number }) | null;
  /** The sender's team's latest report now. */
  mine: TeamReport | null;
}

/** Why a queued send is refused: a stable code plus what the message names. */
export type QueuedChange =
  | { code: "OFFLINE_REPAIRED"; round: number; table: number; tableNow: number | null }
  | { code: "OFFLINE_JUDGE_RESULT"; table: number; outcome: string; winnerSlot: number | null; score: string; at: number }
  | { code: "OFFLINE_FINAL"; table: number; outcome: string; winnerSlot: number | null; score: string; at: number }
  | { code: "OFFLINE_OTHER_REPORTED"; table: number; report: TeamReport; at: number }
  | { code: "OFFLINE_MATCH_CHANGED"; table: number };

/** The refusal codes, for the message catalogue test. */
export const QUEUED_CHANGE_CODES = [
  "OFFLINE_REPAIRED",
  "OFFLINE_JUDGE_RESULT",
  "OFFLINE_FINAL",
  "OFFLINE_OTHER_REPORTED",
  "OFFLINE_MATCH_CHANGED",
] as const;

export type QueuedDecision = { kind: "duplicate" } | { kind: "refuse"; change: QueuedChange } | { kind: "send" };

/** "2–1": games won, the winner's first (slot 1's first without a winner), an en dash as on the slips. */
export function scoreText(games1: number, games2: number, winnerSlot: number | null): string {
  return winnerSlot === 2 ? `${games2}–${games1}` : `${games1}–${games2}`;
}

/**
 * Decides a queued send. `report` is what the sender's team would store (its own report, or for a
 * confirm the other team's named report); `bestOf` compares reports (lib/formats sameReport).
 */
export function queuedDecision(seen: SeenState, now: CurrentState, report: TeamReport, bestOf: 1 | 3): QueuedDecision {
  if (!now.present)
    return { kind: "refuse", change: { code: "OFFLINE_REPAIRED", round: seen.round, table: seen.table, tableNow: now.tableNow } };
  // Already stored for this team (another tab, or a replay whose answer was lost): stored once.
  if (now.mine && sameReport(now.mine, report, bestOf)) return { kind: "duplicate" };
  const f = now.final;
  if (f) {
    const base = {
      table: seen.table,
      outcome: f.outcome,
      winnerSlot: f.winnerSlot,
      score: scoreText(f.games1, f.games2, f.winnerSlot),
      at: f.at,
    };
    return { kind: "refuse", change: f.by === "JUDGE" ? { code: "OFFLINE_JUDGE_RESULT", ...base } : { code: "OFFLINE_FINAL", ...base } };
  }
  const t = now.theirs;
  if (t && (!seen.theirs || seen.theirs.id !== t.id || seen.theirs.version !== t.version))
    return { kind: "refuse", change: { code: "OFFLINE_OTHER_REPORTED", table: seen.table, report: t.report, at: t.at } };
  if (now.matchVersion !== seen.matchVersion) return { kind: "refuse", change: { code: "OFFLINE_MATCH_CHANGED", table: seen.table } };
  return { kind: "send" };
}

/** Idempotency keys: 32 lowercase hex characters (16 random bytes). */
export const IDEMPOTENCY_KEY = /^[0-9a-f]{32}$/;

/** Keys are kept at least this long (ms); rows older than twice this are purged. */
export const IDEMPOTENCY_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
