/**
 * The per-process live hub (issue #15): fans change notices out to this process's open
 * server-sent-event streams (app/api/events/[id]/stream/route.ts).
 *
 * Two transports behind one interface ({@link notifyInTx} inside the mutation's transaction,
 * {@link afterCommit} after it):
 * - **Postgres** (DATABASE_URL is a Postgres server, not the embedded database): ONE `LISTEN
 *   tandem_live` connection per process (`LIVE_DATABASE_URL`, else DATABASE_URL — it must be a
 *   direct connection: LISTEN does not work through a transaction pooler such as PgBouncer in
 *   transaction mode). Mutations call `pg_notify('tandem_live', <json {eventId, version, topics}>)`
 *   inside their transaction, which Postgres delivers only at COMMIT (a rolled-back mutation sends
 *   nothing) to every listening process, this one included. When the connection drops (Postgres
 *   restarted, network) it reconnects with backoff (250 ms doubling to 5 s) and then sends every
 *   open stream a `change` with `["*"]` at the event's current version, so pages catch up on what
 *   was missed.
 * - **In process** (the embedded PGlite database, `EMBEDDED_DB_PID` set; it serves two
 *   connections only, and one app process): the notice is delivered in this process after commit.
 *
 * Every notice also makes this process forget its cached read of the event's version
 * (lib/server/http/cache.ts), so the next page or JSON request re-reads it and a change seen
 * through NOTIFY invalidates this process's cached renders at once, on every app server.
 * Streams: a 15 s `tick` with the server time to all of them (one timer per process), and signed-in
 * streams are closed within {@link SESSION_CHECK_MS} of their session being revoked
 * (User.sessionVersion bumped by sign-out, password change, staff removal): one query per check
 * for all signed-in streams of the process.
 */
import pg from "pg";
import { db, type Tx } from "@/lib/db";
import { noteSessionsChecked } from "@/lib/auth/sessionVersion";
import { eventVersion, forgetVersion, framedVersion, noteChanged, noteFramed, noteVersion } from "@/lib/server/http/cache";
import { forgetUserTeams } from "@/lib/server/http/dataCache";
import { changeFrame, noticePayload, parseNotice, ringPush, tickFrame, uniqueTopics, type LiveNotice, type Ring } from "./topics";

/** The Postgres channel of every notice. */
export const CHANNEL = "tandem_live";
/** Heartbeat period of a stream (ms). */
export const TICK_MS = 15_000;
/** How often signed-in streams' sessions are re-checked (ms); revocation closes a stream within this. */
export const SESSION_CHECK_MS = 2_500;
/** Reconnect backoff of the LISTEN connection (ms): first wait, cap. */
export const RECONNECT_MS = { first: 250, max: 5_000 } as const;

/** One open stream (the route handler's side). */
export interface LiveStream {
  eventId: string;
  /** Signed-in user and the session version of the token; null = anonymous. */
  session: { userId: string; sv: number } | null;
  /** Writes SSE text; must not throw. */
  write(frame: string): void;
  /** Ends the stream (session revoked, server shutting down). */
  close(): void;
}

/**
 * Streams one account may hold in this process. A browser shares one stream across its tabs, so a
 * person has one per browser; a ninth closes the account's oldest (a tab or phone that went away
 * without the connection closing), which reconnects if it is still there.
 */
export const MAX_STREAMS_PER_ACCOUNT = 8;

/**
 * Streams this process holds at most (`LIVE_MAX_STREAMS`, default 10,000: 2,000 phones of a 750-team
 * event are 2,000). Beyond it a stream request is answered 503 with Retry-After, and the browser
 * polls the version instead (components/liveStream.ts).
 */
export function maxStreams(): number {
  return Number(process.env.LIVE_MAX_STREAMS) || 10_000;
}

/** Whether this process takes one more stream (see {@link maxStreams}). */
export function streamRoom(): boolean {
  return streamCount() < maxStreams();
}

