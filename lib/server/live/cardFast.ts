/**
 * A duelist's team card (`GET /api/events/:id/data/card`, issue #15) answered before Next.js when this
 * process holds it and it is current: the account's team is remembered (the card route learned it,
 * lib/server/http/dataCache.ts rememberUserTeam) and the stored card is at least as new as the last
 * change this process knows of that names the team or changes every card
 * (lib/server/http/cache.ts cardVersionBar), or a render of it that is (a prewarm rendering many cards
 * in one read) is running and is waited for. Same bytes, ETag (`W/"v<version>"`) and headers as
 * app/api/events/[id]/data/[kind]/route.ts (`private, no-cache`); 304 on If-None-Match; gzip when
 * accepted. The session is read as the stream's (lib/server/live/streamFast.ts requestSession).
 * Anything else (signed out: the route answers 401; no remembered team; no current card) goes to
 * Next.js through `fallback`. At a 750-team event's reporting minute this answers most of the
 * ~4,500 card refetches, each of which costs ~7 ms of CPU through Next.js.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { cardVersionBar } from "@/lib/server/http/cache";
import { type DataEntry, cardKey, peekData, pendingRender, userTeamOf } from "@/lib/server/http/dataCache";
import { answer, earlyMatch, hasSessionCookie } from "@/lib/server/http/live-fast";
import { requestSession } from "./streamFast";

const PATH = /^\/api\/events\/([^/?#]+)\/data\/card$/;

/** Takes a card request (see the module docstring) and returns true; false when the request is not one or is signed out. */
export function serveCardBeforeNext(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean {
  const hit = earlyMatch(req, PATH);
  if (!hit || !hasSessionCookie(req.headers.cookie)) return false;
  const { id } = hit;
  void (async () => {
    const session = await requestSession(req);
    if (!session) return fallback();
    const teamId = userTeamOf(id, session.userId);
    const bar = teamId === undefined ? undefined : cardVersionBar(id, teamId);
    if (teamId === undefined || bar === undefined) return fallback();
    let entry: DataEntry | null | undefined = peekData(cardKey(id, teamId));
    if (!entry || entry.version < bar) {
      // A render of it at a version the bar accepts is running (a prewarm's cards, one read for many): wait for it.
      const running = pendingRender(cardKey(id, teamId));
      entry = running && running.version >= bar ? await running.promise : null;
    }
    if (!entry || entry.version < bar) return fallback();
    const headers: Record<string, string> = {
      etag: `W/"v${entry.version}"`,
      "cache-control": "private, no-cache",
      vary: "Cookie, Accept-Encoding",
      "x-tandem-cache": `v${entry.version}; fast`,
    };
    answer(req, res, headers, entry, "application/json; charset=utf-8");
  })().catch(() => {
    if (!res.headersSent) fallback();
    else res.destroy();
  });
  return true;
}
