/**
 * End-of-match engine: a pure, JSON-serialisable state machine a phone "wizard" drives step by
 * step. `startMatch(config)` begins before time (games may end, C41/C56); `start(input)` begins at
 * the moment time is called; `step(state, event)` records one step; `allowedSteps(state)` lists
 * the event types valid now (the buttons to show). Every call returns `{state, output}` where
 * output is EXACTLY one of:
 *   - {kind:"instruction", code, params, text} — what the table does next (formats.eomp.<code>)
 *   - {kind:"result", result: MatchResult, reason} — the final match result (lib/formats/results)
 *   - {kind:"error", code, params, text} — a step that cannot happen now (formats.errors.<code>);
 *     the state is returned unchanged.
 * `step` never throws. LP are integers ≥ 0; a team (or duelist) recorded at 0 LP ends the game.
 *
 * Procedures per EompVariant (RULES.md; "swiss draws" = stage swiss AND settings.swissAllowsDraws, §8.20):
 * - phase_then_lp (Tag 2019 §1.8, C35–C37) / konami2018 (1v1 §2.2, C42–C43): the turn player
 *   finishes the current phase, then LP decide. Equal LP: swiss draws → game draw; otherwise the
 *   turn is finished and play goes on turn by turn until an end of turn with unequal LP. Equal
 *   game wins: swiss draws → match draw; otherwise a tie-break duel of 2 turns per seat (1v1: 4,
 *   Tag: 8 (I)), random first player, no Side Deck unless someone already sided; LP after the
 *   last turn decide, tie → turn by turn.
 * - double_loss (§1.8 ⚠, C40) / v25 (§2.2, C47): time in Swiss with no match winner → both teams
 *   take a loss. Top cut is untimed (v2.5): time called in single elimination → play on.
 * - turn_plus_three (Tag 2013, §1.8): finish the turn + 3 turns (one per other duelist), LP
 *   decide, tie → turn by turn (2013 change, [Y-2013EOMP]); equal game wins → swiss draws ? draw
 *   : 8-turn tie-break duel (I).
 * - ude_three_turns (UDE 2v2 §3.1, C48, C50): finish the turn + 3 turns; LP decide; tie → first
 *   LP change; equal game wins (also between games) → 8-turn game (2 per duelist), no Side Deck,
 *   LP decide, tie → first LP change. No match draws in this procedure.
 * - ude2005 (1v1 §2.2, C45): as UDE with a 4-turn game (2 each).
 * - konami2010 (1v1 §2.2, C46): finish the turn + 5 turns; LP decide; tie → swiss draws ? game
 *   draw : turn by turn; equal game wins → swiss draws ? match draw : 4-turn duel (I).
 * - mtg_three_turns (2HG §5.3, C52, C53, C56): the active team finishes its turn + 3 team turns
 *   (`passingTurn`: the other team's next turn is the current turn, then the 3 turns; RULES §5.3 example). Swiss draws: an unfinished game
 *   is a draw (life is not compared). Otherwise the higher team life wins; equal → first life
 *   change (extra state-based action); time between games → new game under that rule.
 * Independent LP (INDEPENDENT_LP_2V2, §4, §8.10): teams are compared by
 * settings.independentTimeRule — sum_surviving_lp; survivors_then_lp (surviving duelists, then
 * LP sum); draw (swiss draws: no comparison, game draw; otherwise falls back to
 * survivors_then_lp (I)). null → error INDEPENDENT_TIME_RULE_REQUIRED.
 * A win condition reached during the procedure ends the game normally (§1.8 step 3). After time,
 * no new game starts except the tie-break game. Drawn games never count toward the match (C41).
 * A game-loss penalty to both teams when that gives both the match → DOUBLE_LOSS (§2.1).
 */
import {
  getPreset,
  PRESETS,
  resolveSettings,
  type EompVariant,
  type Preset,
  type PresetId,
  type PresetSettings,
  PRESET_IDS,
} from "./presets";
import { gamesToWin, type GameCount, type MatchResult, type EndReason, type Slot } from "./results";
import {
  battlePhaseAllowed,
  isIndependent,
  phaseAllowed,
  independentOutcome,
  seatOfTurn,
  seatsOfTeam,
  type Elimination,
  type TurnTeam,
} from "./turns";
import { render, type MessageParams } from "./messages";

export const EOMP_VARIANTS: readonly EompVariant[] = [
  "phase_then_lp",
  "double_loss",
  "turn_plus_three",
  "ude_three_turns",
  "mtg_three_turns",
  "ude2005",
  "konami2010",
  "konami2018",
  "v25",
];

export const PHASES = ["DRAW", "STANDBY", "MAIN1", "BATTLE", "MAIN2", "END"] as const;
/** YGO phases (MTG: use the closest — the phase only matters for phase-based variants). */
export type Phase = (typeof PHASES)[number];
export type Stage = "swiss" | "single_elimination";

/** Team LP by pairing slot. */
export interface SlotLp {
  slot1: number;
  slot2: number;
}

/** The game in progress when time is called. */
export interface GameAtTime {
  /** Pairing slot of the team that went first in this game (its duelists are 1A/1B). */
  firstSlot: Slot;
  /** Turn number of this game (≥ 1). */
  turn: number;
  phase: Phase;
  /** Team LP (shared-life presets and 1v1). */
  lp?: SlotLp;
  /** Independent LP: LP per seat label ("1A","2B","3A","4B"); eliminated seats at 0. */
  duelistLp?: Record<string, number>;
  /** Independent LP: duelists already eliminated (seat + turn). */
  eliminations?: Elimination[];
  /**
   * MTG/turn-based: the active team had already announced the pass: the other team's next turn is the current turn (§5.3 and its example).
   */
  passingTurn?: boolean;
  /** A Side Deck was already used in this match (konami2018 tie-break note, §2.2). */
  sided?: boolean;
  /**
   * false: `turn` is a placeholder, not the table's turn (the results desk enters only the life
   * totals at the end of the procedure). Instructions then carry `at: "unknown"` and their
   * messages name no turn or seat. Default true.
   */
  turnKnown?: boolean;
}

