/**
 * GET /api/events/:id/version → {version, now}: the event's change counter (bumped by every audited
 * mutation) and the server clock (epoch ms). Live pages poll it (components/LiveRefresh) and
 * re-render when it changes; the clock re-measures its offset from `now` on every poll.
 * ETag `W/"v<version>"`: a poll with a matching If-None-Match gets 304 (no body); the server time
 * is then in the `x-server-now` header (also sent with 200). The version is read through the
 * per-process cache of lib/server/http/cache.ts (at most one query per 250 ms per event).
 */
import { eventVersion, etagMatches } from "@/lib/server/http/cache";

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const version = await eventVersion(id);
  const now = Date.now();
  const headers = { "cache-control": "no-store", "x-server-now": String(now) };
  if (version === null) return Response.json({ error: "not found" }, { status: 404, headers });
  const etag = `W/"v${version}"`;
  if (etagMatches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers: { ...headers, etag } });
  return Response.json({ version, now }, { headers: { ...headers, etag } });
}
