import { describe, expect, it } from "vitest";
import { computeStandings, configFromPreset, withLateEntries, type RoundRecord } from "@/lib/standings";
import { getPreset, resolveSettings } from "@/lib/formats/presets";
import { pairRound } from "@/lib/pairing";

const tag = getPreset("KONAMI_TAG_2019");
const CONFIG = configFromPreset(tag, resolveSettings(tag, null));
const by = (st: ReturnType<typeof computeStandings>) => Object.fromEntries(st.map((s) => [s.teamId, s]));
const R: RoundRecord[] = [
  {
    number: 1,
    matches: [
      { team1: "A", team2: "B", result: "team1" },
      { team1: "C", team2: "D", result: "team2" },
    ],
  },
  {
    number: 2,
    matches: [
      { team1: "A", team2: "D", result: "team1" },
      { team1: "B", team2: "C", result: "draw" },
    ],
  },
];

describe("PS09 late entries as plain records (withLateEntries)", () => {
  it("losses policy: each missed round is an unopposed loss — 0 points, counted as played, no opponent", () => {
    const h = withLateEntries(R, [{ teamId: "L", entryRound: 3, policy: "losses" }]);
    const s = by(computeStandings({ teams: [{ id: "L" }], rounds: h, config: CONFIG })).L;
    expect([s.points, s.matchesPlayed, s.wins, s.losses, s.byes]).toEqual([0, 2, 0, 2, 0]);
    expect(s.opponents).toEqual([]);
    expect(s.mwp).toBe(0);
    expect(s.gamesLost).toBe(2);
  });

  it("byes policy: each missed round is a bye worth a win (3 points each)", () => {
    const h = withLateEntries(R, [{ teamId: "L", entryRound: 3, policy: "byes" }]);
    const s = by(computeStandings({ teams: [{ id: "L" }], rounds: h, config: CONFIG })).L;
    expect([s.points, s.wins, s.byes, s.losses]).toEqual([6, 2, 2, 0]);
  });

  it("only rounds before entryRound, never a round the team played in, input unchanged", () => {
    const h = withLateEntries(R, [
      { teamId: "L", entryRound: 2, policy: "losses" },
      { teamId: "A", entryRound: 3, policy: "byes" },
    ]);
    expect(h[0].matches).toHaveLength(3);
    expect(h[0].matches[2]).toEqual({ team1: "L", team2: null, result: "loss" });
    expect(h[1].matches).toHaveLength(2);
    expect(R[0].matches).toHaveLength(2);
  });

  it("existing totals are unchanged for other teams (one sum, PS03)", () => {
    const plain = by(computeStandings({ teams: [], rounds: R, config: CONFIG }));
    const late = by(
      computeStandings({ teams: [], rounds: withLateEntries(R, [{ teamId: "L", entryRound: 3, policy: "losses" }]), config: CONFIG }),
    );
    for (const id of ["A", "B", "C", "D"]) expect(late[id]).toEqual(plain[id]);
  });

  it("a 'byes' late entry counts as having had a bye for the pairing engine (no free extra bye)", () => {
    const h = withLateEntries(R, [{ teamId: "L", entryRound: 3, policy: "byes" }]);
    const res = pairRound({ teams: ["A", "B", "C", "D", "L"].map((id) => ({ id })), history: h, config: CONFIG, seed: "x" });
    expect(res.byeTeam).not.toBe("L");
    const h2 = withLateEntries(R, [{ teamId: "L", entryRound: 3, policy: "losses" }]);
    expect(pairRound({ teams: ["A", "B", "C", "D", "L"].map((id) => ({ id })), history: h2, config: CONFIG, seed: "x" }).byeTeam).toBe("L");
  });

  it("an unopposed loss with an opponent is refused", () => {
    expect(() =>
      computeStandings({ teams: [], rounds: [{ number: 1, matches: [{ team1: "A", team2: "B", result: "loss" }] }], config: CONFIG }),
    ).toThrow(/unopposed/);
  });
});
