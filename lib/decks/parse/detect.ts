/**
 * Format detection and the single entry point `parseDecklist` (RULES §7, C80: detect by
 * content, not by file extension). Never throws.
 */
import type { CardIndex } from "../cdb";
import { parseError } from "../messages";
import { isTextFile } from "../text";
import type { DecklistFormat, ParseError, ParsedDecklist } from "../types";
import { parseMtgoDek, parseMtgText, parseXmageDck } from "./mtgtext";
import { parseYdk } from "./ydk";
import { decodeYdke } from "./ydke";
import { parseYgoText } from "./ygotext";

/** Hints for `parseDecklist`. */
export interface DecklistHint {
  /** Force a format (skips detection). */
  format?: DecklistFormat;
  /** File name: `.ydk` → ydk, `.dck` → XMage when content is ambiguous. `.dek` is NOT trusted (C80). */
  filename?: string;
  /** Which game a "count name" text list belongs to; default YGO if `cards` is given, else MTG. */
  game?: "YGO" | "MTG";
  /** YGO card index, needed for plain-text YGO lists. */
  cards?: CardIndex;
}

export type DecklistResult = ({ ok: true } & ParsedDecklist) | { ok: false; format: DecklistFormat | null; errors: ParseError[] };

/**
 * Detects the format from content:
 * `ydke://` line → ydke; `<` → MTGO .dek XML; `{`/`[` → JSON with `deck_text` (MTGGoldfish);
 * only digits / `#` / `!` / `$` lines → ydk; `NAME:` or `[SET:num]` lines → XMage .dck;
 * otherwise a "count name" text list (YGO or MTG per hint). Returns null for empty input.
 */
export function detectFormat(text: string, hint?: DecklistHint): DecklistFormat | null {
  if (hint?.format) return hint.format;
  const src = text.replace(/^\uFEFF/, "");
  const lines = src.split(/\r\n|\r|\n/).map((l) => l.trim()).filter((l) => l !== "");
  if (lines.length === 0) return null;
  const content = lines.filter((l) => !l.startsWith("#"));
  if (content.length > 0 && /^ydke:\/\//i.test(content[0])) return "ydke";
  const first = lines[0];
  if (first.startsWith("<")) return "mtgo-dek";
  if (first.startsWith("{") || first.startsWith("[")) return "mtggoldfish-json";
  if (lines.every((l) => /^(#|!|\$|\d+(\s+(--|#).*)?$)/.test(l))) return "ydk";
  if (lines.some((l) => /^NAME:/i.test(l) || /^(SB:\s*)?\d+\s+\[[A-Za-z0-9_]*:[^\]]*\]/i.test(l))) return "xmage-dck";
  // A .ydk with a few bad lines is still a .ydk (so its errors name the bad line, DL03): it has a
  // `#main`/`#extra`/`!side` marker, or most of its content lines are bare passcodes.
  if (lines.some((l) => /^(#main|#extra|!side)$/i.test(l))) return "ydk";
  const bare = content.filter((l) => /^\d+$/.test(l)).length;
  if (content.length >= 5 && bare / content.length >= 0.8) return "ydk";
  const fn = hint?.filename?.toLowerCase() ?? "";
  if (fn.endsWith(".ydk")) return "ydk";
  if (fn.endsWith(".dck")) return "xmage-dck";
  const game = hint?.game ?? (hint?.cards ? "YGO" : "MTG");
  return game === "YGO" ? "ygo-text" : "mtg-text";
}

function decode(input: string | Uint8Array): string | null {
  if (typeof input === "string") return input;
  if (input.includes(0)) return null;
  return new TextDecoder("utf-8", { fatal: false }).decode(input);
}

/**
 * Parses a decklist of any supported format (string or bytes, UTF-8). Returns
 * `{ok:true, game, format, deck}` or `{ok:false, format, errors}` (typed errors; EMPTY_INPUT,
 * BINARY_INPUT for input that is not text (lib/decks/text isTextFile: NUL bytes, invalid UTF-8, many control characters),
 * TEXT_NO_CARD_INDEX for a YGO name list without a card index, or the chosen parser's errors).
 */
export function parseDecklist(input: string | Uint8Array, hint?: DecklistHint): DecklistResult {
  const text = decode(input);
  if (text === null || !isTextFile(text)) return { ok: false, format: null, errors: [parseError(0, "BINARY_INPUT")] };
  const format = detectFormat(text, hint);
  if (format === null) return { ok: false, format: null, errors: [parseError(0, "EMPTY_INPUT")] };
  switch (format) {
    case "ydk": {
      const r = parseYdk(text);
      return r.ok ? { ok: true, game: "YGO", format, deck: r.deck } : { ok: false, format, errors: r.errors };
    }
    case "ydke": {
      const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
      const idx = lines.findIndex((l) => l.trim() !== "" && !l.trim().startsWith("#"));
      const r = decodeYdke(idx >= 0 ? lines[idx] : "", idx + 1);
      return r.ok ? { ok: true, game: "YGO", format, deck: r.deck } : { ok: false, format, errors: r.errors };
    }
    case "ygo-text": {
      if (!hint?.cards) return { ok: false, format, errors: [parseError(0, "TEXT_NO_CARD_INDEX")] };
      const r = parseYgoText(text, hint.cards);
      return r.ok ? { ok: true, game: "YGO", format, deck: r.deck } : { ok: false, format, errors: r.errors };
    }
    case "mtg-text": {
      const r = parseMtgText(text);
      return r.ok ? { ok: true, game: "MTG", format, deck: r.deck } : { ok: false, format, errors: r.errors };
    }
    case "xmage-dck": {
      const r = parseXmageDck(text);
      return r.ok ? { ok: true, game: "MTG", format, deck: r.deck, name: r.name } : { ok: false, format, errors: r.errors };
    }
    case "mtgo-dek": {
      const r = parseMtgoDek(text);
      return r.ok ? { ok: true, game: "MTG", format, deck: r.deck } : { ok: false, format, errors: r.errors };
    }
    case "mtggoldfish-json": {
      let obj: unknown;
      try {
        obj = JSON.parse(text);
      } catch (e) {
        return { ok: false, format, errors: [parseError(0, "JSON_BAD", { detail: e instanceof Error ? e.message.slice(0, 80) : "parse error" })] };
      }
      const deckText = obj && typeof obj === "object" && !Array.isArray(obj) ? (obj as Record<string, unknown>).deck_text : undefined;
      if (typeof deckText !== "string") return { ok: false, format, errors: [parseError(0, "JSON_BAD", { detail: "no deck_text field" })] };
      const r = parseMtgText(deckText);
      const name = (obj as Record<string, unknown>).deck_name;
      return r.ok
        ? { ok: true, game: "MTG", format, deck: r.deck, ...(typeof name === "string" ? { name } : {}) }
        : { ok: false, format, errors: r.errors };
    }
  }
}
