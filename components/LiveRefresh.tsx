"use client";
/**
 * Keeps a staff page live (issue #15): calls router.refresh() when a change names one of the page's
 * `topics` (default `["*"]`: every change), by the shared client rule of components/liveFollow
 * (`pairings:*` at once, others coalesced to one per 5 s + 0–2 s jitter, 0–250 ms after a quiet
 * window, a newer tick counts as `*`, a stale refresh is retried after 3 s, offline waits for
 * `online`, never while a server action of this tab is in flight). The public pairings and
 * standings pages render their versioned JSON on the client instead (components/useLiveJson).
 * The stream's ticks feed the round clocks' server-time estimate (components/serverTime).
 */
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { followLive } from "./liveFollow";

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
  useEffect(
    () =>
      followLive(eventId, {
        shown: () => rendered.current,
        topics: () => wanted.current,
        refetch: () => router.refresh(),
      }),
    [eventId, key, router],
  );
  return null;
}
