import { describe, it, expect } from "vitest";
import { bracketOrder, topCutFirstRound, nextBracketRound, assignTables, pairRound } from "@/lib/pairing";
import { configFromPreset } from "@/lib/standings";
import { getPreset, resolveSettings } from "@/lib/formats/presets";

describe("top cut (single elimination, standard bracket order)", () => {
  it("TOPCUT: top 8 is seeded 1v8, 4v5, 2v7, 3v6", () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(bracketOrder(4)).toEqual([1, 4, 2, 3]);
    expect(bracketOrder(16)).toEqual([1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]);
    const seeds = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"];
    expect(topCutFirstRound(seeds).map((m) => [m.team1, m.team2])).toEqual([["s1", "s8"], ["s4", "s5"], ["s2", "s7"], ["s3", "s6"]]);
  });

  it("TOPCUT: next round from winners; no draws; final ends the bracket", () => {
    const r1 = topCutFirstRound(["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"]);
    const r2 = nextBracketRound(r1, { 1: "s1", 2: "s5", 3: "s7", 4: "s3" });
    expect(r2.map((m) => [m.team1, m.team2, m.seed1, m.seed2])).toEqual([["s1", "s5", 1, 5], ["s7", "s3", 7, 3]]);
    expect(() => nextBracketRound(r1, { 1: "s1", 2: "s5", 3: "s7" })).toThrow(/no winner/);
    expect(() => nextBracketRound(r1, { 1: "s2", 2: "s5", 3: "s7", 4: "s3" })).toThrow(/did not play/);
    const final = nextBracketRound(r2, { 1: "s5", 2: "s3" });
    expect(final.map((m) => [m.team1, m.team2])).toEqual([["s5", "s3"]]);
    expect(nextBracketRound(final, { 1: "s3" })).toEqual([]);
  });

  it("TOPCUT: a cut of 6 gives byes to seeds 1 and 2", () => {
    expect(topCutFirstRound(["a", "b", "c", "d", "e", "f"]).map((m) => [m.team1, m.team2])).toEqual([["a", null], ["d", "e"], ["b", null], ["c", "f"]]);
  });
});

describe("tables", () => {
  it("TABLES: by standing, top pairing at table 1, fixed table kept, byes without table", () => {
    const ps = [{ team1: "A", team2: "B" }, { team1: "C", team2: "D" }, { team1: "E", team2: "F" }, { team1: "G", team2: null }];
    const { pairings } = assignTables(ps, { fixedTables: { F: 1 } });
    expect(pairings.map((p) => [p.team1, p.table])).toEqual([["A", 2], ["C", 3], ["E", 1], ["G", null]]);
    const r = assignTables(ps, { fixedTables: { A: 5, D: 5 }, firstTable: 1 });
    expect(r.pairings.map((p) => p.table)).toEqual([5, 1, 2, null]);
    expect(r.conflicts).toEqual([{ team: "D", table: 5 }]);
  });

  it("TABLES: pairRound gives the fixed-table team its table with a reason", () => {
    const tag = getPreset("KONAMI_TAG_2019");
    const config = configFromPreset(tag, resolveSettings(tag, null));
    const teams = ["A", "B", "C", "D", "E"].map((id) => ({ id, fixedTable: id === "C" ? 9 : undefined }));
    const r = pairRound({ teams, history: [], config, seed: 11 });
    const withC = r.pairings.find((p) => p.team1 === "C" || p.team2 === "C")!;
    expect(withC.team2).not.toBeNull(); // seed 11: C is not the bye
    expect(withC.table).toBe(9);
    expect(withC.reasons).toContainEqual({ code: "fixedTable", params: { team: "C", table: 9 } });
    expect(r.pairings.filter((p) => p.team2 !== null).map((p) => p.table).sort()).toEqual([1, 9]);
    expect(r.pairings.at(-1)!.table).toBeNull();
  });
});

import { REASON_CODES } from "@/lib/pairing";
import messages from "@/messages/en/pairing.json";
describe("messages", () => {
  it("PS08: every pairing reason and refusal code has an English template", () => {
    const t = messages.pairing as Record<string, string>;
    for (const c of [...REASON_CODES, "noActiveTeams", "duplicateTeam"]) expect(typeof t[c]).toBe("string");
    expect(Object.keys(t).sort()).toEqual([...REASON_CODES, "noActiveTeams", "duplicateTeam"].sort());
  });
});
