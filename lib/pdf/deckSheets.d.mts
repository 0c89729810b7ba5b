/** Types of lib/pdf/deckSheets.mjs (deck-check PDFs; see its header). */

/** One card line: copies and the card's name. */
export interface SheetCard {
  name: string;
  count: number;
}

/** A Yu-Gi-Oh! list split for Konami's form: Main by card type (Card.type bits 0x1/0x2/0x4), Extra, Side. */
export interface YgoSheetList {
  game: "YGO";
  monster: SheetCard[];
  spell: SheetCard[];
  trap: SheetCard[];
  extra: SheetCard[];
  side: SheetCard[];
}

/** An MTG list: Main and sideboard. */
export interface MtgSheetList {
  game: "MTG";
  main: SheetCard[];
  side: SheetCard[];
}

export interface SheetDuelist {
  designation: "A" | "B";
  name: string;
  playerId: string | null;
  /** null: no list submitted (the page says so). */
  list: YgoSheetList | MtgSheetList | null;
}

export interface SheetTeam {
  number: number;
  name: string;
  duelists: SheetDuelist[];
}

export interface DeckSheetsInput {
  game: "YGO" | "MTG";
  /** `date` as YYYY-MM-DD (the event's day) or null. */
  event: { name: string; date: string | null; location: string | null };
  teams: SheetTeam[];
  /** Team registration form before each team's lists (default true). */
  teamForms?: boolean;
  labels?: Partial<typeof DEFAULT_LABELS>;
}

export declare const DEFAULT_LABELS: Record<
  | "deckListTitle"
  | "mtgTitle"
  | "teamFormYgo"
  | "teamFormMtg"
  | "continued"
  | "team"
  | "teamName"
  | "teamSeat"
  | "duelist"
  | "player"
  | "name"
  | "playerId"
  | "event"
  | "date"
  | "location"
  | "lastInitial"
  | "signature"
  | "monster"
  | "spell"
  | "trap"
  | "totalMonster"
  | "totalSpell"
  | "totalTrap"
  | "mainTotal"
  | "subtotal"
  | "side"
  | "extra"
  | "totalSide"
  | "totalExtra"
  | "mainDeck"
  | "sideboard"
  | "judgeUse"
  | "deckCheckRound"
  | "result"
  | "penalty"
  | "judgeInitials"
  | "missing",
  string
>;

/** Last-name initial: first letter of the name's last word, upper-cased ("" for an empty name). */
export declare function lastNameInitial(name: string): string;

/** The PDF bytes (Letter pages; fonts embedded as subsets). */
export declare function buildDeckSheets(input: DeckSheetsInput): Promise<Buffer>;
