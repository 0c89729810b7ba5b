/** Shared e2e helpers: sign in, paths into ../shared/data, phone checks (no horizontal scroll, axe). */
import path from "node:path";
import { expect, type Page, type Browser } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";

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
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth, `${name}: horizontal scroll`).toBeLessThanOrEqual(clientWidth);
  const axe = await new AxeBuilder({ page }).analyze();
  const bad = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`), `${name}: axe`).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}
