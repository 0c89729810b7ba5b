/**
 * Shared value types of lib/decks: card records, decks, parse results, lists and violations.
 * Pure data; no functions. Terms follow RULES.md (passcode, alias, Main/Extra/Side Deck,
 * Forbidden/Limited/Semi-Limited).
 */

/** One row of a Yu-Gi-Oh! card database (EDOPro `.cdb` or YGOPRODeck JSON). SOURCES.md. */
export interface CardRecord {
  /** Passcode (the `datas.id`), the number printed on the card and used in `.ydk` files. */
  passcode: number;
  /** 0 = none; else "same card as `alias`" (alt artwork, pre-errata copy; DL02, RULES §7.3). */
  alias: number;
  name: string;
  /** `datas.type` bit set (SOURCES.md table). */
  type: number;
  /** `datas.ot` legality scope bit set (0x1 OCG, 0x2 TCG, 0x100 pre-release, ...). */
  ot: number;
  /** `type & 0x4802040` (Fusion|Synchro|Xyz|Link) — belongs in the Extra Deck. */
  isExtra: boolean;
  /** `type & 0x4000` — a Token, never legal in a deck. */
  isToken: boolean;
}

/** A Yu-Gi-Oh! deck: one entry per copy, passcodes (RULES §7.1). */
export interface YgoDeck {
  main: number[];
  extra: number[];
  side: number[];
}

/** An MTG deck: card name (as first written) → number of copies (RULES §7.6). */
export interface MtgDeck {
  main: Map<string, number>;
  side: Map<string, number>;
}

export type YgoSection = "main" | "extra" | "side";
export type DeckSection = YgoSection;

/** Decklist file formats this module reads. */
export type DecklistFormat = "ydk" | "ydke" | "ygo-text" | "mtg-text" | "xmage-dck" | "mtgo-dek" | "mtggoldfish-json";

export type ParseErrorCode =
  | "EMPTY_INPUT"
  | "UNKNOWN_FORMAT"
  | "BINARY_INPUT"
  | "YDK_BAD_LINE"
  | "PASSCODE_RANGE"
  | "LIST_BAD_NAME"
  | "YDKE_BAD_PREFIX"
  | "YDKE_BAD_SECTIONS"
  | "YDKE_BAD_BASE64"
  | "YDKE_BAD_LENGTH"
  | "TEXT_BAD_LINE"
  | "TEXT_BAD_COUNT"
  | "TEXT_UNKNOWN_CARD"
  | "TEXT_NO_CARD_INDEX"
  | "DEK_BAD_XML"
  | "JSON_BAD"
  | "LFLIST_BAD_PASSCODE"
  | "LFLIST_BAD_COUNT"
  | "LFLIST_NO_LIST"
  | "FORGE_NO_FORMAT"
  | "BINARY_LIST";

/** A typed parse error; `line` is 1-based (0 = the input as a whole). */
export interface ParseError {
  line: number;
  code: ParseErrorCode;
  /** Template parameters for `messages/en/decks.json` → `decks.parse.<code>`. */
  params: Record<string, string | number>;
  /** English rendering of the template (for logs/tests; UIs should use code + params). */
  message: string;
}

export type ParseResult<T> = { ok: true; deck: T } | { ok: false; errors: ParseError[] };

/** Result of `parseDecklist`: which game and format was read, plus the deck. */
export type ParsedDecklist =
  | { game: "YGO"; format: "ydk" | "ydke" | "ygo-text"; deck: YgoDeck }
  | { game: "MTG"; format: "mtg-text" | "xmage-dck" | "mtgo-dek" | "mtggoldfish-json"; deck: MtgDeck; name?: string };

/**
 * A Forbidden & Limited list. YGO lists are keyed by passcode (number), MTG lists by normalised
 * English card name (string; see `normaliseMtgName`). Limit = max copies: 0 Forbidden/banned,
 * 1 Limited/restricted, 2 Semi-Limited, 3 listed-unlimited (whitelists). RULES §2.4, §7.3.
 */
export interface Banlist<K extends number | string = number> {
  name: string;
  /** `$whitelist`: unlisted cards are illegal (C10). */
  isWhitelist: boolean;
  entries: Map<K, number>;
}
export type YgoBanlist = Banlist<number>;
export type MtgBanlist = Banlist<string>;

export type ViolationCode =
  | "MAIN_TOO_SMALL"
  | "MAIN_TOO_LARGE"
  | "EXTRA_TOO_SMALL"
  | "EXTRA_TOO_LARGE"
  | "EXTRA_NOT_ALLOWED"
  | "SIDE_TOO_SMALL"
  | "SIDE_TOO_LARGE"
  | "SIDE_NOT_ALLOWED"
  | "TOO_MANY_COPIES"
  | "FORBIDDEN"
  | "OVER_LIST_LIMIT"
  | "NOT_ON_WHITELIST"
  | "EXTRA_MONSTER_IN_MAIN"
  | "NOT_EXTRA_IN_EXTRA"
  | "TOKEN"
  | "UNKNOWN_CARD"
  | "TEAM_TOO_MANY_COPIES"
  | "TEAM_OVER_LIST_LIMIT"
  | "TEAM_SHARED_CARD";

/** One legality violation. `card` is null for section-size violations. */
export interface Violation {
  code: ViolationCode;
  /** key = canonical passcode (`alias || passcode`, YGO) or normalised name (MTG). */
  card: { key: number | string; name: string } | null;
  /** Sections where the card (or the size problem) is. */
  sections: DeckSection[];
  /** Observed number (copies or section size). */
  count: number;
  /** The bound that was broken (max copies, min/max size); null when not numeric. */
  limit: number | null;
  /** Rule reference: RULES.md § or case id. */
  rule: string;
  /** For team violations: which duelists (0 = A, 1 = B) hold the card. */
  duelists?: number[];
  /** English rendering of `messages/en/decks.json` → `decks.violation.<code>`. */
  message: string;
}

/** Per-section sizes of a checked deck. */
export interface SectionCounts {
  main: number;
  extra: number;
  side: number;
}

export interface LegalityResult {
  legal: boolean;
  violations: Violation[];
  counts: SectionCounts;
}

export interface TeamLegalityResult {
  legal: boolean;
  /** Team-level violations only (TEAM_*). */
  violations: Violation[];
  /** Per-duelist results, index 0 = Designation A, 1 = B. */
  duelists: LegalityResult[];
  counts: SectionCounts[];
  /** Per-duelist verdicts (index 0 = A, 1 = B): a list is legal only when its duelist and the team rules pass. */
  verdicts: [DuelistVerdict, DuelistVerdict];
}

/**
 * One duelist's decklist verdict within the team (what is stored on the Decklist): its own
 * violations, the team-level ones (TEAM_*, carried by both lists) and `legal` = neither.
 */
export interface DuelistVerdict {
  legal: boolean;
  counts: SectionCounts;
  violations: Violation[];
  team: Violation[];
}
