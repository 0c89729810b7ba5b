/**
 * Issue #12 "Headers on every response" in Chromium: with the CSP on (nonce + 'strict-dynamic',
 * proxy.ts; the nonce stored with each cached render for anonymous live pages), Next.js's scripts
 * run on signed-in pages, forms (server actions) work, and anonymous live pages served from the
 * render-once cache and its fast path hydrate and poll — with no CSP violation reported.
 */
import { test, expect, type BrowserContext, type Page } from "./test";
import { createEvent, registerTeam, signIn } from "./helpers";

/** Records every `securitypolicyviolation` event and CSP console error of the context's pages. */
async function watchCsp(ctx: BrowserContext, seen: string[]) {
  await ctx.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  ctx.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|CSP violation/i.test(m.text())) seen.push(m.text());
  });
}

/** The App Router's client bootstrap ran (it sets window.next), i.e. the nonce'd scripts executed. */
async function expectHydrated(page: Page, what: string) {
  await expect
    .poll(() => page.evaluate(() => Boolean((window as unknown as { next?: unknown }).next)), { message: `${what}: Next.js scripts ran` })
    .toBe(true);
}

test("CSP: signed-in pages and forms, anonymous cached live pages (fast path) run with no violation", async ({ browser }) => {
  const seen: string[] = [];
  const toCtx = await browser.newContext();
  await watchCsp(toCtx, seen);
  const to = await toCtx.newPage();
  await signIn(to, "e2e-organizer");
  const eventId = await createEvent(to, "E2E CSP Event");
  await expectHydrated(to, "admin");
  await registerTeam(to, eventId, { name: "Nonce Knights", a: "Ana Souza", b: "Bruno Lima" });
  await registerTeam(to, eventId, { name: "Hash Heroes", a: "Carla Rossi", b: "Davide Bianchi" });
  for (const p of ["teams", "pairings", "standings", "operations"]) {
    await to.goto(`/events/${eventId}/${p}`);
    await expectHydrated(to, `signed-in ${p}`);
  }

  const anonCtx = await browser.newContext();
  await watchCsp(anonCtx, seen);
  const anon = await anonCtx.newPage();
  const cacheHeaders: string[] = [];
  anon.on("response", (r) => {
    if (r.request().resourceType() === "document") cacheHeaders.push(r.headers()["x-tandem-cache"] ?? "none");
  });
  for (const p of ["pairings", "pairings", "clock", "standings"]) {
    const polled = anon.waitForRequest((r) => r.url().includes(`/api/events/${eventId}/stream`), { timeout: 20_000 });
    await anon.goto(`/events/${eventId}/${p}`);
    await expectHydrated(anon, `anonymous ${p}`);
    await polled; // LiveRefresh (a client component) opened the live stream
  }
  expect(
    cacheHeaders.every((h) => /^v\d+/.test(h)),
    `served from the render-once cache: ${cacheHeaders.join(" | ")}`,
  ).toBe(true);
  expect(seen).toEqual([]);
  // Control: an injected inline handler is blocked and reported (the watcher sees violations).
  await anon.evaluate(() => document.body.insertAdjacentHTML("beforeend", `<img alt="" src="data:," onload="document.title='pwned'">`));
  await expect.poll(() => seen.length).toBeGreaterThan(0);
  expect(await anon.title()).not.toBe("pwned");
  await toCtx.close();
  await anonCtx.close();
});
