/**
 * Top cut: single elimination seeded from standings (RULES §2.3 sizes are chosen by the caller).
 * Standard bracket order (1v8, 4v5, 2v7, 3v6 for 8), next round from winners, no draws.
 */
import { makeRng } from "./rng";

/** Seeds in bracket order for a power-of-two size: 8 → [1,8,4,5,2,7,3,6]. Throws otherwise. */
export function bracketOrder(size: number): number[] {
  if (size < 2 || (size & (size - 1)) !== 0) throw new Error(`bracket size must be a power of two ≥ 2: ${size}`);
  let order = [1, 2];
  while (order.length < size) {
    const m = order.length * 2 + 1;
    order = order.flatMap((s) => [s, m - s]);
  }
  return order;
}

export interface BracketMatch {
  /** 1-based position in the bracket round. */
  slot: number;
  seed1: number;
  seed2: number | null;
  team1: string;
  /** null = bye (only when the cut is not a power of two: top seeds advance). */
  team2: string | null;
}

/**
 * First bracket round from team ids in standing order (index 0 = seed 1). A cut that is not a
 * power of two gives byes to the top seeds. Throws on fewer than 2 teams or duplicate ids.
 */
export function topCutFirstRound(seeded: readonly string[]): BracketMatch[] {
  if (seeded.length < 2) throw new Error("a top cut needs at least 2 teams");
  if (new Set(seeded).size !== seeded.length) throw new Error("duplicate team in top cut");
  let size = 2;
  while (size < seeded.length) size *= 2;
  const order = bracketOrder(size);
  const out: BracketMatch[] = [];
  for (let i = 0; i < size; i += 2) {
    const s1 = order[i],
      s2 = order[i + 1];
    const t2 = s2 <= seeded.length ? seeded[s2 - 1] : null;
    out.push({ slot: i / 2 + 1, seed1: s1, seed2: t2 === null ? null : s2, team1: seeded[s1 - 1], team2: t2 });
  }
  return out;
}

/**
 * Next bracket round from the previous round's matches and their winners (team ids; a bye's
 * winner is its team1). Winners of slots 1 and 2 meet, 3 and 4, … Throws when a match has no
 * winner (no draws in single elimination, C37/C43) or a winner not in that match; returns []
 * after the final. The server layer uses {@link advanceBracket}, which also handles teams that
 * left the cut.
 */
export function nextBracketRound(
  previous: readonly BracketMatch[],
  winners: ReadonlyMap<number, string> | Record<number, string>,
): BracketMatch[] {
  const get = (slot: number) => (winners instanceof Map ? winners.get(slot) : (winners as Record<number, string>)[slot]);
  const results = new Map<number, string>();
  for (const m of previous) {
    const x = get(m.slot);
    if (x !== undefined) results.set(m.slot, x);
  }
  const r = advanceBracket(previous, results, new Set());
  if (!r.ok) {
    if (r.code === "NO_WINNER") throw new Error(`bracket match ${r.slots[0]} has no winner (no draws in single elimination)`);
    throw new Error(`winner ${r.team} did not play in bracket match ${r.slots[0]}`);
  }
  return r.next;
}

/** Why the next bracket round cannot be paired: a table has no result yet, or a "winner" who did not play there. */
export type BracketRefusal =
  { ok: false; code: "NO_WINNER"; slots: number[] } | { ok: false; code: "NOT_IN_MATCH"; slots: number[]; team: string };

/**
 * Next bracket round when teams may have left the cut (RULES §6.2 drops; §5.2 / MTR 8.2 a
 * disqualified member removes the team; §1.8 and §5.3: single elimination has no draw and no
 * double loss, so a table either sends one team on or none).
 * - `results`: per previous slot, the winner's team id, or `null` when no one goes on (both teams
 *   out: a double disqualification, or both dropped — the round close records that table as a
 *   double loss). A slot with no entry and a real opponent is missing → refusal NO_WINNER.
 * - `out`: teams that left the event (dropped or disqualified). A winner in `out` does not go on.
 * A team whose feeder opponent does not go on gets a bye (team2 null); when neither feeder sends
 * a team, that next slot is left out (its own next opponent gets a bye in turn). Slots pair by
 * number: slots 2k−1 and 2k feed slot k.
 * Returns the next round (`[]` once the previous round was the final or the bracket emptied) and
 * the champion: the team the final sent on (a round with a single slot), else null. Pure.
 * Example: slots 1 (A v B) and 2 (C v D), both C and D disqualified → results {1: A, 2: null} →
 * next = [{slot 1, team1 A, team2 null}] (the final is a bye for A).
 */
