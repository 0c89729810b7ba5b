/** Shared e2e helpers: sign in, paths into ../shared/data, phone checks (no horizontal scroll, axe). */
import path from "node:path";
import { expect, type Page, type Browser, type Locator } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import jsQR from "jsqr";

export const PASSWORD = "e2e-password-123";
export const DATA = path.resolve(import.meta.dirname, "../../shared/data");
export const SHOTS = path.resolve(import.meta.dirname, "../test-results/screenshots");

export async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.goto("/signin");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
}

export async function newSignedInPage(browser: Browser, username: string, password = PASSWORD, viewport = { width: 1280, height: 900 }) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  await signIn(page, username, password);
  return page;
}

/** At the current viewport: no horizontal scroll, no serious/critical axe violations, screenshot saved. */
export async function checkPhonePage(page: Page, name: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${name}: horizontal scroll`).toBeLessThanOrEqual(clientWidth);
  // Next.js streams the page's <title> (metadata) after the body; right after a router.refresh
  // (the end-of-match wizard's last step) axe could run before it is back.
  await expect.poll(() => page.title(), { message: `${name}: page title` }).not.toBe("");
  const axe = await new AxeBuilder({ page }).analyze();
  const bad = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`),
    `${name}: axe`,
  ).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** The TO creates an event (lands on its Run event page); returns the event id. */
export async function createEvent(to: Page, name: string, preset = "KONAMI_TAG_2019"): Promise<string> {
  await to.goto("/events/new");
  await to.getByLabel("Event name").fill(name);
  await to.getByLabel("Format").selectOption(preset);
  await to.getByRole("button", { name: "Create event" }).click();
  await to.waitForURL(/\/events\/[^/]+\/admin$/);
  return to.url().split("/").at(-2)!;
}

/**
 * On the Run event page: the TO invites an existing account as judge, and that account's owner
 * accepts on /account in a browser context of their own (issue #10: staff roles need consent).
 */
export async function addJudge(to: Page, username = "e2e-judge", password = PASSWORD) {
  const eventId = new URL(to.url()).pathname.split("/")[2];
  await to.getByTestId("judge-form").getByLabel("Judge's username").fill(username);
  await to.getByRole("button", { name: "Add judge" }).click();
  await expect(to.getByTestId("judge-form").getByRole("status")).toContainText(`${username} is invited`);
  const ctx = await to.context().browser()!.newContext();
  const judge = await ctx.newPage();
  await signIn(judge, username, password);
  await judge.goto("/account");
  const invitation = judge.locator(`[data-testid="invitation"][data-event-id="${eventId}"]`);
  await invitation.getByRole("button", { name: "Accept" }).click();
  await expect(invitation).toHaveCount(0);
  await ctx.close();
}

/** A judge registers a team; returns its id and the two claim codes from the receipt. */
export async function registerTeam(page: Page, eventId: string, t: { name: string; a: string; b: string; playerIdA?: string }) {
  await page.goto(`/events/${eventId}/teams`);
  await page.getByLabel("Team name").fill(t.name);
  await page.getByLabel("Name (A)").fill(t.a);
  if (t.playerIdA) await page.getByLabel("Player ID (A)").fill(t.playerIdA);
  await page.getByLabel("Name (B)").fill(t.b);
  await page.getByRole("button", { name: "Register team" }).click();
  await expect(page.getByTestId("receipt-team")).toHaveText(t.name);
  return {
    teamId: page.url().split("/").at(-2)!,
    A: await page.getByTestId("claim-A").innerText(),
    B: await page.getByTestId("claim-B").innerText(),
  };
}

/** The phone viewport every phone check uses (390×844). */
export const PHONE = { width: 390, height: 844 };

/** A duelist signs up with the claim code on a phone-sized context (lands on the decklists page). */
export async function claimPhone(browser: Browser, code: string, username: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: PHONE });
  const p = await ctx.newPage();
  await p.goto(`/claim?code=${code}`);
  await p.getByLabel("Username").fill(username);
  await p.getByLabel("New password").fill(PASSWORD);
  await p.getByRole("button", { name: "Create account" }).click();
  await p.waitForURL(/\/decklists$/);
  return p;
}

/** Screenshot of `target` (PNG), decoded to pixels in `page`, then read by jsQR in Node; null when no QR reads. */
export async function decodeQr(page: Page, target: Locator): Promise<string | null> {
  const png = await target.screenshot();
  const px = await page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement("canvas");
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    const ctx = c.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    return { w: c.width, h: c.height, data: Array.from(ctx.getImageData(0, 0, c.width, c.height).data) };
  }, png.toString("base64"));
  return jsQR(new Uint8ClampedArray(px.data), px.w, px.h)?.data ?? null;
}

/** A duelist signs up with the claim code on a phone-sized context and opens the event's report page. */
export async function duelistPhone(browser: Browser, code: string, username: string, eventId: string): Promise<Page> {
  const p = await claimPhone(browser, code, username);
  await p.goto(`/events/${eventId}/report`);
  await expect(p.getByTestId("self-table")).toBeVisible();
  return p;
}

/**
 * On the penalties page: finds a duelist in the picker by `find` (a name, team or table number),
 * picks the first match, writes the free-text infraction and chooses the penalty kind.
 */
export async function fillPenalty(form: Locator, o: { find: string; text: string; penalty?: string }) {
  await form.locator("#pen-find").fill(o.find);
  await form.getByTestId("duelist-option").first().click();
  await expect(form.getByTestId("picked-duelist")).toBeVisible();
  await form.locator('input[name="infraction"]').fill(o.text);
  if (o.penalty) await form.locator('select[name="penalty"]').selectOption(o.penalty);
}
