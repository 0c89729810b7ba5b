import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { computeStandings, configFromPreset, mtr1v1Bo3Config, type MatchRecord } from "@/lib/standings";
import { finalPlacings, type CutMatchResult } from "@/lib/standings/placings";
import { nextBracketRound, topCutFirstRound, type BracketMatch } from "@/lib/pairing";
import { getPreset, resolveSettings } from "@/lib/formats/presets";
import { loadMeleeEvent } from "./helpers";

const tag = getPreset("KONAMI_TAG_2019");
const KONAMI = configFromPreset(tag, resolveSettings(tag, null));
const W = (a: string, b: string): MatchRecord => ({ team1: a, team2: b, result: "team1" });

/** 8 teams, 3 Swiss rounds (Konami KTS tiebreakers): Swiss order A E C G B F D H. */
const SWISS8 = computeStandings({
  teams: "ABCDEFGH".split("").map((id) => ({ id })),
  rounds: [
    { number: 1, matches: [W("A", "B"), W("C", "D"), W("E", "F"), W("G", "H")] },
    { number: 2, matches: [W("A", "C"), W("E", "G"), W("B", "D"), W("F", "H")] },
    { number: 3, matches: [W("A", "E"), W("C", "F"), W("G", "B"), W("D", "H")] },
  ],
  config: KONAMI,
});

/** Plays a bracket from seeded team ids: `pick(match)` names each match's winner. */
function playBracket(seeded: string[], pick: (m: BracketMatch, round: number) => string | null): CutMatchResult[][] {
  const rounds: CutMatchResult[][] = [];
  let round = topCutFirstRound(seeded);
  for (let r = 1; round.length > 0; r++) {
    const played = round.map((m) => ({ team1: m.team1, team2: m.team2, winner: m.team2 === null ? m.team1 : pick(m, r) }));
    rounds.push(played);
    const winners = new Map(round.map((m, i) => [m.slot, played[i].winner!]));
    round = nextBracketRound(round, winners);
  }
  return rounds;
}

const ids = (r: ReturnType<typeof finalPlacings>) => (r.ok ? r.placings.map((p) => p.teamId) : r.code);

