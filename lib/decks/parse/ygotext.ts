/**
 * Plain-text Yu-Gi-Oh! decklists by card name (Konami deck-list form layout, RULES §2.6/§7.5):
 * lines `3 Ash Blossom & Joyous Spring`, `3x Name`, `Name x3`, or `Name` (1 copy); section headers
 * `Main Deck`, `Monster(s)`, `Spell(s)`, `Trap(s)` (→ Main), `Extra Deck`, `Side Deck`, optionally
 * with a colon or a total (`Monsters: 15`, `Extra Deck (15)`); `#`/`//` comments. Names are looked
 * up in the CardIndex; unknown names are errors naming the line. Without any header, Extra Deck
 * monsters are placed in the Extra Deck (RULES §7.1 re-derivation). Never throws.
 */
import type { CardIndex } from "../cdb";
import { parseError } from "../messages";
import type { ParseError, ParseResult, YgoDeck } from "../types";

// A section header: its name, then an optional count ("Monsters: 4", "Extra Deck (1)", "Side - 15") and colon.
const SECTION = /main(?:\s*deck)?|monsters?(?:\s*cards?)?|spells?(?:\s*cards?)?|traps?(?:\s*cards?)?|extra(?:\s*deck)?|side(?:\s*deck)?/;
const COUNT = /(?::\s*\d*|\(\s*\d+\s*\)|-?\s*\d+)?/;
const HEADER = new RegExp(`^(${SECTION.source})\\s*${COUNT.source}\\s*:?$`, "i");

/** Parses a YGO name list. Errors: TEXT_UNKNOWN_CARD, TEXT_BAD_COUNT, EMPTY_INPUT. */
export function parseYgoText(text: string, cards: CardIndex): ParseResult<YgoDeck> {
  const deck: YgoDeck = { main: [], extra: [], side: [] };
  const errors: ParseError[] = [];
  let section: keyof YgoDeck = "main";
  let sawHeader = false;
  let sawLine = false;
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "" || line.startsWith("#") || line.startsWith("//")) continue;
    sawLine = true;
    const h = HEADER.exec(line);
    if (h) {
      const w = h[1].toLowerCase();
      section = w.startsWith("extra") ? "extra" : w.startsWith("side") ? "side" : "main";
      sawHeader = true;
      continue;
    }
    if (/^total\b/i.test(line)) continue;
    let count = 1;
    let name = line;
    const pre = /^(\d+)\s*[x×]?\s+(.+)$/i.exec(line) ?? /^(\d+)[x×](.+)$/i.exec(line);
    const post = pre ? null : /^(.+?)\s+[x×]\s*(\d+)$/i.exec(line);
    if (pre) {
      count = Number(pre[1]);
      name = pre[2];
    } else if (post) {
      count = Number(post[2]);
      name = post[1];
    }
    if (!Number.isSafeInteger(count) || count > 99) {
      errors.push(parseError(i + 1, "TEXT_BAD_COUNT", { count: pre?.[1] ?? post?.[2] ?? "" }));
      continue;
    }
    const card = cards.findByName(name);
    if (!card) {
      errors.push(parseError(i + 1, "TEXT_UNKNOWN_CARD", { name: name.trim() }));
      continue;
    }
    const target = !sawHeader && card.isExtra ? "extra" : section;
    for (let k = 0; k < count; k++) deck[target].push(card.passcode);
  }
  if (!sawLine) return { ok: false, errors: [parseError(0, "EMPTY_INPUT")] };
  return errors.length ? { ok: false, errors } : { ok: true, deck };
}
