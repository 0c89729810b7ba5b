/**
 * The client rule of a live page (issue #15), shared by components/LiveRefresh (staff pages:
 * `router.refresh()`) and components/useLiveJson (public pages: refetch the versioned JSON).
 * It listens to the event's shared stream (components/liveStream) and calls `refetch` when a change
 * names one of the page's topics (lib/server/live/topics.ts; `["*"]`: every change; `event`
 * changes reach every page):
 * - `pairings:*` changes refetch at once;
 * - other changes are coalesced: at most one refetch per {@link COALESCE_MS} (5 s), a change
 *   inside that window waits for its end plus 0–{@link JITTER_MS} (2 s) of random jitter (2,000
 *   phones do not refetch in the same instant); a change after a quiet window refetches within
 *   0–{@link QUIET_JITTER_MS} (250 ms);
 * - a tick whose version is newer than the page (a change missed while the tab slept) counts as `["*"]`;
 * - a refetch that came back stale (`shown()` still older than the newest version notified before
 *   it) is retried after {@link RETRY_MS} (3 s); a change notified later keeps its coalesced turn;
 * - offline (`navigator.onLine` false) a refetch waits for the `online` event;
 * - a refetch waits while a server action of this tab is in flight (components/actionsInFlight:
 *   Next.js would apply the action's older router state over a refresh made meanwhile).
 * `refetch(topics)` gets the topics of the changes gathered since the previous refetch (`["*"]` for
 * a tick or a reconnect), so a page can pick what to fetch (e.g. the new round of a `pairings:N`).
 * No React here: the scheduling is plain timers, unit-tested with fake timers.
 */
import { subscribeLive } from "./liveStream";
import { trackServerActions, whenNoActionInFlight } from "./actionsInFlight";

/** Minimum time between two coalesced refetches (ms). */
export const COALESCE_MS = 5000;
/** Random delay added to a coalesced refetch (ms). */
export const JITTER_MS = 2000;
/** Random delay of a refetch after a quiet window (ms). */
export const QUIET_JITTER_MS = 250;
/** Delay before a refetch that left the page older than the notified version is retried (ms). */
export const RETRY_MS = 3000;

/** True when a page on `wanted` refetches for a change on `changed` (same rule as lib/server/live/topics topicsMatch). */
export function wants(wanted: readonly string[], changed: readonly string[]): boolean {
  if (changed.includes("*") || changed.includes("event") || wanted.includes("*")) return true;
  return changed.some((c) => wanted.some((w) => w === c || (w.endsWith(":*") && c.startsWith(w.slice(0, -1)))));
}

/** What a live page tells {@link followLive}. */
export interface LiveFollower {
  /** The event version the page shows now (read at every notice). */
  shown(): number;
  /** The page's topics now (read at every notice). */
  topics(): readonly string[];
  /** Brings the page up to date; `changed`: the topics gathered since the previous call. */
  refetch(changed: string[]): void;
}

/** Follows the event's live notices for one page; returns the stop function (clears every timer). */
export function followLive(eventId: string, f: LiveFollower): () => void {
  trackServerActions();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let lastRefetch = 0;
  let latest = f.shown();
  let waitingOnline = false;
  let stopped = false;
  let gathered = new Set<string>();
  const run = () => {
    timer = null;
    if (stopped) return;
    if (typeof navigator !== "undefined" && navigator.onLine === false) {
      waitingOnline = true;
      return;
    }
    lastRefetch = Date.now();
    whenNoActionInFlight(() => {
      if (stopped) return;
      const changed = [...gathered];
      gathered = new Set();
      f.refetch(changed.length ? changed : ["*"]);
    });
    if (retry) clearTimeout(retry);
    // Only the versions notified before this refetch: a later change waits for its own (coalesced) turn.
    const target = latest;
    retry = setTimeout(() => {
      retry = null;
      if (f.shown() < target) {
        gathered.add("*");
        run();
      }
    }, RETRY_MS);
  };
  const schedule = (atOnce: boolean) => {
    if (atOnce) {
      if (timer) clearTimeout(timer);
      return run();
    }
    if (timer) return; // coalesced into the pending refetch
    const wait = lastRefetch + COALESCE_MS - Date.now();
    timer = setTimeout(run, wait > 0 ? wait + Math.random() * JITTER_MS : Math.random() * QUIET_JITTER_MS);
  };
  const unsubscribe = subscribeLive(eventId, {
    change(v, changed) {
      if (v <= f.shown() && !changed.includes("*")) return;
      latest = Math.max(latest, v);
      if (!wants(f.topics(), changed)) return;
      for (const t of changed) gathered.add(t);
      schedule(changed.some((t) => t.startsWith("pairings:")));
    },
    tick(v) {
      if (v > f.shown() && v > latest) {
        latest = v;
        gathered.add("*");
        schedule(false);
      }
    },
  });
  const online = () => {
    if (waitingOnline) {
      waitingOnline = false;
      schedule(true);
    }
  };
  window.addEventListener("online", online);
  return () => {
    stopped = true;
    window.removeEventListener("online", online);
    unsubscribe();
    if (timer) clearTimeout(timer);
    if (retry) clearTimeout(retry);
  };
}
