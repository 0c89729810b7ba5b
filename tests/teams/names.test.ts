/** T11: team-name normalization and the uniqueness key (lib/teams). */
import { describe, expect, it } from "vitest";
import { normalizeTeamName, sameTeamName, teamNameKey } from "@/lib/teams";

describe("T11 team names", () => {
  it("T11 normalizeTeamName: NFC, trimmed, spaces collapsed, case kept", () => {
    expect(normalizeTeamName("  Drago\u0303es \t Brancos \u00a0")).toBe("Dragões Brancos");
    expect(normalizeTeamName("Dragões Brancos")).toBe("Dragões Brancos");
  });
  it("T11 teamNameKey: letter case and Unicode form do not make a different name", () => {
    const k = teamNameKey("Dragões Brancos");
    for (const v of ["dragões brancos", "DRAGÕES BRANCOS", "Drago\u0303es  Brancos", " dragões\u00a0brancos "]) expect(teamNameKey(v)).toBe(k);
    expect(teamNameKey("Dragoes Brancos")).not.toBe(k); // a different letter is a different name
  });
  it("T11 sameTeamName finds the existing team a name clashes with", () => {
    const teams = [{ name: "Magos Negros" }, { name: "Dragões Brancos" }];
    expect(sameTeamName("dragões BRANCOS", teams)).toEqual({ name: "Dragões Brancos" });
    expect(sameTeamName("Dragões Negros", teams)).toBeUndefined();
  });
});
