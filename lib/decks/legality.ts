/**
 * Deck legality engine (issues #2/#4). Pure; deck rules come from the preset
 * (`lib/formats/presets.ts` DeckRules), list scope / team rule from resolved PresetSettings.
 *
 * Yu-Gi-Oh! per duelist (RULES §1.7, §2.4, §2.5, §7.3; C01–C12, C14, DL02, DL03):
 * section sizes; one copy cap across Main+Extra+Side keyed by `alias || passcode` (C04, DL02);
 * F&L status looked up by code first, then alias (EDOPro; whitelist alias only within 10), the
 * strictest status among a card's artworks applies; whitelists (C10); Extra Deck monsters in
 * Main, non-Extra cards in Extra, Tokens and unknown passcodes are violations naming the card
 * and section (DL03).
 * MTG per duelist (RULES §5.4; C17, C18, DL01): size ≥ min (no max), sideboard only if allowed,
 * copy limit by normalised English name with basic-land / "any number" exemptions, Forge
 * banned (0) / restricted (1).
 * Team (checkTeam): Limited/restricted per team when `settings.listScope === "team"` (Tag 2013,
 * 2HG restricted C21); 2HG combined copy limit `teamCopyLimit` except exempt cards (C15, DL01),
 * or `strict_unified` (no non-basic card in both decks, RULES §5.4 ⚠ §8.13).
 *
 * Speed: per-(banlist, card index) lookup tables are compiled once and cached (WeakMap).
 */
import type { DeckRules, Preset, PresetSettings } from "../formats/presets";
import type { CardIndex } from "./cdb";
import { sectionLabel, violationMessage } from "./messages";
import { isBasicLand, mtgCopyLimit, isCopyLimitExempt, normaliseMtgName } from "./mtg";
import type {
  DeckSection,
  LegalityResult,
  MtgBanlist,
  MtgDeck,
  SectionCounts,
  TeamLegalityResult,
  DuelistVerdict,
  Violation,
  ViolationCode,
  YgoBanlist,
  YgoDeck,
} from "./types";

/** Options shared by YGO checks. `settings` defaults to `preset.defaults`; `deckRules` to `preset.deck`. */
export interface YgoCheckOptions {
  preset: Preset;
  settings?: PresetSettings;
  banlist?: YgoBanlist | null;
  cards: CardIndex;
  deckRules?: DeckRules;
}

/** Options for MTG checks; `banlist` is a Forge-style name list (see `parseForgeFormat`). */
export interface MtgCheckOptions {
  preset: Preset;
  settings?: PresetSettings;
  banlist?: MtgBanlist | null;
  deckRules?: DeckRules;
}

const NOT_LISTED = -1;

/**
 * Deck rules for Limited (sealed/draft) 2HG, derived from the constructed preset (C19,
 * CR 100.2b/100.4c): each deck ≥ 40, no maximum, no copy limit, no team copy limit; the team's
 * sideboard is the unused pool, so per-deck sideboards are not size-checked.
 */
export function mtgLimitedDeckRules(preset: Preset): DeckRules {
  return { ...preset.deck, main: { min: 40, max: null }, side: { min: 0, max: Infinity }, copyLimit: Infinity, teamCopyLimit: null };
}

function make(
  code: ViolationCode,
  card: { key: number | string; name: string } | null,
  sections: DeckSection[],
  count: number,
  limit: number | null,
  rule: string,
  list?: string,
): Violation {
  const params: Record<string, string | number> = {
    name: card?.name ?? "",
    count,
    limit: limit === null ? "" : limit,
    sections: sections.map((s) => sectionLabel(s, currentGame)).join(", "),
    list: list ?? "",
    game: currentGame,
  };
  const v: Violation = { code, card, sections, count, limit, rule, message: violationMessage(code, params) };
  if (currentDuelist !== null) v.duelists = [currentDuelist];
  return v;
}

/** Set while checkTeam runs one duelist's checks, so violations carry `duelists` without copying. */
let currentDuelist: number | null = null;
/** The game being checked (set by checkDuelist/checkTeam), so messages use its words (Side Deck / sideboard). */
let currentGame: "YGO" | "MTG" = "YGO";

function inGame<T>(game: "YGO" | "MTG", fn: () => T): T {
  const before = currentGame;
  currentGame = game;
  try {
    return fn();
  } finally {
    currentGame = before;
  }
}

