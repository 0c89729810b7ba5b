/**
 * Format presets as typed data. This module owns these facts; every other module reads them
 * (deck rules → lib/decks, points and tiebreakers → lib/standings, round tables → lib/pairing).
 * Each field cites its rule in ../shared/rules/RULES.md (§ numbers) or a case id from CASES.md.
 *
 * Units: minutes for round time, LP/life as integers, points as integers.
 * Where to add a preset: its id in PRESET_IDS and one entry in PRESETS (every field is required,
 * so a missing choice list, structure table or column list is a compile error).
 */
import { KONAMI_COLUMNS, MTR_COLUMNS, type TiebreakerColumn } from "./tiebreakers";

export const PRESET_IDS = [
  "KONAMI_TAG_2019",
  "KONAMI_TAG_2013",
  "UDE_2V2",
  "INDEPENDENT_LP_2V2",
  "MTG_2HG",
  "KONAMI_STANDARD_1V1",
] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export type Game = "YGO" | "MTG";

/** Deck-construction rules consumed by the legality engine (lib/decks). */
export interface DeckRules {
  /** Main Deck size bounds per duelist; max null = no maximum (MTG, RULES §5.4). */
  main: { min: number; max: number | null };
  /** Extra Deck bounds; null = the game has no Extra Deck. */
  extra: { min: number; max: number } | null;
  /** Side Deck / sideboard bounds; null = not allowed (constructed 2HG, C18). */
  side: { min: number; max: number } | null;
  /** Max copies of one card per duelist across all sections (YGO 3, MTG 4). */
  copyLimit: number;
  /**
   * Who a Limited / Semi-Limited (or restricted) allowance belongs to:
   * "duelist" — each duelist may run the list's count (Tag 2019, UDE; C12, C14);
   * "team" — the count is for the whole team (Tag 2013, §1.7; 2HG restricted, C21).
   */
  listScope: "duelist" | "team";
  /** Max copies of one card across the team's decks; null = no team rule (2HG: 4, C15). */
  teamCopyLimit: number | null;
}

/** Match points per result (RULES §1.9, §5.5, §6). */
export interface Points {
  win: number;
  draw: number;
  loss: number;
  bye: number;
  doubleLoss: number;
}

/** Tiebreakers in order, after match points. */
export type Tiebreaker = "OPP_MW" | "OPP_OPP_MW" | "OMW" | "GW" | "OGW";

export type EompVariant =
  | "phase_then_lp" // Konami Tag 2019 (§1.8)
  | "double_loss" // v2.5 option (§1.8 ⚠, C40)
  | "turn_plus_three" // Tag 2013 legacy: turn player ends turn, each other duelist one more turn (§1.8)
  | "ude_three_turns" // UDE 2v2 (§3.1)
  | "mtg_three_turns" // MTR 2.4 team formats (§5.3)
  | "ude2005"
  | "konami2010"
  | "konami2018"
  | "v25"; // KONAMI_STANDARD_1V1 dated versions (§2.2)

/** Settings a TO can change per event; RULES §8 ambiguities become these, with defaults. */
export interface PresetSettings {
  eomp: EompVariant;
  /** §8.20: whether Swiss matches may end in a draw (else the no-draw procedure). */
  swissAllowsDraws: boolean;
  /** §8.1 Limited counting per duelist or per team. */
  listScope: "duelist" | "team";
  /** §8.10 independent-LP time rule; required for INDEPENDENT_LP_2V2, unused elsewhere. */
  independentTimeRule: "sum_surviving_lp" | "survivors_then_lp" | "draw" | null;
  /** Decklist changes until the deadline, or locked on first submission (§2.6). */
  decklistChanges: "until_deadline" | "locked_on_submit";
  /** §8.13 2HG: combined 4-of (default) or strict unified (no card in both decks). */
  teamCopyRule: "combined4" | "strict_unified" | null;
  /** Whether a bye round counts in the team's own MW% (MTG §8.15; Konami §6.1 undocumented — see KONAMI_BYE_IN_OWN_MW). */
  byeInOwnMw: boolean;
  /** Illegal decklists block pairing (default: flagged only). */
  requireLegalDecklists: boolean;
  /**
   * Konami event tier for the round table (RULES §2.3): "1-2" (KDE-E / v2.5 Tier 1–2) or "3-4"
   * (v2.5 Tier 3–4: more rounds from 129, size counted with bye holders, RULES §2.3). Konami presets only.
   */
  tier: "1-2" | "3-4";
  /**
   * §8.6: v2.5 Tier 1–2 top cut for 2049+ entrants — "none" (YGOrganization's summary of the
   * official notice; default) or "top8" (the Kotlin transcription).
   */
  cut2049: "none" | "top8";
  /** Issue #16: one checked-in member checks the team in (default off: both members must). */
  checkInOneSuffices: boolean;
  /** Issue #16: teams in the top cut see the other top-cut teams' decklists (default off). */
  topCutOpenLists: boolean;
}

