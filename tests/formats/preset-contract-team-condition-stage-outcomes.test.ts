/** The preset contract (applicableSettings), a team's condition from its penalties, and a stage's outcomes (RULES §1.8, §5.3). */
import { describe, expect, it } from "vitest";
import { PRESET_IDS, PRESETS, applicableSettings, dropInapplicable, getPreset, inapplicableSetting } from "@/lib/formats/presets";
import { teamCondition } from "@/lib/formats/penalties";
import { resultEntryRule } from "@/lib/formats/results";
import { procedureFor } from "@/lib/formats/eomp";

describe("applicableSettings: the preset contract decides which choices apply", () => {
  it.each(PRESET_IDS)("%s: its own defaults apply, and every applicable EOMP resolves to a procedure", (id) => {
    const p = getPreset(id);
    expect(inapplicableSetting(p, p.defaults)).toBeNull();
    for (const eomp of applicableSettings(p).eomp) {
      expect(() => procedureFor({ preset: id, settings: { ...p.defaults, eomp }, stage: "swiss" })).not.toThrow();
    }
  });

  it("each preset's EOMP choices (RULES §1.8, §2.2, §3.1, §4.3, §5.3)", () => {
    expect(applicableSettings(PRESETS.KONAMI_TAG_2019).eomp).toEqual(["phase_then_lp", "double_loss"]);
    expect(applicableSettings(PRESETS.KONAMI_TAG_2013).eomp).toEqual(["turn_plus_three"]);
    expect(applicableSettings(PRESETS.UDE_2V2).eomp).toEqual(["ude_three_turns"]);
    expect(applicableSettings(PRESETS.INDEPENDENT_LP_2V2).eomp).not.toContain("mtg_three_turns");
    expect(applicableSettings(PRESETS.MTG_2HG).eomp).toEqual(["mtg_three_turns"]);
    expect([...applicableSettings(PRESETS.KONAMI_STANDARD_1V1).eomp].sort()).toEqual(["konami2010", "konami2018", "ude2005", "v25"]);
  });

  it("Magic: Yu-Gi-Oh! procedures and a per-duelist count are refused, naming the field", () => {
    expect(inapplicableSetting(PRESETS.MTG_2HG, { eomp: "phase_then_lp" })).toEqual({ field: "eomp", value: "phase_then_lp" });
    expect(inapplicableSetting(PRESETS.MTG_2HG, { eomp: "mtg_three_turns", listScope: "duelist" })).toEqual({
      field: "listScope",
      value: "duelist",
    });
    expect(inapplicableSetting(PRESETS.MTG_2HG, { teamCopyRule: "strict_unified" })).toBeNull();
    expect(inapplicableSetting(PRESETS.KONAMI_TAG_2019, { teamCopyRule: "combined4" })).toEqual({
      field: "teamCopyRule",
      value: "combined4",
    });
    expect(inapplicableSetting(PRESETS.KONAMI_TAG_2019, { independentTimeRule: "draw" })).toEqual({
      field: "independentTimeRule",
      value: "draw",
    });
    expect(inapplicableSetting(PRESETS.INDEPENDENT_LP_2V2, { independentTimeRule: "draw" })).toBeNull();
    expect(inapplicableSetting(PRESETS.KONAMI_STANDARD_1V1, { listScope: "team" })).toEqual({ field: "listScope", value: "team" });
  });

  it("dropInapplicable keeps what applies and drops the rest (the preset default takes over)", () => {
    expect(dropInapplicable(PRESETS.MTG_2HG, { eomp: "double_loss", listScope: "duelist", decklistChanges: "locked_on_submit" })).toEqual({
      decklistChanges: "locked_on_submit",
    });
    expect(dropInapplicable(PRESETS.KONAMI_TAG_2019, { eomp: "double_loss" })).toEqual({ eomp: "double_loss" });
  });
});

describe("teamCondition: derived from the penalties", () => {
  it("a DISQUALIFICATION penalty makes the team DISQUALIFIED, even with status ACTIVE; otherwise status decides", () => {
    expect(teamCondition("DROPPED", [{ penalty: "WARNING" }, { penalty: "DISQUALIFICATION" }])).toBe("DISQUALIFIED");
    expect(teamCondition("ACTIVE", [{ penalty: "DISQUALIFICATION" }])).toBe("DISQUALIFIED");
    expect(teamCondition("DROPPED", [{ penalty: "MATCH_LOSS" }])).toBe("DROPPED");
    expect(teamCondition("ACTIVE", [])).toBe("ACTIVE");
  });
});

describe("resultEntryRule outcomes: what a match slip offers", () => {
  it("single elimination: no Draw and no Double loss box (RULES §1.8, §5.3); Swiss: Draw only when allowed", () => {
    const outcomes = (stage: "swiss" | "single_elimination", swissAllowsDraws: boolean) => {
      const o = resultEntryRule(PRESETS.KONAMI_TAG_2019, { swissAllowsDraws }, stage).outcomes;
      return { draw: o.draw, doubleLoss: o.doubleLoss };
    };
    expect(outcomes("single_elimination", true)).toEqual({ draw: false, doubleLoss: false });
    expect(outcomes("swiss", true)).toEqual({ draw: true, doubleLoss: true });
    expect(outcomes("swiss", false)).toEqual({ draw: false, doubleLoss: true });
  });
});
