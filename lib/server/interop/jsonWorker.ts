/**
 * JSON.parse off the request thread (issue #17: an uploaded archive is parsed without blocking
 * other requests): one worker thread per call parses the text and posts the value back. A file
 * that takes longer than JSON_PARSE_TIMEOUT_MS (20 s) is refused (the worker is ended).
 * Resolves { ok: true, doc } or { ok: false, message } (the parser's message); never rejects.
 */
import { runOnceInWorker } from "./onceWorker";

export const JSON_PARSE_TIMEOUT_MS = 20_000;

// CommonJS source (eval workers are scripts): parses workerData and answers once.
const SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const text = workerData.charCodeAt(0) === 0xfeff ? workerData.slice(1) : workerData;
try { parentPort.postMessage({ ok: true, doc: JSON.parse(text) }); }
catch (e) { parentPort.postMessage({ ok: false, message: String((e && e.message) || e) }); }
`;

/** Parses `text` in a worker thread (see the module comment). */
export function parseJsonInWorker(text: string): Promise<{ ok: true; doc: unknown } | { ok: false; message: string }> {
  return runOnceInWorker<{ ok: true; doc: unknown } | { ok: false; message: string }>(SOURCE, text, JSON_PARSE_TIMEOUT_MS);
}
