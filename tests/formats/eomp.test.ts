import { describe, expect, it } from "vitest";
import { getPreset } from "@/lib/formats/presets";
import {
  allowedSteps,
  start,
  startMatch,
  step,
  type EompEvent,
  type EompInput,
  type EompOutput,
  type Transition,
} from "@/lib/formats/eomp";
import { matchPoints, validateMatchResult } from "@/lib/formats/results";

function run(first: Transition, events: EompEvent[]): { t: Transition; outs: EompOutput[] } {
  let t = first;
  const outs = [t.output];
  for (const e of events) {
    t = step(t.state, e);
    outs.push(t.output);
  }
  return { t, outs };
}
const codes = (outs: EompOutput[]) =>
  outs.map((o) => (o.kind === "result" ? `result:${o.result.outcome}:${o.result.winner}:${o.reason}` : `${o.kind}:${o.code}`));
const lp = (slot1?: number, slot2?: number): EompEvent => ({
  type: "LP_CHANGED",
  lp: { ...(slot1 !== undefined ? { slot1 } : {}), ...(slot2 !== undefined ? { slot2 } : {}) },
});
const TURN: EompEvent = { type: "TURN_ENDED" };
const PHASE: EompEvent = { type: "PHASE_FINISHED" };

const tagAt = (stage: "swiss" | "single_elimination", extra: Partial<EompInput> = {}): EompInput => ({
  preset: "KONAMI_TAG_2019",
  stage,
  game: { firstSlot: 1, turn: 7, phase: "BATTLE", lp: { slot1: 7000, slot2: 6000 } },
  ...extra,
});

