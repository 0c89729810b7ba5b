/**
 * The one card-database import path (issues #4, #12, #13 item 12): used by the `importCards`
 * action (organizer, /cards page) and by `npm run cards:import` (scripts/cards-import.ts).
 *
 * An import is a job (CardImportJob row) that runs in the background of the server process, so
 * closing the page does not stop it; the page polls the row (GET /api/cards/jobs/:id):
 *   READING   the file is read in a worker thread (lib/server/write/cardFiles.ts, killed after 10 s) by
 *             the checked reader (lib/decks/cdbRows.mjs), or parsed as YGOPRODeck JSON;
 *   WRITING   rows go to a staging table ("CardStage_<job>", shaped like Card) in batches of
 *             STAGE_BATCH_ROWS, one short statement each, so other requests are answered between;
 *   (swap)    one message (swapScript: a DO block and a SELECT), so one round trip and one
 *             transaction, compares staging with Card; a page upload that would change a stored
 *             card is refused here; with `allowChanges` (command line only) each change is
 *             recorded as a CardChange row for /cards/changes. The stored cards the file does not list are copied into staging,
 *             and two renames make staging the Card table (constant time); then the job is DONE
 *             and its audit row is written, in the same transaction.
 * A kill at any point leaves all-old or all-new cards: Card is touched only by the swap
 * transaction. A job whose row stopped moving for STALE_MS (its process died) is marked FAILED
 * and its staging table dropped when the next import starts. One import runs at a time.
 * A page upload may only ADD passcodes: a file that would change a stored card is refused
 * (CARD_CHANGES_NEED_CLI) — the card database is shared by every event.
 */
import { isTextFile, readYgoprodeckJson, cardsFromRows, TYPE_EXTRA, TYPE_TOKEN, type CardRecord } from "@/lib/decks";
import { MAX_NAME, MAX_PASSCODE, MAX_ROWS, MAX_LISTED_ERRORS, type CdbChunk, type CdbRowError } from "@/lib/decks/cdbRows.mjs";
import { ActionError, type ActionFailure } from "@/lib/errors";
import { invalidateCards } from "@/lib/server/write/cards";
import { readCdbInWorker, CdbReadFailed } from "@/lib/server/write/cardFiles";
import { db, bulkScript, bulkStatement, type Tx } from "@/lib/db";
import { int4Array, textArray } from "@/lib/server/write/pgArrays";
import { randomUUID } from "node:crypto";

export type CardFileKind = "cdb" | "ygoprodeck-json";

export interface CardImportSummary {
  file: string | null;
  kind: CardFileKind;
  /** Cards in the file (YGOPRODeck: one per artwork passcode). */
  cards: number;
  /** Passcodes that were not stored before. */
  added: number;
  /** Stored passcodes whose alias, name, type or ot changed. */
  changed: number;
  /** Cards of the file already stored with the same alias, name, type and ot (nothing written). */
  unchanged: number;
  /** Cards stored after the import. */
  total: number;
}

export type CardJobStatus = "READING" | "WRITING" | "SWAPPING" | "DONE" | "FAILED";

/** What the page shows: the job's state, rows staged / to stage, and the outcome. */
export interface CardJobView {
  id: string;
  status: CardJobStatus;
  done: number;
  total: number;
  fileName: string | null;
  summary: CardImportSummary | null;
  error: ActionFailure | null;
}

/** Rows per staging statement (env CARD_IMPORT_BATCH_ROWS overrides, e.g. for the kill test). */
export const STAGE_BATCH_ROWS = 5000;
/** At most this many waiting chunks of the worker are staged in one statement. */
const STAGE_MERGE_CHUNKS = 3;
/** A running job whose row has not moved for this long belongs to a process that died. */
export const STALE_MS = 30_000;

const SQLITE_MAGIC = "SQLite format 3\0";
const ACTIVE: CardJobStatus[] = ["READING", "WRITING", "SWAPPING"];

/** "cdb" when the bytes start with the SQLite header, else "ygoprodeck-json". */
export function cardFileKind(bytes: Uint8Array): CardFileKind {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, SQLITE_MAGIC.length));
  return head === SQLITE_MAGIC ? "cdb" : "ygoprodeck-json";
}

