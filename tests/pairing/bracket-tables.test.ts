import { describe, it, expect } from "vitest";
import { advanceBracket, bracketOrder, topCutFirstRound, nextBracketRound, assignTables, pairRound } from "@/lib/pairing";
import { configFromPreset } from "@/lib/standings";
import { getPreset, resolveSettings } from "@/lib/formats/presets";

describe("top cut (single elimination, standard bracket order)", () => {
  it("TOPCUT: top 8 is seeded 1v8, 4v5, 2v7, 3v6", () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(bracketOrder(4)).toEqual([1, 4, 2, 3]);
    expect(bracketOrder(16)).toEqual([1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]);
    const seeds = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"];
    expect(topCutFirstRound(seeds).map((m) => [m.team1, m.team2])).toEqual([
      ["s1", "s8"],
      ["s4", "s5"],
      ["s2", "s7"],
      ["s3", "s6"],
    ]);
  });

  it("TOPCUT: next round from winners; no draws; final ends the bracket", () => {
    const r1 = topCutFirstRound(["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"]);
    const r2 = nextBracketRound(r1, { 1: "s1", 2: "s5", 3: "s7", 4: "s3" });
    expect(r2.map((m) => [m.team1, m.team2, m.seed1, m.seed2])).toEqual([
      ["s1", "s5", 1, 5],
      ["s7", "s3", 7, 3],
    ]);
    expect(() => nextBracketRound(r1, { 1: "s1", 2: "s5", 3: "s7" })).toThrow(/no winner/);
    expect(() => nextBracketRound(r1, { 1: "s2", 2: "s5", 3: "s7", 4: "s3" })).toThrow(/did not play/);
    const final = nextBracketRound(r2, { 1: "s5", 2: "s3" });
    expect(final.map((m) => [m.team1, m.team2])).toEqual([["s5", "s3"]]);
    expect(nextBracketRound(final, { 1: "s3" })).toEqual([]);
  });

  it("TOPCUT: a table whose teams both left (double disqualification, both dropped) gives the next-round opponent a bye", () => {
    const r1 = topCutFirstRound(["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"]);
    // Table 2 (s4 v s5): both disqualified; table 3's winner s7 dropped after winning.
    const r = advanceBracket(
      r1,
      new Map<number, string | null>([
        [1, "s1"],
        [2, null],
        [3, "s7"],
        [4, "s3"],
      ]),
      new Set(["s4", "s5", "s7"]),
    );
    expect(r).toEqual({
      ok: true,
      champion: null,
      next: [
        { slot: 1, seed1: 1, seed2: null, team1: "s1", team2: null },
        { slot: 2, seed1: 3, seed2: null, team1: "s3", team2: null },
      ],
    });
    // Both feeders of a next-round slot empty: that slot is left out, so the other half's match is the final.
    const gone = advanceBracket(
      r1,
      new Map<number, string | null>([
        [1, null],
        [2, null],
        [3, "s2"],
        [4, "s3"],
      ]),
      new Set(),
    );
    expect(gone.ok && gone.next).toEqual([{ slot: 2, seed1: 2, seed2: 3, team1: "s2", team2: "s3" }]);
    expect(advanceBracket(gone.ok ? gone.next : [], new Map([[2, "s3"]]), new Set())).toEqual({ ok: true, next: [], champion: "s3" });
    expect(advanceBracket(r1, new Map([[1, "s1"]]), new Set())).toEqual({ ok: false, code: "NO_WINNER", slots: [2, 3, 4] });
  });

  it("TOPCUT: a cut of 6 gives byes to seeds 1 and 2", () => {
    expect(topCutFirstRound(["a", "b", "c", "d", "e", "f"]).map((m) => [m.team1, m.team2])).toEqual([
      ["a", null],
      ["d", "e"],
      ["b", null],
      ["c", "f"],
    ]);
  });
});

describe("tables", () => {
  it("TABLES: by standing, top pairing at table 1, fixed table kept, byes without table", () => {
    const ps = [
      { team1: "A", team2: "B" },
      { team1: "C", team2: "D" },
      { team1: "E", team2: "F" },
      { team1: "G", team2: null },
    ];
    const { pairings } = assignTables(ps, { fixedTables: { F: 1 } });
    expect(pairings.map((p) => [p.team1, p.table])).toEqual([
      ["A", 2],
      ["C", 3],
      ["E", 1],
      ["G", null],
    ]);
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
    expect(
      r.pairings
        .filter((p) => p.team2 !== null)
        .map((p) => p.table)
        .sort(),
    ).toEqual([1, 9]);
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
