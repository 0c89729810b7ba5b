/**
 * English rendering of lib/decks codes from `messages/en/decks.json` (namespace `decks`).
 * UIs should translate `code` + `params` themselves; these strings are for logs and tests.
 */
import en from "../../messages/en/decks.json";
import { format } from "../formats/messages";
import type { ParseError, ParseErrorCode, ViolationCode } from "./types";

type Params = Record<string, string | number>;

/** Replaces `{name}` placeholders; unknown placeholders are left as written. */
export function fillTemplate(template: string, params: Params): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

/** English text of a parse error code with its params (template `decks.parse.<code>`). */
export function parseMessage(code: ParseErrorCode, params: Params): string {
  return fillTemplate(en.decks.parse[code], params);
}

/**
 * English text of a violation code with its params (template `decks.violation.<code>`, ICU:
 * `{count, plural, …}` and `{game, select, MTG {…} other {…}}` — pass `game` "YGO" | "MTG" so an
 * MTG list reads "sideboard"/"banned"; without it the Yu-Gi-Oh! wording is used).
 */
export function violationMessage(code: ViolationCode, params: Params): string {
  try {
    return format(en.decks.violation[code], params);
  } catch {
    return fillTemplate(en.decks.violation[code], params);
  }
}

/** English section label for the game: YGO "Main Deck" / "Extra Deck" / "Side Deck"; MTG "Deck" / "Sideboard". */
export function sectionLabel(s: "main" | "extra" | "side", game: "YGO" | "MTG" = "YGO"): string {
  return format(en.decks.section[s], { game });
}

/** Builds a typed ParseError with its English message. */
export function parseError(line: number, code: ParseErrorCode, params: Params = {}): ParseError {
  const p = { line, ...params };
  return { line, code, params: p, message: parseMessage(code, p) };
}
