import { beforeAll, describe, expect, it } from "vitest";
import type { CardIndex } from "../../lib/decks/cdb";
import { checkDuelist, checkTeam, loneVerdict, mtgLimitedDeckRules } from "../../lib/decks/legality";
import { parseForgeFormat, parseLflist } from "../../lib/decks/lflist";
import { parseYdk } from "../../lib/decks/parse/ydk";
import type { MtgBanlist, MtgDeck, Violation, YgoBanlist, YgoDeck } from "../../lib/decks/types";
import { PRESETS, resolveSettings } from "../../lib/formats/presets";
import { loadMergedCards, readText } from "./helpers";

const STD = PRESETS.KONAMI_STANDARD_1V1;
const TAG19 = PRESETS.KONAMI_TAG_2019;
const TAG13 = PRESETS.KONAMI_TAG_2013;
const UDE = PRESETS.UDE_2V2;
const HG = PRESETS.MTG_2HG;

const ASH = 14558127;
const POT = 55144522;
const REBORN = 83764718;
const CBTG = 24224830; // Called by the Grave — Limited on 2026.05 TCG
const CBTG_ALT = 24224831; // its alternate artwork (alias → 24224830), not listed itself
const DROLL = 94145021; // Semi-Limited on 2026.05 TCG

let cards: CardIndex;
let tcg: YgoBanlist;
let trad: YgoBanlist;
let goat: YgoBanlist;
const list = (f: string) => parseLflist(readText("banlists", f)).banlists[0];

beforeAll(async () => {
  cards = (await loadMergedCards()).index;
  tcg = list("ygo_edopro_TCG_2026.05.lflist.conf");
  trad = list("ygo_edopro_Traditional_current.lflist.conf");
  goat = list("ygo_edopro_GOAT_2005.4.lflist.conf");
});

/**
 * Deterministic filler: `n` copies (3 per card) of TCG cards that are legal at 3 under `bl`
 * (unlisted in a blacklist, listed at 3 in a whitelist), Main-Deck or Extra-Deck kind, no alias,
 * excluding `skip`.
 */
function filler(n: number, bl: YgoBanlist, kind: "main" | "extra", skip: number[] = []): number[] {
  const out: number[] = [];
  for (const c of cards.byCode.values()) {
    if (out.length >= n) break;
    if (c.alias || c.isToken || !(c.ot & 2) || c.ot & 0x100 || c.isExtra !== (kind === "extra") || c.type & 0x8000000) continue;
    if (skip.includes(c.passcode)) continue;
    const l = bl.entries.get(c.passcode);
    if (bl.isWhitelist ? l !== 3 : l !== undefined) continue;
    for (let k = 0; k < 3 && out.length < n; k++) out.push(c.passcode);
  }
  return out;
}
const deck = (main: number[], extra: number[] = [], side: number[] = []): YgoDeck => ({ main, extra, side });
const codes = (vs: Violation[]) => vs.map((v) => v.code);
const opts = (preset = STD, banlist: YgoBanlist | null = null) => ({ preset, banlist: banlist ?? tcg, cards });