interface HubState {
  streams: Map<string, Set<LiveStream>>;
  /** Signed-in streams by account, oldest first (Set keeps insertion order). */
  byAccount: Map<string, Set<LiveStream>>;
  rings: Map<string, Ring>;
  listeners: Set<(n: LiveNotice) => void>;
  client: pg.Client | null;
  connecting: Promise<void> | null;
  started: boolean;
  failures: number;
  tick: ReturnType<typeof setInterval> | null;
  sessions: ReturnType<typeof setInterval> | null;
  /** Times the LISTEN connection was (re)established; tests read it. */
  connects: number;
}
const g = globalThis as unknown as { tandemLive?: HubState };
const hub: HubState = (g.tandemLive ??= {
  streams: new Map(),
  byAccount: new Map(),
  rings: new Map(),
  listeners: new Set(),
  client: null,
  connecting: null,
  started: false,
  failures: 0,
  tick: null,
  sessions: null,
  connects: 0,
});

/** True when notices go through Postgres LISTEN/NOTIFY (false: the embedded database, in process). */
export function usesPostgres(): boolean {
  if (process.env.LIVE_TRANSPORT === "local") return false;
  if (process.env.LIVE_TRANSPORT === "postgres") return true;
  return Boolean(process.env.LIVE_DATABASE_URL || (process.env.DATABASE_URL && !process.env.EMBEDDED_DB_PID));
}

function listenUrl(): string | undefined {
  return process.env.LIVE_DATABASE_URL || process.env.DATABASE_URL;
}

/**
 * Sends the notice of a mutation from inside its transaction (Postgres transport: `pg_notify`,
 * delivered at commit only). The in-process transport does nothing here: call {@link afterCommit}.
 */
export async function notifyInTx(tx: Tx, n: LiveNotice): Promise<void> {
  if (!usesPostgres()) return;
  await tx.$executeRawUnsafe(`SELECT pg_notify('${CHANNEL}', $1)`, noticePayload(n));
}

/**
 * After the mutation committed: this process stops serving the cards it changed from memory at once,
 * and the in-process transport delivers the notice here (Postgres: LISTEN does).
 */
export function afterCommit(n: LiveNotice): void {
  noteChanged(n.eventId, n.version, n.topics);
  if (!usesPostgres()) deliver(n);
}

/**
 * Work run before a change frame that changes what the live JSON shows reaches the streams
 * (registered once by instrumentation.ts: the pairings and standings JSON of the new version are
 * rendered, so the phones' refetch hits the memory fast path instead of 2,000 requests rendering it
 * through Next.js at once).
 */
export type Prewarm = (n: LiveNotice) => Promise<void>;
let prewarm: Prewarm | null = null;
/** Longest a pairings or `*` change frame waits for the prewarm (ms); the frame goes out then anyway. */
export const PREWARM_MAX_MS = 3_000;
/**
 * Longest any other change frame waits for the prewarm (ms): a result must reach every app server's
 * pages within 2 s of its commit (issue #15), batch window included.
 */
export const CHANGE_PREWARM_MAX_MS = 1_000;
/** Per event, the delivery in progress: frames of one event leave in notice order. */
const pending = new Map<string, Promise<void>>();

/** Sets (or clears, with null) the work run before pairings, results, standings and `*` change frames are written. */
export function setPrewarm(fn: Prewarm | null): void {
  prewarm = fn;
}

/** True when a notice's frame goes at once (not batched): a round's pairings, or everything. */
function goesAtOnce(n: LiveNotice): boolean {
  return n.topics.some((t) => t === "*" || t.startsWith("pairings:"));
}

/** Writes one change frame to every stream of the event. Never throws (a stream's write never throws). */
function fanOut(n: LiveNotice): void {
  noteFramed(n.eventId, n.version);
  // Who is on which team changes only with `event` changes (claims, invites, roster edits); a result
  // or a drop naming `team:<id>` keeps every account's team (lib/server/live/topics.ts).
  if (n.topics.some((t) => t === "*" || t === "event")) forgetUserTeams(n.eventId);
  const frame = changeFrame(n.version, n.topics);
  for (const s of hub.streams.get(n.eventId) ?? []) s.write(frame);
}

/** Tells the listeners of one notice. Never throws. */
function tellListeners(n: LiveNotice): void {
  for (const l of hub.listeners) {
    try {
      l(n);
    } catch {
      /* a listener never breaks delivery */
    }
  }
}

