/**
 * Render-once store of the live JSON bodies (issue #15; app/api/events/[id]/data/[kind]/route.ts):
 * one entry per key (event + kind + round, or event + card + user) holding the newest version
 * rendered; single-flight per (key, version), so a publish that makes 1,500 phones refetch the
 * same round renders it once. Kept apart from the page cache of lib/server/http/cache.ts (300
 * entries) so 1,500 personal cards never evict the public pages. At most {@link MAX_DATA_ENTRIES}
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

/** Keys kept per process (a 750-team event: 1,500 cards + a few rounds and the standings). */
export const MAX_DATA_ENTRIES = 5_000;

/**
 * The stored body of `key` at `version` or newer, else `render()`'s JSON stored under `version`.
 * Returns the stored version with the bytes; null when the render returned null.
 */
export async function renderedJson(key: string, version: number, render: () => Promise<unknown | null>): Promise<DataEntry | null> {
  const hit = store.get(key);
  if (hit && hit.version >= version) {
    store.delete(key);
    store.set(key, hit);
    return hit;
  }
  const id = `${key}\u0000${version}`;
  let p = inflight.get(id);
  if (!p) {
    p = (async () => {
      const value = await render();
      if (value === null) return null;
      const body = new TextEncoder().encode(JSON.stringify(value));
      const entry: DataEntry = {
        version,
        body,
        gzip: body.length >= 1024 ? new Uint8Array(await gzipAsync(body, { level: 6 })) : undefined,
      };
      const cur = store.get(key);
      if (!cur || cur.version <= version) {
        store.delete(key);
        store.set(key, entry);
      }
      while (store.size > MAX_DATA_ENTRIES) store.delete(store.keys().next().value!);
      return entry;
    })().finally(() => inflight.delete(id));
    inflight.set(id, p);
  }
  return p;
}

/** The stored entry of `key` (no render, no LRU touch), for the fast path; undefined when none. */
export function peekData(key: string): DataEntry | undefined {
  return store.get(key);
}

/** The store key of a public JSON body: `kind` pairings (round number or "current") or standings. */
export function dataKey(eventId: string, kind: "pairings" | "standings", round?: number): string {
  return kind === "pairings" ? `data|${eventId}|pairings|${round ?? "current"}` : `data|${eventId}|standings`;
}

/** Test hook: empties the store. */
export function clearDataCache(): void {
  store.clear();
  inflight.clear();
}
