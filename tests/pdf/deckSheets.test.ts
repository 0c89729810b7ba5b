/**
 * Deck-check PDFs (issue #17 "Decklists out", acceptance "PDFs"): the deck list form of a real `.ydk`
 * from ../shared/data, read back with poppler's pdftotext. Page 1..3 PNGs (pdftoppm) are written to
 * test-results/pdf/ as artifacts for a person to look at.
 */
import { describe, expect, it, beforeAll } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseYdk } from "@/lib/decks";
import { buildDeckSheets, lastNameInitial } from "@/lib/pdf/deckSheets.mjs";
import { ygoSheetList } from "@/lib/pdf/sheetLists";
import type { YgoDeck } from "@/lib/decks/types";
import { loadMergedCards, readText } from "../decks/helpers";

const OUT = path.resolve(import.meta.dirname, "../../test-results/pdf");
const NAME = "Zoë 山田 عليّ";

/** Text of a PDF page range by pdftotext (poppler-utils). */
function pdfText(file: string, first = 1, last = 99, layout = true): string {
  return execFileSync("pdftotext", [...(layout ? ["-layout"] : []), "-f", String(first), "-l", String(last), file, "-"], {
    encoding: "utf8",
  });
}

describe("deck list form of a real .ydk (ignis_distribution_trickstars.ydk)", () => {
  let deck: YgoDeck;
  let file: string;
  let byType: { monster: number; spell: number; trap: number };
  beforeAll(async () => {
    const parsed = parseYdk(readText("decks", "ydk", "ignis_distribution_trickstars.ydk"));
    if (!parsed.ok) throw new Error("fixture does not parse");
    deck = parsed.deck;
    const { records } = await loadMergedCards();
    const rows = new Map(records.map((r) => [r.passcode, { name: r.name, type: r.type }]));
    // The expected totals straight from the card rows' type bits (0x1 Monster, 0x2 Spell, 0x4 Trap).
    const t = (c: number) => rows.get(c)!.type;
    byType = {
      monster: deck.main.filter((c) => t(c) & 0x1).length,
      spell: deck.main.filter((c) => t(c) & 0x2).length,
      trap: deck.main.filter((c) => t(c) & 0x4).length,
    };
    const pdf = await buildDeckSheets({
      game: "YGO",
      event: { name: "Tag Duel Regional", date: "2026-12-01", location: "Roma" },
      teams: [
        {
          number: 7,
          name: "Team Ψ",
          duelists: [
            { designation: "B", name: "Mario Rossi", playerId: "0000012345", list: ygoSheetList(deck, rows) },
            { designation: "A", name: NAME, playerId: "0123456789", list: ygoSheetList(deck, rows) },
          ],
        },
      ],
    });
    mkdirSync(OUT, { recursive: true });
    file = path.join(OUT, "tag-team-deck-lists.pdf");
    writeFileSync(file, pdf);
    execFileSync("pdftoppm", ["-png", "-r", "80", "-f", "1", "-l", "3", file, path.join(OUT, "tag-team-page")]);
  });

  it("Monster/Spell/Trap totals and the Main total equal the parsed deck's (RULES §2.6 form)", () => {
    expect(byType.monster + byType.spell + byType.trap).toBe(deck.main.length);
    expect(byType.monster).toBeGreaterThan(0);
    expect(byType.spell).toBeGreaterThan(0);
    const page = pdfText(file, 2, 2);
    expect(page).toContain(`Total Monster Cards: ${byType.monster}`);
    expect(page).toContain(`Total Spell Cards: ${byType.spell}`);
    expect(page).toContain(`Total Trap Cards: ${byType.trap}`);
    expect(page).toContain(`Main Deck Total: ${deck.main.length}`);
    expect(page).toContain(`Extra Deck Total: ${deck.extra.length}`);
    expect(page).toContain(`Side Deck Total: ${deck.side.length}`);
  });

  it("the team registration form comes first and lists duelist A before B", () => {
    const page = pdfText(file, 1, 1);
    expect(page).toContain("Tag Team Registration Form");
    expect(page.indexOf("Duelist A")).toBeGreaterThan(0);
    expect(page.indexOf("Duelist A")).toBeLessThan(page.indexOf("Duelist B"));
    expect(page.indexOf("0123456789")).toBeLessThan(page.indexOf("0000012345"));
    // A's deck list form is page 2, B's page 3.
    expect(pdfText(file, 2, 2)).toContain("0123456789");
    expect(pdfText(file, 3, 3)).toContain("0000012345");
  });

  it("a duelist named Zoë 山田 عليّ prints: Latin, CJK and the Arabic letters extract from the embedded font", () => {
    const page = pdfText(file, 2, 2, false);
    const line = page.split("\n").find((l) => l.includes("Zoë 山田"));
    expect(line).toBeDefined();
    // pdftotext wraps the right-to-left run in embedding controls; its letters come back in logical
    // order. The shadda (U+0651) is a mark raised above the ي by the font's mark positioning, so
    // pdftotext reads it as a glyph of its own just below that line.
    const plain = line!.replace(/[\u202A-\u202E]/g, "");
    expect(plain).toContain("Zoë 山田 علي");
    expect(page.slice(page.indexOf("Zoë 山田"), page.indexOf("Zoë 山田") + 80)).toContain("\u0651");
    // The fonts are embedded (subset), not referenced.
    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" });
    expect(fonts).toMatch(/NotoSansJP/);
    expect(fonts).toMatch(/NotoSansArabic/);
    expect(
      fonts
        .split("\n")
        .filter((l) => /Noto/.test(l))
        .every((l) => /\byes\s+yes\b/.test(l)),
    ).toBe(true);
  });

  it("card names of the groups print with their copies", () => {
    const page = pdfText(file, 2, 2);
    expect(page).toMatch(/\b3\s+Trickstar Candina\b/);
  });
});

describe("lastNameInitial (the form's last-name initial box)", () => {
  it("is the first letter of the name's last word, upper-cased", () => {
    expect(lastNameInitial("mario rossi")).toBe("R");
    expect(lastNameInitial(NAME)).toBe("ع");
    expect(lastNameInitial("  ")).toBe("");
  });
});