describe("final placings: 1 the winner, 2 the finalist, cut losers by round in Swiss order, then Swiss order (issue #14)", () => {
  it("8 teams with a top 4: 1st, 2nd, the two semifinal losers in Swiss order, then 5th–8th in Swiss order", () => {
    expect(SWISS8.map((s) => s.teamId)).toEqual(["A", "E", "C", "G", "B", "F", "D", "H"]);
    // Semifinals 1v4 A–G (G wins), 2v3 E–C (E wins); final G beats E.
    const cut = playBracket(["A", "E", "C", "G"], (m) => (m.team1 === "A" ? "G" : m.team1 === "E" ? "E" : "G"));
    expect(cut.map((r) => r.map((m) => `${m.team1}-${m.team2}>${m.winner}`))).toEqual([["A-G>G", "E-C>E"], ["G-E>G"]]);
    const r = finalPlacings({ standings: SWISS8, cut });
    expect(ids(r)).toEqual(["G", "E", "A", "C", "B", "F", "D", "H"]);
    if (!r.ok) throw new Error(r.code);
    expect(r.complete).toBe(true);
    expect(r.champion).toBe("G");
    expect(r.placings.map((p) => p.place)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(r.placings.map((p) => p.stage)).toEqual(["champion", "finalist", "cut", "cut", "swiss", "swiss", "swiss", "swiss"]);
    expect(r.placings[2].band).toEqual({ from: 3, to: 4 });
    expect(r.placings[2].cutRound).toBe(1);
    expect(r.placings[4].band).toBeNull();
    expect(r.placings.find((p) => p.teamId === "G")!.swissRank).toBe(4);
  });

  it("reopening and correcting the final swaps 1st and 2nd", () => {
    const cut = playBracket(["A", "E", "C", "G"], (m) => (m.team1 === "A" ? "G" : "E"));
    const r = finalPlacings({ standings: SWISS8, cut });
    expect(ids(r)).toEqual(["E", "G", "A", "C", "B", "F", "D", "H"]);
  });

  it("no cut: the placings are the Swiss order", () => {
    const r = finalPlacings({ standings: SWISS8, cut: [] });
    expect(ids(r)).toEqual(["A", "E", "C", "G", "B", "F", "D", "H"]);
    if (!r.ok) throw new Error(r.code);
    expect(r.champion).toBeNull();
    expect(r.complete).toBe(true);
    expect(r.placings.every((p) => p.stage === "swiss" && p.band === null)).toBe(true);
  });

  it("a real 21-player melee.gg event with a top 8: 1, 2, semifinal losers 3–4, quarterfinal losers 5–8, then Swiss order", () => {
    const ev = loadMeleeEvent("mtg_melee_weekly-legacy-308809-2025-05-15.json");
    const st = computeStandings({ teams: ev.players.map((id) => ({ id })), rounds: ev.rounds, config: mtr1v1Bo3Config() });
    const order = st.map((s) => s.teamId);
    expect(order).toHaveLength(21);
    // The lower seed wins every quarterfinal (upsets), the higher seed afterwards.
    const seed = (t: string) => order.indexOf(t);
    const cut = playBracket(order.slice(0, 8), (m, round) => {
      const [hi, lo] = seed(m.team1) < seed(m.team2!) ? [m.team1, m.team2!] : [m.team2!, m.team1];
      return round === 1 ? lo : hi;
    });
    const r = finalPlacings({ standings: st, cut });
    if (!r.ok) throw new Error(r.code);
    const place = (i: number) => r.placings[i].teamId;
    // Quarterfinal winners are seeds 8, 5, 7, 6 (bracket order 1v8, 4v5, 2v7, 3v6); semis 5 > 8, 6 > 7; final 5 > 6.
    expect([place(0), place(1)]).toEqual([order[4], order[5]]);
    expect([place(2), place(3)]).toEqual([order[6], order[7]]);
    expect(r.placings.slice(4, 8).map((p) => p.teamId)).toEqual(order.slice(0, 4));
    expect(r.placings[4].band).toEqual({ from: 5, to: 8 });
    expect(r.placings.slice(8).map((p) => p.teamId)).toEqual(order.slice(8));
    expect(r.placings.slice(8).every((p, i) => p.place === 9 + i && p.swissRank === st[8 + i].rank)).toBe(true);
  });

  it("a top 6 gives the top two seeds byes: two quarterfinal losers share the band 5–6", () => {
    const cut = playBracket(["A", "E", "C", "G", "B", "F"], (m) => m.team1);
    expect(cut[0].filter((m) => m.team2 === null).map((m) => m.team1)).toEqual(["A", "E"]);
    const r = finalPlacings({ standings: SWISS8, cut });
    if (!r.ok) throw new Error(r.code);
    expect(r.placings.map((p) => p.teamId)).toEqual(["A", "E", "C", "G", "B", "F", "D", "H"]);
    expect(r.placings.slice(4, 6).map((p) => p.band)).toEqual([
      { from: 5, to: 6 },
      { from: 5, to: 6 },
    ]);
  });

  it("a cut of 2 is just the final", () => {
    const r = finalPlacings({ standings: SWISS8, cut: [[{ team1: "A", team2: "E", winner: "E" }]] });
    expect(ids(r)).toEqual(["E", "A", "C", "G", "B", "F", "D", "H"]);
  });

  it("a double disqualification in a semifinal: both teams lose their place, the opponent's walkover final makes it champion", () => {
    const cut: CutMatchResult[][] = [
      [
        { team1: "A", team2: "G", winner: null },
        { team1: "E", team2: "C", winner: "C" },
      ],
      [{ team1: "C", team2: null }],
    ];
    const r = finalPlacings({ standings: SWISS8, cut, disqualified: ["A", "G"] });
    if (!r.ok) throw new Error(r.code);
    expect(r.champion).toBe("C");
    expect(r.placings.map((p) => `${p.place ?? "DQ"}:${p.teamId}`)).toEqual(["1:C", "2:E", "3:B", "4:F", "5:D", "6:H", "DQ:A", "DQ:G"]);
    expect(r.placings.find((p) => p.teamId === "E")!.stage).toBe("cut");
  });

  it("a final winner disqualified afterwards is no champion: the finalist places first", () => {
    const cut: CutMatchResult[][] = [
      [
        { team1: "A", team2: "G", winner: "G" },
        { team1: "E", team2: "C", winner: "E" },
      ],
      [{ team1: "G", team2: "E", winner: "G" }],
    ];
    const r = finalPlacings({ standings: SWISS8, cut, disqualified: ["G"] });
    if (!r.ok) throw new Error(r.code);
    expect(r.champion).toBeNull();
    expect(r.placings.map((p) => `${p.place ?? "DQ"}:${p.teamId}`).slice(0, 3)).toEqual(["1:E", "2:A", "3:C"]);
    expect(r.placings.at(-1)).toMatchObject({ teamId: "G", place: null, stage: "disqualified" });
  });

  it("a dropped team keeps its Swiss place; a team disqualified in the Swiss rounds has none and the teams below move up", () => {
    const standings = SWISS8.map((s) => (s.teamId === "B" ? { ...s, dropped: true } : s));
    const r = finalPlacings({ standings, cut: [], disqualified: new Set(["C"]) });
    if (!r.ok) throw new Error(r.code);
    expect(r.placings.map((p) => `${p.place ?? "DQ"}:${p.teamId}`)).toEqual(["1:A", "2:E", "3:G", "4:B", "5:F", "6:D", "7:H", "DQ:C"]);
    expect(r.placings.find((p) => p.teamId === "B")!.dropped).toBe(true);
  });

  it("while the final is unplayed the finalists are listed first as still in the bracket, and there is no champion", () => {
    const cut: CutMatchResult[][] = [
      [
        { team1: "A", team2: "G", winner: "G" },
        { team1: "E", team2: "C", winner: "E" },
      ],
      [{ team1: "G", team2: "E" }],
    ];
    const r = finalPlacings({ standings: SWISS8, cut });
    if (!r.ok) throw new Error(r.code);
    expect(r.complete).toBe(false);
    expect(r.champion).toBeNull();
    expect(r.placings.slice(0, 4).map((p) => `${p.stage}:${p.teamId}`)).toEqual(["alive:E", "alive:G", "cut:A", "cut:C"]);
  });

  it("refuses an unknown team, a winner who did not play, a team twice in a round, a round after an unfinished one", () => {
    const bad = (cut: CutMatchResult[][]) => {
      const r = finalPlacings({ standings: SWISS8, cut });
      return r.ok ? "ok" : `${r.code} ${JSON.stringify(r.params)}`;
    };
    expect(bad([[{ team1: "A", team2: "Z", winner: "A" }]])).toBe('PLACINGS_UNKNOWN_TEAM {"teamId":"Z"}');
    expect(bad([[{ team1: "A", team2: "E", winner: "C" }]])).toBe('PLACINGS_WINNER_NOT_IN_MATCH {"teamId":"C","round":1}');
    expect(
      bad([
        [
          { team1: "A", team2: "E", winner: "A" },
          { team1: "A", team2: "C", winner: "C" },
        ],
      ]),
    ).toBe('PLACINGS_TEAM_TWICE {"teamId":"A","round":1}');
    expect(
      bad([
        [
          { team1: "A", team2: "G" },
          { team1: "E", team2: "C", winner: "E" },
        ],
        [{ team1: "G", team2: "E", winner: "G" }],
      ]),
    ).toBe('PLACINGS_ROUND_AFTER_UNFINISHED {"round":2}');
  });

  it("property: every team is placed exactly once, places run 1…n without gaps, the Swiss tail keeps Swiss order", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), (size, coins) => {
        const seeded = SWISS8.slice(0, size).map((s) => s.teamId);
        let k = 0;
        const cut = playBracket(seeded, (m) => (coins[k++ % coins.length] ? m.team1 : m.team2!));
        const r = finalPlacings({ standings: SWISS8, cut });
        if (!r.ok) return false;
        const teams = r.placings.map((p) => p.teamId);
        const tail = r.placings.filter((p) => p.stage === "swiss").map((p) => p.teamId);
        return (
          new Set(teams).size === 8 &&
          r.placings.every((p, i) => p.place === i + 1) &&
          tail.join() ===
            SWISS8.slice(size)
              .map((s) => s.teamId)
              .join() &&
          r.champion === teams[0]
        );
      }),
    );
  });
});