function sizeChecks(out: Violation[], rules: DeckRules, counts: SectionCounts): void {
  const { main, extra, side } = counts;
  if (main < rules.main.min) out.push(make("MAIN_TOO_SMALL", null, ["main"], main, rules.main.min, "RULES §2.5 / §5.4 (C01, C17)"));
  if (rules.main.max !== null && main > rules.main.max)
    out.push(make("MAIN_TOO_LARGE", null, ["main"], main, rules.main.max, "RULES §2.5 (C02)"));
  if (rules.extra === null) {
    if (extra > 0) out.push(make("EXTRA_NOT_ALLOWED", null, ["extra"], extra, 0, "RULES §5.4"));
  } else {
    if (extra < rules.extra.min) out.push(make("EXTRA_TOO_SMALL", null, ["extra"], extra, rules.extra.min, "RULES §2.5"));
    if (extra > rules.extra.max) out.push(make("EXTRA_TOO_LARGE", null, ["extra"], extra, rules.extra.max, "RULES §2.5 (C03)"));
  }
  if (rules.side === null) {
    if (side > 0) out.push(make("SIDE_NOT_ALLOWED", null, ["side"], side, 0, "RULES §5.4 (C18)"));
  } else {
    if (side < rules.side.min) out.push(make("SIDE_TOO_SMALL", null, ["side"], side, rules.side.min, "RULES §2.5"));
    if (side > rules.side.max) out.push(make("SIDE_TOO_LARGE", null, ["side"], side, rules.side.max, "RULES §2.5 (C03)"));
  }
}

// ---------------------------------------------------------------------------------------------
// YGO

/** Compiled per-(banlist, card index) lookup: passcode → list limit (NOT_LISTED = -1). */
interface CompiledList {
  limits: Map<number, number>;
  isWhitelist: boolean;
  name: string;
}
const compiledCache = new WeakMap<YgoBanlist, WeakMap<CardIndex, CompiledList>>();

/**
 * Resolves a banlist against a card index (EDOPro §7.3): for each passcode listed or known to
 * the index, its limit = entry for the code, else entry for its alias (whitelists: only when
 * |alias − code| ≤ 10). Cached per (banlist, cards) pair; the banlist must not be mutated after.
 */
export function compileBanlist(banlist: YgoBanlist, cards: CardIndex): CompiledList {
  let byCards = compiledCache.get(banlist);
  if (!byCards) compiledCache.set(banlist, (byCards = new WeakMap()));
  let c = byCards.get(cards);
  if (c) return c;
  const limits = new Map<number, number>(banlist.entries);
  for (const card of cards.byCode.values()) {
    if (limits.has(card.passcode) || !card.alias) continue;
    if (banlist.isWhitelist && Math.abs(card.alias - card.passcode) > 10) continue;
    const l = banlist.entries.get(card.alias);
    if (l !== undefined) limits.set(card.passcode, l);
  }
  c = { limits, isWhitelist: banlist.isWhitelist, name: banlist.name };
  byCards.set(cards, c);
  return c;
}

interface YgoGroup {
  key: number;
  firstCode: number;
  main: number;
  extra: number;
  side: number;
  /** copies in Main that are Extra Deck monsters; copies in Extra that are not */
  extraInMain: number;
  notExtraInExtra: number;
  limit: number; // strictest list limit among the group's passcodes; NOT_LISTED if none listed
  unknown: boolean;
  token: boolean;
}

function sectionsOf(g: { main: number; extra: number; side: number }): DeckSection[] {
  const s: DeckSection[] = [];
  if (g.main) s.push("main");
  if (g.extra) s.push("extra");
  if (g.side) s.push("side");
  return s;
}

function groupYgo(deck: YgoDeck, cards: CardIndex, list: CompiledList | null): Map<number, YgoGroup> {
  const groups = new Map<number, YgoGroup>();
  const add = (codes: readonly number[], sec: 0 | 1 | 2) => {
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i];
      const rec = cards.byCode.get(code);
      const key = rec && rec.alias ? rec.alias : code;
      let g = groups.get(key);
      if (!g) {
        g = {
          key,
          firstCode: code,
          main: 0,
          extra: 0,
          side: 0,
          extraInMain: 0,
          notExtraInExtra: 0,
          limit: NOT_LISTED,
          unknown: false,
          token: false,
        };
        groups.set(key, g);
        g.limit = list ? (list.limits.get(code) ?? NOT_LISTED) : NOT_LISTED;
      } else if (list && code !== g.firstCode) {
        const l = list.limits.get(code);
        if (l !== undefined && (g.limit === NOT_LISTED || l < g.limit)) g.limit = l;
      }
      if (!rec) g.unknown = true;
      else if (rec.isToken) g.token = true;
      if (sec === 0) {
        g.main++;
        if (rec && rec.isExtra) g.extraInMain++;
      } else if (sec === 1) {
        g.extra++;
        if (rec && !rec.isExtra && !rec.isToken) g.notExtraInExtra++;
      } else g.side++;
    }
  };
  add(deck.main, 0);
  add(deck.extra, 1);
  add(deck.side, 2);
  return groups;
}

