import { describe, expect, it } from "vitest";
import { getPreset } from "@/lib/formats/presets";
import {
  assignTeamNumbers,
  battleAllowed,
  FormatsError,
  finalCountdownWinTurn,
  independentOutcome,
  recklessGreedSkippedDraws,
  seatOfTurn,
  swordsOfRevealingLight,
  teamOfSeat,
  turnInfo,
  turnSequence,
} from "@/lib/formats/turns";

const TAG = getPreset("KONAMI_TAG_2019");
const UDE = getPreset("UDE_2V2");
const IND = getPreset("INDEPENDENT_LP_2V2");
const MTG = getPreset("MTG_2HG");
const ONE = getPreset("KONAMI_STANDARD_1V1");

describe("C. turn order, first attacks, elimination", () => {
  it("C22: Tag turn order and first battle", () => {
    const seq = turnSequence(TAG, 8);
    expect(seq.map((t) => t.seat)).toEqual(["1A", "2A", "1B", "2B", "1A", "2A", "1B", "2B"]);
    expect(seq.map((t) => t.battleAllowed)).toEqual([false, false, false, true, true, true, true, true]);
    expect(seq.map((t) => t.team)).toEqual([1, 2, 1, 2, 1, 2, 1, 2]);
  });

  it("C22 (UDE): the 4th player is the first who may attack", () => {
    expect(turnSequence(UDE, 5).map((t) => [t.seat, t.battleAllowed])).toEqual([
      ["1A", false],
      ["2A", false],
      ["1B", false],
      ["2B", true],
      ["1A", true],
    ]);
  });

  it("C23: who is Team 1 (Tag: toss winner goes first; UDE: toss winner lets the other start)", () => {
    const red = { name: "Red", A: "Ana", B: "Bo" };
    const blue = { name: "Blue", A: "Cy", B: "Di" };
    const names = (t: { team1: typeof red; team2: typeof red }, n: number) =>
      turnSequence(TAG, n).map((x) => {
        const team = x.seat[0] === "1" ? t.team1 : t.team2;
        return x.seat[1] === "A" ? team.A : team.B;
      });
    const a = assignTeamNumbers(blue, red, "first");
    expect(a.team1.name).toBe("Blue");
    expect(names(a, 4)).toEqual(["Cy", "Ana", "Di", "Bo"]);
    const b = assignTeamNumbers(blue, red, "second");
    expect(b.team1.name).toBe("Red");
    expect(names(b, 4)).toEqual(["Ana", "Cy", "Bo", "Di"]);
  });

  it("C24: independent LP order and first attack", () => {
    const seq = turnSequence(IND, 5);
    expect(seq.map((t) => t.seat)).toEqual(["1A", "2B", "3A", "4B", "1A"]);
    expect(seq.map((t) => t.battleAllowed)).toEqual([false, false, false, true, true]);
    expect(teamOfSeat(IND, "3A")).toBe(1);
    expect(teamOfSeat(IND, "2B")).toBe(2);
  });

  it("C25: independent LP elimination — turns 5–10 after 3A falls in turn 4", () => {
    const elim = [{ seat: "3A", duringTurn: 4 }];
    const seats = [5, 6, 7, 8, 9, 10].map((t) => seatOfTurn(IND, t, elim));
    expect(seats).toEqual(["1A", "2B", "1A", "4B", "1A", "2B"]);
    // teammates never consecutive
    const all = turnSequence(IND, 20, elim).map((t) => teamOfSeat(IND, t.seat));
    for (let i = 1; i < all.length; i++) expect(all[i]).not.toBe(all[i - 1]);
  });

  it("§4.1 seed example 2: then 2B eliminated → 1A, 4B, 1A, 4B (like a 1v1)", () => {
    const elim = [
      { seat: "3A", duringTurn: 4 },
      { seat: "2B", duringTurn: 10 },
    ];
    expect([11, 12, 13, 14].map((t) => seatOfTurn(IND, t, elim))).toEqual(["1A", "4B", "1A", "4B"]);
  });

  it("§4.1 (I): a duelist's second turn may battle even on turn ≤ 3 after an early elimination", () => {
    // 2B eliminated during turn 1 → turn 2 is 4B's first turn, turn 3 is 3A's first turn
    const elim = [{ seat: "2B", duringTurn: 1 }];
    expect(turnSequence(IND, 4, elim).map((t) => [t.seat, t.battleAllowed])).toEqual([
      ["1A", false],
      ["4B", false],
      ["3A", false],
      ["4B", true],
    ]);
    // 3A eliminated during turn 1 → 1A plays turn 3 (its second turn) and may battle
    const elim2 = [{ seat: "3A", duringTurn: 1 }];
    expect(turnSequence(IND, 3, elim2).map((t) => [t.seat, t.battleAllowed])).toEqual([
      ["1A", false],
      ["2B", false],
      ["1A", true],
    ]);
  });

  it("C28: independent LP team victory (both opponents out; special win with teammate out)", () => {
    expect(independentOutcome(IND, ["1A", "2B", "4B"])).toBe(1);
    expect(independentOutcome(IND, ["1A"])).toBeNull();
    expect(independentOutcome(IND, ["1A"], "3A")).toBe(1);
    expect(independentOutcome(IND, ["1A", "3A", "2B", "4B"])).toBe("draw");
    expect(
      seatOfTurn(IND, 6, [
        { seat: "2B", duringTurn: 3 },
        { seat: "4B", duringTurn: 4 },
      ]),
    ).toBeNull();
  });

  it("C30: 2HG first turn draws and life", () => {
    const t1 = turnInfo(MTG, 1);
    expect(t1.duelists).toEqual(["1A", "1B"]);
    expect(t1.drawSkippedBy).toEqual(["1A", "1B"]);
    const t2 = turnInfo(MTG, 2);
    expect(t2.duelists).toEqual(["2A", "2B"]);
    expect(t2.drawSkippedBy).toEqual([]);
    expect(MTG.life).toEqual({ model: "team", start: 30 });
    expect(turnInfo(TAG, 1).drawSkippedBy).toEqual(["1A"]);
    expect(turnInfo(TAG, 2).drawSkippedBy).toEqual([]);
    expect(turnInfo(ONE, 1)).toMatchObject({ seat: "1", battleAllowed: false, drawSkippedBy: ["1"] });
    expect(battleAllowed(ONE, 2)).toBe(true);
  });

  it("rejects invalid turn numbers and seats with typed errors", () => {
    expect(() => turnInfo(TAG, 0)).toThrow(FormatsError);
    expect(() => turnInfo(TAG, 1.5)).toThrowError(/TURN_INVALID/);
    expect(() => teamOfSeat(TAG, "3A")).toThrowError(/SEAT_UNKNOWN/);
    try {
      turnInfo(IND, 6, [
        { seat: "2B", duringTurn: 3 },
        { seat: "4B", duringTurn: 4 },
      ]);
      expect.unreachable();
    } catch (e) {
      expect((e as FormatsError).code).toBe("DUEL_OVER");
    }
  });
});

