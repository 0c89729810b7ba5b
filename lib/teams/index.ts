/**
 * Team-name rules (T11). Pure: no storage.
 *
 * - {@link normalizeTeamName}: the stored/display form — Unicode NFC, trimmed, runs of whitespace
 *   collapsed to one space. Letter case is kept as typed.
 * - {@link teamNameKey}: the uniqueness key — the normalized form, lower-cased (locale-independent)
 *   so "dragões brancos", "Dragões  Brancos" and "DRAGO\u0303ES BRANCOS" (decomposed õ) are the same name.
 */

/** NFC, trimmed, internal whitespace collapsed to one space; case kept. */
export function normalizeTeamName(name: string): string {
  return name.normalize("NFC").replace(/\s+/gu, " ").trim();
}

/** Key under which two team names clash within one event (case-insensitive, Unicode-normalized). */
export function teamNameKey(name: string): string {
  return normalizeTeamName(name).toLowerCase().normalize("NFC");
}

/** The first of `existing` whose name clashes with `name` ({@link teamNameKey}), or undefined. */
export function sameTeamName<T extends { name: string }>(name: string, existing: readonly T[]): T | undefined {
  const key = teamNameKey(name);
  return existing.find((t) => teamNameKey(t.name) === key);
}
