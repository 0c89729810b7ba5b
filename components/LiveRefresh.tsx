"use client";
/**
 * Keeps a page live (issue #15): listens to the event's shared stream (components/liveStream: one
 * EventSource per browser, shared by its tabs) and calls router.refresh() when a change names one
 * of the page's `topics` (lib/server/live/topics.ts; default `["*"]`: every change; `event`
 * changes reach every page).
 * - `pairings:*` changes refresh at once;
 * - other changes are coalesced: at most one refresh per {@link COALESCE_MS} (5 s), a change
 *   inside that window waits for its end plus 0–2 s of random jitter (2,000 phones do not
 *   refresh in the same instant); a change after a quiet window refreshes within 0–250 ms;
 * - a tick whose version is newer than the page (a change missed while the tab slept) counts as `["*"]`;
 * - a refresh that came back stale (its version is still older) is retried after 3 s;
 * - offline (`navigator.onLine` false) a refresh waits for the `online` event (Next.js would turn
 *   a failed refresh into a full page load).
 * - a refresh waits while a server action of this tab is in flight (components/actionsInFlight: Next.js
 *   would apply the action's older router state over it).
 * The stream's ticks feed the round clocks' server-time estimate (components/serverTime).
 */
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { subscribeLive } from "./liveStream";
import { trackServerActions, whenNoActionInFlight } from "./actionsInFlight";

/** Minimum time between two coalesced refreshes (ms). */
export const COALESCE_MS = 5000;
/** Random delay added to a coalesced refresh (ms). */
export const JITTER_MS = 2000;
/** Random delay of a refresh after a quiet window (ms). */
export const QUIET_JITTER_MS = 250;

/** True when a page on `wanted` refetches for a change on `changed` (same rule as lib/server/live/topics topicsMatch). */
export function wants(wanted: readonly string[], changed: readonly string[]): boolean {
  if (changed.includes("*") || changed.includes("event") || wanted.includes("*")) return true;
  return changed.some((c) => wanted.some((w) => w === c || (w.endsWith(":*") && c.startsWith(w.slice(0, -1)))));
}

export function LiveRefresh({ eventId, version, topics = ["*"] }: { eventId: string; version: number; topics?: string[] }) {
  const router = useRouter();
  const rendered = useRef(version);
  const wanted = useRef(topics);
  useEffect(() => {
    rendered.current = version;
  }, [version]);
  useEffect(() => {
    wanted.current = topics;
  });
  const key = topics.join(",");
  useEffect(() => {
    trackServerActions();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let lastRefresh = 0;
    let latest = rendered.current;
    let waitingOnline = false;
    const refresh = () => {
      timer = null;
      // Offline, Next.js turns a failed refresh into a full page load: wait for the connection.
      if (typeof navigator !== "undefined" && navigator.onLine === false) {
        waitingOnline = true;
        return;
      }
      lastRefresh = Date.now();
      // Never while a server action of this tab is pending (components/actionsInFlight).
      whenNoActionInFlight(() => router.refresh());
      if (retry) clearTimeout(retry);
      retry = setTimeout(() => {
        if (rendered.current < latest) refresh();
      }, 3000);
    };
    const schedule = (atOnce: boolean) => {
      if (atOnce) {
        if (timer) clearTimeout(timer);
        return refresh();
      }
      if (timer) return; // coalesced into the pending refresh
      const now = Date.now();
      const wait = lastRefresh + COALESCE_MS - now;
      timer = setTimeout(refresh, wait > 0 ? wait + Math.random() * JITTER_MS : Math.random() * QUIET_JITTER_MS);
    };
    const unsubscribe = subscribeLive(eventId, {
      change(v, changed) {
        if (v <= rendered.current && !changed.includes("*")) return;
        latest = Math.max(latest, v);
        if (!wants(wanted.current, changed)) return;
        schedule(changed.some((t) => t.startsWith("pairings:")));
      },
      tick(v) {
        if (v > rendered.current && v > latest) {
          latest = v;
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
      window.removeEventListener("online", online);
      unsubscribe();
      if (timer) clearTimeout(timer);
      if (retry) clearTimeout(retry);
    };
  }, [eventId, key, router]);
  return null;
}
