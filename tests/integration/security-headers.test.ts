/**
 * Issue #12 "Headers on every response", over real HTTP against the built app: every page (each
 * app/**\/page.tsx, anonymous and signed in as the organizer), the pairings fast path (anonymous,
 * cached), its 304, an API route and its 304, a React Server Component stream, a static file and
 * error pages all carry nosniff, Referrer-Policy, X-Frame-Options and a CSP with
 * frame-ancestors 'none' whose script nonce is the one on every <script> of the page (so nothing
 * Next.js emits is blocked); HSTS only when a trusted proxy says the request came over TLS. The
 * live route answers 404 to `..%2F` traversal and nesting.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { useTestDatabase } from "./db";
import { reportingWorld, type ReportingWorld } from "./fixtures";
import { startApp, type AppServer } from "./appServer";
import { cameOverTls } from "@/lib/server/http/clientAddress";

await useTestDatabase();

const SECRET = "security-headers-test-secret-0123456789";
let app: AppServer;
let w: ReportingWorld;
let organizerCookie = "";

beforeAll(async () => {
  w = await reportingWorld("hdr", "KONAMI_TAG_2019", 4);
  organizerCookie = `next-auth.session-token=${await encode({ token: { sub: w.organizer }, secret: SECRET })}`;
  app = await startApp({ NEXTAUTH_SECRET: SECRET, TRUSTED_PROXY: "1" });
});
afterAll(async () => {
  await app?.stop();
});

/** Every page route of the app (app/**\/page.tsx) as a URL pattern like /events/[id]/teams. */
function pageRoutes(): string[] {
  const appDir = path.resolve(import.meta.dirname, "../../app");
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f === "page.tsx")
        out.push(
          "/" +
            path
              .relative(appDir, dir)
              .split(path.sep)
              .filter((s) => !/^\(.*\)$/.test(s))
              .join("/"),
        );
    }
  };
  walk(appDir);
  return out.map((r) => (r === "/" ? "/" : r.replace(/\/$/, ""))).sort();
}

function fill(route: string): string {
  const values: Record<string, string> = {
    id: w.eventId,
    teamId: w.teams[0],
    matchId: w.matches[0].id,
    number: "1",
    token: "no-such-invite-token",
  };
  return route.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    if (!(name in values))
      throw new Error(`security-headers test: no value for the route parameter [${name}] of ${route}; add one to fill()`);
    return values[name];
  });
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

/** Asserts the headers every response carries; returns the CSP's script nonce (if any). */
function expectSecurityHeaders(res: Response, what: string, tls = false): string | undefined {
  const h = res.headers;
  expect(h.get("x-content-type-options"), what).toBe("nosniff");
  expect(h.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  expect(h.get("x-frame-options"), what).toBe("DENY");
  const csp = h.get("content-security-policy");
  expect(csp, what).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
  expect(csp, what).toMatch(/(^|; )script-src 'self' 'nonce-[A-Za-z0-9+/=]{22,}' 'strict-dynamic'(;|$)/);
  expect(csp, what).toMatch(/(^|; )object-src 'none'(;|$)/);
  // The offline service worker (issue #15) may run from this origin only.
  expect(csp, what).toMatch(/(^|; )worker-src 'self'(;|$)/);
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp!.split(",").length, `${what}: one CSP`).toBe(1);
  expect(h.get("strict-transport-security"), what).toBe(tls ? "max-age=31536000" : null);
  return nonceOf(csp);
}

/** Every <script> of an HTML body carries the CSP's nonce. */
function expectScriptsNonced(html: string, nonce: string | undefined, what: string) {
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  expect(tags.length, what).toBeGreaterThan(0);
  for (const t of tags) expect(t, what).toContain(`nonce="${nonce}"`);
}

const get = (p: string, headers: Record<string, string> = {}) => fetch(app.base + p, { headers, redirect: "manual" });

