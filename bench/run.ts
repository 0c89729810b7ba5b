/**
 * `npm run bench` runs every bench/*.bench.ts; `npm run bench -- NAME` runs bench/NAME.bench.ts.
 * Each module exports `run(): Promise<BenchResult[]>`. Results are written to bench/results.json
 * (merged by name with earlier entries, so one benchmark can be re-run alone).
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  reference: string;
  referenceValue: number | null;
  ratio: number | null;
  notes: string;
}

const dir = path.dirname(new URL(import.meta.url).pathname);
const only = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const files = readdirSync(dir).filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.bench\.ts$/, "")));
if (files.length === 0) { console.error(`no benchmark named ${only.join(", ")}`); process.exit(2); }
const out = path.join(dir, "results.json");
const previous: BenchResult[] = existsSync(out) ? JSON.parse(readFileSync(out, "utf8")) : [];
const results = new Map(previous.map((r) => [r.name, r]));
for (const f of files) {
  console.error(`[bench] ${f}`);
  const mod = await import(pathToFileURL(path.join(dir, f)).href);
  for (const r of (await mod.run()) as BenchResult[]) {
    results.set(r.name, r);
    console.log(`${r.name}\t${r.value} ${r.unit}\tref ${r.reference}: ${r.referenceValue ?? "-"}\tratio ${r.ratio ?? "-"}`);
  }
}
writeFileSync(out, JSON.stringify([...results.values()], null, 2) + "\n");