export interface MatchConfig {
  preset: PresetId;
  /** Event settings overlaid on the preset defaults (resolveSettings). */
  settings?: Partial<PresetSettings> | null;
  stage: Stage;
  /** Completed games so far (default 0–0–0). */
  games?: GameCount;
  penaltyGameLosses?: { slot1: number; slot2: number };
}

/** Input of {@link start}: the match and the moment time is called (`game` null = between games). */
export interface EompInput extends MatchConfig {
  game: GameAtTime | null;
}

export type GameEndReason = "LP_ZERO" | "DECK_OUT" | "SPECIAL_WIN" | "CONCESSION" | "GAME_LOSS_PENALTY" | "DRAW";

export type EompEvent =
  | { type: "TIME_CALLED"; game: GameAtTime | null }
  | { type: "GAME_STARTED"; firstSlot: Slot; sided?: boolean }
  | { type: "LP_CHANGED"; lp?: Partial<SlotLp>; duelistLp?: Record<string, number> }
  | { type: "PHASE_FINISHED" }
  | { type: "TURN_ENDED" }
  | { type: "DUELIST_ELIMINATED"; seat: string }
  /** winner null: drawn game (reason DRAW) or both teams take a game-loss penalty (GAME_LOSS_PENALTY). */
  | { type: "GAME_ENDED"; winner: Slot | null; reason: GameEndReason };

export type EompEventType = EompEvent["type"];
export const EVENT_TYPES: readonly EompEventType[] = [
  "TIME_CALLED",
  "GAME_STARTED",
  "LP_CHANGED",
  "PHASE_FINISHED",
  "TURN_ENDED",
  "DUELIST_ELIMINATED",
  "GAME_ENDED",
];

export type Mode =
  | { m: "PLAYING"; inGame: boolean; untimed: boolean; chooser: "random" | "loser" | "same_as_previous" | null; chooserSlot: Slot | null }
  | { m: "FINISH_PHASE" }
  | { m: "FINISH_TURN" }
  | { m: "EXTRA_TURN"; index: number; total: number }
  | { m: "TURN_BY_TURN"; finishingCurrent: boolean }
  | { m: "FIRST_LP_CHANGE" }
  | { m: "TIEBREAK_SETUP"; turns: number | null }
  | { m: "TIEBREAK_TURN"; index: number; total: number }
  | { m: "DONE" }
  | { m: "INVALID" };

export interface GameState {
  firstSlot: Slot;
  turn: number;
  phase: Phase;
  lp: SlotLp;
  duelistLp: Record<string, number> | null;
  eliminations: Elimination[];
  tiebreak: boolean;
  /** See GameAtTime.turnKnown; absent (older stored states) = true. A new game's turns are known. */
  turnKnown?: boolean;
}

/** Plain JSON-serialisable engine state. */
export interface EompState {
  v: 1;
  preset: PresetId;
  settings: PresetSettings;
  stage: Stage;
  games: GameCount;
  penaltyGameLosses: { slot1: number; slot2: number };
  timeCalled: boolean;
  sided: boolean;
  game: GameState | null;
  mode: Mode;
  result: MatchResult | null;
}

export type EompOutput =
  | { kind: "instruction"; code: string; params: MessageParams; text: string }
  | { kind: "result"; result: MatchResult; reason: EndReason; text: string }
  | { kind: "error"; code: string; params: MessageParams; text: string };

export interface Transition {
  state: EompState;
  output: EompOutput;
}

// ---------------------------------------------------------------------------------------------
// helpers

const other = (s: Slot): Slot => (s === 1 ? 2 : 1);
const k = (s: Slot): "slot1" | "slot2" => (s === 1 ? "slot1" : "slot2");
const isCount = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n >= 0;
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/**
 * Error codes whose message words life (Magic: life total, Yu-Gi-Oh!: LP) or games (Italian:
 * Magic "game", Yu-Gi-Oh! "duello") by game: their params get the preset's `game`.
 */
const GAME_WORDED = new Set([
  "GAME_STATE_REQUIRED",
  "LP_REQUIRED",
  "LP_INVALID",
  "GAME_ALREADY_OVER",
  "LP_CONTRADICTION",
  "GAMES_INVALID",
  "MATCH_ALREADY_DECIDED",
  "NO_GAME_IN_PROGRESS",
  "WINNER_REQUIRED",
  "WINNER_NOT_ALLOWED",
]);

/** An error output (formats.errors.<code>); game-worded codes also carry the preset's `game`. */
function err(state: EompState, code: string, params: MessageParams = {}): Transition {
  const withGame = GAME_WORDED.has(code)
    ? { game: (PRESETS as Record<string, Preset | undefined>)[state.preset]?.game ?? "YGO", ...params }
    : params;
  return { state, output: { kind: "error", code, params: withGame, text: render("errors", code, withGame) } };
}

function invalid(config: Partial<MatchConfig>, code: string, params: MessageParams = {}): Transition {
  const state: EompState = {
    v: 1,
    preset: (config.preset ?? "KONAMI_TAG_2019") as PresetId,
    settings: resolveSettings(getPreset("KONAMI_TAG_2019"), null),
    stage: "swiss",
    games: { slot1: 0, slot2: 0, drawn: 0 },
    penaltyGameLosses: { slot1: 0, slot2: 0 },
    timeCalled: false,
    sided: false,
    game: null,
    mode: { m: "INVALID" },
    result: null,
  };
  return err(state, code, params);
}

function presetOf(state: EompState): Preset {
  return getPreset(state.preset);
}

