/**
 * Batch end of round (issue #14): every open match of a Swiss round gets the result an unfinished
 * match gets under the event's end-of-match procedure, listed before anything is applied.
 *
 * The outcome of an unfinished match (RULES §1.8, §2.1, §2.2, §5.3 and the §8 register; the
 * documented defaults of PresetSettings `eomp` and `swissAllowsDraws` decide, no new setting):
 * - DOUBLE_LOSS under the v2.5 procedure or the Tag `double_loss` switch (§1.8 ⚠, §2.2, C40, C47:
 *   "if no one has won the match when time ends, both receive a loss");
 * - DRAW where the procedure ends an unfinished Swiss match in a draw (§1.8 step 5 Swiss, §2.2
 *   Konami 2010/2018, §5.3 MTR 2.4 — only while the event allows Swiss draws, §8.20);
 * - otherwise DOUBLE_LOSS: the procedure has no draw (UDE §3.1, or draws off, §8.20), so it always
 *   finds a winner at the table; a batch cannot name one, and the only result without a winner that
 *   Swiss allows is the double loss (§2.1, C40).
 * The organizer may ask for the other outcome instead (`choice`); it passes the same result-entry
 * rule as every other entry path (lib/formats/results resultEntryRule / checkEntryOutcome): a Swiss
 * draw is refused when the event allows none (NO_DRAWS), and the top cut refuses the batch outright
 * (BATCH_TOP_CUT: a bracket needs a winner at every table, §1.8, §5.3) — the double loss would be
 * TOP_CUT_DOUBLE_LOSS there.
 * A match whose two teams both dropped gets a double loss, as closing the round writes it (PS08).
 * A match whose games so far are unequal (best of three 1–0) cannot be a draw (§2.1 "more game wins
 * wins the match"): it is listed in `refused` for the judge to enter by hand.
 *
 * Pure: the server applies the plan (one audit row per match, undone as one step).
 */
import { procedureFor } from "./eomp";
import type { Preset, PresetSettings } from "./presets";
import {
  checkEntryOutcome,
  resultEntryRule,
  validateMatchResult,
  type EntryStage,
  type MatchResult,
  type ResultEntryRefusal,
  type ResultError,
} from "./results";

/** An open match as the batch sees it. `games`: games won so far (best of three; default 0–0). */
export interface BatchMatch {
  matchId: string;
  table: number;
  /** The match has its final result already (skipped). */
  final: boolean;
  /** A bye (skipped: it has its result). */
  bye: boolean;
  /** Both teams dropped: a double loss whatever the procedure, as closing the round writes it (PS08, lib/formats/reports closeBlockers). */
  bothDropped?: boolean;
  games?: { slot1: number; slot2: number };
}

/** What an unfinished match gets, and why (messages: floor.batch.basis.<basis>). */
export type BatchBasis = "doubleLossProcedure" | "swissDraw" | "noDraws" | "chosen" | "bothDropped";

export interface BatchEntry {
  matchId: string;
  table: number;
  outcome: "DRAW" | "DOUBLE_LOSS";
  result: MatchResult;
  basis: BatchBasis;
}

/** Refusal of the whole batch: BATCH_TOP_CUT (top cut), or the core's result-entry refusal of the chosen outcome (NO_DRAWS), unchanged. */
export type BatchRefusal = { ok: false; code: typeof BATCH_TOP_CUT; params: Record<string, string> } | ResultEntryRefusal;
/** The batch's own refusal code (messages: floor.refusals.BATCH_TOP_CUT). */
export const BATCH_TOP_CUT = "BATCH_TOP_CUT";

/** The outcome an unfinished Swiss match gets by default (see the module docstring). */
export function unfinishedOutcome(
  preset: Preset,
  settings: PresetSettings,
): { outcome: "DRAW" | "DOUBLE_LOSS"; basis: Exclude<BatchBasis, "chosen" | "bothDropped"> } {
  const p = procedureFor({ preset: preset.id, settings, stage: "swiss" });
  if (p.family === "double_loss") return { outcome: "DOUBLE_LOSS", basis: "doubleLossProcedure" };
  if (p.equalGames === "draw" && settings.swissAllowsDraws) return { outcome: "DRAW", basis: "swissDraw" };
  return { outcome: "DOUBLE_LOSS", basis: "noDraws" };
}

/**
 * The batch plan for one round: `entries` (one per open match, in table order), `refused` (open
 * matches the batch cannot end, with the result error), `skipped` counts of final matches and byes.
 * `choice` overrides the default outcome. Returns a {@link BatchRefusal} for the top cut or a chosen
 * outcome the event does not allow.
 */
export function batchEndPlan(
  preset: Preset,
  settings: PresetSettings,
  stage: EntryStage,
  matches: readonly BatchMatch[],
  choice?: "DRAW" | "DOUBLE_LOSS",
):
  | {
      ok: true;
      entries: BatchEntry[];
      refused: { matchId: string; table: number; error: ResultError }[];
      skipped: { final: number; bye: number };
    }
  | BatchRefusal {
  if (stage === "single_elimination") return { ok: false, code: BATCH_TOP_CUT, params: {} };
  const rule = resultEntryRule(preset, settings, stage);
  const base = unfinishedOutcome(preset, settings);
  const outcome = choice ?? base.outcome;
  const basis: BatchBasis = choice && choice !== base.outcome ? "chosen" : base.basis;
  const allowed = checkEntryOutcome(rule, outcome, preset.game);
  if (!allowed.ok) return allowed;
  const entries: BatchEntry[] = [];
  const refused: { matchId: string; table: number; error: ResultError }[] = [];
  const skipped = { final: 0, bye: 0 };
  for (const m of [...matches].sort((a, b) => a.table - b.table)) {
    if (m.bye) {
      skipped.bye++;
      continue;
    }
    if (m.final) {
      skipped.final++;
      continue;
    }
    const games = m.games ?? { slot1: 0, slot2: 0 };
    const mine = m.bothDropped ? "DOUBLE_LOSS" : outcome;
    // A best-of-one draw is one drawn game (0–0–1, as standings count it); best of three keeps the games played.
    const drawn = mine === "DRAW" && preset.bestOf === 1 ? 1 : 0;
    const result: MatchResult = {
      outcome: mine,
      winner: null,
      games: { slot1: games.slot1, slot2: games.slot2, drawn },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: mine,
    };
    const errors = validateMatchResult(result, preset);
    if (errors.length) refused.push({ matchId: m.matchId, table: m.table, error: errors[0] });
    else entries.push({ matchId: m.matchId, table: m.table, outcome: mine, result, basis: m.bothDropped ? "bothDropped" : basis });
  }
  return { ok: true, entries, refused, skipped };
}
