/**
 * Yu-Gi-Oh! card identity: reading card databases (EDOPro/YGOPro `.cdb` SQLite files and
 * YGOPRODeck API v7 JSON), merging delta databases, and a lookup index by passcode and name.
 *
 * Rules implemented: Extra Deck = `type & 0x4802040`, Token = `type & 0x4000` (SOURCES.md);
 * alternate artworks are one card via `alias` (DL02, RULES §2.5, §7.3); YGOPRODeck
 * `card_images[].id` alt-art passcodes alias to the card id (C76); `banlist_info` mapping with
 * both "Banned" and "Forbidden" spellings (C75, RULES §8.18).
 *
 * I/O: `readCdb` loads the sql.js WASM binary (the only file this module reads); callers pass
 * the database bytes.
 */
import type { CardRecord, YgoBanlist } from "./types";
import { readCdbRows, type CdbRowError } from "./cdbRows.mjs";

/** EDOPro TYPE_EXTRA = FUSION | SYNCHRO | XYZ | LINK. */
export const TYPE_EXTRA = 0x4802040;
export const TYPE_TOKEN = 0x4000;
export const TYPE_MONSTER = 0x1;
export const TYPE_SPELL = 0x2;
export const TYPE_TRAP = 0x4;
export const TYPE_FUSION = 0x40;
export const TYPE_RITUAL = 0x80;
export const TYPE_SYNCHRO = 0x2000;
export const TYPE_XYZ = 0x800000;
export const TYPE_PENDULUM = 0x1000000;
export const TYPE_LINK = 0x4000000;
export const TYPE_SKILL = 0x8000000;

/** Builds a CardRecord, deriving `isExtra` / `isToken` from the type bits. */
export function makeCard(passcode: number, alias: number, name: string, type: number, ot: number): CardRecord {
  return { passcode, alias, name, type, ot, isExtra: (type & TYPE_EXTRA) !== 0, isToken: (type & TYPE_TOKEN) !== 0 };
}

/**
 * Options for `readCdb`: the sql.js WASM binary (`sql-wasm.wasm`) as bytes. The pure core reads no
 * files; the server layer locates and loads it (lib/server/sqlWasm.ts `sqlWasmBinary`).
 */
export interface ReadCdbOptions {
  wasmBinary: ArrayBuffer | Uint8Array;
}

type SqlJsStatic = { Database: new (data?: Uint8Array) => unknown };
let sqlPromise: Promise<SqlJsStatic> | null = null;

async function getSql(opts: ReadCdbOptions): Promise<SqlJsStatic> {
  if (!sqlPromise) {
    sqlPromise = (async () => {
      const mod = (await import("sql.js")) as unknown as { default?: unknown };
      const init = (mod.default ?? mod) as (cfg: { wasmBinary: ArrayBuffer }) => Promise<SqlJsStatic>;
      const bin = opts.wasmBinary;
      const u8 = bin instanceof Uint8Array ? bin : new Uint8Array(bin);
      const ab = u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength) as ArrayBuffer;
      return init({ wasmBinary: ab });
    })();
    sqlPromise.catch(() => (sqlPromise = null));
  }
  return sqlPromise;
}

/** A `.cdb` refused by the checked reader (lib/decks/cdbRows.mjs): the first errors and how many more. */
export class CdbError extends Error {
  constructor(
    readonly errors: CdbRowError[],
    readonly more: number,
  ) {
    super(errors.map((e) => e.message).join("; ") + (more ? `; … and ${more} more` : ""));
    this.name = "CdbError";
  }
}

/** Card records from the checked reader's column arrays (one per `datas` row, file order). */
export function cardsFromRows(r: {
  passcodes: number[];
  aliases: number[];
  types: number[];
  ots: number[];
  names: string[];
}): CardRecord[] {
  const out: CardRecord[] = new Array(r.passcodes.length);
  for (let i = 0; i < r.passcodes.length; i++) out[i] = makeCard(r.passcodes[i], r.aliases[i], r.names[i], r.types[i], r.ots[i]);
  return out;
}

/**
 * Reads every card of an EDOPro/YGOPro `.cdb` (SQLite `datas` + `texts`) in this thread, with the
 * checks of `readCdbRows` (ordinary tables only, row and length caps, passcode range; issue #12).
 * Input: the file's bytes and the sql.js WASM binary (`opts.wasmBinary`; lib/server/sqlWasm.ts
 * `sqlWasmBinary()` loads it). Output: one CardRecord per `datas` row (name "" if `texts` lacks it),
 * in passcode order. Throws CdbError listing the refused rows (first 20, "… and N more").
 * Uploads from the network go through lib/server/write/cardFiles.ts instead (a worker with a time limit).
 * Example: `edopro_cards_merged_2026-08-22.cdb` → 14,893 records (SOURCES.md).
 */
