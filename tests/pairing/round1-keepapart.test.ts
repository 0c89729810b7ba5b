import { describe, expect, it } from "vitest";
import { pairSwiss } from "@/lib/pairing";

const fresh = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `t${i}`, points: 0, opponents: [], byes: 0, lastFloat: null }));

describe("round 1 (random) honours keep-apart pairs (issue #5)", () => {
  it("over 500 seeds, 8 and 9 teams with 3 keep-apart pairs: never paired together, same seed same pairing", () => {
    const avoidPairs: [string, string][] = [
      ["t0", "t1"],
      ["t2", "t3"],
      ["t0", "t4"],
    ];
    for (const n of [8, 9]) {
      for (let s = 0; s < 500; s++) {
        const r = pairSwiss(fresh(n), { seed: `s${s}`, avoidPairs });
        expect(r.cost.keepApart).toBe(0);
        for (const p of r.pairings)
          for (const [a, b] of avoidPairs) expect((p.team1 === a && p.team2 === b) || (p.team1 === b && p.team2 === a)).toBe(false);
        expect(new Set(r.pairings.flatMap((p) => [p.team1, p.team2]).filter(Boolean)).size).toBe(n);
        expect(pairSwiss(fresh(n), { seed: `s${s}`, avoidPairs })).toEqual(r);
      }
    }
  });

  it("an unavoidable keep-apart (two teams, kept apart) is reported, not hidden", () => {
    const r = pairSwiss(fresh(2), { seed: "x", avoidPairs: [["t0", "t1"]] });
    expect(r.cost.keepApart).toBe(1);
    expect(r.pairings[0].reasons.map((x) => x.code)).toContain("keepApartUnavoidable");
  });
});