function cdbRefusal(label: string, file: string, errors: CdbRowError[], more: number): ActionError {
  const first = errors[0];
  const e = new ActionError(
    "CDB_REFUSED",
    `${label} was refused: ${first.message}${errors.length > 1 || more ? ` (and ${errors.length - 1 + more} more)` : ""}.`,
    "bytes",
    { file, what: first.code, table: first.table ?? "", row: first.row ?? 0, ...first.params, more: errors.length - 1 + more },
  );
  (e as ActionError & { details?: ActionFailure["details"] }).details = [
    ...errors.map((x) => ({ field: "bytes", line: x.row ?? undefined, code: `cdb.${x.code}`, message: x.message, params: x.params })),
    ...(more ? [{ field: "bytes", code: "MORE", message: `… and ${more.toLocaleString("en-US")} more`, params: { count: more } }] : []),
  ];
  return e;
}

/**
 * Reads a card file: an EDOPro/YGOPro `.cdb` (SQLite, in the worker with the checked reader) or
 * YGOPRODeck API v7 card JSON (`{data:[…]}`, an array, or one card). Throws ActionError (field
 * "bytes") naming the file and the reason: BAD_CARD_FILE (neither kind), BAD_CDB (not readable,
 * or no cards), CDB_REFUSED (a refused table/row: `what` = the reader's code, with table, row,
 * id; details list the first 20 and "… and N more"), CDB_TIMEOUT (over 10 s; the worker is
 * killed). A decoder's or JSON parser's internal message is never shown.
 */
export async function readCardFile(
  bytes: Uint8Array,
  fileName?: string,
  stream?: { chunkRows: number; onChunk: (c: CdbChunk) => void },
): Promise<{ kind: CardFileKind; cards: CardRecord[]; streamed: number }> {
  const label = fileName ?? "The file";
  const file = fileName || "none"; // message param: "none" = no file name (catalogue says "the file")
  const kind = cardFileKind(bytes);
  let cards: CardRecord[];
  let streamed = 0;
  if (kind === "cdb") {
    let r;
    try {
      r = await readCdbInWorker(bytes, undefined, stream?.onChunk, stream?.chunkRows);
    } catch (e) {
      if (e instanceof CdbReadFailed && e.reason === "timeout")
        throw new ActionError("CDB_TIMEOUT", `${label} took longer than 10 s to read and was refused.`, "bytes", { file });
      throw new ActionError("BAD_CDB", `${label} is not an EDOPro/YGOPro card database (.cdb): ${(e as Error).message}`, "bytes", {
        what: "unreadable",
        file,
        reason: (e as Error).message,
      });
    }
    if (!r.ok) {
      if (r.errors[0]?.code === "NOT_SQLITE")
        throw new ActionError("BAD_CDB", `${label} is not an EDOPro/YGOPro card database (.cdb): ${r.errors[0].message}`, "bytes", {
          what: "unreadable",
          file,
          reason: r.errors[0].message,
        });
      throw cdbRefusal(label, file, r.errors, r.more);
    }
    cards = cardsFromRows(r);
    streamed = r.streamed ?? 0;
  } else {
    const neither = (why: string, what: "binary" | "notJson") =>
      new ActionError("BAD_CARD_FILE", `${label} is not an EDOPro/YGOPro card database (.cdb) or YGOPRODeck card JSON (${why}).`, "bytes", {
        what,
        file,
      });
    if (!isTextFile(bytes)) throw neither("it is a binary file, not an SQLite database", "binary");
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder("utf-8").decode(bytes).replace(/^\uFEFF/, ""));
    } catch {
      throw neither("it is text but not valid JSON", "notJson");
    }
    checkYgoprodeckIds(json, label, file);
    cards = readYgoprodeckJson(json).cards;
    if (cards.length > MAX_ROWS)
      throw new ActionError(
        "CDB_REFUSED",
        `${label} was refused: it holds ${cards.length} cards; at most ${MAX_ROWS} are accepted.`,
        "bytes",
        { file, what: "TOO_MANY_ROWS", table: "data", row: 0, count: cards.length, max: MAX_ROWS, more: 0 },
      );
    const long = cards.findIndex((c) => c.name.length > MAX_NAME);
    if (long >= 0)
      throw new ActionError(
        "CDB_REFUSED",
        `${label} was refused: card ${cards[long].passcode}'s name is longer than ${MAX_NAME} characters.`,
        "bytes",
        { file, what: "NAME_TOO_LONG", table: "data", row: long + 1, id: String(cards[long].passcode), max: MAX_NAME, more: 0 },
      );
  }
  if (cards.length === 0 && streamed === 0)
    throw new ActionError(kind === "cdb" ? "BAD_CDB" : "BAD_CARD_FILE", `${label} holds no cards.`, "bytes", { what: "empty", file });
  return { kind, cards, streamed };
}

