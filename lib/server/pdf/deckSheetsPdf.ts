/**
 * Builds a deck-check PDF in a worker thread (lib/server/pdf/pdfWorker.mjs), so other requests are
 * served while a whole event's forms are laid out (issue #17). One worker per PDF, ended after
 * `PDF_TIMEOUT_MS` (120 s) at the latest; at most `MAX_PARALLEL_PDFS` (2) build at once, at most
 * `MAX_WAITING_PDFS` (4) wait, and a request past that is refused with `PdfBusy` (the routes answer
 * 503 with Retry-After) so repeated downloads cannot queue unbounded work.
 */
import { Worker } from "node:worker_threads";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { DeckSheetsInput } from "@/lib/pdf/deckSheets.mjs";

export const PDF_TIMEOUT_MS = 120_000;
export const MAX_PARALLEL_PDFS = 2;
export const MAX_WAITING_PDFS = 4;

/** Thrown when `MAX_PARALLEL_PDFS` PDFs are building and `MAX_WAITING_PDFS` wait already. */
export class PdfBusy extends Error {
  constructor() {
    super("PDF builder busy");
    this.name = "PdfBusy";
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/**
 * The worker's bootstrap, passed as source (eval) so the bundler leaves pdfkit and the fonts out of
 * the server build; imports the worker file from the project root (`next start`, scripts and tests run there).
 */
function workerSource(): string {
  const file = pathToFileURL(path.join(process.cwd(), "lib", "server", "pdf", "pdfWorker.mjs")).href;
  return `import(${JSON.stringify(file)}).catch((e) => { console.error(e); process.exit(1); });`;
}

function runOnce(input: DeckSheetsInput): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const w = new Worker(workerSource(), { eval: true, resourceLimits: { maxOldGenerationSizeMb: 400 } });
    const timer = setTimeout(() => {
      void w.terminate();
      reject(new Error("the PDF took too long"));
    }, PDF_TIMEOUT_MS);
    w.once("message", (m: { pdf?: Uint8Array; error?: string }) => {
      clearTimeout(timer);
      void w.terminate();
      if (m.pdf) resolve(m.pdf);
      else reject(new Error(m.error ?? "the PDF failed"));
    });
    w.once("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    w.postMessage({ input });
  });
}

/**
 * The PDF bytes of `input` (see lib/pdf/deckSheets.mjs). Throws `PdfBusy` when the queue is full,
 * an Error when the worker fails or times out.
 */
export async function deckSheetsPdf(input: DeckSheetsInput): Promise<Uint8Array> {
  if (running >= MAX_PARALLEL_PDFS && waiting.length >= MAX_WAITING_PDFS) throw new PdfBusy();
  if (running >= MAX_PARALLEL_PDFS) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await runOnce(input);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** The routes' answer when the PDF cannot be built now (busy: 503 + Retry-After) or failed (500), without a stack trace. */
export function pdfFailure(e: unknown): Response {
  const busy = e instanceof PdfBusy;
  if (!busy) console.error("[pdf]", e);
  return new Response(busy ? "The PDF builder is busy; try again in a minute.\n" : "The PDF could not be built.\n", {
    status: busy ? 503 : 500,
    headers: { "content-type": "text/plain; charset=utf-8", ...(busy ? { "retry-after": "60" } : {}) },
  });
}
