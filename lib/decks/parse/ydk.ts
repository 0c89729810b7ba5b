/**
 * `.ydk` reader/writer (RULES §7.1, C72, DL03). Tolerates: UTF-8 BOM, CRLF/CR/LF, no final
 * newline, trailing spaces, blank lines, zero-padded passcodes, missing or empty `!side`,
 * `#created by …` / `#tags=…` comments, and trailing tool sections (`#pickup`, `#case`,
 * `#spare`, `#representative`, …) whose lines — including `$57281778$` ids and `#0` lines —
 * are never read as cards. Never throws.
 */
import { parseError } from "../messages";
import type { ParseError, ParseResult, YgoDeck } from "../types";
import { isPasscode } from "../passcode";

function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * Parses `.ydk` text into `{main, extra, side}` (one passcode per copy, file order).
 * Section markers: `#main`, `#extra`, any line starting with `!` (side). Another single-word
 * `#name` header after the deck began (e.g. `#pickup`) starts an ignored section.
 * A card line is digits, optionally followed by whitespace and a `--`/`#` comment.
 * Errors: `YDK_BAD_LINE` for any other line inside main/extra/side; `PASSCODE_RANGE` for a number
 * outside 1 … 2,147,483,647 (lib/decks/passcode.ts); `EMPTY_INPUT` for an empty file.
 */
export function parseYdk(text: string): ParseResult<YgoDeck> {
  const deck: YgoDeck = { main: [], extra: [], side: [] };
  const errors: ParseError[] = [];
  let section: keyof YgoDeck | null = "main";
  let started = false;
  let sawAnything = false;
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i].trim();
    if (line.charCodeAt(0) === 0xfeff) line = line.slice(1).trim();
    if (line === "") continue;
    sawAnything = true;
    if (line.startsWith("#")) {
      const tag = line.slice(1).trim().toLowerCase();
      if (tag === "main") {
        section = "main";
        started = true;
      } else if (tag === "extra") {
        section = "extra";
        started = true;
      } else if (started && /^[a-z_]+$/.test(tag)) section = null; // MDPro3 / 408 tool sections
      continue;
    }
    if (line.startsWith("!")) {
      section = "side";
      started = true;
      continue;
    }
    if (section === null) continue;
    // fast path: all digits (the common case); else digits + whitespace + `--`/`#` comment
    let code = NaN;
    if (line.length <= 10 && isDigits(line)) code = Number(line);
    else {
      const m = /^(\d{1,10})(?:\s+(?:--|#).*)?$/.exec(line);
      if (m) code = Number(m[1]);
    }
    if (Number.isNaN(code)) {
      errors.push(parseError(i + 1, "YDK_BAD_LINE", { text: line.length > 40 ? line.slice(0, 40) + "…" : line }));
      continue;
    }
    if (!isPasscode(code)) {
      errors.push(parseError(i + 1, "PASSCODE_RANGE", { text: String(code) }));
      continue;
    }
    started = true;
    deck[section].push(code);
  }
  if (!sawAnything) return { ok: false, errors: [parseError(0, "EMPTY_INPUT")] };
  return errors.length ? { ok: false, errors } : { ok: true, deck };
}

/** Writes a deck as `.ydk` text (EDOPro layout: `#created by`, `#main`, `#extra`, `!side`, LF, final newline). */
export function writeYdk(deck: YgoDeck, createdBy = "Tandem"): string {
  return [`#created by ${createdBy}`, "#main", ...deck.main, "#extra", ...deck.extra, "!side", ...deck.side].join("\n") + "\n";
}
