/**
 * Issue #11 acceptance: the core exports keep their names and result fields (moves re-export from
 * the old module). Each name is read from the module the acceptance lists; the standings rows of a
 * real two-round Konami Tag event keep teamId, rank, points, kts, omwp, oomwp, mwp.
 */
import { describe, expect, it } from "vitest";
import * as standings from "@/lib/standings";
import * as presets from "@/lib/formats/presets";
import * as eomp from "@/lib/formats/eomp";
import * as turns from "@/lib/formats/turns";
import * as penalties from "@/lib/formats/penalties";
import * as pairing from "@/lib/pairing";
import * as decks from "@/lib/decks";

describe("core exports keep their names (issue #11 acceptance)", () => {
  it.each([
    ["lib/standings", standings, ["computeStandings", "configFromPreset"]],
    ["lib/formats/presets", presets, ["getPreset", "resolveSettings"]],
    ["lib/formats/eomp", eomp, ["start", "step"]],
    ["lib/formats/turns", turns, ["teamOfTurn", "turnInfo", "turnSequence"]],
    ["lib/formats/penalties", penalties, ["penaltyConsequence"]],
    ["lib/pairing", pairing, ["pairRound", "eventStructure", "effectiveEntrants"]],
    ["lib/decks", decks, ["readCdb", "checkTeam", "parseDecklist", "parseYdk", "decodeYdke", "parseYgoText", "parseMtgText"]],
  ] as const)("%s exports its functions", (_, mod, names) => {
    for (const n of names) expect(typeof (mod as Record<string, unknown>)[n], n).toBe("function");
  });

  it("PRESETS is the preset table getPreset reads", () => {
    expect(presets.PRESETS.KONAMI_TAG_2019.id).toBe("KONAMI_TAG_2019");
    expect(presets.getPreset("KONAMI_TAG_2019")).toBe(presets.PRESETS.KONAMI_TAG_2019);
  });

  it("standings rows keep teamId, rank, points, kts, omwp, oomwp, mwp (A beats B and C; RULES §6.1 points 3/0)", () => {
    const preset = presets.getPreset("KONAMI_TAG_2019");
    const config = standings.configFromPreset(preset, presets.resolveSettings(preset, {}));
    const win = (team1: string, team2: string) => ({ team1, team2, result: "team1" as const });
    const rows = standings.computeStandings({
      teams: [{ id: "A" }, { id: "B" }, { id: "C" }, { id: "D" }],
      rounds: [
        { number: 1, matches: [win("A", "B"), win("C", "D")] },
        { number: 2, matches: [win("A", "C"), win("B", "D")] },
      ],
      config,
    });
    const a = rows.find((r) => r.teamId === "A")!;
    expect({ rank: a.rank, points: a.points, mwp: a.mwp }).toEqual({ rank: 1, points: 6, mwp: 1 });
    // Opponents B and C have 3 points each of 6 possible: OppMW% 50%.
    expect(a.omwp).toBeCloseTo(0.5, 10);
    // Their opponents (A, D and D, A) have 12 points of 24 possible: OppOppMW% 50%.
    expect(a.oomwp).toBeCloseTo(0.5, 10);
    // KTS XX YYY ZZZ as a plain integer (C59): 6 points, 500, 500.
    expect(a.kts).toBe("6500500");
  });
});
