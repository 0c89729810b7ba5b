import { describe, expect, it } from "vitest";
import { getPreset } from "@/lib/formats/presets";
import { recommendedStructure } from "@/lib/formats/structure";

const ONE = getPreset("KONAMI_STANDARD_1V1");
const TAG = getPreset("KONAMI_TAG_2019");
const MTG = getPreset("MTG_2HG");

describe("G. tournament size tables", () => {
  it("C66: Konami rounds, pre-v2.5 (20 → 5 rounds, Top 4; 130 → 8 rounds, Top 16)", () => {
    expect(recommendedStructure(ONE, 20)).toMatchObject({ swissRounds: 5, topCut: 4, topCutOptional: true, table: "konami_pre_v25" });
    expect(recommendedStructure(ONE, 130)).toMatchObject({ swissRounds: 8, topCut: 16, table: "konami_pre_v25" });
  });

  it("§2.3: every row boundary of the pre-v2.5 table (Tag uses it too)", () => {
    const rows: [number, number, number][] = [
      [4, 3, 0],
      [8, 3, 0],
      [9, 4, 4],
      [16, 4, 4],
      [17, 5, 4],
      [32, 5, 4],
      [33, 6, 8],
      [64, 6, 8],
      [65, 7, 8],
      [128, 7, 8],
      [129, 8, 16],
      [256, 8, 16],
      [257, 9, 16],
      [512, 9, 16],
      [513, 10, 32],
      [1024, 10, 32],
      [1025, 11, 32],
      [2048, 11, 32],
      [2049, 12, 64],
      [5000, 12, 64],
    ];
    for (const [n, rounds, cut] of rows) {
      const s = recommendedStructure(TAG, n);
      expect([n, s.swissRounds, s.topCut]).toEqual([n, rounds, cut]);
    }
  });

  it("§2.3 v2.5 Tier 1–2: Top 4 for 9–32, Top 8 for 33–2048, 2049+ no cut (⚠ §8.6)", () => {
    const v25 = { eomp: "v25" as const };
    expect(recommendedStructure(ONE, 20, v25)).toMatchObject({ swissRounds: 5, topCut: 4, table: "konami_v25", topCutOptional: false });
    expect(recommendedStructure(ONE, 130, v25)).toMatchObject({ swissRounds: 8, topCut: 8 });
    expect(recommendedStructure(ONE, 2048, v25)).toMatchObject({ swissRounds: 11, topCut: 8 });
    expect(recommendedStructure(ONE, 2049, v25)).toMatchObject({ swissRounds: 12, topCut: 0 });
  });

  it("§8.6: the 2049+ v2.5 cut is a setting — default none, top8 on request", () => {
    expect(recommendedStructure(ONE, 3000, { eomp: "v25" }).topCut).toBe(0);
    expect(recommendedStructure(ONE, 3000, { eomp: "v25", cut2049: "top8" }).topCut).toBe(8);
  });

  it("§2.3 Tier 3–4 example: a Tier 3 event of 1,020 (1,005 entrants, five 2-round bye holders) is shown 13 rounds (8 + 5), Top 8", () => {
    for (const preset of [TAG, ONE, getPreset("KONAMI_TAG_2013")]) {
      expect(recommendedStructure(preset, 1005, { tier: "3-4" }, { two: 5 })).toMatchObject({
        entrants: 1005,
        effectiveEntrants: 1020,
        swissRounds: 13,
        topCut: 8,
        split: [8, 5],
        table: "konami_v25_tier34",
      });
      expect(recommendedStructure(preset, 1020, { tier: "3-4" })).toMatchObject({ swissRounds: 13, split: [8, 5] });
    }
    // Tier 1–2 reads the same 1,020 in the pre-v2.5 table: 10 rounds; bye holders do not count there
    expect(recommendedStructure(TAG, 1005, { tier: "1-2" }, { two: 5 })).toMatchObject({ effectiveEntrants: 1005, swissRounds: 10 });
    // Tier 3–4 below 129 uses the Tier 1–2 counts (RULES §2.3); 200 → 7 + 4
    expect(recommendedStructure(TAG, 100, { tier: "3-4" })).toMatchObject({ swissRounds: 7, topCut: 8, split: null });
    expect(recommendedStructure(TAG, 200, { tier: "3-4" })).toMatchObject({ swissRounds: 11, split: [7, 4] });
    // the tier does not apply to presets without a Konami table
    expect(recommendedStructure(MTG, 1020, { tier: "3-4" }).table).toBe("log2");
  });

  it("§2.3: fewer than 4 entrants warns (sanction minimum)", () => {
    expect(recommendedStructure(TAG, 3)).toMatchObject({ swissRounds: 2, warnings: ["BELOW_SANCTION_MINIMUM"] });
    expect(recommendedStructure(TAG, 4).warnings).toEqual([]);
  });

  it("MTG_2HG (no table): ceil(log2) rounds; no cut ≤ 8, Top 4 for 9–15, Top 8 from 16", () => {
    expect(
      [2, 8, 9, 15, 16, 17, 64, 65].map((n) => [recommendedStructure(MTG, n).swissRounds, recommendedStructure(MTG, n).topCut]),
    ).toEqual([
      [1, 0],
      [3, 0],
      [4, 4],
      [4, 4],
      [4, 8],
      [5, 8],
      [6, 8],
      [7, 8],
    ]);
    expect(recommendedStructure(MTG, 9).table).toBe("log2");
    expect(recommendedStructure(getPreset("UDE_2V2"), 9).table).toBe("log2");
  });

  it("rejects a non-integer or too small entrant count", () => {
    expect(() => recommendedStructure(TAG, 1)).toThrowError(/ENTRANTS_INVALID/);
    expect(() => recommendedStructure(TAG, 7.5)).toThrowError(/ENTRANTS_INVALID/);
  });
});