/**
 * Shortest time between two change frames of one event to its streams (ms). A notice after a quiet
 * window goes out at once; notices inside the window are merged (highest version, union of topics)
 * into one frame at its end. At a 750-team event in its reporting minute (~20 commits/s) this is one
 * frame per second to each of ~1,000 streams per process instead of 20 (each write costs µs), and one
 * re-render of the round's pairings JSON per second instead of 20 (the frame waits for it, at most
 * {@link CHANGE_PREWARM_MAX_MS}: window + wait stay within the 2 s a result may take to reach every
 * server). A `pairings:` or `*` notice never waits (it takes the pending merge with it). Phones
 * coalesce their refetches to 5 s anyway. `LIVE_FRAME_BATCH_MS` overrides.
 */
export const FRAME_BATCH_MS = Number(process.env.LIVE_FRAME_BATCH_MS ?? 1000);

interface Batch {
  lastSent: number;
  timer: ReturnType<typeof setTimeout> | null;
  version: number;
  topics: string[];
}
const batches = new Map<string, Batch>();

/** Sends a notice's frame now or merged at the end of the event's batch window ({@link FRAME_BATCH_MS}). */
function send(n: LiveNotice): void {
  tellListeners(n);
  const now = Date.now();
  let b = batches.get(n.eventId);
  if (!b) {
    batches.set(n.eventId, (b = { lastSent: 0, timer: null, version: 0, topics: [] }));
    if (batches.size > 5_000) batches.delete(batches.keys().next().value!);
  }
  if (goesAtOnce(n) || (!b.timer && now - b.lastSent >= FRAME_BATCH_MS)) {
    const merged = b.timer ? { ...n, version: Math.max(n.version, b.version), topics: uniqueTopics([...b.topics, ...n.topics]) } : n;
    if (b.timer) clearTimeout(b.timer);
    b.timer = null;
    b.topics = [];
    b.lastSent = now;
    return emitFrame(merged, goesAtOnce(merged));
  }
  b.version = Math.max(b.version, n.version);
  b.topics = uniqueTopics([...b.topics, ...n.topics]);
  if (b.timer) return;
  const batch = b;
  b.timer = setTimeout(
    () => {
      batch.timer = null;
      batch.lastSent = Date.now();
      const topics = batch.topics;
      batch.topics = [];
      emitFrame({ eventId: n.eventId, version: batch.version, topics }, false);
    },
    b.lastSent + FRAME_BATCH_MS - now,
  );
  b.timer.unref?.();
}

interface QueuedFrame {
  n: LiveNotice;
  publish: boolean;
  /** When the frame goes out at the latest, prewarmed or not (epoch ms). */
  deadline: number;
  sent: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}
/** Per event, the frame waiting for the running prewarm to finish (at most one: later frames merge into it). */
const queued = new Map<string, QueuedFrame>();

function merged(a: LiveNotice, b: LiveNotice): LiveNotice {
  return { eventId: a.eventId, version: Math.max(a.version, b.version), topics: uniqueTopics([...a.topics, ...b.topics]) };
}

/**
 * Writes a frame in order after the event's frames before it, first running the prewarm. One prewarm
 * runs per event at a time; a frame arriving meanwhile waits for it (frames arriving then merge into
 * the waiting one), so a slow render never piles renders up. Each frame goes out when its prewarm is
 * done or at its deadline (PREWARM_MAX_MS after it was made for a pairings or `*` frame,
 * CHANGE_PREWARM_MAX_MS for the others), whichever comes first.
 */
function emitFrame(n: LiveNotice, publish: boolean): void {
  if (!prewarm && !pending.has(n.eventId)) return fanOut(n);
  const id = n.eventId;
  const now = Date.now();
  const wait = publish ? PREWARM_MAX_MS : CHANGE_PREWARM_MAX_MS;
  const q = queued.get(id);
  if (q && !q.sent) {
    q.n = merged(q.n, n);
    q.publish ||= publish;
    q.deadline = Math.min(q.deadline, now + wait);
    return;
  }
  const frame: QueuedFrame = { n: q ? merged(q.n, n) : n, publish, deadline: now + wait, sent: false, timer: null };
  if (q?.timer) clearTimeout(q.timer);
  if (!pending.has(id)) return startFrame(frame);
  queued.set(id, frame);
  // Past its deadline it goes out unwarmed; the running frame, made earlier, has gone out by then.
  frame.timer = setTimeout(() => sendFrame(frame), wait);
  frame.timer.unref?.();
}

function sendFrame(f: QueuedFrame): void {
  if (f.sent) return;
  f.sent = true;
  if (f.timer) clearTimeout(f.timer);
  f.timer = null;
  fanOut(f.n);
}