export async function readCdb(bytes: Uint8Array, opts: ReadCdbOptions): Promise<CardRecord[]> {
  const SQL = await getSql(opts);
  const r = readCdbRows(SQL, bytes);
  if (!r.ok) throw new CdbError(r.errors, r.more);
  return cardsFromRows(r).sort((a, b) => a.passcode - b.passcode);
}

/**
 * Merges a delta card list over an older one (EDOPro update channel semantics: `INSERT OR
 * REPLACE` by passcode). Pure: returns a new array sorted by passcode plus counts:
 * `added` = delta passcodes not in `old`; `updated` = delta passcodes already in `old` (replaced
 * in place); `changed` = the part of `updated` whose CardRecord fields (alias, name, type, ot)
 * differ. Deletions are not represented in deltas (SOURCES.md).
 */
export function mergeCards(
  old: readonly CardRecord[],
  delta: readonly CardRecord[],
): { cards: CardRecord[]; added: number; updated: number; changed: number } {
  const byCode = new Map<number, CardRecord>();
  for (const c of old) byCode.set(c.passcode, c);
  let added = 0;
  let updated = 0;
  let changed = 0;
  for (const c of delta) {
    const prev = byCode.get(c.passcode);
    if (!prev) added++;
    else {
      updated++;
      if (prev.alias !== c.alias || prev.name !== c.name || prev.type !== c.type || prev.ot !== c.ot) changed++;
    }
    byCode.set(c.passcode, c);
  }
  const cards = [...byCode.values()].sort((a, b) => a.passcode - b.passcode);
  return { cards, added, updated, changed };
}

/**
 * Normalises a Yu-Gi-Oh! card name for lookup of plain-text lists: NFKC, lower case, curly
 * quotes → straight, "&amp;" → "&", whitespace collapsed, trimmed.
 */
export function normaliseYgoName(name: string): string {
  return name
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/&amp;/gi, "&")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Lookup structure over card records: by passcode, canonical identity, and normalised name.
 * `canonical(p) = alias || p` (DL02). Unknown passcodes are their own canonical id.
 */
export class CardIndex {
  readonly byCode: Map<number, CardRecord>;
  readonly byName: Map<string, CardRecord>;
  readonly size: number;

  /** Builds the index; later records with the same passcode replace earlier ones. */
  constructor(cards: Iterable<CardRecord>) {
    this.byCode = new Map();
    for (const c of cards) this.byCode.set(c.passcode, c);
    this.size = this.byCode.size;
    this.byName = new Map();
    for (const c of this.byCode.values()) {
      if (!c.name) continue;
      const k = normaliseYgoName(c.name);
      const prev = this.byName.get(k);
      if (!prev || nameRank(c) < nameRank(prev)) this.byName.set(k, c);
    }
  }

  /** The record for a passcode, or undefined. */
  get(passcode: number): CardRecord | undefined {
    return this.byCode.get(passcode);
  }

  /** `alias || passcode` (DL02); unknown passcodes map to themselves. */
  canonical(passcode: number): number {
    const c = this.byCode.get(passcode);
    return c && c.alias ? c.alias : passcode;
  }

  /** Card by name (case/quote/space-insensitive); prefers the non-alias, TCG/OCG record. */
  findByName(name: string): CardRecord | undefined {
    return this.byName.get(normaliseYgoName(name));
  }

  /** Display name for a passcode: the card's name, else the alias target's, else "#<passcode>". */
  nameOf(passcode: number): string {
    const c = this.byCode.get(passcode);
    if (c?.name) return c.name;
    if (c?.alias) {
      const a = this.byCode.get(c.alias);
      if (a?.name) return a.name;
    }
    return `#${passcode}`;
  }
}

function nameRank(c: CardRecord): number {
  // lower is better: official (OCG/TCG, not pre-release/anime/illegal) and not an alias
  let r = 0;
  if (c.alias) r += 4;
  if ((c.ot & 0x3) === 0 || (c.ot & 0x10c) !== 0) r += 2;
  if (c.isToken) r += 1;
  return r;
}

/** Max copies for one YGOPRODeck `banlist_info` value: "Banned"/"Forbidden" 0, "Limited" 1, "Semi-Limited" 2, missing 3 (C75). */
export function ygoprodeckStatusToLimit(status: unknown): number {
  if (typeof status !== "string") return 3;
  const s = status.trim().toLowerCase();
  if (s === "banned" || s === "forbidden") return 0;
  if (s === "limited") return 1;
  if (s === "semi-limited" || s === "semi limited" || s === "semilimited") return 2;
  return 3;
}

/**
 * Max copies of a YGOPRODeck card object on one region's list (C75): reads
 * `banlist_info.ban_<region>`; a missing `banlist_info` or key = 3. Other regions are ignored.
 */
