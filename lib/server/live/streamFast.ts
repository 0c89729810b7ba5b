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
import { getToken } from "next-auth/jwt";
import { db } from "@/lib/db";
import { sessionIsCurrent } from "@/lib/auth/sessionVersion";
import { secureCookies } from "@/lib/auth/options";
import { eventVersion } from "@/lib/server/http/cache";
import { cameOverTls, trustedProxy } from "@/lib/server/http/clientAddress";
import { HSTS, SESSION_COOKIES, STATIC_SECURITY_HEADERS } from "@/lib/server/http/securityHeaders";
import { startStream } from "./streamOpen";
import { resumeId } from "./topics";

/** The headers of every event stream response. */
export const STREAM_HEADERS: Record<string, string> = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
  connection: "keep-alive",
};

const PATH = /^\/api\/events\/([^/?#]+)\/stream(?:\?lastEventId=([^&#]*))?$/;

function cookieJar(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

/**
 * Takes an event-stream request (see the module docstring) and returns true; false when the request is
 * not one (Next.js handles it). `fallback()` hands a taken request to Next.js when it cannot be answered here.
 */
export function serveStreamBeforeNext(req: IncomingMessage, res: ServerResponse, fallback: () => void): boolean {
  if (req.method !== "GET" || !req.url) return false;
  const m = PATH.exec(req.url);
  if (!m) return false;
  const h = req.headers;
  if (h["x-tandem-render"] !== undefined || h["next-action"] !== undefined) return false;
  let id: string;
  try {
    id = decodeURIComponent(m[1]);
  } catch {
    return false;
  }
  const jar = cookieJar(h.cookie);
  const signedIn = [...jar.keys()].some((k) => SESSION_COOKIES.some((c) => k === c || k.startsWith(`${c}.`)));
  const secret = process.env.NEXTAUTH_SECRET;
  if (signedIn && !secret) return false;
  const encrypted = Boolean((req.socket as { encrypted?: boolean } | undefined)?.encrypted);
  const tls = cameOverTls(encrypted, h["x-forwarded-proto"], trustedProxy());
  void (async () => {
    const version = await eventVersion(id);
    if (version === null) return fallback();
    let session: { userId: string; sv: number } | null = null;
    if (signedIn) {
      const token = await getToken({ req: { cookies: jar, headers: h } as never, secret, secureCookie: secureCookies(tls) });
      const sv = typeof token?.sv === "number" ? token.sv : 0;
      if (token?.sub && (await sessionIsCurrent(db(), token.sub, sv))) session = { userId: token.sub, sv };
    }
    const headers: Record<string, string> = { ...STREAM_HEADERS };
    for (const { key, value } of STATIC_SECURITY_HEADERS) headers[key.toLowerCase()] = value;
    if (tls) headers["strict-transport-security"] = HSTS;
    res.writeHead(200, headers);
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
