/**
 * The event stream before Next.js routes the request (issue #15 venue target). Measured on 2 cores
 * with 1,000 streams per process: a frame written through the route handler's ReadableStream costs
 * ~35 µs per stream, so ~20 commits/s at a 750-team event cost more CPU than everything else; written
 * to the node response directly it costs a few µs. Installed by lib/server/http/live-fast.ts
 * (installLiveFastPath) in front of every node HTTP server of the process.
 *
 * It takes `GET /api/events/:id/stream` and `…/stream?lastEventId=N` (no other query) without an
 * `x-tandem-render` or `next-action` header, and answers exactly what
 * app/api/events/[id]/stream/route.ts answers (same frames and log lines: lib/server/live/streamOpen.ts):
 * the session is the next-auth JWT read with next-auth's own `getToken` (NEXTAUTH_SECRET, the
 * `__Secure-` cookie over TLS, as lib/auth/options.ts) and honoured only while its session version is
 * current (lib/auth/sessionVersion.ts), as lib/auth/session.ts currentSession. The static security
 * headers and HSTS over TLS are added as for the other fast paths. Anything it cannot decide (no
 * NEXTAUTH_SECRET with a session cookie, unknown event, a database error before the answer started)
 * goes to Next.js unchanged through `fallback`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { getToken, type JWT } from "next-auth/jwt";
import { db } from "@/lib/db";
import { sessionIsCurrentTrusted } from "@/lib/auth/sessionVersion";
import { secureCookies } from "@/lib/auth/options";
import { eventVersion } from "@/lib/server/http/cache";
import { addSecurityHeaders, cookies, earlyMatch, hasSessionCookie, overTls } from "@/lib/server/http/live-fast";
import { startStream } from "./streamOpen";
import { streamRoom } from "./hub";
import { resumeId } from "./topics";

/** The headers of every event stream response. */
export const STREAM_HEADERS: Record<string, string> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
  connection: "keep-alive",
};

/** The answer when this process holds its most streams (hub.ts maxStreams): the browser retries, then polls. */
export const STREAM_FULL = {
  body: JSON.stringify({ error: "too many live connections on this server; polling instead" }),
  headers: { "content-type": "application/json", "cache-control": "no-store", "retry-after": "30" } as Record<string, string>,
};

const PATH = /^\/api\/events\/([^/?#]+)\/stream(?:\?lastEventId=([^&#]*))?$/;

/**
 * What lib/auth/session.ts currentSession answers, read from a raw request before Next.js: null when
 * the request carries no session cookie; `undefined` when it carries one but this process cannot read
 * it (no NEXTAUTH_SECRET: let Next.js answer); else the session, or null when the token is invalid or
 * its session version is no longer current (lib/auth/sessionVersion.ts sessionIsCurrentTrusted: a
 * check at most SESSION_TRUST_MS old). The cookie is the `__Secure-` one over TLS, as lib/auth/options.ts.
 */
export async function requestSession(req: IncomingMessage): Promise<{ userId: string; sv: number } | null | undefined> {
  if (!hasSessionCookie(req.headers.cookie)) return null;
  const secret = process.env.NEXTAUTH_SECRET;
  if (!secret) return undefined;
  const jar = cookies(req.headers.cookie);
  const secure = secureCookies(overTls(req));
  const token = await decodedToken(jar, secure, () =>
    getToken({ req: { cookies: jar, headers: req.headers } as never, secret, secureCookie: secure }),
  );
  if (!token?.sub) return null;
  const sv = typeof token.sv === "number" ? token.sv : 0;
  if (!(await sessionIsCurrentTrusted(db(), token.sub, sv))) return null;
  return { userId: token.sub, sv };
}

/** How long a decoded session token is kept (ms), never past its own `exp`. */
const DECODED_MS = 60_000;
/** Decoded tokens kept per process (the oldest go first). */
const MAX_DECODED = 20_000;
const decoded = new Map<string, { token: JWT; until: number }>();

/**
 * The session token of a request's cookies (`secure`: the `__Secure-` name), decoded by `decode` (next-auth
 * getToken: an HKDF and an AES-GCM decryption per call) once per cookie value for up to {@link DECODED_MS}
 * or the token's `exp`, whichever comes first; a phone refetching its card every few seconds sends the same
 * cookie. Tokens that do not decode are not kept. Exported for its unit test.
 */
export async function decodedToken(jar: Map<string, string>, secure: boolean, decode: () => Promise<JWT | null>): Promise<JWT | null> {
  const name = secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";
  const parts = [...jar].filter(([k]) => k === name || k.startsWith(`${name}.`)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (!parts.length) return decode();
  const key = `${name}|${parts.map(([k, v]) => `${k}=${v}`).join(";")}`;
  const hit = decoded.get(key);
  const now = Date.now();
  if (hit && now < hit.until) return hit.token;
  const token = await decode();
  if (!token) return null;
  decoded.delete(key);
  decoded.set(key, { token, until: Math.min(now + DECODED_MS, typeof token.exp === "number" ? token.exp * 1000 : now + DECODED_MS) });
  while (decoded.size > MAX_DECODED) decoded.delete(decoded.keys().next().value!);
  return token;
}

/**
 * Takes an event-stream request (see the module docstring) and returns true; false when the request is
 * not one (Next.js handles it). `fallback()` hands a taken request to Next.js when it cannot be answered here.
 */
export function serveStreamBeforeNext(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean {
  const hit = earlyMatch(req, PATH);
  if (!hit) return false;
  const { id, m } = hit;
  const h = req.headers;
  if (!process.env.NEXTAUTH_SECRET && hasSessionCookie(h.cookie)) return false;
  void (async () => {
    const version = await eventVersion(id);
    if (version === null) return fallback();
    if (!streamRoom()) {
      res.writeHead(503, addSecurityHeaders(req, { ...STREAM_FULL.headers }));
      return void res.end(STREAM_FULL.body);
    }
    const session = await requestSession(req);
    if (session === undefined) return fallback();
    res.writeHead(200, addSecurityHeaders(req, { ...STREAM_HEADERS }));
    res.flushHeaders();
    startStream({
      eventId: id,
      version,
      last: resumeId(typeof h["last-event-id"] === "string" ? h["last-event-id"] : null, m[2] ?? null),
      session,
      sink: {
        write(frame) {
          if (!res.writableEnded && !res.destroyed) res.write(frame);
        },
        end() {
          if (!res.writableEnded) res.end();
        },
        onAbort(cb) {
          res.on("close", cb);
        },
      },
    });
  })().catch(() => {
    if (!res.headersSent) fallback();
    else res.destroy();
  });
  return true;
}
