/**
 * Match results: the one result type used by result entry, the end-of-match engine and
 * standings; match points from the preset; validation of impossible results (PS07).
 *
 * Sides of a match are pairing slots: slot 1 = the first-listed team of the Pairing, slot 2 the
 * second (null for a bye). Slots are fixed for the match, unlike "Team 1" in turn order, which is
 * the team that went first in a given duel (lib/formats/turns.ts).
 */
import { FormatsError } from "./turns";
import type { Preset } from "./presets";

export type Slot = 1 | 2;

export const MATCH_OUTCOMES = ["WIN", "DRAW", "DOUBLE_LOSS", "BYE"] as const;
/** WIN: `winner` won; DRAW: nobody; DOUBLE_LOSS: both teams take a loss (C40, C47, §2.1); BYE: slot 1 alone. */
export type MatchOutcome = (typeof MATCH_OUTCOMES)[number];

/**
 * Why a game or match ended (messages: formats.reasons.*).
 * Normal game ends: LP_ZERO, DECK_OUT, SPECIAL_WIN, CONCESSION, GAME_LOSS_PENALTY,
 * MATCH_LOSS_PENALTY, TEAM_ELIMINATED (independent LP, §4.1), GAMES_WON (a team reached the
 * required game wins). End of match: EOMP_LP_COMPARISON (LP compared after the procedure),
 * EOMP_FIRST_LP_CHANGE (sudden death: first LP change), EOMP_TURN_BY_TURN (LP unequal at the end
 * of a turn after a tie), EOMP_GAME_LEAD (more game wins when time ended), EOMP_TIEBREAK_GAME
 * (LP after the turn-limited tie-break game), EOMP_SURVIVORS (independent LP: more surviving
 * duelists), DRAW, DOUBLE_LOSS, BYE.
 */
export const END_REASONS = [
  "LP_ZERO",
  "DECK_OUT",
  "SPECIAL_WIN",
  "CONCESSION",
  "GAME_LOSS_PENALTY",
  "MATCH_LOSS_PENALTY",
  "TEAM_ELIMINATED",
  "GAMES_WON",
  "EOMP_LP_COMPARISON",
  "EOMP_FIRST_LP_CHANGE",
  "EOMP_TURN_BY_TURN",
  "EOMP_GAME_LEAD",
  "EOMP_TIEBREAK_GAME",
  "EOMP_SURVIVORS",
  "DRAW",
  "DOUBLE_LOSS",
  "BYE",
] as const;
export type EndReason = (typeof END_REASONS)[number];

/** Games won by each slot and drawn games (drawn games never count toward the match, §2.1, C41, C56). */
export interface GameCount {
  slot1: number;
  slot2: number;
  drawn: number;
}

export interface MatchResult {
  outcome: MatchOutcome;
  /** Winning slot for WIN; 1 for BYE; null for DRAW and DOUBLE_LOSS. */
  winner: Slot | null;
  games: GameCount;
  /** Games each slot lost through a game-loss penalty (already included in the opponent's games won). */
  penaltyGameLosses: { slot1: number; slot2: number };
  reason: EndReason;
}

/** One team's view of results; every field is a count, so records of many matches add up. */
export interface TeamRecord {
  matchWins: number;
  matchLosses: number;
  matchDraws: number;
  doubleLosses: number;
  /** Byes (also counted in matchWins, §6.2). */
  byes: number;
  gamesWon: number;
  gamesLost: number;
  gamesDrawn: number;
  gameLossPenalties: number;
}

export const EMPTY_RECORD: TeamRecord = {
  matchWins: 0,
  matchLosses: 0,
  matchDraws: 0,
  doubleLosses: 0,
  byes: 0,
  gamesWon: 0,
  gamesLost: 0,
  gamesDrawn: 0,
  gameLossPenalties: 0,
};

/** Game wins needed to win a match: best of 1 → 1, best of 3 → 2 (§1.4, §2.1, §5.2). */
export function gamesToWin(preset: Preset): number {
  return Math.ceil(preset.bestOf / 2);
}

const other = (s: Slot): Slot => (s === 1 ? 2 : 1);
const key = (s: Slot): "slot1" | "slot2" => (s === 1 ? "slot1" : "slot2");