/**
 * The checks the action makes before creating a job (cheap, no parsing): a file that is neither
 * an SQLite database nor text that starts like JSON is refused at once with BAD_CARD_FILE.
 */
export function precheckCardFile(bytes: Uint8Array, fileName?: string): void {
  if (cardFileKind(bytes) === "cdb") return;
  const label = fileName ?? "The file";
  const file = fileName || "none";
  const neither = (why: string, what: "binary" | "notJson") =>
    new ActionError("BAD_CARD_FILE", `${label} is not an EDOPro/YGOPro card database (.cdb) or YGOPRODeck card JSON (${why}).`, "bytes", {
      what,
      file,
    });
  if (!isTextFile(bytes)) throw neither("it is a binary file, not an SQLite database", "binary");
  const head = new TextDecoder("utf-8")
    .decode(bytes.subarray(0, 64))
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (head !== "" && head[0] !== "{" && head[0] !== "[") throw neither("it is text but not valid JSON", "notJson");
}

/** YGOPRODeck ids must be passcodes 1 … 2,147,483,647: anything else names the entry (issue #12). */
function checkYgoprodeckIds(json: unknown, label: string, file: string): void {
  const list: unknown[] = Array.isArray(json)
    ? json
    : json && typeof json === "object" && Array.isArray((json as { data?: unknown }).data)
      ? (json as { data: unknown[] }).data
      : [json];
  const errors: CdbRowError[] = [];
  let more = 0;
  list.forEach((raw, i) => {
    if (!raw || typeof raw !== "object") return;
    const c = raw as { id?: unknown; card_images?: unknown };
    const ids = [c.id, ...(Array.isArray(c.card_images) ? c.card_images.map((x) => (x as { id?: unknown } | null)?.id) : [])];
    for (const id of ids) {
      if (id === undefined || (Number.isInteger(id) && (id as number) >= 1 && (id as number) <= MAX_PASSCODE)) continue;
      const e = {
        table: "data",
        row: i + 1,
        code: "BAD_PASSCODE",
        message: `data row ${i + 1} (id ${String(id)}): the passcode must be a whole number from 1 to 2,147,483,647`,
        params: { table: "data", row: i + 1, id: String(id) },
      };
      if (errors.length < MAX_LISTED_ERRORS) errors.push(e);
      else more++;
    }
  });
  if (errors.length) throw cdbRefusal(label, file, errors, more);
}

// ---------------------------------------------------------------------------------------------
// Jobs

const g = globalThis as unknown as { tandemCardJobs?: Map<string, Promise<CardJobView>> };
const running = () => (g.tandemCardJobs ??= new Map());

const safeId = (jobId: string) => {
  if (!/^[a-z0-9]+$/i.test(jobId)) throw new Error("bad job id");
  return jobId;
};
const stageTable = (jobId: string) => `"CardStage_${safeId(jobId)}"`;

function view(
  j: {
    id: string;
    status: string;
    done: number;
    total: number;
    fileName: string | null;
    summary: unknown;
    error: unknown;
    updatedAt: Date;
  },
  now = Date.now(),
): CardJobView {
  const stale = ACTIVE.includes(j.status as CardJobStatus) && now - j.updatedAt.getTime() > STALE_MS;
  return {
    id: j.id,
    status: stale ? "FAILED" : (j.status as CardJobStatus),
    done: j.done,
    total: j.total,
    fileName: j.fileName,
    summary: (j.summary as CardImportSummary | null) ?? null,
    error: stale ? interrupted() : ((j.error as ActionFailure | null) ?? null),
  };
}

const interrupted = (): ActionFailure => ({
  code: "CARD_IMPORT_INTERRUPTED",
  message: "The import stopped before it finished (the server was stopped); no card was changed. Upload the file again.",
});