function ygoCardRef(g: YgoGroup, cards: CardIndex): { key: number; name: string } {
  const name = g.unknown ? `#${g.firstCode}` : cards.nameOf(g.key) !== `#${g.key}` ? cards.nameOf(g.key) : cards.nameOf(g.firstCode);
  return { key: g.key, name };
}

function checkYgoGroups(
  out: Violation[],
  groups: Map<number, YgoGroup>,
  rules: DeckRules,
  cards: CardIndex,
  list: CompiledList | null,
): void {
  for (const g of groups.values()) {
    const count = g.main + g.extra + g.side;
    const needsRef =
      g.unknown ||
      g.token ||
      g.extraInMain ||
      g.notExtraInExtra ||
      count > rules.copyLimit ||
      (list !== null && (g.limit === NOT_LISTED ? list.isWhitelist : count > g.limit));
    if (!needsRef) continue;
    const ref = ygoCardRef(g, cards);
    const secs = sectionsOf(g);
    if (g.unknown) out.push(make("UNKNOWN_CARD", ref, secs, count, null, "DL03"));
    if (g.token) out.push(make("TOKEN", ref, secs, count, 0, "DL03, SOURCES.md type bit 0x4000"));
    if (g.extraInMain) out.push(make("EXTRA_MONSTER_IN_MAIN", ref, ["main"], g.extraInMain, 0, "RULES §2.5, DL03"));
    if (g.notExtraInExtra) out.push(make("NOT_EXTRA_IN_EXTRA", ref, ["extra"], g.notExtraInExtra, 0, "RULES §2.5"));
    if (list && g.limit === NOT_LISTED && list.isWhitelist) {
      if (!g.unknown) out.push(make("NOT_ON_WHITELIST", ref, secs, count, 0, "RULES §7.3 (C10)", list.name));
      if (count > rules.copyLimit) out.push(make("TOO_MANY_COPIES", ref, secs, count, rules.copyLimit, "RULES §2.5 (C04)"));
    } else if (list && g.limit === 0) {
      out.push(make("FORBIDDEN", ref, secs, count, 0, "RULES §2.4 (C06)", list.name));
    } else if (list && g.limit !== NOT_LISTED && g.limit < rules.copyLimit && count > g.limit) {
      out.push(make("OVER_LIST_LIMIT", ref, secs, count, g.limit, "RULES §2.4 (C07, C12)", list.name));
    } else if (count > rules.copyLimit) {
      out.push(make("TOO_MANY_COPIES", ref, secs, count, rules.copyLimit, "RULES §2.5 (C04, DL02)"));
    }
  }
}

function ygoDuelist(
  deck: YgoDeck,
  opts: YgoCheckOptions,
): { result: LegalityResult; groups: Map<number, YgoGroup>; list: CompiledList | null } {
  const rules = opts.deckRules ?? opts.preset.deck;
  const list = opts.banlist ? compileBanlist(opts.banlist, opts.cards) : null;
  const counts: SectionCounts = { main: deck.main.length, extra: deck.extra.length, side: deck.side.length };
  const violations: Violation[] = [];
  sizeChecks(violations, rules, counts);
  const groups = groupYgo(deck, opts.cards, list);
  checkYgoGroups(violations, groups, rules, opts.cards, list);
  return { result: { legal: violations.length === 0, violations, counts }, groups, list };
}

// ---------------------------------------------------------------------------------------------
// MTG

interface MtgGroup {
  key: string;
  name: string;
  main: number;
  extra: number;
  side: number;
}

function groupMtg(deck: MtgDeck): Map<string, MtgGroup> {
  const groups = new Map<string, MtgGroup>();
  const add = (m: Map<string, number>, side: boolean) => {
    for (const [name, n] of m) {
      const key = normaliseMtgName(name);
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { key, name, main: 0, extra: 0, side: 0 }));
      if (side) g.side += n;
      else g.main += n;
    }
  };
  add(deck.main, false);
  add(deck.side, true);
  return groups;
}

