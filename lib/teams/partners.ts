/**
 * "Match partners" (issue #16 "Looking for a partner"): players who entered alone are paired into
 * teams of two before round 1. Pure: the randomness is a seed the caller records (Event.partnerSeed
 * and the audit row), so the same seed and pool always give the same teams.
 *
 * Rules:
 * - the TO's manual pairs (`fixed`) are kept as given, first (both ids must be in the pool, each
 *   at most once; otherwise {@link PartnerMatchError});
 * - everybody else is shuffled with the seed (pure-rand xoroshiro128+, lib/pairing/rng) and taken
 *   two by two; with an odd count the last one is the leftover (at most one);
 * - A/B (RULES §1.1: a fixed designation per duelist) is drawn per team with the same generator,
 *   manual pairs included (the TO chooses who plays together, the draw who is A).
 */
import { makeRng, type Seed } from "@/lib/pairing/rng";

/** One drawn team: `a` and `b` are pool entry ids (designations A and B). */
export interface DrawnTeam {
  a: string;
  b: string;
  /** True when the TO paired these two by hand. */
  manual: boolean;
}

export interface PartnerDraw {
  teams: DrawnTeam[];
  /** The pool entry left without a partner (odd pool), or null. */
  leftover: string | null;
}

/** A manual pair names an id not in the pool (`UNKNOWN`) or an id twice (`TWICE`). */
export class PartnerMatchError extends Error {
  constructor(
    readonly reason: "UNKNOWN" | "TWICE",
    readonly id: string,
  ) {
    super(`manual pair: ${reason === "UNKNOWN" ? "not in the pool" : "listed twice"}: ${id}`);
  }
}

/**
 * Pairs the pool into teams.
 * @param pool pool entry ids in entry order (the order matters only as the shuffle's input)
 * @param seed the recorded seed
 * @param fixed the TO's manual pairs, kept as pairs (their A/B still drawn)
 * @throws PartnerMatchError when a manual pair names an unknown id or an id twice
 */
export function matchPartners(pool: readonly string[], seed: Seed, fixed: readonly (readonly [string, string])[] = []): PartnerDraw {
  const inPool = new Set(pool);
  if (inPool.size !== pool.length)
    throw new PartnerMatchError(
      "TWICE",
      pool.find((x, i) => pool.indexOf(x) !== i)!,
    );
  const used = new Set<string>();
  for (const pair of fixed)
    for (const id of pair) {
      if (!inPool.has(id)) throw new PartnerMatchError("UNKNOWN", id);
      if (used.has(id)) throw new PartnerMatchError("TWICE", id);
      used.add(id);
    }
  const rng = makeRng(seed);
  const rest = rng.shuffle(pool.filter((id) => !used.has(id)));
  const pairs: [string, string, boolean][] = fixed.map(([x, y]) => [x, y, true]);
  for (let i = 0; i + 1 < rest.length; i += 2) pairs.push([rest[i], rest[i + 1], false]);
  const teams = pairs.map(([x, y, manual]) => (rng.int(0, 1) === 0 ? { a: x, b: y, manual } : { a: y, b: x, manual }));
  return { teams, leftover: rest.length % 2 === 1 ? rest[rest.length - 1] : null };
}
