/**
 * English rendering of lib/decks codes from `messages/en/decks.json` (namespace `decks`).
 * UIs should translate `code` + `params` themselves; these strings are for logs and tests.
 */
import en from "../../messages/en/decks.json";
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

/** English text of a violation code with its params (template `decks.violation.<code>`). */
export function violationMessage(code: ViolationCode, params: Params): string {
  return fillTemplate(en.decks.violation[code], params);
}

/** English section label ("Main Deck", ...). */
export function sectionLabel(s: "main" | "extra" | "side"): string {
  return en.decks.section[s];
}

/** Builds a typed ParseError with its English message. */
export function parseError(line: number, code: ParseErrorCode, params: Params = {}): ParseError {
  const p = { line, ...params };
  return { line, code, params: p, message: parseMessage(code, p) };
}
