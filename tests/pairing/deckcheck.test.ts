/** Deck-check suggestions (issue #4 "Tandem suggests teams at random for the round"). */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { defaultDeckCheckCount, suggestDeckChecks } from "@/lib/pairing";

const teams = (n: number, checked: number[] = []) =>
  Array.from({ length: n }, (_, i) => ({ id: `t${String(i).padStart(2, "0")}`, checkedBefore: checked.includes(i) }));

describe("suggestDeckChecks", () => {
  it("is seeded by the round id: same round → same suggestions, whatever the input order", () => {
    const a = suggestDeckChecks(teams(16), "round-abc", 3);
    expect(a).toHaveLength(3);
    expect(suggestDeckChecks([...teams(16)].reverse(), "round-abc", 3)).toEqual(a);
    // Another round id gives another draw (for these fixed ids, checked once by hand).
    const draws = new Set(["r1", "r2", "r3", "r4", "r5"].map((s) => suggestDeckChecks(teams(16), s, 3).join(",")));
    expect(draws.size).toBeGreaterThan(1);
  });

  it("excludes teams already checked this event when enough others remain", () => {
    const checked = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const s = suggestDeckChecks(teams(12, checked), "r", 2);
    expect(s.sort()).toEqual(["t10", "t11"]);
  });

  it("falls back to already-checked teams only when unchecked ones run out (unchecked first)", () => {
    const s = suggestDeckChecks(teams(4, [0, 1, 2]), "r", 3);
    expect(s[0]).toBe("t03");
    expect(s).toHaveLength(3);
    expect(new Set(s).size).toBe(3);
  });

  it("never suggests more teams than exist; count 0 gives none; duplicate ids count once", () => {
    expect(suggestDeckChecks(teams(2), "r", 5).sort()).toEqual(["t00", "t01"]);
    expect(suggestDeckChecks(teams(5), "r", 0)).toEqual([]);
    expect(
      suggestDeckChecks(
        [
          { id: "x", checkedBefore: false },
          { id: "x", checkedBefore: true },
        ],
        "r",
        3,
      ),
    ).toEqual(["x"]);
  });

  it("default count: 1 in 8 teams, at least 1, none without teams", () => {
    expect([0, 1, 8, 9, 16, 17, 64].map(defaultDeckCheckCount)).toEqual([0, 1, 1, 2, 2, 3, 8]);
    expect(suggestDeckChecks(teams(17), "r")).toHaveLength(3);
  });

  it("property: suggestions are distinct candidates, unchecked before checked, deterministic", () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 40 }), fc.string(), fc.nat(50), (flags, seed, count) => {
        const c = flags.map((f, i) => ({ id: `id${i}`, checkedBefore: f }));
        const s = suggestDeckChecks(c, seed, count);
        expect(s).toEqual(suggestDeckChecks(c, seed, count));
        expect(s.length).toBe(Math.min(count, c.length));
        expect(new Set(s).size).toBe(s.length);
        const firstChecked = s.findIndex((id) => c.find((x) => x.id === id)!.checkedBefore);
        if (firstChecked >= 0) {
          expect(s.slice(firstChecked).every((id) => c.find((x) => x.id === id)!.checkedBefore)).toBe(true);
          expect(s.length - firstChecked).toBe(Math.max(0, Math.min(count, c.length) - c.filter((x) => !x.checkedBefore).length));
        }
      }),
      { numRuns: 500 },
    );
  });
});
