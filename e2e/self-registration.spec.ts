/**
 * Issue #16 acceptance (players part), four phones (390x844) and the TO's desktop: two players
 * sign up and form a team through an invite link; a third and fourth enter the partner pool and the
 * TO matches them; with a cap of 1 team that team is refused a place (waitlist) and moves up when
 * the first team withdraws; the used invite link no longer works; a fifth player's partner without a
 * phone is entered by the TO at the desk. (A typed code expiring after
 * 48 h is pinned in tests/integration/players.test.ts with a moved clock.)
 */
import { expect, test, type Browser, type Page } from "./test";
import { checkPhonePage, createEvent, newSignedInPage } from "./helpers";

const PHONE = { width: 390, height: 844 };
const stamp = Date.now().toString(36);

async function phoneSignUp(browser: Browser, eventId: string, username: string, displayName: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await page.goto(`/signup?next=/events/${eventId}/register`);
  await page.getByLabel("Display name").fill(displayName);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("New password").fill("players-password-1");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(new RegExp(`/events/${eventId}/register$`));
  return page;
}

test("self-registration: invite link, partner pool matched by the TO, cap and waitlist, single-use link", async ({ browser }) => {
  const to = await newSignedInPage(browser, "e2e-organizer");
  const eventId = await createEvent(to, `Self-registration ${stamp}`);
  await to.goto(`/events/${eventId}/registrations`);
  const settings = to.getByTestId("registration-settings");
  await settings.getByLabel("Players may register their own teams").check();
  await settings.getByLabel("Cap (teams)").fill("1");
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings.getByRole("status")).toHaveText("Saved.");

  // Player 1 registers a team and gets the invite link.
  const p1 = await phoneSignUp(browser, eventId, `ana-${stamp}`, "Ana Moreira");
  await p1.getByRole("button", { name: "Register and invite my partner" }).click();
  const link = (await p1.getByTestId("invite-link").textContent())!.trim();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(p1.getByTestId("invite-code")).toHaveText(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  await checkPhonePage(p1, "self-registration-invite-phone");

  // Player 2 opens it (signs up from the invite page) and accepts.
  const p2 = await (await browser.newContext({ viewport: PHONE })).newPage();
  await p2.goto(new URL(link).pathname);
  await expect(p2.getByText("Ana Moreira invites you")).toBeVisible();
  await checkPhonePage(p2, "self-registration-invite-link-phone");
  await p2.getByRole("link", { name: "Create an account" }).click();
  await p2.getByLabel("Display name").fill("Bruno Costa");
  await p2.getByLabel("Username").fill(`bruno-${stamp}`);
  await p2.getByLabel("New password").fill("players-password-1");
  await p2.getByRole("button", { name: "Create account" }).click();
  await p2.waitForURL(/\/invite\//);
  await p2.getByRole("button", { name: "Accept and complete the team" }).click();
  await p2.waitForURL(new RegExp(`/events/${eventId}/register$`));
  await expect(p2.getByTestId("my-team")).toContainText("Moreira / Costa");
  await expect(p2.getByTestId("team-entry")).toHaveText("Has a place in the event.");

  // Players 3 and 4 enter alone.
  const p3 = await phoneSignUp(browser, eventId, `carla-${stamp}`, "Carla Rossi");
  await p3.getByRole("button", { name: "Find me a partner" }).click();
  await expect(p3.getByTestId("pool-status")).toContainText("Looking for a partner");
  const p4 = await phoneSignUp(browser, eventId, `davi-${stamp}`, "Davi Souza");
  await p4.getByRole("button", { name: "Find me a partner" }).click();
  await expect(p4.getByTestId("pool-status")).toContainText("Looking for a partner");
  await checkPhonePage(p4, "self-registration-pool-phone");

  // The TO matches partners; the cap (1 team) is reached: the new team is refused a place and waits.
  await to.reload();
  await expect(to.getByTestId("pool-list")).toContainText("Carla Rossi");
  await to.getByTestId("match-partners").getByLabel("Seed (optional)").fill("e2e-seed");
  await to.getByRole("button", { name: "Match partners" }).click();
  await expect(to.getByTestId("match-result")).toContainText("1 team formed (seed e2e-seed)");
  await to.reload();
  await expect(to.getByText("Waitlist (1)")).toBeVisible();
  await to.screenshot({ path: "test-results/screenshots/self-registration-registrations-desktop.png", fullPage: true });
  await p3.reload();
  await expect(p3.getByTestId("team-entry")).toHaveText("On the waitlist (number 1).");
  // The event card says it too; before the organizer opens check-in it has no check-in section.
  await p3.goto(`/events/${eventId}/me`);
  await expect(p3.getByTestId("card-entry")).toHaveText("On the waitlist (number 1).");
  await expect(p3.getByTestId("card-checkin")).toHaveCount(0);
  await p3.goto(`/events/${eventId}/register`);

  // The first team withdraws: the waitlisted team moves up, and both its members see it.
  p1.on("dialog", (d) => d.accept());
  await p1.reload();
  await p1.getByRole("button", { name: "Withdraw the team" }).click();
  await expect(p1.getByRole("button", { name: "Register and invite my partner" })).toBeVisible();
  for (const p of [p3, p4]) {
    await p.reload();
    await expect(p.getByTestId("team-entry")).toHaveText("Has a place in the event.");
    await expect(p.getByTestId("team-notice")).toContainText("moved up from the waitlist");
  }
  await checkPhonePage(p3, "self-registration-moved-up-phone");
  await p4.goto("/me");
  await expect(p4.getByTestId("my-team-notice")).toContainText("moved up");
  await checkPhonePage(p4, "self-registration-me-phone");

  // Profile: a Card Game ID; a judge typing it on the registration form gets the display name filled in.
  await p4.getByLabel("Konami Card Game ID / COSSY").fill(`04${Date.now() % 100000000}`);
  const konamiId = await p4.getByLabel("Konami Card Game ID / COSSY").inputValue();
  await p4.getByRole("button", { name: "Save profile" }).click();
  await expect(p4.getByTestId("profile").getByRole("status")).toHaveText("Profile saved.");
  await to.goto(`/events/${eventId}/teams`);
  await to.getByLabel("Player ID (A)").fill(konamiId);
  await to.getByLabel("Name (B)").focus();
  await expect(to.getByLabel("Name (A)")).toHaveValue("Davi Souza");

  // The invite link worked once.
  await p4.goto(new URL(link).pathname);
  await expect(p4.getByTestId("invite-invalid")).toBeVisible();

  // A player whose partner has no phone: the TO enters the partner at the desk, under the same cap.
  const p5 = await phoneSignUp(browser, eventId, `elena-${stamp}`, "Elena Ferri");
  await p5.getByRole("button", { name: "Register and invite my partner" }).click();
  await expect(p5.getByTestId("invite-link")).toBeVisible();
  await to.goto(`/events/${eventId}/registrations`);
  const waiting = to.getByTestId("reg-waiting");
  await expect(waiting).toContainText("Elena Ferri registered as A");
  await waiting.locator("summary", { hasText: "Enter the partner" }).click();
  await to.screenshot({ path: "test-results/screenshots/self-registration-waiting-desktop.png", fullPage: true });
  await waiting.getByLabel("Partner's name").fill("Fabio Carta");
  await waiting.getByRole("button", { name: "Enter the partner" }).click();
  const team = to.getByTestId("reg-team").filter({ hasText: "Ferri / Carta" });
  await expect(to.getByText("Team entered.").or(team)).toBeVisible();
  await to.reload();
  await expect(team).toContainText("A: Elena Ferri · B: Fabio Carta");
  await expect(to.getByTestId("reg-waiting")).toHaveCount(0);
  await p5.reload();
  await expect(p5.getByTestId("my-team")).toContainText("Ferri / Carta");
  await expect(p5.getByTestId("team-entry")).toHaveText("On the waitlist (number 1).");
});
