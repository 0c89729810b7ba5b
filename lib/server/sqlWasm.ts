/**
 * The sql.js WASM binary (`node_modules/sql.js/dist/sql-wasm.wasm`) as bytes, for the pure `.cdb`
 * reader (lib/decks `readCdb(bytes, { wasmBinary })`): file access stays in the server layer so
 * lib/decks reads no files (tests/architecture/domainImports.test.ts). Resolved through the
 * module resolver, falling back to `<cwd>/node_modules` when a bundled build hides it. Read once
 * per process. Throws when neither path holds the file (the message lists both).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

let wasm: Promise<Uint8Array> | null = null;

async function locate(): Promise<Uint8Array> {
  const candidates: string[] = [];
  try {
    // Built at run time so bundlers (Turbopack) do not try to bundle the .wasm file.
    candidates.push(createRequire(import.meta.url).resolve(["sql.js", "dist", "sql-wasm.wasm"].join("/")));
  } catch {
    // import.meta.url may be unusable in a bundled server build; the cwd fallback follows.
  }
  candidates.push(path.join(process.cwd(), "node_modules", "sql.js", "dist", "sql-wasm.wasm"));
  let lastErr: unknown = null;
  for (const c of candidates) {
    try {
      return new Uint8Array(await readFile(c));
    } catch (e) {
      lastErr = e;
    }
  }
  throw new Error(`sql.js WASM not found (tried ${candidates.join(", ")}): ${String(lastErr)}`);
}

/** The WASM binary's bytes (cached; a failed read is retried on the next call). */
export function sqlWasmBinary(): Promise<Uint8Array> {
  if (!wasm) {
    wasm = locate();
    wasm.catch(() => (wasm = null));
  }
  return wasm;
}