type Family = "phase" | "turns" | "double_loss";
interface Procedure {
  family: Family;
  extraTurns: number;
  /** What happens when LP are equal after the procedure's comparison point. */
  lpTie: "draw" | "turn_by_turn" | "first_change";
  /** Swiss with draws allowed and no LP comparison at all (MTG: unfinished game = draw). */
  noComparison: boolean;
  /** Equal game wins after time. */
  equalGames: "draw" | "tiebreak";
  /** Turn limit of the tie-break game; null = MTG new game under the first-life-change rule. */
  tiebreakTurns: number | null;
  tiebreakTie: "turn_by_turn" | "first_change";
  /** Side Deck rule for the tie-break game. */
  tiebreakSide: "no_side" | "no_side_unless_sided" | "none";
}

/** The resolved procedure for the state's preset, variant, stage and settings (see module doc). */
export function procedureFor(state: Pick<EompState, "preset" | "settings" | "stage">): Procedure {
  const preset = getPreset(state.preset);
  const v = state.settings.eomp;
  const sd = state.stage === "swiss" && state.settings.swissAllowsDraws;
  const seatTurns = 2 * preset.turnOrder.length; // 2 turns per seat
  const independentDraw = isIndependent(preset) && state.settings.independentTimeRule === "draw" && sd;
  const base = { noComparison: independentDraw, tiebreakSide: "no_side" as const };
  switch (v) {
    case "double_loss":
    case "v25":
      return {
        ...base,
        family: "double_loss",
        extraTurns: 0,
        lpTie: "draw",
        equalGames: "draw",
        tiebreakTurns: seatTurns,
        tiebreakTie: "turn_by_turn",
      };
    case "phase_then_lp":
    case "konami2018":
      return {
        ...base,
        family: "phase",
        extraTurns: 0,
        lpTie: sd ? "draw" : "turn_by_turn",
        equalGames: sd ? "draw" : "tiebreak",
        tiebreakTurns: seatTurns,
        tiebreakTie: "turn_by_turn",
        tiebreakSide: "no_side_unless_sided",
      };
    case "turn_plus_three":
      return {
        ...base,
        family: "turns",
        extraTurns: 3,
        lpTie: "turn_by_turn",
        equalGames: sd ? "draw" : "tiebreak",
        tiebreakTurns: seatTurns,
        tiebreakTie: "turn_by_turn",
      };
    case "ude_three_turns":
      return {
        ...base,
        family: "turns",
        extraTurns: 3,
        lpTie: "first_change",
        equalGames: "tiebreak",
        tiebreakTurns: seatTurns,
        tiebreakTie: "first_change",
      };
    case "ude2005":
      return {
        ...base,
        family: "turns",
        extraTurns: 3,
        lpTie: "first_change",
        equalGames: "tiebreak",
        tiebreakTurns: seatTurns,
        tiebreakTie: "first_change",
      };
    case "konami2010":
      return {
        ...base,
        family: "turns",
        extraTurns: 5,
        lpTie: sd ? "draw" : "turn_by_turn",
        equalGames: sd ? "draw" : "tiebreak",
        tiebreakTurns: seatTurns,
        tiebreakTie: "turn_by_turn",
      };
    case "mtg_three_turns":
      return {
        ...base,
        family: "turns",
        extraTurns: 3,
        lpTie: "first_change",
        noComparison: sd || independentDraw,
        equalGames: sd ? "draw" : "tiebreak",
        tiebreakTurns: null,
        tiebreakTie: "first_change",
        tiebreakSide: "none",
      };
  }
}

/** Team value compared at time: [primary, secondary] (independent survivors_then_lp uses both). */
function teamValue(state: EompState, slot: Slot): [number, number] {
  const g = state.game!;
  const preset = presetOf(state);
  if (!isIndependent(preset) || !g.duelistLp) return [g.lp[k(slot)], 0];
  const team: TurnTeam = slot === g.firstSlot ? 1 : 2;
  const seats = seatsOfTeam(preset, team);
  const alive = seats.filter((s) => !g.eliminations.some((e) => e.seat === s));
  const sum = alive.reduce((a, s) => a + (g.duelistLp![s] ?? 0), 0);
  if (state.settings.independentTimeRule === "sum_surviving_lp") return [sum, 0];
  return [alive.length, sum];
}

/** Compare teams at time: the leading slot and whether survivors decided, or null when equal. */
function compare(state: EompState): { winner: Slot; reason: EndReason } | null {
  const a = teamValue(state, 1);
  const b = teamValue(state, 2);
  const byLp = state.game!.duelistLp && state.settings.independentTimeRule !== "sum_surviving_lp";
  if (a[0] !== b[0]) return { winner: a[0] > b[0] ? 1 : 2, reason: byLp ? "EOMP_SURVIVORS" : "EOMP_LP_COMPARISON" };
  if (a[1] !== b[1]) return { winner: a[1] > b[1] ? 1 : 2, reason: "EOMP_LP_COMPARISON" };
  return null;
}

function slotOfTeam(g: GameState, team: TurnTeam): Slot {
  return team === 1 ? g.firstSlot : other(g.firstSlot);
}

function seatParams(state: EompState, turn: number): MessageParams {
  const preset = presetOf(state);
  const g = state.game!;
  const seat = seatOfTurn(preset, turn, g.eliminations) ?? "";
  const team: TurnTeam = turn % 2 === 1 ? 1 : 2;
  return {
    seat,
    turn,
    slot: slotOfTeam(g, team),
    seatKind: preset.teamSize === 1 ? "player" : preset.game === "MTG" ? "team" : "duelist",
    game: preset.game,
    /** "unknown": turn/seat are placeholders (GameAtTime.turnKnown false) — messages omit them. */
    at: g.turnKnown === false ? "unknown" : "known",
  };
}

