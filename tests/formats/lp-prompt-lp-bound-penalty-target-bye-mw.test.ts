/**
 * Result-entry rules in lib/formats:
 * the LP a "time was called" report asks for follows the preset's end-of-match procedure;
 * one LP bound per preset (lpEntryMax); where a penalty's match effect lands
 * (penaltyTarget); the bye-in-own-MW% default is explicit per preset.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { getPreset, PRESET_IDS, PRESETS, resolveSettings } from "@/lib/formats/presets";
import { lpEntryMax, lpOverMax, timeLpPrompt, TIME_LP_CODES } from "@/lib/formats/lpEntry";
import { render } from "@/lib/formats/messages";
import { penaltyConsequence, penaltyTarget, PENALTY_KINDS } from "@/lib/formats/penalties";

const settings = (id: string, over = {}) => resolveSettings(getPreset(id), over);

describe("the LP asked for when time was called is the preset's end-of-match comparison point", () => {
  it("Tag 2019: after the current duelist finished the phase (RULES §1.8) — the judge's wording, not 'when time was called'", () => {
    const p = timeLpPrompt(getPreset("KONAMI_TAG_2019"), settings("KONAMI_TAG_2019"));
    expect(p).toEqual({ code: "PHASE", params: { game: "YGO", extra: 0 } });
    expect(render("lpAtTime", p.code, p.params)).toBe(
      "Enter each team's LP after the duelist whose turn it was finished the current phase (end-of-match procedure).",
    );
  });
  it("UDE §3.1 and Tag 2013: after the turn + 3 additional turns; 2HG §5.3: team life after 3 additional team turns", () => {
    expect(timeLpPrompt(getPreset("UDE_2V2"), settings("UDE_2V2"))).toEqual({ code: "TURNS", params: { game: "YGO", extra: 3 } });
    expect(timeLpPrompt(getPreset("KONAMI_TAG_2013"), settings("KONAMI_TAG_2013"))).toEqual({
      code: "TURNS",
      params: { game: "YGO", extra: 3 },
    });
    // Single elimination compares life after the additional turns; in Swiss an unfinished game is a draw (§5.3 step 4, MTR 2.4).
    const mtg = timeLpPrompt(getPreset("MTG_2HG"), settings("MTG_2HG"), "single_elimination");
    expect(mtg).toEqual({ code: "TURNS", params: { game: "MTG", extra: 3 } });
    expect(timeLpPrompt(getPreset("MTG_2HG"), settings("MTG_2HG")).code).toBe("DRAW");
    expect(render("lpAtTime", mtg.code, mtg.params)).toBe(
      "Enter each team's life total after the current turn was finished and 3 additional turns were played (end-of-match procedure).",
    );
  });
  it("double_loss (v2.5 option) in Swiss: LP are not compared", () => {
    expect(timeLpPrompt(getPreset("KONAMI_TAG_2019"), settings("KONAMI_TAG_2019", { eomp: "double_loss" })).code).toBe("DOUBLE_LOSS");
  });
  it("every prompt code has a message in en, pt-BR and it", () => {
    for (const l of ["en", "pt-BR", "it"]) {
      const cat = JSON.parse(readFileSync(path.join(import.meta.dirname, `../../messages/${l}/formats.json`), "utf8")).formats.lpAtTime;
      for (const c of TIME_LP_CODES) expect(typeof cat[c], `${l} ${c}`).toBe("string");
    }
  });
});

describe("one LP bound = 10 × the preset's starting life", () => {
  it("Tag 16,000 → 160,000; UDE 8,000 → 80,000; 2HG 30 → 300", () => {
    expect(lpEntryMax(getPreset("KONAMI_TAG_2019"))).toBe(160000);
    expect(lpEntryMax(getPreset("UDE_2V2"))).toBe(80000);
    expect(lpEntryMax(getPreset("MTG_2HG"))).toBe(300);
  });
  it("lpOverMax names the first field over the bound; the bound itself is accepted", () => {
    const tag = getPreset("KONAMI_TAG_2019");
    expect(lpOverMax(tag, { lp1: 160000, lp2: 0 })).toBeNull();
    expect(lpOverMax(tag, { lp1: 5, lp2: 999999 })).toEqual({ field: "lp2", max: 160000 });
    expect(lpOverMax(tag, { lp1: undefined })).toBeNull();
  });
});

describe("where a penalty's match effect lands (penaltyTarget)", () => {
  const tag = getPreset("KONAMI_TAG_2019");
  const c = (k: (typeof PENALTY_KINDS)[number]) => penaltyConsequence(tag, k);
  it("an open match takes it now", () => {
    for (const k of ["GAME_LOSS", "MATCH_LOSS", "DISQUALIFICATION"] as const) expect(penaltyTarget(c(k), "open")).toBe("current");
  });
  it("game/match loss on a final match (or between rounds) goes to the team's next match", () => {
    for (const k of ["GAME_LOSS", "MATCH_LOSS"] as const) {
      expect(penaltyTarget(c(k), "final")).toBe("next");
      expect(penaltyTarget(c(k), "none")).toBe("next");
    }
  });
  it("a disqualification leaves a final result standing; a warning has no match effect", () => {
    expect(penaltyTarget(c("DISQUALIFICATION"), "final")).toBe("none");
    expect(c("DISQUALIFICATION").teamDropped).toBe(true);
    expect(penaltyTarget(c("WARNING"), "open")).toBe("none");
  });
});

describe("the bye-in-own-MW% default is explicit per preset", () => {
  it("every preset states byeInOwnMw in its defaults (Konami §6.1 undocumented → true, unchanged; 2HG §8.15 MTR text → true)", () => {
    for (const id of PRESET_IDS) expect(typeof PRESETS[id].defaults.byeInOwnMw, id).toBe("boolean");
    expect(PRESETS.KONAMI_TAG_2019.defaults.byeInOwnMw).toBe(true);
    expect(PRESETS.MTG_2HG.defaults.byeInOwnMw).toBe(true);
  });
  it("presets.ts cites §6.1 for Konami and §8.15 for MTG next to the default", () => {
    const src = readFileSync(path.join(import.meta.dirname, "../../lib/formats/presets.ts"), "utf8");
    expect(src).toMatch(/KONAMI_BYE_IN_OWN_MW = true; \/\/ §6\.1/);
    expect(src).toMatch(/MTR_BYE_IN_OWN_MW = true; \/\/ §5\.5, §8\.15/);
  });
  it("the setting's label names MTR only for Magic events (en/pt-BR/it)", () => {
    for (const l of ["en", "pt-BR", "it"]) {
      const msg: string = JSON.parse(readFileSync(path.join(import.meta.dirname, `../../messages/${l}/app.json`), "utf8")).settings
        .byeInOwnMw;
      const other = msg.slice(msg.indexOf("other {"));
      expect(msg, l).toMatch(/^\{game, select, MTG \{[^}]*MTR/);
      expect(other, l).not.toMatch(/MTR/);
    }
  });
});
