/**
 * Render-once cache for the public live pages (issue #6 part B item 4): pairings, the big-screen
 * clock and standings are viewed by every phone of a 750-team event at once, so an anonymous view
 * is rendered ONCE per change of the event and then served from memory with an ETag.
 *
 * How it fits together
 * - The event's change counter `Event.version` lives in Postgres and is bumped by every audited
 *   mutation (lib/server/action/index.ts `audit`). It is the cache key, so several app servers on one
 *   Postgres never serve a page older than the version they read: each server renders a page at
 *   most once per version (no cross-server invalidation is needed).
 * - {@link eventVersion} reads that counter at most once per {@link VERSION_TTL_MS} per event and
 *   process (concurrent callers share one query), so a burst of 2,000 req/s costs ~4 queries/s.
 *   A change is therefore visible at most VERSION_TTL_MS later than it was committed.
 * - {@link cachedRender} keeps the rendered bytes per (key, version) with
 *   single-flight: when a new version appears, one request renders and the others wait for it.
 *   Older versions of the same key are dropped; at most {@link MAX_ENTRIES} entries are kept (LRU).
 * - {@link serveCached} answers `If-None-Match` with 304 and otherwise sends the stored bytes
 *   ETags are weak and name the event, the version and the variant.
 *
 * Who uses it: app/api/events/[id]/live/[page]/route.ts (anonymous GETs of /events/:id/pairings,
 * /clock and /standings are rewritten there by next.config.ts; it renders the real page once by
 * fetching it from this same server with the `x-tandem-render` header, which skips the rewrite),
 * and app/api/events/[id]/version/route.ts (the poll of LiveRefresh).
 * Signed-in visitors (session cookie) get the normal dynamic page: it is personal (your table).
 * Fast path: lib/server/http/live-fast.ts (installed by instrumentation.ts) answers anonymous document
 * GETs whose current version is stored before Next.js routes them, with the gzip copy kept here
 * (a Next.js route handler tops out near 1,500 req/s on 2 cores and cannot send Content-Encoding).
 *
 * Units: ms. Nothing here throws for a missing event: eventVersion returns null.
 */
import { createHash } from "node:crypto";
import { gzip } from "node:zlib";
import { promisify } from "node:util";
import { db } from "@/lib/db";

const gzipAsync = promisify(gzip);

/** How long a read of Event.version is reused by this process (ms). */
export const VERSION_TTL_MS = 250;
/** Rendered responses kept per process (all events, pages, locales, RSC variants). */
export const MAX_ENTRIES = 300;
/** How long past VERSION_TTL_MS {@link peekFresh} keeps using a version whose re-read is in flight (ms). */
export const PENDING_GRACE_MS = 1000;
/** Header that marks the cache's own render request (the rewrite in next.config.ts skips it). */
export { RENDER_HEADER } from "./securityHeaders";

interface VersionSlot {
  value: number | null;
  at: number;
  pending: Promise<number | null> | null;
}
const g = globalThis as unknown as {
  tandemVersions?: Map<string, VersionSlot>;
  tandemRenders?: Map<string, CachedResponse>;
  tandemInflight?: Map<string, Promise<CachedResponse>>;
};
const versions = (g.tandemVersions ??= new Map());
const renders = (g.tandemRenders ??= new Map());
const inflight = (g.tandemInflight ??= new Map());

/**
 * The event's version (null = no such event), read from Postgres at most once per
 * VERSION_TTL_MS per event in this process; concurrent callers share the pending query.
 * `now` is injectable for tests.
 */
export async function eventVersion(eventId: string, now = Date.now()): Promise<number | null> {
  const slot = versions.get(eventId);
  if (slot && now - slot.at < VERSION_TTL_MS) return slot.value;
  if (slot?.pending) return slot.pending;
  const pending = db()
    .event.findUnique({ where: { id: eventId }, select: { version: true } })
    .then((e) => e?.version ?? null);
  const next: VersionSlot = { value: slot?.value ?? null, at: slot?.at ?? 0, pending };
  versions.set(eventId, next);
  try {
    let value = await pending;
    // A live notice may have recorded a newer version while this read was in flight (versions only grow).
    const seen = versions.get(eventId)?.value;
    if (value !== null && seen != null && seen > value) value = seen;
    versions.set(eventId, { value, at: Date.now(), pending: null });
    if (versions.size > 10_000) versions.delete(versions.keys().next().value!);
    return value;
  } catch (e) {
    versions.set(eventId, { ...next, pending: null });
    throw e;
  }
}

/**
 * Records a version of an event seen through a live notice (lib/server/live/hub.ts, issue #15):
 * when it is newer than this process's last read, it becomes the current read (as if just
 * queried), so cached renders of older versions stop being served at once — on every app server
 * that received the NOTIFY, not only the one that made the change.
 */
