/**
 * The public address (issue #13 item 5): the one base URL every printed link and QR code uses
 * (receipts now; match slips, check-in and invites later). Pure: the caller passes the stored
 * setting, the environment and this machine's network addresses.
 *
 * Order: the organizer's instance setting → `PUBLIC_URL` → `NEXTAUTH_URL` when it is not
 * loopback → this machine's LAN address (what `npm start` prints for phones on the same network)
 * with the server's port. Never a loopback
 * address: when only loopback is known the result says so (`url: null`), and printed pages state
 * that phones cannot reach the link instead of printing `localhost`.
 */

/** Where the address came from; "loopback" = nothing a phone could reach is known. */
export type PublicAddressSource = "setting" | "env" | "lan" | "loopback";

export type PublicAddress = { url: string; source: "setting" | "env" | "lan" } | { url: null; source: "loopback" };

/** Why a typed public URL was refused (messages `eventday.publicUrl.errors.<reason>`). */
export type PublicUrlProblem = "FORMAT" | "SCHEME" | "LOOPBACK" | "PATH";

/** True for hosts only this machine reaches: localhost, *.localhost, 127.0.0.0/8, ::1, 0.0.0.0, ::. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  return (
    h === "localhost" ||
    h.endsWith(".localhost") ||
    /^127\.\d+\.\d+\.\d+$/.test(h) ||
    h === "::1" ||
    h === "0:0:0:0:0:0:0:1" ||
    h === "0.0.0.0" ||
    h === "::" ||
    h.startsWith("::ffff:127.")
  );
}

/**
 * Checks an address typed by an organizer (or `PUBLIC_URL`): an absolute http(s) URL with a host
 * phones can reach, no query or fragment; an optional path prefix (a proxy sub-path) is kept.
 * Without a scheme ("192.168.1.20:3000") http:// is assumed. Returns the normalized base (no
 * trailing slash), or the problem.
 */
export function parsePublicUrl(raw: string): { ok: true; url: string } | { ok: false; problem: PublicUrlProblem } {
  const text = raw.trim();
  let u: URL;
  try {
    u = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^[a-z][a-z0-9+.-]*:[^0-9]/i.test(text) ? text : `http://${text}`);
  } catch {
    return { ok: false, problem: "FORMAT" };
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return { ok: false, problem: "SCHEME" };
  if (!u.hostname) return { ok: false, problem: "FORMAT" };
  if (isLoopbackHost(u.hostname)) return { ok: false, problem: "LOOPBACK" };
  if (u.search || u.hash || u.username || u.password) return { ok: false, problem: "PATH" };
  return { ok: true, url: `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, "")}` };
}

/** The shape of `os.networkInterfaces()` this module reads. */
export type Interfaces = Record<string, readonly { address: string; family: string | number; internal: boolean }[] | undefined>;

/** Rank of an IPv4 address as a venue-network address: 192.168/16, 10/8, 172.16/12 (often a container bridge), others. */
function lanRank(a: string): number {
  if (/^192\.168\./.test(a)) return 0;
  if (/^10\./.test(a)) return 1;
  if (/^172\.(1[6-9]|2\d|3[01])\./.test(a)) return 2;
  return 3;
}

/**
 * This machine's LAN addresses, best first: non-internal IPv4, private ranges first (192.168/16,
 * 10/8, then 172.16/12, where container bridges such as docker0 usually sit), then others, except
 * link-local 169.254/16; ties keep interface order. IPv6 is skipped (rarely what a venue network
 * needs on paper).
 */
export function lanAddresses(interfaces: Interfaces): string[] {
  const v4 = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter(
      (i) => !i.internal && (i.family === "IPv4" || i.family === 4) && !i.address.startsWith("169.254.") && !isLoopbackHost(i.address),
    )
    .map((i) => i.address);
  return v4
    .map((a, i) => ({ a, i }))
    .sort((x, y) => lanRank(x.a) - lanRank(y.a) || x.i - y.i)
    .map((x) => x.a);
}

/**
 * Picks the public address. `setting` is the stored instance setting (already validated when
 * saved; re-checked here), `envUrl` is `PUBLIC_URL`, `authUrl` is `NEXTAUTH_URL` (a deployed
 * site's own address; `npm start` sets it to localhost, which is skipped), `lan` the output of
 * {@link lanAddresses}, `port` the port the app listens on (80 is left out of the URL).
 */
export function choosePublicAddress(input: {
  setting: string | null;
  envUrl: string | undefined;
  authUrl?: string;
  lan: readonly string[];
  port: number;
}): PublicAddress {
  if (input.setting) {
    const p = parsePublicUrl(input.setting);
    if (p.ok) return { url: p.url, source: "setting" };
  }
  for (const env of [input.envUrl, input.authUrl]) {
    if (!env) continue;
    const p = parsePublicUrl(env);
    if (p.ok) return { url: p.url, source: "env" };
  }
  const host = input.lan[0];
  if (host) return { url: `http://${host}${input.port === 80 ? "" : `:${input.port}`}`, source: "lan" };
  return { url: null, source: "loopback" };
}

/** `base` + an absolute path ("/claim?code=…"), or null when no reachable address is known. */
export function linkOn(address: PublicAddress, path: string): string | null {
  return address.url === null ? null : `${address.url}${path.startsWith("/") ? path : `/${path}`}`;
}
