/**
 * Accounts (issue #10) in the browser: sign-in redirects stay on this site, change password ends
 * the other sessions, staff invitations are accepted on /account, the "password reset by" notice,
 * and the sign-in limiter's 429 over HTTP. Phone screenshots of the new pages.
 */
import { expect, test, type Browser } from "./test";
import pg from "pg";
import bcrypt from "bcryptjs";
import { addJudge, checkPhonePage, createEvent, newSignedInPage, PASSWORD, PHONE, registerTeam, signIn } from "./helpers";

async function sql(text: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
}

async function makeAccount(username: string, displayName = username) {
  const hash = await bcrypt.hash(PASSWORD, 10);
  await sql(
    `INSERT INTO "User" (id, username, "displayName", "passwordHash") VALUES ($1, $1, $2, $3)
    ON CONFLICT (username) DO UPDATE SET "passwordHash" = EXCLUDED."passwordHash", "sessionVersion" = "User"."sessionVersion" + 1`,
    [username, displayName, hash],
  );
}

/** Per-run suffix: the e2e database may be reused between runs. */
const RUN = Date.now().toString(36).slice(-6);

async function phonePage(browser: Browser, username: string, password = PASSWORD) {
  return newSignedInPage(browser, username, password, PHONE);
}

test("open-redirect URLs land on / after sign-in; a same-site next is kept", async ({ page }) => {
  for (const next of ["//evil.example/phish", "/\\evil.example", "/..//evil.example"]) {
    await page.context().clearCookies();
    await page.goto(`/signin?next=${encodeURIComponent(next)}`);
    await page.getByLabel("Username").fill("e2e-judge");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
    const u = new URL(page.url());
    expect(u.origin, next).toBe(new URL(test.info().project.use.baseURL!).origin);
    expect(u.pathname, next).toBe("/");
  }
  await page.context().clearCookies();
  await page.goto(`/signin?next=${encodeURIComponent("/account")}`);
  await page.getByLabel("Username").fill("e2e-judge");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/account$/);
});

test("change password works and ends the other sessions", async ({ browser }) => {
  await makeAccount(`e2e-changer-${RUN}`, "Chiara Changer");
  const phone = await phonePage(browser, `e2e-changer-${RUN}`);
  const other = await newSignedInPage(browser, `e2e-changer-${RUN}`);
  await expect(other.getByTestId("account-link")).toBeVisible();
  await phone.goto("/account/password");
  await checkPhonePage(phone, "accounts-change-password");
  await phone.getByLabel("Current password").fill(PASSWORD);
  await phone.getByLabel("New password").fill("a-brand-new-password");
  await phone.getByRole("button", { name: "Change password" }).click();
  await expect(phone.getByTestId("change-password").getByRole("status")).toContainText("Every other session was signed out");
  await checkPhonePage(phone, "accounts-change-password-done");
  // The other browser is signed out on its next request; this one signed in again.
  await other.reload();
  await expect(other.getByRole("link", { name: "Sign in" })).toBeVisible();
  await phone.goto("/account");
  await expect(phone.getByTestId("account-link")).toBeVisible();
  // The old password no longer works, the new one does.
  const fresh = await browser.newPage();
  await fresh.goto("/signin");
  await fresh.getByLabel("Username").fill(`e2e-changer-${RUN}`);
  await fresh.getByLabel("Password").fill(PASSWORD);
  await fresh.getByRole("button", { name: "Sign in" }).click();
  await expect(fresh.locator("form").getByRole("alert")).toContainText("do not match");
  await signIn(fresh, `e2e-changer-${RUN}`, "a-brand-new-password");
});

