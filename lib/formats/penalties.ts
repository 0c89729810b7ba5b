/**
 * Penalties and what they do to the TEAM under a preset (issue #6).
 *
 * A penalty is given to one duelist, but in every 2-vs-2 preset teams win and lose as a unit, so
 * the consequence lands on the team:
 * - MTG_2HG: players "win/lose only as a team" (RULES.md §5.1, CR 810.8); "if one member drops or
 *   is disqualified, the whole team drops/is disqualified" (§5.2, MTR 8.2).
 * - Yu-Gi-Oh! team presets (KONAMI_TAG_2019/2013, UDE_2V2, INDEPENDENT_LP_2V2): team-level — the
 *   team shares one life total and loses as a unit when either duelist cannot draw (§1.2, §3, §4.1),
 *   so a duelist's game loss is the team's game loss. A disqualified duelist leaves a team of one,
 *   which cannot play a 2-vs-2 match (§1.1 two duelists per team), so the team is dropped too
 *   (I: inferred; Konami publishes no tag-specific penalty text — same outcome as MTR 8.2).
 * - KONAMI_STANDARD_1V1: the duelist is the entrant.
 *
 * Pure: no clock, no storage. The server layer applies the result to the team's match of the
 * round and drops the team when `teamDropped` is set.
 */
import { gamesToWin, validateMatchResult, type GameCount, type MatchResult, type Slot } from "./results";
import type { Preset } from "./presets";

export const PENALTY_KINDS = ["WARNING", "GAME_LOSS", "MATCH_LOSS", "DISQUALIFICATION"] as const;
export type PenaltyKind = (typeof PENALTY_KINDS)[number];

export interface PenaltyConsequence {
  /** Who bears it: always the team in team presets (the duelist is the team in 1v1). */
  scope: "team";
  /** What happens to the team's match of the penalty's round. */
  match: "none" | "game_loss" | "match_loss";
  /** The whole team leaves the event (status DROPPED). */
  teamDropped: boolean;
  /**
   * Whether the match effect moves to the team's NEXT match when its current match already has a
   * final result (or a bye, or the penalty is issued between rounds): true for GAME_LOSS and
   * MATCH_LOSS, false for DISQUALIFICATION (the team is dropped; a final result stands). See
   * {@link penaltyTarget}.
   */
  carriesOver: boolean;
  /**
   * Which reasoning applies (messages: reporting.penalties.ruleKey.<key>): "mtg" = 2HG, win/lose
   * only as a team and one member's DQ drops the team (§5.1 CR 810.8, §5.2 MTR 8.2); "individual"
   * = 1v1, the duelist is the entrant (§2); "team" = Yu-Gi-Oh! team presets, shared LP and the team
   * loses as a unit (§1.1–1.2).
   */
  ruleKey: PenaltyRuleKey;
  /** Language-neutral RULES.md reference for the consequence, e.g. "§5.1 (CR 810.8), §5.2 (MTR 8.2)". */
  citation: string;
}

/** Stable key of a consequence's rule basis (see {@link PenaltyConsequence.ruleKey}). */
export type PenaltyRuleKey = "mtg" | "individual" | "team";

const CITATIONS: Record<PenaltyRuleKey, string> = {
  mtg: "§5.1 (CR 810.8), §5.2 (MTR 8.2)",
  individual: "§2",
  team: "§1.1–1.2",
};

/**
 * The team consequence of a duelist's penalty under a preset.
 * WARNING → nothing (recorded; repeats are counted, see {@link penaltyCounts});
 * GAME_LOSS → the team's match takes a game loss; MATCH_LOSS → the team loses the match;
 * DISQUALIFICATION → the team loses the current match if it has no final result yet (a final
 * result stands) and is dropped (2HG: §5.2 MTR 8.2; Tag/UDE/independent LP: team-level, inferred
 * from §1.1/§1.2). Where the effect lands: {@link penaltyTarget}.
 */
export function penaltyConsequence(preset: Preset, penalty: PenaltyKind): PenaltyConsequence {
  const ruleKey: PenaltyRuleKey = preset.game === "MTG" ? "mtg" : preset.teamSize === 1 ? "individual" : "team";
  const basis = { ruleKey, citation: CITATIONS[ruleKey] };
  return { scope: "team", ...PENALTY_EFFECTS[penalty], ...basis };
}

/**
 * The team effect of each penalty kind (the data {@link penaltyConsequence} reads; the same in
 * every team preset, §1.1–1.2, §5.1–5.2): a game or match loss carries over to the next match when
 * the current one is final; a disqualification loses an open match and drops the team.
 */
const PENALTY_EFFECTS: Record<PenaltyKind, Pick<PenaltyConsequence, "match" | "teamDropped" | "carriesOver">> = {
  WARNING: { match: "none", teamDropped: false, carriesOver: false },
  GAME_LOSS: { match: "game_loss", teamDropped: false, carriesOver: true },
  MATCH_LOSS: { match: "match_loss", teamDropped: false, carriesOver: true },
  DISQUALIFICATION: { match: "match_loss", teamDropped: true, carriesOver: false },
};