function sumMap(m: Map<string, number>): number {
  let s = 0;
  for (const v of m.values()) s += v;
  return s;
}

function mtgDuelist(deck: MtgDeck, opts: MtgCheckOptions): { result: LegalityResult; groups: Map<string, MtgGroup> } {
  const rules = opts.deckRules ?? opts.preset.deck;
  const list = opts.banlist ?? null;
  const counts: SectionCounts = { main: sumMap(deck.main), extra: 0, side: sumMap(deck.side) };
  const violations: Violation[] = [];
  sizeChecks(violations, rules, counts);
  const groups = groupMtg(deck);
  for (const g of groups.values()) {
    const count = g.main + g.side;
    const ref = { key: g.key, name: g.name };
    const secs = sectionsOf(g);
    const l = list ? list.entries.get(g.key) : undefined;
    if (list && l === undefined && list.isWhitelist && !isBasicLand(g.key)) {
      violations.push(make("NOT_ON_WHITELIST", ref, secs, count, 0, "RULES §7.3", list.name));
    } else if (list && l === 0) {
      violations.push(make("FORBIDDEN", ref, secs, count, 0, "RULES §5.4", list.name));
      continue;
    } else if (list && l !== undefined && l < rules.copyLimit && count > l) {
      violations.push(make("OVER_LIST_LIMIT", ref, secs, count, l, "RULES §5.4 (C21)", list.name));
      continue;
    }
    const cap = mtgCopyLimit(g.key, rules.copyLimit);
    if (count > cap) violations.push(make("TOO_MANY_COPIES", ref, secs, count, cap, "RULES §5.4, DL01"));
  }
  return { result: { legal: violations.length === 0, violations, counts }, groups };
}

// ---------------------------------------------------------------------------------------------
// Public API

/**
 * Checks one duelist's deck. YGO presets take a YgoDeck and need `cards`; MTG presets take an
 * MtgDeck. Returns `{legal, violations, counts}`; violations are in order: section sizes, then
 * cards by first appearance (Main, Extra, Side). Does not throw for any deck content.
 */
export function checkDuelist(deck: YgoDeck, opts: YgoCheckOptions): LegalityResult;
export function checkDuelist(deck: MtgDeck, opts: MtgCheckOptions): LegalityResult;
export function checkDuelist(deck: YgoDeck | MtgDeck, opts: YgoCheckOptions | MtgCheckOptions): LegalityResult {
  if (opts.preset.game === "MTG") return inGame("MTG", () => mtgDuelist(deck as MtgDeck, opts as MtgCheckOptions).result);
  return inGame("YGO", () => ygoDuelist(deck as YgoDeck, opts as YgoCheckOptions).result);
}

function asDuelist<T>(i: number, fn: () => T): T {
  currentDuelist = i;
  try {
    return fn();
  } finally {
    currentDuelist = null;
  }
}

/**
 * Checks a team's two decks (index 0 = Designation A, 1 = B): each duelist as `checkDuelist`,
 * then the team rules of the preset/settings:
 * - `settings.listScope === "team"`: a Limited/Semi-Limited (YGO) or restricted (MTG) card's
 *   list count is for the whole team → TEAM_OVER_LIST_LIMIT (RULES §1.7 Tag 2013, C21);
 * - MTG `deckRules.teamCopyLimit` with `teamCopyRule` "combined4": team total of a non-exempt card
 *   > limit → TEAM_TOO_MANY_COPIES (C15, DL01); "strict_unified": a non-basic card in both decks
 *   → TEAM_SHARED_CARD (RULES §5.4).
 * `violations` holds every violation (duelist ones carry `duelists: [i]`, also inside
 * `duelists[i].violations`); `duelists` the per-duelist results; `legal` is true only if all are legal.
 */
export function checkTeam(decks: readonly [YgoDeck, YgoDeck], opts: YgoCheckOptions): TeamLegalityResult;
export function checkTeam(decks: readonly [MtgDeck, MtgDeck], opts: MtgCheckOptions): TeamLegalityResult;
export function checkTeam(
  decks: readonly [YgoDeck, YgoDeck] | readonly [MtgDeck, MtgDeck],
  opts: YgoCheckOptions | MtgCheckOptions,
): TeamLegalityResult {
  return inGame(opts.preset.game, () => teamCheck(decks, opts));
}

