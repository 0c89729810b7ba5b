/**
 * Recommended tournament structure: number of Swiss rounds and top cut per preset and entrant
 * count (entrants = teams for 2v2 presets, players for 1v1). The Konami round table is ONE table,
 * lib/formats/roundTable `eventStructure` (RULES §2.3, C66; re-exported by lib/pairing), read with `effectiveEntrants`:
 * - "konami_pre_v25": KDE-E policy table — KONAMI_TAG_2019, KONAMI_TAG_2013 and
 *   KONAMI_STANDARD_1V1 with any EOMP other than `v25`, Tier 1–2 (cut optional).
 * - "konami_v25": policy v2.5 Tier 1–2 — KONAMI_STANDARD_1V1 with `eomp = v25`. Same Swiss
 *   counts; Top 4 for 9–32, Top 8 for 33–2048; 2049+ → `settings.cut2049` (§8.6, default "none").
 * - "konami_v25_tier34": any Konami preset with `settings.tier = "3-4"`: 129+ entrants play more
 *   rounds (day 1 + day 2), always Top 8, and the size counts bye holders with their modifier
 *   (1/3/7 for 1/2/3-round byes): 1,005 entrants with five 2-round byes → 1,020 → 13 rounds (RULES §2.3 example).
 * - "log2": presets with no published table (MTG_2HG, UDE_2V2, INDEPENDENT_LP_2V2): Swiss rounds =
 *   ceil(log2(entrants)) (minimum 1). Top cut: none up to 8 entrants; otherwise the MTR-style
 *   Top 8, but never more than half the field — Top 4 for 9–15 entrants, Top 8 from 16. This is
 *   our convention (I), kept simple; a TO can override it.
 */
import { FormatsError } from "./turns";
import type { Preset, PresetSettings, StructureTable } from "./presets";
import { effectiveEntrants, eventStructure, type ByeHolders } from "./roundTable";

export type { StructureTable } from "./presets";

export interface TournamentStructure {
  entrants: number;
  /** The size the table was read at (Tier 3–4: entrants + bye-holder modifiers, RULES §2.3). */
  effectiveEntrants: number;
  swissRounds: number;
  /** Teams/players in the top cut; 0 = no cut. */
  topCut: number;
  /** Konami: the top cut is optional in the pre-v2.5 table (§2.3 "minimum top cut optional"). */
  topCutOptional: boolean;
  table: StructureTable;
  /** Tier 3–4 of 129+: [day-1 rounds, day-2 rounds], else null. */
  split: [number, number] | null;
  /** Warning codes (messages: formats.warnings.*): BELOW_SANCTION_MINIMUM when a Konami event has < 4. */
  warnings: string[];
}

type StructureSettings = Partial<Pick<PresetSettings, "eomp" | "tier" | "cut2049">>;

/**
 * Which table applies to a preset + settings (see module doc), read from the preset's data
 * (`Preset.structure`): Tier 3–4 → `structure.tier34` when the preset has one; else the EOMP
 * version's own table (`tier12ByEomp`, 1v1 v2.5) or `tier12`.
 */
export function structureTable(preset: Preset, settings?: StructureSettings): StructureTable {
  const s = preset.structure;
  if (s.tier34 && (settings?.tier ?? preset.defaults.tier) === "3-4") return s.tier34;
  return s.tier12ByEomp?.[settings?.eomp ?? preset.defaults.eomp] ?? s.tier12;
}

/**
 * Recommended Swiss rounds and top cut. `entrants` must be an integer ≥ 2 (throws
 * FormatsError ENTRANTS_INVALID otherwise); `byeHolders` counts the bye holders among them (Tier
 * 3–4 only, RULES §2.3). For Konami tables, 2–3 entrants get ceil(log2(entrants)) rounds and warning
 * BELOW_SANCTION_MINIMUM (a sanctioned event needs 4, §2.3).
 */
export function recommendedStructure(
  preset: Preset,
  entrants: number,
  settings?: StructureSettings,
  byeHolders: ByeHolders = {},
): TournamentStructure {
  if (!Number.isInteger(entrants) || entrants < 2) throw new FormatsError("ENTRANTS_INVALID", { entrants });
  const table = structureTable(preset, settings);
  if (table === "log2") {
    const swissRounds = Math.max(1, Math.ceil(Math.log2(entrants)));
    const topCut = entrants <= 8 ? 0 : entrants < 16 ? 4 : 8;
    return { entrants, effectiveEntrants: entrants, swissRounds, topCut, topCutOptional: false, table, split: null, warnings: [] };
  }
  if (entrants < 4) {
    return {
      entrants,
      effectiveEntrants: entrants,
      swissRounds: Math.ceil(Math.log2(entrants)),
      topCut: 0,
      topCutOptional: table === "konami_pre_v25",
      table,
      split: null,
      warnings: ["BELOW_SANCTION_MINIMUM"],
    };
  }
  const size = table === "konami_v25_tier34" ? effectiveEntrants(entrants, byeHolders) : entrants;
  const s = eventStructure(size, table === "konami_pre_v25" ? "kdee" : table === "konami_v25" ? "v25-tier12" : "v25-tier34", {
    cut2049: settings?.cut2049 ?? preset.defaults.cut2049,
  });
  return {
    entrants,
    effectiveEntrants: size,
    swissRounds: s.swissRounds,
    topCut: s.topCut,
    topCutOptional: table === "konami_pre_v25",
    table,
    split: s.split,
    warnings: [],
  };
}