/** The instruction for the current mode (every non-final, non-error output). */
export function prompt(state: EompState): EompOutput {
  const mk = (code: string, params: MessageParams): EompOutput => ({
    kind: "instruction",
    code,
    params,
    text: render("eomp", code, params),
  });
  const preset = presetOf(state);
  const g = state.game;
  const m = state.mode;
  const proc = procedureFor(state);
  const base = { game: preset.game };
  switch (m.m) {
    case "PLAYING":
      if (m.untimed) return mk("TOP_CUT_UNTIMED", base);
      if (m.inGame) return mk("PLAY_ON", base);
      return mk("START_NEXT_GAME", {
        ...base,
        gameNumber: state.games.slot1 + state.games.slot2 + state.games.drawn + 1,
        chooser: m.chooser ?? "random",
        chooserSlot: m.chooserSlot ?? 0,
      });
    case "FINISH_PHASE":
      return mk("FINISH_PHASE", { ...seatParams(state, g!.turn), phase: g!.phase });
    case "FINISH_TURN":
      return mk("FINISH_TURN", { ...seatParams(state, g!.turn), extraTurns: proc.extraTurns });
    case "EXTRA_TURN":
      return mk("EXTRA_TURN", { ...seatParams(state, g!.turn), index: m.index, total: m.total });
    case "TURN_BY_TURN":
      return mk(m.finishingCurrent ? "EQUAL_LP_FINISH_TURN" : "TURN_BY_TURN", seatParams(state, g!.turn));
    case "FIRST_LP_CHANGE":
      return mk("FIRST_LP_CHANGE", seatParams(state, g!.turn));
    case "TIEBREAK_SETUP":
      if (m.turns === null) return mk("NEW_GAME_SUDDEN_DEATH", base);
      return mk("TIEBREAK_SETUP", {
        ...base,
        turns: m.turns,
        side: proc.tiebreakSide === "no_side_unless_sided" && state.sided ? "sided_may_side" : proc.tiebreakSide,
      });
    case "TIEBREAK_TURN":
      return mk("TIEBREAK_TURN", { ...seatParams(state, g!.turn), index: m.index, total: m.total });
    case "DONE":
      return mk("MATCH_OVER", base);
    case "INVALID":
      return mk("MATCH_OVER", base);
  }
}

function out(state: EompState): Transition {
  return { state, output: prompt(state) };
}

function finish(state: EompState, result: MatchResult): Transition {
  state.result = result;
  state.mode = { m: "DONE" };
  return {
    state,
    output: {
      kind: "result",
      result,
      reason: result.reason,
      text: render("reasons", result.reason, { outcome: result.outcome, winner: result.winner ?? 0, game: presetOf(state).game }),
    },
  };
}

function matchResult(state: EompState, outcome: MatchResult["outcome"], winner: Slot | null, reason: EndReason): MatchResult {
  return { outcome, winner, games: { ...state.games }, penaltyGameLosses: { ...state.penaltyGameLosses }, reason };
}

/**
 * A game ended: `winners` = [] drawn game, [s] one winner, [1,2] both teams take a game-loss
 * penalty (each opponent gains a game). Decides the match or says what comes next.
 */
function endGame(state: EompState, winners: Slot[], reason: EndReason): Transition {
  const preset = presetOf(state);
  const need = gamesToWin(preset);
  const wasTiebreak = state.game?.tiebreak ?? false;
  if (winners.length === 2) {
    state.penaltyGameLosses.slot1++;
    state.penaltyGameLosses.slot2++;
    if (state.games.slot1 + 1 >= need && state.games.slot2 + 1 >= need)
      return finish(state, matchResult(state, "DOUBLE_LOSS", null, "DOUBLE_LOSS"));
    state.games.slot1++;
    state.games.slot2++;
  } else if (winners.length === 1) {
    state.games[k(winners[0])]++;
    if (reason === "GAME_LOSS_PENALTY") state.penaltyGameLosses[k(other(winners[0]))]++;
  } else state.games.drawn++;
  for (const s of [1, 2] as const) if (state.games[k(s)] >= need) return finish(state, matchResult(state, "WIN", s, reason));
  if (wasTiebreak && winners.length === 1) return finish(state, matchResult(state, "WIN", winners[0], reason));
  if (!state.timeCalled) {
    const chooserSlot = winners.length === 1 ? other(winners[0]) : null;
    state.mode = {
      m: "PLAYING",
      inGame: false,
      untimed: state.mode.m === "PLAYING" && state.mode.untimed,
      chooser: chooserSlot ? "loser" : preset.game === "MTG" ? "same_as_previous" : "random",
      chooserSlot,
    };
    return out(state);
  }
  return decideAfterTime(state, winners.length === 1 ? winners[0] : null, reason, wasTiebreak);
}

/** Time has been called and no game is in progress any more: decide by game wins (§2.2, §3.1, §5.3). */
function decideAfterTime(state: EompState, lastWinner: Slot | null, lastReason: EndReason | null, wasTiebreak: boolean): Transition {
  const proc = procedureFor(state);
  const { slot1, slot2 } = state.games;
  if (slot1 !== slot2 && !wasTiebreak) {
    const leader: Slot = slot1 > slot2 ? 1 : 2;
    const reason = lastWinner === leader && lastReason ? lastReason : "EOMP_GAME_LEAD";
    return finish(state, matchResult(state, "WIN", leader, reason));
  }
  if (!wasTiebreak && proc.equalGames === "draw") return finish(state, matchResult(state, "DRAW", null, "DRAW"));
  state.mode = { m: "TIEBREAK_SETUP", turns: proc.tiebreakTurns };
  return out(state);
}

