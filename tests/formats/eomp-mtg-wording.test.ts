/**
 * A Magic 2HG top-cut tie at time used to say "Equal life: play on (turn 9,
 * Team 1) … resolve the whole chain first" — "turn 9" was the results desk's placeholder turn
 * (5, + finish + 3 extra turns) and "chain" is Yu-Gi-Oh!. MTR 2.4 (RULES.md §5.3 step 5): equal
 * life after the additional turns in single elimination → play continues; the first time the
 * team life totals differ (state-based check) the team with the lower total loses.
 */
import { describe, expect, it } from "vitest";
import { start, step, type EompInput, type Transition } from "@/lib/formats/eomp";
import { resultAtTime } from "@/lib/server/actions/rounds";
import { getPreset, resolveSettings } from "@/lib/formats/presets";

const mtgTie = (turnKnown?: boolean): EompInput => ({
  preset: "MTG_2HG",
  stage: "single_elimination",
  game: { firstSlot: 1, turn: 5, phase: "MAIN1", lp: { slot1: 12, slot2: 12 }, ...(turnKnown === undefined ? {} : { turnKnown }) },
});
function toEnd(t: Transition): Transition {
  for (let i = 0; i < 4; i++) t = step(t.state, { type: "TURN_ENDED" });
  return t;
}

describe("MTG 2HG end-of-match wording (MTR 2.4)", () => {
  it("wizard (turn entered): FIRST_LP_CHANGE names the real turn and team, in Magic words", () => {
    const t = toEnd(start(mtgTie()));
    expect(t.output.kind === "instruction" && t.output.code).toBe("FIRST_LP_CHANGE");
    if (t.output.kind !== "instruction") throw new Error("no instruction");
    expect(t.output.params).toMatchObject({ turn: 9, seat: "1", seatKind: "team", game: "MTG", at: "known" });
    expect(t.output.text).toContain("(turn 9, Team 1)");
    expect(t.output.text).toContain("lower life total loses");
    expect(t.output.text).not.toMatch(/chain|LP/);
  });

  it("turn not entered (turnKnown false): the message names no turn or team", () => {
    const t = toEnd(start(mtgTie(false)));
    if (t.output.kind !== "instruction") throw new Error("no instruction");
    expect(t.output.code).toBe("FIRST_LP_CHANGE");
    expect(t.output.params.at).toBe("unknown");
    expect(t.output.text).toMatch(/^Equal life: play continues\. As soon as the team life totals differ/);
    expect(t.output.text).not.toMatch(/turn \d|Team 1|chain/);
  });

  it("results desk (resultAtTime): a top-cut life tie plays on without a made-up turn", () => {
    const preset = getPreset("MTG_2HG");
    const r = resultAtTime("MTG_2HG", resolveSettings(preset, null), "single_elimination", 1, 12, 12);
    expect("playOn" in r && [r.step, r.params.at, r.params.game]).toEqual(["eomp.FIRST_LP_CHANGE", "unknown", "MTG"]);
    expect("playOn" in r && r.text).not.toMatch(/turn 9|chain/);
  });

  it("results desk: unequal life still decides (higher life wins)", () => {
    const preset = getPreset("MTG_2HG");
    const r = resultAtTime("MTG_2HG", resolveSettings(preset, null), "single_elimination", 2, 12, 9);
    expect("playOn" in r ? r : [r.outcome, r.winner, r.reason]).toEqual(["WIN", 1, "EOMP_LP_COMPARISON"]);
  });

  it("a refused life entry on a Magic event speaks of life, on Yu-Gi-Oh! of LP", () => {
    const bad = start({ ...mtgTie(), game: { firstSlot: 1, turn: 5, phase: "MAIN1", lp: { slot1: 0, slot2: 12 } } });
    expect(bad.output.kind === "error" && [bad.output.code, bad.output.params.game, bad.output.text]).toEqual([
      "GAME_ALREADY_OVER",
      "MTG",
      "That game is already over (a team has no life left).",
    ]);
    const t = step(start(mtgTie()).state, { type: "LP_CHANGED", lp: { slot1: -1 } });
    expect(t.output.kind === "error" && t.output.text).toBe("A life total must be a whole number, 0 or more (lp.slot1 = -1).");
    const y = start({ preset: "UDE_2V2", stage: "swiss", game: { firstSlot: 1, turn: 5, phase: "MAIN1", lp: { slot1: 0, slot2: 4000 } } });
    expect(y.output.kind === "error" && y.output.text).toContain("LP");
  });

  it("Yu-Gi-Oh! keeps its chain wording; a Tag 2019 top-cut LP tie stops at the first turn-by-turn step with no turn", () => {
    const tag = getPreset("KONAMI_TAG_2019");
    const r = resultAtTime("KONAMI_TAG_2019", resolveSettings(tag, null), "single_elimination", 1, 4000, 4000);
    expect("playOn" in r && [r.step, r.params.at]).toEqual(["eomp.EQUAL_LP_FINISH_TURN", "unknown"]);
    expect("playOn" in r && r.text).toBe("Equal LP: the current turn is finished; then LP are compared at the end of every turn.");
    const ude = start({
      preset: "UDE_2V2",
      stage: "single_elimination",
      game: { firstSlot: 1, turn: 5, phase: "MAIN1", lp: { slot1: 4000, slot2: 4000 } },
    });
    let t = ude;
    for (let i = 0; i < 4; i++) t = step(t.state, { type: "TURN_ENDED" });
    expect(t.output.kind === "instruction" && t.output.code).toBe("FIRST_LP_CHANGE");
    expect(t.output.text).toContain("resolve the whole chain first");
  });
});
