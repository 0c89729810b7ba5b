/**
 * Deck-check suggestions (issue #4): which teams a judge should deck-check this round.
 * Pure and deterministic: the same round id and teams give the same suggestions, so the judge
 * page shows a stable list for the whole round (seeded pure-rand, never Math.random).
 */
import { makeRng, type Seed } from "./rng";

export interface DeckCheckCandidate {
  /** Team id. */
  id: string;
  /** True when this team was already deck-checked in an EARLIER round of the event. */
  checkedBefore: boolean;
}

/** Default number of suggestions for a round with `teams` playing teams: ~1 in 8, at least 1 (0 for none). */
export function defaultDeckCheckCount(teams: number): number {
  return teams <= 0 ? 0 : Math.max(1, Math.ceil(teams / 8));
}

/**
 * Suggests up to `count` distinct teams to deck-check, at random seeded by `seed` (the round id).
 * Teams not checked before come first (shuffled); only when there are fewer of them than `count`
 * are already-checked teams added (also shuffled). Input order does not matter (candidates are
 * sorted by id before shuffling); duplicate ids are ignored. Returns team ids, best first.
 * `count` defaults to `defaultDeckCheckCount(candidates)`; a negative or fractional count is
 * floored at 0.
 */
export function suggestDeckChecks(candidates: readonly DeckCheckCandidate[], seed: Seed, count?: number): string[] {
  const byId = new Map<string, DeckCheckCandidate>();
  for (const c of candidates) if (!byId.has(c.id)) byId.set(c.id, c);
  const all = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const n = Math.max(0, Math.floor(count ?? defaultDeckCheckCount(all.length)));
  const rng = makeRng(seed);
  const fresh = rng.shuffle(all.filter((c) => !c.checkedBefore).map((c) => c.id));
  const again = rng.shuffle(all.filter((c) => c.checkedBefore).map((c) => c.id));
  return [...fresh, ...again].slice(0, n);
}
