/**
 * Format detection and the single entry point `parseDecklist` (RULES §7, C80: detect by
 * content, not by file extension). Never throws.
 */
import type { CardIndex } from "../cdb";
import { parseError } from "../messages";
import { isTextFile } from "../text";
import type { DecklistFormat, ParseError, ParsedDecklist } from "../types";
import { DECKLIST_FORMATS, DETECTION_ORDER, TEXT_FORMAT, formatByExtension } from "../formats";

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
 * Detects the format from content, through the registry (lib/decks/formats DETECTION_ORDER):
 * `ydke://` line → ydke; `<` → MTGO .dek XML; `{`/`[` → JSON with `deck_text` (MTGGoldfish);
 * `NAME:` or `[SET:num]` lines → XMage .dck; passcode lines / section markers → ydk; then a
 * trusted extension (.ydk, .dck); otherwise a "count name" text list (YGO or MTG per hint).
 * Returns null for empty input.
 */
export function detectFormat(text: string, hint?: DecklistHint): DecklistFormat | null {
  if (hint?.format) return hint.format;
  const src = text.replace(/^\uFEFF/, "");
  const lines = src
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
  if (lines.length === 0) return null;
  const input = { text: src, lines, content: lines.filter((l) => !l.startsWith("#")) };
  const detected = DETECTION_ORDER.find((id) => DECKLIST_FORMATS[id].detect?.(input));
  if (detected) return detected;
  const byName = formatByExtension(hint?.filename);
  if (byName) return byName;
  return TEXT_FORMAT[hint?.game ?? (hint?.cards ? "YGO" : "MTG")];
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
 * TEXT_NO_CARD_INDEX for a YGO name list without a card index, or the chosen parser's errors). The parser is the
 * registry entry's (lib/decks/formats).
 */
export function parseDecklist(input: string | Uint8Array, hint?: DecklistHint): DecklistResult {
  const text = decode(input);
  if (text === null || !isTextFile(text)) return { ok: false, format: null, errors: [parseError(0, "BINARY_INPUT")] };
  const format = detectFormat(text, hint);
  if (format === null) return { ok: false, format: null, errors: [parseError(0, "EMPTY_INPUT")] };
  return DECKLIST_FORMATS[format].parse(text, hint?.cards);
}
