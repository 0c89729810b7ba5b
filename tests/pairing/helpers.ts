import type { SwissEntrant } from "@/lib/pairing";

export interface CostVec {
  R: number;
  B: number;
  F: number;
  Q: number;
  K: number;
  L: number;
}
export const LEVELS = ["R", "B", "K", "F", "Q", "L"] as const;
export const lexLess = (a: CostVec, b: CostVec) => {
  // The pairing objective, most important first (DESIGN.md): R → B → K → F → Q → L
  for (const k of LEVELS) if (a[k] !== b[k]) return a[k] < b[k];
  return false;
};

/**
 * Independent cost of a complete pairing (written from the definitions, not from the engine):
 * R rematches; B = eligible teams ranked below the bye team; F = Σ |match-point difference|;
 * Q = teams floating in the same direction as last round; K = keep-apart pairs paired;
 * L = Σ over floats (down-floater's distance from its group's bottom + up-floater's from top).
 * Returns null when the bye goes to an ineligible team (more byes than the minimum).
 */
export function costOf(
  es: readonly SwissEntrant[],
  pairs: [number, number][],
  bye: number | null,
  avoid: [string, string][],
): CostVec | null {
  const pts = [...new Set(es.map((e) => e.points))].sort((a, b) => b - a);
  const g = es.map((e) => pts.indexOf(e.points));
  const top = (i: number) => es.slice(0, i).filter((e) => e.points === es[i].points).length;
  const bottom = (i: number) => es.slice(i + 1).filter((e) => e.points === es[i].points).length;
  const minByes = Math.min(...es.map((e) => e.byes));
  const c: CostVec = { R: 0, B: 0, F: 0, Q: 0, K: 0, L: 0 };
  if (bye !== null) {
    if (es[bye].byes !== minByes) return null;
    c.B = es.slice(bye + 1).filter((e) => e.byes === minByes).length;
  }
  for (const [x, y] of pairs) {
    const [i, j] = x < y ? [x, y] : [y, x];
    if (es[i].opponents.includes(es[j].id)) c.R++;
    if (avoid.some(([a, b]) => (a === es[i].id && b === es[j].id) || (b === es[i].id && a === es[j].id))) c.K++;
    const d = g[j] - g[i];
    if (d > 0) {
      c.F += es[i].points - es[j].points;
      if (es[i].lastFloat === "down") c.Q++;
      if (es[j].lastFloat === "up") c.Q++;
      c.L += bottom(i) + top(j);
    }
  }
  return c;
}

/** Brute force: lexicographically minimal cost over every pairing (+ bye when odd). */
export function bruteForce(es: readonly SwissEntrant[], avoid: [string, string][]): CostVec {
  const n = es.length;
  let best: CostVec | null = null;
  const pairs: [number, number][] = [];
  const used = new Array(n).fill(false);
  const rec = (bye: number | null) => {
    let i = 0;
    while (i < n && used[i]) i++;
    if (i === n) {
      const c = costOf(es, pairs, bye, avoid);
      if (c && (!best || lexLess(c, best))) best = c;
      return;
    }
    used[i] = true;
    for (let j = i + 1; j < n; j++) {
      if (used[j]) continue;
      used[j] = true;
      pairs.push([i, j]);
      rec(bye);
      pairs.pop();
      used[j] = false;
    }
    used[i] = false;
  };
  if (n % 2 === 0) rec(null);
  else
    for (let b = 0; b < n; b++) {
      used[b] = true;
      rec(b);
      used[b] = false;
    }
  return best!;
}

/** Minimum rematches over perfect matchings of `ids` (bitmask DP, ≤ 20 teams). */
export function minRematches(ids: string[], played: (a: string, b: string) => boolean): number {
  const m = ids.length;
  const full = (1 << m) - 1;
  const dp = new Int32Array(1 << m).fill(1 << 20);
  dp[0] = 0;
  for (let mask = 1; mask <= full; mask++) {
    if (popcount(mask) % 2) continue;
    const i = 31 - Math.clz32(mask & -mask);
    const rest = mask & ~(1 << i);
    let best = 1 << 20;
    for (let j = i + 1; j < m; j++) {
      if (!(rest & (1 << j))) continue;
      const v = dp[rest & ~(1 << j)] + (played(ids[i], ids[j]) ? 1 : 0);
      if (v < best) best = v;
    }
    dp[mask] = best;
  }
  return dp[full];
}
function popcount(x: number) {
  let c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}