/** A bye result for slot 1: a match win recorded as gamesToWin–0 games (§6.2, MTR appendix C). */
export function byeResult(preset: Preset): MatchResult {
  return {
    outcome: "BYE",
    winner: 1,
    games: { slot1: gamesToWin(preset), slot2: 0, drawn: 0 },
    penaltyGameLosses: { slot1: 0, slot2: 0 },
    reason: "BYE",
  };
}

/**
 * The result seen from one slot. Throws FormatsError BYE_HAS_NO_OPPONENT for slot 2 of a bye.
 * A bye counts as a match win and a bye; a double loss as a double loss and a match loss.
 */
export function teamRecord(result: MatchResult, slot: Slot): TeamRecord {
  if (result.outcome === "BYE" && slot === 2) throw new FormatsError("BYE_HAS_NO_OPPONENT");
  const r: TeamRecord = { ...EMPTY_RECORD };
  r.gamesWon = result.games[key(slot)];
  r.gamesLost = result.games[key(other(slot))];
  r.gamesDrawn = result.games.drawn;
  r.gameLossPenalties = result.penaltyGameLosses[key(slot)];
  switch (result.outcome) {
    case "WIN":
      if (result.winner === slot) r.matchWins = 1;
      else r.matchLosses = 1;
      break;
    case "BYE":
      r.matchWins = 1;
      r.byes = 1;
      break;
    case "DRAW":
      r.matchDraws = 1;
      break;
    case "DOUBLE_LOSS":
      r.doubleLosses = 1;
      r.matchLosses = 1;
      break;
  }
  return r;
}

/** Field-wise sum of two records. */
export function addRecords(a: TeamRecord, b: TeamRecord): TeamRecord {
  const out = { ...a };
  for (const k of Object.keys(out) as (keyof TeamRecord)[]) out[k] = a[k] + b[k];
  return out;
}

/**
 * Match points for each slot from `preset.points` (§1.9, §5.5, §6; C58 W3/D1/L0; C40 double
 * loss 0 each). slot2 is null for a bye (no opponent).
 */
export function matchPoints(result: MatchResult, preset: Preset): { slot1: number; slot2: number | null } {
  const p = preset.points;
  switch (result.outcome) {
    case "WIN":
      return result.winner === 1 ? { slot1: p.win, slot2: p.loss } : { slot1: p.loss, slot2: p.win };
    case "DRAW":
      return { slot1: p.draw, slot2: p.draw };
    case "DOUBLE_LOSS":
      return { slot1: p.doubleLoss, slot2: p.doubleLoss };
    case "BYE":
      return { slot1: p.bye, slot2: null };
  }
}

/** Match points of a whole record (C58: 2 wins + 1 draw = 7 with Konami points). Byes use `points.bye`. */
export function recordPoints(record: TeamRecord, preset: Preset): number {
  const p = preset.points;
  return (
    (record.matchWins - record.byes) * p.win +
    record.byes * p.bye +
    record.matchDraws * p.draw +
    (record.matchLosses - record.doubleLosses) * p.loss +
    record.doubleLosses * p.doubleLoss
  );
}

/** A typed validation error naming the offending field (PS07). Messages: formats.errors.<code>. */
export interface ResultError {
  code: string;
  field: string;
  params: Record<string, string | number>;
}

const isCount = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 0;

/** Result error codes whose message words games by game: their params carry the preset's `game`. */
const GAME_WORDED_RESULT_ERRORS = new Set(["RESULT_WINNER_GAMES_NOT_HIGHER", "RESULT_DRAW_GAMES_UNEQUAL", "RESULT_PENALTIES_EXCEED_GAMES"]);

/**
 * Rejects results impossible for the preset (PS07). Returns [] when valid. Checks:
 * outcome/reason known; game counts non-negative integers; WIN needs a winner with strictly more
 * games (except a concession or match-loss penalty, which may end a match at any score) and at
 * most gamesToWin games, the loser at most gamesToWin − 1 (so 3–0 in best of one is refused);
 * DRAW/DOUBLE_LOSS have no winner, and neither team reached gamesToWin (DRAW: equal games);
 * BYE is slot 1 with gamesToWin–0; a slot's penalty game losses ≤ the opponent's games won
 * (not checked for DOUBLE_LOSS: the simultaneous penalties that cause it add no games, §2.1).
 */