describe("D. turn counting", () => {
  it("C31: Swords of Revealing Light in Tag", () => {
    const r = swordsOfRevealingLight(TAG, 1);
    expect(r.counted).toEqual([
      { turn: 2, seat: "2A", count: 1 },
      { turn: 4, seat: "2B", count: 2 },
      { turn: 6, seat: "2A", count: 3 },
    ]);
    expect(r.attacksPrevented).toEqual([4, 6]);
    expect(r.destroyedAtEndOfTurn).toBe(6);
    expect(r.opponentsNextBattleTurn).toBe(8);
    expect(seatOfTurn(TAG, 8)).toBe("2B");
    // same in UDE
    expect(swordsOfRevealingLight(UDE, 1)).toEqual(r);
  });

  it("C33: Final Countdown counts every duelist's turn", () => {
    expect(finalCountdownWinTurn(7)).toBe(26);
    expect(seatOfTurn(TAG, 26)).toBe("2A");
    expect(seatOfTurn(TAG, 7)).toBe("1B");
  });

  it("C34: Reckless Greed skips the team's next two Draw Phases", () => {
    const r = recklessGreedSkippedDraws(TAG, 5);
    expect(r.skipped).toEqual([
      { turn: 7, seat: "1B" },
      { turn: 9, seat: "1A" },
    ]);
    expect(r.nextDrawTurn).toBe(11);
    expect(seatOfTurn(TAG, 11)).toBe("1B");
  });

  it("§1.6 (I): Reckless Greed activated on the opponents' turn skips the activator team's next 2", () => {
    const r = recklessGreedSkippedDraws(TAG, 6, 1);
    expect(r.skipped.map((x) => x.turn)).toEqual([7, 9]);
    expect(r.nextDrawTurn).toBe(11);
  });
});
