/**
 * Name rules (issue #12 "Names"). Pure: no storage. Used for every name a person types or a
 * file carries: team, duelist, event, display name, F&L list name (lib/server/write/names.ts wraps
 * them as zod fields; the `.cdb` reader applies {@link BAD_NAME_CHARS} to card names).
 *
 * - {@link nameProblem}: NAME_CHARS for NUL, an unpaired (lone) surrogate, or a bidirectional
 *   embedding/override/isolate control (U+202A–202E, U+2066–2069) — they reorder or hide text on
 *   slips and standings; NAME_INVISIBLE for a name with nothing left once invisible characters
 *   (Unicode Default_Ignorable_Code_Point: zero-width space/joiners, soft hyphen, variation
 *   selectors, BOM, …) and spaces are removed.
 * - {@link normalizeTeamName}: the stored/display form — Unicode NFC, runs of whitespace collapsed
 *   to one space, trimmed, invisible characters at either end removed. Inside a name they are
 *   kept: ZWJ (U+200D) joins emoji sequences and ZWNJ (U+200C) is spelling in Persian and Indic
 *   scripts. Letter case is kept as typed.
 * - {@link teamNameKey}: the uniqueness key — the normalized form without any invisible
 *   character, lower-cased (locale-independent), so "dragões brancos", "Dragões  Brancos",
 *   "DRAGO\u0303ES BRANCOS" (decomposed õ) and "Dragões\u200B Brancos" are the same name.
 */

/** NUL, lone surrogates, bidi embeddings/overrides (U+202A–202E) and isolates (U+2066–2069). */
export const BAD_NAME_CHARS = /\u0000|[\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
const EDGE_INVISIBLE = /^[\s\p{Default_Ignorable_Code_Point}]+|[\s\p{Default_Ignorable_Code_Point}]+$/gu;

/** Why a name is refused (field rule code), or null when it is acceptable. */
export function nameProblem(name: string): "NAME_CHARS" | "NAME_INVISIBLE" | null {
  if (BAD_NAME_CHARS.test(name)) return "NAME_CHARS";
  if (name.replace(INVISIBLE, "").replace(/\s+/gu, "") === "") return "NAME_INVISIBLE";
  return null;
}

/** NFC, internal whitespace collapsed to one space, trimmed (invisible characters at the ends too); case kept. */
export function normalizeTeamName(name: string): string {
  if (BAD_NAME_CHARS.test(name)) return name.replace(/\s+/gu, " ").trim(); // refused by nameProblem; never normalize() a lone surrogate
  return name.normalize("NFC").replace(/\s+/gu, " ").replace(EDGE_INVISIBLE, "");
}

/** Key under which two team names clash within one event (case-insensitive, Unicode-normalized, invisible characters ignored). */
export function teamNameKey(name: string): string {
  return normalizeTeamName(name).replace(INVISIBLE, "").replace(/\s+/gu, " ").trim().toLowerCase().normalize("NFC");
}

/** The first of `existing` whose name clashes with `name` ({@link teamNameKey}), or undefined. */
export function sameTeamName<T extends { name: string }>(name: string, existing: readonly T[]): T | undefined {
  const key = teamNameKey(name);
  return existing.find((t) => teamNameKey(t.name) === key);
}
