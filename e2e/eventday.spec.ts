/**
 * Issue #13 items 5–7 in Chromium: the receipt's QR code (decoded from the page's image with jsQR)
 * opens the claim page on the public address an organizer set; the A and B halves sit on either
 * side of a cut line, each with its own claim code; the event's date and location are on it; the
 * same duelist name on a second team needs the judge's confirmation; the Teams page searches and
 * filters by claim status, and names wrap between words on a phone; the New event form starts in
 * the browser's time zone; a hidden event leaves the public list (its organizer still sees it). Screenshots: Teams page and receipt at
 * 390×844 and desktop.
 */
import path from "node:path";
import jsQR from "jsqr";
import { test, expect, type Page } from "./test";
import { PASSWORD, PHONE, SHOTS, addJudge, checkPhonePage, createEvent, newSignedInPage, registerTeam } from "./helpers";

test.describe.configure({ mode: "serial" });

/** A host only this test knows; Chromium maps it to the e2e server (--host-resolver-rules). */
const PUBLIC_HOST = "tandem-e2e.test";

/** Decodes the QR code shown by an <img> (drawn onto a canvas in the page, decoded in Node). */
async function decodeQr(page: Page, testId: string): Promise<string | null> {
  const img = await page.getByTestId(testId).evaluate(async (el: HTMLImageElement) => {
    await el.decode();
    const c = document.createElement("canvas");
    c.width = el.naturalWidth;
    c.height = el.naturalHeight;
    const ctx = c.getContext("2d")!;
    ctx.drawImage(el, 0, 0);
    return { w: c.width, h: c.height, data: Array.from(ctx.getImageData(0, 0, c.width, c.height).data) };
  });
  return jsQR(new Uint8ClampedArray(img.data), img.w, img.h)?.data ?? null;
}

let to: Page;
let judge: Page;
let eventId: string;
let publicBase: string;

test.beforeAll(async ({ browser, baseURL }) => {
  to = await newSignedInPage(browser, "e2e-organizer");
  judge = await newSignedInPage(browser, "e2e-judge");
  publicBase = `http://${PUBLIC_HOST}:${new URL(baseURL!).port}`;
});

test.afterAll(async () => {
  // Back to the default (PUBLIC_URL / LAN address) for the other specs.
  await to.goto("/settings");
  await to.getByRole("textbox", { name: "Public address" }).fill("");
  await to.getByRole("button", { name: "Save address" }).click();
  await expect(to.getByTestId("public-url-form").getByRole("status")).toHaveText("Saved.");
});