export interface Preset {
  id: PresetId;
  game: Game;
  /** Duelists per entrant (2 for team formats). */
  teamSize: 1 | 2;
  /** "team" = one shared total (Tag 16,000 §1.2; UDE 8,000 §3; 2HG 30 §5.1); "duelist" = each has own (§4.1). */
  life: { model: "team" | "duelist"; start: number };
  /** Games (duels) per match: best of 1 or 3. */
  bestOf: 1 | 3;
  /** Default round length in minutes. */
  roundMinutes: number;
  /** Round length when the event uses a given EOMP version (v2.5 Swiss: 50 min, §2.1); else roundMinutes. */
  roundMinutesByEomp?: Partial<Record<EompVariant, number>>;
  /** Turn order pattern with team 1 going first: seat labels in order (C22, C24). */
  turnOrder: readonly string[];
  /** Number of opening turns of the duel that may not conduct a Battle Phase / attack. */
  noBattleTurns: number;
  deck: DeckRules;
  points: Points;
  tiebreakers: readonly Tiebreaker[];
  /** Floor applied to MW%/GW% in tiebreakers (MTR 0.33; Konami none — C62). */
  percentageFloor: number;
  defaults: PresetSettings;
  /** Rule references for the quick-reference page. */
  sources: readonly string[];
  /** Which value of each choice setting applies (see {@link ApplicableSettings}); read by `applicableSettings`. */
  choices: ApplicableSettings;
  /** Which round table recommends the structure (see {@link PresetStructure}); read by lib/formats `structureTable`. */
  structure: PresetStructure;
  /** Tiebreaker columns of the standings page, print page and CSV (lib/formats/tiebreakers). */
  standingsColumns: readonly TiebreakerColumn[];
}

/**
 * The round tables of lib/formats/structure (RULES §2.3, C66): "konami_pre_v25" (KDE-E policy),
 * "konami_v25" (v2.5 Tier 1–2), "konami_v25_tier34" (v2.5 Tier 3–4), "log2" (no published table).
 */
export type StructureTable = "konami_pre_v25" | "konami_v25" | "konami_v25_tier34" | "log2";

/**
 * Which table a preset reads: `tier12` at Tier 1–2, replaced by `tier12ByEomp[eomp]` for an EOMP
 * version with its own table (1v1 `v25`, §2.3); `tier34` with the event setting tier "3-4" (null:
 * the preset has no Tier 3–4 table, `tier12` applies).
 */
export interface PresetStructure {
  tier12: StructureTable;
  tier12ByEomp?: Partial<Record<EompVariant, StructureTable>>;
  tier34: StructureTable | null;
}

const KONAMI_STRUCTURE: PresetStructure = { tier12: "konami_pre_v25", tier34: "konami_v25_tier34" }; // §2.3
const LOG2_STRUCTURE: PresetStructure = { tier12: "log2", tier34: null }; // no published table (I)
const single = <T>(v: T) => [v] as const;

const YGO_DECK: DeckRules = {
  main: { min: 40, max: 60 }, // §2.5
  extra: { min: 0, max: 15 }, // §2.5
  side: { min: 0, max: 15 }, // §2.5
  copyLimit: 3, // §2.5, C04
  listScope: "duelist", // §1.7, C12
  teamCopyLimit: null,
};

const KONAMI_POINTS: Points = { win: 3, draw: 1, loss: 0, bye: 3, doubleLoss: 0 }; // §1.9, §6.1, §6.2, C58

/**
 * Whether a bye counts in a team's OWN match-win % — explicit per preset:
 * - Konami presets (Tag, UDE, independent LP, 1v1): KTS bye handling is undocumented (RULES.md
 *   §6.1, §8.16); a bye is a match win (§6.2, I: Konami same as MTR), so it stays in the team's own
 *   record and thus in its opponents' OppMW%. Default true = what standings always computed.
 * - MTG_2HG: §5.5 / §8.15 — the MTR appendix example counts bye rounds, [SK211] excludes them;
 *   default to the MTR text (true), TO-configurable.
 */
