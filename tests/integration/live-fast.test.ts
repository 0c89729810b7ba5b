/**
 * Issue #6 load target: the render-once cache's fast path (lib/server/http/live-fast.ts) answers only
 * anonymous document GETs of a live page whose CURRENT version is stored, with the same bytes
 * (gzipped when accepted), ETag and freshness as the normal path; everything else goes to Next.js.
 */
import { gunzipSync } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "./db";
import { makeEvent } from "./fixtures";
import { cachedRender, clearCaches, eventVersion, liveCacheKey, VERSION_TTL_MS, PENDING_GRACE_MS } from "@/lib/server/http/cache";
import { acceptsGzip, serveLiveFromMemory } from "@/lib/server/http/live-fast";

await useTestDatabase();

const HTML = `<!DOCTYPE html><html><body>${"<li>Team 001 Dragons vs Team 002 Magicians</li>".repeat(200)}</body></html>`;

function call(url: string, headers: Record<string, string> = {}, method = "GET", now?: number) {
  const req = { method, url, headers: { ...headers } } as unknown as IncomingMessage;
  const out: { status?: number; headers?: Record<string, string>; body?: Buffer } = {};
  const res = {
    writeHead(status: number, h: Record<string, string>) {
      out.status = status;
      out.headers = h;
      return this;
    },
    end(b?: Uint8Array) {
      out.body = b ? Buffer.from(b) : Buffer.alloc(0);
    },
  } as unknown as ServerResponse;
  const served = serveLiveFromMemory(req, res, now);
  return { served, ...out };
}

describe("live pages fast path (issue #6 load target)", () => {
  let eventId = "";
  let version = 0;
  beforeEach(async () => {
    clearCaches();
    if (!eventId) ({ eventId } = await makeEvent("fast"));
    version = (await eventVersion(eventId))!;
    const key = liveCacheKey(eventId, "pairings", "", "en", [null, null, null, null, null]);
    await cachedRender(key, version, async () => ({
      status: 200,
      headers: { "content-type": "text/html; charset=utf-8", vary: "rsc" },
      body: new TextEncoder().encode(HTML),
    }));
  });

  it("serves a stored current page gzipped to a client that accepts gzip, identity otherwise, 304 on its ETag", () => {
    const gz = call(`/events/${eventId}/pairings`, { "accept-encoding": "gzip, deflate, br", "accept-language": "en-US" });
    expect(gz.served).toBe(true);
    expect(gz.status).toBe(200);
    expect(gz.headers!["content-encoding"]).toBe("gzip");
    expect(gz.headers!.vary).toBe("rsc, Accept-Encoding, Cookie, Accept-Language");
    expect(gz.headers!["x-tandem-cache"]).toBe(`v${version}; fast`);
    expect(gunzipSync(gz.body!).toString()).toBe(HTML);
    expect(Number(gz.headers!["content-length"])).toBe(gz.body!.length);
    expect(gz.body!.length).toBeLessThan(HTML.length / 10);

    const plain = call(`/events/${eventId}/pairings`, { "accept-encoding": "gzip;q=0, identity" });
    expect(plain.headers!["content-encoding"]).toBeUndefined();
    expect(plain.body!.toString()).toBe(HTML);

    const again = call(`/events/${eventId}/pairings`, { "if-none-match": gz.headers!.etag });
    expect(again.status).toBe(304);
    expect(again.body!.length).toBe(0);
  });

  it("leaves to Next.js: signed-in visitors, RSC requests, the cache's own render, POST/HEAD, other pages/locales, stale versions", () => {
    const page = `/events/${eventId}/pairings`;
    expect(call(page, { cookie: "a=1; next-auth.session-token=x" }).served).toBe(false);
    expect(call(page, { cookie: "__Secure-next-auth.session-token=x" }).served).toBe(false);
    expect(call(page, { rsc: "1" }).served).toBe(false);
    expect(call(`${page}?_rsc=abc`).served).toBe(false);
    expect(call(page, { "x-tandem-render": "1" }).served).toBe(false);
    expect(call(page, { "next-action": "abc" }).served).toBe(false);
    expect(call(page, {}, "POST").served).toBe(false);
    expect(call(page, {}, "HEAD").served).toBe(false);
    expect(call(`/events/${eventId}/teams`).served).toBe(false);
    expect(call(`/events/${eventId}/standings`).served).toBe(false); // not rendered yet
    expect(call(`${page}?round=1`).served).toBe(false); // another variant
    expect(call(page, { "accept-language": "it" }).served).toBe(false); // another locale
    expect(call(page, { cookie: "tandem-locale=pt-BR" }).served).toBe(false);
    // The version read is older than the TTL plus the grace period: go the normal way.
    expect(call(page, {}, "GET", Date.now() + VERSION_TTL_MS + PENDING_GRACE_MS + 5).served).toBe(false);
  });

  it("when the TTL runs out in a burst, the fast path starts ONE re-read itself and keeps serving; a change then stops it", async () => {
    const page = `/events/${eventId}/pairings`;
    const { db } = await import("@/lib/db");
    await db().event.update({ where: { id: eventId }, data: { version: { increment: 1 } } });
    const spy = vi.spyOn(db().event, "findUnique");
    try {
      const later = Date.now() + VERSION_TTL_MS + 5;
      // Three requests of the burst after the TTL: all answered from memory (last version)...
      for (let i = 0; i < 3; i++) expect(call(page, {}, "GET", later).served).toBe(true);
      // ...with exactly one re-read started; a later caller shares it instead of querying again.
      expect(spy).toHaveBeenCalledTimes(1);
      expect(await eventVersion(eventId, later)).toBe(version + 1);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
    // The re-read found the change: the stored page (older) is no longer served.
    expect(call(page).served).toBe(false);
  });

  it("after a change is re-read the old page is not served; during a re-read the last version is used up to the grace period", async () => {
    const page = `/events/${eventId}/pairings`;
    const { db } = await import("@/lib/db");
    await db().event.update({ where: { id: eventId }, data: { version: { increment: 1 } } });
    const later = Date.now() + VERSION_TTL_MS + 5;
    const pending = eventVersion(eventId, later); // a request that went the normal way starts the re-read
    expect(call(page, {}, "GET", later).served).toBe(true); // in flight: last version still served
    expect(call(page, {}, "GET", Date.now() + VERSION_TTL_MS + PENDING_GRACE_MS + 5).served).toBe(false);
    expect(await pending).toBe(version + 1);
    expect(call(page).served).toBe(false); // stored page is older than the version just read
  });

  it("acceptsGzip reads q-values", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("br, gzip;q=0.5")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
