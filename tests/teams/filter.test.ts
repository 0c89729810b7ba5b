/** Issue #13 item 6: Teams page search and claim/decklist filters. */
import { describe, expect, it } from "vitest";
import { filterTeams } from "@/lib/teams/filter";

const d = (name: string, claimed: boolean, decklist: "none" | "legal" | "illegal", playerId: string | null = null) => ({
  name,
  playerId,
  claimed,
  decklist,
});
const TEAMS = [
  { name: "Dragões Brancos", status: "ACTIVE" as const, duelists: [d("Ana Souza", true, "legal", "0001"), d("Bruno Lima", true, "legal")] },
  { name: "Águias", status: "ACTIVE" as const, duelists: [d("Carla Rossi", false, "none"), d("Davide Bianchi", true, "legal")] },
  { name: "Lupi", status: "DROPPED" as const, duelists: [d("Elena Costa", true, "illegal"), d("Fabio Santos", true, "legal")] },
];
const names = (q: string, show: Parameters<typeof filterTeams>[1]["show"] = "all") => filterTeams(TEAMS, { q, show }).map((t) => t.name);

describe("teams filter", () => {
  it("searches team names, duelist names and Player IDs, ignoring case and accents", () => {
    expect(names("dragoes")).toEqual(["Dragões Brancos"]);
    expect(names("AGUIAS")).toEqual(["Águias"]);
    expect(names("rossi")).toEqual(["Águias"]);
    expect(names("0001")).toEqual(["Dragões Brancos"]);
    expect(names("")).toEqual(["Dragões Brancos", "Águias", "Lupi"]);
  });
  it("filters by claim, decklist and drop status", () => {
    expect(names("", "unclaimed")).toEqual(["Águias"]);
    expect(names("", "noDecklist")).toEqual(["Águias"]);
    expect(names("", "illegal")).toEqual(["Lupi"]);
    expect(names("", "dropped")).toEqual(["Lupi"]);
    expect(names("lupi", "unclaimed")).toEqual([]);
  });
});