/** The comparison point of a procedure was reached (end of phase / extra turns / tie-break turns). */
function comparisonPoint(
  state: EompState,
  tie: "draw" | "turn_by_turn" | "first_change" | "turn_by_turn_finish",
  decidedReason?: EndReason,
): Transition {
  const proc = procedureFor(state);
  if (proc.noComparison && !state.game!.tiebreak) return endGame(state, [], "DRAW");
  const c = compare(state);
  if (c) return endGame(state, [c.winner], decidedReason && c.reason === "EOMP_LP_COMPARISON" ? decidedReason : c.reason);
  if (tie === "draw") return endGame(state, [], "DRAW");
  if (tie === "first_change") state.mode = { m: "FIRST_LP_CHANGE" };
  else if (tie === "turn_by_turn_finish") state.mode = { m: "TURN_BY_TURN", finishingCurrent: true };
  else state.mode = { m: "TURN_BY_TURN", finishingCurrent: false };
  return out(state);
}

function nextTurn(state: EompState): void {
  state.game!.turn++;
  state.game!.phase = "DRAW";
}

/** LP/elimination consequences: ends the game at 0 LP (C29, C28). Returns a transition or null. */
function checkZero(state: EompState): Transition | null {
  const g = state.game!;
  const preset = presetOf(state);
  if (isIndependent(preset) && g.duelistLp) {
    const outcome = independentOutcome(
      preset,
      g.eliminations.map((e) => e.seat),
    );
    if (outcome === "draw") return endGame(state, [], "DRAW");
    if (outcome !== null) return endGame(state, [slotOfTeam(g, outcome)], "TEAM_ELIMINATED");
    return null;
  }
  if (g.lp.slot1 === 0 && g.lp.slot2 === 0) return endGame(state, [], "DRAW");
  if (g.lp.slot1 === 0) return endGame(state, [2], "LP_ZERO");
  if (g.lp.slot2 === 0) return endGame(state, [1], "LP_ZERO");
  return null;
}

/** Independent LP: keep `game.lp` = sum of each team's duelist LP (for displays and checks). */
function syncTeamLp(state: EompState): void {
  const g = state.game!;
  if (!g.duelistLp) return;
  const preset = presetOf(state);
  const sum = (team: TurnTeam) => seatsOfTeam(preset, team).reduce((a, x) => a + (g.duelistLp![x] ?? 0), 0);
  g.lp[k(g.firstSlot)] = sum(1);
  g.lp[k(other(g.firstSlot))] = sum(2);
}

function eliminate(state: EompState, seat: string): void {
  const g = state.game!;
  if (!g.eliminations.some((e) => e.seat === seat)) g.eliminations.push({ seat, duringTurn: g.turn });
  if (g.duelistLp) g.duelistLp[seat] = 0;
}

// ---------------------------------------------------------------------------------------------
// public API

/** Event types valid in this state (the wizard's buttons). Empty when the match is over. */
export function allowedSteps(state: EompState): EompEventType[] {
  const indep = isIndependent(getPreset(state.preset));
  const inGame = (...extra: EompEventType[]): EompEventType[] => [
    "LP_CHANGED",
    ...extra,
    ...(indep ? (["DUELIST_ELIMINATED"] as const) : []),
    "GAME_ENDED",
  ];
  switch (state.mode.m) {
    case "PLAYING":
      return state.mode.inGame
        ? state.mode.untimed
          ? ["GAME_ENDED"]
          : ["TIME_CALLED", "GAME_ENDED"]
        : state.mode.untimed
          ? ["GAME_STARTED"]
          : ["TIME_CALLED", "GAME_STARTED"];
    case "FINISH_PHASE":
      return inGame("PHASE_FINISHED");
    case "FINISH_TURN":
    case "EXTRA_TURN":
    case "TURN_BY_TURN":
    case "FIRST_LP_CHANGE":
    case "TIEBREAK_TURN":
      return inGame("TURN_ENDED");
    case "TIEBREAK_SETUP":
      return ["GAME_STARTED"];
    case "DONE":
    case "INVALID":
      return [];
  }
}

function validateConfig(config: MatchConfig): { code: string; params: MessageParams } | null {
  if (!config || !(PRESET_IDS as readonly string[]).includes(config.preset))
    return { code: "PRESET_UNKNOWN", params: { preset: String(config?.preset) } };
  if (config.stage !== "swiss" && config.stage !== "single_elimination")
    return { code: "STAGE_INVALID", params: { stage: String(config.stage) } };
  const preset = getPreset(config.preset);
  const settings = resolveSettings(preset, config.settings);
  if (!EOMP_VARIANTS.includes(settings.eomp)) return { code: "EOMP_VARIANT_UNKNOWN", params: { eomp: String(settings.eomp) } };
  const games = config.games ?? { slot1: 0, slot2: 0, drawn: 0 };
  const pen = config.penaltyGameLosses ?? { slot1: 0, slot2: 0 };
  if (![games.slot1, games.slot2, games.drawn, pen.slot1, pen.slot2].every(isCount)) return { code: "GAMES_INVALID", params: {} };
  const need = gamesToWin(preset);
  if (games.slot1 >= need || games.slot2 >= need)
    return { code: "MATCH_ALREADY_DECIDED", params: { slot1: games.slot1, slot2: games.slot2 } };
  if (isIndependent(preset) && settings.independentTimeRule === null && settings.eomp !== "double_loss" && settings.eomp !== "v25")
    return { code: "INDEPENDENT_TIME_RULE_REQUIRED", params: {} };
  return null;
}

