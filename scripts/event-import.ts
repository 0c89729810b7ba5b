/**
 * `npm run event:import -- FILE [--owner USERNAME]` (issue #17): imports an event file as a NEW
 * event, in the format its first bytes show (lib/server/interop/formats.ts: the JSON event
 * archive, KTS `.Tournament` when registered). The owner is the organizer account USERNAME
 * (default: the only organizer account; with several, --owner is required). Reads files up to
 * CLI_IMPORT_MAX_BYTES (200 MB). Prints the format's report lines (claim codes of the imported
 * duelists included). Works on the database scripts/with-db.mjs chooses. Nothing is saved on a
 * refusal; every reason is printed with its place in the file.
 * Exit codes: 0 imported, 1 refused, 2 usage.
 */
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { db } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import { detectEventFileFormat, EVENT_FILE_FORMATS } from "@/lib/server/interop/formats";

/** The command line reads event files up to 200 MB (the page's upload limit is lib/uploadLimit.ts). */
const CLI_IMPORT_MAX_BYTES = 200 * 1024 * 1024;
const USAGE = "usage: npm run event:import -- FILE [--owner USERNAME]";

function head(file: string): string {
  const fd = openSync(file, "r");
  try {
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

async function owner(username: string | null): Promise<string | null> {
  if (username) {
    const u = await db().user.findUnique({ where: { username: username.toLowerCase() } });
    if (!u?.isOrganizer) {
      console.error(`No organizer account is named ${username} (create one with npm run admin:create).`);
      return null;
    }
    return u.id;
  }
  const organizers = await db().user.findMany({ where: { isOrganizer: true }, orderBy: { createdAt: "asc" }, take: 10 });
  if (organizers.length === 1) return organizers[0].id;
  console.error(
    organizers.length === 0
      ? "No organizer account exists: create one with npm run admin:create -- <username>, then import."
      : `Several organizer accounts exist: choose the owner with --owner (${organizers.map((o) => o.username).join(", ")}).`,
  );
  return null;
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const at = argv.indexOf("--owner");
  const ownerName = at >= 0 ? (argv[at + 1] ?? "") : null;
  const files = at < 0 ? argv : argv.filter((_, i) => i !== at && i !== at + 1);
  if (files.length !== 1 || ownerName === "") {
    console.error(USAGE);
    return 2;
  }
  const file = files[0];
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    console.error(`Cannot read ${file}.`);
    return 1;
  }
  if (size > CLI_IMPORT_MAX_BYTES) {
    console.error(`${file} is ${(size / 1024 / 1024).toFixed(1)} MB: the command line reads event files up to 200 MB.`);
    return 1;
  }
  const format = detectEventFileFormat(head(file));
  if (!format?.importEvent) {
    const known = EVENT_FILE_FORMATS.filter((f) => f.importEvent).map((f) => f.id);
    console.error(`${file} is not an event file this Tandem imports (formats: ${known.join(", ")}).`);
    return 1;
  }
  const userId = await owner(ownerName);
  if (!userId) return 1;
  const { report } = await format.importEvent(readFileSync(file, "utf8"), userId);
  for (const line of report) console.log(line);
  return 0;
}

main()
  .then(async (code) => {
    await db().$disconnect();
    process.exit(code);
  })
  .catch(async (e) => {
    if (e instanceof ActionError) {
      console.error(`Nothing was imported: ${e.code === "ARCHIVE_REFUSED" ? "" : e.message}`);
      const details = (e as ActionError & { details?: { message: string }[] }).details;
      for (const d of details ?? []) console.error(`  ${d.message}`);
    } else console.error(`Import failed, nothing was saved: ${(e as Error).message ?? e}`);
    await db()
      .$disconnect()
      .catch(() => {});
    process.exit(1);
  });
