// @ts-check
/**
 * The checked reader of EDOPro/YGOPro `.cdb` card databases (issue #12 "Card files"). Pure: it
 * gets the sql.js module and the file's bytes, reads nothing else, and returns rows or errors.
 * Plain JavaScript (typed by cdbRows.d.mts) so the same code runs in the app and, unchanged, in
 * the worker thread lib/server/write/cardFileWorker.mjs, which needs no TypeScript loader.
 *
 * A file is refused (never partly read) when:
 * - `datas` or `texts` is missing, a view, a virtual table (views can hide recursive CTEs
 *   that produce unbounded rows from a few KB) or a WITHOUT ROWID table;
 * - `PRAGMA table_xinfo` shows a hidden or generated column in either table;
 * - a table holds more than MAX_ROWS (50,000) rows, a name is longer than MAX_NAME (200)
 *   characters or a card text longer than MAX_TEXT (10,000);
 * - a passcode (`datas.id`, `texts.id`) is not an integer 1 … 2,147,483,647, an alias not 0 or
 *   such an integer, `ot` not an integer 0 … 2,147,483,647, `type` not an integer 0 … 4,294,967,295
 *   (stored as its signed 32-bit pattern: EDOPro type bits use bit 31), a passcode repeats, or a
 *   name holds NUL, a lone surrogate or a bidi override (the name rule of lib/teams).
 * Only explicit columns are read: datas(id, alias, type, ot), texts(id, name). Errors name the
 * table, the row (1-based, in the table's stored order) and the row's id.
 */

export const MAX_ROWS = 50_000;
export const MAX_NAME = 200;
export const MAX_TEXT = 10_000;
export const MAX_PASSCODE = 2_147_483_647;
/** At most this many row errors are listed; the rest are counted ("… and N more"). */
export const MAX_LISTED_ERRORS = 20;

