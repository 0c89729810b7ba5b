/** The one result-entry rule (lib/formats/results resultEntryRule / checkEntryOutcome) per preset and stage. */
import { describe, expect, it } from "vitest";
import { PRESETS, getPreset, resolveSettings } from "@/lib/formats/presets";
import { byeMatchRow, checkEntryOutcome, enteredGames, resultEntryRule } from "@/lib/formats/results";

const ruleOf = (id: string, stage: "swiss" | "single_elimination", over: Record<string, unknown> = {}, bye = false) => {
  const preset = getPreset(id);
  return resultEntryRule(preset, resolveSettings(preset, over), stage, bye);
};

describe("result-entry rule per preset and stage", () => {
  it("games to win: best of one → 1 (Tag 2019 §1.4, 2HG §5.2), best of three → 2 (UDE §3, §8.12; Konami 1v1 §2.1)", () => {
    expect(ruleOf("KONAMI_TAG_2019", "swiss").gamesToWin).toBe(1);
    expect(ruleOf("UDE_2V2", "swiss").gamesToWin).toBe(2);
    expect(ruleOf("MTG_2HG", "swiss").gamesToWin).toBe(1);
    expect(ruleOf("KONAMI_STANDARD_1V1", "swiss").gamesToWin).toBe(2);
    for (const p of Object.values(PRESETS))
      expect(resultEntryRule(p, resolveSettings(p, {}), "swiss").gamesToWin).toBe(Math.ceil(p.bestOf / 2));
  });

  it("Swiss offers a draw by default on every preset (§1.8 Swiss draw, §5.3 step 4) and a double loss (§2.1, C40)", () => {
    for (const p of Object.values(PRESETS))
      expect(resultEntryRule(p, resolveSettings(p, {}), "swiss").outcomes).toMatchObject({ win: true, draw: true, doubleLoss: true });
  });

  it("a top cut offers neither a draw nor a double loss (§1.8 'Single elimination: no draws', §5.3 step 5)", () => {
    for (const p of Object.values(PRESETS))
      expect(resultEntryRule(p, resolveSettings(p, {}), "single_elimination").outcomes).toMatchObject({
        win: true,
        draw: false,
        doubleLoss: false,
      });
  });

  it("a Swiss draw is not offered when the event disallows Swiss draws (§8.20 swissAllowsDraws)", () => {
    expect(ruleOf("KONAMI_TAG_2019", "swiss", { swissAllowsDraws: false }).outcomes).toMatchObject({ draw: false, doubleLoss: true });
  });

  it("time called with LP is offered with team life (Tag 2019 16,000 §1.2, UDE 8,000 §3, 2HG 30 §5.1), not per-duelist life (§4.1)", () => {
    expect(ruleOf("KONAMI_TAG_2019", "swiss").outcomes.timeCalled).toBe(true);
    expect(ruleOf("MTG_2HG", "single_elimination").outcomes.timeCalled).toBe(true);
    expect(ruleOf("INDEPENDENT_LP_2V2", "swiss").outcomes.timeCalled).toBe(false);
  });

  it("a bye offers no outcome and refuses entry (§6.2)", () => {
    const r = ruleOf("KONAMI_TAG_2019", "swiss", {}, true);
    expect(r.outcomes).toEqual({ win: false, draw: false, doubleLoss: false, timeCalled: false });
    expect(checkEntryOutcome(r, "WIN", "YGO")).toMatchObject({ ok: false, code: "BYE_MATCH" });
  });
});

