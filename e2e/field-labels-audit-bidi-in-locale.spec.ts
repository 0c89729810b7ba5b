/**
 * Forms, the audit page and the standings in the page's language, in Chromium on a phone:
 * - /claim in pt-BR / Italian names a short password by its label, translated ("Nova senha:
 *   pelo menos 8 caracteres."), like every other form — never "password: needs at least 8 characters".
 * - registering a team with empty names names "Nome (A)" / "Nome (B)" (not "a" / "b") and
 *   outlines those inputs.
 * - a report without "which team went first" says "choose one of the options", without "?:".
 * - the Italian audit page shows no raw keys, codes or JSON; the entity filter is Italian and a
 *   round row is named "Round 1".
 * - the standings show a Hebrew team's A before B for a left-to-right reader; the printable
 *   pairings and standings fit a phone with 80-character names.
 */
import path from "node:path";
import { test, expect, type Page } from "./test";
import { PHONE, SHOTS, addJudge, createEvent, duelistPhone, newSignedInPage, registerTeam, fillPenalty } from "./helpers";

async function setLocale(page: Page, locale: string) {
  await page.context().addCookies([{ name: "tandem-locale", value: locale, domain: "127.0.0.1", path: "/" }]);
}
const noHorizontalScroll = async (page: Page, name: string) => {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${name}: page width`).toBeLessThanOrEqual(clientWidth);
};

const HEB = { name: "הדרקונים", a: "דוד כהן", b: "שרה לוי" };
const LONG = { name: "L".repeat(80), a: "A".repeat(40) + "a".repeat(40), b: "B".repeat(80) };

test("forms name fields by label in the page's language; audit and standings read right", async ({ browser }) => {
  const to = await newSignedInPage(browser, "e2e-organizer");
  const eventId = await createEvent(to, `E2E fresh forms ${Date.now()}`);
  await addJudge(to);
  const judge = await newSignedInPage(browser, "e2e-judge", undefined, PHONE);
  const heb = await registerTeam(judge, eventId, HEB);
  await registerTeam(judge, eventId, LONG);

  // Empty team form in pt-BR.
  await setLocale(judge, "pt-BR");
  await judge.goto(`/events/${eventId}/teams`);
  const form = judge.getByTestId("register-team");
  await form.locator('button[type="submit"]').click();
  const alert = form.getByRole("alert");
  await expect(alert.locator("p")).toHaveText("Nome da equipe: obrigatório.");
  await expect(alert.locator("li")).toHaveText(["Nome (A): obrigatório.", "Nome (B): obrigatório."]);
  for (const n of ["name", "a.name", "b.name"]) await expect(form.locator(`input[name="${n}"]`)).toHaveAttribute("aria-invalid", "true");
  await expect(form.locator('input[name="a.playerId"]')).not.toHaveAttribute("aria-invalid", "true");
  await alert.scrollIntoViewIfNeeded();
  await judge.screenshot({ path: path.join(SHOTS, "empty-team-pt-BR.png") });

  // Claim with a 5-character password, pt-BR then Italian.
  const anon = await (await browser.newContext({ viewport: PHONE })).newPage();
  await anon.goto("/claim");
  for (const [loc, user, pass, text] of [
    ["pt-BR", "Nome de usuário", "Nova senha", "Nova senha: pelo menos 8 caracteres."],
    ["it", "Nome utente", "Nuova password", "Nuova password: almeno 8 caratteri."],
  ] as const) {
    await setLocale(anon, loc);
    await anon.goto(`/claim?code=${heb.B}`);
    await anon.getByLabel(user).fill(`fresh-${Date.now()}`);
    await anon.getByLabel(pass).fill("12345");
    await anon.getByTestId("claim-signup").locator('button[type="submit"]').click();
    await expect(anon.getByTestId("claim-signup").getByRole("alert").locator("p")).toHaveText(text);
    await expect(anon.getByLabel(pass)).toHaveAttribute("aria-invalid", "true");
    await anon.screenshot({ path: path.join(SHOTS, `claim-short-password-${loc}.png`), fullPage: true });
  }

  // Round 1: the two teams play each other.
  await to.goto(`/events/${eventId}/admin`);
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");

  // A duelist reports a result but not who went first (pt-BR).
  const duelist = await duelistPhone(browser, heb.A, `e2e-fresh-${Date.now()}`, eventId);
  await setLocale(duelist, "pt-BR");
  await duelist.reload();
  const report = duelist.getByTestId("team-report-form");
  await report.locator('input[name="result"]').first().check();
  await report.locator('button[type="submit"]').click();
  await expect(report.getByRole("alert").locator("p")).toHaveText("Qual equipe começou: escolha uma das opções.");
  await expect(report.getByRole("alert")).not.toContainText("?:");
  await expect(report.locator('input[name="firstSlot"][aria-invalid="true"]')).toHaveCount(2);
  await duelist.screenshot({ path: path.join(SHOTS, "report-first-pt-BR.png"), fullPage: true });

  // A match loss for the Hebrew team's duelist A makes the match final; then close the round.
  await to.goto(`/events/${eventId}/penalties`);
  const pf = to.getByTestId("penalty-form");
  await fillPenalty(pf, { find: HEB.a, text: "Marked cards", penalty: "MATCH_LOSS" });
  await pf.locator('button[type="submit"]').click();
  await expect(pf.getByRole("status")).toBeVisible();
  await to.goto(`/events/${eventId}/admin`);
  to.once("dialog", (d) => void d.accept()); // Run event asks before closing / starting the cut (issue #14)
  await to.getByTestId("round-1").getByRole("button", { name: "Close round" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Closed");

  // The audit page in Italian.
  await setLocale(to, "it");
  await to.setViewportSize(PHONE);
  await to.goto(`/events/${eventId}/audit`);
  const changes = to.getByTestId("audit-changes");
  await expect(changes.first()).toBeVisible();
  const all = (await changes.allInnerTexts()).join("\n");
  expect(all).not.toMatch(
    /pendingPenalties|appliesToRound|matchEffect|MATCH_LOSS|DISQUALIFICATION|GAMES_WON|match final|match_loss|[{}"]|— → /,
  );
  expect(all).toContain("Sconfitta nel match"); // the penalty kind, from reporting.penalties.kind (it, Yu-Gi-Oh! wording)
  const options = await to.locator("#f-entity option").allInnerTexts();
  expect(options).toContain("Duellante"); // a Yu-Gi-Oh! event: the Italian Yu-Gi-Oh! word (issue #13 item 11)
  expect(options).not.toContain("Giocatore");
  expect(options).not.toContain("Duelist");
  await expect(
    to
      .getByTestId("audit-entity")
      .filter({ hasText: /^Round 1$/ })
      .first(),
  ).toBeVisible();
  await noHorizontalScroll(to, "audit it");
  await to.screenshot({ path: path.join(SHOTS, "audit-it.png"), fullPage: true });

  // Standings — the Hebrew team's A is left of B; print pages fit the phone.
  await setLocale(to, "en");
  await to.goto(`/events/${eventId}/standings`);
  const row = to.getByTestId("standing-row").filter({ hasText: HEB.name });
  const ax = (await row.locator("bdi", { hasText: HEB.a }).boundingBox())!.x;
  const bx = (await row.locator("bdi", { hasText: HEB.b }).boundingBox())!.x;
  expect(ax).toBeLessThan(bx);
  await noHorizontalScroll(to, "standings");
  await to.screenshot({ path: path.join(SHOTS, "standings-hebrew.png"), fullPage: true });
  await to.goto(`/events/${eventId}/print/standings`);
  const pa = (await to.getByTestId("print-duelist-a").filter({ hasText: HEB.a }).boundingBox())!.x;
  const pb = (await to.getByTestId("print-duelist-b").filter({ hasText: HEB.b }).boundingBox())!.x;
  expect(pa).toBeLessThan(pb);
  await noHorizontalScroll(to, "print standings");
  await to.screenshot({ path: path.join(SHOTS, "print-standings-hebrew.png"), fullPage: true });
  await to.goto(`/events/${eventId}/print/pairings?round=1`);
  await noHorizontalScroll(to, "print pairings");
  await to.goto(`/events/${eventId}/print/pairings?round=1&by=name`);
  await noHorizontalScroll(to, "print pairings by name");
});
