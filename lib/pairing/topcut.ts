/**
 * Top cut: single elimination seeded from standings (RULES §2.3 sizes are chosen by the caller).
 * Standard bracket order (1v8, 4v5, 2v7, 3v6 for 8), next round from winners, no draws.
 */

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
    const s1 = order[i], s2 = order[i + 1];
    const t2 = s2 <= seeded.length ? seeded[s2 - 1] : null;
    out.push({ slot: i / 2 + 1, seed1: s1, seed2: t2 === null ? null : s2, team1: seeded[s1 - 1], team2: t2 });
  }
  return out;
}

/**
 * Next bracket round from the previous round's matches and their winners (team ids; a bye's
 * winner is its team1). Winners of slots 1 and 2 meet, 3 and 4, … Throws when a match has no
 * winner (no draws in single elimination, C37/C43) or a winner not in that match; returns []
 * after the final.
 */
export function nextBracketRound(previous: readonly BracketMatch[], winners: ReadonlyMap<number, string> | Record<number, string>): BracketMatch[] {
  const get = (slot: number) => (winners instanceof Map ? winners.get(slot) : (winners as Record<number, string>)[slot]);
  if (previous.length <= 1) return [];
  const w = previous.map((m) => {
    const x = m.team2 === null ? m.team1 : get(m.slot);
    if (x === undefined) throw new Error(`bracket match ${m.slot} has no winner (no draws in single elimination)`);
    if (x !== m.team1 && x !== m.team2) throw new Error(`winner ${x} did not play in bracket match ${m.slot}`);
    return { team: x, seed: x === m.team1 ? m.seed1 : m.seed2! };
  });
  const out: BracketMatch[] = [];
  for (let i = 0; i < w.length; i += 2) out.push({ slot: i / 2 + 1, seed1: w[i].seed, seed2: w[i + 1].seed, team1: w[i].team, team2: w[i + 1].team });
  return out;
}
