/**
 * Issue #15: the event stream is answered before Next.js (lib/server/live/streamFast.ts) with the
 * route's frames and headers, the next-auth session read from its JWT cookie (a revoked session's
 * stream closes), and anything it cannot answer handed to Next.js (the fallback).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { useTestDatabase } from "./db";
import { makeEvent, makeUser } from "./fixtures";
import { db } from "@/lib/db";
import { serveStreamBeforeNext } from "@/lib/server/live/streamFast";
import { checkSessions, MAX_STREAMS_PER_ACCOUNT, stopHub, streamCount } from "@/lib/server/live/hub";

await useTestDatabase();
process.env.NEXTAUTH_SECRET = "stream-fast-test-secret";

let server: http.Server;
let origin = "";
const fellBack: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (serveStreamBeforeNext(req, res, () => fellBack.push(req.url!) && res.writeHead(299).end("next"))) return;
    fellBack.push(`untaken ${req.url}`);
    res.writeHead(298).end("not taken");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await stopHub();
});

/** Opens a stream and collects its text until `until` matches or `ms` passes; resolves with status, headers, text. */
function open(path: string, headers: Record<string, string> = {}, until = /event: tick[\s\S]*\n\n/, ms = 3000) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; ended: boolean; req: http.ClientRequest }>(
    (resolve) => {
      let text = "";
      const req = http.get(`${origin}${path}`, { headers }, (res) => {
        const done = (ended: boolean) => resolve({ status: res.statusCode!, headers: res.headers, text, ended, req });
        const t = setTimeout(() => done(false), ms);
        res.setEncoding("utf8");
        res.on("data", (s: string) => {
          text += s;
          if (until.test(text)) {
            clearTimeout(t);
            done(false);
          }
        });
        res.on("end", () => {
          clearTimeout(t);
          done(true);
        });
      });
    },
  );
}

