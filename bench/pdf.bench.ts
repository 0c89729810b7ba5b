/**
 * Deck-check PDF benchmark (issue #17): the whole event's PDF of a 750-team Tag Duel event (1,500
 * duelists: 750 Tag team registration forms + 1,500 Konami deck list forms), built as the
 * `/api/events/:id/deckchecks` route builds it (lib/server/pdf/deckSheetsPdf, worker thread).
 * Lists are the real `.ydk` files of ../shared/data/decks/ydk, cycled; names and types from the
 * merged 2026-08-22 `.cdb` (lib/pdf/sheetLists). Runs in a child process so its peak RSS is the
 * PDF's own (input JSON prepared here).
 *
 * `pdf.eventDecklistsSeconds`: seconds for the 750-team PDF; target < 60 s. Reference (same run,
 * same child): the 8-team PDF's seconds × 750/8 (linear scaling); ratio = value / reference.
 * `pdf.eventDecklistsPeakMB`: peak RSS of the child (MB); target < 500 MB. Reference: the child's
 * peak after the 8-team PDF alone (a second child), ratio = value / reference.
 */
import { readFileSync, readdirSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import type { BenchResult } from "./run";
import { readCdb } from "../lib/decks/cdb";
import { sqlWasmBinary } from "../lib/server/sqlWasm";
import { parseYdk } from "../lib/decks/parse/ydk";
import { ygoSheetList } from "../lib/pdf/sheetLists";
import type { DeckSheetsInput } from "../lib/pdf/deckSheets.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const DATA = path.resolve(root, "../shared/data");
const TEAMS = 750;
const REF_TEAMS = 8;

async function eventInput(teams: number): Promise<DeckSheetsInput> {
  const records = await readCdb(new Uint8Array(readFileSync(path.join(DATA, "cards/edopro_cards_merged_2026-08-22.cdb"))), {
    wasmBinary: await sqlWasmBinary(),
  });
  const rows = new Map(records.map((r) => [r.passcode, { name: r.name, type: r.type }]));
  const dir = path.join(DATA, "decks/ydk");
  const lists = readdirSync(dir)
    .sort()
    .flatMap((f) => {
      const p = parseYdk(readFileSync(path.join(dir, f), "utf8"));
      return p.ok ? [ygoSheetList(p.deck, rows)] : [];
    });
  return {
    game: "YGO",
    event: { name: "Tag Duel Championship 2026", date: "2026-12-01", location: "Fiera di Roma" },
    teams: Array.from({ length: teams }, (_, i) => ({
      number: i + 1,
      name: `Team ${i + 1} Zoë 山田`,
      duelists: (["A", "B"] as const).map((designation, k) => ({
        designation,
        name: k ? `Duelist ${i + 1}B Rossi` : `Zoë ${i + 1} 山田 عليّ`,
        playerId: String(1_000_000_000 + 2 * i + k).padStart(10, "0"),
        list: lists[(2 * i + k) % lists.length],
      })),
    })),
  };
}

function child(files: string[]): { runs: { seconds: number; bytes: number }[]; peakMB: number } {
  const r = spawnSync(process.execPath, ["--import", "tsx", "bench/pdf-child.ts", ...files], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = r.stdout
    .trim()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .at(-1);
  if (r.status !== 0 || !line) throw new Error(`pdf bench failed (exit ${r.status}):\n${r.stderr.slice(-4000)}`);
  return JSON.parse(line);
}

export async function run(): Promise<BenchResult[]> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "tandem-pdf-bench-"));
  try {
    const small = path.join(tmp, "small.json");
    const big = path.join(tmp, "big.json");
    writeFileSync(small, JSON.stringify(await eventInput(REF_TEAMS)));
    writeFileSync(big, JSON.stringify(await eventInput(TEAMS)));
    const refOnly = child([small]);
    const m = child([small, big]);
    const [ref, full] = m.runs;
    const scaled = (ref.seconds * TEAMS) / REF_TEAMS;
    const r3 = (x: number) => Math.round(x * 1000) / 1000;
    return [
      {
        name: "pdf.eventDecklistsSeconds",
        value: r3(full.seconds),
        unit: "s",
        reference: `8-team PDF × ${TEAMS}/${REF_TEAMS} (same run)`,
        referenceValue: r3(scaled),
        ratio: r3(full.seconds / scaled),
        notes:
          `${TEAMS} teams = ${2 * TEAMS} duelists, ${3 * TEAMS} pages, ${(full.bytes / 2 ** 20).toFixed(1)} MiB; worker thread ` +
          `(lib/server/pdf/deckSheetsPdf); target < 60 s; load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
      },
      {
        name: "pdf.eventDecklistsPeakMB",
        value: Math.round(m.peakMB),
        unit: "MB",
        reference: "peak RSS of a child building only the 8-team PDF",
        referenceValue: Math.round(refOnly.peakMB),
        ratio: r3(m.peakMB / refOnly.peakMB),
        notes: `peak RSS of the process building the ${TEAMS}-team PDF (worker included); target < 500 MB`,
      },
    ];
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
