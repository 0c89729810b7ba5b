/**
 * Pairing entry point for the server layer: `pairRound` takes plain values read from the DB
 * (active teams, earlier rounds WITH results, standings config, seed) and returns tabled
 * pairings with reasons. It calls computeStandings itself (one source of totals, PS03), so the
 * caller never passes points or ranks. Replaying the same input gives the same output (PS04).
 */
import { computeStandings, type RoundRecord, type StandingsConfig } from "../standings";
import { pairSwiss, PairingError, type SwissEntrant, type PairingCost } from "./swiss";
import { assignTables } from "./tables";
import type { PairingReason } from "./reasons";
import type { Seed } from "./rng";

export { pairSwiss, PairingError } from "./swiss";
export type { SwissEntrant, SwissOptions, SwissResult, SwissPairing, PairingCost } from "./swiss";
export { assignTables } from "./tables";
export {
  bracketOrder,
  topCutFirstRound,
  nextBracketRound,
  advanceBracket,
  cutLineTie,
  drawCut,
  type BracketMatch,
  type BracketRefusal,
  type CutLineTie,
  type CutDraw,
} from "./topcut";
export { renderReason, REASON_CODES, type PairingReason, type ReasonCode } from "./reasons";
export { maxWeightMatching } from "./matching";
export { makeRng, seedToInt, type Seed } from "./rng";

export interface PairRoundInput {
  /** ACTIVE teams for this round (dropped / not checked in left out by the caller). */
  teams: readonly { id: string; fixedTable?: number }[];
  /** Every earlier round with its results (all teams, dropped ones too). */
  history: readonly RoundRecord[];
  config: StandingsConfig;
  seed: Seed;
  /** Organizer "keep apart" pairs. */
  avoidPairs?: readonly (readonly [string, string])[];
  firstTable?: number;
}

export interface RoundPairing {
  /** null for a bye */
  table: number | null;
  team1: string;
  team2: string | null;
  reasons: PairingReason[];
}

/**
 * Pair the next Swiss round. Output pairings in table order, the bye last.
 * Throws PairingError("noActiveTeams") when no team is active (PS08) and
 * PairingError("duplicateTeam", {team}) when a team is listed twice in `teams` (never de-duplicated
 * silently: a double entry means the caller's list is wrong).
 */
export function pairRound(input: PairRoundInput): {
  pairings: RoundPairing[];
  byeTeam: string | null;
  cost: PairingCost;
  entrants: SwissEntrant[];
} {
  if (input.teams.length === 0) throw new PairingError("noActiveTeams");
  const listed = new Set<string>();
  for (const t of input.teams) {
    if (listed.has(t.id)) throw new PairingError("duplicateTeam", { team: t.id });
    listed.add(t.id);
  }
  const entrants = entrantsFromHistory(
    input.teams.map((t) => t.id),
    input.history,
    input.config,
  );
  const res = pairSwiss(entrants, { seed: input.seed, avoidPairs: input.avoidPairs });
  const fixed = new Map<string, number>();
  for (const t of input.teams) if (t.fixedTable !== undefined) fixed.set(t.id, t.fixedTable);
  const { pairings } = assignTables(res.pairings, { fixedTables: fixed, firstTable: input.firstTable });
  const out = pairings.map((p) => {
    const reasons = [...p.reasons];
    if (p.fixedTable) {
      const team = fixed.has(p.team1) ? p.team1 : p.team2!;
      reasons.push({ code: "fixedTable", params: { team, table: p.table! } });
    }
    return { table: p.table, team1: p.team1, team2: p.team2, reasons };
  });
  out.sort((a, b) => (a.table ?? Infinity) - (b.table ?? Infinity));
  return { pairings: out, byeTeam: res.byeTeam, cost: res.cost, entrants };
}

/**
 * Active teams in standing order with points, opponents, byes and last-round float direction,
 * derived from history via computeStandings (points before the last round give the floats).
 */
export function entrantsFromHistory(active: readonly string[], history: readonly RoundRecord[], config: StandingsConfig): SwissEntrant[] {
  const teams = active.map((id) => ({ id }));
  const st = computeStandings({ teams, rounds: [...history], config });
  const activeSet = new Set(active);
  const lastFloat = new Map<string, "down" | "up">();
  if (history.length > 0) {
    const before = new Map(computeStandings({ teams, rounds: history.slice(0, -1), config }).map((s) => [s.teamId, s.points]));
    for (const m of history[history.length - 1].matches) {
      if (m.team2 === null || m.result === "pending") continue;
      const p1 = before.get(m.team1) ?? 0,
        p2 = before.get(m.team2) ?? 0;
      if (p1 > p2) {
        lastFloat.set(m.team1, "down");
        lastFloat.set(m.team2, "up");
      } else if (p2 > p1) {
        lastFloat.set(m.team2, "down");
        lastFloat.set(m.team1, "up");
      }
    }
  }
  return st
    .filter((s) => activeSet.has(s.teamId))
    .map((s) => ({ id: s.teamId, points: s.points, opponents: s.opponents, byes: s.byes, lastFloat: lastFloat.get(s.teamId) ?? null }));
}
export { eventStructure, effectiveEntrants, type EventStructure, type StructureTable } from "./structure";
export { suggestDeckChecks, defaultDeckCheckCount, type DeckCheckCandidate } from "./deckcheck";
