/**
 * Turn order, Battle Phase permission, draw skipping and turn counting for card effects.
 *
 * Conventions (RULES.md §1.5, §4.1, §5.1):
 * - Turns are numbered from 1 within a duel/game. "Team 1" is the team that went first in that
 *   duel (its duelists are 1A/1B); "Team 2" the other (2A/2B). Teams always alternate, so turn N
 *   belongs to Team 1 when N is odd and to Team 2 when N is even — in every preset.
 * - Seat labels are the preset's `turnOrder` labels: Tag/UDE "1A","2A","1B","2B"; independent LP
 *   "1A","2B","3A","4B" (Team A = seats 1 and 3 = the team of the first player); 2HG / 1v1 "1","2"
 *   (a 2HG turn is a shared team turn taken by both players "1A"+"1B").
 *
 * Pure functions; invalid arguments throw {@link FormatsError} (code + params).
 */
import type { Preset } from "./presets";

/** Team number inside one duel: 1 = went first (RULES §1.1, C23). */
export type TurnTeam = 1 | 2;

/** Typed error thrown by the pure helpers of lib/formats (never by `eomp.step`). */
export class FormatsError extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code} ${JSON.stringify(params)}`);
    this.name = "FormatsError";
  }
}

function checkTurn(turn: number): void {
  if (!Number.isInteger(turn) || turn < 1) throw new FormatsError("TURN_INVALID", { turn });
}

/** True for presets where each duelist has own LP and is eliminated alone (INDEPENDENT_LP_2V2, §4.1). */
export function isIndependent(preset: Preset): boolean {
  return preset.life.model === "duelist" && preset.teamSize === 2;
}

/** Team (1 = went first) whose turn N is. Teams alternate in every preset (§1.5, §4.1, §5.1). */
export function teamOfTurn(turn: number): TurnTeam {
  checkTurn(turn);
  return turn % 2 === 1 ? 1 : 2;
}

/**
 * Team of a seat label. Independent LP: letter = team ("1A","3A" → 1; "2B","4B" → 2, §4.1);
 * otherwise the leading digit ("1B" → 1, "2" → 2). Throws SEAT_UNKNOWN for a label not in the preset.
 */
export function teamOfSeat(preset: Preset, seat: string): TurnTeam {
  if (!allSeats(preset).includes(seat)) throw new FormatsError("SEAT_UNKNOWN", { seat });
  if (isIndependent(preset)) return seat.endsWith("A") ? 1 : 2;
  return seat.startsWith("1") ? 1 : 2;
}

/** Every seat label of a preset in turn order (2HG: the team labels "1","2"). */
export function allSeats(preset: Preset): readonly string[] {
  return preset.turnOrder;
}

/** Seat labels of one team in the preset's rotation order (Tag: ["1A","1B"]; indep.: ["1A","3A"]). */
export function seatsOfTeam(preset: Preset, team: TurnTeam): string[] {
  return allSeats(preset).filter((s) => teamOfSeat(preset, s) === team);
}

/** An elimination in INDEPENDENT_LP_2V2: `seat` left the duel during turn `duringTurn` (≥ 1). */
export interface Elimination {
  seat: string;
  duringTurn: number;
}

/**
 * Seat whose turn N is.
 * - Fixed cycle presets: `turnOrder[(N-1) mod length]` (C22: 1A,2A,1B,2B,…).
 * - INDEPENDENT_LP_2V2 with eliminations (§4.1 formalisation, §8.9, C25): teams alternate
 *   (A on odd turns, B on even); inside a team the surviving members rotate in seat order,
 *   each team continuing after the member who played its previous turn. A duelist eliminated
 *   during turn k takes no turn after k. Returns null when the team of turn N has no survivor
 *   (the duel is over, C28).
 */
export function seatOfTurn(preset: Preset, turn: number, eliminations: readonly Elimination[] = []): string | null {
  checkTurn(turn);
  const order = preset.turnOrder;
  if (!isIndependent(preset) || eliminations.length === 0) return order[(turn - 1) % order.length];
  const last: Record<TurnTeam, string | null> = { 1: null, 2: null };
  let seat: string | null = null;
  for (let t = 1; t <= turn; t++) {
    const team = teamOfTurn(t);
    const members = seatsOfTeam(preset, team);
    const alive = members.filter((s) => !eliminations.some((e) => e.seat === s && e.duringTurn < t));
    if (alive.length === 0) return null;
    const prev = last[team];
    if (prev === null) seat = alive[0];
    else {
      const start = members.indexOf(prev);
      seat = null;
      for (let k = 1; k <= members.length; k++) {
        const cand = members[(start + k) % members.length];
        if (alive.includes(cand)) {
          seat = cand;
          break;
        }
      }
    }
    last[team] = seat;
  }
  return seat;
}

/**
 * Whether the turn player may conduct a Battle Phase (YGO) / attack on turn N.
 * Rule: the first `preset.noBattleTurns` turns of the duel may not battle (C22: Tag turns 1–3;
 * C24: independent turns 1–3; 1v1 turn 1). Independent LP (§4.1 wording "skip the Battle Phase of
 * their first turn", I): on turns ≤ noBattleTurns the rule binds only a duelist's first turn, so
 * after an early elimination a duelist's second turn may battle.
 */
export function battleAllowed(preset: Preset, turn: number, eliminations: readonly Elimination[] = []): boolean {
  checkTurn(turn);
  if (turn > preset.noBattleTurns) return true;
  if (!isIndependent(preset) || eliminations.length === 0) return false;
  const seat = seatOfTurn(preset, turn, eliminations);
  for (let t = 1; t < turn; t++) if (seatOfTurn(preset, t, eliminations) === seat) return true;
  return false;
}

/** Everything a table display needs about turn N. */
export interface TurnInfo {
  turn: number;
  team: TurnTeam;
  /** Seat label from the preset's turn order (2HG: the team label "1"/"2"). */
  seat: string;
  /** Duelists taking this turn (2HG: both players of the team, CR 805.4). */
  duelists: string[];
  battleAllowed: boolean;
  /** Duelists who skip their draw this turn (first turn of the duel: C30, §1.5 (I)). */
  drawSkippedBy: string[];
}

/**
 * Turn info for turn N. Draw skip: only the turn player(s) of turn 1 skip the draw — 1A in Tag
 * (§1.5, I), both Team 1 players in 2HG (CR 103.7b, 810.6, C30), the first player in 1v1.
 * Throws TURN_INVALID, or DUEL_OVER when an independent-LP team has no survivor.
 */
export function turnInfo(preset: Preset, turn: number, eliminations: readonly Elimination[] = []): TurnInfo {
  const seat = seatOfTurn(preset, turn, eliminations);
  if (seat === null) throw new FormatsError("DUEL_OVER", { turn });
  const team = teamOfTurn(turn);
  const duelists = preset.game === "MTG" && preset.teamSize === 2 ? [`${seat}A`, `${seat}B`] : [seat];
  return {
    turn,
    team,
    seat,
    duelists,
    battleAllowed: battleAllowed(preset, turn, eliminations),
    drawSkippedBy: turn === 1 ? duelists : [],
  };
}

/** Turns 1..count of a duel (convenience for displays and tests). */
export function turnSequence(preset: Preset, count: number, eliminations: readonly Elimination[] = []): TurnInfo[] {
  const out: TurnInfo[] = [];
  for (let t = 1; t <= count; t++) out.push(turnInfo(preset, t, eliminations));
  return out;
}

/**
 * Team numbering for a duel (C23; §1.1 Tag, §3 UDE): the team that wins the random method chooses
 * to go first or second; the team that goes first becomes Team 1. Generic in the team value.
 */
export function assignTeamNumbers<T>(tossWinner: T, other: T, choice: "first" | "second"): { team1: T; team2: T } {
  return choice === "first" ? { team1: tossWinner, team2: other } : { team1: other, team2: tossWinner };
}

/**
 * Independent-LP duel outcome (§4.1, C28): a team whose both duelists are eliminated loses; a
 * special win (Final Countdown, Exodia, Destiny Board) by one duelist wins for that duelist's
 * team, even when the teammate is already eliminated. Returns the winning team or null (ongoing).
 * Both teams fully eliminated at once → "draw".
 */
export function independentOutcome(
  preset: Preset,
  eliminated: readonly string[],
  specialWinBy: string | null = null,
): TurnTeam | "draw" | null {
  if (specialWinBy !== null) return teamOfSeat(preset, specialWinBy);
  const out = ([1, 2] as const).map((t) => seatsOfTeam(preset, t).every((s) => eliminated.includes(s)));
  if (out[0] && out[1]) return "draw";
  if (out[0]) return 2;
  if (out[1]) return 1;
  return null;
}

/** Opposing turns counted by Swords of Revealing Light (C31). */
export interface SwordsCount {
  /** The 3 opposing turns after activation, with their count 1..3. */
  counted: { turn: number; seat: string; count: number }[];
  /** Counted turns on which the opponents would otherwise be allowed to attack. */
  attacksPrevented: number[];
  /** The card is destroyed at the end of this turn (the 3rd opposing turn). */
  destroyedAtEndOfTurn: number;
  /** First opposing turn after that on which the opponents may attack again. */
  opponentsNextBattleTurn: number;
}

/**
 * Swords of Revealing Light activated on turn `activationTurn` by the turn player's team
 * (§1.6, C31; UDE same §3): it lasts for the opponents' next 3 turns, counting each individual
 * opposing duelist turn. Works on the rotation with eliminations for independent LP.
 */
export function swordsOfRevealingLight(preset: Preset, activationTurn: number, eliminations: readonly Elimination[] = []): SwordsCount {
  const team = teamOfTurn(activationTurn);
  const counted: SwordsCount["counted"] = [];
  let t = activationTurn;
  while (counted.length < 3) {
    t++;
    if (teamOfTurn(t) !== team) counted.push({ turn: t, seat: seatOfTurn(preset, t, eliminations) ?? "", count: counted.length + 1 });
  }
  const attacksPrevented = counted.filter((c) => battleAllowed(preset, c.turn, eliminations)).map((c) => c.turn);
  let next = t + 1;
  while (teamOfTurn(next) === team || !battleAllowed(preset, next, eliminations)) next++;
  return { counted, attacksPrevented, destroyedAtEndOfTurn: t, opponentsNextBattleTurn: next };
}

/**
 * Final Countdown (§1.6, C33): the activation turn is the 1st of 20 counted turns and every
 * duelist's turn counts, so the activator's team wins at the end of turn activationTurn + 19.
 */
export function finalCountdownWinTurn(activationTurn: number): number {
  checkTurn(activationTurn);
  return activationTurn + 19;
}

/**
 * Reckless Greed (§1.6, C34): the activating duelist's whole team skips its next 2 Draw Phases,
 * i.e. the next 2 turns of that team after `activationTurn` (I: the Draw Phase of the activation
 * turn itself has already passed). `team` defaults to the team of the turn player.
 */
export function recklessGreedSkippedDraws(
  preset: Preset,
  activationTurn: number,
  team: TurnTeam = teamOfTurn(activationTurn),
  eliminations: readonly Elimination[] = [],
): { skipped: { turn: number; seat: string }[]; nextDrawTurn: number } {
  const skipped: { turn: number; seat: string }[] = [];
  let t = activationTurn;
  while (skipped.length < 2) {
    t++;
    if (teamOfTurn(t) === team) skipped.push({ turn: t, seat: seatOfTurn(preset, t, eliminations) ?? "" });
  }
  t++;
  while (teamOfTurn(t) !== team) t++;
  return { skipped, nextDrawTurn: t };
}

/**
 * Whether the turn player may be in the Battle Phase on turn `turn` (1-based turn number of the
 * game) under `preset`: false on the opening turns that cannot conduct a Battle Phase
 * (`preset.noBattleTurns`): Tag Duel 2019 / 2013 §1.5 — the first three turns (1A, 2A, 1B), 2B is
 * the first who may attack; UDE 2v2 §3 — the 4th player is the first who may attack; independent
 * LP §4.1 — 1A, 2B and 3A skip the Battle Phase of their first turn; 1v1 — the player going first
 * does not attack on turn 1. MTG 2HG §5.1 has no such rule (the first team skips only its draw,
 * CR 103.7b): combat is allowed from turn 1, always true. An invalid turn (< 1) returns true (the
 * turn itself is refused by TURN_INVALID). The end-of-match wizard uses it to leave "Battle Phase"
 * out of the phase choice, and the end-of-match engine (lib/formats/eomp start / TIME_CALLED) refuses such a game
 * (error NO_BATTLE_PHASE). Takes only `noBattleTurns` so client components can call it.
 */
export function battlePhaseAllowed(preset: Pick<Preset, "noBattleTurns">, turn: number): boolean {
  return !(Number.isInteger(turn) && turn >= 1 && turn <= preset.noBattleTurns);
}

/**
 * Whether the game can be in `phase` (eomp PHASES: DRAW, STANDBY, MAIN1, BATTLE, MAIN2, END) on
 * turn `turn` under `preset`: BATTLE per {@link battlePhaseAllowed}; in Yu-Gi-Oh! MAIN2 only
 * follows a Battle Phase (a turn without one goes from Main Phase 1 to the End Phase; rulebook,
 * I), so it is impossible on the same opening turns (RULES §1.5 / §3 / §4.1); MTG's postcombat
 * main phase always exists (§5.1). Every other phase: true. The end-of-match engine refuses the
 * impossible ones (NO_BATTLE_PHASE, NO_MAIN_PHASE_2) and the wizard does not offer them.
 */
export function phaseAllowed(preset: Pick<Preset, "noBattleTurns" | "game">, turn: number, phase: string): boolean {
  if (phase === "BATTLE") return battlePhaseAllowed(preset, turn);
  if (phase === "MAIN2") return preset.game === "MTG" || battlePhaseAllowed(preset, turn);
  return true;
}
