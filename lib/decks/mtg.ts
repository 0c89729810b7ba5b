/**
 * MTG card-name identity and the copy-limit exemptions (DL01, RULES §5.4, CR 100.4a/103.2-ish):
 * basic lands (incl. snow-covered basics and Wastes) and cards whose text allows any number
 * of copies; Seven Dwarves allows up to seven. Maintained list, update when new such cards print.
 */

/**
 * Normalises an English MTG card name for identity: NFKD without diacritics, "Æ" → "ae",
 * curly quotes → straight, lower case, whitespace collapsed, split-card separators
 * (`A // B`, `A/B`, `A // B // C`) → " // ". Used for list keys and legality counting.
 */
export function normaliseMtgName(name: string): string {
  return name
    .replace(/[Ææ]/g, "ae")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .toLowerCase()
    .replace(/\s*\/{1,2}\s*/g, " // ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Basic land names (CR 205.3i + snow-covered + Wastes): unlimited copies. */
export const MTG_BASIC_LANDS: readonly string[] = [
  "Plains",
  "Island",
  "Swamp",
  "Mountain",
  "Forest",
  "Wastes",
  "Snow-Covered Plains",
  "Snow-Covered Island",
  "Snow-Covered Swamp",
  "Snow-Covered Mountain",
  "Snow-Covered Forest",
  "Snow-Covered Wastes",
];

/**
 * Cards whose rules text lets a deck have any number of them (DL01), plus capped exceptions.
 * Value = max copies per deck (Infinity = any number).
 */
export const MTG_ANY_NUMBER: ReadonlyMap<string, number> = new Map<string, number>(
  [
    ["Relentless Rats", Infinity],
    ["Shadowborn Apostle", Infinity],
    ["Persistent Petitioners", Infinity],
    ["Rat Colony", Infinity],
    ["Dragon's Approach", Infinity],
    ["Slime Against Humanity", Infinity],
    ["Hare Apparent", Infinity],
    ["Tempest Hawk", Infinity],
    ["Cid, Timeless Artificer", Infinity],
    ["Templar Knight", Infinity],
    ["Seven Dwarves", 7],
    ["Nazgûl", 9],
  ].map(([n, c]) => [normaliseMtgName(n as string), c as number]),
);

const BASICS = new Set(MTG_BASIC_LANDS.map(normaliseMtgName));

/** True for a basic land name (normalised or not). */
export function isBasicLand(name: string): boolean {
  return BASICS.has(normaliseMtgName(name));
}

/**
 * Per-deck copy limit for a card: Infinity for basic lands and "any number" cards, the card's
 * own cap (Seven Dwarves 7, Nazgûl 9) if it has one, else `defaultLimit` (preset copyLimit).
 * `key` must already be normalised.
 */
export function mtgCopyLimit(key: string, defaultLimit: number): number {
  if (BASICS.has(key)) return Infinity;
  return MTG_ANY_NUMBER.get(key) ?? defaultLimit;
}

/** True when the card is exempt from the copy limit (DL01): basic land or "any number" card. */
export function isCopyLimitExempt(key: string): boolean {
  return BASICS.has(key) || MTG_ANY_NUMBER.has(key);
}
