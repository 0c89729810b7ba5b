import { describe, expect, it } from "vitest";
import { parseDecklist, detectFormat } from "@/lib/decks";

describe("DL03: a pasted .ydk with a bad line is still read as .ydk", () => {
  const lines = ["#main", ...Array.from({ length: 15 }, () => "14558127"), "abc", "14558127"];
  it("detected as ydk by its #main marker, error names line 17", () => {
    expect(detectFormat(lines.join("\n"), { game: "YGO" })).toBe("ydk");
    const r = parseDecklist(lines.join("\n"), { game: "YGO" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.message)).toEqual(["line 17: 'abc' is not a passcode"]);
  });
  it("detected as ydk without markers when most lines are passcodes", () => {
    const noMarker = lines.slice(1);
    expect(detectFormat(noMarker.join("\n"), { game: "YGO" })).toBe("ydk");
  });
  it("a list by card name is not mistaken for a ydk", () => {
    expect(detectFormat("3 Ash Blossom & Joyous Spring\n2 Called by the Grave\n", { game: "YGO" })).toBe("ygo-text");
  });
});
