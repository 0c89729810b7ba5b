/**
 * The versioned JSON of the live pages (issue #15 contract; lib/server/read/liveData.ts):
 * - `GET /api/events/:id/data/pairings?round=N` (public; round omitted = the current published round),
 * - `GET /api/events/:id/data/standings` (public, official standings; `?view=provisional`: with the open round's results),
 * - `GET /api/events/:id/data/card` (signed in: the actor's own team card; 401 signed out, 404 not a duelist of the event;
 *   one body per team, kept until a change frame names the team or changes everything; answered before Next.js by
 *   lib/server/live/cardFast.ts when held).
 * Each public body is rendered once per event version (and round) and served from memory
 * (lib/server/http/dataCache.ts; anonymous-safe public kinds are also answered before Next.js by
 * lib/server/http/live-fast.ts serveDataFromMemory when current); ETag `W/"v<version>"`, 304 on If-None-Match; the
 * body always has `"version"`. 404 for an unknown event or kind, 400 for a bad round.
 */
import { currentSession } from "@/lib/auth/session";
import { etagMatches, eventVersion, framedVersion } from "@/lib/server/http/cache";
import { dataKey, renderedJson } from "@/lib/server/http/dataCache";
import { pairingsData, standingsData, teamCardEntry } from "@/lib/server/read/liveData";

export const dynamic = "force-dynamic";

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });

export async function GET(req: Request, { params }: { params: Promise<{ id: string; kind: string }> }) {
  const { id, kind } = await params;
  if (kind !== "pairings" && kind !== "standings" && kind !== "card") return json({ error: "not found" }, 404);
  const version = await eventVersion(id);
  if (version === null) return json({ error: "not found" }, 404);
  const etag = `W/"v${version}"`;
  let key: string;
  let render: () => Promise<unknown | null>;
  const privacy = "public";
  if (kind === "pairings") {
    const raw = new URL(req.url).searchParams.get("round");
    if (raw !== null && !/^[1-9]\d{0,3}$/.test(raw)) return json({ error: "round: give a round number from 1 to 9999" }, 400);
    const round = raw === null ? undefined : Number(raw);
    key = dataKey(id, "pairings", round);
    render = () => pairingsData(id, version, round);
  } else if (kind === "standings") {
    const view = new URL(req.url).searchParams.get("view");
    if (view !== null && view !== "provisional") return json({ error: "view: give provisional or leave it out" }, 400);
    const provisional = view === "provisional";
    // The provisional body has its own key; the fast path (live-fast.ts) only answers the plain URL.
    key = provisional ? `${dataKey(id, "standings")}|provisional` : dataKey(id, "standings");
    render = () => standingsData(id, version, { provisional });
  } else {
    const session = await currentSession({ liveRead: true });
    if (!session) return json({ error: "sign in to see your team's card" }, 401);
    // One card per team (both duelists' phones share it), valid until a change names the team or
    // changes every card (lib/server/http/cache.ts cardVersionBar).
    const r = await teamCardEntry(id, session.userId, version);
    if (!r) return json({ error: "you are not a duelist of this event" }, 404);
    const h = { etag: `W/"v${r.version}"`, "cache-control": "private, no-cache", vary: "Cookie" };
    if (etagMatches(req.headers.get("if-none-match"), h.etag)) return new Response(null, { status: 304, headers: h });
    return new Response(r.body as unknown as BodyInit, {
      status: 200,
      headers: { ...h, "content-type": "application/json; charset=utf-8" },
    });
  }
  const headers = { etag, "cache-control": `${privacy}, no-cache`, vary: "Cookie" };
  if (etagMatches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  // A stored body at least as new as the last change frame is what the phones expect (the fast path's rule).
  const r = await renderedJson(key, version, render, Math.min(version, framedVersion(id) ?? version));
  if (!r) return json({ error: "you are not a duelist of this event" }, 404);
  // The stored entry may be of a newer version than this process's read (another request stored it).
  const h = { ...headers, etag: `W/"v${r.version}"`, "content-type": "application/json; charset=utf-8" };
  return new Response(r.body as unknown as BodyInit, { status: 200, headers: h });
}