test("signing out ends every session of the account", async ({ browser }) => {
  await makeAccount(`e2e-leaver-${RUN}`, "Leo Leaver");
  const a = await newSignedInPage(browser, `e2e-leaver-${RUN}`);
  const b = await newSignedInPage(browser, `e2e-leaver-${RUN}`);
  await a.getByRole("button", { name: "Sign out" }).click();
  await expect(a.getByRole("link", { name: "Sign in" })).toBeVisible();
  await b.reload();
  await expect(b.getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("an invited account accepts on /account (phone); the organizer sees 'invited' until then", async ({ browser }) => {
  await makeAccount(`e2e-invitee-${RUN}`, "Ines Invitee");
  const to = await newSignedInPage(browser, "e2e-organizer");
  const eventId = await createEvent(to, "Invitation Cup");
  await to.getByTestId("judge-form").getByLabel("Judge's username").fill(`e2e-invitee-${RUN}`);
  await to.getByRole("button", { name: "Add judge" }).click();
  await expect(to.getByTestId("judge-form").getByRole("status")).toContainText(`e2e-invitee-${RUN} is invited`);
  // A new username gets an account at once, with a setup code; this organizer may reset it later.
  await to.getByTestId("judge-form").getByLabel("Judge's username").fill(`e2e-new-${RUN}`);
  await to.getByRole("button", { name: "Add judge" }).click();
  await expect(to.getByTestId("setup-code")).toHaveText(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  await to.reload();
  await expect(to.getByTestId("staff-invited")).toContainText("not accepted yet");
  const toPhone = await phonePage(browser, "e2e-organizer");
  await toPhone.goto(`/events/${eventId}/admin`);
  await expect(toPhone.getByRole("button", { name: "Reset code" })).toHaveCount(1);
  await checkPhonePage(toPhone, "accounts-admin-staff");
  const p = await phonePage(browser, `e2e-invitee-${RUN}`);
  await expect(p.getByTestId("account-banner")).toContainText(/staff invitation/);
  await p.goto(`/events/${eventId}/teams`);
  await expect(p.getByLabel("Team name")).toHaveCount(0); // no access before accepting
  await p.goto("/account");
  await checkPhonePage(p, "accounts-invitations");
  await p.locator(`[data-testid="invitation"][data-event-id="${eventId}"]`).getByRole("button", { name: "Accept" }).click();
  await expect(p.getByText("No pending invitations.")).toBeVisible();
  await p.goto(`/events/${eventId}/teams`);
  await expect(p.getByLabel("Team name")).toBeVisible();
});

test("the receipt shows the claim codes once; reprinting issues new ones and the old ones stop working (phone)", async ({ browser }) => {
  const to = await newSignedInPage(browser, "e2e-organizer");
  const eventId = await createEvent(to, "Receipt Cup");
  await addJudge(to);
  const judge = await phonePage(browser, "e2e-judge");
  const first = await registerTeam(judge, eventId, { name: "Paper Tigers", a: "Ana Paper", b: "Bruno Paper" });
  await checkPhonePage(judge, "accounts-receipt-codes");
  await judge.reload();
  await expect(judge.getByTestId("claim-A")).toHaveCount(0);
  await checkPhonePage(judge, "accounts-receipt-reprint");
  judge.once("dialog", (d) => void d.accept());
  await judge.getByTestId("reissue-claim").click();
  const newA = await judge.getByTestId("claim-A").innerText();
  expect(newA).not.toBe(first.A);
  const anon = await (await browser.newContext({ viewport: PHONE })).newPage();
  await anon.goto(`/claim?code=${first.A}`);
  await anon.getByLabel("Username").fill(`e2e-paper-${RUN}`);
  await anon.getByLabel("New password").fill(PASSWORD);
  await anon.getByRole("button", { name: "Create account" }).click();
  await expect(anon.getByTestId("claim-signup").getByRole("alert")).toContainText("not valid");
});

test("the owner sees 'password reset by <staff>' at the next sign-in and can dismiss it", async ({ browser }) => {
  await makeAccount(`e2e-resetee-${RUN}`, "Rita Resetee");
  await sql(`UPDATE "User" SET "resetNoticeBy" = 'E2E Judge', "resetNoticeAt" = now() WHERE username = $1`, [`e2e-resetee-${RUN}`]);
  const p = await phonePage(browser, `e2e-resetee-${RUN}`);
  await expect(p.getByTestId("account-banner")).toContainText("Your password was reset by E2E Judge");
  await p.goto("/account");
  await expect(p.getByTestId("reset-notice")).toContainText("reset by E2E Judge");
  await checkPhonePage(p, "accounts-reset-notice");
  await p.getByTestId("reset-notice").getByRole("button", { name: "Got it" }).click();
  await expect(p.getByTestId("reset-notice")).toHaveCount(0);
  await expect(p.getByTestId("account-banner")).toHaveCount(0);
});

test("the sign-in endpoint answers 429 with Retry-After after 54 wrong passwords for one account from one address", async ({ request }) => {
  const csrf = async () => ((await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string }).csrfToken;
  const token = await csrf();
  const attempt = (password: string) =>
    request.post("/api/auth/callback/credentials", {
      form: { username: `e2e-flood-target-${RUN}`, password, csrfToken: token, json: "true" },
      maxRedirects: 0,
    });
  for (let i = 0; i < 54; i++) expect((await attempt(`wrong-${i}`)).status()).not.toBe(429);
  const refused = await attempt("anything");
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(800);
});
