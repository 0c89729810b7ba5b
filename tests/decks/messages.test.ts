import { describe, expect, it } from "vitest";
import { CardIndex, makeCard } from "../../lib/decks/cdb";
import { checkDuelist } from "../../lib/decks/legality";
import { fillTemplate, sectionLabel, violationMessage } from "../../lib/decks/messages";
import type { ParseErrorCode, ViolationCode } from "../../lib/decks/types";
import en from "../../messages/en/decks.json";
import { PRESETS } from "../../lib/formats/presets";

// Exhaustive lists checked by the compiler against the unions (a missing/extra code is a type error).
const VIOLATIONS: Record<ViolationCode, true> = {
  MAIN_TOO_SMALL: true,
  MAIN_TOO_LARGE: true,
  EXTRA_TOO_SMALL: true,
  EXTRA_TOO_LARGE: true,
  EXTRA_NOT_ALLOWED: true,
  SIDE_TOO_SMALL: true,
  SIDE_TOO_LARGE: true,
  SIDE_NOT_ALLOWED: true,
  TOO_MANY_COPIES: true,
  FORBIDDEN: true,
  OVER_LIST_LIMIT: true,
  NOT_ON_WHITELIST: true,
  EXTRA_MONSTER_IN_MAIN: true,
  NOT_EXTRA_IN_EXTRA: true,
  TOKEN: true,
  UNKNOWN_CARD: true,
  TEAM_TOO_MANY_COPIES: true,
  TEAM_OVER_LIST_LIMIT: true,
  TEAM_SHARED_CARD: true,
};
const PARSE: Record<ParseErrorCode, true> = {
  EMPTY_INPUT: true,
  UNKNOWN_FORMAT: true,
  BINARY_INPUT: true,
  YDK_BAD_LINE: true,
  PASSCODE_RANGE: true,
  LIST_BAD_NAME: true,
  YDKE_BAD_PREFIX: true,
  YDKE_BAD_SECTIONS: true,
  YDKE_BAD_BASE64: true,
  YDKE_BAD_LENGTH: true,
  TEXT_BAD_LINE: true,
  TEXT_BAD_COUNT: true,
  TEXT_UNKNOWN_CARD: true,
  TEXT_NO_CARD_INDEX: true,
  DEK_BAD_XML: true,
  JSON_BAD: true,
  LFLIST_BAD_PASSCODE: true,
  LFLIST_BAD_COUNT: true,
  LFLIST_NO_LIST: true,
  FORGE_NO_FORMAT: true,
  BINARY_LIST: true,
};

describe("messages/en/decks.json", () => {
  it("has an English template for every violation and parse error code, and nothing else", () => {
    expect(Object.keys(en.decks.violation).sort()).toEqual(Object.keys(VIOLATIONS).sort());
    expect(Object.keys(en.decks.parse).sort()).toEqual(Object.keys(PARSE).sort());
  });

  it("fillTemplate replaces {param} placeholders and leaves unknown ones", () => {
    expect(fillTemplate("line {line}: '{text}' {x}", { line: 17, text: "abc" })).toBe("line 17: 'abc' {x}");
  });
});

describe("RULES §7.3 list lookup: code first, then alias (whitelist alias only within 10)", () => {
  const cards = new CardIndex([
    makeCard(1000, 0, "Card", 0x21, 3),
    makeCard(1005, 1000, "Card", 0x21, 3), // alt art within 10
    makeCard(5000, 1000, "Card", 0x21, 3), // far alias (treated-as / pre-errata copy)
    ...Array.from({ length: 14 }, (_, i) => makeCard(2000 + i, 0, `Filler ${i}`, 0x21, 3)),
  ]);
  const filler = Array.from({ length: 39 }, (_, i) => 2000 + (i % 13));
  const rules = { ...PRESETS.KONAMI_STANDARD_1V1.deck };
  const wl = {
    name: "WL",
    isWhitelist: true,
    entries: new Map([[1000, 3], ...Array.from({ length: 14 }, (_, i) => [2000 + i, 3] as [number, number])]),
  };
  const bl = { name: "BL", isWhitelist: false, entries: new Map([[1000, 1]]) };
  const run = (code: number, list: typeof wl) =>
    checkDuelist(
      { main: [code, ...filler], extra: [], side: [] },
      { preset: PRESETS.KONAMI_STANDARD_1V1, banlist: list, cards, deckRules: rules },
    ).violations.map((v) => v.code);

  it("C10: whitelist: alt art within 10 of a listed card is allowed; a far alias is NOT_ON_WHITELIST", () => {
    expect(run(1005, wl)).toEqual([]);
    expect(run(5000, wl)).toEqual(["NOT_ON_WHITELIST"]);
  });

  it("DL02: blacklist: a far alias inherits the alias's status and shares its copy count", () => {
    const r = checkDuelist(
      { main: [1000, 5000, ...filler.slice(0, 38)], extra: [], side: [] },
      { preset: PRESETS.KONAMI_STANDARD_1V1, banlist: bl, cards },
    );
    expect(r.violations.map((v) => [v.code, v.card?.key, v.count, v.limit])).toEqual([["OVER_LIST_LIMIT", 1000, 2, 1]]);
  });
});

describe("game-aware words and plurals in violation messages", () => {
  it("a 2HG (MTG) list with a sideboard says 'Sideboards', and one card is '1 card'", () => {
    const main = new Map([["Island", 60]]);
    const r = checkDuelist({ main, side: new Map([["Pyroblast", 15]]) }, { preset: PRESETS.MTG_2HG });
    const side = r.violations.find((v) => v.code === "SIDE_NOT_ALLOWED")!;
    expect(side.message).toBe("Sideboards are not allowed in this format (15 cards listed).");
    const one = checkDuelist({ main, side: new Map([["Pyroblast", 1]]) }, { preset: PRESETS.MTG_2HG });
    expect(one.violations.find((v) => v.code === "SIDE_NOT_ALLOWED")!.message).toBe(
      "Sideboards are not allowed in this format (1 card listed).",
    );
    const small = checkDuelist({ main: new Map([["Island", 1]]), side: new Map() }, { preset: PRESETS.MTG_2HG });
    expect(small.violations[0].message).toBe("The deck has 1 card; at least 60 required.");
  });

  it("Yu-Gi-Oh! keeps Main/Side Deck, with plural-correct counts", () => {
    expect(violationMessage("MAIN_TOO_SMALL", { count: 1, limit: 40 })).toBe("Main Deck has 1 card; at least 40 required.");
    expect(violationMessage("SIDE_NOT_ALLOWED", { count: 2, limit: "", game: "YGO" })).toBe(
      "Side Decks are not allowed in this format (2 cards listed).",
    );
    expect(violationMessage("TOO_MANY_COPIES", { name: "Ash Blossom", count: 1, limit: 0 })).toBe(
      "Ash Blossom: 1 copy; at most 0 allowed.",
    );
    expect(sectionLabel("side", "MTG")).toBe("Sideboard");
    expect(sectionLabel("main")).toBe("Main Deck");
  });
});
