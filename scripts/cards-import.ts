/**
 * `npm run cards:import -- <file.cdb | cards.json>`: imports (or updates in place) the Yu-Gi-Oh!
 * card database from an EDOPro/YGOPro `.cdb` or YGOPRODeck card JSON, with a progress bar.
 * Same logic as the organizer's /cards page (lib/server/cardImport.ts), in one transaction, with
 * one audit row (actor: the command line). Works on the embedded database (through
 * scripts/with-db.mjs) or the Postgres server in DATABASE_URL. Exit codes: 0 done, 1 failed, 2 usage.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import cliProgress from "cli-progress";
import { db } from "@/lib/db";
import { audit } from "@/lib/server/action";
import { PUBLIC_ACTOR } from "@/lib/auth/actor";
import { ActionError } from "@/lib/server/errors";
import { importCardRecords, readCardFile, type CardImportSummary } from "@/lib/server/cardImport";

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  if (args.length !== 1 || args[0] === "-h" || args[0] === "--help") {
    console.error("usage: npm run cards:import -- <file.cdb | cards.json>   (EDOPro/YGOPro card database or YGOPRODeck card JSON)");
    return 2;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]); // npm runs scripts in the package root
  let bytes: Uint8Array;
  try {
    if (!statSync(file).isFile()) throw new Error("not a file");
    bytes = new Uint8Array(readFileSync(file));
  } catch (e) {
    console.error(`Cannot read ${args[0]}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (e as Error).message}`);
    return 1;
  }
  const fileName = path.basename(file);
  const parsed = await readCardFile(bytes, fileName);
  console.log(`${fileName}: ${parsed.cards.length} cards in the file (${parsed.kind === "cdb" ? "EDOPro/YGOPro card database" : "YGOPRODeck JSON"}); comparing with the stored cards…`);
  // The bar counts only the cards that must be written (new or changed), not the file's cards.
  const bar = process.stdout.isTTY
    ? new cliProgress.SingleBar({ format: "Writing new and changed cards [{bar}] {percentage}% | {value}/{total}", hideCursor: true }, cliProgress.Presets.shades_classic)
    : null;
  let lastLogged = -1;
  const summary = await db().$transaction(async (tx) => {
    const s = await importCardRecords(tx, { ...parsed, fileName }, {
      chunk: 1000,
      onProgress(done, todo) {
        if (todo === 0) return; // nothing to write: the summary says so
        if (bar) { if (done === 0) bar.start(todo, 0); else bar.update(done); return; }
        const pct = Math.floor((done / todo) * 100);
        if (pct >= lastLogged + 25 || done === todo) { console.log(`  ${done}/${todo} new or changed cards written (${pct}%)`); lastLogged = pct; }
      },
    });
    await audit(tx, { eventId: null, actor: PUBLIC_ACTOR, action: "cards.import", entity: "Card", after: { ...s, via: "cli" } });
    return s;
  }, { timeout: 600_000, maxWait: 30_000 });
  bar?.stop();
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
  if (s.added === 0 && s.changed === 0) return `Nothing to change: all ${s.cards} cards of the file are already up to date. The database holds ${s.total} cards.`;
  return `Done: ${s.added} ${s.added === 1 ? "card" : "cards"} added, ${s.changed} updated (name, alias, type or scope changed), ${s.unchanged} already up to date. The database now holds ${s.total} cards.`;
}

main()
  .then(async (code) => { await db().$disconnect(); process.exit(code); })
  .catch(async (e) => {
    console.error(e instanceof ActionError ? e.message : `Import failed, nothing was saved: ${(e as Error).message ?? e}`);
    try { await db().$disconnect(); } catch { /* already closed */ }
    process.exit(1);
  });