describe("A. Yu-Gi-Oh! deck legality", () => {
  it("C01: Main 39 → MAIN_TOO_SMALL (39 < 40), also for each duelist of KONAMI_TAG_2019", () => {
    const r = checkDuelist(deck(filler(39, tcg, "main")), opts());
    expect(r.legal).toBe(false);
    expect(r.violations).toHaveLength(1);
    expect(r.violations[0]).toMatchObject({ code: "MAIN_TOO_SMALL", count: 39, limit: 40, card: null, sections: ["main"] });
    expect(r.violations[0].message).toBe("Main Deck has 39 cards; at least 40 required.");
    expect(checkDuelist(deck(filler(39, tcg, "main")), opts(TAG19)).violations.map((v) => [v.code, v.count])).toEqual([
      ["MAIN_TOO_SMALL", 39],
    ]);
  });

  it("C02: Main 61 → MAIN_TOO_LARGE (61 > 60)", () => {
    const r = checkDuelist(deck(filler(61, tcg, "main")), opts());
    expect(r.violations.map((v) => [v.code, v.count, v.limit])).toEqual([["MAIN_TOO_LARGE", 61, 60]]);
  });

  it("C03: (a) 40/15/15 legal; (b) Extra 16 → EXTRA_TOO_LARGE; (c) Side 16 → SIDE_TOO_LARGE", () => {
    const main = filler(40, tcg, "main");
    const extra = filler(16, tcg, "extra");
    const side = filler(16, tcg, "main", [...new Set(main)]);
    const a = checkDuelist(deck(main, extra.slice(0, 15), side.slice(0, 15)), opts());
    expect(a).toEqual({ legal: true, violations: [], counts: { main: 40, extra: 15, side: 15 } });
    const b = checkDuelist(deck(main, extra, []), opts());
    expect(b.violations.map((v) => [v.code, v.count, v.limit])).toEqual([["EXTRA_TOO_LARGE", 16, 15]]);
    const c = checkDuelist(deck(main, [], side), opts());
    expect(c.violations.map((v) => [v.code, v.count, v.limit])).toEqual([["SIDE_TOO_LARGE", 16, 15]]);
  });

  it("C04: an unlisted card 3 in Main + 1 in Side → TOO_MANY_COPIES 4 > 3 across sections", () => {
    const r = checkDuelist(deck([ASH, ASH, ASH, ...filler(37, tcg, "main", [ASH])], [], [ASH]), opts());
    expect(r.violations).toHaveLength(1);
    expect(r.violations[0]).toMatchObject({
      code: "TOO_MANY_COPIES",
      card: { key: ASH, name: "Ash Blossom & Joyous Spring" },
      sections: ["main", "side"],
      count: 4,
      limit: 3,
    });
  });

  it("C06: 1 × Pot of Greed: 2026.05 TCG illegal (status 0); Traditional legal (1); GOAT legal (1)", () => {
    const t = checkDuelist(deck([POT, ...filler(39, tcg, "main")]), opts(STD, tcg));
    expect(t.violations.map((v) => [v.code, v.card?.key, v.count, v.limit])).toEqual([["FORBIDDEN", POT, 1, 0]]);
    expect(t.violations[0].message).toBe("Pot of Greed is Forbidden on 2026.05 TCG (1 copy in Main Deck).");
    expect(checkDuelist(deck([POT, ...filler(39, trad, "main")]), opts(STD, trad)).legal).toBe(true);
    expect(checkDuelist(deck([POT, ...filler(39, goat, "main")]), opts(STD, goat)).legal).toBe(true);
    expect(codes(checkDuelist(deck([POT, POT, ...filler(39, trad, "main")]), opts(STD, trad)).violations)).toEqual(["OVER_LIST_LIMIT"]);
  });

  it("C07: Trickstars.ydk vs 2026.05 TCG → exactly two violations: Droll & Lock Bird ×3 (status 2), Linkuriboh ×3 (status 1)", () => {
    const p = parseYdk(readText("decks", "ydk", "ignis_distribution_trickstars.ydk"));
    if (!p.ok) throw new Error("parse");
    const r = checkDuelist(p.deck, opts());
    expect(r.legal).toBe(false);
    expect(r.counts).toEqual({ main: 40, extra: 15, side: 0 });
    expect(r.violations.map((v) => ({ code: v.code, card: v.card, sections: v.sections, count: v.count, limit: v.limit }))).toEqual([
      { code: "OVER_LIST_LIMIT", card: { key: 94145021, name: "Droll & Lock Bird" }, sections: ["main"], count: 3, limit: 2 },
      { code: "OVER_LIST_LIMIT", card: { key: 41999284, name: "Linkuriboh" }, sections: ["extra"], count: 3, limit: 1 },
    ]);
    // Terraforming ×1 and Monster Reborn ×1 are on the list and fine
    expect(p.deck.main.filter((c) => c === 73628505)).toHaveLength(1);
    expect(p.deck.main.filter((c) => c === REBORN)).toHaveLength(1);
  });

  it("C09: Starter Deck Link Strike is legal under 2026.05 TCG (40/3/0; Terraforming ×1 status 1)", () => {
    const p = parseYdk(readText("decks", "ydk", "ignis_distribution_starter_link_strike.ydk"));
    if (!p.ok) throw new Error("parse");
    expect(checkDuelist(p.deck, opts())).toEqual({ legal: true, violations: [], counts: { main: 40, extra: 3, side: 0 } });
    expect(tcg.entries.get(73628505)).toBe(1);
    expect(p.deck.main.filter((c) => c === 73628505)).toHaveLength(1);
  });

  it("C10: GOAT whitelist: (a) Ash Blossom (unlisted) → NOT_ON_WHITELIST; (b) Monster Reborn (0) → FORBIDDEN", () => {
    const fill = filler(39, goat, "main");
    const a = checkDuelist(deck([ASH, ...fill]), opts(STD, goat));
    expect(a.violations.map((v) => [v.code, v.card?.key])).toEqual([["NOT_ON_WHITELIST", ASH]]);
    const b = checkDuelist(deck([REBORN, ...fill]), opts(STD, goat));
    expect(b.violations.map((v) => [v.code, v.card?.key, v.limit])).toEqual([["FORBIDDEN", REBORN, 0]]);
    expect(checkDuelist(deck(fill.concat(fill[0] === POT ? [] : [POT])), opts(STD, goat)).legal).toBe(true);
  });

  it("C11: Tag 2019: A 3 × Ash Blossom, B 3 × Ash Blossom → legal (team total 6)", () => {
    const fill = filler(37, tcg, "main", [ASH]);
    const r = checkTeam([deck([ASH, ASH, ASH, ...fill]), deck([ASH, ASH, ASH, ...fill])], opts(TAG19));
    expect(r.legal).toBe(true);
    expect(r.violations).toEqual([]);
    expect(r.counts).toEqual([
      { main: 40, extra: 0, side: 0 },
      { main: 40, extra: 0, side: 0 },
    ]);
  });

  it("C12: Tag 2019 per duelist: (a) CBTG A1 B1 legal; (b) A2 B0 illegal; (c) Semi-Limited A2 B2 legal", () => {
    const fill = filler(38, tcg, "main");
    const fill39 = filler(39, tcg, "main");
    expect(tcg.entries.get(CBTG)).toBe(1);
    expect(tcg.entries.get(DROLL)).toBe(2);
    const a = checkTeam([deck([CBTG, ...fill39]), deck([CBTG, ...fill39])], opts(TAG19));
    expect(a.legal).toBe(true);
    const b = checkTeam([deck([CBTG, CBTG, ...fill]), deck(filler(40, tcg, "main"))], opts(TAG19));
    expect(b.legal).toBe(false);
    expect(b.violations.map((v) => [v.code, v.card?.key, v.count, v.limit, v.duelists])).toEqual([["OVER_LIST_LIMIT", CBTG, 2, 1, [0]]]);
    const c = checkTeam([deck([DROLL, DROLL, ...fill]), deck([DROLL, DROLL, ...fill])], opts(TAG19));
    expect(c.legal).toBe(true);
  });

  it("C14: UDE 2v2 Limited per player: (a) A1 B1 legal; (b) A2 B0 illegal (no borrowing the partner's allowance)", () => {
    const fill = filler(38, tcg, "main");
    const fill39 = filler(39, tcg, "main");
    expect(checkTeam([deck([CBTG, ...fill39]), deck([CBTG, ...fill39])], opts(UDE)).legal).toBe(true);
    const b = checkTeam([deck([CBTG, CBTG, ...fill]), deck(filler(40, tcg, "main"))], opts(UDE));
    expect(b.violations.map((v) => [v.code, v.duelists])).toEqual([["OVER_LIST_LIMIT", [0]]]);
  });

  it("RULES §1.7 (Tag 2013): per-duelist verdicts carry the team violation, both lists illegal; a lone list gets no team violation", () => {
    const fill = filler(39, tcg, "main");
    const r = checkTeam([deck([CBTG, ...fill]), deck([CBTG, ...fill])], opts(TAG13));
    expect(r.verdicts.map((v) => [v.legal, v.violations.length, v.team.map((t) => t.code)])).toEqual([
      [false, 0, ["TEAM_OVER_LIST_LIMIT"]],
      [false, 0, ["TEAM_OVER_LIST_LIMIT"]],
    ]);
    expect(loneVerdict(checkDuelist(deck([CBTG, ...fill]), opts(TAG13)))).toMatchObject({ legal: true, team: [] });
  });

  it("RULES §1.7 (Tag 2013, listScope team): Limited A1 + B1 → TEAM_OVER_LIST_LIMIT (team total 2 > 1); unlimited 3 + 3 fine", () => {
    const fill = filler(39, tcg, "main");
    const r = checkTeam([deck([CBTG, ...fill]), deck([CBTG, ...fill])], opts(TAG13));
    expect(r.violations.map((v) => [v.code, v.card?.key, v.count, v.limit, v.duelists])).toEqual([
      ["TEAM_OVER_LIST_LIMIT", CBTG, 2, 1, [0, 1]],
    ]);
    expect(r.duelists.every((d) => d.legal)).toBe(true);
    const semi = checkTeam([deck([DROLL, ...fill]), deck([DROLL, ...fill])], opts(TAG13));
    expect(semi.legal).toBe(true); // 2 ≤ 2
    // the same Tag 2013 decks under settings.listScope = "duelist" are legal
    const s = resolveSettings(TAG13, { listScope: "duelist" });
    expect(checkTeam([deck([CBTG, ...fill]), deck([CBTG, ...fill])], { ...opts(TAG13), settings: s }).legal).toBe(true);
  });
});