/** The job as the page shows it, or null. A job whose process died reads FAILED (interrupted). */
export async function cardJobView(jobId: string): Promise<CardJobView | null> {
  const j = await db().cardImportJob.findUnique({ where: { id: jobId } });
  return j ? view(j) : null;
}

/**
 * The latest job (any user) that is running or ended in the last 10 minutes, for the /cards page
 * to resume showing its progress or outcome after a reload; null otherwise.
 */
export async function latestCardJob(now = Date.now()): Promise<CardJobView | null> {
  const j = await db().cardImportJob.findFirst({
    where: { updatedAt: { gte: new Date(now - 10 * 60_000) } },
    orderBy: { createdAt: "desc" },
  });
  return j ? view(j) : null;
}

/**
 * Creates a job row inside the caller's transaction (the action's or the script's). Refuses with
 * CARD_IMPORT_RUNNING while another import is active; marks jobs of dead processes (row not moved
 * for STALE_MS) FAILED first (their staging tables are dropped when the job starts running). One
 * statement (one round trip); the job id is 32 hex digits (it names the staging table).
 */
export async function createCardJob(
  tx: Tx,
  opts: { userId: string | null; fileName: string | null; allowChanges: boolean },
): Promise<{ id: string }> {
  const id = randomUUID().replaceAll("-", "");
  const active = ACTIVE.map((a) => `'${a}'`).join(", ");
  const now = `(now() AT TIME ZONE 'UTC')`;
  const rows = await tx.$queryRawUnsafe<{ id: string }[]>(
    `WITH stale AS (
       UPDATE "CardImportJob" SET status = 'FAILED', error = $1::jsonb, "updatedAt" = ${now}
       WHERE status IN (${active}) AND "updatedAt" < ${now} - make_interval(secs => $6) RETURNING id)
     INSERT INTO "CardImportJob" (id, "userId", "fileName", "allowChanges", status, "createdAt", "updatedAt")
     SELECT $2, $3, $4, $5, 'READING', ${now}, ${now}
     WHERE NOT EXISTS (SELECT 1 FROM "CardImportJob" WHERE status IN (${active}) AND "updatedAt" >= ${now} - make_interval(secs => $6))
     RETURNING id`,
    JSON.stringify(interrupted()),
    id,
    opts.userId,
    opts.fileName,
    opts.allowChanges,
    STALE_MS / 1000,
  );
  if (rows.length === 0)
    throw new ActionError("CARD_IMPORT_RUNNING", "Another card import is running; wait until it has finished.", "bytes");
  return { id };
}

/** Awaits a job started in this process (resolves at DONE or FAILED); null if not running here. */
export function waitForCardJob(jobId: string): Promise<CardJobView> | null {
  return running().get(jobId) ?? null;
}

/**
 * Runs a job created by {@link createCardJob} (call after its transaction committed); returns at
 * once with a promise of the final view, also kept for {@link waitForCardJob}. Never rejects:
 * failures end as FAILED with the error stored on the row. `onProgress(done, total)` is called
 * after each staged batch.
 */
export function runCardJob(
  jobId: string,
  bytes: Uint8Array,
  opts: { fileName: string | null; allowChanges: boolean; onProgress?: (done: number, total: number) => void },
): Promise<CardJobView> {
  const p = execute(jobId, bytes, opts).finally(() => running().delete(jobId));
  running().set(jobId, p);
  return p;
}

