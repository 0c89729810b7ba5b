/**
 * Decklist formats as one registry (issue #11 item 5; RULES §7, C80). Each entry names its parser
 * module, how it is detected from content, the file extensions the upload field accepts and its
 * label (message key in namespace `decklistFormats`, messages/<locale>/decklistFormats.json).
 * `detectFormat` / `parseDecklist` (./parse/detect.ts) and the decklist upload form
 * (components/DecklistForm.tsx: `accept` list and the format names) all read it.
 * Where to add a decklist format: a parser module in lib/decks/parse/, its id in
 * `DecklistFormat` (./types.ts), one entry here (the Record type makes a missing entry a compile
 * error) and its label in messages/{en,pt-BR,it}/decklistFormats.json.
 */
import type { CardIndex } from "./cdb";
import { parseError } from "./messages";
import type { DecklistFormat, ParseError, ParsedDecklist } from "./types";
import { parseMtgoDek, parseMtgText, parseXmageDck } from "./parse/mtgtext";
import { parseYdk } from "./parse/ydk";
import { decodeYdke } from "./parse/ydke";
import { parseYgoText } from "./parse/ygotext";

/** What content detection sees: the text without BOM, its trimmed non-empty lines, and those not starting with `#`. */
export interface DetectInput {
  text: string;
  lines: readonly string[];
  content: readonly string[];
}

export type FormatParse = ({ ok: true } & ParsedDecklist) | { ok: false; format: DecklistFormat; errors: ParseError[] };

/** One decklist format. */
export interface DecklistFormatEntry {
  game: "YGO" | "MTG";
  /** File extensions offered by the upload field (lower case, with the dot). */
  extensions: readonly string[];
  /**
   * An extension that decides the format when the content alone does not (C80: `.ydk` and `.dck`
   * yes; `.dek` is NOT trusted, its content is checked). Absent: the extension never decides.
   */
  trustedExtension?: string;
  /** Message key in namespace `decklistFormats`. */
  label: string;
  /**
   * Content detection, tried in {@link DETECTION_ORDER}. Absent for the plain "count name" text
   * lists, which are the fallback for their game.
   */
  detect?: (input: DetectInput) => boolean;
  /** Parses text of this format (`cards` is the YGO card index, needed by name lists). */
  parse: (text: string, cards?: CardIndex) => FormatParse;
}

const fail = (format: DecklistFormat, errors: ParseError[]): FormatParse => ({ ok: false, format, errors });

