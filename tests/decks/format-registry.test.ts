/**
 * Decklist formats are one registry (lib/decks/formats, issue #11 item 5): detection, parsing, the
 * upload field's `accept` list and the format names in the form all come from DECKLIST_FORMATS.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DECKLIST_FORMATS, DETECTION_ORDER, decklistAccept, decklistFormatsFor, type DecklistFormatEntry } from "@/lib/decks/formats";
import { detectFormat, parseDecklist } from "@/lib/decks";
import type { DecklistFormat } from "@/lib/decks/types";
import en from "@/messages/en/decklistFormats.json";
import pt from "@/messages/pt-BR/decklistFormats.json";
import it_ from "@/messages/it/decklistFormats.json";

const saved = new Map<DecklistFormat, DecklistFormatEntry>();
const patch = (id: DecklistFormat, change: Partial<DecklistFormatEntry>) => {
  if (!saved.has(id)) saved.set(id, DECKLIST_FORMATS[id]);
  DECKLIST_FORMATS[id] = { ...DECKLIST_FORMATS[id], ...change };
};
afterEach(() => {
  for (const [id, e] of saved) DECKLIST_FORMATS[id] = e;
  saved.clear();
});

describe("decklist format registry", () => {
  it("the upload accept list per game is the registry's extensions (YGO .ydk,.txt; MTG .txt,.dek,.dck,.json)", () => {
    expect(decklistAccept("YGO")).toBe(".ydk,.txt");
    expect(decklistAccept("MTG")).toBe(".txt,.dek,.dck,.json");
    patch("xmage-dck", { extensions: [".dck", ".deck"] });
    expect(decklistAccept("MTG")).toBe(".txt,.dek,.dck,.deck,.json");
  });

  it("content detection follows the registry entries (C80): a format whose detector says no is not detected", () => {
    const dek = `<?xml version="1.0"?>\n<Deck><Cards Quantity="4" Name="Lightning Bolt" /></Deck>`;
    expect(detectFormat(dek, { game: "MTG" })).toBe("mtgo-dek");
    patch("mtgo-dek", { detect: () => false });
    expect(detectFormat(dek, { game: "MTG" })).toBe("mtg-text");
    expect(DETECTION_ORDER.every((id) => DECKLIST_FORMATS[id].detect)).toBe(true);
  });

  it("a trusted extension decides an ambiguous text, an untrusted one does not (.ydk yes, .dek no; C80)", () => {
    const text = "4 Lightning Bolt\n";
    expect(detectFormat(text, { game: "MTG", filename: "a.dek" })).toBe("mtg-text");
    expect(detectFormat("Foo\n", { game: "YGO", filename: "list.YDK" })).toBe("ydk");
    patch("mtgo-dek", { trustedExtension: ".dek" });
    expect(detectFormat(text, { game: "MTG", filename: "a.dek" })).toBe("mtgo-dek");
  });

  it("parseDecklist runs the detected entry's parser", () => {
    patch("mtg-text", { parse: () => ({ ok: false, format: "mtg-text", errors: [] }) });
    expect(parseDecklist("4 Lightning Bolt\n", { game: "MTG" })).toEqual({ ok: false, format: "mtg-text", errors: [] });
  });

  it("every format's label exists in en, pt-BR and it, and each game has formats", () => {
    for (const id of Object.keys(DECKLIST_FORMATS) as DecklistFormat[]) {
      const key = DECKLIST_FORMATS[id].label as keyof typeof en.decklistFormats;
      for (const m of [en, pt, it_]) expect(m.decklistFormats[key], `${id}`).toBeTruthy();
    }
    expect(decklistFormatsFor("YGO")).toEqual(["ydk", "ydke", "ygo-text"]);
    expect(decklistFormatsFor("MTG")).toEqual(["mtg-text", "mtgo-dek", "xmage-dck", "mtggoldfish-json"]);
  });

  it("the upload form takes its accept list and names from the registry (no extension list of its own)", () => {
    const src = readFileSync(path.resolve(import.meta.dirname, "../../components/DecklistForm.tsx"), "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/\/\/.*$/gm, "");
    expect(src).toContain("accept={accept}");
    expect(src).toContain("decklistAccept(game)");
    expect(src).not.toMatch(/["'`][^"'`]*\.(ydk|dek|dck)\b[^"'`]*["'`]/);
  });
});