export function noteVersion(eventId: string, version: number, now = Date.now()): void {
  const slot = versions.get(eventId);
  if (slot && slot.value !== null && slot.value >= version) return;
  versions.set(eventId, { value: version, at: now, pending: slot?.pending ?? null });
}

interface Bars {
  /** Highest version whose change frame this process wrote to the event's streams. */
  framed: number;
  /** Highest version of a change to every card: `event`, `*` or a round's pairings (at commit or notice). */
  all: number;
  /** Per team, the highest version of a change naming `team:<id>` (at commit or notice). */
  teams: Map<string, number>;
}
const bars = ((g as unknown as { tandemBars?: Map<string, Bars> }).tandemBars ??= new Map());

function barsOf(eventId: string): Bars {
  let b = bars.get(eventId);
  if (!b) {
    bars.set(eventId, (b = { framed: -1, all: -1, teams: new Map() }));
    if (bars.size > 10_000) bars.delete(bars.keys().next().value!);
  }
  return b;
}

/** Records that this process wrote the change frame of `version` to the event's streams (lib/server/live/hub.ts). */
export function noteFramed(eventId: string, version: number): void {
  const b = barsOf(eventId);
  b.framed = Math.max(b.framed, version);
}

/**
 * Records a change of `version` naming `topics` as soon as this process knows of it (its own commit,
 * or the notice from another process), before its frame: a card it changes is no longer served from
 * memory (the duelist who just reported refetches at once and must see the report).
 */
export function noteChanged(eventId: string, version: number, topics: readonly string[]): void {
  const b = barsOf(eventId);
  for (const t of topics) {
    if (t === "*" || t === "event" || t.startsWith("pairings:")) b.all = Math.max(b.all, version);
    else if (t.startsWith("team:")) {
      const id = t.slice("team:".length);
      b.teams.set(id, Math.max(b.teams.get(id) ?? -1, version));
    }
  }
}

/**
 * The highest version of `eventId` whose change frame this process has written (undefined: none
 * since start). A phone of this process has heard of nothing newer, so a stored JSON body at least
 * this new is what it expects (lib/server/http/live-fast.ts serveDataFromMemory).
 */
export function framedVersion(eventId: string): number | undefined {
  const v = bars.get(eventId)?.framed;
  return v === undefined || v < 0 ? undefined : v;
}

/**
 * The oldest version a stored card of `teamId` may have been rendered at and still be current: the
 * last change this process knows of that names the team or changes every card (undefined before it
 * knew of any change of the event: ask the version). Results of other tables do not change a card.
 */
export function cardVersionBar(eventId: string, teamId: string): number | undefined {
  const b = bars.get(eventId);
  if (!b || (b.framed < 0 && b.all < 0 && !b.teams.size)) return undefined;
  return Math.max(b.all, b.teams.get(teamId) ?? -1, 0);
}

/** Forgets the cached version of an event (after a mutation in this process; tests). */
export function forgetVersion(eventId: string): void {
  versions.delete(eventId);
}

/** A stored response: status 200 bytes plus the headers to replay. */
export interface CachedResponse {
  key: string;
  version: number;
  etag: string;
  headers: Record<string, string>;
  body: Uint8Array;
  /** The body gzipped once when stored (bodies ≥ 1 KB), for lib/server/http/live-fast.ts. */
  gzip?: Uint8Array;
  renderedAt: number;
}

