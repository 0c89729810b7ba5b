/**
 * The common path of every read API route (issue #17, app/api/v1/**): the per-address rate limit
 * (lib/server/http/limiter.ts bucket `api`; 429 with Retry-After), the ETag `W/"v<event version>"`
 * with 304 on a matching If-None-Match, JSON bodies with `cache-control: no-cache` (public unless the
 * body depends on the signed-in viewer), and clear JSON errors (`{ error }`, never a stack trace).
 */
import { checkLimit } from "./limiter";
import { requestClient } from "./clientAddress";
import { etagMatches, eventVersion } from "./cache";

/** A route's answer before the common headers: a body, or a status with an error message. */
export type ApiAnswer = { body: unknown } | { status: number; error: string };

const errorResponse = (status: number, error: string, headers: Record<string, string> = {}) =>
  Response.json({ error }, { status, headers: { "cache-control": "no-store", ...headers } });

/**
 * Runs the limiter for this request's client address; a refused call gets 429 with Retry-After
 * (seconds). Returns null when the call may go ahead.
 */
export async function apiLimit(req: Request): Promise<Response | null> {
  const v = await checkLimit("api", { address: requestClient(req.headers).address });
  if (v.ok) return null;
  return errorResponse(429, `too many requests: retry in ${v.retryAfterSec} s`, { "retry-after": String(v.retryAfterSec) });
}

/**
 * Answers an event's read API call: limit, event version (404 when unknown), 304 on a matching
 * If-None-Match, else `render(version)` as JSON with the ETag.
 * @param opts.personal the body depends on the signed-in viewer (private cache, Vary: Cookie)
 */
export async function apiEventResponse(
  req: Request,
  eventId: string,
  render: (version: number) => Promise<ApiAnswer>,
  opts: { personal?: boolean } = {},
): Promise<Response> {
  const limited = await apiLimit(req);
  if (limited) return limited;
  const version = await eventVersion(eventId);
  if (version === null) return errorResponse(404, "no such event");
  const etag = `W/"v${version}"`;
  const headers = { etag, "cache-control": `${opts.personal ? "private" : "public"}, no-cache`, vary: "Cookie" };
  if (etagMatches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  const a = await render(version);
  if ("error" in a) return errorResponse(a.status, a.error);
  return Response.json(a.body, { status: 200, headers });
}

/** Answers a call that belongs to no single event (the list, the document) with a caller-made ETag. */
export async function apiPlainResponse(req: Request, load: () => Promise<{ body: unknown; etag: string }>): Promise<Response> {
  const limited = await apiLimit(req);
  if (limited) return limited;
  const { body, etag } = await load();
  const headers = { etag, "cache-control": "public, no-cache" };
  if (etagMatches(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return Response.json(body, { status: 200, headers });
}