/** Begins a match before time (PLAYING): record game ends (C41, C56) and, later, TIME_CALLED. */
export function startMatch(config: MatchConfig): Transition {
  try {
    const bad = validateConfig(config);
    if (bad) return invalid(config, bad.code, bad.params);
    const preset = getPreset(config.preset);
    const state: EompState = {
      v: 1,
      preset: preset.id,
      settings: resolveSettings(preset, config.settings),
      stage: config.stage,
      games: { ...(config.games ?? { slot1: 0, slot2: 0, drawn: 0 }) },
      penaltyGameLosses: { ...(config.penaltyGameLosses ?? { slot1: 0, slot2: 0 }) },
      timeCalled: false,
      sided: false,
      game: null,
      mode: { m: "PLAYING", inGame: true, untimed: false, chooser: null, chooserSlot: null },
      result: null,
    };
    return out(state);
  } catch (e) {
    return invalid(config, "INTERNAL", { message: String(e) });
  }
}

/**
 * Begins at the moment time is called: equivalent to startMatch(config) (with the game in
 * progress iff `input.game` is not null) followed by TIME_CALLED. Errors → an INVALID state.
 */
export function start(input: EompInput): Transition {
  const first = startMatch(input);
  if (first.output.kind === "error") return first;
  if (input.game === null && first.state.mode.m === "PLAYING") first.state.mode.inGame = false;
  const t = step(first.state, { type: "TIME_CALLED", game: input.game });
  if (t.output.kind === "error") return { state: { ...t.state, mode: { m: "INVALID" } }, output: t.output };
  return t;
}

/** Records one step. Never throws; an impossible step returns the unchanged state and an error. */
export function step(state: EompState, event: EompEvent): Transition {
  try {
    if (!event || typeof event !== "object" || !EVENT_TYPES.includes((event as EompEvent).type))
      return err(state, "EVENT_UNKNOWN", { type: String((event as { type?: unknown } | null)?.type) });
    if (state.mode.m === "DONE" || state.mode.m === "INVALID") return err(state, "MATCH_OVER", { type: event.type });
    if (!allowedSteps(state).includes(event.type)) return err(state, "STEP_NOT_ALLOWED", { type: event.type, mode: state.mode.m });
    return apply(clone(state), state, event);
  } catch (e) {
    return err(state, "INTERNAL", { message: String(e) });
  }
}

/**
 * After LP change or a duelist is eliminated: a team at 0 ends the game (§1.2, §4.1); in sudden
 * death (mode FIRST_LP_CHANGE: §2.2, §3.1 step 3) the first difference decides; else play on.
 */
function afterLifeChange(s: EompState): Transition {
  const zero = checkZero(s);
  if (zero) return zero;
  if (s.mode.m === "FIRST_LP_CHANGE") {
    const c = compare(s);
    if (c) return endGame(s, [c.winner], "EOMP_FIRST_LP_CHANGE");
  }
  return out(s);
}

