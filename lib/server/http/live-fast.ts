/**
 * Fast path of the render-once cache (issue #6 load target: the public pairings page of a 750-team
 * event at ≥ 2,000 req/s, p99 < 50 ms on 2 cores). Measured on 2 cores: any Next.js route handler
 * — even one answering 304 with no body — tops out near 1,500 req/s, and Next.js strips a route
 * handler's Content-Encoding, so the cache (lib/server/http/cache.ts) could only send uncompressed
 * bytes. This module answers a cache HIT before Next.js routes the request, from the node HTTP
 * server's "request" event (installed once by instrumentation.ts), with the stored gzip copy.
 *
 * It serves ONLY what the normal path (next.config.ts rewrite → app/api/events/[id]/live/[page])
 * would serve from memory at that moment, with the same bytes, ETag and freshness:
 * - GET of /events/:id/(pairings|clock|standings) as a document: no `rsc` header, no `_rsc`
 *   query (RSC requests keep going through Next.js, which validates them);
 * - anonymous: no next-auth session cookie, no `x-tandem-render`, no `next-action` header
 *   (the rewrite's `missing` conditions);
 * - the event's version was read by this process less than VERSION_TTL_MS ago and the stored
 *   entry is at least that version ({@link peekFresh}).
 * Anything else returns false and Next.js handles the request as before (which also refreshes the
 * version, so at least one request per VERSION_TTL_MS per event goes the normal way).
 * Response: 304 when If-None-Match names the ETag; else 200 with `Content-Encoding: gzip` when
 * the request accepts gzip (and a gzip copy exists), otherwise the identity bytes; `Vary` adds
 * Accept-Encoding. The security headers Next.js would add (lib/server/http/securityHeaders.ts: the
 * static set, HSTS over TLS) are added here; the CSP is the one stored with the render (its nonce
 * is on the stored page's scripts). Never throws into the server: an error falls back to Next.js.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { peekFresh, etagMatches, liveCacheKey, RSC_HEADERS, freshVersion, framedVersion } from "./cache";
import { dataKey, peekData, pendingRender, type DataEntry } from "./dataCache";
import { LOCALE_COOKIE, pickLocale } from "@/lib/i18n/config";
import { STATIC_SECURITY_HEADERS, HSTS, SESSION_COOKIES as SESSION_COOKIE_NAMES } from "./securityHeaders";
import { cameOverTls, trustedProxy } from "./clientAddress";

const PATH = /^\/events\/([^/?#]+)\/(pairings|clock|standings)(\?[^#]*)?$/;
const SESSION_COOKIES = new Set<string>(SESSION_COOKIE_NAMES);

/** The request's cookies by name (last one wins), from a Cookie header. */
export function cookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

/** True when a Cookie header carries a next-auth session cookie (`__Secure-` or not, chunked or not). */
export function hasSessionCookie(header: string | undefined): boolean {
  for (const name of cookies(header).keys())
    if (SESSION_COOKIES.has(name) || [...SESSION_COOKIES].some((c) => name.startsWith(`${c}.`))) return true;
  return false;
}

/**
 * The event id and regex match of a GET the early handlers may take: `pattern` matches the URL (its
 * first group the encoded event id), and no `x-tandem-render` or `next-action` header is set (the
 * render-once cache's own renders and server actions always go to Next.js). Null otherwise.
 */
export function earlyMatch(req: IncomingMessage, pattern: RegExp): { id: string; m: RegExpExecArray } | null {
  if (req.method !== "GET" || !req.url) return null;
  const m = pattern.exec(req.url);
  if (!m) return null;
  if (req.headers["x-tandem-render"] !== undefined || req.headers["next-action"] !== undefined) return null;
  try {
    return { id: decodeURIComponent(m[1]), m };
  } catch {
    return null;
  }
}

