import { describe, expect, it } from "vitest";
import { bracketPlaceholders, bracketSize, cutRoundCount, roundStageName } from "@/lib/pairing/stages";
import { topCutFirstRound, nextBracketRound } from "@/lib/pairing";
import { loadMessages } from "@/lib/i18n/messages";
import IntlMessageFormat from "intl-messageformat";

const en = loadMessages("en");
const text = (key: string, params: Record<string, number>, messages = en) => {
  const msg = key.split(".").reduce<unknown>((t, k) => (t as Record<string, unknown>)?.[k], messages);
  if (typeof msg !== "string") throw new Error(`missing message ${key}`);
  return String(new IntlMessageFormat(msg, "en").format(params));
};
const names = (cut: number, swissRounds: number) =>
  Array.from({ length: cutRoundCount(cut) }, (_, i) => {
    const s = roundStageName({ kind: "TOP_CUT", number: swissRounds + i + 1 }, { swissRounds, cut });
    return text(s.key, s.params);
  });

describe("round names by stage (issue #14)", () => {
  it("Swiss rounds are 'Round N'", () => {
    const s = roundStageName({ kind: "SWISS", number: 4 }, { swissRounds: 5, cut: 8 });
    expect(text(s.key, s.params)).toBe("Round 4");
  });

  it("a top 8 after 5 Swiss rounds: rounds 6–8 are 'Top 8 — Quarterfinals', 'Semifinals', 'Final'", () => {
    expect(names(8, 5)).toEqual(["Top 8 — Quarterfinals", "Semifinals", "Final"]);
    const qf = roundStageName({ kind: "TOP_CUT", number: 6 }, { swissRounds: 5, cut: 8 });
    expect(text(qf.shortKey, qf.params)).toBe("Quarterfinals");
  });

  it("a top 16 starts with 'Top 16 — Round of 16'; a top 32 with 'Top 32 — Round of 32', then 'Round of 16'", () => {
    expect(names(16, 7)).toEqual(["Top 16 — Round of 16", "Quarterfinals", "Semifinals", "Final"]);
    expect(names(32, 9).slice(0, 2)).toEqual(["Top 32 — Round of 32", "Round of 16"]);
  });

  it("a top 4 is 'Top 4 — Semifinals', 'Final'; a cut of 2 is just 'Final'; a top 6 is played as quarterfinals with byes", () => {
    expect(names(4, 4)).toEqual(["Top 4 — Semifinals", "Final"]);
    expect(names(2, 3)).toEqual(["Final"]);
    expect(names(6, 5)).toEqual(["Top 6 — Quarterfinals", "Semifinals", "Final"]);
    expect(bracketSize(6)).toBe(8);
    expect(topCutFirstRound(["a", "b", "c", "d", "e", "f"]).filter((m) => m.team2 === null)).toHaveLength(2);
  });

  it("a top-cut round outside the bracket (no cut, numbered before the cut or after the final) falls back to 'Round N'", () => {
    for (const [number, cut] of [
      [6, 0],
      [5, 8],
      [9, 8],
    ] as const) {
      const s = roundStageName({ kind: "TOP_CUT", number }, { swissRounds: 5, cut });
      expect(text(s.key, s.params)).toBe(`Round ${number}`);
    }
  });

  it("placeholders: a top 8 lists 4 + 2 + 1 slots before the cut; after the quarterfinals 2 + 1; none after the final", () => {
    expect(bracketPlaceholders(8, 0, 5).map((p) => [p.number, p.slots, text(p.stage.key, p.stage.params)])).toEqual([
      [6, 4, "Top 8 — Quarterfinals"],
      [7, 2, "Semifinals"],
      [8, 1, "Final"],
    ]);
    expect(bracketPlaceholders(8, 1, 5).map((p) => [p.cutRound, p.slots])).toEqual([
      [2, 2],
      [3, 1],
    ]);
    expect(bracketPlaceholders(8, 3, 5)).toEqual([]);
    expect(bracketPlaceholders(0, 0, 5)).toEqual([]);
  });

  it("the placeholder slot counts match the rounds the bracket really pairs", () => {
    let round = topCutFirstRound(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p"]);
    const sizes: number[] = [];
    while (round.length) {
      sizes.push(round.length);
      round = nextBracketRound(round, new Map(round.map((m) => [m.slot, m.team1])));
    }
    expect(bracketPlaceholders(16, 0, 7).map((p) => p.slots)).toEqual(sizes);
  });
});
