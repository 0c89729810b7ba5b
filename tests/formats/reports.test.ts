import { describe, expect, it } from "vitest";
import { closeBlockers, normalizeReport, reportState, sameReport } from "@/lib/formats/reports";

describe("team reports (issue #6)", () => {
  it("normalize drops LP unless time was called, and games in best of one", () => {
    expect(normalizeReport({ result: "team1", firstSlot: 2, lp1: 100, games1: 1 }, 1)).toEqual({ result: "team1", firstSlot: 2 });
    expect(normalizeReport({ result: "time", firstSlot: 1, lp1: 100, lp2: 50, games1: 1 }, 3)).toEqual({
      result: "time",
      firstSlot: 1,
      lp1: 100,
      lp2: 50,
    });
    expect(normalizeReport({ result: "team2", firstSlot: 1, games1: 1, games2: 2 }, 3)).toEqual({
      result: "team2",
      firstSlot: 1,
      games1: 1,
      games2: 2,
    });
  });
  it("same result / who went first / LP → same report; any difference → not", () => {
    expect(sameReport({ result: "team1", firstSlot: 1 }, { result: "team1", firstSlot: 1, lp1: 7 }, 1)).toBe(true);
    expect(sameReport({ result: "team1", firstSlot: 1 }, { result: "team1", firstSlot: 2 }, 1)).toBe(false);
    expect(sameReport({ result: "time", firstSlot: 1, lp1: 10, lp2: 5 }, { result: "time", firstSlot: 1, lp1: 10, lp2: 6 }, 1)).toBe(false);
    expect(
      sameReport({ result: "team1", firstSlot: 1, games1: 2, games2: 1 }, { result: "team1", firstSlot: 1, games1: 2, games2: 0 }, 3),
    ).toBe(false);
  });
  it("reportState: NONE, ONE_SIDED, AGREED, CONFLICT, FINAL", () => {
    const a = { result: "team1" as const, firstSlot: 1 as const },
      b = { result: "team2" as const, firstSlot: 1 as const };
    expect(reportState({ final: false, slot1: null, slot2: null, bestOf: 1 })).toBe("NONE");
    expect(reportState({ final: false, slot1: a, slot2: null, bestOf: 1 })).toBe("ONE_SIDED");
    expect(reportState({ final: false, slot1: null, slot2: b, bestOf: 1 })).toBe("ONE_SIDED");
    expect(reportState({ final: false, slot1: a, slot2: { ...a }, bestOf: 1 })).toBe("AGREED");
    expect(reportState({ final: false, slot1: a, slot2: b, bestOf: 1 })).toBe("CONFLICT");
    expect(reportState({ final: true, slot1: a, slot2: b, bestOf: 1 })).toBe("FINAL");
  });
  it("PS08: closeBlockers skips final tables and both-dropped tables", () => {
    expect(
      closeBlockers([
        { table: 3, final: false, bothDropped: false },
        { table: 1, final: false, bothDropped: false },
        { table: 2, final: true, bothDropped: false },
        { table: 4, final: false, bothDropped: true },
      ]),
    ).toEqual([1, 3]);
  });
});
