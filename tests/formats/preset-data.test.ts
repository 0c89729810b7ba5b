/**
 * Preset-specific facts are data on each preset entry (issue #11 item 5): the applicable choice
 * settings (`choices`), the structure table (`structure`, RULES §2.3) and the standings columns.
 * A preset missing one of them does not compile (checked by `tsc --noEmit` through the
 * `@ts-expect-error` lines below: they fail the typecheck the day the field becomes optional).
 */
import { describe, expect, it } from "vitest";
import { PRESET_IDS, PRESETS, applicableSettings, type Preset } from "@/lib/formats/presets";
import { structureTable } from "@/lib/formats/structure";

describe("preset data: choices, structure table and standings columns", () => {
  it("every preset entry carries its own choices, structure and columns", () => {
    for (const id of PRESET_IDS) {
      expect(applicableSettings(PRESETS[id])).toBe(PRESETS[id].choices);
      expect(PRESETS[id].standingsColumns.length).toBeGreaterThan(0);
    }
  });

  it("structure table per preset and settings (RULES §2.3, C66)", () => {
    const table = (id: (typeof PRESET_IDS)[number], s?: Parameters<typeof structureTable>[1]) => structureTable(PRESETS[id], s);
    expect(table("KONAMI_TAG_2019")).toBe("konami_pre_v25");
    expect(table("KONAMI_TAG_2013", { tier: "3-4" })).toBe("konami_v25_tier34");
    expect(table("KONAMI_STANDARD_1V1", { eomp: "v25" })).toBe("konami_v25");
    expect(table("KONAMI_STANDARD_1V1", { eomp: "v25", tier: "3-4" })).toBe("konami_v25_tier34");
    expect(table("KONAMI_STANDARD_1V1", { eomp: "konami2018" })).toBe("konami_pre_v25");
    expect(table("MTG_2HG", { tier: "3-4" })).toBe("log2");
    expect(table("UDE_2V2")).toBe("log2");
    expect(table("INDEPENDENT_LP_2V2")).toBe("log2");
  });

  it("a preset without its structure table, choices or columns is a type error, not a silent default", () => {
    const { structure: _s, ...noStructure } = PRESETS.KONAMI_TAG_2019;
    const { choices: _c, ...noChoices } = PRESETS.MTG_2HG;
    const { standingsColumns: _t, ...noColumns } = PRESETS.UDE_2V2;
    // @ts-expect-error structure is required on a Preset
    const a: Preset = noStructure;
    // @ts-expect-error choices is required on a Preset
    const b: Preset = noChoices;
    // @ts-expect-error standingsColumns is required on a Preset
    const c: Preset = noColumns;
    expect([a, b, c].map((p) => ("structure" in p ? 1 : 0) + ("choices" in p ? 1 : 0) + ("standingsColumns" in p ? 1 : 0))).toEqual([
      2, 2, 2,
    ]);
  });
});
