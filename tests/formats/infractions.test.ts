/**
 * Issue #13 item 8: the infraction catalogue (lib/formats/data/infractions.json) — every entry has
 * a public source URL, a label in en / pt-BR / it and a default penalty the app knows; the default
 * penalties are the source documents' (IPG 2024-09-23 Appendix A; Konami severity table).
 */
import { describe, expect, it } from "vitest";
import {
  getInfraction,
  infractionCatalogue,
  INFRACTION_DOCUMENTS,
  isPenaltyKind,
  parseInfractionValue,
  pickerInfractions,
} from "@/lib/formats/infractions";

describe("infraction catalogue", () => {
  const all = [...infractionCatalogue("YGO"), ...infractionCatalogue("MTG")];

  it("every entry names its source (https/http URL), its game, labels in three languages and a known default penalty", () => {
    expect(all.length).toBeGreaterThanOrEqual(30);
    const ids = new Set<string>();
    for (const e of all) {
      expect(ids.has(e.id), e.id).toBe(false);
      ids.add(e.id);
      expect(e.source, e.id).toMatch(/^https?:\/\/[^\s]+$/);
      expect(e.id.startsWith(e.game === "MTG" ? "mtg." : "ygo."), e.id).toBe(true);
      for (const l of ["en", "pt-BR", "it"] as const) expect(e.label[l]?.length, `${e.id} ${l}`).toBeGreaterThan(2);
      expect(e.defaultPenalty === null || isPenaltyKind(e.defaultPenalty), e.id).toBe(true);
    }
    expect(INFRACTION_DOCUMENTS.MTG.url).toContain("MTG_IPG_2024Sep23_EN");
  });

  it("Magic (IPG App. A): Missed Trigger none, Outside Assistance / USC — Major match loss, Tardiness game loss, Cheating DQ", () => {
    expect(getInfraction("mtg.gpe_mt")?.defaultPenalty).toBeNull();
    expect(getInfraction("mtg.te_oa")?.defaultPenalty).toBe("MATCH_LOSS");
    expect(getInfraction("mtg.te_tardiness")?.defaultPenalty).toBe("GAME_LOSS");
    expect(getInfraction("mtg.te_dlp")?.defaultPenalty).toBe("GAME_LOSS");
    expect(getInfraction("mtg.usc_major")?.defaultPenalty).toBe("MATCH_LOSS");
    expect(getInfraction("mtg.usc_cheating")?.defaultPenalty).toBe("DISQUALIFICATION");
    expect(infractionCatalogue("MTG").map((e) => e.name)).toContain("Game Rule Violation");
  });

  it("Yu-Gi-Oh! defaults follow Konami's severities: Minor warning, Major game loss, Strict match loss, Severe and Cheating DQ", () => {
    expect(getInfraction("ygo.pe_minor")?.defaultPenalty).toBe("WARNING");
    expect(getInfraction("ygo.pe_major")?.defaultPenalty).toBe("GAME_LOSS");
    expect(getInfraction("ygo.pe_strict")?.defaultPenalty).toBe("MATCH_LOSS");
    expect(getInfraction("ygo.uc_severe")?.defaultPenalty).toBe("DISQUALIFICATION");
    expect(getInfraction("ygo.cheating")?.defaultPenalty).toBe("DISQUALIFICATION");
  });

  it("the picker lists the game's catalogue in the page's language (English term beside the label), then the event's own entries", () => {
    const p = pickerInfractions("MTG", [{ id: "x1", name: "Phone at the table", defaultPenalty: "WARNING" }], "it");
    expect(p.some((e) => e.value.startsWith("cat:ygo."))).toBe(false);
    const sp = p.find((e) => e.value === "cat:mtg.te_sp")!;
    expect([sp.label, sp.sourceName, sp.defaultPenalty]).toEqual(["Gioco lento", "Slow Play", "WARNING"]);
    expect(p.at(-1)).toMatchObject({ value: "local:x1", label: "Phone at the table", local: true, defaultPenalty: "WARNING" });
    expect(pickerInfractions("YGO", [], "en").find((e) => e.value === "cat:ygo.pe_major")!.sourceName).toBeNull();
  });

  it("picker values parse to catalogue or local ids; anything else is refused", () => {
    expect(parseInfractionValue("cat:mtg.te_sp")).toEqual({ kind: "cat", id: "mtg.te_sp" });
    expect(parseInfractionValue("local:abc")).toEqual({ kind: "local", id: "abc" });
    expect(parseInfractionValue("mtg.te_sp")).toBeNull();
    expect(parseInfractionValue("cat:")).toBeNull();
  });
});