function startFrame(f: QueuedFrame): void {
  const id = f.n.eventId;
  if (f.timer) clearTimeout(f.timer);
  f.timer = f.sent ? null : setTimeout(() => sendFrame(f), Math.max(0, f.deadline - Date.now()));
  f.timer?.unref?.();
  const warm = prewarm;
  const run = (warm ? warm(f.n).catch(() => undefined) : Promise.resolve()).then(() => sendFrame(f));
  pending.set(id, run);
  void run.finally(() => {
    if (pending.get(id) === run) pending.delete(id);
    const next = queued.get(id);
    if (next) {
      queued.delete(id);
      startFrame(next);
    }
  });
}

/**
 * Hands one notice to the ring, the render cache, the listeners and (now or batched, see
 * {@link FRAME_BATCH_MS}) every stream of its event. Never throws. Every frame first runs the
 * registered prewarm (the JSON it announces is rendered); the frames of one event leave in order.
 */
export function deliver(n: LiveNotice): void {
  hub.rings.set(n.eventId, ringPush(hub.rings.get(n.eventId), n));
  if (hub.rings.size > 5_000) hub.rings.delete(hub.rings.keys().next().value!);
  // The next read of the version goes to the database, so a page is never rendered under a
  // version its data read might not show yet (the render-once cache keys renders by version).
  forgetVersion(n.eventId);
  noteChanged(n.eventId, n.version, n.topics);
  send(n);
}

/** The ring of recent notices of an event in this process (Last-Event-ID resume). */
export function ringOf(eventId: string): Ring | undefined {
  return hub.rings.get(eventId);
}

/** Subscribes to every notice this process delivers (tests, benchmarks); returns the unsubscribe. */
export function onNotice(l: (n: LiveNotice) => void): () => void {
  hub.listeners.add(l);
  return () => hub.listeners.delete(l);
}

/** How many streams this process holds (all events, or one). */
export function streamCount(eventId?: string): number {
  if (eventId) return hub.streams.get(eventId)?.size ?? 0;
  let n = 0;
  for (const s of hub.streams.values()) n += s.size;
  return n;
}

/** How many times the LISTEN connection was established (1 after start, +1 per reconnect). */
export function listenConnects(): number {
  return hub.connects;
}

/**
 * Registers a stream (and starts the LISTEN connection and the timers on first use); returns
 * the function that unregisters it. A signed-in account's streams beyond
 * {@link MAX_STREAMS_PER_ACCOUNT} close, oldest first.
 */
export function openStream(s: LiveStream): () => void {
  let set = hub.streams.get(s.eventId);
  if (!set) hub.streams.set(s.eventId, (set = new Set()));
  set.add(s);
  const account = s.session?.userId;
  if (account) {
    let mine = hub.byAccount.get(account);
    if (!mine) hub.byAccount.set(account, (mine = new Set()));
    mine.add(s);
    for (const old of mine) {
      if (mine.size <= MAX_STREAMS_PER_ACCOUNT) break;
      mine.delete(old);
      old.close();
    }
  }
  startHub();
  return () => {
    const cur = hub.streams.get(s.eventId);
    cur?.delete(s);
    if (cur && !cur.size) hub.streams.delete(s.eventId);
    const mine = account ? hub.byAccount.get(account) : undefined;
    mine?.delete(s);
    if (account && mine && !mine.size) hub.byAccount.delete(account);
  };
}

/** Starts the LISTEN connection (Postgres transport) and the timers; idempotent. Resolves once listening. */
export function startHub(): Promise<void> {
  if (!hub.started) {
    hub.started = true;
    hub.tick ??= setInterval(() => void sendTicks(), TICK_MS);
    hub.tick.unref?.();
    hub.sessions ??= setInterval(() => void checkSessions(), SESSION_CHECK_MS);
    hub.sessions.unref?.();
  }
  if (usesPostgres() && !hub.client && !hub.connecting) hub.connecting = connect(false);
  return hub.connecting ?? Promise.resolve();
}

