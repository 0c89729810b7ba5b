import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { getPreset, PRESET_IDS } from "@/lib/formats/presets";
import { quickReference } from "@/lib/formats/quickref";
import { format, render, template } from "@/lib/formats/messages";
import { END_REASONS } from "@/lib/formats/results";

const TAG = getPreset("KONAMI_TAG_2019");
const MTG = getPreset("MTG_2HG");
const texts = (preset = TAG, settings = {}) =>
  Object.fromEntries(quickReference(preset, settings).map((s) => [s.id, s.items.map((i) => i.text)]));
const eompCodes = (preset = TAG, settings = {}) =>
  quickReference(preset, settings)
    .find((s) => s.id === "EOMP")!
    .items.map((i) => i.code);

describe("quick reference", () => {
  it("§1 Tag 2019: life, match, turn order, first battle, deck, EOMP, points, tiebreakers", () => {
    const qr = quickReference(TAG, null);
    expect(qr.map((s) => [s.id, s.title])).toEqual([
      ["LIFE", "Life points"],
      ["MATCH", "Match"],
      ["TURNS", "Turn order"],
      ["DECK", "Deck rules"],
      ["EOMP", "End of match"],
      ["POINTS", "Points"],
      ["TIEBREAKERS", "Tiebreakers"],
    ]);
    const t = texts();
    expect(t.LIFE[0]).toBe("Each team shares 16,000 LP; the team loses at 0.");
    expect(t.MATCH.slice(0, 2)).toEqual(["Best of one: a match is a single game.", "Rounds are 30 minutes."]);
    expect(t.TURNS).toContain("Turn order: 1A → 2A → 1B → 2B.");
    expect(t.TURNS).toContain("The first 3 turns cannot conduct a Battle Phase; 2B (turn 4) is the first who may attack.");
    expect(t.DECK).toEqual([
      "Main Deck: 40–60 cards.",
      "Extra Deck: up to 15 cards.",
      "Side Deck: up to 15 cards.",
      "At most 3 copies of a card per duelist (Main, Extra and Side Deck together).",
      "Limited / Semi-Limited counts are per duelist.",
    ]);
    expect(t.POINTS).toEqual(["Match points: win 3, draw 1, loss 0, bye 3."]);
    expect(t.TIEBREAKERS).toEqual([
      "Standings: match points first, then:",
      "1. Opponents' match-win % (OppMW%)",
      "2. Opponents' opponents' match-win % (OppOppMW%)",
    ]);
  });

  it("§1.8 phase_then_lp steps, and switching to double_loss changes what the EOMP section says", () => {
    expect(eompCodes()).toEqual([
      "EOMP_TIME_FINISH_PHASE",
      "EOMP_WIN_STANDS",
      "EOMP_COMPARE_LP",
      "EOMP_SWISS_EQUAL_LP_DRAW",
      "EOMP_EQUAL_LP_TURN_BY_TURN_FINISH",
      "EOMP_NO_NEW_GAME",
    ]);
    expect(texts().EOMP[4]).toBe("Top cut: equal LP → finish the turn, then play turn by turn until an end of turn with different LP.");
    expect(texts(TAG, { eomp: "double_loss" }).EOMP).toEqual([
      "If no team has won the match when time ends, both teams receive a loss (0 points each).",
      "Top cut matches are untimed.",
    ]);
    expect(texts(TAG, { swissAllowsDraws: false }).EOMP).toContain(
      "Always: equal LP → finish the turn, then play turn by turn until an end of turn with different LP.",
    );
  });

  it("§2.1: 1v1 rounds are 45 minutes, 50 under v2.5", () => {
    const one = getPreset("KONAMI_STANDARD_1V1");
    expect(texts(one).MATCH[0]).toBe("Best of 3 games: the first to win 2 games wins the match.");
    expect(texts(one).MATCH[1]).toBe("Rounds are 45 minutes.");
    expect(texts(one, { eomp: "v25" }).MATCH[1]).toBe("Rounds are 50 minutes.");
  });

  it("§3.1 UDE and §5.3 2HG EOMP steps", () => {
    expect(texts(getPreset("UDE_2V2")).EOMP).toEqual([
      "When time is called, the turn player finishes the turn; then 3 additional turns are played (the count starts with the next turn).",
      "A win reached during the procedure (0 LP, deck-out, special win) ends the game normally.",
      "Then compare team LP: the higher total wins the game.",
      "Equal LP → play on until the first LP change (resolve the whole chain first).",
      "Then the team with more game wins wins the match (also when time ends between games).",
      "Always: equal game wins → a new game of 8 turns, first player by random method, no Side Deck; then the higher LP wins the " +
        "match; equal → first LP change.",
      "No new game may start after time is called.",
    ]);
    expect(eompCodes(MTG)).toEqual([
      "EOMP_TIME_FINISH_TURN",
      "EOMP_WIN_STANDS",
      "EOMP_UNFINISHED_DRAW",
      "EOMP_TOP_CUT_HIGHER_LIFE",
      "EOMP_NO_NEW_GAME",
    ]);
  });

  it("§5 2HG: shared 30 life, 60+ card decks, no sideboard, team 4-of, MTR tiebreakers with 0.33 floor", () => {
    const t = texts(MTG);
    expect(t.LIFE).toEqual(["Each team shares 30 life; the team loses at 0."]);
    expect(t.DECK).toEqual([
      "Deck: at least 60 cards, no maximum.",
      "No sideboard.",
      "At most 4 copies of a card per player (basic lands excepted).",
      "Restricted cards count for the whole team.",
      "At most 4 copies of a card across the team's decks (basic lands excepted).",
    ]);
    expect(t.TURNS).toContain("Both players of the team that plays first skip the draw in its first turn.");
    expect(t.TIEBREAKERS.slice(1)).toEqual([
      "1. Opponents' match-win % (OMW%)",
      "2. Game-win % (GW%)",
      "3. Opponents' game-win % (OGW%)",
      "Percentages below 0.33 count as 0.33.",
    ]);
    expect(texts(MTG, { teamCopyRule: "strict_unified" }).DECK.at(-1)).toBe(
      "No card (other than basic lands) may appear in both decks of a team.",
    );
  });

  it("the 2HG (MTG) reference uses Magic words — no Side Deck, Forbidden/Limited, LP, duelist", () => {
    const qr = quickReference(MTG, null);
    const all = qr.flatMap((s) => [s.title, ...s.items.map((i) => i.text)]).join("\n");
    expect(all).not.toMatch(/Side Deck|Main Deck|Extra Deck|Forbidden|Limited|\bLP\b|duelist/);
    expect(qr.find((s) => s.id === "LIFE")!.title).toBe("Life");
    expect(texts(MTG).EOMP).toContain(
      "A win reached during the procedure (0 life, drawing from an empty library, an alternate win) ends the game normally.",
    );
    // the same items for Yu-Gi-Oh! keep Yu-Gi-Oh! words
    const tag = quickReference(TAG, { listScope: "team" });
    expect(tag.find((s) => s.id === "LIFE")!.title).toBe("Life points");
    expect(tag.find((s) => s.id === "DECK")!.items.map((i) => i.text)).toContain("Limited / Semi-Limited counts are for the whole team.");
    expect(tag.every((s) => s.items.every((i) => i.params.game === "YGO"))).toBe(true);
  });

  it("§4 independent LP: own LP, rotation, the chosen time rule", () => {
    const t = texts(getPreset("INDEPENDENT_LP_2V2"));
    expect(t.LIFE[0]).toBe(
      "Each duelist has their own 8,000 LP; a duelist at 0 LP or unable to draw is eliminated; a team loses when both its " +
        "duelists are eliminated.",
    );
    expect(t.TURNS).toContain("Turn order: 1A → 2B → 3A → 4B.");
    expect(t.EOMP).toContain("Independent LP at time: the team with more surviving duelists wins; if equal, the higher LP sum wins.");
  });

  it("every preset × variant renders without leftover placeholders", () => {
    for (const id of PRESET_IDS)
      for (const eomp of [
        "phase_then_lp",
        "double_loss",
        "turn_plus_three",
        "ude_three_turns",
        "mtg_three_turns",
        "ude2005",
        "konami2010",
        "konami2018",
        "v25",
      ] as const)
        for (const s of quickReference(getPreset(id), { eomp, independentTimeRule: "sum_surviving_lp" }))
          for (const i of s.items) {
            expect(template("quickref", i.code), i.code).toBeTypeOf("string");
            expect(i.text, `${id} ${eomp} ${i.code}`).not.toMatch(/[{}]|formats\./);
          }
  });
});

