import { describe, it, expect } from "vitest";
import { eventStructure, effectiveEntrants } from "@/lib/pairing";

describe("tournament size tables (CASES G)", () => {
  it("C66: Konami rounds pre-v2.5 — 20 → 5 Swiss rounds, Top 4; 130 → 8 rounds, Top 16", () => {
    expect(eventStructure(20, "kdee")).toEqual({ swissRounds: 5, topCut: 4, split: null });
    expect(eventStructure(130, "kdee")).toEqual({ swissRounds: 8, topCut: 16, split: null });
  });
  it("C66: band edges of the §2.3 table", () => {
    expect(
      [4, 8, 9, 16, 17, 32, 33, 64, 65, 128, 129, 256, 257, 512, 513, 1024, 1025, 2048, 2049].map((n) => eventStructure(n).swissRounds),
    ).toEqual([3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12]);
    expect([8, 9, 33, 129, 513, 2049].map((n) => eventStructure(n).topCut)).toEqual([0, 4, 8, 16, 32, 64]);
    expect(() => eventStructure(3)).toThrow(/at least 4/);
  });
  it("C66: v2.5 Tier 1–2 cuts and the 2049+ ambiguity; Tier 3–4 totals with bye holders", () => {
    expect([20, 40, 2048].map((n) => eventStructure(n, "v25-tier12").topCut)).toEqual([4, 8, 8]);
    // §8.6: the documented default is "none"; "top8" is the setting's other choice
    expect(eventStructure(3000, "v25-tier12").topCut).toBe(0);
    expect(eventStructure(3000, "v25-tier12", { cut2049: "top8" }).topCut).toBe(8);
    expect(eventStructure(200, "v25-tier34")).toEqual({ swissRounds: 11, topCut: 8, split: [7, 4] });
    expect(effectiveEntrants(1005, { two: 5 })).toBe(1020);
    expect(eventStructure(effectiveEntrants(1005, { two: 5 }), "v25-tier34")).toEqual({ swissRounds: 13, topCut: 8, split: [8, 5] });
  });
});
