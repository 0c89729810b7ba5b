import { describe, expect, it } from "vitest";
import { getPreset } from "@/lib/formats/presets";
import {
  addRecords,
  byeResult,
  EMPTY_RECORD,
  matchPoints,
  recordPoints,
  resultFromReport,
  teamRecord,
  validateMatchResult,
  type MatchResult,
} from "@/lib/formats/results";

const TAG = getPreset("KONAMI_TAG_2019");
const ONE = getPreset("KONAMI_STANDARD_1V1");
const MTG = getPreset("MTG_2HG");
const pairing = { slot1TeamId: "red", slot2TeamId: "blue" };

const win = (winner: 1 | 2, s1: number, s2: number, extra: Partial<MatchResult> = {}): MatchResult => ({
  outcome: "WIN",
  winner,
  games: { slot1: s1, slot2: s2, drawn: 0 },
  penaltyGameLosses: { slot1: 0, slot2: 0 },
  reason: "GAMES_WON",
  ...extra,
});

describe("match results and points", () => {
  it("C58: 2 wins + 1 draw = 7 Konami points", () => {
    const draw: MatchResult = {
      outcome: "DRAW",
      winner: null,
      games: { slot1: 0, slot2: 0, drawn: 1 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "DRAW",
    };
    const rec = [win(1, 1, 0), win(2, 0, 1), draw].map((r, i) => teamRecord(r, i === 1 ? 2 : 1)).reduce(addRecords, EMPTY_RECORD);
    expect(rec).toMatchObject({ matchWins: 2, matchDraws: 1, matchLosses: 0, gamesWon: 2, gamesDrawn: 1 });
    expect(recordPoints(rec, TAG)).toBe(7);
    expect(recordPoints(rec, ONE)).toBe(7);
  });

  it("C35/C40: points per result — win 3/0, draw 1/1, double loss 0/0, bye 3", () => {
    expect(matchPoints(win(1, 1, 0), TAG)).toEqual({ slot1: 3, slot2: 0 });
    expect(matchPoints(win(2, 0, 1), TAG)).toEqual({ slot1: 0, slot2: 3 });
    expect(matchPoints({ ...win(1, 0, 0), outcome: "DRAW", winner: null, reason: "DRAW" }, TAG)).toEqual({ slot1: 1, slot2: 1 });
    expect(matchPoints({ ...win(1, 0, 0), outcome: "DOUBLE_LOSS", winner: null, reason: "DOUBLE_LOSS" }, TAG)).toEqual({
      slot1: 0,
      slot2: 0,
    });
    expect(matchPoints(byeResult(TAG), TAG)).toEqual({ slot1: 3, slot2: null });
  });

  it("§6.2: a bye is a match win with gamesToWin–0 games; it has no opponent record", () => {
    expect(byeResult(ONE).games).toEqual({ slot1: 2, slot2: 0, drawn: 0 });
    expect(byeResult(TAG).games).toEqual({ slot1: 1, slot2: 0, drawn: 0 });
    expect(teamRecord(byeResult(MTG), 1)).toMatchObject({ matchWins: 1, byes: 1, gamesWon: 1 });
    expect(() => teamRecord(byeResult(MTG), 2)).toThrowError(/BYE_HAS_NO_OPPONENT/);
    expect(validateMatchResult(byeResult(ONE), ONE)).toEqual([]);
  });

  it("double loss counts as a loss and a double loss in the record", () => {
    const r: MatchResult = {
      outcome: "DOUBLE_LOSS",
      winner: null,
      games: { slot1: 1, slot2: 0, drawn: 0 },
      penaltyGameLosses: { slot1: 0, slot2: 0 },
      reason: "DOUBLE_LOSS",
    };
    expect(validateMatchResult(r, ONE)).toEqual([]);
    expect(teamRecord(r, 2)).toMatchObject({ matchLosses: 1, doubleLosses: 1, gamesLost: 1 });
    expect(recordPoints(teamRecord(r, 1), ONE)).toBe(0);
  });
});

describe("PS07: result entry validation", () => {
  it("PS07: same team as winner and loser is refused, naming the field", () => {
    const r = resultFromReport({ outcome: "WIN", winnerTeamId: "red", loserTeamId: "red", gamesWon: { red: 1 } }, pairing, TAG);
    expect(r).toEqual({ ok: false, errors: [{ code: "RESULT_SAME_TEAM", field: "loserTeamId", params: { teamId: "red" } }] });
  });

  it("PS07: a team not in the match is refused", () => {
    const r = resultFromReport({ outcome: "WIN", winnerTeamId: "green", gamesWon: { green: 1 } }, pairing, TAG);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors.map((e) => [e.code, e.field])).toEqual([
        ["RESULT_TEAM_NOT_IN_MATCH", "winnerTeamId"],
        ["RESULT_TEAM_NOT_IN_MATCH", "gamesWon.green"],
      ]);
  });

  it("PS07: 3–0 in a best-of-one is impossible; 2–1 fine in best of three, 3–0 not", () => {
    const bad = resultFromReport({ outcome: "WIN", winnerTeamId: "red", loserTeamId: "blue", gamesWon: { red: 3, blue: 0 } }, pairing, TAG);
    expect(bad).toEqual({
      ok: false,
      errors: [{ code: "RESULT_GAMES_IMPOSSIBLE", field: "games", params: { bestOf: 1, won: 3, lost: 0 } }],
    });
    const ok = resultFromReport({ outcome: "WIN", winnerTeamId: "blue", gamesWon: { red: 1, blue: 2 } }, pairing, ONE);
    expect(ok).toEqual({
      ok: true,
      result: {
        outcome: "WIN",
        winner: 2,
        games: { slot1: 1, slot2: 2, drawn: 0 },
        penaltyGameLosses: { slot1: 0, slot2: 0 },
        reason: "GAMES_WON",
      },
    });
    const bad3 = resultFromReport({ outcome: "WIN", winnerTeamId: "blue", gamesWon: { blue: 3 } }, pairing, ONE);
    expect(bad3.ok).toBe(false);
  });

  it("PS07: winner with fewer games, draw with unequal games, draw with a winner", () => {
    expect(validateMatchResult(win(1, 0, 1), ONE)).toEqual([
      { code: "RESULT_WINNER_GAMES_NOT_HIGHER", field: "games", params: { game: "YGO", won: 0, lost: 1 } },
    ]);
    expect(validateMatchResult({ ...win(1, 1, 0), outcome: "DRAW", winner: null, reason: "DRAW" }, ONE)).toEqual([
      { code: "RESULT_DRAW_GAMES_UNEQUAL", field: "games", params: { game: "YGO", slot1: 1, slot2: 0 } },
    ]);
    expect(validateMatchResult({ ...win(1, 0, 0), outcome: "DRAW", reason: "DRAW" }, ONE)[0]).toMatchObject({
      code: "RESULT_WINNER_NOT_ALLOWED",
      field: "winner",
    });
    expect(validateMatchResult({ ...win(1, 1, 1), outcome: "DRAW", winner: null, reason: "DRAW" }, ONE)).toEqual([]);
    expect(validateMatchResult({ ...win(1, 1, 1), outcome: "DRAW", winner: null, reason: "DRAW" }, TAG)[0].code).toBe(
      "RESULT_GAMES_IMPOSSIBLE",
    );
  });

  it("PS07: negative or fractional counts, missing winner, penalties beyond games", () => {
    expect(validateMatchResult(win(1, -1, 0), ONE)).toEqual([
      { code: "RESULT_COUNT_INVALID", field: "games.slot1", params: { value: "-1" } },
    ]);
    expect(validateMatchResult({ ...win(1, 2, 0), winner: null }, ONE)).toEqual([
      { code: "RESULT_WINNER_REQUIRED", field: "winner", params: {} },
    ]);
    expect(validateMatchResult(win(1, 2, 0, { penaltyGameLosses: { slot1: 1, slot2: 0 } }), ONE)).toEqual([
      { code: "RESULT_PENALTIES_EXCEED_GAMES", field: "penaltyGameLosses.slot1", params: { game: "YGO", penalties: 1, games: 0 } },
    ]);
    expect(validateMatchResult(win(1, 0, 0, { reason: "CONCESSION" }), ONE)).toEqual([]);
  });

  it("PS07: byes only on bye pairings; loser must be the other team", () => {
    expect(resultFromReport({ outcome: "BYE" }, { slot1TeamId: "red", slot2TeamId: null }, TAG)).toEqual({
      ok: true,
      result: byeResult(TAG),
    });
    const r = resultFromReport({ outcome: "BYE" }, pairing, TAG);
    expect(r.ok === false && r.errors[0].code).toBe("RESULT_BYE_WITH_OPPONENT");
    const r2 = resultFromReport(
      { outcome: "WIN", winnerTeamId: "red", gamesWon: { red: 1 } },
      { slot1TeamId: "red", slot2TeamId: null },
      TAG,
    );
    expect(r2.ok === false && r2.errors[0].code).toBe("RESULT_BYE_ONLY");
  });
});
