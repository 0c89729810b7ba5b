/**
 * Reference for the `cards` benchmark: the card-database import path as it was before the staged
 * import (lib/server/write/cardImport.ts at commit d18f480), kept verbatim so the benchmark measures
 * today's code against it in the same run. Not used by the app.
 *
 * Read: `readCdb` (sql.js in the calling thread, one SELECT joining datas/texts).
 * Write: inside ONE transaction, read every stored Card, merge, delete changed rows, then
 * `createMany` in chunks of 2,000.
 */
import { isTextFile, mergeCards, readYgoprodeckJson, type CardRecord } from "../lib/decks";
import { readCdbReference as readCdb } from "./cards-reference-cdb";
import { ActionError } from "../lib/errors";
import { invalidateCards } from "../lib/server/write/cards";
import type { Tx } from "../lib/db";

export type CardFileKind = "cdb" | "ygoprodeck-json";

export interface CardImportSummary {
  file: string | null;
  kind: CardFileKind;
  /** Cards in the file (YGOPRODeck: one per artwork passcode). */
  cards: number;
  /** Passcodes that were not stored before. */
  added: number;
  /** Stored passcodes whose alias, name, type or ot changed. */
  changed: number;
  /** Cards of the file already stored with the same alias, name, type and ot (nothing written). */
  unchanged: number;
  /** Cards stored after the import. */
  total: number;
}

const SQLITE_MAGIC = "SQLite format 3\0";

/** "cdb" when the bytes start with the SQLite header, else "ygoprodeck-json". */
export function cardFileKind(bytes: Uint8Array): CardFileKind {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, SQLITE_MAGIC.length));
  return head === SQLITE_MAGIC ? "cdb" : "ygoprodeck-json";
}

/**
 * Reads a card file: an EDOPro/YGOPro `.cdb` (SQLite) or YGOPRODeck API v7 card JSON
 * (`{data:[…]}`, an array, or one card). Throws ActionError (field "bytes") naming the file and
 * the reason when it is neither (e.g. an image: "photo.png is not an EDOPro/YGOPro card database
 * (.cdb) or YGOPRODeck card JSON (it is a binary file, not an SQLite database)."; a decoder's or
 * JSON parser's internal message is never shown), or holds no cards.
 */
export async function readCardFile(bytes: Uint8Array, fileName?: string): Promise<{ kind: CardFileKind; cards: CardRecord[] }> {
  const label = fileName ?? "The file";
  const file = fileName || "none"; // message param: "none" = no file name (catalogue says "the file")
  const kind = cardFileKind(bytes);
  let cards: CardRecord[];
  if (kind === "cdb") {
    try {
      cards = await readCdb(bytes);
    } catch (e) {
      throw new ActionError("BAD_CDB", `${label} is not an EDOPro/YGOPro card database (.cdb): ${(e as Error).message}`, "bytes", {
        what: "unreadable",
        file,
        reason: (e as Error).message,
      });
    }
  } else {
    const neither = (why: string, what: "binary" | "notJson") =>
      new ActionError("BAD_CARD_FILE", `${label} is not an EDOPro/YGOPro card database (.cdb) or YGOPRODeck card JSON (${why}).`, "bytes", {
        what,
        file,
      });
    if (!isTextFile(bytes)) throw neither("it is a binary file, not an SQLite database", "binary");
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, ""));
    } catch {
      throw neither("it is text but not valid JSON", "notJson");
    }
    cards = readYgoprodeckJson(json).cards;
  }
  if (cards.length === 0)
    throw new ActionError(kind === "cdb" ? "BAD_CDB" : "BAD_CARD_FILE", `${label} holds no cards.`, "bytes", { what: "empty", file });
  return { kind, cards };
}

/**
 * Stores `incoming` over the Card table (EDOPro delta semantics, `mergeCards`): new passcodes are
 * added, stored ones whose alias/name/type/ot differ are replaced in place, nothing is deleted.
 * YGOPRODeck JSON does not carry the exact `ot` scope or every type bit, so for a passcode already
 * stored a JSON row keeps the stored `ot` and `type` (only name and alias update).
 * Writes in chunks of `chunk` rows, calling `onProgress(done, todo)` after each; run it inside
 * one transaction (the caller's) so a failure leaves nothing half saved. Clears the card cache.
 */
export async function importCardRecords(
  tx: Tx,
  file: { kind: CardFileKind; cards: CardRecord[]; fileName?: string | null },
  opts: { chunk?: number; onProgress?: (done: number, todo: number) => void } = {},
): Promise<CardImportSummary> {
  const existing = await tx.card.findMany();
  const old: CardRecord[] = existing.map((c) => ({
    passcode: c.passcode,
    alias: c.alias,
    name: c.name,
    type: c.type,
    ot: c.ot,
    isExtra: c.isExtra,
    isToken: c.isToken,
  }));
  const oldBy = new Map(old.map((c) => [c.passcode, c]));
  const incoming =
    file.kind === "ygoprodeck-json"
      ? file.cards.map((c) => {
          const o = oldBy.get(c.passcode);
          return o ? { ...c, ot: o.ot, type: o.type, isExtra: o.isExtra, isToken: o.isToken } : c;
        })
      : file.cards;
  const merged = mergeCards(old, incoming);
  const incomingCodes = new Set(incoming.map((c) => c.passcode));
  const differs = (a: CardRecord, b: CardRecord) => a.alias !== b.alias || a.name !== b.name || a.type !== b.type || a.ot !== b.ot;
  const fresh = merged.cards.filter((c) => incomingCodes.has(c.passcode) && !oldBy.has(c.passcode));
  const changed = merged.cards.filter((c) => incomingCodes.has(c.passcode) && oldBy.has(c.passcode) && differs(c, oldBy.get(c.passcode)!));
  const rows = [...changed, ...fresh];
  const chunk = Math.max(1, opts.chunk ?? 2000);
  opts.onProgress?.(0, rows.length);
  if (changed.length) await tx.card.deleteMany({ where: { passcode: { in: changed.map((c) => c.passcode) } } });
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    await tx.card.createMany({
      data: part.map((c) => ({
        passcode: c.passcode,
        alias: c.alias,
        name: c.name,
        type: c.type,
        ot: c.ot,
        isExtra: c.isExtra,
        isToken: c.isToken,
      })),
    });
    opts.onProgress?.(i + part.length, rows.length);
  }
  invalidateCards();
  return {
    file: file.fileName ?? null,
    kind: file.kind,
    cards: incoming.length,
    added: fresh.length,
    changed: changed.length,
    unchanged: new Set(incoming.map((c) => c.passcode)).size - fresh.length - changed.length,
    total: merged.cards.length,
  };
}
