import { describe, expect, it } from "vitest";
import { diffPairings } from "@/lib/pairing/diff";

describe("diffPairings (re-pair after undo)", () => {
  it("identical pairings (team order ignored) → identical", () => {
    const d = diffPairings(
      [
        { table: 1, team1: "A", team2: "B" },
        { table: null, team1: "E", team2: null },
      ],
      [
        { table: 1, team1: "B", team2: "A" },
        { table: 0, team1: "E", team2: null },
      ],
    );
    expect(d.identical).toBe(true);
    expect(d.same).toHaveLength(2);
  });
  it("moved, added and removed pairings are listed", () => {
    const d = diffPairings(
      [
        { table: 1, team1: "A", team2: "B" },
        { table: 2, team1: "C", team2: "D" },
        { table: 3, team1: "E", team2: "F" },
      ],
      [
        { table: 2, team1: "A", team2: "B" },
        { table: 1, team1: "C", team2: "E" },
        { table: 3, team1: "D", team2: "F" },
      ],
    );
    expect(d.identical).toBe(false);
    expect(d.moved).toEqual([{ teams: ["A", "B"], from: 1, to: 2 }]);
    expect(d.added.map((p) => p.table)).toEqual([1, 3]);
    expect(d.removed.map((p) => p.table)).toEqual([2, 3]);
  });
});
