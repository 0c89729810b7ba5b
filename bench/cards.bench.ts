/**
 * Card database import benchmark (issue #13 item 12): `cards.importSeconds` = upload bytes of the
 * merged 14,893-card EDOPro `.cdb` (../shared/data/cards) → committed Card rows, through the
 * `importCards` action the /cards page uses (worker read, staging batches, swap), on the
 * embedded database (PGlite served by scripts/with-db.mjs in its own process, as `npm start`).
 * Reference: the import path before this change, kept in bench/cards-reference.ts, measured in
 * the same run on the same database. Target ratio ≤ 0.1 on the medians of 7 alternating runs of
 * each, after one warm-up run of each (a server imports with its worker and sql.js already
 * loaded); the best runs are in the notes.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import type { BenchResult } from "./run";

export async function run(): Promise<BenchResult[]> {
  const root = path.resolve(import.meta.dirname, "..");
  const env: NodeJS.ProcessEnv = { ...process.env, EMBEDDED_DB_DIR: `memory://cards-bench-${process.pid}` };
  delete env.DATABASE_URL;
  const r = spawnSync(
    process.execPath,
    ["scripts/with-db.mjs", process.execPath, "--expose-gc", "--import", "tsx", "bench/cards-child.ts"],
    { cwd: root, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const line = r.stdout
    .trim()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .at(-1);
  if (r.status !== 0 || !line) throw new Error(`cards bench failed (exit ${r.status}):\n${r.stderr.slice(-4000)}`);
  const m = JSON.parse(line) as {
    referenceSeconds: number;
    seconds: number;
    referenceMedian: number;
    median: number;
    firstReference: number;
    firstValue: number;
    refs: number[];
    vals: number[];
    runs: number;
  };
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return [
    {
      name: "cards.importSeconds",
      value: round(m.median),
      unit: "s",
      reference:
        "import path before the staged import (bench/cards-reference.ts: sql.js in the request thread, one transaction, " +
        "createMany chunks of 2,000)",
      referenceValue: round(m.referenceMedian),
      ratio: Math.round((m.median / m.referenceMedian) * 1000) / 1000,
      notes:
        `merged EDOPro .cdb, 14,893 cards into an empty card table, embedded PGlite; median of ${m.runs} alternating runs after ` +
        `one warm-up each, each from a collected heap (best runs: value ${round(m.seconds)} s, reference ` +
        `${round(m.referenceSeconds)} s, ratio ${(m.seconds / m.referenceSeconds).toFixed(3)}; first runs: value ` +
        `${round(m.firstValue)} s, reference ${round(m.firstReference)} s); runs value ${m.vals.map(round).join("/")} s, reference ` +
        `${m.refs.map(round).join("/")} s; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores during the run; ` +
        `target ratio ≤ 0.1`,
    },
  ];
}
