/**
 * GET /events/:id/{pairings,clock,standings} for anonymous visitors (rewritten here by
 * next.config.ts when there is no session cookie): the page rendered once per event version and
 * served from memory with an ETag (lib/server/http/cache.ts). Both document requests and the React
 * Server Component requests of router.refresh() (LiveRefresh) are cached, keyed by the query,
 * the locale and the RSC request headers. The render is the real page, fetched from this server
 * with the `x-tandem-render` header (which skips the rewrite) and without cookies except the locale.
 * Only the three live pages are served: any other `page` (another route, `..%2F…`, a nested
 * `live/…` path) or an `id` that is not an id's characters (`..`, `%2e%2e`, `a%2F..`) is a 404
 * before anything is fetched.
 */
import {
  eventVersion,
  cachedRender,
  isCached,
  serveCached,
  liveCacheKey,
  RENDER_HEADER,
  RSC_HEADERS,
  type Rendered,
} from "@/lib/server/http/cache";
import { LOCALE_COOKIE, pickLocale } from "@/lib/i18n/config";

const PAGES = new Set(["pairings", "clock", "standings"]);
/**
 * Response headers replayed from the render. The render's Content-Security-Policy is kept: its
 * nonce is the one on the stored page's scripts (proxy.ts leaves these requests' CSP to us).
 */
const KEEP = /^(content-type|vary|x-nextjs-(?!cache).*|link|content-security-policy)$/i;

function selfOrigin(req: Request): string {
  if (process.env.TANDEM_SELF_ORIGIN) return process.env.TANDEM_SELF_ORIGIN;
  const u = new URL(req.url);
  return `http://127.0.0.1:${process.env.PORT ?? u.port ?? "3000"}`;
}

function cookie(req: Request, name: string): string | undefined {
  const m = (req.headers.get("cookie") ?? "").match(new RegExp(`(?:^|;\\s*)${name}=([^;]*)`));
  return m ? decodeURIComponent(m[1]) : undefined;
}

async function render(url: string, headers: Record<string, string>): Promise<Rendered> {
  const r = await fetch(url, { headers, redirect: "manual", cache: "no-store" });
  const out: Record<string, string> = {};
  r.headers.forEach((v, k) => {
    if (KEEP.test(k)) out[k] = v;
  });
  return { status: r.status, headers: out, body: new Uint8Array(await r.arrayBuffer()) };
}

export async function GET(req: Request, { params }: { params: Promise<{ id: string; page: string }> }) {
  const { id, page } = await params;
  // The event id is a cuid: anything else (`..`, `.`, a decoded `%2F`) would make the fetched path
  // another page of the app (`/events/../pairings` is `/pairings`), so it is a 404 here too.
  if (!PAGES.has(page) || !/^[A-Za-z0-9_-]{1,64}$/.test(id))
    return new Response("Not found.\n", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  const url = new URL(req.url);
  const path = `/events/${encodeURIComponent(id)}/${page}${url.search}`;
  const locale = pickLocale(cookie(req, LOCALE_COOKIE), req.headers.get("accept-language"));
  const fwd: Record<string, string> = { [RENDER_HEADER]: "1", cookie: `${LOCALE_COOKIE}=${locale}`, "accept-language": locale };
  for (const h of RSC_HEADERS) {
    const v = req.headers.get(h);
    if (v !== null) fwd[h] = v;
  }
  const target = `${selfOrigin(req)}${path}`;
  const version = await eventVersion(id);
  if (version === null) {
    const r = await render(target, fwd); // unknown event: the app's own 404
    return new Response(r.body as unknown as BodyInit, { status: r.status, headers: { ...r.headers, "cache-control": "no-store" } });
  }
  const key = liveCacheKey(
    id,
    page,
    url.search,
    locale,
    RSC_HEADERS.map((h) => req.headers.get(h)),
  );
  const entry = await cachedRender(key, version, () => render(target, fwd));
  if (!isCached(entry))
    return new Response(entry.body as unknown as BodyInit, {
      status: entry.status,
      headers: { ...entry.headers, "cache-control": "no-store" },
    });
  return serveCached(req, entry);
}
