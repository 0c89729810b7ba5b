/**
 * MTG decklist readers (RULES §7.6, C77, C79, C80): plain text, XMage `.dck`, MTGO `.dek` XML,
 * MTGGoldfish JSON wrappers (`deck_text`). Duplicate lines for one card are summed (key =
 * normalised name; the first spelling is kept for display). Never throw.
 */
import { parseError } from "../messages";
import { normaliseMtgName } from "../mtg";
import type { MtgDeck, ParseError, ParseResult } from "../types";

const MAX_COUNT = 9999;

/** Accumulates counts by normalised name, keeping the first spelling. */
class Acc {
  private keys = new Map<string, string>();
  readonly deck: MtgDeck = { main: new Map(), side: new Map() };
  add(section: "main" | "side", name: string, count: number): void {
    const clean = name.replace(/\s+/g, " ").trim();
    const k = normaliseMtgName(clean);
    let display = this.keys.get(k);
    if (display === undefined) {
      display = clean;
      this.keys.set(k, clean);
    }
    const m = this.deck[section];
    m.set(display, (m.get(display) ?? 0) + count);
  }
}

const SIDE_HEADER = /^(?:\/\/\s*)?(?:sideboard|side\s*board|side|companion)\s*:?\s*(?:\(\s*\d+\s*\))?$/i;
const MAIN_HEADER = /^(?:\/\/\s*)?(?:deck|main|maindeck|main\s*deck|mainboard|commander)\s*:?\s*(?:\(\s*\d+\s*\))?$/i;
const CARD_LINE = /^(\d+)\s*[x×]?\s+(.+?)$/i;
const ARENA_SUFFIX = /\s+\([A-Za-z0-9_]{2,8}\)(?:\s+[A-Za-z0-9★*-]+)?\s*$/;

interface Line {
  lineNo: number;
  count: number;
  name: string;
}

/**
 * Parses an MTG text list. A `Sideboard`/`sideboard`/`//Sideboard`/`Sideboard:` header (or
 * `Companion`) switches to the sideboard; `SB:` prefixed lines are sideboard; `Deck`/`Main`
 * headers switch back. Counts `4 Name` or `4x Name`; Arena `(SET) 123` suffixes dropped; zero
 * counts ignored; `//` and `#` comment lines skipped; split cards `A // B` kept as one name.
 * Without any sideboard marker (C77 precedence): if blank lines split the list, the last chunk is
 * the sideboard when it has ≤ 15 cards; with no blank lines, a 61–75-card list whose lines add up
 * to exactly 60 at a line boundary is split there ([MTGFMT]); otherwise all Main.
 * Errors: TEXT_BAD_LINE, TEXT_BAD_COUNT, EMPTY_INPUT.
 */
export function parseMtgText(text: string): ParseResult<MtgDeck> {
  const errors: ParseError[] = [];
  const chunks: Line[][] = [[]];
  const explicitSide: Line[] = [];
  let mode: "auto" | "main" | "side" = "auto";
  let sawMarker = false;
  let sawLine = false;
  const mainExplicit: Line[] = [];
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i].trim();
    if (line === "") {
      if (chunks[chunks.length - 1].length) chunks.push([]);
      continue;
    }
    sawLine = true;
    if (SIDE_HEADER.test(line)) {
      mode = "side";
      sawMarker = true;
      continue;
    }
    if (MAIN_HEADER.test(line)) {
      mode = "main";
      continue;
    }
    if (line.startsWith("//") || line.startsWith("#")) continue;
    if (/^(about|name)\b/i.test(line) && !/^\d/.test(line)) continue; // Arena "About" / "Name X"
    let sb = false;
    const sbm = /^SB:\s*(.*)$/i.exec(line);
    if (sbm) {
      sb = true;
      sawMarker = true;
      line = sbm[1];
    }
    const m = CARD_LINE.exec(line) ?? /^(\d+)x(.+)$/i.exec(line);
    if (!m) {
      errors.push(parseError(i + 1, "TEXT_BAD_LINE", { text: line.length > 40 ? line.slice(0, 40) + "…" : line }));
      continue;
    }
    const count = Number(m[1]);
    if (!Number.isSafeInteger(count) || count > MAX_COUNT) {
      errors.push(parseError(i + 1, "TEXT_BAD_COUNT", { count: m[1] }));
      continue;
    }
    const name = m[2].replace(ARENA_SUFFIX, "").trim();
    if (name === "") {
      errors.push(parseError(i + 1, "TEXT_BAD_LINE", { text: line }));
      continue;
    }
    if (count === 0) continue;
    const entry = { lineNo: i + 1, count, name };
    if (sb || mode === "side") explicitSide.push(entry);
    else if (mode === "main") mainExplicit.push(entry);
    else chunks[chunks.length - 1].push(entry);
  }
  if (!sawLine) return { ok: false, errors: [parseError(0, "EMPTY_INPUT")] };
  if (errors.length) return { ok: false, errors };
  const acc = new Acc();
  const auto = chunks.filter((c) => c.length > 0);
  if (sawMarker) {
    for (const c of auto) for (const l of c) acc.add("main", l.name, l.count);
  } else {
    const sum = (ls: Line[]) => ls.reduce((s, l) => s + l.count, 0);
    const flat = auto.flat();
    let sideFrom = flat.length; // index into flat where the sideboard starts
    if (auto.length >= 2 && sum(auto[auto.length - 1]) <= 15 && mainExplicit.length === 0) {
      sideFrom = flat.length - auto[auto.length - 1].length;
    } else if (auto.length === 1 && mainExplicit.length === 0) {
      const total = sum(flat);
      if (total > 60 && total <= 75) {
        let run = 0;
        for (let k = 0; k < flat.length; k++) {
          run += flat[k].count;
          if (run === 60) {
            sideFrom = k + 1;
            break;
          }
          if (run > 60) break;
        }
      }
    }
    flat.forEach((l, k) => acc.add(k < sideFrom ? "main" : "side", l.name, l.count));
  }
  for (const l of mainExplicit) acc.add("main", l.name, l.count);
  for (const l of explicitSide) acc.add("side", l.name, l.count);
  return { ok: true, deck: acc.deck };
}

