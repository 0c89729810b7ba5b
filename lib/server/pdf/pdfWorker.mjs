// @ts-check
/**
 * Worker thread for deck-check PDFs (issue #17): answers one message `{ input }` (a DeckSheetsInput)
 * with `{ pdf }` (bytes, transferred) or `{ error }`, then the thread ends. Started by
 * lib/server/pdf/deckSheetsPdf.ts so building a 1,500-duelist PDF never blocks the server's event loop.
 */
import { parentPort } from "node:worker_threads";
import { buildDeckSheets } from "../../pdf/deckSheets.mjs";

parentPort?.once("message", async (/** @type {{ input: import("../../pdf/deckSheets.d.mts").DeckSheetsInput }} */ msg) => {
  try {
    const pdf = await buildDeckSheets(msg.input);
    const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    parentPort?.postMessage({ pdf: bytes }, [bytes.buffer]);
  } catch (e) {
    parentPort?.postMessage({ error: String(/** @type {Error} */ (e)?.message ?? e) });
  }
});
