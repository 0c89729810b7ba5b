/**
 * Bidirectional-text isolation for user-provided names (team, duelist, judge names) placed inside
 * a translated sentence, where a `<bdi>` element cannot be used (next-intl values are strings).
 * `isolate("فريق")` → "\u2068فريق\u2069": FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE (Unicode
 * UAX #9, the same effect as `<bdi>`), so an Arabic or Hebrew name does not reorder the numbers,
 * IDs and punctuation around it ("Team 3: فريق (2–1)"). Standalone names use `<bdi>` in JSX.
 * Empty / null names return "" (nothing to isolate).
 */
export const FSI = "\u2068";
export const PDI = "\u2069";

export function isolate(name: string | null | undefined): string {
  if (!name) return "";
  return `${FSI}${name}${PDI}`;
}
