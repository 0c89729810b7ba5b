/**
 * `npm run cards:import -- <file.cdb | cards.json> [--allow-changes]`: imports the Yu-Gi-Oh! card
 * database from an EDOPro/YGOPro `.cdb` or YGOPRODeck card JSON, with a progress bar. The same
 * job as the organizer's /cards page (lib/server/write/cardImport.ts: checked reader in a worker,
 * staging table in batches, one short swap transaction, one audit row; actor: the command line).
 * Without `--allow-changes` it only adds new passcodes, like the page; with it, stored cards the
 * file changes are replaced and each change is listed on /cards/changes. Works on the embedded
 * database (through scripts/with-db.mjs) or the Postgres server in DATABASE_URL.
 * Exit codes: 0 done, 1 failed, 2 usage.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import cliProgress from "cli-progress";
import { db } from "@/lib/db";
import { createCardJob, runCardJob, type CardImportSummary } from "@/lib/server/write/cardImport";
import { stopCdbWorker } from "@/lib/server/write/cardFiles";
import { UPLOAD_MAX_BYTES } from "@/lib/server/write/uploads";
import { ActionError } from "@/lib/errors";

async function main(): Promise<number> {
  const raw = process.argv.slice(2).filter((a) => a !== "--");
  const allowChanges = raw.includes("--allow-changes");
  const args = raw.filter((a) => a !== "--allow-changes");
  if (args.length !== 1 || args[0] === "-h" || args[0] === "--help") {
    console.error(
      "usage: npm run cards:import -- <file.cdb | cards.json> [--allow-changes]   (EDOPro/YGOPro card database or YGOPRODeck " +
        "card JSON;\n       --allow-changes also replaces stored cards the file changes, listed on /cards/changes)",
    );
    return 2;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]); // npm runs scripts in the package root
  let bytes: Uint8Array;
  try {
    if (!statSync(file).isFile()) throw new Error("not a file");
    if (statSync(file).size > UPLOAD_MAX_BYTES) throw new Error("file too large (max 20 MB)");
    bytes = new Uint8Array(readFileSync(file));
  } catch (e) {
    console.error(`Cannot read ${args[0]}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`);
    return 1;
  }
  const fileName = path.basename(file);
  const job = await db().$transaction((tx) => createCardJob(tx, { userId: null, fileName, allowChanges }));
  console.log(`${fileName}: reading the file…${allowChanges ? " (stored cards the file changes will be replaced)" : ""}`);
  const bar = process.stdout.isTTY
    ? new cliProgress.SingleBar(
        { format: "Writing cards [{bar}] {percentage}% | {value}/{total}", hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : null;
  let lastLogged = -1,
    started = false;
  const result = await runCardJob(job.id, bytes, {
    fileName,
    allowChanges,
    onProgress(done, todo) {
      if (bar) {
        if (!started) {
          bar.start(todo, done);
          started = true;
        } else bar.update(done);
        return;
      }
      const pct = Math.floor((done / todo) * 100);
      if (pct >= lastLogged + 25 || done === todo) {
        console.log(`  ${done}/${todo} cards staged (${pct}%)`);
        lastLogged = pct;
      }
    },
  });
  bar?.stop();
  await stopCdbWorker();
  if (result.status !== "DONE" || !result.summary) {
    const e = result.error;
    console.error(`Import failed, nothing was saved: ${e?.message ?? "unknown error"}`);
    for (const d of e?.details ?? []) console.error(`  ${d.message}`);
    return 1;
  }
  const summary = result.summary;
  console.log(summaryLine(summary));
  return 0;
}

/**
 * The closing line, saying what happened to the file's cards: e.g. "Done: 1852 cards added, 50
 * updated (name, alias, type or scope changed), 1300 already up to date. The database now holds
 * 12480 cards." — or "Nothing to change: all 3202 cards … are already up to date." A delta that
 * only updates cards therefore reads "0 cards added, 139 updated", not a bare "0 new".
 */
function summaryLine(s: CardImportSummary): string {
  if (s.added === 0 && s.changed === 0)
    return `Nothing to change: all ${s.cards} cards of the file are already up to date. The database holds ${s.total} cards.`;
  return (
    `Done: ${s.added} ${s.added === 1 ? "card" : "cards"} added, ${s.changed} updated (name, alias, type or scope changed), ` +
    `${s.unchanged} already up to date. The database now holds ${s.total} cards.`
  );
}

main()
  .then(async (code) => {
    await db().$disconnect();
    process.exit(code);
  })
  .catch(async (e) => {
    console.error(e instanceof ActionError ? e.message : `Import failed, nothing was saved: ${(e as Error).message ?? e}`);
    try {
      await db().$disconnect();
    } catch {
      /* already closed */
    }
    process.exit(1);
  });
