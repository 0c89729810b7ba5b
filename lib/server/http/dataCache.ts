/**
 * Render-once store of the live JSON bodies (issue #15; app/api/events/[id]/data/[kind]/route.ts):
 * one entry per key (event + kind + round, or event + card + team) holding the newest version
 * rendered; single-flight per (key, version), so a publish that makes 1,500 phones refetch the
 * same round renders it once. Kept apart from the page cache of lib/server/http/cache.ts (300
 * entries) so 750 team cards never evict the public pages. At most {@link MAX_DATA_ENTRIES}
 * keys (least recently used dropped). A render returning null (nothing to show) is not stored.
 * Bodies ≥ 1 KB also get a gzip copy once when stored, for the pre-Next.js fast path
 * (lib/server/http/live-fast.ts serveDataFromMemory; a route handler cannot send Content-Encoding).
 */
import { gzip } from "node:zlib";
import { promisify } from "node:util";

const gzipAsync = promisify(gzip);

/** A stored JSON body: the version it was rendered at, its bytes and (≥ 1 KB) their gzip copy. */
export interface DataEntry {
  version: number;
  body: Uint8Array;
  gzip?: Uint8Array;
}
const g = globalThis as unknown as {
  tandemData?: Map<string, DataEntry>;
  tandemDataInflight?: Map<string, Promise<DataEntry | null>>;
};
const store = (g.tandemData ??= new Map());
const inflight = (g.tandemDataInflight ??= new Map());
/** Per key, the newest render running (several versions may run at once; callers that accept it share it). */
const pending = new Map<string, { version: number; promise: Promise<DataEntry | null> }>();

/** Keys kept per process (a 750-team event: 1,500 cards + a few rounds and the standings). */
export const MAX_DATA_ENTRIES = 5_000;

/**
 * The stored body of `key` at `accept` (default `version`) or newer, else `render()`'s JSON stored
 * under `version`. Returns the stored version with the bytes; null when the render returned null.
 */
export async function renderedJson(
  key: string,
  version: number,
  render: () => Promise<unknown | null>,
  accept = version,
): Promise<DataEntry | null> {
  const hit = store.get(key);
  if (hit && hit.version >= accept) {
    store.delete(key);
    store.set(key, hit);
    return hit;
  }
  // A render of this key already running at a version the caller accepts: share it.
  const running = pending.get(key);
  if (running && running.version >= accept) return running.promise;
  const id = `${key}\u0000${version}`;
  let p = inflight.get(id);
  if (!p) {
    p = (async () => {
      const value = await render();
      if (value === null) return null;
      const entry = await encodeEntry(version, value);
      storeEntry(key, entry);
      return entry;
    })().finally(() => {
      inflight.delete(id);
      if (pending.get(key)?.promise === p) pending.delete(key);
    });
    inflight.set(id, p);
    if ((pending.get(key)?.version ?? -1) < version) pending.set(key, { version, promise: p });
  }
  return p;
}

/**
 * Renders the bodies of several keys in one read (a prewarm's team cards, lib/server/read/liveData.ts):
 * `render()` returns the values by key (a key it leaves out, or null, is not stored). While it runs it
 * is each key's {@link pendingRender} at `version`, so a card request waits for it (route and fast
 * path) instead of reading its card alone: after a publish, 1,500 phones refetch their cards at once.
 * Resolves when every body is stored; rejects as `render` does.
 */
export async function renderMany(keys: readonly string[], version: number, render: () => Promise<Map<string, unknown>>): Promise<void> {
  const all = render();
  const mine = new Map<string, Promise<DataEntry | null>>();
  for (const key of keys) {
    const p: Promise<DataEntry | null> = all
      .then(async (values) => {
        const value = values.get(key);
        if (value === undefined || value === null) return null;
        const entry = await encodeEntry(version, value);
        storeEntry(key, entry);
        return entry;
      })
      .finally(() => {
        if (pending.get(key)?.promise === p) pending.delete(key);
      });
    mine.set(key, p);
    if ((pending.get(key)?.version ?? -1) < version) pending.set(key, { version, promise: p });
  }
  await Promise.all([all, ...mine.values()]);
}

