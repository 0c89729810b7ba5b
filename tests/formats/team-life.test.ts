import { describe, expect, it } from "vitest";
import { applyTeamLifeChange } from "@/lib/formats/teamLife";

describe("2HG shared life (CR 810.9, CASES C57)", () => {
  it("C57 (a): team at 17, one player's life total is doubled → team 34", () => {
    expect(applyTeamLifeChange(17, { kind: "doublePlayer" })).toBe(34);
  });

  it("C57 (b): team at 25, one player's life total becomes 10 → team 10", () => {
    expect(applyTeamLifeChange(25, { kind: "playerBecomes", n: 10 })).toBe(10);
  });

  it("C57 (c): Flame Rift, 4 damage to each player → each team loses 8", () => {
    for (const life of [30, 8, 5]) expect(life - applyTeamLifeChange(life, { kind: "eachPlayerLoses", n: 4 })).toBe(8);
    expect(applyTeamLifeChange(5, { kind: "eachPlayerLoses", n: 4 })).toBe(-3); // below 0: the team loses (CR 810.8a)
  });

  it("CR 810.9a: damage to the team (or to one player) costs the team exactly that", () => {
    expect(applyTeamLifeChange(30, { kind: "teamLoses", n: 7 })).toBe(23);
    expect(applyTeamLifeChange(30, { kind: "teamLoses", n: 0 })).toBe(30);
  });

  it("refuses a negative or fractional amount and a non-integer life total", () => {
    expect(() => applyTeamLifeChange(30, { kind: "teamLoses", n: -1 })).toThrow(/n must be a whole number/);
    expect(() => applyTeamLifeChange(30, { kind: "eachPlayerLoses", n: 1.5 })).toThrow(/n must be a whole number/);
    expect(() => applyTeamLifeChange(Number.NaN, { kind: "doublePlayer" })).toThrow(/team life/);
  });
});
