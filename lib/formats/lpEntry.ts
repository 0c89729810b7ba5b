/**
 * LP (life) entry rules shared by every form that asks for life totals: a duelist's self-report
 * "time was called", the judge's result entry and the end-of-match wizard (issue #6).
 *
 * Pure: no storage, no clock. The server layer enforces {@link lpEntryMax} and the pages use the
 * same number as the inputs' `max`; the pages show {@link timeLpPrompt} so duelists and judges are
 * asked for the same value the end-of-match engine compares.
 */
import { procedureFor } from "./eomp";
import type { Preset, PresetSettings } from "./presets";

/** How many times the starting life an entered LP value may be (see {@link lpEntryMax}). */
export const LP_ENTRY_FACTOR = 10;

/**
 * Largest LP (life) value a form accepts for one team (or, independent LP, one duelist):
 * LP_ENTRY_FACTOR (10) × the preset's starting life — Tag 2019 16,000 → 160,000; UDE 8,000 →
 * 80,000; 2HG 30 → 300 life. Choice (I): no rule caps life gain, but a total ten times the start
 * is far beyond anything a real game reaches, while a typo (an extra digit or two: 999,999) is
 * refused with the field named. The same number is the inputs' `max` in the browser and the
 * server's bound (refusal: INVALID, detail TOO_BIG {max}). The minimum is 0.
 */
export function lpEntryMax(preset: Pick<Preset, "life">): number {
  return LP_ENTRY_FACTOR * preset.life.start;
}

/** The first LP field over {@link lpEntryMax}, as `{field, max}`, or null when all fit. `values` maps field name → LP. */
export function lpOverMax(
  preset: Pick<Preset, "life">,
  values: Record<string, number | undefined | null>,
): { field: string; max: number } | null {
  const max = lpEntryMax(preset);
  for (const [field, v] of Object.entries(values)) if (typeof v === "number" && v > max) return { field, max };
  return null;
}

/** Codes of {@link timeLpPrompt} (messages: formats.lpAtTime.<code>). */
export const TIME_LP_CODES = ["PHASE", "TURNS", "DOUBLE_LOSS", "DRAW"] as const;
export type TimeLpCode = (typeof TIME_LP_CODES)[number];

/**
 * What to enter as each team's LP when a result is reported as "time was called", worded per the
 * preset's end-of-match procedure (the value resultAtTime / the engine compares with no further
 * LP change): a message code of `formats.lpAtTime.<code>` with params.
 * - PHASE — Tag 2019 / Konami 2018 (§1.8, §2.2): LP after the duelist whose turn it was finished
 *   the current phase.
 * - TURNS — Tag 2013 (§1.8 legacy), UDE (§3.1), 2HG (§5.3, MTR 2.4), older 1v1 (§2.2): LP (life)
 *   after the current turn was finished and `extra` additional turns were played (params
 *   {extra, game}).
 * - DOUBLE_LOSS — v2.5 / double_loss option in Swiss (§1.8 ⚠, §2.2): LP are not compared, an
 *   unfinished match is a loss for both teams (LP are still recorded).
 * `stage` defaults to Swiss.
 */
export function timeLpPrompt(
  preset: Preset,
  settings: PresetSettings,
  stage: "swiss" | "single_elimination" = "swiss",
): { code: TimeLpCode; params: { game: string; extra: number } } {
  const p = procedureFor({ preset: preset.id, settings, stage });
  const code: TimeLpCode =
    timeCalledMode(preset, settings, stage) === "draw"
      ? "DRAW"
      : p.family === "phase"
        ? "PHASE"
        : p.family === "turns"
          ? "TURNS"
          : "DOUBLE_LOSS";
  return { code, params: { game: preset.game, extra: p.extraTurns } };
}

/**
 * What "time called" means for a result form's option (issue #13 item 10), so its label says what
 * will be recorded instead of inviting a comparison that does not happen:
 * - "draw": life is not compared — 2HG Swiss with draws allowed (RULES.md §5.3 step 4, MTR 2.4: a
 *   game unfinished after the additional turns is a draw), or independent LP with the "draw" rule
 *   (§8.10);
 * - "double_loss": v2.5 / double_loss in Swiss (§1.8 ⚠, §2.2);
 * - "compare": team LP (life) decide (every other procedure).
 */
export function timeCalledMode(
  preset: Preset,
  settings: PresetSettings,
  stage: "swiss" | "single_elimination" = "swiss",
): "compare" | "draw" | "double_loss" {
  const p = procedureFor({ preset: preset.id, settings, stage });
  if (p.family === "double_loss" && stage === "swiss") return "double_loss";
  return p.noComparison ? "draw" : "compare";
}
