/**
 * Flight series core (issue #16 "Flights"): who fires next (first checked in, first to play; full
 * flights only; nothing while held) and the composition of a flight.
 */
import { describe, expect, it } from "vitest";
import { flightComposition, flightName, flightsToFire, queueOrder, queuePosition, type QueuedTeam } from "@/lib/flights";

const q = (n: number, start = 0): QueuedTeam[] =>
  Array.from({ length: n }, (_, i) => ({ teamId: `t${String(i + start).padStart(2, "0")}`, queuedAt: 1000 + i * 10 }));

describe("who fires next", () => {
  it("7 waiting teams fire nothing; the 8th fires one flight of the first 8 in check-in order", () => {
    expect(flightsToFire(q(7), 8, false)).toEqual([]);
    expect(flightsToFire(q(8).reverse(), 8, false)).toEqual([["t00", "t01", "t02", "t03", "t04", "t05", "t06", "t07"]]);
  });

  it("16 waiting teams fire two flights; the 17th keeps waiting", () => {
    const groups = flightsToFire(q(17), 8, false);
    expect(groups.map((g) => [g[0], g[7]])).toEqual([
      ["t00", "t07"],
      ["t08", "t15"],
    ]);
    expect(groups.flat()).not.toContain("t16");
  });

  it("a held queue fires nothing however full", () => {
    expect(flightsToFire(q(24), 8, true)).toEqual([]);
  });

  it("same-millisecond check-ins are ordered by team id, so every process agrees", () => {
    const tie = [
      { teamId: "b", queuedAt: 5 },
      { teamId: "a", queuedAt: 5 },
      { teamId: "c", queuedAt: 4 },
    ];
    expect(queueOrder(tie).map((t) => t.teamId)).toEqual(["c", "a", "b"]);
    expect(flightsToFire(tie.concat({ teamId: "d", queuedAt: 6 }), 4, false)).toEqual([["c", "a", "b", "d"]]);
    expect(queuePosition(tie, "b")).toBe(3);
    expect(queuePosition(tie, "z")).toBeNull();
  });

  it("refuses a flight size outside 4…32", () => {
    expect(() => flightsToFire(q(8), 3, false)).toThrow(RangeError);
    expect(() => flightsToFire(q(8), 33, false)).toThrow(RangeError);
  });
});

describe("flight composition", () => {
  it("numbers the teams 1…n in queue order, keeps name and fixed table, and keeps only keep-apart pairs inside the flight", () => {
    const teams = [
      { id: "x", name: "Xena", fixedTable: null },
      { id: "y", name: "Yuri", fixedTable: 3 },
      { id: "z", name: "Zoe", fixedTable: null },
    ];
    const out = flightComposition(["y", "x"], teams, [
      ["x", "y"],
      ["x", "z"],
    ]);
    expect(out.teams).toEqual([
      { seriesTeamId: "y", name: "Yuri", number: 1, fixedTable: 3 },
      { seriesTeamId: "x", name: "Xena", number: 2, fixedTable: null },
    ]);
    expect(out.avoidPairs).toEqual([["x", "y"]]);
    expect(() => flightComposition(["w"], teams)).toThrow(/not in the series/);
  });

  it("names a flight after its series and number", () => {
    expect(flightName("Tag Duel Flights", 2)).toBe("Tag Duel Flights #2");
    // A 120-character series name: the flight's name stays an event name (at most 120 characters).
    const long = flightName("S".repeat(120), 12);
    expect([long.length, long.endsWith("S #12")]).toEqual([120, true]);
  });
});