/** The newest render of `key` running now (its version and promise), for the fast path to wait on; undefined when none. */
export function pendingRender(key: string): { version: number; promise: Promise<DataEntry | null> } | undefined {
  return pending.get(key);
}

/** The stored entry of `key` (no render, no LRU touch), for the fast path; undefined when none. */
export function peekData(key: string): DataEntry | undefined {
  return store.get(key);
}

/** The store key of a public JSON body: `kind` pairings (round number or "current") or standings. */
export function dataKey(eventId: string, kind: "pairings" | "standings", round?: number): string {
  return kind === "pairings" ? `data|${eventId}|pairings|${round ?? "current"}` : `data|${eventId}|standings`;
}

/** The store key of a team's card (one body per team: both duelists' phones share it). */
export function cardKey(eventId: string, teamId: string): string {
  return `data|${eventId}|card|${teamId}`;
}

/** The teams of `eventId` whose card this process holds (what a card prewarm re-renders). */
export function storedCardTeams(eventId: string): string[] {
  const prefix = `data|${eventId}|card|`;
  const out: string[] = [];
  for (const k of store.keys()) if (k.startsWith(prefix)) out.push(k.slice(prefix.length));
  return out;
}

/** A value's JSON bytes at `version`, with a gzip copy from 1 KB. */
async function encodeEntry(version: number, value: unknown): Promise<DataEntry> {
  const body = new TextEncoder().encode(JSON.stringify(value));
  return { version, body, gzip: body.length >= 1024 ? new Uint8Array(await gzipAsync(body, { level: 6 })) : undefined };
}

/** Stores a body rendered elsewhere (a prewarm that rendered many cards in one read) unless a newer one is stored. */
export async function storeJson(key: string, version: number, value: unknown): Promise<void> {
  storeEntry(key, await encodeEntry(version, value));
}

/** Stores an entry (the same body may go under a second key) unless a newer one is stored; the oldest keys beyond MAX_DATA_ENTRIES go. */
export function storeEntry(key: string, entry: DataEntry): void {
  const cur = store.get(key);
  if (cur && cur.version > entry.version) return;
  store.delete(key);
  store.set(key, entry);
  while (store.size > MAX_DATA_ENTRIES) store.delete(store.keys().next().value!);
}

const g2 = globalThis as unknown as { tandemUserTeams?: Map<string, string> };
const userTeams = (g2.tandemUserTeams ??= new Map());

/** Remembers the team of a duelist account in an event (the card route learned it); at most 20,000 kept. */
export function rememberUserTeam(eventId: string, userId: string, teamId: string): void {
  userTeams.set(`${eventId}|${userId}`, teamId);
  if (userTeams.size > 20_000) userTeams.delete(userTeams.keys().next().value!);
}

/** The remembered team of a duelist account in an event (undefined: ask the database). */
export function userTeamOf(eventId: string, userId: string): string | undefined {
  return userTeams.get(`${eventId}|${userId}`);
}

/**
 * Forgets remembered teams of an event's accounts: every one (`teams` omitted: a change of
 * everything, `event` or `*`, which is what a seat claimed or given up sends), or those remembered
 * as on one of `teams`. The next card request reads the account's team from the database again.
 */
export function forgetUserTeams(eventId: string, teams?: ReadonlySet<string>): void {
  const prefix = `${eventId}|`;
  for (const [k, team] of [...userTeams]) if (k.startsWith(prefix) && (!teams || teams.has(team))) userTeams.delete(k);
}

/** Test hook: empties the store. */
export function clearDataCache(): void {
  store.clear();
  inflight.clear();
  pending.clear();
  userTeams.clear();
}
