/**
 * KTS file ⇄ Tandem event plan (issue #17, lib/interop/kts/event.ts): what a `.Tournament` maps to
 * and the files refused with their reason — an unopposed loss after a played round (Tandem keeps
 * unopposed losses only as a late entry's missed rounds, RULES §6.1 / PS09), a top-cut draw
 * (RULES §1.8), mixed 1v1 and Tag positions, a name with a bidirectional override, and names the
 * forms refuse (issue #17: `<Name>` is held to the create-event rules, player names to registration's).
 */
import { describe, expect, it } from "vitest";
import { type KtsPlayer, type KtsTournament } from "@/lib/interop/kts";
import { ktsEventPlan } from "@/lib/interop/kts/event";

const player = (id: string, extra: Partial<KtsPlayer> = {}): KtsPlayer => ({
  id,
  firstName: `P${id}`,
  lastName: "Test",
  teamPosition: 0,
  dropRound: 2,
  dropReason: "Active",
  rank: 0,
  wins: 0,
  points: 0,
  notes: "",
  ...extra,
});
const base = (over: Partial<KtsTournament>): KtsTournament => ({
  name: "Store event",
  id: "",
  date: "2026-12-01",
  currentRound: 2,
  playoffRound: 0,
  finalized: false,
  players: ["1", "2", "3"].map((id) => player(id)),
  matches: [],
  ...over,
});

describe("KTS event plan", () => {
  it("a late entry's round-1 unopposed loss becomes entryRound 2; byes get tables 0, −1", () => {
    const plan = ktsEventPlan(
      base({
        players: ["1", "2", "3", "4", "5"].map((id) => player(id)),
        matches: [
          { player1: "1", player2: "2", round: 1, status: "Winner", table: 1, winner: "1", playoff: false },
          { player1: "3", player2: null, round: 1, status: "Winner", table: 0, winner: "3", playoff: false },
          { player1: "5", player2: null, round: 1, status: "Winner", table: 0, winner: "5", playoff: false },
          { player1: "4", player2: null, round: 1, status: "Winner", table: 0, winner: null, playoff: false },
          { player1: "1", player2: "3", round: 2, status: "Draw", table: 1, winner: null, playoff: false },
          { player1: "4", player2: "5", round: 2, status: "Winner", table: 2, winner: "4", playoff: false },
          { player1: "2", player2: null, round: 2, status: "Winner", table: 0, winner: "2", playoff: false },
        ],
      }),
    );
    expect(plan.rounds[0].matches.map((m) => [m.table, m.team1, m.outcome])).toEqual([
      [1, "1", "WIN"],
      [0, "3", "BYE"],
      [-1, "5", "BYE"],
    ]);
    expect(plan.rounds[1].matches.map((m) => [m.table, m.outcome, m.winnerSlot])).toEqual([
      [1, "DRAW", null],
      [2, "WIN", 1],
      [0, "BYE", null],
    ]);
    expect(plan.teams.map((t) => t.entryRound)).toEqual([null, null, null, 2, null]);
    expect(plan).toMatchObject({ preset: "KONAMI_STANDARD_1V1", swissRounds: 2, topCut: 0, startsOn: "2026-12-01" });
  });

  it("refuses an unopposed loss after a played round, naming the player and round", () => {
    const matches: KtsTournament["matches"] = [
      { player1: "1", player2: "2", round: 1, status: "Winner", table: 1, winner: "1", playoff: false },
      { player1: "3", player2: null, round: 1, status: "Winner", table: 0, winner: "3", playoff: false },
      { player1: "1", player2: "3", round: 2, status: "Winner", table: 1, winner: "1", playoff: false },
      { player1: "2", player2: null, round: 2, status: "Winner", table: 0, winner: null, playoff: false },
    ];
    expect(() => ktsEventPlan(base({ matches }))).toThrow(
      "Player 2: an unopposed loss in round 2 after a played round; Tandem records unopposed losses only for a late entry's " +
        "missed first rounds.",
    );
  });

  it("refuses a draw in a top-cut round, mixed positions and a bidirectional override in a name", () => {
    const cutDraw = base({
      playoffRound: 1,
      matches: [{ player1: "1", player2: "2", round: 1, status: "Draw", table: 1, winner: null, playoff: true }],
    });
    expect(() => ktsEventPlan(cutDraw)).toThrow("Round 1, table 1: a top-cut match needs a winner (RULES §1.8)");
    expect(() => ktsEventPlan(base({ players: [player("1"), player("2", { teamPosition: 1 })] }))).toThrow(
      "Player 1 has TeamPosition 0 but others have 1 or 2: a file is either all 1v1 or all Tag.",
    );
    expect(() => ktsEventPlan(base({ players: [player("1", { lastName: "\u202Eevil" })] }))).toThrow(
      "Player 1: the name must not contain NUL, unpaired surrogate or bidirectional override characters",
    );
  });

  it("refuses a <Name> the create-event form refuses (121 characters, 1 character, a bidi override), naming Tournament/Name", () => {
    expect(() => ktsEventPlan(base({ name: "x".repeat(121) }))).toThrow(
      "Tournament/Name: the event name is too long (at most 120 characters)",
    );
    expect(() => ktsEventPlan(base({ name: "E" }))).toThrow("Tournament/Name: the event name needs at least 2 characters");
    expect(() => ktsEventPlan(base({ name: "\u202Eevil\u202C" }))).toThrow(
      "Tournament/Name: the event name must not contain NUL, unpaired surrogate or bidirectional override characters",
    );
  });

  it("takes a 120-character <Name> as the form stores it (spaces collapsed); an empty one is 'KTS event'", () => {
    expect(ktsEventPlan(base({ name: `  ${"x".repeat(60)}   ${"y".repeat(59)} ` })).name).toBe(`${"x".repeat(60)} ${"y".repeat(59)}`);
    expect(ktsEventPlan(base({ name: "" })).name).toBe("KTS event");
  });

  it("refuses an 81-character player name (the registration form's limit) instead of cutting it", () => {
    expect(() => ktsEventPlan(base({ players: [player("1", { firstName: "A".repeat(40), lastName: "B".repeat(40) })] }))).toThrow(
      "Player 1: the name is too long (at most 80 characters)",
    );
    expect(
      ktsEventPlan(base({ players: [player("1", { firstName: "A".repeat(39), lastName: "B".repeat(40) })] })).teams[0].name,
    ).toHaveLength(80);
  });
});
