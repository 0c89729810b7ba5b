/**
 * Tournament size tables: number of Swiss rounds and top-cut size by entrant count
 * (RULES §2.3, CASES G / C66). Entrants are teams in 2v2 events.
 *
 * - "kdee" — pre-v2.5 KDE-E policy: Swiss rounds required, top cut optional.
 * - "v25-tier12" — from 5 Sep 2025, Tier 1–2: same Swiss counts; Top 4 for 9–32, Top 8 for
 *   33–2048; 2049+ is ambiguous (§8.6: "None" vs "Top 8") → `cut2049` option; its default is
 *   the event setting's documented default, "none" (PresetSettings.cut2049).
 * - "v25-tier34" — Tier 3–4: total rounds for 129+ (day 1 + day 2 as listed in §2.3), always
 *   Top 8; the size counts bye holders with a modifier (1/3/7 for 1/2/3-round byes), see
 *   `effectiveEntrants`. Below 129 the Tier 1–2 table is used (⚠ not stated in the source).
 * Throws for fewer than 4 entrants (a Sanctioned event needs at least 4, §2.3).
 * This is the one Konami round table: lib/formats recommendedStructure reads it (C66, RULES §2.3 Tier 3–4).
 */
export type StructureTable = "kdee" | "v25-tier12" | "v25-tier34";

export interface EventStructure {
  swissRounds: number;
  /** Top-cut size; 0 = no cut. */
  topCut: number;
  /** Day-1 + day-2 split for Tier 3–4 large events, else null. */
  split: [number, number] | null;
}

const BANDS: [number, number, number][] = [
  // [max entrants, swiss rounds, kdee top cut]
  [8, 3, 0],
  [16, 4, 4],
  [32, 5, 4],
  [64, 6, 8],
  [128, 7, 8],
  [256, 8, 16],
  [512, 9, 16],
  [1024, 10, 32],
  [2048, 11, 32],
  [Infinity, 12, 64],
];
const TIER34: [number, number, number][] = [
  [256, 7, 4],
  [512, 8, 4],
  [1024, 8, 5],
  [2048, 9, 5],
  [Infinity, 9, 6],
];

/**
 * Swiss rounds and top-cut size for `entrants` teams under `table` (RULES §2.3, CASES G / C66);
 * `opts.cut2049` decides the 2049+ top cut of "v25-tier12" (§8.6, default "none").
 * @throws Error for fewer than 4 entrants or a non-integer count
 */
export function eventStructure(entrants: number, table: StructureTable = "kdee", opts: { cut2049?: "none" | "top8" } = {}): EventStructure {
  if (!Number.isInteger(entrants) || entrants < 4) throw new Error(`a Swiss event needs at least 4 entrants: ${entrants}`);
  const band = BANDS.find((b) => entrants <= b[0])!;
  if (table === "kdee") return { swissRounds: band[1], topCut: band[2], split: null };
  if (table === "v25-tier34" && entrants > 128) {
    const t = TIER34.find((b) => entrants <= b[0])!;
    return { swissRounds: t[1] + t[2], topCut: 8, split: [t[1], t[2]] };
  }
  const topCut = entrants <= 8 ? 0 : entrants <= 32 ? 4 : entrants <= 2048 ? 8 : (opts.cut2049 ?? "none") === "top8" ? 8 : 0;
  return { swissRounds: band[1], topCut, split: null };
}

/** Bye holders by bye length: how many teams hold 1-, 2- and 3-round byes. */
export interface ByeHolders {
  one?: number;
  two?: number;
  three?: number;
}

/**
 * Tier 3–4 size with bye holders (§2.3): every holder of a 1/2/3-round bye adds 1/3/7 to the
 * count. `entrants` includes the holders. Example: 1,005 entrants of whom 5 hold two-round
 * byes → 1,020.
 */
export function effectiveEntrants(entrants: number, byeHolders: ByeHolders = {}): number {
  return entrants + (byeHolders.one ?? 0) * 1 + (byeHolders.two ?? 0) * 3 + (byeHolders.three ?? 0) * 7;
}
