"use client";
/**
 * Keeps a page live: polls the event's version every `intervalMs` and calls router.refresh()
 * when it changes (a publish, a result, a clock change). Survives lost connections: failed polls
 * are retried on the next tick and when the browser comes back online.
 */
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

export function LiveRefresh({ eventId, version, intervalMs = 2000 }: { eventId: string; version: number; intervalMs?: number }) {
  const router = useRouter();
  const seen = useRef(version);
  useEffect(() => { seen.current = version; }, [version]);
  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      try {
        const r = await fetch(`/api/events/${eventId}/version`, { cache: "no-store" });
        if (r.ok) {
          const { version: v } = (await r.json()) as { version: number };
          if (!stopped && v !== seen.current) { seen.current = v; router.refresh(); }
        }
      } catch { /* offline: try again next tick */ }
    };
    const id = setInterval(tick, intervalMs);
    window.addEventListener("online", tick);
    return () => { stopped = true; clearInterval(id); window.removeEventListener("online", tick); };
  }, [eventId, intervalMs, router]);
  return null;
}