test("a receipt's QR opens the claim page on the public address", async ({ playwright }) => {
  await to.goto("/settings");
  // Phones cannot reach localhost: refused, naming why.
  await to.getByRole("textbox", { name: "Public address" }).fill("http://localhost:3000");
  await to.getByRole("button", { name: "Save address" }).click();
  await expect(to.getByTestId("public-url-form").getByRole("alert")).toContainText("phones cannot reach localhost");
  await to.getByRole("textbox", { name: "Public address" }).fill(publicBase);
  await to.getByRole("button", { name: "Save address" }).click();
  await expect(to.getByTestId("public-url-form").getByRole("status")).toHaveText("Saved.");
  await to.reload();
  await expect(to.getByTestId("public-now")).toContainText(`Now: ${publicBase} (set here)`);

  eventId = await createEvent(to, "E2E Event day");
  await addJudge(to);
  const details = to.getByTestId("event-details-form");
  await details.getByLabel("Event date").fill("2026-12-05");
  await details.getByLabel("Location").fill("Game Store, Via Roma 1, Rome");
  await details.getByRole("button", { name: "Save date and location" }).click();
  await expect(details.getByRole("status")).toHaveText("Saved.");

  const team = await registerTeam(judge, eventId, { name: "Dragões Brancos", a: "Ana Souza", b: "Bruno Lima" });
  const receipt = judge.getByTestId("receipt");
  // Two halves on either side of one cut line; each half carries its own claim code only.
  await expect(receipt.getByTestId("cut-line")).toHaveCount(1);
  const [aBox, cutBox, bBox] = await Promise.all([
    receipt.getByTestId("receipt-A").boundingBox(),
    receipt.getByTestId("cut-line").boundingBox(),
    receipt.getByTestId("receipt-B").boundingBox(),
  ]);
  expect(aBox!.y + aBox!.height).toBeLessThanOrEqual(cutBox!.y + 1);
  expect(bBox!.y).toBeGreaterThanOrEqual(cutBox!.y);
  await expect(receipt.getByTestId("receipt-A")).toContainText(team.A);
  await expect(receipt.getByTestId("receipt-A")).not.toContainText(team.B);
  await expect(receipt.getByTestId("receipt-B")).toContainText(team.B);
  await expect(receipt.getByTestId("receipt-B")).not.toContainText(team.A);
  await expect(receipt.getByTestId("event-facts").first()).toHaveText("Dec 5, 2026 · Game Store, Via Roma 1, Rome");
  await expect(receipt.getByTestId("event-url").first()).toHaveText(`${publicBase}/events/${eventId}`);

  const decoded = { A: await decodeQr(judge, "receipt-qr-A"), B: await decodeQr(judge, "receipt-qr-B") };
  expect(decoded).toEqual({ A: `${publicBase}/claim?code=${team.A}`, B: `${publicBase}/claim?code=${team.B}` });
  expect(new URL(decoded.A!).hostname).not.toMatch(/^(localhost|127\.)/);

  await judge.screenshot({ path: path.join(SHOTS, "eventday-receipt-desktop.png"), fullPage: true });
  await judge.setViewportSize(PHONE);
  await checkPhonePage(judge, "eventday-receipt-phone");
  await judge.setViewportSize({ width: 1280, height: 900 });

  // A phone that scans it: the public host (mapped to this server) opens the claim page with the code filled in.
  const phoneBrowser = await playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", `--host-resolver-rules=MAP ${PUBLIC_HOST} 127.0.0.1`],
  });
  try {
    const phone = await (await phoneBrowser.newContext({ viewport: PHONE })).newPage();
    await phone.goto(decoded.A!);
    expect(new URL(phone.url()).host).toBe(new URL(publicBase).host);
    await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Claim your registration");
    await expect(phone.getByLabel("Claim code")).toHaveValue(team.A);
    await phone.getByLabel("Username").fill("eventday-ana");
    await phone.getByLabel("New password").fill(PASSWORD);
    await phone.getByRole("button", { name: "Create account" }).click();
    await phone.waitForURL(/\/decklists$/);
  } finally {
    await phoneBrowser.close();
  }
  await judge.goto(`/events/${eventId}/teams`);
  const row = judge.getByTestId("team-row").filter({ hasText: "Dragões Brancos" });
  await expect(row.getByTestId("duelist-A").getByTestId("claim-status")).toHaveText("claimed");
  await expect(row.getByTestId("duelist-B").getByTestId("claim-status")).toHaveText("not claimed");
});

test("the same name on two teams needs confirming", async () => {
  await judge.goto(`/events/${eventId}/teams`);
  const form = judge.getByTestId("register-team");
  await form.getByLabel("Team name").fill("Águias");
  await form.getByLabel("Name (A)").fill("Carla Rossi");
  await form.getByLabel("Name (B)").fill("ana souza");
  await form.getByRole("button", { name: "Register team" }).click();
  await expect(form.getByRole("alert")).toContainText("A duelist named “Ana Souza” is already on team “Dragões Brancos”.");
  await expect(judge).toHaveURL(/\/teams$/);
  await form.getByTestId("same-name-confirm").getByRole("checkbox").check();
  await form.getByRole("button", { name: "Register team" }).click();
  await expect(judge.getByTestId("receipt-team")).toHaveText("Águias");
});

