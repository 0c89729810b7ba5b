"use client";
/**
 * Keeps a duelist's own team card live on the client (issue #15): the report page renders from
 * the versioned JSON `GET /api/events/:id/data/card` (lib/live/card TeamCardData, read by lib/server/read/liveCards teamCards) instead
 * of re-rendering the page on the server (`router.refresh()`, one RSC render per phone per change).
 * Listens to the event's shared stream (components/liveStream subscribeLive) and refetches the card,
 * with `If-None-Match: W/"v<shown version>"` (304 = nothing new), when a change names
 * `team:<card's team>` or `pairings:*` (or `event` / `*`, the rule of components/liveFollow `wants`):
 * - `pairings:*` after a random 0–{@link PAIRINGS_SPREAD_MS} ms delay, so 1,500 phones of a
 *   750-team event do not fetch their card in the same instant after a publish;
 * - others coalesced with the rule of components/liveFollow (COALESCE_MS 5 s + 0–2 s jitter; a change after a
 *   quiet 5 s goes within 0–250 ms);
 * - a tick newer than the card counts as a coalesced change (a change missed while the tab slept);
 * - a card that came back older than the newest version announced is fetched again after {@link STALE_RETRY_MS};
 * - offline (`navigator.onLine` false) a fetch waits for the `online` event;
 * - never while a server action of this tab is in flight (components/actionsInFlight), so the card
 *   fetched is not from before the action's commit.
 * `now()` / `refetchNow()` is what the page calls after its own report or confirm settled: the
 * card is fetched when that action's change notice arrives (within 0–250 ms of it, without the 5 s
 * wait: by then the server holds the team's new card in memory), or {@link OWN_NOTICE_WAIT_MS} later
 * without one.
 * A 401/404 (signed out, no longer a duelist of the event) calls `onGone` (the hook: one
 * `router.refresh()`, so the server page says why).
 */
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { TeamCardData } from "@/lib/live/card";
import { subscribeLive } from "./liveStream";
import { trackServerActions, whenNoActionInFlight } from "./actionsInFlight";
import { COALESCE_MS, JITTER_MS, QUIET_JITTER_MS, wants } from "./liveFollow";

/** Largest random delay of a card fetch after a pairings change (ms). */
export const PAIRINGS_SPREAD_MS = 3000;
/** Wait before fetching again when the card came back older than a version already announced (ms). */
export const STALE_RETRY_MS = 1000;
/**
 * After the page's own report or confirm: the card is fetched when that action's change notice
 * arrives (the server has re-rendered the team's card by then and answers from memory), or after this
 * long without one (ms).
 */
export const OWN_NOTICE_WAIT_MS = 2000;

/** What {@link startLiveCard} needs: the card's event and team, the version shown, where a new card goes. */
export interface LiveCardOptions {
  eventId: string;
  teamId: string;
  /** The version of the card on screen (read at every decision). */
  shown: () => number;
  /** A newer card arrived (200, version ≥ shown). */
  onCard: (card: TeamCardData) => void;
  /** The card route answered 401/404. */
  onGone: () => void;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  subscribe?: typeof subscribeLive;
  random?: () => number;
}

