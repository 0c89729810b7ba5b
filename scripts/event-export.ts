/**
 * `npm run event:export -- <eventId|name> [--format json|kts|csv|mtgo] [--out FILE]` (issue #17):
 * writes the event in a registered format (lib/server/interop/formats.ts; default json = the event
 * archive) to FILE or standard output. The event is named by id or by its exact name (case
 * ignored); a name several events share lists their ids and exits 1. Works on the database
 * scripts/with-db.mjs chooses (DATABASE_URL, else EMBEDDED_DB_DIR or .data/pglite).
 * Exit codes: 0 written, 1 refused (unknown event or format, ambiguous name), 2 usage.
 */
import { writeFileSync } from "node:fs";
import { db } from "@/lib/db";
import { ActionError } from "@/lib/errors";
import { EVENT_FILE_FORMATS, eventFileFormat } from "@/lib/server/interop/formats";

const USAGE = "usage: npm run event:export -- <eventId|name> [--format json|kts|csv|mtgo] [--out FILE]";

/** Parses `<event> [--format F] [--out FILE]` (also `--format=F`, `--out=FILE`). */
function exportArgs(argv: string[]): { event: string; format: string; out: string | null } | null {
  let format = "json",
    out: string | null = null;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith("--")
      ? a.includes("=")
        ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]
        : [a, null]
      : [null, null];
    if (flag === "--format" || flag === "--out") {
      const v = inline ?? argv[++i];
      if (v === undefined) return null;
      if (flag === "--format") format = v;
      else out = v;
    } else if (flag) return null;
    else rest.push(a);
  }
  const event = rest.join(" ").trim();
  return event ? { event, format, out } : null;
}

async function main(): Promise<number> {
  const args = exportArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  const format = eventFileFormat(args.format);
  if (!format) {
    console.error(`Unknown format "${args.format}". Known formats: ${EVENT_FILE_FORMATS.map((f) => f.id).join(", ")}.`);
    return 1;
  }
  const byId = await db().event.findUnique({ where: { id: args.event }, select: { id: true } });
  let eventId = byId?.id ?? null;
  if (!eventId) {
    const named = await db().event.findMany({
      where: { name: { equals: args.event, mode: "insensitive" } },
      select: { id: true, name: true, startsOn: true, createdAt: true },
      orderBy: { createdAt: "asc" },
    });
    if (named.length === 0) {
      console.error(`No event has the id or name "${args.event}".`);
      return 1;
    }
    if (named.length > 1) {
      console.error(`${named.length} events are named "${args.event}": give one of their ids:`);
      for (const e of named)
        console.error(
          `  ${e.id}  ${e.name}  (${e.startsOn ? e.startsOn.toISOString().slice(0, 10) : "no date"}, created ${e.createdAt.toISOString()})`,
        );
      return 1;
    }
    eventId = named[0].id;
  }
  const file = await format.exportEvent(eventId);
  if (args.out) {
    writeFileSync(args.out, file.body);
    console.error(`Wrote ${args.out} (${Buffer.byteLength(file.body)} bytes, format ${format.id}).`);
  } else process.stdout.write(file.body);
  return 0;
}

main()
  .then(async (code) => {
    await db().$disconnect();
    process.exit(code);
  })
  .catch(async (e) => {
    console.error(e instanceof ActionError ? e.message : `Export failed: ${(e as Error).message ?? e}`);
    await db()
      .$disconnect()
      .catch(() => {});
    process.exit(1);
  });