describe("DL02 / DL03 card identity and messy decks", () => {
  it("DL02: alternate artworks are one card: 2 × Ash + 2 × Ash alt art = 4 copies > 3", () => {
    const r = checkDuelist(deck([ASH, ASH, 14558128, 14558128, ...filler(36, tcg, "main", [ASH])]), opts());
    expect(r.violations.map((v) => [v.code, v.card?.key, v.count])).toEqual([["TOO_MANY_COPIES", ASH, 4]]);
  });

  it("DL02: F&L status applies through the alias: CBTG + its unlisted alt art = 2 > Limited 1; 2 × alt art alone also", () => {
    const fill = filler(38, tcg, "main");
    expect(tcg.entries.has(CBTG_ALT)).toBe(false);
    const r = checkDuelist(deck([CBTG, CBTG_ALT, ...fill]), opts());
    expect(r.violations.map((v) => [v.code, v.card, v.count, v.limit])).toEqual([
      ["OVER_LIST_LIMIT", { key: CBTG, name: "Called by the Grave" }, 2, 1],
    ]);
    expect(codes(checkDuelist(deck([CBTG_ALT, CBTG_ALT, ...fill]), opts()).violations)).toEqual(["OVER_LIST_LIMIT"]);
    expect(checkDuelist(deck([CBTG_ALT, ...filler(39, tcg, "main")]), opts()).legal).toBe(true);
  });

  it("DL02: team counts also use the alias (Tag 2013: A CBTG, B alt-art CBTG → TEAM_OVER_LIST_LIMIT)", () => {
    const fill = filler(39, tcg, "main");
    const r = checkTeam([deck([CBTG, ...fill]), deck([CBTG_ALT, ...fill])], opts(TAG13));
    expect(r.violations.map((v) => [v.code, v.card?.key, v.count])).toEqual([["TEAM_OVER_LIST_LIMIT", CBTG, 2]]);
  });

  it("DL03: unknown passcodes are violations naming card and section (MDPro3 pre-release ids 100264002/100264003)", () => {
    const p = parseYdk(readText("decks", "ydk", "windbot_AI_Archfiend_mdpro3_prerelease.ydk"));
    if (!p.ok) throw new Error("parse");
    const u = checkDuelist(p.deck, opts()).violations.filter((v) => v.code === "UNKNOWN_CARD");
    expect(u.map((v) => [v.card, v.sections, v.count])).toEqual([
      [{ key: 100264002, name: "#100264002" }, ["main"], 3],
      [{ key: 100264003, name: "#100264003" }, ["main"], 3],
    ]);
    expect(u[0].message).toBe("Unknown card #100264002 in Main Deck (3 copies).");
  });

  it("DL03: tokens are violations (Primal Being Token in Side; the tokens-only deck flags every token)", () => {
    const fill = filler(40, tcg, "main");
    const r = checkDuelist(deck(fill, [], [27204312]), opts());
    expect(r.violations.map((v) => [v.code, v.card, v.sections])).toEqual([
      ["TOKEN", { key: 27204312, name: "Primal Being Token" }, ["side"]],
    ]);
    const t = parseYdk(readText("decks", "ydk", "ygoagent_tokens_only.ydk"));
    if (!t.ok) throw new Error("parse");
    const v = checkDuelist(t.deck, opts()).violations;
    const tokenKeys = new Set(t.deck.main.filter((c) => cards.get(c)?.isToken).map((c) => cards.canonical(c)));
    expect(v.filter((x) => x.code === "TOKEN").length).toBe(tokenKeys.size);
    expect(v[0]).toMatchObject({ code: "MAIN_TOO_LARGE", count: 231, limit: 60 });
  });

  it("DL03: Extra Deck monster in Main → EXTRA_MONSTER_IN_MAIN; Main Deck card in Extra → NOT_EXTRA_IN_EXTRA", () => {
    const fill = filler(39, tcg, "main");
    const r = checkDuelist(deck([41999284, ...fill], [ASH]), opts());
    expect(r.violations.map((v) => [v.code, v.card?.name, v.sections, v.count])).toEqual([
      ["EXTRA_MONSTER_IN_MAIN", "Linkuriboh", ["main"], 1],
      ["NOT_EXTRA_IN_EXTRA", "Ash Blossom & Joyous Spring", ["extra"], 1],
    ]);
    // an Extra Deck monster in the Side Deck is fine
    expect(checkDuelist(deck(filler(40, tcg, "main"), [], [86066372]), opts()).violations.map((v) => v.code)).toEqual([]);
  });
});

