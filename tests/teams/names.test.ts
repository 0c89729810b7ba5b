/** Team-name normalization and the uniqueness key (lib/teams). */
import { describe, expect, it } from "vitest";
import { nameProblem, normalizeTeamName, sameTeamName, teamNameKey } from "@/lib/teams";

describe("team names", () => {
  it("normalizeTeamName: NFC, trimmed, spaces collapsed, case kept", () => {
    expect(normalizeTeamName("  Drago\u0303es \t Brancos \u00a0")).toBe("Dragões Brancos");
    expect(normalizeTeamName("Dragões Brancos")).toBe("Dragões Brancos");
  });
  it("teamNameKey: letter case and Unicode form do not make a different name", () => {
    const k = teamNameKey("Dragões Brancos");
    for (const v of ["dragões brancos", "DRAGÕES BRANCOS", "Drago\u0303es  Brancos", " dragões\u00a0brancos "])
      expect(teamNameKey(v)).toBe(k);
    expect(teamNameKey("Dragoes Brancos")).not.toBe(k); // a different letter is a different name
  });
  it("sameTeamName finds the existing team a name clashes with", () => {
    const teams = [{ name: "Magos Negros" }, { name: "Dragões Brancos" }];
    expect(sameTeamName("dragões BRANCOS", teams)).toEqual({ name: "Dragões Brancos" });
    expect(sameTeamName("Dragões Negros", teams)).toBeUndefined();
  });
});

describe("issue #12 names: refused characters, invisible characters", () => {
  it("NUL, a lone surrogate and bidi overrides/isolates are NAME_CHARS; a paired surrogate (emoji) is fine", () => {
    for (const bad of ["Team\u0000X", "Team \uD83D", "\uDE00 Team", "Team \u202EtxeT", "A\u202A", "B\u202C", "C\u2066x\u2069", "D\u2068"])
      expect(nameProblem(bad), JSON.stringify(bad)).toBe("NAME_CHARS");
    expect(nameProblem("Team 😀")).toBeNull();
  });
  it("a name empty once invisible characters are removed is NAME_INVISIBLE", () => {
    for (const bad of ["\u200B", "\u200B\u200C\u200D", " \uFEFF ", "\u00AD", "\u2060\u180E"])
      expect(nameProblem(bad), JSON.stringify(bad)).toBe("NAME_INVISIBLE");
    expect(nameProblem("\u200BA")).toBeNull();
  });
  it("ZWJ and ZWNJ inside a name are kept (emoji sequences, Persian/Indic spelling); invisible characters at the ends go", () => {
    expect(normalizeTeamName("Family 👨\u200D👩\u200D👧")).toBe("Family 👨\u200D👩\u200D👧");
    expect(normalizeTeamName("می\u200Cخواهم")).toBe("می\u200Cخواهم");
    expect(normalizeTeamName("\u200B Magos Negros \uFEFF")).toBe("Magos Negros");
  });
  it("the uniqueness key ignores invisible characters", () => {
    expect(teamNameKey("Magos\u200B Negros")).toBe(teamNameKey("magos negros"));
    expect(teamNameKey("Ma\u200Dgos Negros")).toBe(teamNameKey("Magos Negros"));
    expect(sameTeamName("Magos\u2060Negros", [{ name: "MagosNegros" }])).toEqual({ name: "MagosNegros" });
  });
});