async function execute(
  jobId: string,
  bytes: Uint8Array,
  opts: { fileName: string | null; allowChanges: boolean; onProgress?: (done: number, total: number) => void },
): Promise<CardJobView> {
  const stage = stageTable(jobId);
  const d = db();
  let swapped = false;
  try {
    // While the worker reads the file, the database side gets ready: old staging tables go, and
    // this job's staging table (a plain logged table shaped like Card, no index while it fills).
    // One round trip creates it and lists the other staging tables.
    const prepared = (async () => {
      const others = await bulkScript<{ tablename: string }>(
        `CREATE TABLE ${stage} (LIKE "Card" INCLUDING DEFAULTS)`,
        `SELECT tablename FROM pg_tables
          WHERE schemaname = current_schema() AND tablename LIKE 'CardStage\\_%' AND tablename <> 'CardStage_${safeId(jobId)}'`,
      );
      await dropStaleStages(others.map((t) => t.tablename));
    })();
    const batch = Math.max(1, Number(process.env.CARD_IMPORT_BATCH_ROWS) || STAGE_BATCH_ROWS);
    let staged = 0;
    // One statement per batch: stage the rows and move the job's progress (its heartbeat).
    // isExtra / isToken come from the type bits (lib/decks makeCard: TYPE_EXTRA, TYPE_TOKEN);
    // arrays go in the binary wire format (lib/server/write/pgArrays.ts).
    const stageRows = async (c: Omit<CdbChunk, "total">, total: number) => {
      const done = staged + c.passcodes.length;
      await bulkStatement(
        `WITH ins AS (INSERT INTO ${stage} (passcode, alias, name, type, ot, "isExtra", "isToken")
           SELECT p, a, n, t, o, (t & ${TYPE_EXTRA}) <> 0, (t & ${TYPE_TOKEN}) <> 0
             FROM unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::int[]) AS u(p, a, n, t, o))
         UPDATE "CardImportJob" SET status = 'WRITING', done = $6, total = $8, "updatedAt" = (now() AT TIME ZONE 'UTC') WHERE id = $7`,
        [int4Array(c.passcodes), int4Array(c.aliases), textArray(c.names), int4Array(c.types), int4Array(c.ots), done, jobId, total],
      );
      staged = done;
      opts.onProgress?.(done, total);
    };
    // A .cdb streams from the worker: chunks are staged while the worker reads on (if the file is
    // refused later, the staged rows are dropped with the staging table). Chunks that arrived
    // while the previous statement ran go in one statement (up to STAGE_MERGE_CHUNKS of them):
    // one round trip fewer each time the worker is ahead of the database.
    let chain: Promise<unknown> = prepared;
    let stageError: unknown = null;
    const pending: CdbChunk[] = [];
    const stagePending = async () => {
      if (stageError || pending.length === 0) return;
      const take = pending.splice(0, STAGE_MERGE_CHUNKS);
      const ints = (k: "passcodes" | "aliases" | "types" | "ots") => take.flatMap((c) => c[k]);
      await stageRows(
        {
          passcodes: ints("passcodes"),
          aliases: ints("aliases"),
          names: take.flatMap((c) => c.names),
          types: ints("types"),
          ots: ints("ots"),
        },
        take[0].total,
      );
    };
    const onChunk = (c: CdbChunk) => {
      pending.push(c);
      chain = chain.then(stagePending).catch((e: unknown) => {
        stageError ??= e;
      });
    };
    const [read, prep] = await Promise.allSettled([
      readCardFile(bytes, opts.fileName ?? undefined, { chunkRows: batch, onChunk }),
      prepared,
    ]);
    await chain.catch(() => undefined);
    if (read.status === "rejected") throw read.reason;
    if (prep.status === "rejected") throw prep.reason;
    if (stageError) throw stageError;
    const parsed = read.value;
    // YGOPRODeck JSON (parsed here, not streamed): later rows win for a repeated id.
    const byCode = new Map<number, CardRecord>();
    for (const c of parsed.cards) byCode.set(c.passcode, c);
    const cards = [...byCode.values()];
    for (let i = 0; i < cards.length; i += batch) {
      const part = cards.slice(i, i + batch);
      await stageRows(
        {
          passcodes: part.map((c) => c.passcode),
          aliases: part.map((c) => c.alias),
          names: part.map((c) => c.name),
          types: part.map((c) => c.type),
          ots: part.map((c) => c.ot),
        },
        cards.length,
      );
    }
    const fileCards = parsed.streamed || parsed.cards.length;
    // The swap: one message, so one round trip and one transaction (swapScript).
    const [{ r }] = await bulkScript<{ r: SwapResult }>(
      swapScript(jobId, opts.allowChanges, parsed.kind, fileCards),
      `SELECT current_setting('${SWAP_RESULT}')::jsonb AS r`,
    );
    if ("refused" in r) {
      const list = r.sample.map((x) => `${x.passcode} (${x.before}${x.before !== x.after ? ` → ${x.after}` : ""})`).join(", ");
      throw new ActionError(
        "CARD_CHANGES_NEED_CLI",
        `The file would change ${r.changed} stored card(s) (${list}${r.changed > r.sample.length ? ", …" : ""}). ` +
          "The card database is shared by every event: an upload here may only add new passcodes. " +
          "Only the server's administrator can change stored cards (with the command-line card import). Nothing was saved.",
        "bytes",
        { count: r.changed, list },
      );
    }
    const summary: CardImportSummary = {
      file: r.file,
      kind: r.kind,
      cards: r.cards,
      added: r.added,
      changed: r.changed,
      unchanged: r.unchanged,
      total: r.total,
    };
    swapped = summary.added > 0 || summary.changed > 0;
    invalidateCards();
    return { id: jobId, status: "DONE", done: summary.cards, total: summary.cards, fileName: opts.fileName, summary, error: null };
  } catch (e) {
    const error: ActionFailure =
      e instanceof ActionError
        ? {
            code: e.code,
            message: e.message,
            field: e.field,
            params: e.params,
            details: (e as ActionError & { details?: ActionFailure["details"] }).details,
          }
        : { code: "CARD_IMPORT_FAILED", message: "The import failed; no card was changed." };
    if (!(e instanceof ActionError)) console.error(`[cards] import ${jobId} failed:`, e);
    await d.cardImportJob.update({ where: { id: jobId }, data: { status: "FAILED", error: error as object } }).catch(() => undefined);
    const j = await d.cardImportJob.findUnique({ where: { id: jobId } }).catch(() => null);
    return j ? view(j) : { id: jobId, status: "FAILED", done: 0, total: 0, fileName: opts.fileName, summary: null, error };
  } finally {
    if (!swapped) await d.$executeRawUnsafe(`DROP TABLE IF EXISTS ${stage}`).catch(() => undefined);
  }
}