const KONAMI_BYE_IN_OWN_MW = true; // §6.1, §6.2 (I), §8.16
const MTR_BYE_IN_OWN_MW = true; // §5.5, §8.15 (MTR appendix C example)

const BASE_SETTINGS: PresetSettings = {
  eomp: "phase_then_lp",
  swissAllowsDraws: true,
  listScope: "duelist",
  independentTimeRule: null,
  decklistChanges: "until_deadline",
  teamCopyRule: null,
  byeInOwnMw: true,
  requireLegalDecklists: false,
  tier: "1-2", // §2.3: the common store / regional tier
  cut2049: "none", // §8.6 default
  checkInOneSuffices: false, // issue #16: both members check in
  topCutOpenLists: false, // issue #16: lists stay private until published
};

export const PRESETS: Record<PresetId, Preset> = {
  KONAMI_TAG_2019: {
    id: "KONAMI_TAG_2019",
    game: "YGO",
    teamSize: 2,
    life: { model: "team", start: 16000 }, // §1.2
    bestOf: 1, // §1.4
    roundMinutes: 30, // §1.4
    turnOrder: ["1A", "2A", "1B", "2B"], // §1.5, C22
    noBattleTurns: 3, // §1.5, C22
    deck: YGO_DECK, // §1.7
    points: KONAMI_POINTS,
    tiebreakers: ["OPP_MW", "OPP_OPP_MW"], // §6.1
    percentageFloor: 0, // C62 (assumed, ⚠ §8.16)
    defaults: { ...BASE_SETTINGS, byeInOwnMw: KONAMI_BYE_IN_OWN_MW }, // §1.8: phase_then_lp default, double_loss switch; byes §6.1
    sources: ["RULES.md §1", "SEED-TAG", "Y-KDEE"],
    choices: {
      eomp: ["phase_then_lp", "double_loss"],
      listScope: ["duelist", "team"],
      independentTimeRule: single(null),
      teamCopyRule: single(null),
    },
    structure: KONAMI_STRUCTURE,
    standingsColumns: KONAMI_COLUMNS,
  },
  KONAMI_TAG_2013: {
    id: "KONAMI_TAG_2013",
    game: "YGO",
    teamSize: 2,
    life: { model: "team", start: 16000 }, // §1.7 (2013 rules, Y-TAG13)
    bestOf: 1,
    roundMinutes: 40, // §8.3
    turnOrder: ["1A", "2A", "1B", "2B"],
    noBattleTurns: 3,
    deck: { ...YGO_DECK, listScope: "team" }, // §1.7 ⚠ Limited per team
    points: KONAMI_POINTS,
    tiebreakers: ["OPP_MW", "OPP_OPP_MW"],
    percentageFloor: 0,
    defaults: { ...BASE_SETTINGS, eomp: "turn_plus_three", listScope: "team", byeInOwnMw: KONAMI_BYE_IN_OWN_MW }, // §1.8 legacy; byes §6.1
    sources: ["RULES.md §1.7–1.8", "Y-TAG13"],
    choices: { eomp: ["turn_plus_three"], listScope: ["team", "duelist"], independentTimeRule: single(null), teamCopyRule: single(null) },
    structure: KONAMI_STRUCTURE,
    standingsColumns: KONAMI_COLUMNS,
  },
  UDE_2V2: {
    id: "UDE_2V2",
    game: "YGO",
    teamSize: 2,
    life: { model: "team", start: 8000 }, // §3, §8.2
    bestOf: 3, // §3 (I), §8.12
    roundMinutes: 40, // §3 (I)
    turnOrder: ["1A", "2A", "1B", "2B"], // §3
    noBattleTurns: 3, // §3: the 4th player is the first who may attack
    deck: YGO_DECK, // §3: Limited per player (C14)
    points: KONAMI_POINTS, // §3.1 (I)
    tiebreakers: ["OPP_MW", "OPP_OPP_MW"],
    percentageFloor: 0,
    defaults: { ...BASE_SETTINGS, eomp: "ude_three_turns", byeInOwnMw: KONAMI_BYE_IN_OWN_MW }, // §3.1; byes §6.1
    sources: ["RULES.md §3", "SEED-UDE"],
    choices: { eomp: ["ude_three_turns"], listScope: ["duelist", "team"], independentTimeRule: single(null), teamCopyRule: single(null) },
    structure: LOG2_STRUCTURE,
    standingsColumns: KONAMI_COLUMNS,
  },
  INDEPENDENT_LP_2V2: {
    id: "INDEPENDENT_LP_2V2",
    game: "YGO",
    teamSize: 2,
    life: { model: "duelist", start: 8000 }, // §4.1
    bestOf: 1, // §4.3 (I)
    roundMinutes: 40, // §4.3 (I)
    turnOrder: ["1A", "2B", "3A", "4B"], // §4.1, C24
    noBattleTurns: 3, // §4.1, C24
    deck: YGO_DECK, // §4.3 (I)
    points: KONAMI_POINTS,
    tiebreakers: ["OPP_MW", "OPP_OPP_MW"],
    percentageFloor: 0,
    // §8.10: TO must choose; byes §6.1
    defaults: { ...BASE_SETTINGS, independentTimeRule: "survivors_then_lp", byeInOwnMw: KONAMI_BYE_IN_OWN_MW },
    sources: ["RULES.md §4", "SEED-UNOFF", "SEED-BETA"],
    choices: {
      eomp: ["phase_then_lp", "turn_plus_three", "ude_three_turns", "double_loss"],
      listScope: ["duelist", "team"],
      independentTimeRule: ["survivors_then_lp", "sum_surviving_lp", "draw"],
      teamCopyRule: single(null),
    },
    structure: LOG2_STRUCTURE,
    standingsColumns: KONAMI_COLUMNS,
  },
  MTG_2HG: {
    id: "MTG_2HG",
    game: "MTG",
    teamSize: 2,
    life: { model: "team", start: 30 }, // §5.1, CR 810.4
    bestOf: 1, // §5.2 MTR 9.1
    roundMinutes: 50, // §5.2 MTR appendix B recommendation
    turnOrder: ["1", "2"], // §5.1 shared team turns
    noBattleTurns: 0,
    deck: {
      main: { min: 60, max: null }, // §5.4, C17
      extra: null,
      side: null, // §5.4, C18
      copyLimit: 4,
      listScope: "team", // §5.4 restricted → 1 per team (C21)
      teamCopyLimit: 4, // §5.4, C15
    },
    points: { win: 3, draw: 1, loss: 0, bye: 3, doubleLoss: 0 }, // §5.5
    tiebreakers: ["OMW", "GW", "OGW"], // §5.5
    percentageFloor: 0.33, // §5.5, C62
    // byes §8.15
    defaults: { ...BASE_SETTINGS, eomp: "mtg_three_turns", teamCopyRule: "combined4", listScope: "team", byeInOwnMw: MTR_BYE_IN_OWN_MW },
    sources: ["RULES.md §5", "CR 810", "MTR 2.4", "WOTC-2HG"],
    choices: {
      eomp: ["mtg_three_turns"],
      listScope: ["team"],
      independentTimeRule: single(null),
      teamCopyRule: ["combined4", "strict_unified"],
    },
    structure: LOG2_STRUCTURE,
    standingsColumns: MTR_COLUMNS,
  },
  KONAMI_STANDARD_1V1: {
    id: "KONAMI_STANDARD_1V1",
    game: "YGO",
    teamSize: 1,
    life: { model: "duelist", start: 8000 },
    bestOf: 3, // §2.1
    roundMinutes: 45, // §2.1 (KDE-E v2.x); v25 uses 50
    roundMinutesByEomp: { v25: 50 }, // §2.1, §2.2: 50-minute Swiss rounds from 5 Sept 2025
    turnOrder: ["1", "2"],
    noBattleTurns: 1,
    deck: YGO_DECK, // §2.5
    points: KONAMI_POINTS,
    tiebreakers: ["OPP_MW", "OPP_OPP_MW"],
    percentageFloor: 0,
    defaults: { ...BASE_SETTINGS, eomp: "konami2018", byeInOwnMw: KONAMI_BYE_IN_OWN_MW }, // §2.2; byes §6.1
    sources: ["RULES.md §2", "Y-KDEE", "Y-V25"],
    choices: {
      eomp: ["konami2018", "v25", "konami2010", "ude2005"],
      listScope: ["duelist"],
      independentTimeRule: single(null),
      teamCopyRule: single(null),
    },
    structure: { ...KONAMI_STRUCTURE, tier12ByEomp: { v25: "konami_v25" } },
    standingsColumns: KONAMI_COLUMNS,
  },
};

