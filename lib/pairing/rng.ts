/**
 * Seeded randomness for pairing (pure-rand xoroshiro128+). No Math.random anywhere in lib/.
 * A string seed is hashed with 32-bit FNV-1a; a number seed is used as a 32-bit integer.
 */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";

export type Seed = string | number;

/** 32-bit FNV-1a of a string seed; numbers are truncated to int32. */
export function seedToInt(seed: Seed): number {
  if (typeof seed === "number") return seed | 0;
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

export interface Rng {
  /** Uniform integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number;
  /** In-place Fisher–Yates shuffle; returns the array. */
  shuffle<T>(xs: T[]): T[];
}

/** Deterministic generator: same seed → same sequence. */
export function makeRng(seed: Seed): Rng {
  const g = xoroshiro128plus(seedToInt(seed));
  return {
    int: (lo, hi) => uniformInt(g, lo, hi),
    shuffle<T>(xs: T[]): T[] {
      for (let i = xs.length - 1; i > 0; i--) {
        const j = uniformInt(g, 0, i);
        const t = xs[i];
        xs[i] = xs[j];
        xs[j] = t;
      }
      return xs;
    },
  };
}
