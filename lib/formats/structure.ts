/**
 * Recommended tournament structure: number of Swiss rounds and top cut per preset and entrant
 * count (entrants = teams for 2v2 presets, players for 1v1).
 *
 * Tables:
 * - "konami_pre_v25": KDE-E policy table, RULES §2.3 (C66) — KONAMI_TAG_2019, KONAMI_TAG_2013 and
 *   KONAMI_STANDARD_1V1 with any EOMP other than `v25`.
 * - "konami_v25": policy v2.5 Tier 1–2 (RULES §2.3) — KONAMI_STANDARD_1V1 with `eomp = v25`. Same
 *   Swiss counts; Top 4 for 9–32, Top 8 for 33–2048; 2049+ → no cut (⚠ §8.6: we follow the
 *   YGOrganization summary of the official notice over the unattributed "Top 8" transcription).
 * - "log2": presets with no published table (MTG_2HG, UDE_2V2, INDEPENDENT_LP_2V2): Swiss rounds =
 *   ceil(log2(entrants)) (minimum 1). Top cut: none up to 8 entrants; otherwise the MTR-style
 *   Top 8, but never more than half the field — Top 4 for 9–15 entrants, Top 8 from 16. This is
 *   our convention (I), kept simple; a TO can override it.
 */
import { FormatsError } from "./turns";
import type { Preset, PresetSettings } from "./presets";

export type StructureTable = "konami_pre_v25" | "konami_v25" | "log2";

export interface TournamentStructure {
  entrants: number;
  swissRounds: number;
  /** Teams/players in the top cut; 0 = no cut. */
  topCut: number;
  /** Konami: the top cut is optional in the pre-v2.5 table (§2.3 "minimum top cut optional"). */
  topCutOptional: boolean;
  table: StructureTable;
  /** Warning codes (messages: formats.warnings.*): BELOW_SANCTION_MINIMUM when a Konami event has < 4. */
  warnings: string[];
}

// [max entrants, swiss rounds, pre-v2.5 cut, v2.5 cut] — RULES §2.3
const KONAMI_ROWS: readonly [number, number, number, number][] = [
  [8, 3, 0, 0],
  [16, 4, 4, 4],
  [32, 5, 4, 4],
  [64, 6, 8, 8],
  [128, 7, 8, 8],
  [256, 8, 16, 8],
  [512, 9, 16, 8],
  [1024, 10, 32, 8],
  [2048, 11, 32, 8],
  [Infinity, 12, 64, 0],
];

/** Which table applies to a preset + settings (see module doc). */
export function structureTable(preset: Preset, settings?: Pick<PresetSettings, "eomp">): StructureTable {
  if (preset.id === "KONAMI_TAG_2019" || preset.id === "KONAMI_TAG_2013") return "konami_pre_v25";
  if (preset.id === "KONAMI_STANDARD_1V1") return (settings?.eomp ?? preset.defaults.eomp) === "v25" ? "konami_v25" : "konami_pre_v25";
  return "log2";
}

/**
 * Recommended Swiss rounds and top cut. `entrants` must be an integer ≥ 2 (throws
 * FormatsError ENTRANTS_INVALID otherwise). For Konami tables, 2–3 entrants get ceil(log2(entrants))
 * rounds and warning BELOW_SANCTION_MINIMUM (a sanctioned event needs 4, §2.3).
 */
export function recommendedStructure(
  preset: Preset,
  entrants: number,
  settings?: Pick<PresetSettings, "eomp">,
): TournamentStructure {
  if (!Number.isInteger(entrants) || entrants < 2) throw new FormatsError("ENTRANTS_INVALID", { entrants });
  const table = structureTable(preset, settings);
  if (table === "log2") {
    const swissRounds = Math.max(1, Math.ceil(Math.log2(entrants)));
    const topCut = entrants <= 8 ? 0 : entrants < 16 ? 4 : 8;
    return { entrants, swissRounds, topCut, topCutOptional: false, table, warnings: [] };
  }
  const row = KONAMI_ROWS.find((r) => entrants <= r[0])!;
  const warnings = entrants < 4 ? ["BELOW_SANCTION_MINIMUM"] : [];
  const swissRounds = entrants < 4 ? Math.ceil(Math.log2(entrants)) : row[1];
  return {
    entrants,
    swissRounds,
    topCut: table === "konami_v25" ? row[3] : row[2],
    topCutOptional: table === "konami_pre_v25",
    table,
    warnings,
  };
}