test("the Teams page searches and filters; names wrap between words on a phone", async () => {
  await registerTeam(judge, eventId, {
    name: "Cavalieri della Tavola Rotonda di Camelot",
    a: "Alessandra Bianchi-Ferraris della Valle",
    b: "Massimiliano Castellammare",
  });
  await judge.goto(`/events/${eventId}/teams`);
  const search = judge.getByTestId("team-search");
  await search.getByLabel("Search").fill("rossi");
  await search.getByRole("button", { name: "Apply" }).click();
  await expect(judge.getByTestId("team-row")).toHaveText([/Águias/]);
  await expect(judge.getByTestId("team-count")).toContainText("Showing 1 of 3 teams.");
  await judge.goto(`/events/${eventId}/teams?show=unclaimed`);
  await expect(judge.getByTestId("team-row")).toHaveCount(3); // every team has someone unclaimed (B of the first)
  await judge.screenshot({ path: path.join(SHOTS, "eventday-teams-desktop.png"), fullPage: true });

  await judge.setViewportSize(PHONE);
  await judge.goto(`/events/${eventId}/teams`);
  // No word of a team or duelist name is split across two lines (a split word has two line boxes).
  const split = await judge.getByTestId("teams-table").evaluate((table) => {
    const out: string[] = [];
    for (const bdi of Array.from(table.querySelectorAll("bdi"))) {
      const node = bdi.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent ?? "";
      for (const m of text.matchAll(/[^\s\-\u2010]+/g)) {
        // a break after a hyphen is between words
        const r = document.createRange();
        r.setStart(node, m.index!);
        r.setEnd(node, m.index! + m[0].length);
        const lines = new Set(Array.from(r.getClientRects()).map((x) => Math.round(x.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
    return out;
  });
  expect(split).toEqual([]);
  await checkPhonePage(judge, "eventday-teams-phone");
  await judge.setViewportSize({ width: 1280, height: 900 });
});

test("the New event form starts in the browser's time zone", async ({ browser }) => {
  const ctx = await browser.newContext({ timezoneId: "America/Sao_Paulo" });
  const page = await ctx.newPage();
  await page.goto("/signin");
  await page.getByLabel("Username").fill("e2e-organizer");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
  await page.goto("/events/new");
  await expect(page.getByTestId("time-zone")).toHaveValue("America/Sao_Paulo");
  await ctx.close();
});

test("a hidden event is not listed publicly", async ({ browser }) => {
  await to.goto(`/events/${eventId}`);
  await expect(to.getByTestId("overview-date")).toHaveText("Saturday, December 5, 2026");
  await expect(to.getByTestId("overview-location")).toHaveText("Game Store, Via Roma 1, Rome");
  await to.goto(`/events/${eventId}/admin`);
  to.once("dialog", (d) => d.accept());
  await to.getByTestId("visibility").getByRole("button", { name: "Hide from the public list" }).click();
  await expect(to.getByTestId("visibility")).toContainText("Hidden: not on the public event list");
  const pub = await (await browser.newContext()).newPage();
  await pub.goto("/");
  await expect(pub.getByRole("link", { name: "E2E Event day" })).toHaveCount(0);
  await to.goto("/");
  await expect(to.getByTestId("event-item").filter({ hasText: "E2E Event day" }).getByTestId("hidden-badge")).toHaveText("Hidden");
  // A shared link still works.
  await pub.goto(`/events/${eventId}/pairings`);
  await expect(pub.getByRole("heading", { level: 1 })).toHaveText("E2E Event day");
  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("visibility").getByRole("button", { name: "Show on the public list" }).click();
  await expect(to.getByTestId("visibility")).toContainText("Listed on the public event list.");
  await pub.goto("/");
  await expect(pub.getByRole("link", { name: "E2E Event day" })).toHaveCount(1);
  await pub.context().close();
});
