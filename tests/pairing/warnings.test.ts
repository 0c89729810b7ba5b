/**
 * Issue #6: manual-edit warnings are structured values rendered through the message catalogues
 * (operations.warning.<code>) in every locale; legacy English strings in old audit rows pass through.
 */
import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { loadMessages } from "@/lib/i18n/messages";
import { isManualPairingWarning, renderManualPairingWarnings, type ManualPairingWarning } from "@/lib/pairing/warnings";

const W: ManualPairingWarning[] = [
  { code: "REMATCH", a: "Dragões", b: "Blue Eyes", round: 2 },
  { code: "KEEP_APART", a: "Dragões", b: "Blue Eyes" },
  { code: "HAD_BYE", team: "Sette Stelle" },
];
type Loc = "en" | "pt-BR" | "it";
/** next-intl's translator for the operations namespace (untyped keys: the catalogue is loaded at run time). */
const tOps = (locale: Loc) =>
  createTranslator({ locale, messages: loadMessages(locale), namespace: "operations" }) as unknown as (
    k: string,
    v: Record<string, string | number>,
  ) => string;
const render = (locale: Loc, list: unknown) => renderManualPairingWarnings(tOps(locale), list);

describe("renderManualPairingWarnings", () => {
  it("English: the sentences the server used to build, now from messages", () => {
    expect(render("en", W)).toEqual([
      "Rematch: Dragões and Blue Eyes already played in round 2.",
      "Dragões and Blue Eyes are on the keep-apart list.",
      "Sette Stelle already had a bye in an earlier round.",
    ]);
  });
  it("pt-BR and it: translated, every placeholder filled", () => {
    expect(render("pt-BR", W)).toEqual([
      "Confronto repetido: Dragões e Blue Eyes já jogaram na rodada 2.",
      "Dragões e Blue Eyes estão na lista de equipes a manter separadas.",
      "Sette Stelle já recebeu um bye em uma rodada anterior.",
    ]);
    expect(render("it", W)).toEqual([
      "Scontro ripetuto: Dragões e Blue Eyes si sono già affrontati nel round 2.",
      "Dragões e Blue Eyes sono nella lista dei team da tenere separati.",
      "Sette Stelle ha già avuto un bye in un round precedente.",
    ]);
  });
  it("legacy strings pass through; malformed values and non-lists are skipped", () => {
    expect(render("it", ["X already had a bye in an earlier round.", { code: "REMATCH", a: "X" }, 7, null])).toEqual([
      "X already had a bye in an earlier round.",
    ]);
    expect(render("en", undefined)).toEqual([]);
    expect(render("en", "not a list")).toEqual([]);
  });
  it("isManualPairingWarning checks the fields each code needs", () => {
    for (const w of W) expect(isManualPairingWarning(w)).toBe(true);
    expect(isManualPairingWarning({ code: "REMATCH", a: "x", b: "y", round: "2" })).toBe(false);
    expect(isManualPairingWarning({ code: "HAD_BYE" })).toBe(false);
    expect(isManualPairingWarning({ code: "OTHER", team: "x" })).toBe(false);
  });
});

describe("audit page: structured warnings shown as sentences (auditChanges format)", () => {
  it("the warnings key is rendered in the page's language; the comparison stays on raw JSON", async () => {
    const { auditChanges } = await import("@/lib/server/read/audit");
    const t = tOps("pt-BR");
    const format = (k: string, v: unknown) =>
      k === "warnings" && Array.isArray(v) && v.length ? renderManualPairingWarnings(t, v).join(" ") : undefined;
    const rows = auditChanges({ W1: 1 }, { W1: 2, reason: "x", warnings: [W[2]] }, format);
    // A key new in `after` has no before (null: the page shows the value alone, not "— → …").
    expect(rows.find((r) => r.key === "warnings")).toEqual({
      key: "warnings",
      before: null,
      after: "Sette Stelle já recebeu um bye em uma rodada anterior.",
    });
    expect(rows.find((r) => r.key === "W1")).toEqual({ key: "W1", before: "1", after: "2" });
    expect(auditChanges({}, { warnings: [] }, format).find((r) => r.key === "warnings")!.after).toBe("[]");
  });
});