export function validateMatchResult(result: MatchResult, preset: Preset): ResultError[] {
  const errs: ResultError[] = [];
  // Messages that count games word them by `game` (Italian: "game" for Magic, "duello" for Yu-Gi-Oh!).
  const err = (code: string, field: string, params: Record<string, string | number> = {}) =>
    errs.push({ code, field, params: GAME_WORDED_RESULT_ERRORS.has(code) ? { game: preset.game, ...params } : params });
  if (!MATCH_OUTCOMES.includes(result.outcome)) err("RESULT_OUTCOME_UNKNOWN", "outcome", { value: String(result.outcome) });
  if (!END_REASONS.includes(result.reason)) err("RESULT_REASON_UNKNOWN", "reason", { value: String(result.reason) });
  for (const f of ["slot1", "slot2", "drawn"] as const)
    if (!isCount(result.games?.[f])) err("RESULT_COUNT_INVALID", `games.${f}`, { value: String(result.games?.[f]) });
  for (const f of ["slot1", "slot2"] as const)
    if (!isCount(result.penaltyGameLosses?.[f]))
      err("RESULT_COUNT_INVALID", `penaltyGameLosses.${f}`, { value: String(result.penaltyGameLosses?.[f]) });
  if (errs.length) return errs;
  const g = gamesToWin(preset);
  const { slot1, slot2 } = result.games;
  switch (result.outcome) {
    case "WIN": {
      if (result.winner !== 1 && result.winner !== 2) {
        err("RESULT_WINNER_REQUIRED", "winner");
        break;
      }
      const w = result.games[key(result.winner)];
      const l = result.games[key(other(result.winner))];
      const anyScore = result.reason === "CONCESSION" || result.reason === "MATCH_LOSS_PENALTY";
      if (w > g || l > g - 1) err("RESULT_GAMES_IMPOSSIBLE", "games", { bestOf: preset.bestOf, won: w, lost: l });
      else if (!anyScore && w <= l) err("RESULT_WINNER_GAMES_NOT_HIGHER", "games", { won: w, lost: l });
      break;
    }
    case "DRAW":
    case "DOUBLE_LOSS":
      if (result.winner !== null) err("RESULT_WINNER_NOT_ALLOWED", "winner", { outcome: result.outcome });
      if (slot1 > g - 1 || slot2 > g - 1) err("RESULT_GAMES_IMPOSSIBLE", "games", { bestOf: preset.bestOf, won: slot1, lost: slot2 });
      else if (result.outcome === "DRAW" && slot1 !== slot2) err("RESULT_DRAW_GAMES_UNEQUAL", "games", { slot1, slot2 });
      break;
    case "BYE":
      if (result.winner !== 1) err("RESULT_BYE_SLOT", "winner");
      if (slot1 !== g || slot2 !== 0 || result.games.drawn !== 0)
        err("RESULT_GAMES_IMPOSSIBLE", "games", { bestOf: preset.bestOf, won: slot1, lost: slot2 });
      break;
  }
  // A double loss from simultaneous game-loss penalties (§2.1) does not add the final games.
  if (result.outcome !== "DOUBLE_LOSS")
    for (const s of [1, 2] as const) {
      const pen = result.penaltyGameLosses[key(s)];
      if (pen > result.games[key(other(s))])
        err("RESULT_PENALTIES_EXCEED_GAMES", `penaltyGameLosses.${key(s)}`, { penalties: pen, games: result.games[key(other(s))] });
    }
  return errs;
}

/** A result as entered by a person (result slip, phone report): teams named by id. */
export interface MatchReport {
  outcome: MatchOutcome;
  winnerTeamId?: string | null;
  loserTeamId?: string | null;
  /** Games won, keyed by team id. Missing teams count 0. */
  gamesWon?: Record<string, number>;
  gamesDrawn?: number;
  penaltyGameLosses?: Record<string, number>;
  reason?: EndReason;
}

/**
 * Turns a report about a pairing (slot team ids; slot 2 null = bye) into a MatchResult, or the
 * list of typed errors (PS07): RESULT_SAME_TEAM (winner = loser), RESULT_TEAM_NOT_IN_MATCH (a
 * named team or a games key not in the pairing), RESULT_LOSER_MISMATCH, then everything
 * {@link validateMatchResult} checks. Default reason: GAMES_WON for WIN, DRAW, DOUBLE_LOSS, BYE.
 */