export function advanceBracket(
  previous: readonly BracketMatch[],
  results: ReadonlyMap<number, string | null>,
  out: ReadonlySet<string>,
): { ok: true; next: BracketMatch[]; champion: string | null } | BracketRefusal {
  const missing: number[] = [];
  const goesOn = new Map<number, { team: string; seed: number }>();
  for (const m of previous) {
    let team: string | null;
    if (m.team2 === null) team = m.team1;
    else {
      const r = results.get(m.slot);
      if (r === undefined) {
        missing.push(m.slot);
        continue;
      }
      if (r !== null && r !== m.team1 && r !== m.team2) return { ok: false, code: "NOT_IN_MATCH", slots: [m.slot], team: r };
      team = r;
    }
    if (team !== null && !out.has(team)) goesOn.set(m.slot, { team, seed: team === m.team1 ? m.seed1 : m.seed2! });
  }
  if (missing.length) return { ok: false, code: "NO_WINNER", slots: missing };
  if (previous.length <= 1) return { ok: true, next: [], champion: goesOn.values().next().value?.team ?? null };
  const lastSlot = Math.max(...previous.map((m) => m.slot));
  const next: BracketMatch[] = [];
  for (let k = 1; 2 * k - 1 <= lastSlot; k++) {
    const a = goesOn.get(2 * k - 1);
    const b = goesOn.get(2 * k);
    const first = a ?? b;
    if (!first) continue;
    const second = a && b ? b : null;
    next.push({ slot: k, seed1: first.seed, seed2: second?.seed ?? null, team1: first.team, team2: second?.team ?? null });
  }
  return { ok: true, next, champion: null };
}

/** An exact tie across the top-cut line (RULES §6.1 / §5.5 keys all equal), found before the cut. */
export interface CutLineTie {
  /** Cut size. */
  size: number;
  /** The tied teams in standing order (ties are listed by team id there), in and out of the cut. */
  tied: string[];
  /** 1-based place of the first tied team. */
  firstPlace: number;
  /** How many of the tied teams get into the cut. */
  places: number;
}

type Ranked = { teamId: string; tiedWithPrevious: boolean };

/**
 * The exact tie at the cut line of `size`, or null. `standings` = computeStandings order (all
 * teams); `eligible` filters who can be cut (dropped / disqualified teams are skipped, as cutTop
 * does). Two eligible teams are tied when every team between them in the full list is flagged
 * `tiedWithPrevious` (equal keys are transitive).
 */
export function cutLineTie(
  standings: readonly Ranked[],
  size: number,
  eligible: (teamId: string) => boolean = () => true,
): CutLineTie | null {
  const pos: number[] = [];
  standings.forEach((s, i) => {
    if (eligible(s.teamId)) pos.push(i);
  });
  if (size < 1 || pos.length <= size) return null;
  const tiedWithPrev = (k: number): boolean => {
    for (let i = pos[k - 1] + 1; i <= pos[k]; i++) if (!standings[i].tiedWithPrevious) return false;
    return true;
  };
  if (!tiedWithPrev(size)) return null;
  let lo = size - 1;
  while (lo > 0 && tiedWithPrev(lo)) lo--;
  let hi = size;
  while (hi + 1 < pos.length && tiedWithPrev(hi + 1)) hi++;
  const tied: string[] = [];
  for (let k = lo; k <= hi; k++) tied.push(standings[pos[k]].teamId);
  return { size, tied, firstPlace: lo + 1, places: size - lo };
}

/** The recorded draw that broke a cut-line tie: the seed, the tied teams and the drawn order. */
export interface CutDraw {
  seed: string;
  tied: string[];
  /** The tied teams in drawn order; the first `places` are in the cut. */
  order: string[];
  places: number;
}

/**
 * The top cut (team ids in seed order, `size` of them or fewer) from standings, with an exact
 * tie at the cut line broken by a seeded random draw (the caller records `draw`; same seed →
 * same order). The draw orders the whole tied group, so it also decides the seeds inside it.
 * Without a tie at the line, `draw` is null and the cut is the first `size` eligible teams.
 */
export function drawCut(
  standings: readonly Ranked[],
  size: number,
  seed: string,
  eligible: (teamId: string) => boolean = () => true,
): { cut: string[]; draw: CutDraw | null } {
  const ids = standings.filter((s) => eligible(s.teamId)).map((s) => s.teamId);
  const tie = cutLineTie(standings, size, eligible);
  if (!tie) return { cut: ids.slice(0, size), draw: null };
  const order = makeRng(seed).shuffle([...tie.tied].sort());
  const cut = [...ids.slice(0, tie.firstPlace - 1), ...order].slice(0, size);
  return { cut, draw: { seed, tied: tie.tied, order, places: tie.places } };
}
