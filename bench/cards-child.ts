/**
 * Child of bench/cards.bench.ts, run through scripts/with-db.mjs on a throwaway embedded database
 * (PGlite in the parent process, as `npm start` runs it). For the merged 14,893-card `.cdb`
 * (upload bytes in memory → committed Card rows, into an empty card table), it times:
 * - reference: today's import path before the staged import (bench/cards-reference.ts), one
 *   transaction as the old `importCards` action ran it;
 * - value: the `importCards` action (the function the /cards page calls) until its background
 *   job is DONE.
 * One warm-up run of each (first-run numbers go to the notes), then RUNS alternating runs each;
 * prints one JSON line with the best (least disturbed) run and the median of each.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { db } from "../lib/db";
import { actionByName } from "../lib/server/actions";
import { waitForCardJob } from "../lib/server/write/cardImport";
import { stopCdbWorker } from "../lib/server/write/cardFiles";
import { audit } from "../lib/server/action";
import { PUBLIC_ACTOR } from "../lib/auth/actor";
import { importCardRecords as referenceImport, readCardFile as referenceRead } from "./cards-reference";

const RUNS = 7;
const file = path.resolve(import.meta.dirname, "../../shared/data/cards/edopro_cards_merged_2026-08-22.cdb");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function clear(): Promise<void> {
  await db().card.deleteMany({});
}

// Each timed run starts from a collected heap (run with --expose-gc), so neither path pays for
// the garbage the other left behind.
const collect = () => (globalThis as { gc?: () => void }).gc?.();

async function reference(bytes: Uint8Array): Promise<number> {
  await clear();
  collect();
  const t0 = performance.now();
  const parsed = await referenceRead(bytes, "edopro.cdb");
  await db().$transaction(
    async (tx) => {
      const s = await referenceImport(tx, { ...parsed, fileName: "edopro.cdb" });
      await audit(tx, { eventId: null, actor: PUBLIC_ACTOR, action: "cards.import", entity: "Card", after: { ...s } });
    },
    { timeout: 900_000, maxWait: 60_000 },
  );
  const s = (performance.now() - t0) / 1000;
  if ((await db().card.count()) !== 14893) throw new Error("reference import did not store 14,893 cards");
  return s;
}

async function current(bytes: Uint8Array, userId: string): Promise<number> {
  await clear();
  collect();
  const t0 = performance.now();
  const res = await actionByName("importCards").handle(userId, { bytes, fileName: "edopro.cdb" });
  if (!res.ok) throw new Error(res.error.message);
  const done = await waitForCardJob((res.data as { jobId: string }).jobId);
  const s = (performance.now() - t0) / 1000;
  if (done?.status !== "DONE") throw new Error(`import ended ${done?.status}: ${done?.error?.message}`);
  if ((await db().card.count()) !== 14893) throw new Error("import did not store 14,893 cards");
  return s;
}

async function main(): Promise<void> {
  const bytes = new Uint8Array(readFileSync(file));
  const user = await db().user.create({ data: { username: `bench-${Date.now()}`, displayName: "Bench", isOrganizer: true } });
  const firstReference = await reference(bytes);
  const firstValue = await current(bytes, user.id);
  const refs: number[] = [],
    vals: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    refs.push(await reference(bytes));
    vals.push(await current(bytes, user.id));
  }
  await stopCdbWorker();
  console.log(
    JSON.stringify({
      referenceSeconds: Math.min(...refs),
      seconds: Math.min(...vals),
      referenceMedian: median(refs),
      median: median(vals),
      firstReference,
      firstValue,
      refs,
      vals,
      runs: RUNS,
    }),
  );
}

main()
  .then(() => db().$disconnect())
  .catch(async (e) => {
    console.error(e);
    await db().$disconnect();
    process.exit(1);
  });