describe("event stream before Next.js (issue #15)", () => {
  let eventId = "";
  let version = 0;
  let userId = "";
  beforeAll(async () => {
    ({ eventId } = await makeEvent("sf"));
    version = (await db().event.findUniqueOrThrow({ where: { id: eventId } })).version;
    userId = await makeUser("sf-duelist");
  });

  it("anonymous: 200 text/event-stream, no-transform, X-Accel-Buffering no, security headers, opening retry + id + tick", async () => {
    const r = await open(`/api/events/${eventId}/stream`);
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(r.headers["cache-control"]).toBe("no-cache, no-transform");
    expect(r.headers["x-accel-buffering"]).toBe("no");
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
    expect(r.text).toMatch(new RegExp(`^retry: 2000\\nid: ${version}\\nevent: tick\\ndata: \\{"now":\\d+,"version":${version}\\}\\n\\n`));
    r.req.destroy();
  });

  it("a resume from an older version gets one change at the current version naming what changed after it", async () => {
    const r = await open(`/api/events/${eventId}/stream?lastEventId=${version - 1}`, {}, /event: change[\s\S]*\n\n/);
    expect(r.text).toMatch(new RegExp(`id: ${version}\\nevent: change\\ndata: \\{"version":${version},"topics":\\["[^\\]]+\\]\\}\\n\\n`));
    r.req.destroy();
  });

  it("signed in: the JWT session holds while current; a bumped session version closes the stream at the next check", async () => {
    const token = await encode({ token: { sub: userId, name: "x", sv: 0 }, secret: process.env.NEXTAUTH_SECRET! });
    // The streams of the tests before have been destroyed by their clients: wait until the server saw it.
    for (let i = 0; i < 100 && streamCount(eventId) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    const before = streamCount(eventId);
    expect(before).toBe(0);
    const r = await open(`/api/events/${eventId}/stream`, { cookie: `next-auth.session-token=${token}` });
    expect(r.status).toBe(200);
    expect(streamCount(eventId)).toBe(1);
    const ended = new Promise<void>((resolve) => r.req.on("response", () => undefined) && r.req.once("close", () => resolve()));
    await db().user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
    await checkSessions();
    await ended;
    expect(streamCount(eventId)).toBe(before);
  });

  it("one account holds at most 8 streams here: a ninth closes its oldest; another account's and anonymous streams stay", async () => {
    for (let i = 0; i < 100 && streamCount(eventId) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    const other = await makeUser("sf-other");
    const cookieOf = async (sub: string) =>
      `next-auth.session-token=${await encode({ token: { sub, name: "x", sv: 0 }, secret: process.env.NEXTAUTH_SECRET! })}`;
    const [mine, theirs] = [await cookieOf(userId), await cookieOf(other)];
    await db().user.update({ where: { id: userId }, data: { sessionVersion: 0 } });
    const anon = await open(`/api/events/${eventId}/stream`);
    const them = await open(`/api/events/${eventId}/stream`, { cookie: theirs });
    const first = await open(`/api/events/${eventId}/stream`, { cookie: mine });
    const firstClosed = new Promise<void>((resolve) => first.req.once("close", () => resolve()));
    const rest = [];
    for (let i = 1; i < MAX_STREAMS_PER_ACCOUNT; i++) rest.push(await open(`/api/events/${eventId}/stream`, { cookie: mine }));
    expect(streamCount(eventId)).toBe(2 + MAX_STREAMS_PER_ACCOUNT);
    const ninth = await open(`/api/events/${eventId}/stream`, { cookie: mine });
    expect(ninth.status).toBe(200);
    const gone = await Promise.race([firstClosed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]);
    expect(gone, "the account's oldest stream was closed").toBe(true);
    expect(streamCount(eventId)).toBe(2 + MAX_STREAMS_PER_ACCOUNT);
    for (const r of [anon, them, ...rest, ninth]) r.req.destroy();
  });

  it("a process holding LIVE_MAX_STREAMS streams answers the next one 503 with Retry-After (the browser polls)", async () => {
    for (let i = 0; i < 100 && streamCount() > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(streamCount()).toBe(0);
    process.env.LIVE_MAX_STREAMS = "2";
    try {
      const held = [await open(`/api/events/${eventId}/stream`), await open(`/api/events/${eventId}/stream`)];
      expect(held.map((r) => r.status)).toEqual([200, 200]);
      const full = await open(`/api/events/${eventId}/stream`, {}, /polling/);
      expect([full.status, full.headers["retry-after"], full.headers["cache-control"]]).toEqual([503, "30", "no-store"]);
      expect(full.text).toContain("too many live connections");
      expect(streamCount()).toBe(2);
      for (const r of held) r.req.destroy();
    } finally {
      delete process.env.LIVE_MAX_STREAMS;
    }
  });

  it("to Next.js: an unknown event (404 there), other queries, server actions, a session cookie without NEXTAUTH_SECRET", async () => {
    fellBack.length = 0;
    const unknown = await open(`/api/events/no-such-event/stream`, {}, /next/);
    expect(unknown.status).toBe(299);
    expect((await open(`/api/events/${eventId}/stream?x=1`, {}, /taken/)).status).toBe(298);
    expect((await open(`/api/events/${eventId}/stream`, { "next-action": "a" }, /taken/)).status).toBe(298);
    const secret = process.env.NEXTAUTH_SECRET;
    delete process.env.NEXTAUTH_SECRET;
    expect((await open(`/api/events/${eventId}/stream`, { cookie: "next-auth.session-token=x" }, /taken/)).status).toBe(298);
    process.env.NEXTAUTH_SECRET = secret;
    expect(fellBack).toEqual([
      `/api/events/no-such-event/stream`,
      `untaken /api/events/${eventId}/stream?x=1`,
      `untaken /api/events/${eventId}/stream`,
      `untaken /api/events/${eventId}/stream`,
    ]);
  });
});