/** The registry: every DecklistFormat has exactly one entry. */
export const DECKLIST_FORMATS: Record<DecklistFormat, DecklistFormatEntry> = {
  ydk: {
    game: "YGO",
    extensions: [".ydk"],
    trustedExtension: ".ydk",
    label: "ydk",
    // Only passcode / `#` / `!` / `$` lines; or a `#main`/`#extra`/`!side` marker; or mostly bare
    // passcodes — a .ydk with a few bad lines is still a .ydk, so its errors name the line (DL03).
    detect: ({ lines, content }) =>
      lines.every((l) => /^(#|!|\$|\d+(\s+(--|#).*)?$)/.test(l)) ||
      lines.some((l) => /^(#main|#extra|!side)$/i.test(l)) ||
      (content.length >= 5 && content.filter((l) => /^\d+$/.test(l)).length / content.length >= 0.8),
    parse: (text) => {
      const r = parseYdk(text);
      return r.ok ? { ok: true, game: "YGO", format: "ydk", deck: r.deck } : fail("ydk", r.errors);
    },
  },
  ydke: {
    game: "YGO",
    extensions: [".txt"],
    label: "ydke",
    detect: ({ content }) => content.length > 0 && /^ydke:\/\//i.test(content[0]),
    parse: (text) => {
      const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
      const idx = lines.findIndex((l) => l.trim() !== "" && !l.trim().startsWith("#"));
      const r = decodeYdke(idx >= 0 ? lines[idx] : "", idx + 1);
      return r.ok ? { ok: true, game: "YGO", format: "ydke", deck: r.deck } : fail("ydke", r.errors);
    },
  },
  "ygo-text": {
    game: "YGO",
    extensions: [".txt"],
    label: "ygoText",
    parse: (text, cards) => {
      if (!cards) return fail("ygo-text", [parseError(0, "TEXT_NO_CARD_INDEX")]);
      const r = parseYgoText(text, cards);
      return r.ok ? { ok: true, game: "YGO", format: "ygo-text", deck: r.deck } : fail("ygo-text", r.errors);
    },
  },
  "mtg-text": {
    game: "MTG",
    extensions: [".txt"],
    label: "mtgText",
    parse: (text) => {
      const r = parseMtgText(text);
      return r.ok ? { ok: true, game: "MTG", format: "mtg-text", deck: r.deck } : fail("mtg-text", r.errors);
    },
  },
  "mtgo-dek": {
    game: "MTG",
    extensions: [".dek"],
    label: "mtgoDek",
    detect: ({ lines }) => lines[0].startsWith("<"),
    parse: (text) => {
      const r = parseMtgoDek(text);
      return r.ok ? { ok: true, game: "MTG", format: "mtgo-dek", deck: r.deck } : fail("mtgo-dek", r.errors);
    },
  },
  "xmage-dck": {
    game: "MTG",
    extensions: [".dck"],
    trustedExtension: ".dck",
    label: "xmageDck",
    detect: ({ lines }) => lines.some((l) => /^NAME:/i.test(l) || /^(SB:\s*)?\d+\s+\[[A-Za-z0-9_]*:[^\]]*\]/i.test(l)),
    parse: (text) => {
      const r = parseXmageDck(text);
      return r.ok ? { ok: true, game: "MTG", format: "xmage-dck", deck: r.deck, name: r.name } : fail("xmage-dck", r.errors);
    },
  },
  "mtggoldfish-json": {
    game: "MTG",
    extensions: [".json"],
    label: "mtggoldfishJson",
    detect: ({ lines }) => lines[0].startsWith("{") || lines[0].startsWith("["),
    parse: (text) => {
      let obj: unknown;
      try {
        obj = JSON.parse(text);
      } catch (e) {
        return fail("mtggoldfish-json", [
          parseError(0, "JSON_BAD", { detail: e instanceof Error ? e.message.slice(0, 80) : "parse error" }),
        ]);
      }
      const deckText = obj && typeof obj === "object" && !Array.isArray(obj) ? (obj as Record<string, unknown>).deck_text : undefined;
      if (typeof deckText !== "string") return fail("mtggoldfish-json", [parseError(0, "JSON_BAD", { detail: "no deck_text field" })]);
      const r = parseMtgText(deckText);
      const name = (obj as Record<string, unknown>).deck_name;
      return r.ok
        ? { ok: true, game: "MTG", format: "mtggoldfish-json", deck: r.deck, ...(typeof name === "string" ? { name } : {}) }
        : fail("mtggoldfish-json", r.errors);
    },
  },
};

/**
 * The order content detection tries the formats with a `detect` (C80: content first): a ydke://
 * URL, MTGO XML, MTGGoldfish JSON, an XMage .dck (`NAME:` or `N [SET:num]` lines), a .ydk. Then a
 * trusted extension decides, then the game's plain text list.
 */
export const DETECTION_ORDER: readonly DecklistFormat[] = ["ydke", "mtgo-dek", "mtggoldfish-json", "xmage-dck", "ydk"];

/** The plain "count name" text list of each game: the fallback when nothing else matched. */
export const TEXT_FORMAT: Record<"YGO" | "MTG", DecklistFormat> = { YGO: "ygo-text", MTG: "mtg-text" };

const IDS = Object.keys(DECKLIST_FORMATS) as DecklistFormat[];

/** The formats a game reads, in registry order. */
export function decklistFormatsFor(game: "YGO" | "MTG"): DecklistFormat[] {
  return IDS.filter((id) => DECKLIST_FORMATS[id].game === game);
}

/** The upload field's `accept` list for a game: every extension of its formats, once, comma-separated (YGO ".ydk,.txt"). */
export function decklistAccept(game: "YGO" | "MTG"): string {
  return [...new Set(decklistFormatsFor(game).flatMap((id) => DECKLIST_FORMATS[id].extensions))].join(",");
}

/** The format a trusted file extension names (`.ydk` → ydk, `.dck` → xmage-dck), else null. */
export function formatByExtension(filename: string | undefined): DecklistFormat | null {
  const fn = filename?.toLowerCase() ?? "";
  return (
    IDS.find((id) => {
      const ext = DECKLIST_FORMATS[id].trustedExtension;
      return ext !== undefined && fn.endsWith(ext);
    }) ?? null
  );
}