/** Round length in minutes for the event's EOMP version (§2.1): `roundMinutesByEomp[eomp]` or `roundMinutes`. */
export function roundMinutesFor(preset: Preset, settings?: Pick<PresetSettings, "eomp"> | null): number {
  const eomp = settings?.eomp ?? preset.defaults.eomp;
  return preset.roundMinutesByEomp?.[eomp] ?? preset.roundMinutes;
}

/** Returns the preset; throws `Error("unknown format preset: X")` for an unknown id. */
export function getPreset(id: string): Preset {
  const p = (PRESETS as Record<string, Preset | undefined>)[id];
  if (!p) throw new Error(`unknown format preset: ${id}`);
  return p;
}

/** The preset's defaults overlaid with an event's stored settings (unknown keys dropped). */
export function resolveSettings(preset: Preset, stored: Partial<PresetSettings> | null | undefined): PresetSettings {
  const out = { ...preset.defaults };
  for (const k of Object.keys(out) as (keyof PresetSettings)[]) {
    if (stored && stored[k] !== undefined) (out as Record<string, unknown>)[k] = stored[k];
  }
  return out;
}

/**
 * Which value of each choice setting applies to a preset (the preset contract), as data on each
 * preset entry (`Preset.choices`). A choice not listed does not apply: the settings form offers only
 * these, and the server refuses the others.
 * - eomp: Tag 2019 phase_then_lp / double_loss (§1.8 and its v2.5 switch); Tag 2013 turn_plus_three
 *   (§1.8 legacy, Y-TAG13); UDE ude_three_turns (§3.1); independent LP: the Yu-Gi-Oh! team
 *   procedures (§4.3, §8.10: TO-configured); MTG_2HG mtg_three_turns (§5.3, MTR 2.4); 1v1 the dated
 *   Konami/UDE versions (§2.2).
 * - listScope: Yu-Gi-Oh! team presets per duelist or per team (§8.1 register); 2HG per team only
 *   (§5.4 restricted = 1 per team, C21); 1v1 per duelist only (the duelist is the entrant).
 * - independentTimeRule: INDEPENDENT_LP_2V2 only (§8.10); null elsewhere.
 * - teamCopyRule: MTG_2HG only (§5.4, §8.13); null elsewhere.
 * The preset's own defaults are always applicable (tested).
 */
