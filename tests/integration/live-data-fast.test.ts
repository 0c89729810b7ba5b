/**
 * Issue #15: the public live JSON (`/api/events/:id/data/pairings|standings`) is answered before
 * Next.js (lib/server/http/live-fast.ts serveDataFromMemory) with the same bytes and ETag as the
 * route handler, only while this process's version read is current; everything else goes to Next.js.
 */
import { gunzipSync } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { reportingWorld, type ReportingWorld } from "./fixtures";
import { clearCaches, noteFramed, noteVersion, PENDING_GRACE_MS, VERSION_TTL_MS } from "@/lib/server/http/cache";
import { clearDataCache, dataKey, renderedJson } from "@/lib/server/http/dataCache";
import { serveDataFromMemory } from "@/lib/server/http/live-fast";

await useTestDatabase();

const { GET } = await import("@/app/api/events/[id]/data/[kind]/route");

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
  return { served: serveDataFromMemory(req, res, now), ...out };
}

describe("live JSON fast path (issue #15)", () => {
  let w: ReportingWorld;
  let routeBody = "";
  let routeEtag = "";
  const base = () => `/api/events/${w.eventId}/data`;
  beforeAll(async () => {
    w = await reportingWorld("jf", "KONAMI_TAG_2019", 16);
    clearCaches();
    clearDataCache();
  });

  it("nothing is served before the route handler has rendered the current version", () => {
    expect(call(`${base()}/pairings`).served).toBe(false);
  });

  it("after one route render, serves the same JSON and ETag; gzip when accepted; 304 on the ETag", async () => {
    const res = await GET(new Request(`http://127.0.0.1:1${base()}/pairings`), {
      params: Promise.resolve({ id: w.eventId, kind: "pairings" }),
    });
    routeEtag = res.headers.get("etag")!;
    routeBody = await res.text();
    expect(JSON.parse(routeBody).matches).toHaveLength(8);

    const plain = call(`${base()}/pairings`);
    expect(plain).toMatchObject({ served: true, status: 200 });
    expect(plain.headers!.etag).toBe(routeEtag);
    expect(plain.headers!["content-type"]).toBe("application/json; charset=utf-8");
    expect(plain.headers!["cache-control"]).toBe("public, no-cache");
    expect(plain.headers!["content-encoding"]).toBeUndefined();
    expect(plain.body!.toString()).toBe(routeBody);

    const gz = call(`${base()}/pairings`, { "accept-encoding": "gzip, br" });
    expect(gz.headers!["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body!).toString()).toBe(routeBody);
    expect(Number(gz.headers!["content-length"])).toBe(gz.body!.length);

    const again = call(`${base()}/pairings`, { "if-none-match": routeEtag });
    expect(again.status).toBe(304);
    expect(again.body!.length).toBe(0);
    // The body is public and the same for everyone: a signed-in phone gets it too.
    expect(call(`${base()}/pairings`, { cookie: "next-auth.session-token=x" }).body!.toString()).toBe(routeBody);
  });

  it("leaves to Next.js: other kinds, rounds not rendered, other queries, POST, server actions, a stale or newer version", () => {
    const p = `${base()}/pairings`;
    expect(call(`${base()}/card`, { cookie: "next-auth.session-token=x" }).served).toBe(false);
    expect(call(`${base()}/standings`).served).toBe(false); // not rendered yet
    expect(call(`${p}?round=1`).served).toBe(false); // another key, not rendered yet
    expect(call(`${p}?round=abc`).served).toBe(false); // the route answers 400 naming the field
    expect(call(`${p}?round=0`).served).toBe(false);
    expect(call(`${p}?round=1&x=2`).served).toBe(false);
    expect(call(`${p}?x=1`).served).toBe(false);
    expect(call(p, {}, "POST").served).toBe(false);
    expect(call(p, { "next-action": "abc" }).served).toBe(false);
    expect(call(p, { "x-tandem-render": "1" }).served).toBe(false);
    expect(call(p, {}, "GET", Date.now() + VERSION_TTL_MS + PENDING_GRACE_MS + 5).served).toBe(false);
    // A live notice of a newer version: the stored body is older, so Next.js renders the new one.
    noteVersion(w.eventId, JSON.parse(routeBody).version + 1);
    expect(call(p).served).toBe(false);
  });

  it("after a change frame, a stored body at least that new is served whatever the version read; an older one goes to Next.js", () => {
    const p = `${base()}/pairings`;
    const v = JSON.parse(routeBody).version as number;
    const later = Date.now() + VERSION_TTL_MS + PENDING_GRACE_MS + 5; // the version read is no longer fresh
    noteFramed(w.eventId, v);
    expect(call(p, {}, "GET", later)).toMatchObject({ served: true, status: 200 });
    noteVersion(w.eventId, v + 5); // newer commits whose frame is still batched
    expect(call(p).body!.toString()).toBe(routeBody);
    noteFramed(w.eventId, v + 1);
    expect(call(p).served).toBe(false);
  });

  it("a request arriving while the body of the last frame’s version renders waits for it instead of going to Next.js", async () => {
    const p = `${base()}/pairings`;
    const v = JSON.parse(routeBody).version as number;
    noteFramed(w.eventId, v + 10);
    let release!: () => void;
    const rendering = renderedJson(dataKey(w.eventId, "pairings"), v + 10, async () => {
      await new Promise<void>((r) => (release = r));
      return { version: v + 10, round: null, matches: [] };
    });
    const req = { method: "GET", url: p, headers: {} } as unknown as IncomingMessage;
    const out: { status?: number; body?: string } = {};
    let fellBack = false;
    const res = {
      writeHead(status: number) {
        out.status = status;
        return this;
      },
      end(b?: Uint8Array) {
        out.body = b ? Buffer.from(b).toString() : "";
      },
    } as unknown as ServerResponse;
    expect(serveDataFromMemory(req, res, Date.now(), () => (fellBack = true))).toBe(true);
    expect(out.status).toBeUndefined(); // still rendering
    release();
    await rendering;
    await new Promise((r) => setTimeout(r, 0));
    expect(fellBack).toBe(false);
    expect(out.status).toBe(200);
    expect(JSON.parse(out.body!).version).toBe(v + 10);
    // Without a render running, an older body goes to Next.js.
    noteFramed(w.eventId, v + 20);
    expect(call(p).served).toBe(false);
  });
});