export function resultFromReport(
  report: MatchReport,
  pairing: { slot1TeamId: string; slot2TeamId: string | null },
  preset: Preset,
): { ok: true; result: MatchResult } | { ok: false; errors: ResultError[] } {
  const errors: ResultError[] = [];
  const ids = [pairing.slot1TeamId, pairing.slot2TeamId];
  const slotOf = (id: string): Slot | null => (id === pairing.slot1TeamId ? 1 : id === pairing.slot2TeamId ? 2 : null);
  const { winnerTeamId, loserTeamId } = report;
  if (winnerTeamId != null && loserTeamId != null && winnerTeamId === loserTeamId)
    errors.push({ code: "RESULT_SAME_TEAM", field: "loserTeamId", params: { teamId: winnerTeamId } });
  for (const [field, id] of [
    ["winnerTeamId", winnerTeamId],
    ["loserTeamId", loserTeamId],
  ] as const)
    if (id != null && slotOf(id) === null) errors.push({ code: "RESULT_TEAM_NOT_IN_MATCH", field, params: { teamId: id } });
  for (const [field, map] of [
    ["gamesWon", report.gamesWon],
    ["penaltyGameLosses", report.penaltyGameLosses],
  ] as const)
    for (const id of Object.keys(map ?? {}))
      if (!ids.includes(id)) errors.push({ code: "RESULT_TEAM_NOT_IN_MATCH", field: `${field}.${id}`, params: { teamId: id } });
  if (errors.length) return { ok: false, errors };
  const winner = winnerTeamId != null ? slotOf(winnerTeamId) : report.outcome === "BYE" ? 1 : null;
  if (winner !== null && loserTeamId != null && slotOf(loserTeamId) !== other(winner))
    errors.push({ code: "RESULT_LOSER_MISMATCH", field: "loserTeamId", params: { teamId: loserTeamId } });
  if (report.outcome === "BYE" && pairing.slot2TeamId !== null)
    errors.push({ code: "RESULT_BYE_WITH_OPPONENT", field: "outcome", params: {} });
  if (report.outcome !== "BYE" && pairing.slot2TeamId === null)
    errors.push({ code: "RESULT_BYE_ONLY", field: "outcome", params: { outcome: report.outcome } });
  const gw = (id: string | null) => (id === null ? 0 : (report.gamesWon?.[id] ?? 0));
  const pl = (id: string | null) => (id === null ? 0 : (report.penaltyGameLosses?.[id] ?? 0));
  const defaultReason: Record<MatchOutcome, EndReason> = { WIN: "GAMES_WON", DRAW: "DRAW", DOUBLE_LOSS: "DOUBLE_LOSS", BYE: "BYE" };
  const result: MatchResult =
    report.outcome === "BYE" && report.gamesWon === undefined
      ? byeResult(preset)
      : {
          outcome: report.outcome,
          winner,
          games: { slot1: gw(ids[0]), slot2: gw(ids[1]), drawn: report.gamesDrawn ?? 0 },
          penaltyGameLosses: { slot1: pl(ids[0]), slot2: pl(ids[1]) },
          reason: report.reason ?? defaultReason[report.outcome] ?? "DRAW",
        };
  errors.push(...validateMatchResult(result, preset));
  return errors.length ? { ok: false, errors } : { ok: true, result };
}

/** A match's stage as result entry sees it (the Round's kind: SWISS → swiss, TOP_CUT → single_elimination). */
export type EntryStage = "swiss" | "single_elimination";

/**
 * What result entry may accept for one match (judge form, team report, end-of-match wizard):
 * - `gamesToWin`: game wins a match winner needs (§1.4, §2.1, §5.2; best of 1 → 1, best of 3 → 2);
 * - `outcomes.win`: always (a bye is entered by pairing, never by hand: false for a bye);
 * - `outcomes.draw`: Swiss only, and only when the event allows Swiss draws (§1.8 "Single
 *   elimination: no draws", §5.3 step 5, §2.1 "a match can only be drawn by the Swiss End-of-Round
 *   procedure", §8.20 `swissAllowsDraws`);
 * - `outcomes.doubleLoss`: Swiss only (§2.1 two simultaneous game-loss penalties, §1.8 v2.5
 *   switch; C40). A top-cut bracket needs a winner at every table (§1.8, §5.3): a double
 *   disqualification there is entered through Penalties, which gives the next-round opponent a bye;
 * - `outcomes.timeCalled`: "time called, team LP decide" — only with team life (§1.2, §3.1, §5.3;
 *   per-duelist life runs the end-of-match wizard, §4.1).
 */
export interface ResultEntryRule {
  stage: EntryStage;
  bye: boolean;
  bestOf: 1 | 3;
  gamesToWin: number;
  outcomes: { win: boolean; draw: boolean; doubleLoss: boolean; timeCalled: boolean };
}