type SwapResult = CardImportSummary | { refused: true; changed: number; sample: { passcode: number; before: string; after: string }[] };
/** The transaction-local setting through which the swap's DO block hands its result over. */
const SWAP_RESULT = "tandem.card_import_swap";

/**
 * The swap as one plpgsql DO block (sent with one SELECT as one simple-protocol message: one
 * round trip, one implicit transaction, all or nothing). Steps: lock Card (readers go on reading
 * the old table until the rename); for YGOPRODeck JSON copy the stored ot/type bits onto the
 * staged rows (the JSON lacks the exact ot scope and every type bit); give the staging table its
 * primary key (one index build, after the rows are in); count added / changed / staged / stored.
 * A change without `allowChanges` hands over {refused, changed, sample: up to 10 {passcode,
 * before, after} names} and changes nothing. Otherwise: one CardChange row per changed card, the
 * stored cards the file does not list are copied into staging, two renames swap the tables
 * (constant time), the job becomes DONE with its summary, and the one audit row "cards.import" is
 * written (attribution only: the action authorized the user when it created the job); hands over
 * the CardImportSummary. The job must still be running (a job marked FAILED as stale is refused).
 * Only the job id (letters and digits, safeId), a boolean, the file kind and a count are written
 * into the SQL; the file name comes from the job row. Timestamps are UTC, as Prisma writes them.
 */