describe("messages/en/formats.json — one source of the words", () => {
  const libDir = path.resolve(import.meta.dirname, "../../lib/formats");
  const src = readdirSync(libDir)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => readFileSync(path.join(libDir, f), "utf8"))
    .join("\n");
  const grab = (re: RegExp) => [...new Set([...src.matchAll(re)].map((m) => m[1]))];

  it("every instruction, error, quickref code and end reason the library emits has an English template", () => {
    const instr = grab(/mk\("([A-Z_]+)"/g);
    expect(instr.length).toBeGreaterThan(10);
    for (const c of instr) expect(template("eomp", c), c).toBeTypeOf("string");
    const errors = grab(/(?:err\(\w+, |invalid\(\w+, |FormatsError\(|code: |err\()"([A-Z_]+)"/g).concat(
      grab(/push\(\{ code: "([A-Z_]+)"/g),
    );
    expect(errors.length).toBeGreaterThan(20);
    for (const c of errors) expect(template("errors", c), c).toBeTypeOf("string");
    for (const c of grab(/item\("([A-Z_]+)"/g)) expect(template("quickref", c), c).toBeTypeOf("string");
    for (const r of END_REASONS) expect(template("reasons", r), r).toBeTypeOf("string");
    for (const w of grab(/\["(BELOW_SANCTION_MINIMUM)"\]/g)) expect(template("warnings", w), w).toBeTypeOf("string");
  });

  it("ICU subset: number grouping, select, plural with #", () => {
    expect(format("{n, number} LP", { n: 16000 })).toBe("16,000 LP");
    expect(format("{g, select, MTG {life} other {LP}}", { g: "MTG" })).toBe("life");
    expect(format("{g, select, MTG {life} other {LP}}", { g: "YGO" })).toBe("LP");
    expect(format("{n, plural, =1 {one game} one {# turn} other {# turns}}", { n: 3 })).toBe("3 turns");
    expect(format("{n, plural, =1 {one game} other {# turns}}", { n: 1 })).toBe("one game");
    expect(format("{k, select, team {Team {seat}} other {{seat}}}", { k: "team", seat: "2" })).toBe("Team 2");
    expect(render("eomp", "NOT_A_CODE")).toBe("formats.eomp.NOT_A_CODE");
  });
});

describe("best of one shows only lines that apply to one game", () => {
  it("Tag 2019 (best of one, §1.4): no game-lead or tie-break-game line; UDE (best of three, §3.1) keeps them", () => {
    const codes = (id: "KONAMI_TAG_2019" | "UDE_2V2") =>
      quickReference(getPreset(id), null)
        .find((x) => x.id === "EOMP")!
        .items.map((i) => i.code);
    for (const c of ["EOMP_GAME_LEAD", "EOMP_SWISS_EQUAL_GAMES_DRAW", "EOMP_EQUAL_GAMES_TIEBREAK"])
      expect(codes("KONAMI_TAG_2019")).not.toContain(c);
    expect(codes("UDE_2V2")).toEqual(expect.arrayContaining(["EOMP_GAME_LEAD", "EOMP_EQUAL_GAMES_TIEBREAK"]));
  });
});
