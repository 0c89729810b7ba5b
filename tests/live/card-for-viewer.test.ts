/**
 * Issue #15: one team card body serves both duelists' phones; each renders its own view of it
 * (lib/live/card cardForViewer): whose report is "mine" and the replaced-report note from that
 * account's side (issue #14: own / teammate / byTeammate, none for an account that neither sent
 * nor replaced the report).
 */
import { describe, expect, it } from "vitest";
import { cardForViewer, type TeamCardData } from "@/lib/live/card";

const report = (result: "team1" | "team2", firstSlot: 1 | 2) => ({ result, firstSlot }) as never;

function card(replaced: { by: string; replacedBy: string } | null): TeamCardData {
  return {
    version: 4,
    team: { id: "t1", name: "Reds", status: "ACTIVE" },
    duelists: [],
    round: { number: 1, status: "PUBLISHED", kind: "SWISS", minutes: 30, log: [] },
    match: {
      id: "m1",
      table: 3,
      version: 0,
      outcome: null,
      winnerSlot: null,
      names: ["Reds", "Blues"],
      mySlot: 1,
      opponents: null,
      theirs: null,
      offer: null,
      conflict: false,
      seen: { matchVersion: 0, theirs: null, round: 1, table: 3 },
      mine: { id: "r2", version: 2, report: report("team2", 1), at: 2, by: "Bea", byUserId: replaced?.replacedBy ?? "u-bea" },
      replaced: replaced
        ? {
            report: report("team1", 1),
            byUserId: replaced.by,
            by: replaced.by === "u-al" ? "Al" : "Bea",
            replacedByUserId: replaced.replacedBy,
            replacedBy: replaced.replacedBy === "u-al" ? "Al" : "Bea",
          }
        : null,
    },
  };
}

describe("a team card seen by one duelist", () => {
  it("Bea replaced Al's report: Bea reads 'teammate Al', Al reads 'byTeammate Bea', the judge's account reads no note", () => {
    const c = card({ by: "u-al", replacedBy: "u-bea" });
    expect(cardForViewer(c, "u-bea").match).toMatchObject({
      mine: { byMe: true, by: "Bea" },
      replaced: { note: "teammate", name: "Al", report: { result: "team1" } },
    });
    expect(cardForViewer(c, "u-al").match).toMatchObject({ mine: { byMe: false }, replaced: { note: "byTeammate", name: "Bea" } });
    expect(cardForViewer(c, "u-other").match!.replaced).toBeNull();
  });

  it("a duelist changing their own report reads 'own' with no name; the view keeps everything else of the card", () => {
    const c = card({ by: "u-bea", replacedBy: "u-bea" });
    const v = cardForViewer(c, "u-bea");
    expect(v.match!.replaced).toEqual({ note: "own", name: "", report: { result: "team1", firstSlot: 1 } });
    expect(v.match!.mine).not.toHaveProperty("byUserId");
    expect({ ...v, match: { ...v.match, mine: null, replaced: null } }).toEqual({
      ...c,
      match: { ...c.match, mine: null, replaced: null },
    });
    expect(cardForViewer({ ...c, match: null }, "u-bea").match).toBeNull();
  });
});
