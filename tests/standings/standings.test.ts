import { describe, it, expect } from "vitest";
import {
  computeStandings,
  configFromPreset,
  mtr1v1Bo3Config,
  cutByPoints,
  ktsNumber,
  ktsPart,
  ktsPercent,
  tiebreakerTexts,
  type RoundRecord,
  type MatchRecord,
} from "@/lib/standings";
import { getPreset, resolveSettings } from "@/lib/formats/presets";
import { eventFiles, loadMeleeEvent } from "./helpers";

const konamiTag = getPreset("KONAMI_TAG_2019");
const KONAMI = configFromPreset(konamiTag, resolveSettings(konamiTag, null));
const twoHg = getPreset("MTG_2HG");
const MTG = configFromPreset(twoHg, resolveSettings(twoHg, null));

const W = (a: string, b: string): MatchRecord => ({ team1: a, team2: b, result: "team1" });
const D = (a: string, b: string): MatchRecord => ({ team1: a, team2: b, result: "draw" });
const BYE = (a: string): MatchRecord => ({ team1: a, team2: null, result: "bye" });
const rounds = (...rs: MatchRecord[][]): RoundRecord[] => rs.map((matches, i) => ({ number: i + 1, matches }));
const by = (st: ReturnType<typeof computeStandings>) => Object.fromEntries(st.map((s) => [s.teamId, s]));

// C60 event: R1 A>B, C>D, E bye; R2 A>E, C>B, D bye; R3 C>A, E>D, B bye.
const C60 = rounds([W("A", "B"), W("C", "D"), BYE("E")], [W("A", "E"), W("C", "B"), BYE("D")], [W("C", "A"), W("E", "D"), BYE("B")]);
const TEAMS5 = ["A", "B", "C", "D", "E"].map((id) => ({ id }));

