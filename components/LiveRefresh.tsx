"use client";
/**
 * Keeps a page live: polls the event's version (GET /api/events/:id/version with If-None-Match,
 * so an unchanged event costs a 304) and calls router.refresh() while the version the server
 * reports differs from the one this page was rendered with (`version`) — so a refresh that came
 * back stale (another app server, cache not yet updated) is retried on the next poll.
 * Each poll also measures the server clock for the round clocks (components/serverTime).
 * Lost connection: failed polls back off (1 s, 2 s, 4 s … max 8 s) and polling resumes at once
 * when the browser fires `online` or the tab becomes visible again.
 */
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { recordServerTime } from "./serverTime";

export function LiveRefresh({ eventId, version, intervalMs = 1000 }: { eventId: string; version: number; intervalMs?: number }) {
  const router = useRouter();
  const rendered = useRef(version);
  useEffect(() => {
    rendered.current = version;
  }, [version]);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let failures = 0;
    let etag: string | null = null;
    let latest = rendered.current;
    let busy = false;
    let refreshedFor = -1,
      refreshedAt = 0;
    const schedule = (ms: number) => {
      if (timer) clearTimeout(timer);
      if (!stopped) timer = setTimeout(tick, ms);
    };
    async function tick() {
      if (busy || stopped) return;
      busy = true;
      try {
        const sentAt = Date.now();
        const r = await fetch(`/api/events/${eventId}/version`, { cache: "no-store", headers: etag ? { "if-none-match": etag } : {} });
        const receivedAt = Date.now();
        const serverNow = Number(r.headers.get("x-server-now"));
        if (r.status === 200) {
          const body = (await r.json()) as { version: number; now: number };
          recordServerTime(sentAt, receivedAt, Number.isFinite(serverNow) && serverNow > 0 ? serverNow : body.now);
          latest = body.version;
          etag = r.headers.get("etag");
        } else if (r.status === 304) {
          if (serverNow > 0) recordServerTime(sentAt, receivedAt, serverNow);
        } else throw new Error(`HTTP ${r.status}`);
        failures = 0;
        // refresh once per new version; retry a refresh that came back stale after 3 s
        if (!stopped && latest !== rendered.current && (latest !== refreshedFor || receivedAt - refreshedAt > 3000)) {
          refreshedFor = latest;
          refreshedAt = receivedAt;
          router.refresh();
        }
      } catch {
        failures++;
      } finally {
        busy = false;
        schedule(failures ? Math.min(8000, 1000 * 2 ** (failures - 1)) : intervalMs);
      }
    }
    const now = () => {
      failures = 0;
      schedule(0);
    };
    const visible = () => {
      if (document.visibilityState === "visible") now();
    };
    schedule(0);
    window.addEventListener("online", now);
    document.addEventListener("visibilitychange", visible);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener("online", now);
      document.removeEventListener("visibilitychange", visible);
    };
  }, [eventId, intervalMs, router]);
  return null;
}
