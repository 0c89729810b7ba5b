/*
 * Tandem's service worker (issue #15, flaky Wi-Fi): offline READING only; the report queue lives
 * in the page (lib/offline/queue.ts). Registered by components/OfflineSupport.tsx in a secure
 * context only (HTTPS or localhost).
 *
 * - Pages: only the event's public pages and the signed-in duelist's own report page
 *   (/events/:id, …/pairings, …/standings, …/clock, …/report) are cached, network first: a
 *   successful HTML answer replaces the copy; without a network the copy is served with
 *   <meta name="tandem-offline-at" content="<epoch ms>"> added, which the page shows as
 *   "last updated". Nothing else is ever stored (no judge/organizer pages, no account pages).
 * - The page cache belongs to one account: the page tells the worker who is signed in ("viewer"
 *   message); a different viewer, or sign-out ("signed-out"), deletes every cached page.
 * - Next.js static files (/_next/static, content-hashed) and the icons: cache first, so a cached
 *   page still runs its scripts offline.
 */
const PAGES = "tandem-pages-v1";
const STATIC = "tandem-static-v1";
const META = "tandem-meta-v1";
const PAGE_PATH = /^\/events\/[^/]+(\/(pairings|standings|clock|report))?\/?$/;

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = [PAGES, STATIC, META];
      for (const k of await caches.keys()) if (k.startsWith("tandem-") && !keep.includes(k)) await caches.delete(k);
      await self.clients.claim();
    })(),
  );
});

async function setViewer(viewer) {
  const meta = await caches.open(META);
  const stored = await meta.match("/__tandem/viewer");
  const previous = stored ? await stored.text() : null;
  if (previous === viewer) return;
  await caches.delete(PAGES);
  await meta.put("/__tandem/viewer", new Response(viewer));
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "viewer" && typeof data.viewer === "string") event.waitUntil(setViewer(data.viewer));
  if (data.type === "signed-out") event.waitUntil(Promise.all([caches.delete(PAGES), setViewer("")]));
});

async function cacheFirst(request) {
  const cache = await caches.open(STATIC);
  const hit = await cache.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok && res.type === "basic") await cache.put(request, res.clone());
  return res;
}

async function storePage(key, res) {
  const headers = new Headers(res.headers);
  headers.set("x-tandem-cached-at", String(Date.now()));
  const body = await res.arrayBuffer();
  const cache = await caches.open(PAGES);
  await cache.put(key, new Response(body, { status: 200, headers }));
}

async function networkFirst(event, key) {
  try {
    const res = await fetch(event.request);
    const html = (res.headers.get("content-type") || "").includes("text/html");
    if (res.ok && !res.redirected && res.type === "basic" && html) event.waitUntil(storePage(key, res.clone()));
    return res;
  } catch (err) {
    const hit = await (await caches.open(PAGES)).match(key);
    if (!hit) throw err;
    const at = Number(hit.headers.get("x-tandem-cached-at")) || 0;
    const text = (await hit.text()).replace("<head>", `<head><meta name="tandem-offline-at" content="${at}">`);
    return new Response(text, { status: 200, headers: hit.headers });
  }
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/icons/")) {
    event.respondWith(cacheFirst(req));
    return;
  }
  if (req.mode === "navigate" && PAGE_PATH.test(url.pathname)) event.respondWith(networkFirst(event, url.pathname + url.search));
});