function teamCheck(
  decks: readonly [YgoDeck, YgoDeck] | readonly [MtgDeck, MtgDeck],
  opts: YgoCheckOptions | MtgCheckOptions,
): TeamLegalityResult {
  const settings = opts.settings ?? opts.preset.defaults;
  const rules = opts.deckRules ?? opts.preset.deck;
  const team: Violation[] = [];
  let results: LegalityResult[];
  if (opts.preset.game === "MTG") {
    const o = opts as MtgCheckOptions;
    const a = asDuelist(0, () => mtgDuelist(decks[0] as MtgDeck, o));
    const b = asDuelist(1, () => mtgDuelist(decks[1] as MtgDeck, o));
    results = [a.result, b.result];
    const list = o.banlist ?? null;
    for (const ga of a.groups.values()) {
      const gb = b.groups.get(ga.key);
      if (!gb) continue;
      const ca = ga.main + ga.side;
      const cb = gb.main + gb.side;
      const total = ca + cb;
      const ref = { key: ga.key, name: ga.name };
      const secs = sectionsOf({ main: ga.main + gb.main, extra: 0, side: ga.side + gb.side });
      const l = list ? list.entries.get(ga.key) : undefined;
      if (settings.listScope === "team" && l !== undefined && l > 0 && l < rules.copyLimit && total > l) {
        team.push({ ...make("TEAM_OVER_LIST_LIMIT", ref, secs, total, l, "RULES §5.4 (C21)", list!.name), duelists: [0, 1] });
      } else if (rules.teamCopyLimit !== null && settings.teamCopyRule === "strict_unified") {
        if (!isBasicLand(ga.key))
          team.push({ ...make("TEAM_SHARED_CARD", ref, secs, total, null, "RULES §5.4 ⚠ §8.13 (strict_unified)"), duelists: [0, 1] });
      } else if (rules.teamCopyLimit !== null && !isCopyLimitExempt(ga.key) && total > rules.teamCopyLimit) {
        team.push({ ...make("TEAM_TOO_MANY_COPIES", ref, secs, total, rules.teamCopyLimit, "RULES §5.4 (C15)"), duelists: [0, 1] });
      }
    }
  } else {
    const o = opts as YgoCheckOptions;
    const a = asDuelist(0, () => ygoDuelist(decks[0] as YgoDeck, o));
    const b = asDuelist(1, () => ygoDuelist(decks[1] as YgoDeck, o));
    results = [a.result, b.result];
    const listName = o.banlist?.name ?? "";
    for (const ga of a.groups.values()) {
      const gb = b.groups.get(ga.key);
      if (!gb) continue;
      const total = ga.main + ga.extra + ga.side + gb.main + gb.extra + gb.side;
      const l = ga.limit === NOT_LISTED ? gb.limit : gb.limit === NOT_LISTED ? ga.limit : Math.min(ga.limit, gb.limit);
      const secs = sectionsOf({ main: ga.main + gb.main, extra: ga.extra + gb.extra, side: ga.side + gb.side });
      if (settings.listScope === "team" && l > 0 && l < rules.copyLimit && total > l) {
        team.push({
          ...make("TEAM_OVER_LIST_LIMIT", ygoCardRef(ga, o.cards), secs, total, l, "RULES §1.7 (Tag 2013)", listName),
          duelists: [0, 1],
        });
      } else if (rules.teamCopyLimit !== null && total > rules.teamCopyLimit) {
        team.push({
          ...make("TEAM_TOO_MANY_COPIES", ygoCardRef(ga, o.cards), secs, total, rules.teamCopyLimit, "RULES §1.7"),
          duelists: [0, 1],
        });
      }
    }
  }
  const violations = results[0].violations.concat(results[1].violations, team);
  const verdict = (r: LegalityResult): DuelistVerdict => ({
    legal: r.legal && team.length === 0,
    counts: r.counts,
    violations: r.violations,
    team,
  });
  return {
    legal: violations.length === 0,
    violations,
    duelists: results,
    counts: [results[0].counts, results[1].counts],
    verdicts: [verdict(results[0]), verdict(results[1])],
  };
}

/** The verdict of a lone list (the teammate's list is missing: team rules need both, so no team violations). */
export function loneVerdict(r: LegalityResult): DuelistVerdict {
  return { legal: r.legal, counts: r.counts, violations: r.violations, team: [] };
}