async function connect(isReconnect: boolean): Promise<void> {
  const url = listenUrl();
  if (!url) {
    hub.connecting = null;
    return;
  }
  const client = new pg.Client({ connectionString: url, keepAlive: true });
  let dropped = false;
  const drop = (why: unknown) => {
    if (dropped) return;
    dropped = true;
    if (hub.client === client) hub.client = null;
    client.removeAllListeners("notification");
    client.end().catch(() => undefined);
    console.error(`[live] LISTEN connection lost (${why instanceof Error ? why.message : String(why)}); reconnecting`);
    scheduleReconnect();
  };
  client.on("error", drop);
  client.on("end", () => drop("connection ended"));
  client.on("notification", (m) => {
    if (m.channel !== CHANNEL) return;
    const n = parseNotice(m.payload);
    if (n) deliver(n);
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
  } catch (e) {
    drop(e);
    return;
  }
  hub.client = client;
  hub.failures = 0;
  hub.connects++;
  hub.connecting = null;
  if (isReconnect) await catchUp(client).catch((e) => console.error("[live] catch-up after reconnect failed:", e));
}

function scheduleReconnect(): void {
  hub.connecting = null;
  const wait = Math.min(RECONNECT_MS.max, RECONNECT_MS.first * 2 ** hub.failures++);
  const t = setTimeout(() => {
    if (!hub.client && !hub.connecting) hub.connecting = connect(true);
  }, wait);
  t.unref?.();
}

/**
 * After a reconnect: notices sent while the connection was down are lost, so every event with
 * open streams gets a `["*"]` change at its current version (read on the new connection), and its
 * ring restarts there (older resumes get `["*"]`).
 */
async function catchUp(client: pg.Client): Promise<void> {
  const ids = [...hub.streams.keys()];
  hub.rings.clear();
  if (!ids.length) return;
  const r = await client.query<{ id: string; version: number }>(`SELECT id, version FROM "Event" WHERE id = ANY($1::text[])`, [ids]);
  for (const row of r.rows) {
    hub.rings.set(row.id, { since: row.version, notices: [] });
    noteVersion(row.id, row.version);
    fanOut({ eventId: row.id, version: row.version, topics: ["*"] });
    tellListeners({ eventId: row.id, version: row.version, topics: ["*"] });
  }
}

async function sendTicks(): Promise<void> {
  for (const [eventId, set] of hub.streams) {
    let version = await eventVersion(eventId).catch(() => null);
    if (version === null) continue;
    // While a change's frame is still batched or prewarming, the tick names the last version framed:
    // a phone that treats a newer tick as a change would fetch before the JSON shows it.
    if (batches.get(eventId)?.timer || pending.has(eventId)) version = Math.min(version, framedVersion(eventId) ?? version);
    const frame = tickFrame(Date.now(), version);
    for (const s of set) s.write(frame);
  }
}

/**
 * Closes every signed-in stream whose session is no longer current (one query for all of them), and
 * records the current ones as checked (lib/auth/sessionVersion.ts noteSessionsChecked).
 */
export async function checkSessions(): Promise<void> {
  const signedIn = [...hub.streams.values()].flatMap((set) => [...set].filter((s) => s.session));
  if (!signedIn.length) return;
  const ids = [...new Set(signedIn.map((s) => s.session!.userId))];
  let rows: { id: string; sessionVersion: number }[];
  try {
    rows = await db().user.findMany({ where: { id: { in: ids } }, select: { id: true, sessionVersion: true } });
  } catch {
    return; // database unreachable: check again next time
  }
  const current = new Map(rows.map((r) => [r.id, r.sessionVersion]));
  for (const s of signedIn) if (current.get(s.session!.userId) !== s.session!.sv) s.close();
  // The same read answers this process's live reads of these users for a while (their card refetches).
  noteSessionsChecked(current);
}

/** Test hook: ends the LISTEN connection and forgets streams, rings and listeners of this process. */
export async function stopHub(): Promise<void> {
  const c = hub.client;
  hub.client = null;
  hub.connecting = null;
  if (hub.tick) clearInterval(hub.tick);
  if (hub.sessions) clearInterval(hub.sessions);
  hub.tick = hub.sessions = null;
  hub.started = false;
  hub.streams.clear();
  hub.byAccount.clear();
  hub.rings.clear();
  hub.listeners.clear();
  for (const b of batches.values()) if (b.timer) clearTimeout(b.timer);
  batches.clear();
  for (const q of queued.values()) if (q.timer) clearTimeout(q.timer);
  queued.clear();
  hub.failures = 0;
  if (c) {
    c.removeAllListeners();
    c.on("error", () => undefined);
    await c.end().catch(() => undefined);
  }
}