describe("points and tiebreakers (CASES F)", () => {
  it("C58: Konami points, 2 wins and 1 draw = 7", () => {
    const st = by(computeStandings({ teams: [{ id: "X" }], rounds: rounds([W("X", "a")], [W("X", "b")], [D("X", "c")]), config: KONAMI }));
    expect(st.X.points).toBe(7);
    expect([st.X.wins, st.X.losses, st.X.draws]).toEqual([2, 0, 1]);
  });

  it("C59: KTS tiebreak number 33 pts, 72.6 %, 67.7 % → 33726677, a plain integer as KTS stores it", () => {
    expect(ktsNumber(33, 0.726, 0.677)).toBe("33726677");
    expect(ktsNumber(6, 0.66666, 0.59259)).toBe("6666592");
    // RULES §6.1: the stored form has no leading zero (0 points, 36.0 %, 40.3 % → 360403)
    expect(ktsNumber(0, 0.36, 0.403)).toBe("360403");
    expect(ktsNumber(9, 0.968, 0.552)).toBe("9968552");
  });

  it("C59: YYY/ZZZ are truncated and capped at 999 so they never carry into the points", () => {
    expect(ktsPart(1)).toBe("999");
    expect(ktsPart(0.9999)).toBe("999");
    expect(ktsPart(0.6006)).toBe("600");
    expect(ktsPart(0)).toBe("000");
    expect(ktsPart(Number.NaN)).toBe("000");
    expect(ktsNumber(3, 1, 0.3333)).toBe("3999333");
    expect(ktsNumber(0, 0, 0)).toBe("0");
    expect(ktsNumber(0, 0.05, 0.004)).toBe("50004");
  });

  it("RULES §6.1: the % columns are truncated to one decimal like the KTS digits (60.06 % → 60.0, 77.78 % → 77.7)", () => {
    expect(ktsPercent(0.6006)).toBe("60.0");
    expect(ktsPercent(0.77777)).toBe("77.7");
    expect(ktsPercent(5 / 9)).toBe("55.5");
    expect(ktsPercent(1)).toBe("100.0");
    expect(ktsPercent(0)).toBe("0.0");
    // MTR keeps rounding
    expect(tiebreakerTexts({ omwp: 5 / 9, oomwp: 0, gwp: 0, ogwp: 0, kts: "" }, false).omw).toBe("55.6");
    // a KTS number stored with a leading zero (older snapshot) is printed as the plain integer
    expect(tiebreakerTexts({ omwp: 0, oomwp: 0, gwp: 0, ogwp: 0, kts: "03833555" }, true).kts).toBe("3833555");
  });

  it("C60: five-team Swiss with rotating byes, MTG (MTR) formula", () => {
    const st = computeStandings({ teams: TEAMS5, rounds: C60, config: MTG });
    const s = by(st);
    expect(Object.fromEntries(st.map((x) => [x.teamId, x.points]))).toEqual({ A: 6, B: 3, C: 9, D: 3, E: 6 });
    const mw = { A: 0.6667, B: 0.3333, C: 1.0, D: 0.3333, E: 0.6667 };
    const omw = { A: 0.6667, B: 0.8333, C: 0.4444, D: 0.8333, E: 0.5 };
    for (const [id, v] of Object.entries(mw)) expect(s[id].mwp).toBeCloseTo(v, 4);
    for (const [id, v] of Object.entries(omw)) expect(s[id].omwp).toBeCloseTo(v, 4);
    expect(st.map((x) => x.teamId)).toEqual(["C", "A", "E", "B", "D"]);
    // B and D tied on points, OMW% and GW% (= MW% here) → shared rank, flagged
    expect(s.D.tiedWithPrevious).toBe(true);
    expect(s.B.rank).toBe(4);
    expect(s.D.rank).toBe(4);
    expect(s.E.rank).toBe(3);
  });

  it("C60: five-team Swiss, Konami (RULES §6.1 round-weighted sums, byes not opponents, KTS truncated)", () => {
    const st = computeStandings({ teams: TEAMS5, rounds: C60, config: KONAMI });
    const s = by(st);
    // CASES C60 (updated): OppOppMW% A 36/63, B 30/54, C 48/63, D 21/45, E 33/45
    const oo = { A: 36 / 63, B: 30 / 54, C: 48 / 63, D: 21 / 45, E: 33 / 45 };
    for (const [id, v] of Object.entries(oo)) expect(s[id].oomwp).toBeCloseTo(v, 10);
    const omw = { A: 18 / 27, B: 15 / 18, C: 12 / 27, D: 15 / 18, E: 9 / 18 };
    for (const [id, v] of Object.entries(omw)) expect(s[id].omwp).toBeCloseTo(v, 10);
    expect(st.map((x) => x.teamId)).toEqual(["C", "A", "E", "B", "D"]);
    expect(st.map((x) => x.kts)).toEqual(["9444761", "6666571", "6500733", "3833555", "3833466"]);
    expect(s.D.tiedWithPrevious).toBe(false);
    expect(st.map((x) => x.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it("RULES §6.1: a dropped team, a bye, an unopposed loss — round-weighted OppMW%/OppOppMW%; truncated columns agree with KTS", () => {
    // R1 P>Q, R>S, T bye, L unopposed loss (late entry); R2 P>R, Q>L, S>T; S drops after R2;
    // R3 R>P, T>Q, L bye. Records (points/rounds): P 6/3, Q 3/3, R 6/3, S 3/2, T 6/3, L 3/3.
    const LOSS = (a: string): MatchRecord => ({ team1: a, team2: null, result: "loss" });
    const rr = rounds(
      [W("P", "Q"), W("R", "S"), BYE("T"), LOSS("L")],
      [W("P", "R"), W("Q", "L"), W("S", "T")],
      [W("R", "P"), W("T", "Q"), BYE("L")],
    );
    const teams = [{ id: "P" }, { id: "Q" }, { id: "R" }, { id: "S", dropped: true, droppedAfterRound: 2 }, { id: "T" }, { id: "L" }];
    for (const preset of ["KONAMI_TAG_2019", "KONAMI_TAG_2013", "UDE_2V2", "INDEPENDENT_LP_2V2", "KONAMI_STANDARD_1V1"] as const) {
      const p = getPreset(preset);
      const st = computeStandings({ teams, rounds: rr, config: configFromPreset(p, resolveSettings(p, null)) });
      const s = by(st);
      // OppMW%: P Q+R+R 15/27; R S+P+P 15/24 (S played 2 rounds); S 12/18; T S+Q 6/15 (the bye is
      // not an opponent); L Q 3/9 (the unopposed loss is a played round but no opponent).
      expect(s.P.omwp).toBeCloseTo(15 / 27, 10);
      expect(s.R.omwp).toBeCloseTo(15 / 24, 10);
      expect(s.S.omwp).toBeCloseTo(12 / 18, 10);
      expect(s.T.omwp).toBeCloseTo(6 / 15, 10);
      expect(s.L.omwp).toBeCloseTo(3 / 9, 10);
      // OppOppMW%: P 45/75, Q 24/51, R 42/72, S 21/39, T 27/45, L 15/27
      expect([s.P, s.Q, s.R, s.S, s.T, s.L].map((x) => x.oomwp)).toEqual(
        [45 / 75, 24 / 51, 42 / 72, 21 / 39, 27 / 45, 15 / 27].map((v) => expect.closeTo(v, 10)),
      );
      expect([s.L.points, s.L.matchesPlayed, s.S.matchesPlayed]).toEqual([3, 3, 2]);
      expect(
        st.map((x) => x.teamId),
        preset,
      ).toEqual(["R", "P", "T", "S", "Q", "L"]);
      expect(st.map((x) => x.kts)).toEqual(["6625583", "6555600", "6400600", "3666538", "3555470", "3333555"]);
      const cells = st.map((x) => tiebreakerTexts(x, true));
      expect(cells.map((c) => [c.omw, c.oomw])).toEqual([
        ["62.5", "58.3"],
        ["55.5", "60.0"],
        ["40.0", "60.0"],
        ["66.6", "53.8"],
        ["55.5", "47.0"],
        ["33.3", "55.5"],
      ]);
      // the printed number and the % columns carry the same digits
      for (let i = 0; i < st.length; i++)
        expect(cells[i].kts).toBe(
          String(st[i].points * 1e6 + Number(cells[i].omw.replace(".", "")) * 1000 + Number(cells[i].oomw.replace(".", ""))),
        );
    }
  });

  it("C62: the 0.33 floor changes OMW% (W in a 4-team round robin)", () => {
    const rr = rounds([W("W", "X"), W("Y", "Z")], [W("W", "Y"), W("X", "Z")], [W("W", "Z"), W("X", "Y")]);
    const teams = ["W", "X", "Y", "Z"].map((id) => ({ id }));
    const mtg = by(computeStandings({ teams, rounds: rr, config: MTG }));
    const kon = by(computeStandings({ teams, rounds: rr, config: KONAMI }));
    expect(mtg.W.omwp).toBeCloseTo(0.4433, 4);
    expect(kon.W.omwp).toBeCloseTo(0.3333, 4);
    expect(kon.W.kts.slice(1, 4)).toBe("333");
    expect(mtg.Z.mwp).toBe(0); // own MW% is shown unfloored; the floor applies where it is an opponent's
  });

  it("C63: own MW% with a bye, 3-2-0 incl. a round-1 bye, dropped after round 5", () => {
    const rr = rounds([BYE("T")], [W("T", "a")], [W("b", "T")], [W("T", "c")], [W("d", "T")]);
    const teams = [{ id: "T", dropped: true, droppedAfterRound: 5 }];
    expect(by(computeStandings({ teams, rounds: rr, config: MTG })).T.mwp).toBeCloseTo(0.6, 10);
    const noBye = configFromPreset(twoHg, resolveSettings(twoHg, { byeInOwnMw: false }));
    expect(by(computeStandings({ teams, rounds: rr, config: noBye })).T.mwp).toBeCloseTo(0.5, 10);
  });
});

describe("scoring arithmetic and snapshots", () => {
  const r3 = rounds(
    [W("WDW", "x1"), BYE("WBW"), D("DDD", "y1")],
    [D("WDW", "x2"), W("WBW", "x3"), D("DDD", "y2")],
    [W("WDW", "x4"), W("WBW", "x5"), D("DDD", "y3")],
  );
  it("PS03: W-D-W = 7, W-bye-W = 9, D-D-D = 3; a ≥7 points cut includes W-D-W", () => {
    const st = computeStandings({ teams: [], rounds: r3, config: KONAMI });
    const s = by(st);
    expect([s.WDW.points, s.WBW.points, s.DDD.points]).toEqual([7, 9, 3]);
    expect(s.WBW.byes).toBe(1);
    expect(cutByPoints(st, 7).map((x) => x.teamId)).toEqual(["WBW", "WDW"]);
    expect(cutByPoints(st, 8).map((x) => x.teamId)).toEqual(["WBW"]);
  });

  it("PS03: double loss gives both teams 0 points and a loss; game-loss penalties count in GW%", () => {
    const rr = rounds(
      [{ team1: "A", team2: "B", result: "doubleLoss" }],
      [{ team1: "A", team2: "C", result: "team1", games: { team1: 2, team2: 0, draws: 0 }, gameLossPenalties: { team1: 1, team2: 0 } }],
    );
    const s = by(computeStandings({ teams: [], rounds: rr, config: MTG }));
    expect([s.A.points, s.B.points, s.A.doubleLosses, s.B.losses]).toEqual([3, 0, 1, 1]);
    expect([s.A.gamesWon, s.A.gamesLost, s.C.gamesWon, s.C.gamesLost]).toEqual([2, 1, 1, 2]);
    expect(s.A.gwp).toBeCloseTo(2 / 3, 10);
  });

  it("PS05: dropping a team during the top cut leaves the final Swiss standings unchanged", () => {
    const before = computeStandings({ teams: TEAMS5, rounds: C60, config: KONAMI });
    const teams = TEAMS5.map((t) => (t.id === "A" ? { ...t, dropped: true, droppedAfterRound: 3 } : t));
    const after = computeStandings({ teams, rounds: C60, config: KONAMI });
    const strip = (xs: typeof before) => xs.map(({ dropped: _d, ...rest }) => rest);
    expect(strip(after)).toEqual(strip(before));
    expect(after.find((x) => x.teamId === "A")!.dropped).toBe(true);
  });

  it("PS06: provisional standings while a round is open never show impossible values", () => {
    const ev = loadMeleeEvent(eventFiles()[5]);
    const open = ev.rounds
      .slice(0, 4)
      .map((r, i) => (i < 3 ? r : { ...r, matches: r.matches.map((m, j) => (j % 2 ? { ...m, result: "pending" as const } : m)) }));
    for (const rs of [ev.rounds.slice(0, 3), open]) {
      const st = computeStandings({ teams: ev.players.map((id) => ({ id })), rounds: rs, config: mtr1v1Bo3Config() });
      for (const s of st) {
        expect(s.points).toBeLessThanOrEqual(3 * s.matchesPlayed);
        expect(s.points).toBeLessThanOrEqual(3 * rs.length);
        for (const v of [s.mwp, s.omwp, s.oomwp, s.gwp, s.ogwp]) {
          expect(Number.isFinite(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }
    }
    // a pending match is not counted: after 3 full rounds + half of R4, some team has 3 rounds only
    const st = computeStandings({ teams: [], rounds: open, config: mtr1v1Bo3Config() });
    expect(st.some((s) => s.matchesPlayed === 3)).toBe(true);
    expect(st.some((s) => s.matchesPlayed === 4)).toBe(true);
  });
});

describe("PS10: real events reproduce published standings", () => {
  // SOURCES.md (events): own GWP is published floored in the 2024-01-16 file, raw elsewhere.
  const FLOORS_OWN_GWP = new Set(["mtg_melee_charlotte-legacy-league-season-1-week-2-41766-2024-01-16.json"]);
  const mismatches = (file: string, floorOwnGw: boolean, floor: number) => {
    const ev = loadMeleeEvent(file);
    const st = new Map(
      computeStandings({ teams: ev.players.map((id) => ({ id })), rounds: ev.rounds, config: mtr1v1Bo3Config({ floor, floorOwnGw }) }).map(
        (s) => [s.teamId, s],
      ),
    );
    const bad: string[] = [];
    for (const p of ev.standings) {
      const s = st.get(p.Player)!;
      const pairs: [string, number, number][] = [
        ["Points", s.points, p.Points],
        ["OMWP", s.omwp, p.OMWP],
        ["GWP", s.gwp, p.GWP],
        ["OGWP", s.ogwp, p.OGWP],
      ];
      for (const [k, ours, pub] of pairs) if (Math.abs(ours - pub) > 1e-3) bad.push(`${p.Player} ${k} ${ours} vs ${pub}`);
    }
    return { bad, count: ev.standings.length };
  };
  it("PS10: there are six event files", () => expect(eventFiles().length).toBe(6));
  for (const file of eventFiles()) {
    it(`PS10: ${file} — every Points/OMWP/GWP/OGWP to 1e-3`, () => {
      const { bad, count } = mismatches(file, FLOORS_OWN_GWP.has(file), 1 / 3);
      expect(count).toBeGreaterThan(10);
      expect(bad).toEqual([]);
    });
  }
  it("PS10: melee.gg floors at exactly 1/3, not 0.33 (Cologne Player 032 OMWP 0.5416667)", () => {
    const { bad } = mismatches("mtg_melee_legacy-league-cologne-389235-2026-01-05.json", false, 0.33);
    expect(bad).toContain("Player 032 OMWP 0.54 vs 0.5416667");
  });
  it("PS10: the own-GWP floor flag matters (2024-01-16 needs it on, Baltimore needs it off)", () => {
    expect(mismatches(eventFiles()[0], false, 1 / 3).bad.length).toBeGreaterThan(0);
    expect(
      mismatches("mtg_melee_uncut-sheet-standard-scg-con-baltimore-friday-1100-am-356125-2025-10-24.json", true, 1 / 3).bad.length,
    ).toBeGreaterThan(0);
  });
});
