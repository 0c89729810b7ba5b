/**
 * Roster text (issue #17, lib/interop/roster): line numbers count the text's physical lines (a
 * header, blank lines and a quoted cell spanning two lines included); a line with only duelist A is
 * a single player for the partner pool; delimiters are detected (comma, semicolon, TAB).
 */
import { describe, expect, it } from "vitest";
import { parseRoster, rosterTooLong, ROSTER_MAX_LINES } from "@/lib/interop/roster";

const none = { playerIds: new Map<string, string>(), teamNames: [] as string[] };

describe("roster text", () => {
  it("numbers lines as the text has them: header, blank line and a two-line quoted cell", () => {
    const text = 'team,A,A id,B,B id\r\n"Red, Blue",Ann,1,Bob,2\r\n\r\n"Two\nlines",Cy,3,Di,4\nSolo,Eve,5\n,Fay,\n';
    const r = parseRoster(text, none);
    expect(r.header).toBe(true);
    expect(r.teams.map((t) => [t.line, t.name])).toEqual([
      [2, "Red, Blue"],
      [4, "Two lines"],
    ]);
    expect(r.singles).toEqual([
      { line: 6, team: "Solo", name: "Eve", playerId: "5" },
      { line: 7, team: null, name: "Fay", playerId: null },
    ]);
    expect(r.problems).toEqual([]);
  });

  it("reads semicolon- and TAB-separated rosters (spreadsheets in it/pt-BR, pasted cells)", () => {
    expect(parseRoster("Prima;Anna;01;Bice;02\nTerza;Carla;03;Dora;04", none).teams.map((t) => t.b.playerId)).toEqual(["02", "04"]);
    expect(parseRoster("Tempo\tAna\t\tBia\t", none).teams[0]).toEqual({
      line: 1,
      name: "Tempo",
      a: { name: "Ana", playerId: null },
      b: { name: "Bia", playerId: null },
    });
  });

  it("a sixth column and a duplicate of a registered team name are bad lines", () => {
    const r = parseRoster("X,a,,b,,extra\nOld Team,c,,d,", { playerIds: new Map(), teamNames: ["old  team"] });
    expect(r.problems.map((p) => [p.line, p.reason])).toEqual([
      [1, "EXTRA_COLUMNS"],
      [2, "TEAM_NAME_TAKEN"],
    ]);
  });

  it(`refuses more than ${ROSTER_MAX_LINES} lines as a whole`, () => {
    expect(rosterTooLong("a\n".repeat(ROSTER_MAX_LINES - 1))).toBe(false);
    expect(rosterTooLong("a\n".repeat(ROSTER_MAX_LINES))).toBe(true);
  });
});
