import { describe, it, expect } from "vitest";
import { makeRng } from "@/lib/pairing/rng";
import { maxWeightMatching } from "@/lib/pairing/matching";

/** Brute force: best (cardinality, weight) over all matchings of a small graph. */
function brute(n: number, es: [number, number, number][]): [number, number] {
  const adj = new Map<number, number>();
  for (const [u, v, w] of es) {
    const key = u * 64 + v;
    adj.set(key, Math.max(adj.get(key) ?? -Infinity, w));
    adj.set(v * 64 + u, adj.get(key)!);
  }
  let best: [number, number] = [0, 0];
  const rec = (used: number, i: number, card: number, wt: number) => {
    while (i < n && used & (1 << i)) i++;
    if (i >= n) {
      if (card > best[0] || (card === best[0] && wt > best[1])) best = [card, wt];
      return;
    }
    rec(used | (1 << i), i + 1, card, wt); // leave i unmatched
    for (let j = i + 1; j < n; j++) {
      if (used & (1 << j)) continue;
      const w = adj.get(i * 64 + j);
      if (w !== undefined) rec(used | (1 << i) | (1 << j), i + 1, card + 1, wt + w);
    }
  };
  rec(0, 0, 0, 0);
  return best;
}

describe("maximum-weight matching (engine core for PS01)", () => {
  it("PS01: blossom matching equals brute force on 1,500 random graphs (≤ 10 vertices, integer weights)", () => {
    const rng = makeRng(42);
    const r = (n: number) => rng.int(0, n - 1);
    for (let iter = 0; iter < 1500; iter++) {
      const n = 2 + r(9);
      const es: [number, number, number][] = [];
      const dens = 20 + r(80);
      for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (r(100) < dens) es.push([i, j, r(4) === 0 ? r(1000) : r(6)]);
      const mate = maxWeightMatching(n, { u: es.map((e) => e[0]), v: es.map((e) => e[1]), w: es.map((e) => e[2]) });
      let card = 0,
        wt = 0;
      for (let v = 0; v < n; v++) {
        const m = mate[v];
        if (m < 0) continue;
        expect(mate[m]).toBe(v);
        if (v < m) {
          card++;
          wt += Math.max(...es.filter((e) => e[0] === v && e[1] === m).map((e) => e[2]));
        }
      }
      expect([card, wt]).toEqual(brute(n, es));
    }
  });

  it("PS01: a warm start of maximum-weight edges gives the same optimum", () => {
    // path 0-1-2-3 with weights 5,5,5: warm start {1-2} must be re-routed to {0-1, 2-3}
    const mate = maxWeightMatching(4, { u: [0, 1, 2], v: [1, 2, 3], w: [5, 5, 5] }, [-1, 2, 1, -1]);
    expect([...mate]).toEqual([1, 0, 3, 2]);
    expect(() => maxWeightMatching(3, { u: [0, 1], v: [1, 2], w: [5, 4] }, [-1, 2, 1])).toThrow(/warm start/);
  });

  it("PS01: rejects non-integer weights", () => {
    expect(() => maxWeightMatching(2, { u: [0], v: [1], w: [0.5] })).toThrow(/integer/);
  });
});
