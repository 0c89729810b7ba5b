"use client";
/**
 * A public live page's data on the client (issue #15 "The refetch is cheap"): the page is rendered
 * with `initial` (the same JSON its endpoint serves), and when a change names one of its `topics`
 * the hook refetches the versioned JSON (app/api/events/[id]/data/[kind]) instead of re-rendering
 * the page through Next.js — by the same client rule as LiveRefresh (components/liveFollow:
 * `pairings:*` at once, others coalesced to one per 5 s + 0–2 s jitter, a newer tick counts as `*`,
 * a stale answer is retried after 3 s, offline waits for `online`, never during a server action).
 * Each URL's last answer is kept with its ETag (`W/"v<version>"`) and sent back as If-None-Match,
 * so an unchanged body costs a 304. An answer older than what is shown is dropped.
 *
 * `load(get, changed, shown)` picks what to fetch for the changes `changed` (topics gathered since
 * the previous refetch): `get(url)` GETs one JSON URL (throws on a network or HTTP error; the
 * retry rule then tries again). It returns the next data, or null to keep what is shown.
 * Returns the data shown and `serverNow`, the server time (epoch ms) estimated when it arrived, for
 * round clocks mounted with it (components/RoundClock; the stream's measured offset wins).
 */
import { useEffect, useRef, useState } from "react";
import { followLive } from "./liveFollow";
import { measuredServerOffset } from "./serverTime";

/** GETs a JSON URL with If-None-Match of its previous answer; a 304 gives that answer again. */
export type JsonGet = <U>(url: string) => Promise<U>;

/**
 * A {@link JsonGet} with its own store of answers: each URL's last 200 body is kept with its ETag and
 * the ETag sent back as If-None-Match; a 304 returns the kept body. Throws `Error("<url>: HTTP <status>")`
 * for any other status (and the fetch's own error offline). `send` defaults to the global fetch.
 */
export function jsonGet(send: typeof fetch = (...a) => fetch(...a)): JsonGet {
  const answers = new Map<string, { etag: string; body: unknown }>();
  return async <U>(url: string) => {
    const known = answers.get(url);
    const r = await send(url, { cache: "no-store", headers: known ? { "if-none-match": known.etag } : {} });
    if (r.status === 304 && known) return known.body as U;
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    const body = (await r.json()) as U;
    const etag = r.headers.get("etag");
    if (etag) answers.set(url, { etag, body });
    return body;
  };
}

export function useLiveJson<T extends { version: number }>({
  eventId,
  initial,
  serverNow,
  topics,
  load,
}: {
  eventId: string;
  initial: T;
  /** Server time (epoch ms) when `initial` was read. */
  serverNow: number;
  topics: readonly string[];
  load: (get: JsonGet, changed: string[], shown: T) => Promise<T | null>;
}): { data: T; serverNow: number } {
  const [state, setState] = useState(() => ({ data: initial, serverNow }));
  const shown = useRef(initial);
  const wanted = useRef(topics);
  const loader = useRef(load);
  useEffect(() => {
    wanted.current = topics;
    loader.current = load;
  });
  // A newer server render of the same page (e.g. a refresh after the tab's own action) wins too.
  useEffect(() => {
    if (initial.version > shown.current.version) {
      shown.current = initial;
      setState({ data: initial, serverNow });
    }
  }, [initial, serverNow]);
  const key = topics.join(",");
  useEffect(() => {
    const baseOffset = serverNow - Date.now();
    const get = jsonGet();
    return followLive(eventId, {
      shown: () => shown.current.version,
      topics: () => wanted.current,
      refetch(changed) {
        loader
          .current(get, changed, shown.current)
          .then((next) => {
            if (!next || next === shown.current || next.version < shown.current.version) return;
            shown.current = next;
            setState({ data: next, serverNow: Date.now() + (measuredServerOffset() ?? baseOffset) });
          })
          .catch(() => undefined); // offline or a server error: the retry rule of liveFollow tries again
      },
    });
    // serverNow is the first render's (its offset is read once); key stands for topics
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventId, key]);
  return state;
}
