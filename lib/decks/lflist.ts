/**
 * Forbidden & Limited list readers.
 * - EDOPro/YGOPro `lflist.conf` (RULES §7.3, C74): `!name` starts a list, `$whitelist` marks it
 *   a whitelist, `#…` comments (including the YGOPro two-line `#[a][b]…` header), data lines
 *   `<passcode> <count> [--comment]`. Comment names are never used (they contain typos, C74).
 *   Zero-padded passcodes (YGOPro) are read as integers. CRLF tolerated.
 * - MTG Forge format files (`[format]`, `Name:`, `Banned:` / `Restricted:` `;`-separated names).
 */
import { parseError } from "./messages";
import { isTextFile } from "./text";
import { normaliseMtgName } from "./mtg";
import { isPasscode } from "./passcode";
import { nameProblem } from "../teams";
import type { MtgBanlist, ParseError, YgoBanlist } from "./types";

export type LflistResult = { ok: true; banlists: YgoBanlist[] } | { ok: false; errors: ParseError[]; banlists: YgoBanlist[] };

/**
 * Parses an `lflist.conf` text into its lists, in file order. Strict on data lines: a line that
 * is not a comment/header must be `<digits> <0-3>`; otherwise an error naming the line, e.g.
 * `line 17: 'abc' is not a passcode`. On errors the well-formed lists are still returned
 * (`ok:false`). A later entry for the same passcode in one list replaces the earlier one.
 * Input that is not text (`isTextFile`: NUL bytes, invalid UTF-8, many control characters, e.g.
 * an image) gives the single error BINARY_LIST (line 0) and no lists. Never throws.
 */
export function parseLflist(text: string): LflistResult {
  if (!isTextFile(text)) return { ok: false, errors: [parseError(0, "BINARY_LIST")], banlists: [] };
  const banlists: YgoBanlist[] = [];
  const errors: ParseError[] = [];
  let cur: YgoBanlist | null = null;
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i].trim();
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("!")) {
      cur = { name: line.slice(1).trim(), isWhitelist: false, entries: new Map() };
      if (nameProblem(cur.name) !== null) errors.push(parseError(lineNo, "LIST_BAD_NAME"));
      banlists.push(cur);
      continue;
    }
    if (line.startsWith("$")) {
      if (line.toLowerCase() === "$whitelist" && cur) cur.isWhitelist = true;
      continue;
    }
    const body = line.split("--")[0].trim();
    const [codeText, countText] = body.split(/\s+/);
    if (!/^\d{1,10}$/.test(codeText ?? "")) {
      errors.push(parseError(lineNo, "LFLIST_BAD_PASSCODE", { text: codeText ?? line }));
      continue;
    }
    if (!isPasscode(Number(codeText))) {
      errors.push(parseError(lineNo, "PASSCODE_RANGE", { text: codeText }));
      continue;
    }
    if (!/^[0-3]$/.test(countText ?? "")) {
      errors.push(parseError(lineNo, "LFLIST_BAD_COUNT", { text: countText ?? "" }));
      continue;
    }
    if (!cur) {
      errors.push(parseError(lineNo, "LFLIST_NO_LIST"));
      continue;
    }
    cur.entries.set(Number(codeText), Number(countText));
  }
  return errors.length ? { ok: false, errors, banlists } : { ok: true, banlists };
}

/** The list with exactly this name (e.g. "2026.05 TCG"), or undefined. */
export function findBanlist<T extends { name: string }>(lists: readonly T[], name: string): T | undefined {
  return lists.find((l) => l.name === name);
}

/** An MTG format list from Forge: banned (limit 0) and restricted (limit 1) names. */
export interface MtgFormatList extends MtgBanlist {
  banned: string[];
  restricted: string[];
}

export type ForgeResult = { ok: true; list: MtgFormatList } | { ok: false; errors: ParseError[] };

/**
 * Parses a Forge format definition (`mtg_forge_*.txt`): `Name:` gives the list name;
 * `Banned:` and `Restricted:` hold `;`-separated English names, stored normalised
 * (`normaliseMtgName`) with limit 0 resp. 1. Sets/Rarities lines are not used (no printing data).
 * Error `FORGE_NO_FORMAT` if no `Name:` line; `BINARY_LIST` if the input is not text (`isTextFile`). Never throws.
 */
export function parseForgeFormat(text: string): ForgeResult {
  if (!isTextFile(text)) return { ok: false, errors: [parseError(0, "BINARY_LIST")] };
  let name: string | null = null;
  const banned: string[] = [];
  const restricted: string[] = [];
  let nameLine = 0,
    lineNo = 0;
  for (const raw of text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/)) {
    lineNo++;
    const m = /^\s*([A-Za-z]+)\s*:(.*)$/.exec(raw);
    if (!m) continue;
    const key = m[1].toLowerCase();
    const split = () =>
      m[2]
        .split(";")
        .map((s) => s.trim())
        .filter(Boolean);
    if (key === "name" && name === null) {
      name = m[2].trim();
      nameLine = lineNo;
    } else if (key === "banned") banned.push(...split());
    else if (key === "restricted") restricted.push(...split());
  }
  if (name === null) return { ok: false, errors: [parseError(0, "FORGE_NO_FORMAT")] };
  if (nameProblem(name) !== null) return { ok: false, errors: [parseError(nameLine, "LIST_BAD_NAME")] };
  const entries = new Map<string, number>();
  for (const b of banned) entries.set(normaliseMtgName(b), 0);
  for (const r of restricted) if (!entries.has(normaliseMtgName(r))) entries.set(normaliseMtgName(r), 1);
  return { ok: true, list: { name, isWhitelist: false, entries, banned, restricted } };
}
