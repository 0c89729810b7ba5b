/**
 * Reference copy of `readCdb` (lib/decks/cdb.ts at commit d18f480) for the `cards` benchmark:
 * sql.js in the calling thread, one unchecked SELECT joining datas and texts.
 */
import { makeCard } from "../lib/decks/cdb";
import type { CardRecord } from "../lib/decks/types";

interface ReadCdbOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
}
type SqlJsStatic = {
  Database: new (data?: Uint8Array) => { exec(sql: string): { columns: string[]; values: unknown[][] }[]; close(): void };
};
let sqlPromise: Promise<SqlJsStatic> | null = null;

async function locateWasm(): Promise<Uint8Array> {
  const fs = await import("node:fs/promises");
  const candidates: string[] = [];
  try {
    const { createRequire } = await import("node:module");
    const req = createRequire(import.meta.url);
    // Built at run time so bundlers (Turbopack) do not try to bundle the .wasm file.
    const spec = ["sql.js", "dist", "sql-wasm.wasm"].join("/");
    candidates.push(req.resolve(spec));
  } catch {
    /* import.meta.url may be unusable in a bundled server build; fall back to cwd */
  }
  const path = await import("node:path");
  candidates.push(path.join(process.cwd(), "node_modules", "sql.js", "dist", "sql-wasm.wasm"));
  let lastErr: unknown = null;
  for (const c of candidates) {
    try {
      return new Uint8Array(await fs.readFile(c));
    } catch (e) {
      lastErr = e;
    }
  }
  throw new Error(`sql.js WASM not found (tried ${candidates.join(", ")}): ${String(lastErr)}`);
}

async function getSql(opts?: ReadCdbOptions): Promise<SqlJsStatic> {
  if (!sqlPromise) {
    sqlPromise = (async () => {
      const mod = (await import("sql.js")) as unknown as { default?: unknown };
      const init = (mod.default ?? mod) as (cfg: { wasmBinary: ArrayBuffer }) => Promise<SqlJsStatic>;
      const bin = opts?.wasmBinary ?? (await locateWasm());
      const u8 = bin instanceof Uint8Array ? bin : new Uint8Array(bin);
      const ab = u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength) as ArrayBuffer;
      return init({ wasmBinary: ab });
    })();
    sqlPromise.catch(() => (sqlPromise = null));
  }
  return sqlPromise;
}

/**
 * Reads every card of an EDOPro/YGOPro `.cdb` (SQLite: `datas` joined with `texts` on `id`).
 * Input: the file's bytes. Output: one CardRecord per `datas` row (name "" if `texts` lacks it),
 * in passcode order. Throws if the bytes are not an SQLite database with a `datas` table.
 * Example: `edopro_cards_merged_2026-08-22.cdb` → 14,893 records (SOURCES.md).
 */
export async function readCdbReference(bytes: Uint8Array, opts?: ReadCdbOptions): Promise<CardRecord[]> {
  const SQL = await getSql(opts);
  const db = new SQL.Database(bytes);
  try {
    const res = db.exec(
      "SELECT d.id, d.alias, d.type, d.ot, COALESCE(t.name, '') FROM datas d LEFT JOIN texts t ON t.id = d.id ORDER BY d.id",
    );
    const out: CardRecord[] = [];
    if (res.length === 0) return out;
    for (const row of res[0].values) {
      out.push(makeCard(Number(row[0]), Number(row[1]) || 0, String(row[4] ?? ""), Number(row[2]) || 0, Number(row[3]) || 0));
    }
    return out;
  } finally {
    db.close();
  }
}