/** What a render returns; only status 200 is stored (anything else is passed through once). */
export interface Rendered {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** Short stable hash of a variant description (URL query, locale, RSC headers). */
export function variantHash(parts: readonly (string | null | undefined)[]): string {
  return createHash("sha1")
    .update(parts.map((p) => p ?? "").join("\u0000"))
    .digest("base64url")
    .slice(0, 12);
}

/** The weak ETag of a (key, version): `W/"<version>-<hash of key>"`. */
export function etagFor(key: string, version: number): string {
  return `W/"${version}-${variantHash([key])}"`;
}

/** True when an If-None-Match header lists `etag` (or `*`). Weak comparison (RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (s: string) => s.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
}

/**
 * The stored response for (key, version), rendering it with `render` on a miss (one render per
 * key and version at a time; others await it). A non-200 render is returned to every waiter but
 * not stored. Storing evicts older versions of the key and the least recently used entries.
 */
export async function cachedRender(key: string, version: number, render: () => Promise<Rendered>): Promise<CachedResponse | Rendered> {
  const hit = renders.get(key);
  if (hit && hit.version >= version) {
    renders.delete(key);
    renders.set(key, hit); // LRU touch
    return hit;
  }
  const id = `${key}\u0000${version}`;
  let p = inflight.get(id);
  if (!p) {
    p = (async () => {
      const r = await render();
      if (r.status !== 200) throw Object.assign(new Error("not cacheable"), { rendered: r });
      const body = r.body;
      const entry: CachedResponse = {
        key,
        version,
        etag: etagFor(key, version),
        headers: r.headers,
        body,
        gzip: body.length >= 1024 ? new Uint8Array(await gzipAsync(body, { level: 6 })) : undefined,
        renderedAt: Date.now(),
      };
      const cur = renders.get(key);
      if (!cur || cur.version <= version) {
        renders.delete(key);
        renders.set(key, entry);
      }
      while (renders.size > MAX_ENTRIES) renders.delete(renders.keys().next().value!);
      return entry;
    })().finally(() => inflight.delete(id));
    inflight.set(id, p);
  }
  try {
    return await p;
  } catch (e) {
    const rendered = (e as { rendered?: Rendered }).rendered;
    if (rendered) return rendered;
    throw e;
  }
}

/** Request headers that select a different RSC payload (Next.js app router); part of the cache key. */
export const RSC_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-url"] as const;

/**
 * The cache key of a live page view: event id (decoded), page name, and a hash of the URL query
 * (`search`, with its "?"), the locale and the values of {@link RSC_HEADERS} (null = absent).
 * Shared by the route handler and the fast path so both find the same entry.
 */
export function liveCacheKey(
  eventId: string,
  page: string,
  search: string,
  locale: string,
  rsc: readonly (string | null | undefined)[],
): string {
  return `${eventId}|${page}|${variantHash([search, locale, ...rsc])}`;
}

/**
 * Look-up for the fast path (lib/server/http/live-fast.ts): the stored entry for `key` when this
 * process's last read of the event's version is recent enough and the entry is at least that
 * version; null otherwise (the caller then goes the normal way, which refreshes both).
 * - read less than VERSION_TTL_MS ago: used as is;
 * - older, but less than VERSION_TTL_MS + PENDING_GRACE_MS: used while ONE re-read runs in the
 *   background (started here when none is in flight — stale-while-revalidate), so a burst never
 *   piles onto the normal path when the TTL runs out; the next requests see the new version as
 *   soon as the query returns. A change is therefore served at most
 *   VERSION_TTL_MS + PENDING_GRACE_MS (1.25 s) after it was committed, within issue #6's 2 s;
 * - older still: null (a quiet page: the normal path re-reads the version before answering).
 * Never throws; a failed background re-read leaves the slot as it was (the grace then runs out).
 */
export function peekFresh(eventId: string, key: string, now = Date.now()): CachedResponse | null {
  const current = freshVersion(eventId, now);
  if (current === null) return null;
  const hit = renders.get(key);
  return hit && hit.version >= current ? hit : null;
}

/**
 * The event's version as this process last read it (or heard it from a live notice) when that is
 * recent enough to answer from memory, with the same rules as {@link peekFresh} (used as is under
 * VERSION_TTL_MS; within PENDING_GRACE_MS more while one background re-read runs); null when
 * unknown, no such event, or older (the caller goes the normal way). Also used by the JSON fast
 * path (lib/server/http/live-fast.ts serveDataFromMemory). Never throws.
 */
export function freshVersion(eventId: string, now = Date.now()): number | null {
  const slot = versions.get(eventId);
  if (!slot || slot.value === null) return null;
  const age = now - slot.at;
  if (age >= VERSION_TTL_MS + PENDING_GRACE_MS) return null;
  if (age >= VERSION_TTL_MS && !slot.pending)
    eventVersion(eventId, now).catch(() => {
      /* grace runs out; the normal path reports it */
    });
  return slot.value;
}

/** True for a stored entry (as opposed to a pass-through render). */
export function isCached(r: CachedResponse | Rendered): r is CachedResponse {
  return "etag" in r;
}

/**
 * The HTTP response for a stored entry: 304 when the request's If-None-Match names its ETag,
 * else 200 with the stored bytes. Browsers must revalidate every time (`no-cache`); shared caches
 * must key on the listed Vary headers. `no-transform` keeps Next.js from gzipping the same bytes
 * again on every request (Next.js drops a route handler's own Content-Encoding, so a stored gzip
 * copy cannot be sent here; lib/server/http/live-fast.ts sends it on the fast path).
 */
export function serveCached(req: Request, entry: CachedResponse, extraHeaders: Record<string, string> = {}): Response {
  const headers = new Headers(entry.headers);
  for (const [k, v] of Object.entries(extraHeaders)) headers.set(k, v);
  headers.set("etag", entry.etag);
  headers.set("cache-control", "public, no-cache, no-transform");
  headers.set("x-tandem-cache", `v${entry.version}`);
  const vary = new Set(
    (headers.get("vary") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
  for (const v of ["Cookie", "Accept-Language"]) vary.add(v);
  headers.set("vary", [...vary].join(", "));
  if (etagMatches(req.headers.get("if-none-match"), entry.etag)) return new Response(null, { status: 304, headers });
  headers.delete("content-length");
  headers.delete("content-encoding");
  return new Response(entry.body as unknown as BodyInit, { status: 200, headers });
}

/** Test hook: empties every cache of this process. */
export function clearCaches(): void {
  versions.clear();
  renders.clear();
  inflight.clear();
  bars.clear();
}