describe("E. end of match — Konami Tag 2019 (phase_then_lp)", () => {
  it("C35: time in a Battle Phase, LP decide", () => {
    const first = start(tagAt("swiss"));
    expect(first.output).toEqual({
      kind: "instruction",
      code: "FINISH_PHASE",
      params: { seat: "1B", turn: 7, slot: 1, seatKind: "duelist", game: "YGO", at: "known", phase: "BATTLE" },
      text: "1B finishes the Battle Phase of turn 7, then compare team LP. Record any LP change.",
    });
    expect(allowedSteps(first.state)).toEqual(["LP_CHANGED", "PHASE_FINISHED", "GAME_ENDED"]);
    const { t, outs } = run(first, [lp(6300, 5100), PHASE]);
    expect(codes(outs)).toEqual(["instruction:FINISH_PHASE", "instruction:FINISH_PHASE", "result:WIN:1:EOMP_LP_COMPARISON"]);
    const r = t.output.kind === "result" ? t.output.result : null;
    expect(r).toEqual({
      outcome: "WIN",
      winner: 1,
      games: { slot1: 1, slot2: 0, drawn: 0 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "EOMP_LP_COMPARISON",
    });
    expect(matchPoints(r!, getPreset("KONAMI_TAG_2019"))).toEqual({ slot1: 3, slot2: 0 });
    expect(validateMatchResult(r!, getPreset("KONAMI_TAG_2019"))).toEqual([]);
    expect(allowedSteps(t.state)).toEqual([]);
  });

  it("C36: equal LP in Swiss → match draw, 1 point each", () => {
    const { t } = run(start(tagAt("swiss")), [lp(4000, 4000), PHASE]);
    expect(t.output.kind).toBe("result");
    if (t.output.kind !== "result") return;
    expect(t.output.result).toEqual({
      outcome: "DRAW",
      winner: null,
      games: { slot1: 0, slot2: 0, drawn: 1 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "DRAW",
    });
    expect(matchPoints(t.output.result, getPreset("KONAMI_TAG_2019"))).toEqual({ slot1: 1, slot2: 1 });
  });

  it("C37: equal LP in single elimination → finish the turn, then turn by turn", () => {
    const { t, outs } = run(start(tagAt("single_elimination")), [lp(4000, 4000), PHASE, TURN, lp(3200), TURN]);
    expect(codes(outs)).toEqual([
      "instruction:FINISH_PHASE",
      "instruction:FINISH_PHASE",
      "instruction:EQUAL_LP_FINISH_TURN",
      "instruction:TURN_BY_TURN",
      "instruction:TURN_BY_TURN",
      "result:WIN:2:EOMP_TURN_BY_TURN",
    ]);
    expect(outs[2].kind === "instruction" && outs[2].text).toBe(
      "Equal LP: 1B finishes turn 7; then LP are compared at the end of every turn.",
    );
    expect(outs[3].kind === "instruction" && outs[3].params).toMatchObject({ seat: "2B", turn: 8, slot: 2 });
    expect(t.state.game!.lp).toEqual({ slot1: 3200, slot2: 4000 });
  });

  it("§1.8: time in the End Phase, equal LP, top cut → turn by turn from the next turn", () => {
    const { outs } = run(
      start(tagAt("single_elimination", { game: { firstSlot: 2, turn: 4, phase: "END", lp: { slot1: 100, slot2: 100 } } })),
      [PHASE],
    );
    expect(outs[1]).toMatchObject({ code: "TURN_BY_TURN", params: { seat: "1A", turn: 5, slot: 2 } });
  });

  it("§8.20: Swiss with swissAllowsDraws=false uses the no-draw procedure", () => {
    const { outs } = run(start(tagAt("swiss", { settings: { swissAllowsDraws: false } })), [lp(4000, 4000), PHASE]);
    expect(codes(outs).at(-1)).toBe("instruction:EQUAL_LP_FINISH_TURN");
  });

  it("§1.8 step 3: a win reached during the phase stands", () => {
    const { outs } = run(start(tagAt("swiss")), [lp(0)]);
    expect(codes(outs).at(-1)).toBe("result:WIN:2:LP_ZERO");
    const { outs: o2 } = run(start(tagAt("swiss")), [{ type: "GAME_ENDED", winner: 1, reason: "SPECIAL_WIN" }]);
    expect(codes(o2).at(-1)).toBe("result:WIN:1:SPECIAL_WIN");
  });

  it("C40: Tag with eomp = double_loss: unfinished duel → both teams lose (0 points each)", () => {
    const t = start(tagAt("swiss", { settings: { eomp: "double_loss" } }));
    expect(t.output.kind).toBe("result");
    if (t.output.kind !== "result") return;
    expect(t.output.result).toEqual({
      outcome: "DOUBLE_LOSS",
      winner: null,
      games: { slot1: 0, slot2: 0, drawn: 0 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "DOUBLE_LOSS",
    });
    expect(matchPoints(t.output.result, getPreset("KONAMI_TAG_2019"))).toEqual({ slot1: 0, slot2: 0 });
  });

  it("C40 (v2.5): the top cut is untimed — time called in single elimination means play on", () => {
    const first = start(tagAt("single_elimination", { settings: { eomp: "double_loss" } }));
    expect(first.output).toMatchObject({ kind: "instruction", code: "TOP_CUT_UNTIMED" });
    expect(allowedSteps(first.state)).toEqual(["GAME_ENDED"]);
    const { outs } = run(first, [{ type: "GAME_ENDED", winner: 2, reason: "LP_ZERO" }]);
    expect(codes(outs).at(-1)).toBe("result:WIN:2:LP_ZERO");
  });

  it("C41: duel drawn before time → new duel, new random choice; then time → C35", () => {
    const first = startMatch({ preset: "KONAMI_TAG_2019", stage: "swiss" });
    expect(first.output).toMatchObject({ kind: "instruction", code: "PLAY_ON" });
    const { t, outs } = run(first, [
      { type: "GAME_ENDED", winner: null, reason: "DRAW" },
      { type: "GAME_STARTED", firstSlot: 2 },
      { type: "TIME_CALLED", game: { firstSlot: 2, turn: 3, phase: "MAIN1", lp: { slot1: 9000, slot2: 12000 } } },
      PHASE,
    ]);
    expect(outs[1]).toEqual({
      kind: "instruction",
      code: "START_NEXT_GAME",
      params: { game: "YGO", gameNumber: 2, chooser: "random", chooserSlot: 0 },
      text: "Start game 2. The previous game was drawn: use a new random method; the winner chooses who goes first.",
    });
    expect(outs[3]).toMatchObject({ code: "FINISH_PHASE", params: { seat: "1B", slot: 2 } });
    expect(t.output.kind === "result" && t.output.result).toEqual({
      outcome: "WIN",
      winner: 2,
      games: { slot1: 0, slot2: 1, drawn: 1 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "EOMP_LP_COMPARISON",
    });
  });

  it("C29: Tag team loss by deck-out (team LP irrelevant)", () => {
    const { t } = run(startMatch({ preset: "KONAMI_TAG_2019", stage: "swiss" }), [{ type: "GAME_ENDED", winner: 2, reason: "DECK_OUT" }]);
    expect(t.output.kind === "result" && [t.output.result.outcome, t.output.result.winner, t.output.reason]).toEqual([
      "WIN",
      2,
      "DECK_OUT",
    ]);
  });
});

describe("E. end of match — Konami 1v1 versions", () => {
  const oneAt = (eomp: string, stage: "swiss" | "single_elimination", games = { slot1: 1, slot2: 0, drawn: 0 }): EompInput => ({
    preset: "KONAMI_STANDARD_1V1",
    settings: { eomp: eomp as never },
    stage,
    games,
    game: { firstSlot: 2, turn: 3, phase: "MAIN1", lp: { slot1: 8000, slot2: 8000 } },
  });

  it("C42: konami2018 Swiss — B wins duel 2 on LP → 1–1 → match draw", () => {
    const { t, outs } = run(start(oneAt("konami2018", "swiss")), [lp(3000, 5000), PHASE]);
    expect(outs[0]).toMatchObject({ code: "FINISH_PHASE", params: { seat: "1", seatKind: "player", slot: 2 } });
    expect(outs[0].kind === "instruction" && outs[0].text).toBe(
      "Player 1 finishes the Main Phase 1 of turn 3, then compare team LP. Record any LP change.",
    );
    expect(t.output.kind === "result" && t.output.result).toEqual({
      outcome: "DRAW",
      winner: null,
      games: { slot1: 1, slot2: 1, drawn: 0 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "DRAW",
    });
  });

  it("C43: konami2018 top cut — new duel of 4 turns, random first, no siding; LP decide, tie → turn by turn", () => {
    const { t, outs } = run(start(oneAt("konami2018", "single_elimination")), [
      lp(3000, 5000),
      PHASE,
      { type: "GAME_STARTED", firstSlot: 1 },
      TURN,
      TURN,
      lp(6000, 7000),
      TURN,
      lp(7000, 7000),
      TURN,
      TURN,
      lp(5000),
      TURN,
    ]);
    expect(outs[2]).toEqual({
      kind: "instruction",
      code: "TIEBREAK_SETUP",
      params: { game: "YGO", turns: 4, side: "no_side_unless_sided" },
      text:
        "Tie-break game of 4 turns: choose who goes first by a random method; no Side Deck changes unless someone already sided. " +
        "Record who goes first.",
    });
    expect(codes(outs).slice(3)).toEqual([
      "instruction:TIEBREAK_TURN",
      "instruction:TIEBREAK_TURN",
      "instruction:TIEBREAK_TURN",
      "instruction:TIEBREAK_TURN",
      "instruction:TIEBREAK_TURN",
      "instruction:TIEBREAK_TURN",
      "instruction:TURN_BY_TURN",
      "instruction:TURN_BY_TURN",
      "instruction:TURN_BY_TURN",
      "result:WIN:2:EOMP_TURN_BY_TURN",
    ]);
    expect(outs[3]).toMatchObject({ params: { index: 1, total: 4, seat: "1", slot: 1 } });
    expect(t.output.kind === "result" && t.output.result.games).toEqual({ slot1: 1, slot2: 2, drawn: 0 });
  });

  it("C43: tie-break duel decided by LP after turn 4", () => {
    const { t } = run(start(oneAt("konami2018", "single_elimination")), [
      lp(3000, 5000),
      PHASE,
      { type: "GAME_STARTED", firstSlot: 2, sided: true },
      TURN,
      TURN,
      TURN,
      lp(8000, 2000),
      TURN,
    ]);
    expect(t.output.kind === "result" && [t.output.result.winner, t.output.reason, t.output.result.games.slot1]).toEqual([
      1,
      "EOMP_TIEBREAK_GAME",
      2,
    ]);
  });

  it("C45: UDE 2005 — finish the turn + 3 turns, A 2,000 vs B 1,500 → A wins game 1 → A wins 1–0", () => {
    const input: EompInput = {
      preset: "KONAMI_STANDARD_1V1",
      settings: { eomp: "ude2005" },
      stage: "swiss",
      game: { firstSlot: 1, turn: 5, phase: "MAIN2", lp: { slot1: 4000, slot2: 3000 } },
    };
    const { t, outs } = run(start(input), [TURN, TURN, TURN, lp(2000, 1500), TURN]);
    expect(codes(outs)).toEqual([
      "instruction:FINISH_TURN",
      "instruction:EXTRA_TURN",
      "instruction:EXTRA_TURN",
      "instruction:EXTRA_TURN",
      "instruction:EXTRA_TURN",
      "result:WIN:1:EOMP_LP_COMPARISON",
    ]);
    expect(outs.slice(1, 4).map((o) => o.kind === "instruction" && [o.params.seat, o.params.index])).toEqual([
      ["2", 1],
      ["1", 2],
      ["2", 3],
    ]);
    expect(t.output.kind === "result" && t.output.result.games).toEqual({ slot1: 1, slot2: 0, drawn: 0 });
  });

  it("§2.2 UDE 2005: tied LP after the extra turns → first LP change", () => {
    const input: EompInput = {
      preset: "KONAMI_STANDARD_1V1",
      settings: { eomp: "ude2005" },
      stage: "swiss",
      game: { firstSlot: 1, turn: 5, phase: "MAIN2", lp: { slot1: 4000, slot2: 4000 } },
    };
    const { outs } = run(start(input), [TURN, TURN, TURN, TURN, TURN, lp(4000, 3900)]);
    expect(codes(outs).slice(-3)).toEqual([
      "instruction:FIRST_LP_CHANGE",
      "instruction:FIRST_LP_CHANGE",
      "result:WIN:1:EOMP_FIRST_LP_CHANGE",
    ]);
  });

  it("C46: Konami 2010 Swiss — 5 extra turns, equal LP → game draw → 0–0 → match draw", () => {
    const input: EompInput = {
      preset: "KONAMI_STANDARD_1V1",
      settings: { eomp: "konami2010" },
      stage: "swiss",
      game: { firstSlot: 1, turn: 2, phase: "BATTLE", lp: { slot1: 5000, slot2: 5000 } },
    };
    const { t, outs } = run(start(input), [TURN, TURN, TURN, TURN, TURN, TURN]);
    expect(outs.filter((o) => o.kind === "instruction" && o.code === "EXTRA_TURN")).toHaveLength(5);
    expect(t.output.kind === "result" && t.output.result).toEqual({
      outcome: "DRAW",
      winner: null,
      games: { slot1: 0, slot2: 0, drawn: 1 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "DRAW",
    });
  });

  it("C47: v25 Swiss — A leads 1–0, duel 2 unfinished → both players get a match loss", () => {
    const t = start(oneAt("v25", "swiss"));
    expect(t.output.kind === "result" && t.output.result).toEqual({
      outcome: "DOUBLE_LOSS",
      winner: null,
      games: { slot1: 1, slot2: 0, drawn: 0 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "DOUBLE_LOSS",
    });
    expect(t.output.kind === "result" && validateMatchResult(t.output.result, getPreset("KONAMI_STANDARD_1V1"))).toEqual([]);
  });

  it("§2.1: two simultaneous game-loss penalties at 1–1 → double loss; at 0–0 → 1–1 and play on", () => {
    const m = startMatch({ preset: "KONAMI_STANDARD_1V1", stage: "swiss", games: { slot1: 1, slot2: 1, drawn: 0 } });
    const { t } = run(m, [{ type: "GAME_ENDED", winner: null, reason: "GAME_LOSS_PENALTY" }]);
    expect(t.output.kind === "result" && t.output.result).toEqual({
      outcome: "DOUBLE_LOSS",
      winner: null,
      games: { slot1: 1, slot2: 1, drawn: 0 },
      penaltyGameLosses: { slot1: 1, slot2: 1 },
      reason: "DOUBLE_LOSS",
    });
    const { t: t2 } = run(startMatch({ preset: "KONAMI_STANDARD_1V1", stage: "swiss" }), [
      { type: "GAME_ENDED", winner: null, reason: "GAME_LOSS_PENALTY" },
    ]);
    expect(t2.output).toMatchObject({ code: "START_NEXT_GAME", params: { gameNumber: 3 } });
    expect(t2.state.games).toEqual({ slot1: 1, slot2: 1, drawn: 0 });
  });

  it("§2.1: before time, the loser of the previous duel chooses who goes first", () => {
    const { t } = run(startMatch({ preset: "KONAMI_STANDARD_1V1", stage: "swiss" }), [
      { type: "GAME_ENDED", winner: 1, reason: "LP_ZERO" },
    ]);
    expect(t.output).toMatchObject({ code: "START_NEXT_GAME", params: { chooser: "loser", chooserSlot: 2, gameNumber: 2 } });
    expect(t.output.kind === "instruction" && t.output.text).toBe(
      "Start game 2. The team in slot 2 (loser of the previous game) chooses who goes first.",
    );
  });
});

describe("E. end of match — UDE 2v2", () => {
  it("C48: time in game 1 during 1B's turn; 3 extra turns; Team 1 5,000 vs 3,000 → Team 1 wins 1–0", () => {
    const input: EompInput = {
      preset: "UDE_2V2",
      stage: "swiss",
      game: { firstSlot: 2, turn: 3, phase: "MAIN1", lp: { slot1: 8000, slot2: 8000 } },
    };
    const { t, outs } = run(start(input), [TURN, TURN, TURN, lp(3000, 5000), TURN]);
    expect(outs[0].kind === "instruction" && outs[0].text).toBe("1B finishes turn 3; then 3 additional turns are played.");
    expect(outs.slice(1, 4).map((o) => o.kind === "instruction" && o.text)).toEqual([
      "Extra turn 1 of 3: 2B (turn 4).",
      "Extra turn 2 of 3: 1A (turn 5).",
      "Extra turn 3 of 3: 2A (turn 6).",
    ]);
    expect(t.output.kind === "result" && t.output.result).toEqual({
      outcome: "WIN",
      winner: 2,
      games: { slot1: 0, slot2: 1, drawn: 0 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "EOMP_LP_COMPARISON",
    });
  });

  it("C50: games tied 1–1 when time is called → 8-turn game, no siding; Team 2 6,000 vs 5,500 → Team 2 wins", () => {
    const first = start({ preset: "UDE_2V2", stage: "swiss", games: { slot1: 1, slot2: 1, drawn: 0 }, game: null });
    expect(first.output).toEqual({
      kind: "instruction",
      code: "TIEBREAK_SETUP",
      params: { game: "YGO", turns: 8, side: "no_side" },
      text: "Tie-break game of 8 turns: choose who goes first by a random method; no Side Deck changes. Record who goes first.",
    });
    const events: EompEvent[] = [{ type: "GAME_STARTED", firstSlot: 1 }];
    for (let i = 0; i < 7; i++) events.push(TURN);
    events.push(lp(5500, 6000), TURN);
    const { t, outs } = run(first, events);
    expect(
      outs.filter((o) => o.kind === "instruction" && o.code === "TIEBREAK_TURN").map((o) => o.kind === "instruction" && o.params.seat),
    ).toEqual(["1A", "2A", "1B", "2B", "1A", "2A", "1B", "2B", "2B"]);
    expect(t.output.kind === "result" && t.output.result).toEqual({
      outcome: "WIN",
      winner: 2,
      games: { slot1: 1, slot2: 2, drawn: 0 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "EOMP_TIEBREAK_GAME",
    });
  });

  it("C50: equal LP after the 8th turn → first LP change decides", () => {
    const events: EompEvent[] = [{ type: "GAME_STARTED", firstSlot: 2 }];
    for (let i = 0; i < 8; i++) events.push(TURN);
    events.push(lp(7000, 8000));
    const { t, outs } = run(
      start({ preset: "UDE_2V2", stage: "single_elimination", games: { slot1: 1, slot2: 1, drawn: 0 }, game: null }),
      events,
    );
    expect(codes(outs).slice(-2)).toEqual(["instruction:FIRST_LP_CHANGE", "result:WIN:2:EOMP_FIRST_LP_CHANGE"]);
    expect(t.state.game!.lp).toEqual({ slot1: 7000, slot2: 8000 });
  });

  it("§3.1 step 6: time between games with a leader → the leader wins", () => {
    const t = start({ preset: "UDE_2V2", stage: "swiss", games: { slot1: 0, slot2: 1, drawn: 0 }, game: null });
    expect(t.output.kind === "result" && [t.output.result.winner, t.output.reason]).toEqual([2, "EOMP_GAME_LEAD"]);
  });
});

describe("E. end of match — Tag 2013 (turn_plus_three)", () => {
  it("§1.8 legacy: finish the turn + one turn each for the other three; tie → turn by turn", () => {
    const input: EompInput = {
      preset: "KONAMI_TAG_2013",
      stage: "swiss",
      game: { firstSlot: 1, turn: 5, phase: "MAIN1", lp: { slot1: 9000, slot2: 9000 } },
    };
    const { outs } = run(start(input), [TURN, TURN, TURN, TURN, TURN, lp(8000), TURN]);
    expect(outs.slice(1, 4).map((o) => o.kind === "instruction" && o.params.seat)).toEqual(["2A", "1B", "2B"]);
    expect(outs[4]).toMatchObject({ code: "TURN_BY_TURN", params: { seat: "1A", turn: 9 } });
    expect(codes(outs).at(-1)).toBe("result:WIN:2:EOMP_TURN_BY_TURN");
  });
});

describe("E. end of match — MTG Two-Headed Giant", () => {
  const mtgAt = (stage: "swiss" | "single_elimination"): EompInput => ({
    preset: "MTG_2HG",
    stage,
    // X = slot 1 plays the even turns (went second): firstSlot = 2
    game: { firstSlot: 2, turn: 6, phase: "MAIN1", lp: { slot1: 20, slot2: 18 } },
  });

  it("C52: Swiss, unfinished after X 6, Y 7, X 8, Y 9 → game draw → match draw", () => {
    const { t, outs } = run(start(mtgAt("swiss")), [TURN, TURN, TURN, TURN]);
    expect(outs[0].kind === "instruction" && outs[0].text).toBe("Team 2 finishes turn 6; then 3 additional turns are played.");
    expect(outs.slice(1, 4).map((o) => o.kind === "instruction" && [o.params.turn, o.params.slot])).toEqual([
      [7, 2],
      [8, 1],
      [9, 2],
    ]);
    expect(t.output.kind === "result" && t.output.result).toEqual({
      outcome: "DRAW",
      winner: null,
      games: { slot1: 0, slot2: 0, drawn: 1 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "DRAW",
    });
    expect(t.output.kind === "result" && matchPoints(t.output.result, getPreset("MTG_2HG"))).toEqual({ slot1: 1, slot2: 1 });
  });

  it("C53: single elimination, after turn 9 X 12 life vs Y 9 → X wins", () => {
    const { t } = run(start(mtgAt("single_elimination")), [TURN, TURN, TURN, lp(12, 9), TURN]);
    expect(t.output.kind === "result" && [t.output.result.winner, t.output.reason]).toEqual([1, "EOMP_LP_COMPARISON"]);
  });

  it("§5.3: single elimination, equal life → the first life change decides (extra SBA)", () => {
    const { outs } = run(start(mtgAt("single_elimination")), [TURN, TURN, TURN, lp(10, 10), TURN, TURN, lp(10, 7)]);
    expect(codes(outs).slice(-3)).toEqual([
      "instruction:FIRST_LP_CHANGE",
      "instruction:FIRST_LP_CHANGE",
      "result:WIN:1:EOMP_FIRST_LP_CHANGE",
    ]);
  });

  it("§5.3 example (MTR 2.4): X announced the pass at the end of turn 6 → turn 7 (Y) is the current turn, then X 8, Y 9, X 10", () => {
    const input = mtgAt("swiss");
    input.game!.passingTurn = true;
    const { outs } = run(start(input), [TURN, TURN, TURN, TURN]);
    // X = slot 1 plays the even turns; Y = slot 2 the odd ones
    expect(outs[0]).toMatchObject({ code: "FINISH_TURN", params: { turn: 7, slot: 2, extraTurns: 3 } });
    // "Team 1" = the turn-order seat (Y went first)
    expect(outs[0].kind === "instruction" && outs[0].text).toBe("Team 1 finishes turn 7; then 3 additional turns are played.");
    expect(outs.slice(1, 4).map((o) => o.kind === "instruction" && [o.code, o.params.turn, o.params.slot, o.params.index])).toEqual([
      ["EXTRA_TURN", 8, 1, 1],
      ["EXTRA_TURN", 9, 2, 2],
      ["EXTRA_TURN", 10, 1, 3],
    ]);
    expect(codes(outs).at(-1)).toBe("result:DRAW:null:DRAW");
  });

  it("C56: drawn game with time left → new game; the match is the first game won", () => {
    const { t, outs } = run(startMatch({ preset: "MTG_2HG", stage: "swiss" }), [
      { type: "GAME_ENDED", winner: null, reason: "DRAW" },
      { type: "GAME_STARTED", firstSlot: 1 },
      { type: "GAME_ENDED", winner: 2, reason: "LP_ZERO" },
    ]);
    expect(outs[1]).toMatchObject({ code: "START_NEXT_GAME", params: { chooser: "same_as_previous", gameNumber: 2 } });
    expect(t.output.kind === "result" && t.output.result).toEqual({
      outcome: "WIN",
      winner: 2,
      games: { slot1: 0, slot2: 1, drawn: 1 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "LP_ZERO",
    });
  });

  it("§5.3: top cut, time between games → new game under the first-life-change rule", () => {
    const first = start({ preset: "MTG_2HG", stage: "single_elimination", games: { slot1: 0, slot2: 0, drawn: 1 }, game: null });
    expect(first.output).toMatchObject({ code: "NEW_GAME_SUDDEN_DEATH" });
    const { t } = run(first, [{ type: "GAME_STARTED", firstSlot: 2 }, lp(30, 27)]);
    expect(t.output.kind === "result" && [t.output.result.winner, t.output.reason, t.output.result.games]).toEqual([
      1,
      "EOMP_FIRST_LP_CHANGE",
      { slot1: 1, slot2: 0, drawn: 1 },
    ]);
  });
});

describe("E. end of match — independent LP (§8.10)", () => {
  // Team A (1A, 3A) = slot 1 (went first); 3A already out; B has 2 survivors with less LP.
  const indAt = (rule: string | null, stage: "swiss" | "single_elimination" = "swiss"): EompInput => ({
    preset: "INDEPENDENT_LP_2V2",
    settings: { independentTimeRule: rule as never },
    stage,
    game: {
      firstSlot: 1,
      turn: 6,
      phase: "MAIN1",
      duelistLp: { "1A": 8000, "2B": 1000, "3A": 0, "4B": 1000 },
      eliminations: [{ seat: "3A", duringTurn: 4 }],
    },
  });

  it("§8.10 survivors_then_lp (default): more survivors wins even with a lower LP sum", () => {
    const first = start(indAt("survivors_then_lp"));
    expect(first.output).toMatchObject({ code: "FINISH_PHASE", params: { seat: "2B", slot: 2 } });
    const { t } = run(first, [PHASE]);
    expect(t.output.kind === "result" && [t.output.result.winner, t.output.reason]).toEqual([2, "EOMP_SURVIVORS"]);
  });

  it("§8.10 sum_surviving_lp: the higher sum of surviving LP wins", () => {
    const { t } = run(start(indAt("sum_surviving_lp")), [PHASE]);
    expect(t.output.kind === "result" && [t.output.result.winner, t.output.reason]).toEqual([1, "EOMP_LP_COMPARISON"]);
    expect(t.state.game!.lp).toEqual({ slot1: 8000, slot2: 2000 });
  });

  it("§8.10 draw: Swiss → draw; single elimination falls back to survivors then LP", () => {
    const { t } = run(start(indAt("draw")), [PHASE]);
    expect(t.output.kind === "result" && t.output.result.outcome).toBe("DRAW");
    const { t: t2 } = run(start(indAt("draw", "single_elimination")), [PHASE]);
    expect(t2.output.kind === "result" && [t2.output.result.winner, t2.output.reason]).toEqual([2, "EOMP_SURVIVORS"]);
  });

  it("§8.10: no rule chosen → typed error", () => {
    const t = start(indAt(null));
    expect(t.output).toMatchObject({ kind: "error", code: "INDEPENDENT_TIME_RULE_REQUIRED" });
    expect(allowedSteps(t.state)).toEqual([]);
  });

  it("C28: team victory during the procedure — both opponents eliminated; special win with teammate out", () => {
    const { t } = run(start(indAt("survivors_then_lp")), [
      { type: "LP_CHANGED", duelistLp: { "2B": 0 } },
      { type: "DUELIST_ELIMINATED", seat: "4B" },
    ]);
    expect(t.output.kind === "result" && [t.output.result.winner, t.output.reason]).toEqual([1, "TEAM_ELIMINATED"]);
    const { t: t2 } = run(start(indAt("survivors_then_lp")), [{ type: "GAME_ENDED", winner: 1, reason: "SPECIAL_WIN" }]);
    expect(t2.output.kind === "result" && [t2.output.result.winner, t2.output.reason]).toEqual([1, "SPECIAL_WIN"]);
  });

  it("C25 in the engine: after 3A's elimination the extra-turn seats follow the team rotation", () => {
    const input: EompInput = {
      ...indAt("survivors_then_lp"),
      settings: { independentTimeRule: "sum_surviving_lp", eomp: "ude_three_turns" },
    };
    input.game = { ...input.game!, turn: 4, phase: "MAIN1" };
    const { outs } = run(start(input), [TURN, TURN, TURN]);
    expect(outs.map((o) => o.kind === "instruction" && o.params.seat)).toEqual(["4B", "1A", "2B", "1A"]);
  });
});

describe("engine contract: errors, allowed steps, serialisation", () => {
  it("a step that cannot happen now is a typed error and leaves the state unchanged", () => {
    const first = start(tagAt("swiss"));
    const t = step(first.state, TURN);
    expect(t.output).toEqual({
      kind: "error",
      code: "STEP_NOT_ALLOWED",
      params: { type: "TURN_ENDED", mode: "FINISH_PHASE" },
      text: '"TURN_ENDED" cannot be recorded now.',
    });
    expect(t.state).toEqual(first.state);
    expect(step(first.state, lp(-5)).output).toMatchObject({ kind: "error", code: "LP_INVALID", params: { field: "lp.slot1" } });
    expect(step(first.state, { type: "NOPE" } as never).output).toMatchObject({ kind: "error", code: "EVENT_UNKNOWN" });
    expect(step(first.state, { type: "GAME_ENDED", winner: 1, reason: "DRAW" }).output).toMatchObject({ code: "WINNER_NOT_ALLOWED" });
  });

  it("after the result every step is MATCH_OVER", () => {
    const { t } = run(start(tagAt("swiss")), [PHASE]);
    expect(step(t.state, PHASE).output).toMatchObject({ kind: "error", code: "MATCH_OVER" });
  });

  it("start rejects impossible inputs with typed errors", () => {
    expect(start({ ...tagAt("swiss"), preset: "POKEMON" as never }).output).toMatchObject({ kind: "error", code: "PRESET_UNKNOWN" });
    expect(start({ ...tagAt("swiss"), games: { slot1: 1, slot2: 0, drawn: 0 } }).output).toMatchObject({
      kind: "error",
      code: "MATCH_ALREADY_DECIDED",
    });
    expect(start(tagAt("swiss", { game: { firstSlot: 1, turn: 0, phase: "MAIN1", lp: { slot1: 1, slot2: 1 } } })).output).toMatchObject({
      code: "TURN_INVALID",
    });
    expect(start(tagAt("swiss", { game: { firstSlot: 1, turn: 3, phase: "MAIN1", lp: { slot1: 0, slot2: 1 } } })).output).toMatchObject({
      code: "GAME_ALREADY_OVER",
    });
    expect(start({ ...tagAt("swiss"), stage: "round_robin" as never }).output).toMatchObject({ code: "STAGE_INVALID" });
  });

  it("states are plain JSON: a wizard can store and resume them", () => {
    let t = start(tagAt("single_elimination"));
    for (const e of [lp(4000, 4000), PHASE, TURN, lp(3200), TURN] as EompEvent[]) t = step(JSON.parse(JSON.stringify(t.state)), e);
    expect(t.output.kind === "result" && t.output.result.winner).toBe(2);
  });
});
