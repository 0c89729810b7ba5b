// @ts-check
/**
 * Worker thread for card-file uploads (issue #12 "Card files"): loads sql.js once, then answers
 * each message `{id, bytes, stream?}` with `{id, result}` from the pure checked reader (with
 * `stream`, accepted rows first arrive as `{id, chunk}` messages of 5,000 while reading goes on)
 * (lib/decks/cdbRows.mjs). Started and killed (after 10 s per file) by lib/server/write/cardFiles.ts,
 * so a crafted file costs this thread, never the server's event loop.
 */
import { parentPort } from "node:worker_threads";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { readCdbRows } from "../../decks/cdbRows.mjs";

const require = createRequire(import.meta.url);
const initSqlJs = require("sql.js");
const sqlReady = initSqlJs({ wasmBinary: readFileSync(require.resolve(["sql.js", "dist", "sql-wasm.wasm"].join("/"))) });

parentPort?.on("message", async (/** @type {{ id: number; bytes: Uint8Array; stream?: boolean; chunkRows?: number }} */ msg) => {
  try {
    const SQL = await sqlReady;
    const onChunk = msg.stream ? (/** @type {unknown} */ chunk) => parentPort?.postMessage({ id: msg.id, chunk }) : undefined;
    parentPort?.postMessage({ id: msg.id, result: readCdbRows(SQL, msg.bytes, { onChunk, chunkRows: msg.chunkRows }) });
  } catch (e) {
    parentPort?.postMessage({ id: msg.id, error: String(/** @type {Error} */ (e)?.message ?? e) });
  }
});
