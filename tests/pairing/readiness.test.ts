/** Issue #13 item 9: the pre-pairing warning counts (lib/pairing/readiness) and when it blocks. */
import { describe, expect, it } from "vitest";
import { pairingReadiness, type ReadinessTeam } from "@/lib/pairing/readiness";

/** 12 teams: 6 illegal lists over 4 teams, 14 missing over 9 teams, teams 10–12 not checked in. */
function teams(): ReadinessTeam[] {
  const out: ReadinessTeam[] = [];
  const lists: ("legal" | "illegal" | "missing")[][] = [
    ["illegal", "illegal"],
    ["illegal", "illegal"],
    ["illegal", "missing"],
    ["illegal", "missing"],
    ["missing", "missing"],
    ["missing", "missing"],
    ["missing", "missing"],
    ["missing", "missing"],
    ["missing", "missing"],
    ["missing", "legal"],
    ["missing", "legal"],
    ["legal", "legal"],
  ];
  lists.forEach((d, i) => out.push({ id: `t${i + 1}`, checkedIn: i < 9, decklists: d }));
  return out;
}

describe("pairing readiness", () => {
  it("counts 6 illegal and 14 missing decklists and 3 teams not checked in, with the teams of each", () => {
    const r = pairingReadiness(teams(), { checkInOpen: true, blockOnDecklists: false });
    expect([r.illegalDecklists, r.missingDecklists, r.notCheckedIn, r.any, r.blocks]).toEqual([6, 14, 3, true, false]);
    expect(r.teams.illegal).toEqual(["t1", "t2", "t3", "t4"]);
    expect(r.teams.notCheckedIn).toEqual(["t10", "t11", "t12"]);
  });

  it("teams are not 'not checked in' while check-in is closed (everyone counts as present)", () => {
    expect(pairingReadiness(teams(), { checkInOpen: false, blockOnDecklists: false }).notCheckedIn).toBe(0);
  });

  it("blocks only when the event blocks pairing on decklist problems and there is one", () => {
    expect(pairingReadiness(teams(), { checkInOpen: false, blockOnDecklists: true }).blocks).toBe(true);
    const clean = teams().map((t) => ({ ...t, decklists: ["legal", "legal"] as const }));
    const r = pairingReadiness(clean, { checkInOpen: true, blockOnDecklists: true });
    expect([r.blocks, r.any, r.notCheckedIn]).toEqual([false, true, 3]);
    expect(
      pairingReadiness(
        clean.map((t) => ({ ...t, checkedIn: true })),
        { checkInOpen: true, blockOnDecklists: true },
      ).any,
    ).toBe(false);
  });
});