export interface ApplicableSettings {
  eomp: readonly EompVariant[];
  listScope: readonly PresetSettings["listScope"][];
  independentTimeRule: readonly PresetSettings["independentTimeRule"][];
  teamCopyRule: readonly PresetSettings["teamCopyRule"][];
}

/** The choice settings a preset allows (see {@link ApplicableSettings}). Pure. */
export function applicableSettings(preset: Preset): ApplicableSettings {
  return preset.choices;
}

/** The choice settings checked by {@link inapplicableSetting}. */
export const CHOICE_SETTINGS = ["eomp", "listScope", "independentTimeRule", "teamCopyRule"] as const;
export type ChoiceSetting = (typeof CHOICE_SETTINGS)[number];

/**
 * The first given choice setting whose value does not apply to the preset, or null when all do
 * (keys absent or undefined are not checked). E.g. MTG_2HG with eomp "phase_then_lp" →
 * `{ field: "eomp", value: "phase_then_lp" }`. Pure.
 */
export function inapplicableSetting(preset: Preset, settings: Partial<PresetSettings>): { field: ChoiceSetting; value: string } | null {
  const ok = applicableSettings(preset);
  for (const field of CHOICE_SETTINGS) {
    const v = settings[field];
    if (v === undefined) continue;
    if (!(ok[field] as readonly unknown[]).includes(v)) return { field, value: String(v) };
  }
  return null;
}

/**
 * Stored settings kept when an event moves to `preset`: each choice setting that does not apply
 * to it is removed (so the preset default takes over through {@link resolveSettings}). Pure.
 */
export function dropInapplicable(preset: Preset, stored: Partial<PresetSettings>): Partial<PresetSettings> {
  const ok = applicableSettings(preset);
  const out: Partial<PresetSettings> = { ...stored };
  for (const field of CHOICE_SETTINGS) {
    if (out[field] !== undefined && !(ok[field] as readonly unknown[]).includes(out[field])) delete out[field];
  }
  return out;
}
