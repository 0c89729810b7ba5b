/**
 * Event lifecycle (issue #14 "A finished event"): when an event may be finished, when it may be
 * reopened, and what its overview says. The rules are silent on "finishing" an event; the issue
 * decides: an event is finished after the last top-cut match is final (the final's result is the
 * champion), or — without a cut — after the last planned Swiss round is closed (RULES §2.3 planned
 * rounds; the Swiss leader is the winner). Only the organizer reopens a finished event (to correct a
 * result; placings then recompute), and only a finished one.
 *
 * Pure: plain values in, typed refusals out (messages: floor.refusals.<code>); the server layer
 * turns a refusal into its ActionError.
 */
import { bracketSize, roundStageName, type StageName } from "./stages";

export type EventStatus = "REGISTRATION" | "RUNNING" | "FINISHED";

/** A round as the lifecycle rule sees it; matches in table order. */
export interface LifecycleRound {
  number: number;
  kind: "SWISS" | "TOP_CUT";
  status: "PAIRED" | "PUBLISHED" | "CLOSED";
  /** `final`: the match has its result (a bye always has); `winnerTeamId`: who won (null: no winner, e.g. a double DQ). */
  matches: readonly { table: number; final: boolean; winnerTeamId: string | null }[];
}

export interface LifecycleEvent {
  status: EventStatus;
  /** Planned Swiss rounds (Event.swissRounds or the preset's recommendation). */
  swissRounds: number;
  /** Planned top-cut size (0 = no cut). */
  topCut: number;
}

/**
 * Why an event cannot be finished (messages: floor.refusals.<code>):
 * EVENT_ALREADY_FINISHED; EVENT_NOT_STARTED (no round paired);
 * SWISS_ROUND_OPEN {number} (no cut: the last Swiss round is not closed);
 * SWISS_ROUNDS_LEFT {played, planned}; TOP_CUT_NOT_STARTED {cut} (a cut is planned);
 * TOP_CUT_UNFINISHED {number, tables} (tables of the latest cut round without a result, e.g. "1, 3");
 * TOP_CUT_NEXT_ROUND {number} (the latest cut round is over but is not the final: pair the next one).
 */
export const FINISH_REFUSALS = [
  "EVENT_ALREADY_FINISHED",
  "EVENT_NOT_STARTED",
  "SWISS_ROUND_OPEN",
  "SWISS_ROUNDS_LEFT",
  "TOP_CUT_NOT_STARTED",
  "TOP_CUT_UNFINISHED",
  "TOP_CUT_NEXT_ROUND",
] as const;
export type FinishRefusal = { ok: false; code: (typeof FINISH_REFUSALS)[number]; params: Record<string, string | number> };

/**
 * May the event be finished now? `rounds` = every round of the event (any order). Returns
 * `{ ok: true, champion, closeRound }` — `champion`: the final's winner (null without a cut: the
 * caller takes the Swiss leader, finalPlacings' first place; null also after a double DQ in the final);
 * `closeRound`: the number of the final's round when it is still open (finishing closes it), else null —
 * or a {@link FinishRefusal}.
 */
export function finishRule(
  event: LifecycleEvent,
  rounds: readonly LifecycleRound[],
): { ok: true; champion: string | null; closeRound: number | null } | FinishRefusal {
  const refuse = (code: FinishRefusal["code"], params: FinishRefusal["params"] = {}): FinishRefusal => ({ ok: false, code, params });
  if (event.status === "FINISHED") return refuse("EVENT_ALREADY_FINISHED");
  const sorted = [...rounds].sort((a, b) => a.number - b.number);
  const last = sorted[sorted.length - 1];
  if (!last) return refuse("EVENT_NOT_STARTED");
  const swissPlayed = sorted.filter((r) => r.kind === "SWISS").length;
  if (last.kind === "SWISS") {
    if (last.status !== "CLOSED") return refuse("SWISS_ROUND_OPEN", { number: last.number });
    if (swissPlayed < event.swissRounds) return refuse("SWISS_ROUNDS_LEFT", { played: swissPlayed, planned: event.swissRounds });
    if (event.topCut >= 2) return refuse("TOP_CUT_NOT_STARTED", { cut: event.topCut });
    return { ok: true, champion: null, closeRound: null };
  }
  // The final is the cut round with a single match (a bracket halves each round, lib/pairing topcut).
  const open = last.matches.filter((m) => !m.final).map((m) => m.table);
  if (open.length) return refuse("TOP_CUT_UNFINISHED", { number: last.number, tables: open.join(", ") });
  if (last.matches.length !== 1) return refuse("TOP_CUT_NEXT_ROUND", { number: last.number + 1 });
  return { ok: true, champion: last.matches[0].winnerTeamId, closeRound: last.status === "CLOSED" ? null : last.number };
}

/** Why an event cannot be reopened: REOPEN_ORGANIZER_ONLY (a judge or anyone else); EVENT_NOT_FINISHED. */
export const REOPEN_REFUSALS = ["REOPEN_ORGANIZER_ONLY", "EVENT_NOT_FINISHED"] as const;
export type ReopenRefusal = { ok: false; code: (typeof REOPEN_REFUSALS)[number]; params: Record<string, string | number> };

/** May `role` reopen the event (back to RUNNING)? Organizer only, finished events only. */
export function reopenRule(event: Pick<LifecycleEvent, "status">, role: "ORGANIZER" | "JUDGE" | null): { ok: true } | ReopenRefusal {
  if (role !== "ORGANIZER") return { ok: false, code: "REOPEN_ORGANIZER_ONLY", params: {} };
  if (event.status !== "FINISHED") return { ok: false, code: "EVENT_NOT_FINISHED", params: {} };
  return { ok: true };
}

/**
 * What the overview says (message keys floor.overview.<state>):
 * - "registration": no round paired yet;
 * - "running": `current` = the latest round (its number, stage name and status) — a finished event never says this;
 * - "finished": `champion` = the final's winner, or `swissLeader` without a cut (null when unknown).
 * `swissRounds` here = the Swiss rounds PLAYED (names the cut rounds); `cut` = the bracket's cut size.
 */
export type EventOverview =
  | { state: "registration" }
  | { state: "running"; current: { number: number; stage: StageName; status: LifecycleRound["status"] } | null }
  | { state: "finished"; champion: string | null };

export function eventOverview(
  event: Pick<LifecycleEvent, "status" | "topCut">,
  rounds: readonly LifecycleRound[],
  swissLeader: string | null,
): EventOverview {
  const sorted = [...rounds].sort((a, b) => a.number - b.number);
  const last = sorted[sorted.length - 1];
  const cutRounds = sorted.filter((r) => r.kind === "TOP_CUT");
  if (event.status === "FINISHED") {
    const final = cutRounds[cutRounds.length - 1];
    const champion = final && final.matches.length === 1 ? final.matches[0].winnerTeamId : cutRounds.length ? null : swissLeader;
    return { state: "finished", champion };
  }
  if (!last) return event.status === "RUNNING" ? { state: "running", current: null } : { state: "registration" };
  const swissRounds = sorted.filter((r) => r.kind === "SWISS").length;
  // The cut size the bracket was paired with: the plan, unless the first cut round's matches (byes included) say otherwise.
  const paired = cutRounds.length ? 2 * cutRounds[0].matches.length : 0;
  const cut = paired && bracketSize(event.topCut) !== paired ? paired : event.topCut;
  return { state: "running", current: { number: last.number, stage: roundStageName(last, { swissRounds, cut }), status: last.status } };
}
