/**
 * Render-once store of the live JSON bodies (issue #15; app/api/events/[id]/data/[kind]/route.ts):
 * one entry per key (event + kind + round, or event + card + user) holding the newest version
 * rendered; single-flight per (key, version), so a publish that makes 1,500 phones refetch the
 * same round renders it once. Kept apart from the page cache of lib/server/http/cache.ts (300
 * entries) so 1,500 personal cards never evict the public pages. At most {@link MAX_DATA_ENTRIES}
 * keys (least recently used dropped). A render returning null (nothing to show) is not stored.
 */
const g = globalThis as unknown as {
  tandemData?: Map<string, { version: number; body: Uint8Array }>;
  tandemDataInflight?: Map<string, Promise<{ version: number; body: Uint8Array } | null>>;
};
const store = (g.tandemData ??= new Map());
const inflight = (g.tandemDataInflight ??= new Map());

/** Keys kept per process (a 750-team event: 1,500 cards + a few rounds and the standings). */
export const MAX_DATA_ENTRIES = 5_000;

/**
 * The stored body of `key` at `version` or newer, else `render()`'s JSON stored under `version`.
 * Returns the stored version with the bytes; null when the render returned null.
 */
export async function renderedJson(
  key: string,
  version: number,
  render: () => Promise<unknown | null>,
): Promise<{ version: number; body: Uint8Array } | null> {
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
      const entry = { version, body: new TextEncoder().encode(JSON.stringify(value)) };
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

/** Test hook: empties the store. */
export function clearDataCache(): void {
  store.clear();
  inflight.clear();
}
