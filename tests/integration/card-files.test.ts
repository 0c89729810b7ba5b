/**
 * Card files (issue #12 "Card files", #13 item 12) through the /cards page's action on real
 * Postgres: crafted `.cdb` files built by the test are refused by the worker-thread reader while
 * the server keeps answering, a page upload may only add passcodes, out-of-range passcodes are
 * row errors, and a kill mid-import leaves all-old or all-new cards.
 * Time bounds are generous (the exact speed is the `cards` benchmark).
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { importCardsAndWait, importCardsJob, makeUser } from "./fixtures";
import { bulkScript, bulkStatement, db } from "@/lib/db";
import { scaled } from "../timing";
import {
  generatedColumnCdb,
  hugeNamesViewCdb,
  longNameCdb,
  manyRowsCdb,
  plainCdb,
  recursiveViewCdb,
  virtualTableCdb,
} from "../decks/cdb-crafted";

const dbUrl = await useTestDatabase();
const root = path.resolve(import.meta.dirname, "../..");

/**
 * Runs `work` while a second client asks the database every 20 ms (as another request would);
 * returns the work's result, the longest wait of that client (ms) and the peak RSS growth (MB).
 */
async function whileAnswering<T>(work: () => Promise<T>): Promise<{ result: T; maxWaitMs: number; rssGrowthMb: number; ms: number }> {
  const rss0 = process.memoryUsage().rss;
  let peak = rss0,
    maxWaitMs = 0,
    done = false;
  const pinger = (async () => {
    while (!done) {
      const t = performance.now();
      await db().$queryRawUnsafe("SELECT 1");
      maxWaitMs = Math.max(maxWaitMs, performance.now() - t);
      peak = Math.max(peak, process.memoryUsage().rss);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  done = true;
  await pinger;
  return { result, maxWaitMs, rssGrowthMb: (peak - rss0) / 2 ** 20, ms };
}

describe("crafted card databases are refused by the worker-thread reader, the server answering meanwhile", () => {
  let organizer: string;
  beforeAll(async () => {
    organizer = await makeUser("cdb-to", { organizer: true });
    // Starts the worker
    await importCardsAndWait(organizer, { bytes: await plainCdb([[89631139, "Blue-Eyes White Dragon", 0x11]]), fileName: "warm.cdb" });
  });

  const cases: [string, () => Promise<Uint8Array>, Record<string, unknown>][] = [
    [
      "datas as a view over a recursive CTE (300,000 rows from a few KB)",
      () => recursiveViewCdb(300_000),
      { what: "NOT_A_TABLE", table: "datas" },
    ],
    [
      "texts as a view making 2,000 names of 100,000 characters",
      () => hugeNamesViewCdb(2000, 100_000),
      { what: "NOT_A_TABLE", table: "texts" },
    ],
    ["a generated column in texts", generatedColumnCdb, { what: "HIDDEN_COLUMN", table: "texts", column: "name" }],
    ["texts as a virtual table", virtualTableCdb, { what: "NOT_A_TABLE", table: "texts" }],
    ["60,000 rows (over the 50,000 cap)", () => manyRowsCdb(60_000), { what: "TOO_MANY_ROWS", table: "datas", count: 60_000 }],
    ["a stored name of 100,000 characters", () => longNameCdb(100_000), { what: "NAME_TOO_LONG", table: "texts", max: 200 }],
  ];
  for (const [what, make, params] of cases) {
    it(`${what} is refused within 2 s with the server answering and RSS growth under 200 MB`, async () => {
      const bytes = await make();
      const before = await db().card.count();
      const r = await whileAnswering(() => importCardsJob(organizer, { bytes, fileName: "crafted.cdb" }));
      expect(r.result).toMatchObject({ status: "FAILED", error: { code: "CDB_REFUSED", field: "bytes", params } });
      expect(r.ms).toBeLessThan(scaled(2000 * 3)); // 2 s target ×3: the worker thread starts and the file is written to disk first
      expect(r.maxWaitMs).toBeLessThan(scaled(1500));
      expect(r.rssGrowthMb).toBeLessThan(200);
      expect(await db().card.count()).toBe(before);
    });
  }

  it("passcode 4127313695 in a .cdb is a row error naming the row and id", async () => {
    const job = await importCardsJob(organizer, {
      bytes: await plainCdb([
        [14558127, "Ash Blossom & Joyous Spring"],
        [4127313695, "Too Big"],
      ]),
      fileName: "big.cdb",
    });
    expect(job).toMatchObject({
      status: "FAILED",
      error: { code: "CDB_REFUSED", params: { what: "BAD_PASSCODE", table: "datas", row: 2, id: "4127313695" } },
    });
    expect(job.error?.details?.[0]?.message).toBe(
      "datas row 2 (id 4127313695): the passcode must be a whole number from 1 to 2,147,483,647",
    );
    expect(await db().card.findUnique({ where: { passcode: 14558127 } })).toBeNull();
  });

  it("a page upload that changes an existing card is refused; one that only adds passcodes is imported", async () => {
    const changed = await importCardsJob(organizer, {
      bytes: await plainCdb([
        [89631139, "Blue-Eyes Renamed", 0x11],
        [14558127, "Ash Blossom & Joyous Spring"],
      ]),
      fileName: "rename.cdb",
    });
    expect(changed).toMatchObject({
      status: "FAILED",
      error: { code: "CARD_CHANGES_NEED_CLI", params: { count: 1, list: "89631139 (Blue-Eyes White Dragon → Blue-Eyes Renamed)" } },
    });
    expect(await db().card.findUniqueOrThrow({ where: { passcode: 89631139 } })).toMatchObject({ name: "Blue-Eyes White Dragon" });
    expect(await db().card.findUnique({ where: { passcode: 14558127 } })).toBeNull();
    expect(await db().cardChange.count()).toBe(0);
    const added = await importCardsAndWait(organizer, {
      bytes: await plainCdb([
        [89631139, "Blue-Eyes White Dragon", 0x11],
        [14558127, "Ash Blossom & Joyous Spring"],
      ]),
      fileName: "add.cdb",
    });
    expect(added).toMatchObject({ added: 1, changed: 0, unchanged: 1, total: 2 });
  });

  it("a second import while one runs is refused", async () => {
    const { ACTIONS } = await import("@/lib/server/actions");
    const { waitForCardJob } = await import("@/lib/server/write/cardImport");
    const bytes = await manyRowsCdb(20_000);
    const first = await ACTIONS.importCards.handle(organizer, { bytes, fileName: "a.cdb" });
    const second = await ACTIONS.importCards.handle(organizer, { bytes, fileName: "b.cdb" });
    expect(second).toMatchObject({ ok: false, error: { code: "CARD_IMPORT_RUNNING" } });
    if (first.ok)
      expect(await waitForCardJob((first.data as { jobId: string }).jobId)).toMatchObject({ status: "DONE", summary: { added: 20_000 } });
  });
});

describe("a kill mid-import leaves all-old or all-new cards", () => {
  it("kill -9 of `npm run cards:import` while it stages rows: the cards are all old; the next import cleans up, stores all", async () => {
    const before = await db().card.count();
    const file = path.join(os.tmpdir(), `kill-${process.pid}.cdb`);
    // Passcodes 1000001 … 1030000, already stored by the test above for the first 20,000
    writeFileSync(file, await manyRowsCdb(30_000).then((b) => b));
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cards-import.ts", file], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: dbUrl, INIT_CWD: root, CARD_IMPORT_BATCH_ROWS: "100" },
      stdio: "ignore",
    });
    let job = null;
    for (let i = 0; i < 600 && !job; i++) {
      await new Promise((r) => setTimeout(r, 25));
      job = await db().cardImportJob.findFirst({ where: { status: "WRITING", done: { gt: 0 } } });
    }
    expect(job).not.toBeNull();
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const killed = await db().cardImportJob.findUniqueOrThrow({ where: { id: job!.id } });
    expect(killed.status).toBe("WRITING"); // stopped mid-way …
    expect(await db().card.count()).toBe(before); // … and not one card of it is stored
    // Its row stops moving; once stale, the next import marks it FAILED and drops its staging table.
    await db().$executeRawUnsafe(
      `UPDATE "CardImportJob" SET "updatedAt" = (now() AT TIME ZONE 'UTC') - interval '1 hour' WHERE id = $1`,
      job!.id,
    );
    const organizer = await makeUser("kill-to", { organizer: true });
    const s = await importCardsAndWait(organizer, { bytes: await manyRowsCdb(30_000), fileName: "again.cdb" });
    expect(s).toMatchObject({ added: 10_000, total: before + 10_000 });
    expect(await db().cardImportJob.findUniqueOrThrow({ where: { id: job!.id } })).toMatchObject({
      status: "FAILED",
      error: { code: "CARD_IMPORT_INTERRUPTED" },
    });
    const stages = await db().$queryRawUnsafe<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'CardStage\\_%'`,
    );
    expect(stages[0].n).toBe(0);
  });
});

describe("bulk statements (the staging insert's and the swap's path)", () => {
  it("run on the Prisma client's own pool, and through Prisma once a disconnect ended that pool", async () => {
    expect(await bulkStatement("SELECT n FROM unnest($1::int[]) AS n", [[1, 2, 3]])).toBe(3);
    await db().$disconnect();
    expect(await bulkStatement("SELECT n FROM unnest($1::int[]) AS n", [[4, 5]])).toBe(2);
    expect(await db().card.count()).toBeGreaterThanOrEqual(0);
  });

  it("a swap script is all or nothing and hands its result over a transaction-local setting (pool; Prisma, disconnected)", async () => {
    const script = (n: number, fail: boolean) =>
      [
        "CREATE TABLE IF NOT EXISTS script_probe (n int)",
        `INSERT INTO script_probe VALUES (${n})`,
        `DO $$ BEGIN PERFORM set_config('tandem.probe', '${n}', true); ${fail ? "RAISE EXCEPTION 'probe failed';" : ""} END $$`,
      ].join(";\n");
    const probe = "SELECT current_setting('tandem.probe')::int AS n, (SELECT count(*)::int FROM script_probe) AS rows";
    expect(await bulkScript(script(7, false), probe)).toEqual([{ n: 7, rows: 1 }]);
    await expect(bulkScript(script(8, true), probe)).rejects.toThrow(/probe failed/);
    expect(await db().$queryRawUnsafe("SELECT count(*)::int AS rows FROM script_probe")).toEqual([{ rows: 1 }]);
    await db().$disconnect();
    expect(await bulkScript(script(9, false), probe)).toEqual([{ n: 9, rows: 2 }]);
    await expect(bulkScript(script(10, true), probe)).rejects.toThrow(/probe failed/);
    expect(await db().$queryRawUnsafe("SELECT count(*)::int AS rows FROM script_probe")).toEqual([{ rows: 2 }]);
    await db().$executeRawUnsafe("DROP TABLE script_probe");
  });
});
