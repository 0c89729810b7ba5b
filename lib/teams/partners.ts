/**
 * "Match partners" (issue #16 "Looking for a partner"): players who entered alone are paired into
 * teams of two before round 1. Pure: the randomness is a seed the caller records (Event.partnerSeed
 * and the audit row), so the same seed and pool always give the same teams.
 *
 * Rules:
 * - the TO's manual pairs (`fixed`) are kept as given, first (both ids must be in the pool, each
 *   at most once; otherwise {@link PartnerMatchError});
 * - everybody else is shuffled with the seed (pure-rand xoroshiro128+) and taken
 *   two by two; with an odd count the last one is the leftover (at most one);
 * - A/B (RULES §1.1: a fixed designation per duelist) is drawn per team with the same generator,
 *   manual pairs included (the TO chooses who plays together, the draw who is A).
 */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";

export type Seed = string | number;

/** The generator for a seed: a string is hashed with 32-bit FNV-1a (as lib/pairing/rng does; lib/teams may not import lib/pairing). */
function generator(seed: Seed) {
  let h = 0x811c9dc5;
  if (typeof seed === "number") h = seed | 0;
  else
    for (let i = 0; i < seed.length; i++) {
      h ^= seed.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  const g = xoroshiro128plus(h | 0);
  return {
    int: (lo: number, hi: number) => uniformInt(g, lo, hi),
    shuffle<T>(xs: T[]): T[] {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = uniformInt(g, 0, i);
        [xs[i], xs[j]] = [xs[j], xs[i]];
      }
      return xs;
    },
  };
}

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
  const rng = generator(seed);
  const rest = rng.shuffle(pool.filter((id) => !used.has(id)));
  const pairs: [string, string, boolean][] = fixed.map(([x, y]) => [x, y, true]);
  for (let i = 0; i + 1 < rest.length; i += 2) pairs.push([rest[i], rest[i + 1], false]);
  const teams = pairs.map(([x, y, manual]) => (rng.int(0, 1) === 0 ? { a: x, b: y, manual } : { a: y, b: x, manual }));
  return { teams, leftover: rest.length % 2 === 1 ? rest[rest.length - 1] : null };
}
