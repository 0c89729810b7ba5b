/**
 * Security headers on every response (issue #12 "Headers on every response"). Pure values and
 * predicates, shared by next.config.ts (`headers()`: every response Next.js sends), proxy.ts (the
 * per-request CSP nonce and HSTS), the live route's render-once cache (the CSP is stored with each
 * render) and its fast path (lib/server/http/live-fast.ts, which answers before Next.js).
 *
 * CSP choice (DESIGN.md "Security headers"): Next.js App Router streams inline
 * `self.__next_f.push(…)` scripts, so `script-src` needs either 'unsafe-inline', hashes of each
 * response's scripts, or a nonce Next.js copies onto its tags (it reads it from the request's
 * `Content-Security-Policy` header, set by proxy.ts). We use a nonce with 'strict-dynamic': fresh
 * per request for every dynamic page; for the anonymous live pages the nonce of the ONE render is
 * stored with the cached bytes and replayed with them (the bytes never change, so an attacker who
 * reads the nonce has no injection point in that response to use it in). Styles keep
 * 'unsafe-inline' (React `style` attributes cannot carry a nonce); no 'unsafe-inline' for scripts.
 * Must not import Next.js or Node-only modules (next.config.ts and proxy.ts load it).
 */

/** Headers that are the same on every response (set by next.config.ts and the fast path). */
export const STATIC_SECURITY_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // Legacy twin of CSP frame-ancestors 'none' for browsers without CSP level 2.
  { key: "X-Frame-Options", value: "DENY" },
];

/** Strict-Transport-Security value sent when the request came over TLS (1 year, this host only). */
export const HSTS = "max-age=31536000";

/** Request header Next.js reads the nonce from (and the response header name). */
export const CSP_HEADER = "content-security-policy";

/**
 * The Content-Security-Policy for a response whose inline scripts carry `nonce` (base64, ≥ 128
 * bits). `dev` adds 'unsafe-eval' (React's dev build uses eval for stack traces; never in
 * production). Every fetch, form post and frame stays on this origin; nobody may frame the app.
 */
export function contentSecurityPolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The offline service worker (public/sw.js, issue #15) and the web app manifest.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh CSP nonce: 16 random bytes, base64. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

// "Came over TLS" (HSTS here, `Secure` session cookies in lib/auth/options.ts) has ONE derivation:
// lib/server/http/clientAddress.ts `cameOverTls`, stamped on every request by instrumentation.ts
// (`x-tandem-tls`, read with `requestClient`). proxy.ts and the fast path read that stamp.

/**
 * Session cookies of next-auth: a request carrying one is signed in (personal pages). next-auth
 * names it with the `__Secure-` prefix when lib/auth/options.ts sets `useSecureCookies` (over TLS).
 */
export const SESSION_COOKIES = ["next-auth.session-token", "__Secure-next-auth.session-token"] as const;
/** Header of the render-once cache's own render request (lib/server/http/cache.ts RENDER_HEADER). */
export const RENDER_HEADER = "x-tandem-render";
const LIVE_PATH = /^\/events\/[^/]+\/(pairings|clock|standings)$/;

/**
 * True when next.config.ts rewrites this request to the live route's render-once cache: path
 * /events/:id/(pairings|clock|standings), no session cookie, no `x-tandem-render` nor
 * `next-action` header (the rewrite's `missing` conditions). Such a response carries the CSP
 * stored with the cached render, so proxy.ts must not set its own.
 */
export function isCachedLiveRequest(pathname: string, hasHeader: (name: string) => boolean, hasCookie: (name: string) => boolean): boolean {
  if (!LIVE_PATH.test(pathname)) return false;
  if (hasHeader(RENDER_HEADER) || hasHeader("next-action")) return false;
  return !SESSION_COOKIES.some((c) => hasCookie(c));
}