describe("security headers on every response", () => {
  it("every page, anonymous and signed in: the headers, and the CSP nonce on every script", async () => {
    const routes = pageRoutes();
    expect(routes).toContain("/events/[id]/pairings");
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const route of routes) {
      for (const [who, headers] of [
        ["anonymous", {}],
        ["organizer", { cookie: organizerCookie }],
      ] as const) {
        const url = fill(route);
        const res = await get(url, headers);
        const what = `${who} ${url} (${res.status})`;
        expect(res.status, what).toBeLessThan(500);
        const nonce = expectSecurityHeaders(res, what);
        const body = await res.text();
        if (res.status === 200 && (res.headers.get("content-type") ?? "").startsWith("text/html")) expectScriptsNonced(body, nonce, what);
      }
    }
  });

  it("the pairings fast path (anonymous, cached) and its 304 replay the CSP stored with the render", async () => {
    const url = `/events/${w.eventId}/pairings`;
    let fast: Response | null = null;
    for (let i = 0; i < 20 && !fast; i++) {
      const r = await get(url, { "accept-encoding": "gzip" });
      if ((r.headers.get("x-tandem-cache") ?? "").endsWith("; fast")) fast = r;
      else await r.arrayBuffer();
    }
    expect(fast, "a fast-path answer").not.toBeNull();
    const nonce = expectSecurityHeaders(fast!, "fast path");
    expectScriptsNonced(await fast!.text(), nonce, "fast path");
    const notModified = await get(url, { "if-none-match": fast!.headers.get("etag")! });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("x-tandem-cache")).toMatch(/; fast$/);
    expect(nonceOf(notModified.headers.get("content-security-policy"))).toBe(nonce);
    expectSecurityHeaders(notModified, "fast path 304");
    // A trusted proxy that says https: HSTS on the fast path too; plain http: none (checked above).
    expectSecurityHeaders(await get(url, { "x-forwarded-proto": "https" }), "fast path over TLS", true);
  });

  it("API routes (and their 304), an RSC stream, a static file, error pages; HSTS only over TLS", async () => {
    const version = await get(`/api/events/${w.eventId}/version`);
    expect(version.status).toBe(200);
    expectSecurityHeaders(version, "version API");
    const v304 = await get(`/api/events/${w.eventId}/version`, { "if-none-match": version.headers.get("etag")! });
    expect(v304.status).toBe(304);
    expectSecurityHeaders(v304, "version API 304");
    const csv = await get(`/api/events/${w.eventId}/standings`);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expectSecurityHeaders(csv, "standings CSV");
    // Next.js 16 answers a bare RSC request with a 307 to its cache-busting `_rsc` URL: follow it.
    const rsc = await fetch(`${app.base}/events/${w.eventId}/teams`, { headers: { rsc: "1", cookie: organizerCookie } });
    expect(rsc.status).toBe(200);
    expect(rsc.headers.get("content-type")).toMatch(/^text\/x-component/);
    expectSecurityHeaders(rsc, "RSC stream");
    const home = await (await get("/")).text();
    const asset = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(home)![1];
    const js = await get(asset);
    expect(js.status).toBe(200);
    expectSecurityHeaders(js, "static file");
    const missing = await get("/no-such-page");
    expect(missing.status).toBe(404);
    expectScriptsNonced(await missing.text(), expectSecurityHeaders(missing, "404 page"), "404 page");
    const noEvent = await get("/events/no-such-event/pairings");
    expect(noEvent.status).toBe(404);
    expectSecurityHeaders(noEvent, "404 of an unknown event (live route)");
    expectSecurityHeaders(await get("/", { "x-forwarded-proto": "https" }), "page over TLS", true);
    // One proxy: its value is the last one (anything before it is what the client sent).
    expectSecurityHeaders(await get(`/api/events/${w.eventId}/version`, { "x-forwarded-proto": "http, https" }), "API over TLS", true);
    expectSecurityHeaders(
      await get(`/api/events/${w.eventId}/version`, { "x-forwarded-proto": "https, http" }),
      "API, client-sent https before the proxy's http",
    );
  });

  it("HSTS and Secure session cookies come from the same TLS decision", async () => {
    const overTls = await get("/api/auth/csrf", { "x-forwarded-proto": "https" });
    expectSecurityHeaders(overTls, "next-auth over TLS", true);
    expect(overTls.headers.get("set-cookie")).toMatch(/__Host-next-auth\.csrf-token=[^,]*; Secure/i);
    const plain = await get("/api/auth/csrf");
    expectSecurityHeaders(plain, "next-auth over HTTP");
    expect(plain.headers.get("set-cookie")).toMatch(/(^|, )next-auth\.csrf-token=/);
    expect(plain.headers.get("set-cookie")).not.toMatch(/Secure/i);
  });

  it("HSTS needs TLS: direct, or X-Forwarded-Proto https from a trusted proxy only", () => {
    expect(cameOverTls(true, undefined, false)).toBe(true);
    expect(cameOverTls(false, "https", false)).toBe(false);
    expect(cameOverTls(false, "https", true)).toBe(true);
    expect(cameOverTls(false, "http, https", true)).toBe(true);
    expect(cameOverTls(false, "https, http", true)).toBe(false);
    expect(cameOverTls(false, undefined, true)).toBe(false);
  });
});

describe("live route over HTTP", () => {
  it("404 for ..%2F traversal and nested live paths; the three pages answer", async () => {
    for (const p of [
      `/api/events/${w.eventId}/live/..%2Fadmin`,
      `/api/events/${w.eventId}/live/..%2F..%2F..%2Fapi%2Fevents%2F${w.eventId}%2Fversion`,
      `/api/events/${w.eventId}/live/..%2F..%2F${w.eventId}%2Flive%2F..%2Fadmin`,
      `/api/events/${w.eventId}/live/teams`,
      `/api/events/${w.eventId}/live/pairings%2F..%2F..%2Fadmin`,
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toContain(w.eventId);
      expectSecurityHeaders(res, p);
    }
    for (const page of ["pairings", "clock", "standings"])
      expect((await get(`/api/events/${w.eventId}/live/${page}`)).status, page).toBe(200);
  });
});
