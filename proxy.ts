/**
 * Next.js proxy (runs before routing, Node.js runtime): a fresh CSP nonce per request, passed to
 * Next.js in the request's Content-Security-Policy header (it puts the nonce on its scripts) and
 * sent in the response's; Strict-Transport-Security when the request came over TLS. Anonymous
 * views of the live pages are left to the render-once cache, whose stored render carries its own
 * CSP (lib/server/http/securityHeaders.ts isCachedLiveRequest; Next.js keeps a proxy header over a
 * route handler's). The other security headers come from next.config.ts `headers()`.
 */
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, isCachedLiveRequest, newNonce, CSP_HEADER, HSTS } from "@/lib/server/http/securityHeaders";
import { requestClient } from "@/lib/server/http/clientAddress";

export function proxy(req: NextRequest) {
  // "Came over TLS" is the request stamp (lib/server/http/clientAddress.ts, set by instrumentation.ts
  // from the socket or a trusted proxy's X-Forwarded-Proto): the same one that makes the session
  // cookies `Secure`. No stamp (instrumentation did not run) = no HSTS, the safe side.
  const { tls } = requestClient(req.headers);
  let res: NextResponse;
  if (
    isCachedLiveRequest(
      req.nextUrl.pathname,
      (h) => req.headers.has(h),
      (c) => req.cookies.has(c),
    )
  ) {
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