/** Starts the card's live refetching (see the module comment); `now()` fetches at once, `stop()` ends it. */
export function startLiveCard(o: LiveCardOptions): { now: () => void; stop: () => void } {
  const random = o.random ?? Math.random;
  const get = o.fetch ?? ((url: string, init: RequestInit) => fetch(url, init));
  const topics = [`team:${o.teamId}`, "pairings:*"];
  const offline = () => typeof navigator !== "undefined" && navigator.onLine === false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let due = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let lastFetch = 0;
  let latest = o.shown();
  let waitingOnline = false;
  let inFlight = false;
  let again = false;
  let stopped = false;
  let expectOwn = false;

  const load = async () => {
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    try {
      const res = await get(`/api/events/${encodeURIComponent(o.eventId)}/data/card`, {
        headers: { "if-none-match": `W/"v${o.shown()}"`, accept: "application/json" },
        cache: "no-store",
        credentials: "same-origin",
      });
      if (stopped) return;
      if (res.status === 200) {
        const body = (await res.json()) as TeamCardData;
        if (!stopped && body.version >= o.shown()) o.onCard(body);
      } else if (res.status === 401 || res.status === 404) {
        o.onGone();
        return;
      }
    } catch {
      // The network went away mid-fetch: fetch again once it is back.
      if (offline()) waitingOnline = true;
    } finally {
      inFlight = false;
    }
    if (stopped) return;
    if (again) {
      again = false;
      return void load();
    }
    if (o.shown() < latest && !waitingOnline) {
      if (retry) clearTimeout(retry);
      retry = setTimeout(() => {
        retry = null;
        if (o.shown() < latest) fetchCard();
      }, STALE_RETRY_MS);
    }
  };

  const fetchCard = () => {
    timer = null;
    if (offline()) {
      waitingOnline = true;
      return;
    }
    lastFetch = Date.now();
    whenNoActionInFlight(() => void load());
  };

  const later = (ms: number) => {
    if (timer && due <= Date.now() + ms) return; // an earlier fetch is already planned
    if (timer) clearTimeout(timer);
    due = Date.now() + ms;
    timer = setTimeout(fetchCard, ms);
  };

  const coalesced = () => {
    if (timer) return; // coalesced into the planned fetch
    const wait = lastFetch + COALESCE_MS - Date.now();
    later(wait > 0 ? wait + random() * JITTER_MS : random() * QUIET_JITTER_MS);
  };

  const unsubscribe = (o.subscribe ?? subscribeLive)(o.eventId, {
    change(v, changed) {
      if (v <= o.shown() && !changed.includes("*")) return;
      latest = Math.max(latest, v);
      if (!wants(topics, changed)) return;
      if (expectOwn) {
        // The page's own action's notice: at once (replaces the fallback fetch).
        expectOwn = false;
        if (timer) clearTimeout(timer);
        timer = null;
        return later(random() * QUIET_JITTER_MS);
      }
      if (changed.some((t) => t.startsWith("pairings:"))) later(random() * PAIRINGS_SPREAD_MS);
      else coalesced();
    },
    tick(v) {
      if (v > o.shown() && v > latest) {
        latest = v;
        coalesced();
      }
    },
  });
  const online = () => {
    if (!waitingOnline) return;
    waitingOnline = false;
    later(random() * QUIET_JITTER_MS);
  };
  if (typeof window !== "undefined") window.addEventListener("online", online);
  return {
    now() {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = null;
      expectOwn = true;
      later(OWN_NOTICE_WAIT_MS);
    },
    stop() {
      stopped = true;
      if (typeof window !== "undefined") window.removeEventListener("online", online);
      unsubscribe();
      if (timer) clearTimeout(timer);
      if (retry) clearTimeout(retry);
    },
  };
}

/**
 * The card on screen, starting from the server's `initial` render, kept live by
 * {@link startLiveCard}; `refetchNow` after the duelist's own report, confirm or queued send.
 */
export function useLiveCard(eventId: string, initial: TeamCardData): { card: TeamCardData; refetchNow: () => void } {
  const router = useRouter();
  const [card, setCard] = useState(initial);
  // A newer server render of the page (a navigation, the 401/404 fallback) replaces the card.
  const [given, setGiven] = useState(initial);
  if (initial !== given) {
    setGiven(initial);
    if (initial.version >= card.version) setCard(initial);
  }
  const shown = useRef(initial.version);
  useEffect(() => {
    shown.current = Math.max(shown.current, card.version);
  }, [card]);
  const teamId = initial.team.id;
  const control = useRef<{ now: () => void } | null>(null);

  useEffect(() => {
    trackServerActions();
    const live = startLiveCard({
      eventId,
      teamId,
      shown: () => shown.current,
      onCard: (body) => {
        shown.current = Math.max(shown.current, body.version);
        setCard((cur) => (body.version >= cur.version ? body : cur));
      },
      onGone: () => router.refresh(),
    });
    control.current = live;
    return () => {
      control.current = null;
      live.stop();
    };
  }, [eventId, teamId, router]);

  const refetchNow = useCallback(() => control.current?.now(), []);
  return { card, refetchNow };
}