/**
 * Why result entry refuses a result (messages: actionErrors.<code>, params include `game`):
 * NO_DRAWS {what: "topCut" | "match"} — a draw where the stage or event allows none;
 * TOP_CUT_DOUBLE_LOSS — a double loss in single elimination (enter a double disqualification in
 * Penalties); BYE_MATCH {what: "result"} — a bye has no result to enter.
 */
export const RESULT_ENTRY_REFUSALS = ["NO_DRAWS", "TOP_CUT_DOUBLE_LOSS", "BYE_MATCH"] as const;
export type ResultEntryRefusal = {
  ok: false;
  code: (typeof RESULT_ENTRY_REFUSALS)[number];
  field: "result" | "matchId";
  params: Record<string, string>;
};

/** The result-entry rule of a match (see {@link ResultEntryRule}); pure. */
export function resultEntryRule(preset: Preset, settings: { swissAllowsDraws: boolean }, stage: EntryStage, bye = false): ResultEntryRule {
  return {
    stage,
    bye,
    bestOf: preset.bestOf,
    gamesToWin: gamesToWin(preset),
    outcomes: bye
      ? { win: false, draw: false, doubleLoss: false, timeCalled: false }
      : {
          win: true,
          draw: stage === "swiss" && settings.swissAllowsDraws,
          doubleLoss: stage === "swiss",
          timeCalled: preset.life.model === "team",
        },
  };
}

/**
 * Checks an entered outcome against the rule, before or after it became a MatchResult (every
 * entry path: a time-called procedure result is checked too). Returns `{ ok: true }` or the typed
 * refusal; the server layer turns a refusal into its ActionError and writes nothing.
 */
export function checkEntryOutcome(rule: ResultEntryRule, outcome: MatchOutcome, game: Preset["game"]): { ok: true } | ResultEntryRefusal {
  // Refusal codes are action-error codes (messages: actionErrors.<code>), not formats.errors.
  const refuse = (
    code: ResultEntryRefusal["code"],
    field: ResultEntryRefusal["field"],
    params: Record<string, string> = {},
  ): ResultEntryRefusal => ({ ok: false, code, field, params: { ...params, game } });
  if (rule.bye) return refuse("BYE_MATCH", "matchId", { what: "result" });
  if (outcome === "DRAW" && !rule.outcomes.draw)
    return refuse("NO_DRAWS", "result", { what: rule.stage === "single_elimination" ? "topCut" : "match" });
  if (outcome === "DOUBLE_LOSS" && !rule.outcomes.doubleLoss) return refuse("TOP_CUT_DOUBLE_LOSS", "result");
  return { ok: true };
}

/** English text of a refusal (the ActionError's fallback message; users read actionErrors.<code>). */
export function entryRefusalText(r: ResultEntryRefusal): string {
  if (r.code === "NO_DRAWS")
    return r.params.what === "topCut" ? "Top-cut matches cannot end in a draw." : "This match cannot end in a draw.";
  if (r.code === "TOP_CUT_DOUBLE_LOSS")
    return (
      "A top-cut match cannot end in a double loss: enter a double disqualification in Penalties " + "(the next-round opponent gets a bye)."
    );
  return "A bye has no result to report.";
}

/**
 * The games a winner is credited with when the entry names no score: `gamesToWin`–0 (§2.1, §5.2),
 * entered scores kept. Returns games won keyed by slot.
 */
export function enteredGames(
  rule: ResultEntryRule,
  winner: Slot | null,
  entered: { games1?: number; games2?: number },
): { slot1: number; slot2: number } {
  return {
    slot1: entered.games1 ?? (winner === 1 ? rule.gamesToWin : 0),
    slot2: entered.games2 ?? (winner === 2 ? rule.gamesToWin : 0),
  };
}

/**
 * The Match columns of a bye (§6.2, MTR appendix C): outcome BYE, slot 1 wins `gamesToWin`–0.
 * One shape for every place that writes a bye (pairing, manual bye, top cut).
 */
export function byeMatchRow(preset: Preset): { outcome: "BYE"; winnerSlot: 1; endReason: "BYE"; games1: number; games2: 0 } {
  const r = byeResult(preset);
  return { outcome: "BYE", winnerSlot: 1, endReason: "BYE", games1: r.games.slot1, games2: 0 };
}
