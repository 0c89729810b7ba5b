/**
 * Issue #15 flaky Wi-Fi, on a phone (390×844) on 127.0.0.1 (a secure context, so the service
 * worker runs): the pairings page read offline from the worker's cache says "last updated"; a
 * duelist's phone goes offline, reports a result from the cached report page, comes back: the
 * result is stored once; the same report sent again (a replay of the same key, a second copy with
 * another key) is still stored once; a report queued for a match a judge changed meanwhile is
 * refused with the message naming the change.
 */
import { chromium, expect, test, type BrowserContext, type Page } from "./test";
import bcrypt from "bcryptjs";
import { checkPhonePage, newSignedInPage, PASSWORD, PHONE } from "./helpers";
import { seedFloor, type FloorSeed } from "./floorSeed";
import { e2eDatabaseUrl, sql } from "./db";

/** An account for duelist A of team `n` of the seed (e2e/floorSeed ids). */
async function duelistAccount(seed: FloorSeed, n: number, username: string) {
  const id = `${username}-id`;
  await sql(`INSERT INTO "User" (id, username, "displayName", "passwordHash") VALUES ($1, $2, $3, $4)`, [
    id,
    username,
    `Duelist ${n}A Souza`,
    await bcrypt.hash(PASSWORD, 4),
  ]);
  await sql(`UPDATE "Duelist" SET "userId" = $1 WHERE id = $2`, [id, `${seed.eventId}-t${n}-A`]);
}

/** Loads `path` until the service worker controls it, so the worker has cached it (network first). */
async function cacheThroughWorker(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

const teamReports = async (matchId: string) =>
  (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "ResultReport" WHERE "matchId" = $1 AND source = 'TEAM'`, [matchId]))[0].n;

async function reportOffline(ctx: BrowserContext, page: Page, winner: string) {
  await ctx.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("offline-banner")).toContainText("Offline — last updated");
  const form = page.getByTestId("team-report-form");
  await form.getByRole("group", { name: "Result" }).getByLabel(`${winner} won`).check();
  await form.getByRole("group", { name: "Which team went first?" }).getByLabel(winner, { exact: true }).check();
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(form.getByRole("status")).toContainText("No connection: saved on this phone");
  await expect(page.getByTestId("queued-item")).toHaveAttribute("data-status", "waiting");
  await expect(page.getByTestId("queued-item")).toContainText("Waiting for Wi-Fi");
}

test("offline: cached pairings say 'last updated'; a queued report is stored once; a judge's change refuses it by name", async ({
  browser,
}) => {
  const seed = await seedFloor(e2eDatabaseUrl(), { teams: 4, name: "Offline cup", staff: [["e2e-judge-id", "JUDGE"]] });
  const tag = seed.eventId.slice(-6); // accounts of their own in a reused database
  await duelistAccount(seed, 1, `off1-${tag}`);
  await duelistAccount(seed, 3, `off3-${tag}`);
  const [t1, t2] = [seed.tables[0], seed.tables[1]];
  const phone = await newSignedInPage(browser, `off1-${tag}`, PASSWORD, PHONE);
  const ctx = phone.context();
  const pairings = `/events/${seed.eventId}/pairings`,
    report = `/events/${seed.eventId}/report`;

  // Offline reading: the pairings page from the worker's cache, with "last updated".
  await cacheThroughWorker(phone, pairings);
  await cacheThroughWorker(phone, report);
  await ctx.setOffline(true);
  await phone.goto(pairings);
  await expect(phone.getByTestId("offline-banner")).toContainText("Offline — last updated");
  await expect(phone.getByText(t1.team1).first()).toBeVisible();
  await ctx.setOffline(false);

  // Offline report → queued → back online → sent, stored once.
  await phone.goto(report);
  await reportOffline(ctx, phone, t1.team1);
  await checkPhonePage(phone, "offline-report-queued-phone");
  expect(await teamReports(t1.matchId)).toBe(0);
  await ctx.setOffline(false);
  await expect(phone.getByTestId("queued-item")).toHaveAttribute("data-status", "sent");
  expect(await teamReports(t1.matchId)).toBe(1);

  // The same report sent again: the same key replayed, and a second copy with another key.
  await phone.evaluate(() => {
    const k = "tandem.offlineQueue.v1";
    const [item] = JSON.parse(localStorage.getItem(k)!);
    const copy = { ...item, key: "f".repeat(32), status: "waiting" };
    localStorage.setItem(k, JSON.stringify([{ ...item, status: "waiting" }, copy]));
  });
  await phone.reload();
  await expect(phone.getByTestId("queued-item").first()).toHaveAttribute("data-status", "sent");
  await expect(phone.getByTestId("queued-item").nth(1)).toHaveAttribute("data-status", "duplicate");
  expect(await teamReports(t1.matchId)).toBe(1);
  const [{ n: audits }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "AuditLog" WHERE "entityId" = $1`, [t1.matchId]);
  expect(audits).toBe(1);

  // A report queued while a judge entered the result: refused, naming the change.
  const other = await newSignedInPage(browser, `off3-${tag}`, PASSWORD, PHONE);
  await cacheThroughWorker(other, report);
  await reportOffline(other.context(), other, t2.team1);
  const judge = await newSignedInPage(browser, "e2e-judge");
  await judge.goto(`/events/${seed.eventId}/rounds/1/desk`);
  await expect(judge.getByTestId("desk-box")).toBeFocused();
  await judge.keyboard.press("2");
  await judge.keyboard.press("Enter");
  await judge.keyboard.press("2");
  await judge.keyboard.press("Enter");
  await expect(judge.getByTestId("desk-status")).toContainText("Table 2 saved");
  await other.context().setOffline(false);
  const refused = other.getByTestId("queued-item");
  await expect(refused).toHaveAttribute("data-status", "refused");
  await expect(refused).toContainText(new RegExp(`A judge entered ${t2.team2} won 1–0 for table 2 at \\d\\d:\\d\\d`));
  expect(await teamReports(t2.matchId)).toBe(0);
  await checkPhonePage(other, "offline-report-refused-phone");
});

test("plain HTTP (not localhost): offline mode is unavailable, said once; no service worker", async () => {
  const port = new URL(test.info().project.use.baseURL!).port;
  // A LAN-style hostname mapped onto this machine's loopback: http:// on it is not a secure context.
  const insecure = await chromium.launch({
    ...test.info().project.use.launchOptions,
    args: [...(test.info().project.use.launchOptions?.args ?? []), "--host-resolver-rules=MAP tandem.venue.test 127.0.0.1"],
  });
  try {
    const page = await (await insecure.newContext({ viewport: PHONE })).newPage();
    await page.goto(`http://tandem.venue.test:${port}/`);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    await expect(page.getByTestId("offline-unavailable")).toContainText("Offline mode is unavailable at this address (plain HTTP)");
    await checkPhonePage(page, "offline-unavailable-phone");
    await page.reload();
    await expect(page.getByRole("link", { name: "Tandem" })).toBeVisible();
    await expect(page.getByTestId("offline-unavailable")).toHaveCount(0);
    expect(await page.evaluate(() => "serviceWorker" in navigator && navigator.serviceWorker.controller !== null)).toBe(false);
  } finally {
    await insecure.close();
  }
});