/**
 * Parses an XMage `.dck`: `NAME:` header (returned as `name`), `N [SET:num] Card`,
 * `SB: N [SET:num] Card`, `LAYOUT …` lines ignored; the `[SET:num]` part is optional.
 * Errors: TEXT_BAD_LINE, TEXT_BAD_COUNT, EMPTY_INPUT.
 */
export function parseXmageDck(text: string): ParseResult<MtgDeck> & { name?: string } {
  const acc = new Acc();
  const errors: ParseError[] = [];
  let name: string | undefined;
  let sawCard = false;
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "" || /^LAYOUT\b/i.test(line) || line.startsWith("#") || line.startsWith("//")) continue;
    const nm = /^NAME:(.*)$/i.exec(line);
    if (nm) {
      name ??= nm[1].trim();
      continue;
    }
    const m = /^(SB:\s*)?(\d+)\s+(?:\[[^\]]*\]\s*)?(.+)$/i.exec(line);
    if (!m) {
      errors.push(parseError(i + 1, "TEXT_BAD_LINE", { text: line.length > 40 ? line.slice(0, 40) + "…" : line }));
      continue;
    }
    const count = Number(m[2]);
    if (!Number.isSafeInteger(count) || count > MAX_COUNT) {
      errors.push(parseError(i + 1, "TEXT_BAD_COUNT", { count: m[2] }));
      continue;
    }
    sawCard = true;
    if (count > 0) acc.add(m[1] ? "side" : "main", m[3], count);
  }
  if (errors.length) return { ok: false, errors };
  if (!sawCard && !name) return { ok: false, errors: [parseError(0, "EMPTY_INPUT")] };
  return { ok: true, deck: acc.deck, name };
}

function xmlUnescape(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (m, e: string) => {
    const l = e.toLowerCase();
    if (l === "amp") return "&";
    if (l === "lt") return "<";
    if (l === "gt") return ">";
    if (l === "quot") return '"';
    if (l === "apos") return "'";
    const cp = l.startsWith("#x") ? parseInt(l.slice(2), 16) : parseInt(l.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
  });
}

/**
 * Parses an MTGO `.dek` XML export: root `<Deck>`, one `<Cards Quantity= Sideboard= Name= …/>`
 * per printing, repeated names summed (C79). Errors: DEK_BAD_XML (no `<Deck>` root, a `<Cards>`
 * element without Name/Quantity), EMPTY_INPUT.
 */
export function parseMtgoDek(text: string): ParseResult<MtgDeck> {
  const src = text.replace(/^\uFEFF/, "");
  if (src.trim() === "") return { ok: false, errors: [parseError(0, "EMPTY_INPUT")] };
  const lineAt = (idx: number) => src.slice(0, idx).split("\n").length;
  const root = /<Deck\b/.exec(src);
  if (!root) return { ok: false, errors: [parseError(1, "DEK_BAD_XML", { detail: "no <Deck> element" })] };
  const acc = new Acc();
  const errors: ParseError[] = [];
  const re = /<Cards\b([^>]*?)\/?>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(src))) {
    const attrs = new Map<string, string>();
    const ar = /([A-Za-z_:][\w:.-]*)\s*=\s*("([^"]*)"|'([^']*)')/g;
    let a: RegExpExecArray | null;
    while ((a = ar.exec(m[1]))) attrs.set(a[1].toLowerCase(), xmlUnescape(a[3] ?? a[4] ?? ""));
    const q = attrs.get("quantity");
    const name = attrs.get("name");
    if (!name || q === undefined || !/^\d{1,4}$/.test(q.trim())) {
      errors.push(parseError(lineAt(m.index), "DEK_BAD_XML", { detail: "a <Cards> element lacks Name or Quantity" }));
      continue;
    }
    const side = (attrs.get("sideboard") ?? "false").trim().toLowerCase() === "true";
    const count = Number(q.trim());
    if (count > 0) acc.add(side ? "side" : "main", name, count);
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, deck: acc.deck };
}
