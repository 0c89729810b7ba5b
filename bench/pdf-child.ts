/**
 * Child of bench/pdf.bench.ts: reads the DeckSheetsInput JSON files named on the command line
 * (reference first, then the event), builds each PDF through lib/server/pdf/deckSheetsPdf (the
 * worker thread the route handlers use) and prints one JSON line: seconds and bytes per input, and
 * the process's peak RSS (MB; worker threads share the process, so it counts them).
 */
import { readFileSync } from "node:fs";
import { deckSheetsPdf } from "../lib/server/pdf/deckSheetsPdf";
import type { DeckSheetsInput } from "../lib/pdf/deckSheets.mjs";

const out: { seconds: number; bytes: number }[] = [];
for (const f of process.argv.slice(2)) {
  const input = JSON.parse(readFileSync(f, "utf8")) as DeckSheetsInput;
  const t0 = performance.now();
  const pdf = await deckSheetsPdf(input);
  out.push({ seconds: (performance.now() - t0) / 1000, bytes: pdf.byteLength });
}
console.log(JSON.stringify({ runs: out, peakMB: process.resourceUsage().maxRSS / 1024 }));
