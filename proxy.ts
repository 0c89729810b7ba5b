/**
 * Next.js proxy (runs before routing, Node.js runtime): a fresh CSP nonce per request, passed to
 * Next.js in the request's Content-Security-Policy header (it puts the nonce on its scripts) and
 * sent in the response's; Strict-Transport-Security when the request came over TLS. Anonymous
 * views of the live pages are left to the render-once cache, whose stored render carries its own
 * CSP (lib/server/securityHeaders.ts isCachedLiveRequest; Next.js keeps a proxy header over a
 * route handler's). The other security headers come from next.config.ts `headers()`.
 */
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, cameOverTls, isCachedLiveRequest, newNonce, CSP_HEADER, HSTS } from "@/lib/server/securityHeaders";

export function proxy(req: NextRequest) {
  // `next start` speaks plain HTTP (Next.js derives nextUrl's scheme from X-Forwarded-Proto, so it
  // says nothing here): TLS is a trusted proxy's X-Forwarded-Proto.
  const tls = cameOverTls({ trustedProxy: process.env.TRUSTED_PROXY === "1", forwardedProto: req.headers.get("x-forwarded-proto") });
  let res: NextResponse;
  if (isCachedLiveRequest(req.nextUrl.pathname, (h) => req.headers.has(h), (c) => req.cookies.has(c))) {
    res = NextResponse.next();
  } else {
    const csp = contentSecurityPolicy(newNonce(), process.env.NODE_ENV === "development");
    const headers = new Headers(req.headers);
    headers.set(CSP_HEADER, csp);
    res = NextResponse.next({ request: { headers } });
    res.headers.set(CSP_HEADER, csp);
  }
  if (tls) res.headers.set("strict-transport-security", HSTS);
  return res;
}
