/**
 * One worker thread for one piece of work on an uploaded file (issue #17: an upload is parsed
 * without blocking other requests): runs `source` (CommonJS, as eval workers are) with
 * `workerData`, resolves with the first message it posts, then ends it. A worker that posts nothing
 * within `timeoutMs` is ended and resolves `{ ok: false, message }` naming the bound in seconds; a
 * worker that crashes resolves `{ ok: false, message }` with its error. Never rejects. Heap: 512 MB.
 */
import { Worker } from "node:worker_threads";

export function runOnceInWorker<T>(source: string, workerData: unknown, timeoutMs: number): Promise<T | { ok: false; message: string }> {
  return new Promise((resolve) => {
    const w = new Worker(source, { eval: true, workerData, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    const timer = setTimeout(() => {
      void w.terminate();
      resolve({ ok: false, message: `reading the file took longer than ${timeoutMs / 1000} s` });
    }, timeoutMs);
    w.once("message", (m: T) => {
      clearTimeout(timer);
      void w.terminate();
      resolve(m);
    });
    w.once("error", (e) => {
      clearTimeout(timer);
      resolve({ ok: false, message: e.message });
    });
  });
}