// Same characters lib/teams refuses in names: NUL, lone surrogates, bidi embeddings/overrides/isolates.
const BAD_NAME_CHARS = /\u0000|[\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** @param {unknown} v @param {number} min @param {number} max */
const intIn = (v, min, max) => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

/**
 * @param {{ Database: new (data?: Uint8Array) => any }} SQL  the initialised sql.js module
 * @param {Uint8Array} bytes  the `.cdb` file
 * @param {{ chunkRows?: number; onChunk?: (chunk: import("./cdbRows.d.mts").CdbChunk) => void }} [stream]
 *   with `onChunk`, accepted rows are handed over every `chunkRows` (default 5,000) while no error
 *   was found, and the result's arrays are empty (`streamed` = rows handed over); a later error
 *   still makes the result `ok: false` (the caller discards what it got)
 * @returns {import("./cdbRows.d.mts").CdbRowsResult}
 */
export function readCdbRows(SQL, bytes, stream = {}) {
  const { onChunk } = stream;
  const chunkRows = Math.max(1, stream.chunkRows ?? 5000);
  /** @type {import("./cdbRows.d.mts").CdbRowError[]} */
  const errors = [];
  let more = 0;
  /** @param {import("./cdbRows.d.mts").CdbRowError} e */
  const add = (e) => {
    if (errors.length < MAX_LISTED_ERRORS) errors.push(e);
    else more++;
  };
  /** @param {string} code @param {string} message @param {Record<string, string | number>} params */
  const refuse = (code, message, params = {}) => ({
    ok: /** @type {const} */ (false),
    errors: [{ table: null, row: null, code, message, params }],
    more: 0,
  });
  let db;
  try {
    db = new SQL.Database(bytes);
  } catch (e) {
    return refuse("NOT_SQLITE", `not an SQLite database (${/** @type {Error} */ (e).message})`);
  }
  try {
    /** @param {string} sql @returns {unknown[][]} */
    const all = (sql) => {
      const r = db.exec(sql);
      return r.length ? r[0].values : [];
    };
    let master;
    try {
      master = all("SELECT type, name, sql FROM sqlite_master WHERE lower(name) IN ('datas', 'texts')");
    } catch (e) {
      return refuse("NOT_SQLITE", `not an SQLite database (${/** @type {Error} */ (e).message})`);
    }
    const need = { datas: ["id", "alias", "type", "ot"], texts: ["id", "name"] };
    for (const table of /** @type {const} */ (["datas", "texts"])) {
      const rows = master.filter((r) => String(r[1]).toLowerCase() === table);
      if (rows.length === 0) return refuse("NO_TABLE", `the file has no "${table}" table`, { table });
      const [type, , sql] = rows[0];
      if (type !== "table") return refuse("NOT_A_TABLE", `"${table}" is a ${type}, not an ordinary table`, { table, kind: String(type) });
      if (/^\s*create\s+virtual\s+table/i.test(String(sql ?? "")))
        return refuse("NOT_A_TABLE", `"${table}" is a virtual table, not an ordinary table`, { table, kind: "virtual table" });
      // WITHOUT ROWID tables have no stored row order (the reader reads and names rows by rowid).
      try {
        all(`SELECT rowid FROM "${table}" LIMIT 0`);
      } catch {
        return refuse("NOT_A_TABLE", `"${table}" is a WITHOUT ROWID table, not an ordinary table`, { table, kind: "WITHOUT ROWID table" });
      }
      const cols = all(`PRAGMA table_xinfo("${table}")`);
      const hidden = cols.find((c) => c[6] !== 0);
      if (hidden)
        return refuse("HIDDEN_COLUMN", `"${table}" has a hidden or generated column ("${hidden[1]}")`, {
          table,
          column: String(hidden[1]),
        });
      const names = new Set(cols.map((c) => String(c[1]).toLowerCase()));
      const missing = need[table].find((c) => !names.has(c));
      if (missing) return refuse("NO_COLUMN", `"${table}" has no "${missing}" column`, { table, column: missing });
      const [[count]] = all(`SELECT count(*) FROM "${table}"`);
      if (Number(count) > MAX_ROWS)
        return refuse("TOO_MANY_ROWS", `"${table}" has ${count} rows; at most ${MAX_ROWS} are accepted`, {
          table,
          count: Number(count),
          max: MAX_ROWS,
        });
    }
    const textCols = all(`PRAGMA table_xinfo("texts")`).map((c) => String(c[1]));
    // The card text (desc) is capped; other columns (str1 … str16) are never read.
    const longText = textCols.filter((c) => c.toLowerCase() === "desc");
    // octet_length (bytes, never fewer than characters, read from the record header) skips the
    // character count of every text that cannot be too long: the same rows, a third of the time.
    const over = (/** @type {string} */ col, /** @type {number} */ max) => `(octet_length(${col}) > ${max} AND length(${col}) > ${max})`;
    const textOver = longText.map((c) => ` OR ${over(`"${c.replaceAll('"', '""')}"`, MAX_TEXT)}`).join("");
    const tooLong = all(
      `SELECT (SELECT count(*) FROM texts t2 WHERE t2.rowid <= texts.rowid), id, length(name) > ${MAX_NAME}
         FROM texts WHERE ${over("name", MAX_NAME)}${textOver} LIMIT ${MAX_LISTED_ERRORS + 1}`,
    );
    if (tooLong.length) {
      for (const [rowid, id, isName] of tooLong) {
        add(
          isName
            ? {
                table: "texts",
                row: Number(rowid),
                code: "NAME_TOO_LONG",
                message: `texts row ${rowid} (id ${id}): the name is longer than ${MAX_NAME} characters`,
                params: { table: "texts", row: Number(rowid), id: String(id), max: MAX_NAME },
              }
            : {
                table: "texts",
                row: Number(rowid),
                code: "TEXT_TOO_LONG",
                message: `texts row ${rowid} (id ${id}): a card text is longer than ${MAX_TEXT} characters`,
                params: { table: "texts", row: Number(rowid), id: String(id), max: MAX_TEXT },
              },
        );
      }
      return { ok: false, errors, more };
    }

    /** @type {number[]} */ const passcodes = [];
    /** @type {number[]} */ const aliases = [];
    /** @type {number[]} */ const types = [];
    /** @type {number[]} */ const ots = [];
    const seen = new Map();
    /** Row error `code` (BAD_PASSCODE, BAD_ALIAS, BAD_TYPE, BAD_OT, BAD_NAME, BAD_NAME_CHARS) with the English rule text. */
    const bad = (
      /** @type {string} */ table,
      /** @type {number} */ row,
      /** @type {unknown} */ id,
      /** @type {string} */ code,
      /** @type {string} */ rule,
    ) => add({ table, row, code, message: `${table} row ${row} (id ${String(id)}): ${rule}`, params: { table, row, id: String(id) } });
    /** @type {string[]} */ const names = [];
    const total = Number(all("SELECT count(*) FROM datas")[0][0]);
    let sent = 0;
    const flush = () => {
      onChunk?.({
        passcodes: passcodes.slice(sent),
        aliases: aliases.slice(sent),
        types: types.slice(sent),
        ots: ots.slice(sent),
        names: names.slice(sent),
        total,
      });
      sent = passcodes.length;
    };
    // One pass, datas in stored order with each card's name (texts looked up by id; an id
    // repeated in texts repeats the row and is refused as a duplicate passcode).
    const st = db.prepare("SELECT d.id, d.alias, d.type, d.ot, t.name FROM datas d LEFT JOIN texts t ON t.id = d.id ORDER BY d.rowid");
    try {
      for (let row = 1; st.step(); row++) {
        const [id, alias, type, ot, name] = st.get();
        let ok = true;
        if (!intIn(id, 1, MAX_PASSCODE)) {
          bad("datas", row, id, "BAD_PASSCODE", "the passcode must be a whole number from 1 to 2,147,483,647");
          ok = false;
        }
        if (!(alias === null || intIn(alias, 0, MAX_PASSCODE))) {
          bad("datas", row, id, "BAD_ALIAS", "the alias must be 0 or a passcode from 1 to 2,147,483,647");
          ok = false;
        }
        if (!(type === null || intIn(type, 0, 4_294_967_295))) {
          bad("datas", row, id, "BAD_TYPE", "the type must be a whole number from 0 to 4,294,967,295");
          ok = false;
        }
        if (!(ot === null || intIn(ot, 0, MAX_PASSCODE))) {
          bad("datas", row, id, "BAD_OT", "the scope (ot) must be a whole number from 0 to 2,147,483,647");
          ok = false;
        }
        if (name !== null && typeof name !== "string") {
          bad("datas", row, id, "BAD_NAME", "the name must be text");
          ok = false;
        } else if (name && BAD_NAME_CHARS.test(name)) {
          bad(
            "datas",
            row,
            id,
            "BAD_NAME_CHARS",
            "the name must not contain NUL, unpaired surrogates or bidirectional override characters",
          );
          ok = false;
        }
        if (ok && seen.has(id)) {
          add({
            table: "datas",
            row,
            code: "DUPLICATE",
            message: `datas row ${row}: passcode ${id} repeats row ${seen.get(id)}`,
            params: { table: "datas", row, id: String(id), first: seen.get(id) },
          });
          ok = false;
        }
        if (!ok) continue;
        seen.set(id, row);
        passcodes.push(/** @type {number} */ (id));
        aliases.push(/** @type {number} */ (alias ?? 0));
        types.push(/** @type {number} */ (type ?? 0) | 0);
        ots.push(/** @type {number} */ (ot ?? 0));
        names.push(/** @type {string | null} */ (name) ?? "");
        if (onChunk && errors.length === 0 && passcodes.length - sent >= chunkRows) flush();
      }
    } finally {
      st.free();
    }
    if (errors.length) return { ok: false, errors, more };
    if (onChunk) {
      if (passcodes.length > sent) flush();
      return { ok: true, passcodes: [], aliases: [], types: [], ots: [], names: [], streamed: passcodes.length };
    }
    return { ok: true, passcodes, aliases, types, ots, names };
  } finally {
    db.close();
  }
}