export function ygoprodeckLimit(
  card: { banlist_info?: Record<string, unknown> } | null | undefined,
  region: "tcg" | "ocg" | "goat",
): number {
  const info = card?.banlist_info;
  if (!info || typeof info !== "object") return 3;
  return ygoprodeckStatusToLimit((info as Record<string, unknown>)[`ban_${region}`]);
}

const FRAME_BITS: Record<string, number> = {
  normal: TYPE_MONSTER | 0x10,
  effect: TYPE_MONSTER | 0x20,
  ritual: TYPE_MONSTER | TYPE_RITUAL,
  fusion: TYPE_MONSTER | TYPE_FUSION,
  synchro: TYPE_MONSTER | TYPE_SYNCHRO,
  xyz: TYPE_MONSTER | TYPE_XYZ,
  link: TYPE_MONSTER | TYPE_LINK,
  spell: TYPE_SPELL,
  trap: TYPE_TRAP,
  token: TYPE_MONSTER | TYPE_TOKEN,
  skill: TYPE_SKILL,
};

/** Type bits derived from a YGOPRODeck `frameType` (e.g. "xyz_pendulum" → MONSTER|XYZ|PENDULUM) and `type` text. */
export function ygoprodeckTypeBits(frameType: unknown, typeText: unknown): number {
  let bits = 0;
  const f = typeof frameType === "string" ? frameType.toLowerCase() : "";
  for (const part of f.split("_")) {
    if (part === "pendulum") bits |= TYPE_MONSTER | TYPE_PENDULUM;
    else if (FRAME_BITS[part] !== undefined) bits |= FRAME_BITS[part];
  }
  if (bits === 0 && typeof typeText === "string") {
    const t = typeText.toLowerCase();
    if (t.includes("token")) bits |= TYPE_MONSTER | TYPE_TOKEN;
    else if (t.includes("spell")) bits |= TYPE_SPELL;
    else if (t.includes("trap")) bits |= TYPE_TRAP;
    else if (t.includes("skill")) bits |= TYPE_SKILL;
    else if (t.includes("monster")) bits |= TYPE_MONSTER;
    if (t.includes("fusion")) bits |= TYPE_FUSION;
    if (t.includes("synchro")) bits |= TYPE_SYNCHRO;
    if (t.includes("xyz")) bits |= TYPE_XYZ;
    if (t.includes("link")) bits |= TYPE_LINK;
  }
  return bits;
}

/**
 * Reads YGOPRODeck API v7 card JSON (RULES §7.4): `{data:[card,…]}`, a bare array, or one card.
 * Output: `cards` — one record per card `id` plus one per alternate-artwork `card_images[].id`
 * (alias → the card id, C76); `ot` is 3 (OCG+TCG, unknown in this source); and one blacklist
 * per region (`tcg`, `ocg`, `goat`) built from `banlist_info` (C75), listing every artwork
 * passcode. Cards without a numeric `id` are skipped. Never throws on odd shapes.
 */
export function readYgoprodeckJson(json: unknown): { cards: CardRecord[]; banlists: Record<"tcg" | "ocg" | "goat", YgoBanlist> } {
  const list: unknown[] = Array.isArray(json)
    ? json
    : json && typeof json === "object" && Array.isArray((json as { data?: unknown }).data)
      ? (json as { data: unknown[] }).data
      : json && typeof json === "object"
        ? [json]
        : [];
  const cards: CardRecord[] = [];
  const banlists = {
    tcg: { name: "YGOPRODeck TCG", isWhitelist: false, entries: new Map<number, number>() },
    ocg: { name: "YGOPRODeck OCG", isWhitelist: false, entries: new Map<number, number>() },
    goat: { name: "YGOPRODeck GOAT", isWhitelist: false, entries: new Map<number, number>() },
  };
  for (const raw of list) {
    if (!raw || typeof raw !== "object") continue;
    const c = raw as Record<string, unknown>;
    const id = Number(c.id);
    if (!Number.isInteger(id) || id <= 0) continue;
    const name = typeof c.name === "string" ? c.name : "";
    const type = ygoprodeckTypeBits(c.frameType, c.type);
    const codes = [id];
    cards.push(makeCard(id, 0, name, type, 3));
    if (Array.isArray(c.card_images)) {
      for (const img of c.card_images) {
        const alt = Number((img as { id?: unknown } | null)?.id);
        if (Number.isInteger(alt) && alt > 0 && !codes.includes(alt)) {
          codes.push(alt);
          cards.push(makeCard(alt, id, name, type, 3));
        }
      }
    }
    for (const region of ["tcg", "ocg", "goat"] as const) {
      const lim = ygoprodeckLimit(c as { banlist_info?: Record<string, unknown> }, region);
      if (lim < 3) for (const code of codes) banlists[region].entries.set(code, lim);
    }
  }
  return { cards, banlists };
}
