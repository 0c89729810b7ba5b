/**
 * The client's address and "came over TLS" (issue #10 limiter keys, issue #12 Secure cookies).
 * Shared decision: `TRUSTED_PROXY=1` means the app sits behind ONE reverse proxy that appends the
 * peer it saw to X-Forwarded-For and sets X-Forwarded-Proto; unset = no forwarded header is
 * trusted (a client can send any, and Next.js itself fills x-forwarded-for from the socket when it
 * is missing, so the header cannot tell who the peer was).
 *
 * instrumentation.ts stamps every request, before Next.js sees it, with headers derived here from
 * the socket: {@link CLIENT_HEADER} (the client address) and {@link TLS_HEADER} ("1" or "0");
 * any copy the client sent is overwritten. Code reading the request uses {@link requestClient}.
 */
export const CLIENT_HEADER = "x-tandem-client";
export const TLS_HEADER = "x-tandem-tls";

/** Strips the IPv4-mapped IPv6 prefix and surrounding spaces; "" for nothing. */
export function normaliseAddress(a: string | undefined | null): string {
  const s = (a ?? "").trim();
  return s.startsWith("::ffff:") && s.includes(".") ? s.slice(7) : s;
}

function lastValue(h: string | string[] | undefined): string | undefined {
  const v = Array.isArray(h) ? h.join(",") : h;
  if (!v) return undefined;
  const parts = v
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.at(-1);
}

/**
 * The client address of one request.
 * @param peer the socket's remote address
 * @param xff  the X-Forwarded-For header as received
 * @param trusted TRUSTED_PROXY=1
 * @returns with a trusted proxy, the LAST X-Forwarded-For entry (the one our proxy appended;
 *   earlier entries are whatever the client claimed), else the peer; "unknown" when empty.
 */
export function clientAddress(peer: string | undefined, xff: string | string[] | undefined, trusted: boolean): string {
  const fromProxy = trusted ? normaliseAddress(lastValue(xff)) : "";
  return (fromProxy || normaliseAddress(peer) || "unknown").slice(0, 64);
}

/**
 * True when the request came over TLS: the socket is TLS, or a trusted proxy's X-Forwarded-Proto
 * (its LAST value: the one our proxy set; earlier ones are the client's) is `https`. The one
 * derivation behind `Secure` session cookies (lib/auth/options.ts) and HSTS (proxy.ts, the live
 * fast path): both read it through the request stamp or call it on the raw request.
 */
export function cameOverTls(encrypted: boolean, xfProto: string | string[] | undefined, trusted: boolean): boolean {
  return encrypted || (trusted && (lastValue(xfProto) ?? "").toLowerCase() === "https");
}

export function trustedProxy(): boolean {
  return process.env.TRUSTED_PROXY === "1";
}

/** Overwrites the stamp headers of a node request (called by instrumentation.ts). */
export function stampRequest(req: {
  headers: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string; encrypted?: boolean } | null;
}): void {
  const trusted = trustedProxy();
  req.headers[CLIENT_HEADER] = clientAddress(req.socket?.remoteAddress, req.headers["x-forwarded-for"], trusted);
  req.headers[TLS_HEADER] = cameOverTls(Boolean(req.socket?.encrypted), req.headers["x-forwarded-proto"], trusted) ? "1" : "0";
}

/**
 * Reads the stamp from request headers (a Headers object or next/headers()).
 * Without a stamp (a process where instrumentation did not run) the address is "unknown" — all
 * such requests then share one limiter key, which fails safe (stricter, never looser).
 */
export function requestClient(h: { get(name: string): string | null }): { address: string; tls: boolean } {
  return { address: h.get(CLIENT_HEADER) || "unknown", tls: h.get(TLS_HEADER) === "1" };
}

const STAMPED = Symbol.for("tandem.requestStamp");

/**
 * Stamps every request of every node HTTP server of this process with {@link stampRequest}
 * before anything else sees it (wraps `http.Server.prototype.emit` for "request"; idempotent).
 * Called by instrumentation.ts in the Node.js runtime, after the live fast path is installed, so
 * the stamp runs first.
 */
export async function installRequestStamp(): Promise<void> {
  const http = await import("node:http");
  const proto = http.Server.prototype as unknown as { emit: (event: string, ...args: unknown[]) => boolean; [STAMPED]?: boolean };
  if (proto[STAMPED]) return;
  const emit = proto.emit;
  proto.emit = function (this: unknown, event: string, ...args: unknown[]) {
    if (event === "request") {
      try {
        stampRequest(args[0] as Parameters<typeof stampRequest>[0]);
      } catch {
        /* never break a request */
      }
    }
    return emit.call(this, event, ...args);
  };
  proto[STAMPED] = true;
}
