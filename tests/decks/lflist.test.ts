import { describe, expect, it } from "vitest";
import { findBanlist, parseForgeFormat, parseLflist } from "../../lib/decks/lflist";
import { readText } from "./helpers";

describe("lflist.conf (RULES §7.3)", () => {
  it("C74: header/comment lines ignored, one blacklist, text after the count ignored", () => {
    const r = parseLflist(
      "#[2026.05 TCG]\n!2026.05 TCG\n#Forbidden\n4280258 0 --Apollousa, Bow of the Goddess\n83764718 1 --Monster Reborn\n",
    );
    expect(r.ok).toBe(true);
    expect(r.banlists).toHaveLength(1);
    expect(r.banlists[0].name).toBe("2026.05 TCG");
    expect(r.banlists[0].isWhitelist).toBe(false);
    expect([...r.banlists[0].entries]).toEqual([
      [4280258, 0],
      [83764718, 1],
    ]);
  });

  it("C74: comment names are never matched (typo'd comment does not change the entry)", () => {
    const r = parseLflist("!X\r\n62320425 0 --Agido the Ancient Sentry\r\n");
    expect(r.banlists[0].entries.get(62320425)).toBe(0);
  });

  it("C74: real 2026.05 TCG file (CRLF): 229 entries; Pot of Greed 0, Monster Reborn 1, both Apollousa arts 0", () => {
    const r = parseLflist(readText("banlists", "ygo_edopro_TCG_2026.05.lflist.conf"));
    expect(r.ok).toBe(true);
    expect(r.banlists.map((b) => [b.name, b.entries.size, b.isWhitelist])).toEqual([["2026.05 TCG", 229, false]]);
    const e = r.banlists[0].entries;
    expect([e.get(55144522), e.get(83764718), e.get(4280258), e.get(4280259), e.get(14558127)]).toEqual([0, 1, 0, 0, undefined]);
    const counts = [0, 1, 2].map((n) => [...e.values()].filter((v) => v === n).length);
    expect(counts.reduce((a, b) => a + b)).toBe(229);
  });

  // 1,705 data lines; 511000868 (Twin-Headed Behemoth) is listed twice (lines 46 and 729) → 1,704 entries
  it("C10: GOAT file is a $whitelist with 1,704 entries (Monster Reborn 0, Pot of Greed 1, Ash Blossom unlisted)", () => {
    const r = parseLflist(readText("banlists", "ygo_edopro_GOAT_2005.4.lflist.conf"));
    expect(r.ok).toBe(true);
    const g = r.banlists[0];
    expect([g.name, g.isWhitelist, g.entries.size]).toEqual(["2005.4 GOAT", true, 1704]);
    expect([g.entries.get(83764718), g.entries.get(55144522), g.entries.has(14558127)]).toEqual([0, 1, false]);
  });

  it("C06: Traditional list has Pot of Greed at 1", () => {
    const r = parseLflist(readText("banlists", "ygo_edopro_Traditional_current.lflist.conf"));
    expect(r.banlists[0].name).toBe("2026.05 Traditional");
    expect(r.banlists[0].entries.get(55144522)).toBe(1);
  });

  it("YGOPro multi-list file: 102 lists, two-line #[..] header ignored, zero-padded passcodes as integers", () => {
    const r = parseLflist(readText("banlists", "ygo_ygopro_multilist_lflist.conf"));
    expect(r.ok).toBe(true);
    expect(r.banlists).toHaveLength(102);
    expect(r.banlists[0].name).toBe("2026.7");
    expect(r.banlists.at(-1)!.name).toBe("2011.9.1");
    const tcg = findBanlist(r.banlists, "2026.5 TCG")!;
    expect(tcg.entries.size).toBe(226);
    expect(r.banlists[0].entries.get(8903700)).toBe(0); // "08903700 0" zero-padded
    expect(r.banlists[0].entries.get(3040496)).toBe(0); // "03040496 0"
  });

  it("every real lflist file in shared/data parses without errors", () => {
    for (const f of [
      "OCG_current",
      "TCG_2020.04",
      "TCG_2021.10",
      "TCG_2022.12",
      "TCG_2023.09",
      "TCG_2024.09",
      "TCG_2025.04",
      "TCG_2026.02",
      "World_current",
    ]) {
      const r = parseLflist(readText("banlists", `ygo_edopro_${f}.lflist.conf`));
      expect(r.ok, f).toBe(true);
      expect(r.banlists.length, f).toBe(1);
    }
  });

  it("errors name the line: 'abc' is not a passcode; bad count; entry before any list", () => {
    const r = parseLflist("5 1\n!L\n#c\n\n\nabc 1\n12 7\n$whitelist\n13 2 --ok\n");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.line, e.code])).toEqual([
      [1, "LFLIST_NO_LIST"],
      [6, "LFLIST_BAD_PASSCODE"],
      [7, "LFLIST_BAD_COUNT"],
    ]);
    expect(r.errors[1].message).toBe("line 6: 'abc' is not a passcode");
    expect(r.banlists[0]).toMatchObject({ name: "L", isWhitelist: true });
    expect([...r.banlists[0].entries]).toEqual([[13, 2]]);
  });
});

describe("MTG Forge format lists", () => {
  it("Forge Modern: 48 banned names, normalised; no restricted", () => {
    const r = parseForgeFormat(readText("banlists", "mtg_forge_Modern.txt"));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.list.name).toBe("Modern");
    expect(r.list.banned).toHaveLength(48);
    expect(r.list.entries.get("mox opal")).toBe(0);
    expect(r.list.entries.get("hogaak, arisen necropolis")).toBe(0);
    expect(r.list.entries.get("lightning bolt")).toBeUndefined();
  });

  it("Forge Legacy 103, Pauper 53, Pioneer 23 banned", () => {
    for (const [f, n] of [
      ["Legacy", 103],
      ["Pauper", 53],
      ["Pioneer", 23],
    ] as const) {
      const r = parseForgeFormat(readText("banlists", `mtg_forge_${f}.txt`));
      expect(r.ok && r.list.entries.size, f).toBe(n);
    }
  });

  it("Restricted: names get limit 1; missing Name: is a typed error", () => {
    const r = parseForgeFormat("[format]\nName:Vintage\nBanned:Chaos Orb\nRestricted:Black Lotus; Ancestral Recall\n");
    expect(r.ok && [...r.list.entries]).toEqual([
      ["chaos orb", 0],
      ["black lotus", 1],
      ["ancestral recall", 1],
    ]);
    const bad = parseForgeFormat("Banned: X");
    expect(bad.ok === false && bad.errors[0].code).toBe("FORGE_NO_FORMAT");
  });
});