/** True when the raw request came over TLS (the socket, or a trusted proxy's X-Forwarded-Proto): the request stamp's derivation. */
export function overTls(req: IncomingMessage): boolean {
  const encrypted = Boolean((req.socket as { encrypted?: boolean } | undefined)?.encrypted);
  return cameOverTls(encrypted, req.headers["x-forwarded-proto"], trustedProxy());
}

/** Adds to `headers` what Next.js would add to a response: the static security headers, and HSTS over TLS. */
export function addSecurityHeaders(req: IncomingMessage, headers: Record<string, string>): Record<string, string> {
  for (const { key, value } of STATIC_SECURITY_HEADERS) headers[key.toLowerCase()] = value;
  if (overTls(req)) headers["strict-transport-security"] = HSTS;
  return headers;
}

/** True when an Accept-Encoding header accepts gzip (a `q=0` refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  for (const part of (header ?? "").split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding.trim() !== "gzip" && coding.trim() !== "x-gzip") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * Answers `req` from the render-once cache when it is an anonymous document GET of a live page
 * whose current version is stored (see the module docstring). Returns true when it answered.
 */
export function serveLiveFromMemory(req: IncomingMessage, res: ServerResponse, now = Date.now()): boolean {
  if (req.method !== "GET" || !req.url) return false;
  const m = PATH.exec(req.url);
  if (!m) return false;
  const h = req.headers;
  if (h["x-tandem-render"] !== undefined || h["next-action"] !== undefined || h.rsc !== undefined) return false;
  const search = m[3] ?? "";
  if (/[?&]_rsc(=|&|$)/.test(search)) return false;
  const jar = cookies(h.cookie);
  for (const name of jar.keys()) if (SESSION_COOKIES.has(name)) return false;
  let id: string;
  try {
    id = decodeURIComponent(m[1]);
  } catch {
    return false;
  }
  let locale: string;
  try {
    locale = pickLocale(jar.has(LOCALE_COOKIE) ? decodeURIComponent(jar.get(LOCALE_COOKIE)!) : undefined, h["accept-language"]);
  } catch {
    return false;
  }
  const rsc = RSC_HEADERS.map((name) => {
    const v = h[name];
    return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  });
  const entry = peekFresh(id, liveCacheKey(id, m[2], search, locale, rsc), now);
  if (!entry) return false;

  const headers: Record<string, string> = { ...entry.headers };
  delete headers["content-length"];
  delete headers["content-encoding"];
  const vary = new Set(
    (headers.vary ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );
  for (const v of ["Accept-Encoding", "Cookie", "Accept-Language"]) vary.add(v);
  headers.vary = [...vary].join(", ");
  headers.etag = entry.etag;
  headers["cache-control"] = "public, no-cache, no-transform";
  headers["x-tandem-cache"] = `v${entry.version}; fast`;
  return answer(req, res, headers, entry);
}

/**
 * Writes a stored body from memory: adds the security headers Next.js would add (the static set,
 * HSTS over TLS), answers 304 when If-None-Match names `headers.etag`, else 200 with the gzip copy
 * when the request accepts gzip (with `contentType` when given; a page's content type is among its
 * stored headers). Always true (the request was answered).
 */
export function answer(
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string>,
  entry: { body: Uint8Array; gzip?: Uint8Array },
  contentType?: string,
): true {
  const h = req.headers;
  addSecurityHeaders(req, headers);
  if (etagMatches(h["if-none-match"], headers.etag)) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const gz = entry.gzip && acceptsGzip(h["accept-encoding"]);
  const body = gz ? entry.gzip! : entry.body;
  if (gz) headers["content-encoding"] = "gzip";
  if (contentType) headers["content-type"] = contentType;
  headers["content-length"] = String(body.byteLength);
  res.writeHead(200, headers);
  res.end(body);
  return true;
}

const DATA_PATH = /^\/api\/events\/([^/?#]+)\/data\/(pairings|standings)(?:\?round=([1-9]\d{0,3}))?$/;

/**
 * Answers a GET of the public live JSON (`/api/events/:id/data/pairings`, `…/pairings?round=N`
 * with N 1–9999, `…/data/standings`; issue #15) from lib/server/http/dataCache.ts before Next.js,
 * with the same bytes, ETag (`W/"v<version>"`) and cache headers as
 * app/api/events/[id]/data/[kind]/route.ts, when the stored body is at least as new as the last change
 * frame this process sent to the event's streams ({@link framedVersion}: a phone has heard of nothing
 * newer; the frame was sent after the prewarm rendered the body), or, before any frame, as this
 * process's fresh read of the version ({@link freshVersion}: read or heard through a live notice
 * < VERSION_TTL_MS ago, or within the grace while one re-read runs). These bodies are
 * public and the same for every visitor (the route reads no session for them), so a session
 * cookie does not matter; any other query, method, kind, a `next-action` or `x-tandem-render`
 * header returns false (Next.js answers, validates and refreshes the version). 304 on
 * If-None-Match; the gzip copy when accepted. Returns true when it answered.
 */
export function serveDataFromMemory(req: IncomingMessage, res: ServerResponse, now = Date.now(), fallback?: () => void): boolean {
  const hit = earlyMatch(req, DATA_PATH);
  if (!hit) return false;
  const { id, m } = hit;
  // What the phones were told (the last change frame of this process), else the fresh version read.
  const current = framedVersion(id) ?? freshVersion(id, now);
  if (current === null) return false;
  const key = dataKey(id, m[2] as "pairings" | "standings", m[3] === undefined ? undefined : Number(m[3]));
  const serve = (entry: DataEntry) => {
    const headers: Record<string, string> = {
      etag: `W/"v${entry.version}"`,
      "cache-control": "public, no-cache",
      vary: "Cookie, Accept-Encoding",
      "x-tandem-cache": `v${entry.version}; fast`,
    };
    return answer(req, res, headers, entry, "application/json; charset=utf-8");
  };
  const entry = peekData(key);
  if (entry && entry.version >= current) return serve(entry);
  // The body of that version is being rendered (a prewarm past its wait, or another request): wait for
  // it here rather than send every phone through Next.js to render it again.
  const running = pendingRender(key);
  if (!fallback || !running || running.version < current) return false;
  running.promise.then(
    (e) => (e && e.version >= current ? serve(e) : fallback()),
    () => fallback(),
  );
  return true;
}

const INSTALLED = Symbol.for("tandem.liveFastPath");

/**
 * Installs {@link serveLiveFromMemory}, {@link serveDataFromMemory} and the `extra` handlers (the event
 * stream, lib/server/live/streamFast.ts; each takes a request and returns true, or returns false; its
 * `fallback` hands a taken request to Next.js) in front of every node HTTP server of this process (wraps
 * `http.Server.prototype.emit` for the "request" event; idempotent). Called by instrumentation.ts
 * in the Node.js runtime. Errors in the fast path fall back to the normal listeners.
 */
/** A handler run before Next.js: true when it took the request; `fallback()` passes a taken one on to Next.js. */
export type EarlyHandler = (req: IncomingMessage, res: ServerResponse, fallback: () => void) => boolean;

export function installLiveFastPath(extra: readonly EarlyHandler[] = []): void {
  const proto = http.Server.prototype as unknown as { emit: (event: string, ...args: unknown[]) => boolean; [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      try {
        const [req, res] = [args[0] as IncomingMessage, args[1] as ServerResponse];
        const next = () => emit.call(this, event, ...args);
        if (serveLiveFromMemory(req, res) || serveDataFromMemory(req, res, Date.now(), next)) return true;
        for (const take of extra) if (take(req, res, next)) return true;
      } catch {
        /* fall back to Next.js */
      }
    }
    return emit.call(this, event, ...args);
  };
  proto[INSTALLED] = true;
}
