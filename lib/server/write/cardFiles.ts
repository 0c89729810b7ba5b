/**
 * Reading uploaded `.cdb` files off the server's event loop (issue #12 "Card files"): the checked
 * reader (lib/decks/cdbRows.mjs) runs in one worker thread (lib/server/write/cardFileWorker.mjs),
 * started on first use and kept warm (sql.js loaded once). A file that takes longer than
 * `CDB_READ_TIMEOUT_MS` (10 s) kills the worker (the next file starts a new one) and is refused.
 * Files are read one at a time; a second file waits for the first.
 */
import { Worker } from "node:worker_threads";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { CdbChunk, CdbRowsResult } from "@/lib/decks/cdbRows.mjs";

export const CDB_READ_TIMEOUT_MS = 10_000;

type Pending = {
  id: number;
  resolve: (r: CdbRowsResult) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
  onChunk?: (c: CdbChunk) => void;
};
const g = globalThis as unknown as {
  tandemCdbWorker?: { worker: Worker; pending: Map<number, Pending> };
  tandemCdbQueue?: Promise<unknown>;
  tandemCdbSeq?: number;
};

/** Thrown when the worker did not answer in time (it is killed) or died. */
export class CdbReadFailed extends Error {
  constructor(
    readonly reason: "timeout" | "crashed",
    detail: string,
  ) {
    super(detail);
    this.name = "CdbReadFailed";
  }
}

/**
 * The worker's bootstrap: a one-line script importing lib/server/write/cardFileWorker.mjs from the
 * project root (`next start`, scripts and tests all run there). Passed as source text (eval) so
 * the bundler does not try to bundle the worker and sql.js's WebAssembly into the server build.
 */
function workerSource(): string {
  const file = pathToFileURL(path.join(process.cwd(), "lib", "server", "write", "cardFileWorker.mjs")).href;
  return `import(${JSON.stringify(file)}).catch((e) => { console.error(e); process.exit(1); });`;
}

function worker(): { worker: Worker; pending: Map<number, Pending> } {
  if (g.tandemCdbWorker) return g.tandemCdbWorker;
  const w = new Worker(workerSource(), { eval: true, resourceLimits: { maxOldGenerationSizeMb: 256 } });
  const state = { worker: w, pending: new Map<number, Pending>() };
  w.unref();
  w.on("message", (m: { id: number; result?: CdbRowsResult; error?: string; chunk?: CdbChunk }) => {
    const p = state.pending.get(m.id);
    if (!p) return;
    if (m.chunk) {
      p.onChunk?.(m.chunk);
      return;
    }
    state.pending.delete(m.id);
    clearTimeout(p.timer);
    if (m.result) p.resolve(m.result);
    else p.reject(new CdbReadFailed("crashed", m.error ?? "the reader failed"));
  });
  const fail = (why: string) => {
    if (g.tandemCdbWorker === state) g.tandemCdbWorker = undefined;
    for (const p of state.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new CdbReadFailed("crashed", why));
    }
    state.pending.clear();
  };
  w.on("error", (e) => fail(e.message));
  w.on("exit", (code) => fail(`the reader stopped (exit code ${code})`));
  g.tandemCdbWorker = state;
  return state;
}

/** Kills the worker (if any); the next read starts a fresh one. */
export async function stopCdbWorker(): Promise<void> {
  const s = g.tandemCdbWorker;
  g.tandemCdbWorker = undefined;
  if (s) await s.worker.terminate();
}

/**
 * Reads a `.cdb` in the worker. Resolves with the checked reader's result (rows, or row errors);
 * with `onChunk`, accepted rows arrive in chunks of 5,000 while the worker reads on (the result's
 * arrays are then empty; a later refusal still resolves `ok: false`);
 * rejects with CdbReadFailed("timeout") after `timeoutMs` (the worker is terminated) or
 * CdbReadFailed("crashed") if the worker died (e.g. out of memory).
 */
export function readCdbInWorker(
  bytes: Uint8Array,
  timeoutMs = CDB_READ_TIMEOUT_MS,
  onChunk?: (c: CdbChunk) => void,
  chunkRows = 5000,
): Promise<CdbRowsResult> {
  const run = () =>
    new Promise<CdbRowsResult>((resolve, reject) => {
      const s = worker();
      const id = (g.tandemCdbSeq = (g.tandemCdbSeq ?? 0) + 1);
      const timer = setTimeout(() => {
        s.pending.delete(id);
        if (g.tandemCdbWorker === s) g.tandemCdbWorker = undefined;
        void s.worker.terminate();
        reject(new CdbReadFailed("timeout", `reading the file took longer than ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      s.pending.set(id, { id, resolve, reject, timer, onChunk });
      s.worker.ref();
      const copy = bytes.slice();
      s.worker.postMessage({ id, bytes: copy, stream: Boolean(onChunk), chunkRows }, [copy.buffer]);
    }).finally(() => {
      if (g.tandemCdbWorker && g.tandemCdbWorker.pending.size === 0) g.tandemCdbWorker.worker.unref();
    });
  const next = (g.tandemCdbQueue ?? Promise.resolve()).then(run, run);
  g.tandemCdbQueue = next.catch(() => undefined);
  return next;
}
