import { describe, expect, it } from "vitest";
import { batchEndPlan, unfinishedOutcome, type BatchMatch } from "@/lib/formats/batchEnd";
import { getPreset, PRESET_IDS, resolveSettings, type PresetSettings } from "@/lib/formats/presets";
import { checkEntryOutcome, resultEntryRule, validateMatchResult } from "@/lib/formats/results";

const settingsOf = (id: string, s: Partial<PresetSettings> = {}) => resolveSettings(getPreset(id), s);
const open = (table: number, extra: Partial<BatchMatch> = {}): BatchMatch => ({
  matchId: `m${table}`,
  table,
  final: false,
  bye: false,
  ...extra,
});
const ROUND: BatchMatch[] = [open(3), open(1, { final: true }), open(2), open(4, { bye: true })];

describe("batch end of round: the outcome each open match gets (issue #14, RULES §1.8, §2.2, §8.20)", () => {
  it("the default outcome per preset: a draw where the procedure draws an unfinished Swiss match, else a double loss", () => {
    const defaults = Object.fromEntries(PRESET_IDS.map((id) => [id, unfinishedOutcome(getPreset(id), settingsOf(id))]));
    expect(defaults).toEqual({
      KONAMI_TAG_2019: { outcome: "DRAW", basis: "swissDraw" }, // §1.8 step 5 Swiss
      KONAMI_TAG_2013: { outcome: "DRAW", basis: "swissDraw" }, // §1.8 legacy: equal game wins → draw in Swiss
      UDE_2V2: { outcome: "DOUBLE_LOSS", basis: "noDraws" }, // §3.1: no match draws in the UDE procedure
      INDEPENDENT_LP_2V2: { outcome: "DRAW", basis: "swissDraw" },
      MTG_2HG: { outcome: "DRAW", basis: "swissDraw" }, // §5.3, MTR 2.4
      KONAMI_STANDARD_1V1: { outcome: "DRAW", basis: "swissDraw" }, // §2.2 Konami 2018
    });
  });

  it("Tag 2019 with the double-loss switch (v2.5, §1.8 ⚠, C40): every open table gets a double loss", () => {
    const tag = getPreset("KONAMI_TAG_2019");
    const plan = batchEndPlan(tag, settingsOf(tag.id, { eomp: "double_loss" }), "swiss", ROUND);
    expect(plan).toMatchObject({ ok: true, skipped: { final: 1, bye: 1 }, refused: [] });
    if (!plan.ok) return;
    expect(plan.entries.map((e) => [e.table, e.outcome, e.basis])).toEqual([
      [2, "DOUBLE_LOSS", "doubleLossProcedure"],
      [3, "DOUBLE_LOSS", "doubleLossProcedure"],
    ]);
    expect(plan.entries[0].result).toEqual({
      outcome: "DOUBLE_LOSS",
      winner: null,
      games: { slot1: 0, slot2: 0, drawn: 0 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "DOUBLE_LOSS",
    });
  });

  it("Tag 2019 defaults: a draw (one drawn game, 1 point each); with Swiss draws off a double loss", () => {
    const tag = getPreset("KONAMI_TAG_2019");
    const plan = batchEndPlan(tag, settingsOf(tag.id), "swiss", ROUND);
    if (!plan.ok) throw new Error(plan.code);
    expect(plan.entries.map((e) => e.outcome)).toEqual(["DRAW", "DRAW"]);
    expect(plan.entries[0].result.games).toEqual({ slot1: 0, slot2: 0, drawn: 1 });
    expect(validateMatchResult(plan.entries[0].result, tag)).toEqual([]);
    const off = batchEndPlan(tag, settingsOf(tag.id, { swissAllowsDraws: false }), "swiss", ROUND);
    expect(off.ok && off.entries.map((e) => [e.outcome, e.basis])).toEqual([
      ["DOUBLE_LOSS", "noDraws"],
      ["DOUBLE_LOSS", "noDraws"],
    ]);
  });

  it("the Swiss-draw refusal holds on this path: choosing a draw when the event allows none is refused with NO_DRAWS", () => {
    const tag = getPreset("KONAMI_TAG_2019");
    const s = settingsOf(tag.id, { swissAllowsDraws: false });
    const plan = batchEndPlan(tag, s, "swiss", ROUND, "DRAW");
    const core = checkEntryOutcome(resultEntryRule(tag, s, "swiss"), "DRAW", tag.game);
    expect(plan).toEqual(core);
    expect(plan).toMatchObject({ ok: false, code: "NO_DRAWS", params: { what: "match" } });
  });

  it("not offered in the top cut (BATCH_TOP_CUT), for every preset; the core would refuse its double loss too", () => {
    for (const id of PRESET_IDS) {
      const p = getPreset(id);
      expect(batchEndPlan(p, settingsOf(id), "single_elimination", ROUND)).toEqual({ ok: false, code: "BATCH_TOP_CUT", params: {} });
      expect(checkEntryOutcome(resultEntryRule(p, settingsOf(id), "single_elimination"), "DOUBLE_LOSS", p.game)).toMatchObject({
        code: "TOP_CUT_DOUBLE_LOSS",
      });
    }
  });

  it("best of three: a table at 1–1 draws with its games kept; a table at 1–0 cannot be a draw and is left to the judge", () => {
    const p = getPreset("KONAMI_STANDARD_1V1");
    const plan = batchEndPlan(p, settingsOf(p.id), "swiss", [
      open(1, { games: { slot1: 1, slot2: 1 } }),
      open(2, { games: { slot1: 1, slot2: 0 } }),
    ]);
    if (!plan.ok) throw new Error(plan.code);
    expect(plan.entries.map((e) => [e.table, e.result.games])).toEqual([[1, { slot1: 1, slot2: 1, drawn: 0 }]]);
    expect(plan.refused).toMatchObject([{ table: 2, error: { code: "RESULT_DRAW_GAMES_UNEQUAL" } }]);
    // the organizer's double loss instead: 1–0 is a valid unfinished double loss (§2.1)
    const dl = batchEndPlan(p, settingsOf(p.id), "swiss", [open(2, { games: { slot1: 1, slot2: 0 } })], "DOUBLE_LOSS");
    expect(dl).toMatchObject({ ok: true, refused: [], entries: [{ table: 2, outcome: "DOUBLE_LOSS", basis: "chosen" }] });
  });

  it("a table whose two teams both dropped gets a double loss, as closing the round writes it (PS08), even where others draw", () => {
    const tag = getPreset("KONAMI_TAG_2019");
    const plan = batchEndPlan(tag, settingsOf(tag.id), "swiss", [open(1), open(2, { bothDropped: true })]);
    expect(plan.ok && plan.entries.map((e) => [e.table, e.outcome, e.basis])).toEqual([
      [1, "DRAW", "swissDraw"],
      [2, "DOUBLE_LOSS", "bothDropped"],
    ]);
  });
});