function swapScript(jobId: string, allowChanges: boolean, kind: CardFileKind, fileCards: number): string {
  const id = safeId(jobId);
  if (kind !== "cdb" && kind !== "ygoprodeck-json") throw new Error("bad file kind");
  if (!Number.isInteger(fileCards)) throw new Error("bad card count");
  const stage = `CardStage_${id}`;
  const distinct = `(s.alias, s.name, s.type, s.ot) IS DISTINCT FROM (c.alias, c.name, c.type, c.ot)`;
  // YGOPRODeck JSON: the stored ot/type bits win over the file's (see above).
  const keepStoredTypes = `UPDATE "${stage}" s SET ot = c.ot, type = c.type, "isExtra" = c."isExtra", "isToken" = c."isToken"
    FROM "Card" c WHERE c.passcode = s.passcode;`;
  return `DO $swap$
DECLARE
  v_added int;
  v_changed int;
  v_staged int;
  v_stored int;
  v_sample jsonb;
  v_job record;
  v_summary jsonb;
  v_now timestamp := now() AT TIME ZONE 'UTC';
BEGIN
  LOCK TABLE "Card" IN EXCLUSIVE MODE;
  SELECT "userId", "fileName", status INTO v_job FROM "CardImportJob" WHERE id = '${id}' FOR UPDATE;
  IF NOT FOUND OR v_job.status NOT IN (${ACTIVE.map((a) => `'${a}'`).join(", ")}) THEN
    RAISE EXCEPTION 'card import job ${id} is not running';
  END IF;
  ${kind === "ygoprodeck-json" ? keepStoredTypes : ""}
  ALTER TABLE "${stage}" ADD CONSTRAINT "${stage}_pkey" PRIMARY KEY (passcode);
  SELECT count(*) FILTER (WHERE c.passcode IS NULL), count(*) FILTER (WHERE c.passcode IS NOT NULL AND ${distinct}),
         count(*), (SELECT count(*) FROM "Card")
    INTO v_added, v_changed, v_staged, v_stored
    FROM "${stage}" s LEFT JOIN "Card" c ON c.passcode = s.passcode;
  IF v_changed > 0 AND NOT ${allowChanges} THEN
    SELECT jsonb_agg(jsonb_build_object('passcode', x.passcode, 'before', x.before, 'after', x.after) ORDER BY x.passcode) INTO v_sample
      FROM (SELECT s.passcode, c.name AS before, s.name AS after
              FROM "${stage}" s JOIN "Card" c ON c.passcode = s.passcode WHERE ${distinct} ORDER BY s.passcode LIMIT 10) x;
    PERFORM set_config('${SWAP_RESULT}', jsonb_build_object('refused', true, 'changed', v_changed, 'sample', v_sample)::text, true);
    RETURN;
  END IF;
  IF v_changed > 0 THEN
    INSERT INTO "CardChange" (id, "jobId", passcode, before, after, "createdAt")
    SELECT md5('${id}' || s.passcode::text), '${id}', s.passcode,
           jsonb_build_object('alias', c.alias, 'name', c.name, 'type', c.type, 'ot', c.ot),
           jsonb_build_object('alias', s.alias, 'name', s.name, 'type', s.type, 'ot', s.ot), v_now
    FROM "${stage}" s JOIN "Card" c ON c.passcode = s.passcode WHERE ${distinct};
  END IF;
  IF v_added > 0 OR v_changed > 0 THEN
    IF v_stored > 0 THEN
      INSERT INTO "${stage}" SELECT c.* FROM "Card" c WHERE NOT EXISTS (SELECT 1 FROM "${stage}" s WHERE s.passcode = c.passcode);
    END IF;
    ALTER TABLE "Card" RENAME TO "CardOld_${id}";
    ALTER TABLE "${stage}" RENAME TO "Card";
    DROP TABLE "CardOld_${id}";
    ALTER TABLE "Card" RENAME CONSTRAINT "${stage}_pkey" TO "Card_pkey";
  END IF;
  v_summary := jsonb_build_object('file', v_job."fileName", 'kind', '${kind}', 'cards', ${fileCards},
    'added', v_added, 'changed', v_changed, 'unchanged', v_staged - v_added - v_changed, 'total', v_stored + v_added);
  UPDATE "CardImportJob" SET status = 'DONE', done = v_staged, summary = v_summary, "updatedAt" = v_now WHERE id = '${id}';
  INSERT INTO "AuditLog" (id, "eventId", "userId", action, entity, "entityId", after, "createdAt")
  VALUES ('c' || substr(md5('cards.import:${id}'), 1, 24), NULL, v_job."userId", 'cards.import', 'Card', '${id}',
          v_summary || jsonb_build_object('via', CASE WHEN v_job."userId" IS NULL THEN 'cli' ELSE 'page' END), v_now);
  PERFORM set_config('${SWAP_RESULT}', v_summary::text, true);
END
$swap$`;
}

/** Drops those of `tables` (other jobs' staging tables) whose job is no longer running (a killed import). */
async function dropStaleStages(tables: string[]): Promise<void> {
  for (const tablename of tables) {
    const id = tablename.slice("CardStage_".length);
    if (running().has(id)) continue;
    const j = await db().cardImportJob.findUnique({ where: { id } });
    if (j && ACTIVE.includes(j.status as CardJobStatus) && Date.now() - j.updatedAt.getTime() <= STALE_MS) continue;
    await db().$executeRawUnsafe(`DROP TABLE IF EXISTS ${stageTable(id)}`);
  }
}
