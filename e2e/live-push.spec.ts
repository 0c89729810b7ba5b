/**
 * Issue #15 acceptance (push) in Chromium, two app servers on one Postgres: the Playwright web
 * server (A) and a second `next start` this spec runs (B, port E2E_PORT_B or a free one; its
 * stdout is read for the `[live] stream open … lastEventId=…` lines):
 * - a public pairings page on A shows a result entered on B within 2 s (NOTIFY → A's LISTEN);
 * - 8 tabs of one event in one browser context all update, through ONE stream on the server;
 * - a page whose stream the server closed while it was offline gets the latest of two changes
 *   made meanwhile after it comes back, without a reload, and B logged the resumed request.
 * Needs a Postgres server (DATABASE_URL; the embedded database serves one app process): skipped
 * without one.
 */
import { test, expect, type Browser, type Page } from "./test";
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { signIn, PHONE } from "./helpers";
import { seedFloor, type FloorSeed } from "./floorSeed";
import { scaled } from "../tests/timing";

const dbUrl = process.env.DATABASE_URL;
test.skip(!dbUrl, "two app servers need a Postgres server (DATABASE_URL)");
test.describe.configure({ mode: "serial" });

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

let serverB: ChildProcess;
let B = "";
let logB = "";
let seed: FloorSeed;

test.beforeAll(async () => {
  const port = Number(process.env.E2E_PORT_B) || (await freePort());
  B = `http://127.0.0.1:${port}`;
  serverB = spawn("node", ["scripts/with-db.mjs", "next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    // B ends every stream after 6 s (LIVE_STREAM_MAX_MS): the offline page's stream is closed by the server.
    env: { ...process.env, NEXTAUTH_URL: B, LIVE_STREAM_MAX_MS: "6000" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  serverB.stdout!.on("data", (d: Buffer) => (logB += d.toString()));
  serverB.stderr!.on("data", (d: Buffer) => (logB += d.toString()));
  const end = Date.now() + 90_000;
  for (;;) {
    const up = await fetch(`${B}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > end) throw new Error(`server B did not start:\n${logB}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  seed = await seedFloor(dbUrl!, {
    teams: 16,
    name: "Push two servers",
    staff: [
      ["e2e-organizer-id", "ORGANIZER"],
      ["e2e-judge-id", "JUDGE"],
    ],
  });
});

test.afterAll(async () => {
  serverB?.kill("SIGTERM");
  mkdirSync("test-results", { recursive: true });
  writeFileSync("test-results/live-push-server-b.log", logB); // for a failure's post-mortem
});

/** Stream opens B logged for the event so far. */
const opensOnB = () => logB.split("\n").filter((l) => l.includes(`[live] stream open event=${seed.eventId}`));

/** The judge's results desk on server B, signed in there; resolves once its own live stream is open. */
async function deskOnB(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: B, viewport: PHONE });
  const page = await ctx.newPage();
  await signIn(page, "e2e-judge");
  const opened = opensOnB().length;
  await page.goto(`/events/${seed.eventId}/rounds/1/desk`);
  await expect(page.getByTestId("desk-box")).toBeFocused();
  await expect.poll(() => opensOnB().length).toBeGreaterThan(opened);
  return page;
}

/** Enters "slot 1 wins" for `table` on the desk; resolves when the server saved it. */
async function enterWin(desk: Page, table: number) {
  await desk.keyboard.type(String(table));
  await desk.keyboard.press("Enter");
  await expect(desk.getByTestId("desk-selected")).toContainText(`Table ${table}`);
  await desk.keyboard.press("1");
  await desk.keyboard.press("Enter");
  await expect(desk.getByTestId("desk-status")).toContainText(`Table ${table} saved`);
}

/** The result cell of `table` on a pairings page. */
const resultOf = (page: Page, table: number) =>
  page
    .getByTestId("pairing-row")
    .filter({ has: page.getByTestId("table-number").getByText(String(table), { exact: true }) })
    .getByTestId("result");

test("a page on app server A shows a result entered on app server B within 2 s", async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: PHONE });
  const pub = await ctx.newPage();
  const streamOpen = pub.waitForResponse((r) => r.url().includes(`/api/events/${seed.eventId}/stream`));
  await pub.goto(`/events/${seed.eventId}/pairings`);
  await streamOpen;
  await expect(resultOf(pub, 1)).toHaveCount(0);
  const desk = await deskOnB(browser);
  await enterWin(desk, 1);
  const within = scaled(2000);
  const t0 = Date.now();
  await expect(resultOf(pub, 1)).toHaveText(`${seed.tables[0].team1} won`, { timeout: within + 500 });
  expect(Date.now() - t0, "A shows B's result").toBeLessThan(within);
  await ctx.close();
  await desk.context().close();
});

test("8 tabs of one event in one browser all stay live through one stream", async ({ browser }) => {
  const desk = await deskOnB(browser);
  const ctx = await browser.newContext({ baseURL: B, viewport: PHONE });
  const before = opensOnB().length;
  const tabs: Page[] = [];
  for (let i = 0; i < 8; i++) {
    const tab = await ctx.newPage();
    await tab.goto(`/events/${seed.eventId}/pairings`);
    await expect(tab.getByTestId("pairing-row")).toHaveCount(8);
    tabs.push(tab);
  }
  await enterWin(desk, 2);
  for (const tab of tabs) await expect(resultOf(tab, 2)).toHaveText(`${seed.tables[1].team1} won`, { timeout: 10_000 });
  // Every stream B opened meanwhile found at most 2 open for the event: the desk's and this browser's one.
  const counts = opensOnB()
    .slice(before)
    .map((l) => Number(/streams=(\d+)/.exec(l)?.[1]));
  expect(counts.length).toBeGreaterThan(0);
  expect(Math.max(...counts), "the browser holds one stream for its 8 tabs").toBeLessThanOrEqual(2);
  await ctx.close();
  await desk.context().close();
});

test("offline while two versions are published: the latest shows after reconnect, resumed with Last-Event-ID", async ({ browser }) => {
  const desk = await deskOnB(browser);
  const ctx = await browser.newContext({ baseURL: B, viewport: PHONE });
  const pub = await ctx.newPage();
  const before = opensOnB().length;
  await pub.goto(`/events/${seed.eventId}/pairings`);
  await expect.poll(() => opensOnB().length - before).toBe(1);
  await pub.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const closes = () => logB.split("\n").filter((l) => l.includes(`[live] stream close event=${seed.eventId}`)).length;
  const closed = closes();
  await ctx.setOffline(true);
  await expect.poll(closes, { message: "the server closed the offline page's stream", timeout: 20_000 }).toBeGreaterThan(closed);
  await enterWin(desk, 3);
  await enterWin(desk, 4);
  await expect(resultOf(pub, 4)).toHaveCount(0);
  await ctx.setOffline(false);
  await expect(resultOf(pub, 3)).toHaveText(`${seed.tables[2].team1} won`, { timeout: 10_000 });
  await expect(resultOf(pub, 4)).toHaveText(`${seed.tables[3].team1} won`);
  expect(await pub.evaluate(() => (window as unknown as { marker?: number }).marker), "no reload").toBe(42);
  const resumed = opensOnB()
    .slice(before)
    .filter((l) => /lastEventId=\d+/.test(l));
  expect(resumed.length, "a stream request carried Last-Event-ID").toBeGreaterThan(0);
  await ctx.close();
  await desk.context().close();
});