// ------------------------------------------------------------------------------------------------
// MTG

const mtg = (main: Record<string, number>, side: Record<string, number> = {}): MtgDeck => ({
  main: new Map(Object.entries(main)),
  side: new Map(Object.entries(side)),
});
/** 60-card filler: 56 Islands + the given cards (basic lands are exempt from every copy rule). */
const with60 = (cards: Record<string, number>, total = 60): MtgDeck => {
  const n = Object.values(cards).reduce((a, b) => a + b, 0);
  return mtg({ ...cards, Island: total - n });
};
const vintage = (): MtgBanlist => {
  const r = parseForgeFormat("[format]\nName:Vintage\nBanned:Chaos Orb\nRestricted:Black Lotus; Ancestral Recall\n");
  if (!r.ok) throw new Error("forge");
  return r.list;
};

describe("B. MTG Two-Headed Giant deck legality", () => {
  it("C15: combined 4-of: (a) P1 4 × Lightning Bolt, P2 0 → legal; (b) P1 3, P2 2 → TEAM_TOO_MANY_COPIES 5 > 4", () => {
    const a = checkTeam([with60({ "Lightning Bolt": 4 }), with60({ Counterspell: 4 })], { preset: HG });
    expect(a.legal).toBe(true);
    const b = checkTeam([with60({ "Lightning Bolt": 3 }), with60({ "Lightning Bolt": 2 })], { preset: HG });
    expect(b.violations.map((v) => [v.code, v.card, v.count, v.limit, v.duelists])).toEqual([
      ["TEAM_TOO_MANY_COPIES", { key: "lightning bolt", name: "Lightning Bolt" }, 5, 4, [0, 1]],
    ]);
  });

  it("C15 strict_unified option: any shared non-basic card → TEAM_SHARED_CARD; shared basics fine", () => {
    const s = resolveSettings(HG, { teamCopyRule: "strict_unified" });
    const r = checkTeam([with60({ "Lightning Bolt": 1 }), with60({ "Lightning Bolt": 1 })], { preset: HG, settings: s });
    expect(r.violations.map((v) => [v.code, v.card?.key])).toEqual([["TEAM_SHARED_CARD", "lightning bolt"]]);
    expect(checkTeam([with60({}), with60({})], { preset: HG, settings: s }).legal).toBe(true);
  });

  it("C17: deck size ≥ 60, no maximum: 59 illegal, 60 and 75 legal", () => {
    expect(checkDuelist(with60({}, 59), { preset: HG }).violations.map((v) => [v.code, v.count, v.limit])).toEqual([
      ["MAIN_TOO_SMALL", 59, 60],
    ]);
    expect(checkDuelist(with60({}, 60), { preset: HG }).legal).toBe(true);
    expect(checkDuelist(with60({}, 75), { preset: HG }).legal).toBe(true);
  });

  it("C18: constructed 2HG: 60 main + 15 sideboard → SIDE_NOT_ALLOWED", () => {
    const d = with60({});
    d.side.set("Pyroblast", 4).set("Hydroblast", 4).set("Red Elemental Blast", 4).set("Blue Elemental Blast", 3);
    const r = checkDuelist(d, { preset: HG });
    expect(r.violations.map((v) => [v.code, v.count])).toEqual([["SIDE_NOT_ALLOWED", 15]]);
    expect(r.counts).toEqual({ main: 60, extra: 0, side: 15 });
  });

  it("C19: Limited 2HG: P1 40, P2 41, 5 copies of a common across the decks → legal; a 39-card deck → illegal", () => {
    const rules = mtgLimitedDeckRules(HG);
    const p1 = mtg({ "Grizzly Bears": 3, Forest: 17, "Giant Growth": 20 });
    const p2 = mtg({ "Grizzly Bears": 2, Mountain: 17, Shock: 22 });
    const r = checkTeam([p1, p2], { preset: HG, deckRules: rules });
    expect(r.legal).toBe(true);
    expect(r.counts.map((c) => c.main)).toEqual([40, 41]);
    const small = checkTeam([mtg({ Forest: 39 }), p2], { preset: HG, deckRules: rules });
    expect(small.violations.map((v) => [v.code, v.count, v.limit, v.duelists])).toEqual([["MAIN_TOO_SMALL", 39, 40, [0]]]);
  });

  it("C21: Vintage restricted card: P1 1 × Black Lotus, P2 1 × → TEAM_OVER_LIST_LIMIT (1 per team); banned → FORBIDDEN", () => {
    const v = vintage();
    const r = checkTeam([with60({ "Black Lotus": 1 }), with60({ "Black Lotus": 1 })], { preset: HG, banlist: v });
    expect(r.violations.map((x) => [x.code, x.card?.key, x.count, x.limit])).toEqual([["TEAM_OVER_LIST_LIMIT", "black lotus", 2, 1]]);
    expect(checkTeam([with60({ "Black Lotus": 1 }), with60({})], { preset: HG, banlist: v }).legal).toBe(true);
    expect(codes(checkDuelist(with60({ "Black Lotus": 2 }), { preset: HG, banlist: v }).violations)).toEqual(["OVER_LIST_LIMIT"]);
    expect(codes(checkDuelist(with60({ "Chaos Orb": 1 }), { preset: HG, banlist: v }).violations)).toEqual(["FORBIDDEN"]);
  });

  it("DL01: 12 Relentless Rats legal; 5 Lightning Bolt not; Seven Dwarves 7 legal, 8 not; exemptions also at team level", () => {
    expect(checkDuelist(with60({ "Relentless Rats": 12 }), { preset: HG }).legal).toBe(true);
    const bolt = checkDuelist(with60({ "Lightning Bolt": 5 }), { preset: HG });
    expect(bolt.violations.map((v) => [v.code, v.count, v.limit])).toEqual([["TOO_MANY_COPIES", 5, 4]]);
    expect(checkDuelist(with60({ "Seven Dwarves": 7 }), { preset: HG }).legal).toBe(true);
    expect(checkDuelist(with60({ "Seven Dwarves": 8 }), { preset: HG }).violations.map((v) => [v.code, v.count, v.limit])).toEqual([
      ["TOO_MANY_COPIES", 8, 7],
    ]);
    expect(checkDuelist(with60({ "Snow-Covered Island": 30 }), { preset: HG }).legal).toBe(true);
    const team = checkTeam([with60({ "Relentless Rats": 12, Wastes: 10 }), with60({ "Relentless Rats": 12, Wastes: 10 })], { preset: HG });
    expect(team.legal).toBe(true);
  });

  it("MTG names are matched case/diacritic-insensitively (Lim-Dûl's Vault vs Lim-Dul's Vault)", () => {
    const r = checkDuelist(with60({ "Lim-Dûl's Vault": 3, "lim-dul's vault": 2 }), { preset: HG });
    expect(r.violations.map((v) => [v.code, v.count])).toEqual([["TOO_MANY_COPIES", 5]]);
  });
});