/** Penalty kinds whose match effect can be pending until the team's next match (carriesOver; derived from the data above). */
export const CARRY_OVER_KINDS: readonly PenaltyKind[] = PENALTY_KINDS.filter((k) => PENALTY_EFFECTS[k].carriesOver);

/**
 * Which match a penalty's match effect lands on, from the state of the team's match in the
 * current round: "open" (no final result yet), "final" (a final result, incl. a bye) or "none"
 * (no match this round, or issued between rounds).
 * - no match effect (WARNING) → "none";
 * - open → "current": the current match takes it (DISQUALIFICATION: the team loses it);
 * - final/none → "next" when the penalty carries over (GAME_LOSS, MATCH_LOSS): it applies to the
 *   team's next match, recorded as pending until that round is paired; otherwise "none" (a
 *   DISQUALIFICATION leaves a final result standing; the team is dropped).
 * (I) RULES.md is silent on timing. Tournament policy: penalties issued between matches apply to
 * the player's next match (MTG IPG 1.1/MTR; Konami KDE-E penalty guidelines do the same); a
 * result already final is never changed by a later penalty.
 */
export function penaltyTarget(
  consequence: Pick<PenaltyConsequence, "match" | "carriesOver">,
  current: "open" | "final" | "none",
): "current" | "next" | "none" {
  if (consequence.match === "none") return "none";
  if (current === "open") return "current";
  return consequence.carriesOver ? "next" : "none";
}

/** The running state of a match that has no final result yet (games recorded so far). */
export interface MatchProgress {
  games: GameCount;
  penaltyGameLosses: { slot1: number; slot2: number };
}

export const NO_PROGRESS: MatchProgress = { games: { slot1: 0, slot2: 0, drawn: 0 }, penaltyGameLosses: { slot1: 0, slot2: 0 } };

/**
 * Applies a penalty's match effect to the penalized slot's match (pure).
 * - "none" → `{ kind: "none" }`.
 * - "game_loss" → the opponent gains a game and the slot a penalty game loss; when the opponent
 *   reaches the games needed (best of one: at once) the match is final: WIN for the opponent,
 *   reason GAME_LOSS_PENALTY. Otherwise `{ kind: "progress" }` with the new counts (best of three).
 * - "match_loss" → final WIN for the opponent at the current score, reason MATCH_LOSS_PENALTY.
 * Results are checked with validateMatchResult (PS07); an impossible one throws Error.
 */
export function applyPenaltyToMatch(
  preset: Preset,
  progress: MatchProgress,
  slot: Slot,
  effect: PenaltyConsequence["match"],
): { kind: "none" } | { kind: "progress"; progress: MatchProgress } | { kind: "final"; result: MatchResult } {
  if (effect === "none") return { kind: "none" };
  const opp: Slot = slot === 1 ? 2 : 1;
  const k = (s: Slot) => (s === 1 ? "slot1" : "slot2") as "slot1" | "slot2";
  const games = { ...progress.games };
  const pen = { ...progress.penaltyGameLosses };
  let result: MatchResult | null = null;
  if (effect === "game_loss") {
    games[k(opp)] += 1;
    pen[k(slot)] += 1;
    if (games[k(opp)] >= gamesToWin(preset))
      result = { outcome: "WIN", winner: opp, games, penaltyGameLosses: pen, reason: "GAME_LOSS_PENALTY" };
    else return { kind: "progress", progress: { games, penaltyGameLosses: pen } };
  } else {
    result = { outcome: "WIN", winner: opp, games, penaltyGameLosses: pen, reason: "MATCH_LOSS_PENALTY" };
  }
  const errs = validateMatchResult(result, preset);
  if (errs.length) throw new Error(`penalty result invalid: ${errs.map((e) => e.code).join(", ")}`);
  return { kind: "final", result };
}

/** Per-duelist penalty counts (e.g. repeated warnings), from penalty rows in any order. */
export function penaltyCounts(rows: readonly { duelistId: string | null; penalty: string }[]): Map<string, Record<PenaltyKind, number>> {
  const out = new Map<string, Record<PenaltyKind, number>>();
  for (const r of rows) {
    if (!r.duelistId || !(PENALTY_KINDS as readonly string[]).includes(r.penalty)) continue;
    const c = out.get(r.duelistId) ?? { WARNING: 0, GAME_LOSS: 0, MATCH_LOSS: 0, DISQUALIFICATION: 0 };
    c[r.penalty as PenaltyKind] += 1;
    out.set(r.duelistId, c);
  }
  return out;
}

/** How a team is shown: ACTIVE, DROPPED (left or no-show) or DISQUALIFIED. */
export type TeamCondition = "ACTIVE" | "DROPPED" | "DISQUALIFIED";

/**
 * A team's condition derived from its status and its penalties: any DISQUALIFICATION penalty makes
 * it DISQUALIFIED — even if its stored status were ACTIVE (a disqualified team never plays again:
 * §5.2 MTR 8.2; team presets see {@link penaltyConsequence}); else DROPPED or ACTIVE by status. Pure.
 */
export function teamCondition(status: string, penalties: readonly { penalty: string }[]): TeamCondition {
  if (penalties.some((p) => p.penalty === "DISQUALIFICATION")) return "DISQUALIFIED";
  return status === "DROPPED" ? "DROPPED" : "ACTIVE";
}
