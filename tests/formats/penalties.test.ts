import { describe, expect, it } from "vitest";
import { getPreset } from "@/lib/formats/presets";
import {
  applyPenaltyToMatch,
  CARRY_OVER_KINDS,
  NO_PROGRESS,
  penaltyConsequence,
  penaltyCounts,
  PENALTY_KINDS,
} from "@/lib/formats/penalties";

const TAG = getPreset("KONAMI_TAG_2019");
const HG = getPreset("MTG_2HG");
const UDE = getPreset("UDE_2V2");

describe("penaltyConsequence: team-level consequences (issue #6)", () => {
  it("WARNING does nothing to the match or the team", () => {
    for (const p of [TAG, HG, UDE])
      expect(penaltyConsequence(p, "WARNING")).toMatchObject({ scope: "team", match: "none", teamDropped: false });
  });
  it("GAME_LOSS / MATCH_LOSS land on the team's match", () => {
    expect(penaltyConsequence(TAG, "GAME_LOSS")).toMatchObject({ match: "game_loss", teamDropped: false });
    expect(penaltyConsequence(HG, "MATCH_LOSS")).toMatchObject({ match: "match_loss", teamDropped: false });
  });
  it("§5.2 MTR 8.2: a 2HG duelist's disqualification takes the whole team out (and loses the match)", () => {
    const c = penaltyConsequence(HG, "DISQUALIFICATION");
    expect(c).toMatchObject({ match: "match_loss", teamDropped: true });
    expect(c).toMatchObject({ ruleKey: "mtg", citation: "§5.1 (CR 810.8), §5.2 (MTR 8.2)" });
  });
  it("Tag: team-level, a DQ leaves a team of one, dropped", () => {
    const c = penaltyConsequence(TAG, "DISQUALIFICATION");
    expect(c.teamDropped).toBe(true);
    expect(c).toMatchObject({ ruleKey: "team", citation: "§1.1–1.2" });
  });
  it("1v1: the duelist is the entrant (§2); every team preset has a team-level key", () => {
    expect(penaltyConsequence(getPreset("KONAMI_STANDARD_1V1"), "GAME_LOSS")).toMatchObject({ ruleKey: "individual", citation: "§2" });
    expect(penaltyConsequence(UDE, "WARNING").ruleKey).toBe("team");
    expect(penaltyConsequence(getPreset("INDEPENDENT_LP_2V2"), "DISQUALIFICATION").ruleKey).toBe("team");
  });
  it("the rule basis is language-neutral: no English words in the citation", () => {
    for (const p of [TAG, HG, UDE, getPreset("KONAMI_STANDARD_1V1")])
      expect(penaltyConsequence(p, "WARNING").citation).not.toMatch(/[a-z]{3,}/);
  });
});

describe("applyPenaltyToMatch", () => {
  it("best of one: a game loss of slot 1 is a 0–1 match loss (GAME_LOSS_PENALTY)", () => {
    const r = applyPenaltyToMatch(TAG, NO_PROGRESS, 1, "game_loss");
    expect(r).toEqual({
      kind: "final",
      result: {
        outcome: "WIN",
        winner: 2,
        games: { slot1: 0, slot2: 1, drawn: 0 },
        penaltyGameLosses: { slot1: 1, slot2: 0 },
        reason: "GAME_LOSS_PENALTY",
      },
    });
  });
  it("best of three: the first game loss is progress, the second ends the match", () => {
    const a = applyPenaltyToMatch(UDE, NO_PROGRESS, 2, "game_loss");
    expect(a).toEqual({
      kind: "progress",
      progress: { games: { slot1: 1, slot2: 0, drawn: 0 }, penaltyGameLosses: { slot1: 0, slot2: 1 } },
    });
    if (a.kind !== "progress") throw new Error();
    const b = applyPenaltyToMatch(UDE, a.progress, 2, "game_loss");
    expect(b.kind === "final" && [b.result.winner, b.result.games.slot1, b.result.penaltyGameLosses.slot2]).toEqual([1, 2, 2]);
  });
  it("match loss at 1–0 up still loses (MATCH_LOSS_PENALTY may end at any score)", () => {
    const r = applyPenaltyToMatch(
      UDE,
      { games: { slot1: 1, slot2: 0, drawn: 0 }, penaltyGameLosses: { slot1: 0, slot2: 0 } },
      1,
      "match_loss",
    );
    expect(r.kind === "final" && [r.result.winner, r.result.reason, r.result.games.slot1, r.result.games.slot2]).toEqual([
      2,
      "MATCH_LOSS_PENALTY",
      1,
      0,
    ]);
  });
  it("no effect for a warning", () => {
    expect(applyPenaltyToMatch(TAG, NO_PROGRESS, 1, "none")).toEqual({ kind: "none" });
  });
});

describe("penaltyCounts", () => {
  it("counts repeated warnings per duelist, ignores team-only rows and unknown kinds", () => {
    const c = penaltyCounts([
      { duelistId: "d1", penalty: "WARNING" },
      { duelistId: "d1", penalty: "WARNING" },
      { duelistId: "d2", penalty: "GAME_LOSS" },
      { duelistId: null, penalty: "WARNING" },
      { duelistId: "d1", penalty: "CAUTION" },
    ]);
    expect(c.get("d1")).toEqual({ WARNING: 2, GAME_LOSS: 0, MATCH_LOSS: 0, DISQUALIFICATION: 0 });
    expect(c.get("d2")?.GAME_LOSS).toBe(1);
    expect(c.size).toBe(2);
    expect(PENALTY_KINDS).toHaveLength(4);
  });
});

describe("carry-over kinds come from the penalty data", () => {
  it("game and match losses carry over to the next match; a warning and a disqualification do not", () => {
    expect([...CARRY_OVER_KINDS]).toEqual(["GAME_LOSS", "MATCH_LOSS"]);
    for (const k of PENALTY_KINDS)
      expect(penaltyConsequence(getPreset("KONAMI_TAG_2019"), k).carriesOver).toBe(CARRY_OVER_KINDS.includes(k));
  });
});