describe("result entry refusals", () => {
  it("a top-cut double loss is refused with TOP_CUT_DOUBLE_LOSS (enter a double disqualification in Penalties)", () => {
    expect(checkEntryOutcome(ruleOf("KONAMI_TAG_2019", "single_elimination"), "DOUBLE_LOSS", "YGO")).toEqual({
      ok: false,
      code: "TOP_CUT_DOUBLE_LOSS",
      field: "result",
      params: { game: "YGO" },
    });
    expect(checkEntryOutcome(ruleOf("MTG_2HG", "single_elimination"), "DOUBLE_LOSS", "MTG")).toMatchObject({
      ok: false,
      code: "TOP_CUT_DOUBLE_LOSS",
      params: { game: "MTG" },
    });
  });

  it("a Swiss double loss is accepted (§2.1 two simultaneous game-loss penalties)", () => {
    expect(checkEntryOutcome(ruleOf("KONAMI_TAG_2019", "swiss"), "DOUBLE_LOSS", "YGO")).toEqual({ ok: true });
  });

  it("a top-cut draw is refused with NO_DRAWS topCut; a Swiss draw with draws off with NO_DRAWS match; with draws on it is valid", () => {
    expect(checkEntryOutcome(ruleOf("KONAMI_TAG_2019", "single_elimination"), "DRAW", "YGO")).toMatchObject({
      ok: false,
      code: "NO_DRAWS",
      params: { what: "topCut" },
    });
    expect(checkEntryOutcome(ruleOf("KONAMI_TAG_2019", "swiss", { swissAllowsDraws: false }), "DRAW", "YGO")).toMatchObject({
      ok: false,
      code: "NO_DRAWS",
      params: { what: "match" },
    });
    expect(checkEntryOutcome(ruleOf("KONAMI_TAG_2019", "swiss"), "DRAW", "YGO")).toEqual({ ok: true });
  });

  it("a win is accepted in every stage", () => {
    expect(checkEntryOutcome(ruleOf("KONAMI_STANDARD_1V1", "single_elimination"), "WIN", "YGO")).toEqual({ ok: true });
  });
});

describe("entered games and bye rows", () => {
  it("a win with no score entered is gamesToWin–0; an entered score is kept", () => {
    expect(enteredGames(ruleOf("KONAMI_STANDARD_1V1", "swiss"), 2, {})).toEqual({ slot1: 0, slot2: 2 });
    expect(enteredGames(ruleOf("KONAMI_STANDARD_1V1", "swiss"), 1, { games1: 2, games2: 1 })).toEqual({ slot1: 2, slot2: 1 });
    expect(enteredGames(ruleOf("KONAMI_TAG_2019", "swiss"), null, {})).toEqual({ slot1: 0, slot2: 0 });
  });

  it("a bye row is a slot-1 win of gamesToWin–0 (§6.2): 1–0 in best of one, 2–0 in best of three", () => {
    expect(byeMatchRow(getPreset("KONAMI_TAG_2019"))).toEqual({ outcome: "BYE", winnerSlot: 1, endReason: "BYE", games1: 1, games2: 0 });
    expect(byeMatchRow(getPreset("KONAMI_STANDARD_1V1")).games1).toBe(2);
  });
});

describe("result-entry refusal messages", () => {
  it("every refusal code has an actionErrors message in en, pt-BR and it, per game; the double loss one points to Penalties", async () => {
    const { loadMessages } = await import("@/lib/i18n/messages");
    const { RESULT_ENTRY_REFUSALS } = await import("@/lib/formats/results");
    const penalties = { en: "Penalties", "pt-BR": "Penalidades", it: "Penalità" } as const;
    for (const locale of ["en", "pt-BR", "it"] as const) {
      const m = (loadMessages(locale) as unknown as { actionErrors: Record<string, string> }).actionErrors;
      for (const c of RESULT_ENTRY_REFUSALS) expect(m[c], `${locale} ${c}`).toBeTypeOf("string");
      expect(m.TOP_CUT_DOUBLE_LOSS).toMatch(/^\{game, select, MTG \{/);
      expect(m.TOP_CUT_DOUBLE_LOSS).toContain(penalties[locale]);
    }
    expect((loadMessages("it") as unknown as { actionErrors: Record<string, string> }).actionErrors.TOP_CUT_DOUBLE_LOSS).toMatch(
      /other \{[^}]*duellanti/,
    );
  });
});
