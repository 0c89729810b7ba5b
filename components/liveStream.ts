"use client";
/**
 * One live stream per browser and event, shared by its tabs (issue #15 contract):
 * - the tab holding the Web Lock `tandem-live:<eventId>` is the leader: it opens the
 *   EventSource on `/api/events/:id/stream` and relays every `tick` and `change` on
 *   `BroadcastChannel("tandem-live:<eventId>")`; when it closes, the next tab waiting for the lock
 *   takes over, resuming with `?lastEventId=` of the last version seen (tick or change);
 * - back online (`online` event) the leader reconnects at once with `?lastEventId=`; otherwise
 *   EventSource itself retries every 2 s sending `Last-Event-ID`;
 * - without Web Locks or BroadcastChannel every tab opens its own stream;
 * - without EventSource, or when the stream fails 3 times before it ever opened, the tab falls
 *   back to polling `/api/events/:id/version` (ETag/304) once per 3 s and reports a change `["*"]`.
 * Ticks feed the page's server-clock estimate (components/serverTime), so round clocks stay
 * within 1 s of the server. Subscribers get `(version, topics)` for every change.
 */
import { recordServerTime } from "./serverTime";

export type LiveListener = {
  change(version: number, topics: string[]): void;
  tick?(version: number): void;
};

type Relay = { type: "tick"; now: number; at: number; version: number } | { type: "change"; version: number; topics: string[] };

interface Shared {
  listeners: Set<LiveListener>;
  stop: () => void;
}
const shared = new Map<string, Shared>();

/** Subscribes this tab to the event's live notices; returns the unsubscribe. */
export function subscribeLive(eventId: string, l: LiveListener): () => void {
  let s = shared.get(eventId);
  if (!s) {
    const listeners = new Set<LiveListener>();
    s = { listeners, stop: start(eventId, listeners) };
    shared.set(eventId, s);
  }
  s.listeners.add(l);
  return () => {
    const cur = shared.get(eventId);
    if (!cur) return;
    cur.listeners.delete(l);
    if (!cur.listeners.size) {
      cur.stop();
      shared.delete(eventId);
    }
  };
}

function start(eventId: string, listeners: Set<LiveListener>): () => void {
  let stopped = false;
  let lastId: number | null = null;
  const emit = (m: Relay) => {
    if (m.type === "tick") {
      lastId = Math.max(lastId ?? 0, m.version);
      recordServerTime(m.at, m.at, m.now);
      for (const l of listeners) l.tick?.(m.version);
    } else {
      lastId = Math.max(lastId ?? 0, m.version);
      for (const l of listeners) l.change(m.version, m.topics);
    }
  };
  const name = `tandem-live:${eventId}`;
  const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(name) : null;
  if (channel) channel.onmessage = (e: MessageEvent<Relay>) => emit(e.data);
  const relay = (m: Relay) => {
    emit(m);
    channel?.postMessage(m);
  };
  let stopLeader: (() => void) | null = null;
  let releaseLock: (() => void) | null = null;
  const lead = () => {
    stopLeader = openStream(eventId, () => lastId, relay);
  };
  const locks = typeof navigator !== "undefined" ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (channel && locks) {
    void locks
      .request(name, () => {
        if (stopped) return;
        lead();
        return new Promise<void>((resolve) => (releaseLock = resolve));
      })
      .catch(() => undefined);
  } else lead();
  return () => {
    stopped = true;
    stopLeader?.();
    releaseLock?.();
    channel?.close();
  };
}

/** The leader's connection: EventSource with resume, or polling when it cannot work. */
function openStream(eventId: string, lastId: () => number | null, relay: (m: Relay) => void): () => void {
  let stopped = false;
  let es: EventSource | null = null;
  let everOpened = false;
  let failures = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let stopPoll: (() => void) | null = null;
  const connect = () => {
    if (stopped) return;
    const id = lastId();
    es = new EventSource(`/api/events/${encodeURIComponent(eventId)}/stream${id !== null ? `?lastEventId=${id}` : ""}`);
    es.onopen = () => {
      everOpened = true;
      failures = 0;
    };
    es.addEventListener("tick", (e) => {
      const d = JSON.parse((e as MessageEvent<string>).data) as { now: number; version: number };
      relay({ type: "tick", now: d.now, at: Date.now(), version: d.version });
    });
    es.addEventListener("change", (e) => {
      const d = JSON.parse((e as MessageEvent<string>).data) as { version: number; topics: string[] };
      relay({ type: "change", version: d.version, topics: d.topics });
    });
    es.onerror = () => {
      if (stopped || !es) return;
      if (es.readyState === EventSource.CLOSED) {
        // refused (an HTTP error): the browser gives up; reopen with backoff, or poll
        es = null;
        failures++;
        if (!everOpened && failures >= 3) return void (stopPoll = poll(eventId, relay));
        retry = setTimeout(connect, Math.min(30_000, 1000 * 2 ** failures));
      } else if (!everOpened && ++failures >= 3) {
        es.close();
        es = null;
        stopPoll = poll(eventId, relay);
      }
    };
  };
  // Back online: reconnect now (resuming from the last version seen) instead of at the next retry.
  const online = () => {
    if (stopPoll || stopped) return;
    if (retry) clearTimeout(retry);
    es?.close();
    connect();
  };
  if (typeof EventSource === "undefined") stopPoll = poll(eventId, relay);
  else connect();
  window.addEventListener("online", online);
  return () => {
    stopped = true;
    es?.close();
    if (retry) clearTimeout(retry);
    stopPoll?.();
    window.removeEventListener("online", online);
  };
}

/** Polling fallback: GET /api/events/:id/version every 3 s (304 when unchanged); a new version is a change `["*"]`. */
function poll(eventId: string, relay: (m: Relay) => void): () => void {
  let stopped = false;
  let etag: string | null = null;
  let known: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const tick = async () => {
    try {
      const sentAt = Date.now();
      const r = await fetch(`/api/events/${encodeURIComponent(eventId)}/version`, {
        cache: "no-store",
        headers: etag ? { "if-none-match": etag } : {},
      });
      const receivedAt = Date.now();
      const serverNow = Number(r.headers.get("x-server-now"));
      if (serverNow > 0) recordServerTime(sentAt, receivedAt, serverNow);
      if (r.status === 200) {
        const body = (await r.json()) as { version: number };
        etag = r.headers.get("etag");
        if (known !== null && body.version !== known) relay({ type: "change", version: body.version, topics: ["*"] });
        known = body.version;
        relay({ type: "tick", now: serverNow || receivedAt, at: receivedAt, version: body.version });
      }
    } catch {
      /* offline: try again */
    } finally {
      if (!stopped) timer = setTimeout(tick, 3000);
    }
  };
  void tick();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