function apply(s: EompState, orig: EompState, e: EompEvent): Transition {
  const preset = presetOf(s);
  const indep = isIndependent(preset);
  const proc = procedureFor(s);
  switch (e.type) {
    case "TIME_CALLED": {
      const mode = s.mode as Extract<Mode, { m: "PLAYING" }>;
      if (mode.inGame !== (e.game !== null && e.game !== undefined))
        return err(orig, mode.inGame ? "GAME_STATE_REQUIRED" : "NO_GAME_IN_PROGRESS");
      if (e.game) {
        const bad = validateGame(preset, e.game);
        if (bad) return err(orig, bad.code, bad.params);
      }
      s.timeCalled = true;
      if (proc.family === "double_loss") {
        if (s.stage === "single_elimination") {
          s.timeCalled = false;
          s.mode = { ...mode, untimed: true };
          if (e.game) s.game = toGameState(preset, e.game);
          return out(s);
        }
        if (e.game) s.game = toGameState(preset, e.game);
        return finish(s, matchResult(s, "DOUBLE_LOSS", null, "DOUBLE_LOSS"));
      }
      if (!e.game) return decideAfterTime(s, null, null, false);
      s.game = toGameState(preset, e.game);
      if (e.game.sided) s.sided = true;
      if (proc.family === "phase") {
        s.mode = { m: "FINISH_PHASE" };
        return out(s);
      }
      if (e.game.passingTurn) {
        // §5.3 (MTR 2.4: a pass announced before time is "considered to be in their
        // opponent's next turn"): that next turn is the current turn, finished first; the 3
        // additional turns follow it (pass at the end of X's turn 6 → Y 7 current, X 8, Y 9, X 10).
        nextTurn(s);
        s.mode = { m: "FINISH_TURN" };
        return out(s);
      }
      s.mode = { m: "FINISH_TURN" };
      return out(s);
    }
    case "GAME_STARTED": {
      if (e.firstSlot !== 1 && e.firstSlot !== 2) return err(orig, "SLOT_INVALID", { slot: String(e.firstSlot) });
      if (e.sided) s.sided = true;
      const tiebreak = s.mode.m === "TIEBREAK_SETUP";
      s.game = {
        firstSlot: e.firstSlot,
        turn: 1,
        phase: "DRAW",
        lp: { slot1: preset.life.start, slot2: preset.life.start },
        duelistLp: indep ? Object.fromEntries(preset.turnOrder.map((x) => [x, preset.life.start])) : null,
        eliminations: [],
        tiebreak,
      };
      syncTeamLp(s);
      if (s.mode.m === "TIEBREAK_SETUP") {
        s.mode = s.mode.turns === null ? { m: "FIRST_LP_CHANGE" } : { m: "TIEBREAK_TURN", index: 1, total: s.mode.turns };
      } else if (s.mode.m === "PLAYING") s.mode = { ...s.mode, inGame: true };
      return out(s);
    }
    case "LP_CHANGED": {
      const g = s.game!;
      if (indep) {
        if (!e.duelistLp || typeof e.duelistLp !== "object") return err(orig, "LP_REQUIRED", { field: "duelistLp" });
        for (const [seat, lp] of Object.entries(e.duelistLp)) {
          if (!preset.turnOrder.includes(seat)) return err(orig, "SEAT_UNKNOWN", { seat });
          if (!isCount(lp)) return err(orig, "LP_INVALID", { field: `duelistLp.${seat}`, value: String(lp) });
          if (g.eliminations.some((x) => x.seat === seat) && lp !== 0) return err(orig, "DUELIST_ALREADY_ELIMINATED", { seat });
        }
        for (const [seat, lp] of Object.entries(e.duelistLp)) {
          g.duelistLp![seat] = lp;
          if (lp === 0) eliminate(s, seat);
        }
        syncTeamLp(s);
      } else {
        if (!e.lp || typeof e.lp !== "object") return err(orig, "LP_REQUIRED", { field: "lp" });
        for (const f of ["slot1", "slot2"] as const) {
          const v = e.lp[f];
          if (v !== undefined && !isCount(v)) return err(orig, "LP_INVALID", { field: `lp.${f}`, value: String(v) });
        }
        g.lp = { slot1: e.lp.slot1 ?? g.lp.slot1, slot2: e.lp.slot2 ?? g.lp.slot2 };
      }
      return afterLifeChange(s);
    }
    case "DUELIST_ELIMINATED": {
      const g = s.game!;
      if (!preset.turnOrder.includes(e.seat)) return err(orig, "SEAT_UNKNOWN", { seat: String(e.seat) });
      if (g.eliminations.some((x) => x.seat === e.seat)) return err(orig, "DUELIST_ALREADY_ELIMINATED", { seat: e.seat });
      eliminate(s, e.seat);
      syncTeamLp(s);
      return afterLifeChange(s);
    }
    case "PHASE_FINISHED": {
      const wasEnd = s.game!.phase === "END";
      if (wasEnd) nextTurn(s);
      return comparisonPoint(s, proc.lpTie === "draw" ? "draw" : wasEnd ? "turn_by_turn" : "turn_by_turn_finish");
    }
    case "TURN_ENDED": {
      const m = s.mode;
      nextTurn(s);
      switch (m.m) {
        case "FINISH_TURN":
          if (proc.extraTurns === 0) return comparisonPoint(s, proc.lpTie);
          s.mode = { m: "EXTRA_TURN", index: 1, total: proc.extraTurns };
          return out(s);
        case "EXTRA_TURN":
          if (m.index < m.total) {
            s.mode = { m: "EXTRA_TURN", index: m.index + 1, total: m.total };
            return out(s);
          }
          return comparisonPoint(s, proc.lpTie);
        case "TURN_BY_TURN": {
          const c = compare(s);
          if (c) return endGame(s, [c.winner], "EOMP_TURN_BY_TURN");
          s.mode = { m: "TURN_BY_TURN", finishingCurrent: false };
          return out(s);
        }
        case "FIRST_LP_CHANGE":
          return out(s);
        case "TIEBREAK_TURN":
          if (m.index < m.total) {
            s.mode = { m: "TIEBREAK_TURN", index: m.index + 1, total: m.total };
            return out(s);
          }
          return comparisonPoint(s, proc.tiebreakTie, "EOMP_TIEBREAK_GAME");
        default:
          return err(orig, "STEP_NOT_ALLOWED", { type: e.type, mode: m.m });
      }
    }
    case "GAME_ENDED": {
      const reasons: GameEndReason[] = ["LP_ZERO", "DECK_OUT", "SPECIAL_WIN", "CONCESSION", "GAME_LOSS_PENALTY", "DRAW"];
      if (!reasons.includes(e.reason)) return err(orig, "REASON_INVALID", { reason: String(e.reason) });
      if (e.winner !== null && e.winner !== 1 && e.winner !== 2) return err(orig, "SLOT_INVALID", { slot: String(e.winner) });
      if (e.winner === null && e.reason !== "DRAW" && e.reason !== "GAME_LOSS_PENALTY" && e.reason !== "LP_ZERO")
        return err(orig, "WINNER_REQUIRED", { reason: e.reason });
      if (e.winner !== null && e.reason === "DRAW") return err(orig, "WINNER_NOT_ALLOWED", { reason: e.reason });
      const g = s.game;
      if (g && e.reason === "LP_ZERO") {
        // record the 0 so the stored LP agree with the result
        const losers: Slot[] = e.winner === null ? [1, 2] : [other(e.winner)];
        for (const l of losers) {
          if (g.duelistLp) {
            for (const seat of seatsOfTeam(preset, l === g.firstSlot ? 1 : 2)) eliminate(s, seat);
          }
          g.lp[k(l)] = 0;
        }
        if (e.winner !== null && g.lp[k(e.winner)] === 0) return err(orig, "LP_CONTRADICTION", { slot: e.winner });
      }
      if (e.winner === null)
        return endGame(s, e.reason === "GAME_LOSS_PENALTY" ? [1, 2] : [], e.reason === "GAME_LOSS_PENALTY" ? "GAME_LOSS_PENALTY" : "DRAW");
      return endGame(s, [e.winner], e.reason);
    }
  }
}

function validateGame(preset: Preset, g: GameAtTime): { code: string; params: MessageParams } | null {
  if (typeof g !== "object") return { code: "GAME_STATE_REQUIRED", params: {} };
  if (g.firstSlot !== 1 && g.firstSlot !== 2) return { code: "SLOT_INVALID", params: { slot: String(g.firstSlot) } };
  if (!Number.isInteger(g.turn) || g.turn < 1) return { code: "TURN_INVALID", params: { turn: String(g.turn) } };
  if (!PHASES.includes(g.phase)) return { code: "PHASE_INVALID", params: { phase: String(g.phase) } };
  if (g.phase === "BATTLE" && !battlePhaseAllowed(preset, g.turn))
    return { code: "NO_BATTLE_PHASE", params: { turn: g.turn, turns: preset.noBattleTurns } };
  // Yu-Gi-Oh!: Main Phase 2 follows only a Battle Phase (a turn without one goes from Main Phase 1
  // to the End Phase; rulebook, I), so a turn that cannot battle (RULES §1.5/§3/§4.1) has none.
  if (g.phase === "MAIN2" && !phaseAllowed(preset, g.turn, g.phase))
    return { code: "NO_MAIN_PHASE_2", params: { turn: g.turn, turns: preset.noBattleTurns } };
  if (isIndependent(preset)) {
    if (!g.duelistLp) return { code: "LP_REQUIRED", params: { field: "duelistLp" } };
    for (const seat of preset.turnOrder)
      if (!isCount(g.duelistLp[seat]))
        return { code: "LP_INVALID", params: { field: `duelistLp.${seat}`, value: String(g.duelistLp[seat]) } };
    for (const el of g.eliminations ?? []) {
      if (!preset.turnOrder.includes(el.seat)) return { code: "SEAT_UNKNOWN", params: { seat: String(el.seat) } };
      if (!Number.isInteger(el.duringTurn) || el.duringTurn < 1 || el.duringTurn > g.turn)
        return { code: "TURN_INVALID", params: { turn: String(el.duringTurn) } };
    }
    const eliminated = new Set([...(g.eliminations ?? []).map((x) => x.seat), ...preset.turnOrder.filter((x) => g.duelistLp![x] === 0)]);
    if (independentOutcome(preset, [...eliminated]) !== null) return { code: "GAME_ALREADY_OVER", params: {} };
    return null;
  }
  if (!g.lp) return { code: "LP_REQUIRED", params: { field: "lp" } };
  for (const f of ["slot1", "slot2"] as const)
    if (!isCount(g.lp[f])) return { code: "LP_INVALID", params: { field: `lp.${f}`, value: String(g.lp[f]) } };
  if (g.lp.slot1 === 0 || g.lp.slot2 === 0) return { code: "GAME_ALREADY_OVER", params: {} };
  return null;
}

function toGameState(preset: Preset, g: GameAtTime): GameState {
  const gs: GameState = {
    firstSlot: g.firstSlot,
    turn: g.turn,
    phase: g.phase,
    lp: g.lp ? { ...g.lp } : { slot1: 0, slot2: 0 },
    duelistLp: g.duelistLp ? { ...g.duelistLp } : null,
    eliminations: (g.eliminations ?? []).map((x) => ({ ...x })),
    tiebreak: false,
    ...(g.turnKnown === false ? { turnKnown: false } : {}),
  };
  if (gs.duelistLp) {
    for (const seat of preset.turnOrder)
      if (gs.duelistLp[seat] === 0 && !gs.eliminations.some((x) => x.seat === seat)) gs.eliminations.push({ seat, duringTurn: g.turn });
    for (const e of gs.eliminations) gs.duelistLp[e.seat] = 0;
    const sum = (team: TurnTeam) => seatsOfTeam(preset, team).reduce((a, x) => a + (gs.duelistLp![x] ?? 0), 0);
    gs.lp[k(g.firstSlot)] = sum(1);
    gs.lp[k(other(g.firstSlot))] = sum(2);
  }
  return gs;
}

/** The end-of-match procedure needs play to continue: its instruction (or refusal) as a message key. */
export interface PlayOn {
  playOn: true;
  step: string;
  params: Record<string, string | number>;
  text: string;
}
const playOn = (o: { code: string; params: MessageParams; text: string }, kind: "eomp" | "errors"): PlayOn => ({
  playOn: true,
  step: `${kind}.${o.code}`,
  text: o.text,
  params: Object.fromEntries(
    Object.entries(o.params)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, typeof v === "boolean" ? String(v) : v]),
  ) as Record<string, string | number>,
});

/**
 * Runs the preset's end-of-match procedure from "time called" with the LP the judge entered at
 * its end (no further LP change): steps the engine through the remaining phases/turns until it
 * gives a result. Returns `PlayOn` when the procedure needs play to continue (e.g. equal LP in
 * single elimination) — then the judge reports the final result directly. The turn is not
 * entered here: the engine gets a placeholder turn with `turnKnown: false`, so play-on messages
 * name no turn or seat (no made-up "turn 9, Team 1" on a top-cut tie); equal LP turn by turn
 * stops at the first play-on instruction instead of stepping placeholder turns. `step` names the
 * engine's message (formats.<step>, params) for the user's language; `text` is its English.
 */
export function resultAtTime(
  presetId: PresetId,
  settings: PresetSettings,
  stage: "swiss" | "single_elimination",
  firstSlot: 1 | 2,
  lp1: number,
  lp2: number,
): MatchResult | PlayOn {
  let t = start({
    preset: presetId,
    settings,
    stage,
    game: { firstSlot, turn: 5, phase: "MAIN1", lp: { slot1: lp1, slot2: lp2 }, turnKnown: false },
  });
  for (let i = 0; i < 30; i++) {
    if (t.output.kind === "result") return t.output.result;
    if (t.output.kind === "error") return playOn(t.output, "errors");
    const allowed = allowedSteps(t.state);
    const next = allowed.includes("PHASE_FINISHED") ? "PHASE_FINISHED" : allowed.includes("TURN_ENDED") ? "TURN_ENDED" : null;
    if (!next || t.state.mode.m === "FIRST_LP_CHANGE" || t.state.mode.m === "TURN_BY_TURN" || t.state.mode.m === "TIEBREAK_SETUP")
      return playOn(t.output as { code: string; params: MessageParams; text: string }, "eomp");
    t = step(t.state, { type: next });
  }
  return t.output.kind === "instruction"
    ? playOn(t.output, "eomp")
    : { playOn: true, step: "eomp.PLAY_ON", params: {}, text: "The end-of-match procedure did not finish." };
}
