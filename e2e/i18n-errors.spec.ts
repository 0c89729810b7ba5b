/**
 * Issue #6 (action failures in the user's language), in Chromium: a Portuguese (Brazil) judge
 * registers a team name already taken (actionErrors.TEAM_NAME_TAKEN with the name) and an Italian
 * judge a player ID with spaces (field rule PLAYER_ID_CHARS rendered with the field's label). The
 * audit page shows
 * translated action labels (raw code kept) and change keys in pt-BR and Italian. Screenshots at
 * phone width.
 */
import path from "node:path";
import { test, expect, type Page } from "./test";
import { SHOTS, addJudge, createEvent, newSignedInPage, registerTeam } from "./helpers";

const PHONE = { width: 390, height: 844 };
async function setLocale(page: Page, locale: string) {
  await page.context().addCookies([{ name: "tandem-locale", value: locale, domain: new URL(page.url()).hostname, path: "/" }]);
}

test("pt-BR / it: refused actions and the audit log are in the user's language", async ({ browser }) => {
  const to = await newSignedInPage(browser, "e2e-organizer");
  const judge = await newSignedInPage(browser, "e2e-judge");
  const eventId = await createEvent(to, "E2E i18n errors");
  await addJudge(to);
  for (const [name, a, b] of [
    ["Dragões", "Ana Souza", "Bruno Lima"],
    ["Águias", "Carla Rossi", "Davide Bianchi"],
    ["Lupi", "Elena Costa", "Fabio Santos"],
    ["Stelle", "Giulia Ferri", "Henrique Alves"],
  ]) {
    await registerTeam(judge, eventId, { name, a, b });
  }

  // pt-BR judge: a team name already registered.
  await setLocale(judge, "pt-BR");
  await judge.setViewportSize(PHONE);
  await judge.goto(`/events/${eventId}/teams`);
  const form = judge.getByTestId("register-team");
  await form.locator('input[name="name"]').fill("Lupi");
  await form.locator('input[name="a.name"]').fill("Outra Pessoa");
  await form.locator('input[name="b.name"]').fill("Mais Alguém");
  await form.locator('button[type="submit"]').click();
  await expect(form.getByRole("alert")).toHaveText("Já existe uma equipe inscrita chamada “Lupi”.");
  await form.getByRole("alert").scrollIntoViewIfNeeded();
  await judge.screenshot({ path: path.join(SHOTS, "i18n-error-team-name-pt-BR.png") });

  // Italian judge: a player ID with spaces — the rule is named with the field's label.
  await setLocale(judge, "it");
  await judge.goto(`/events/${eventId}/teams`);
  await form.locator('input[name="name"]').fill("Nuovo team");
  await form.locator('input[name="a.name"]').fill("Luca Neri");
  await form.locator('input[name="a.playerId"]').fill("12 34");
  await form.locator('input[name="b.name"]').fill("Marco Blu");
  await form.locator('button[type="submit"]').click();
  await expect(form.getByRole("alert")).toContainText(": solo lettere, cifre e trattini.");
  await expect(form.getByRole("alert")).not.toContainText("a.playerId");
  await judge.screenshot({ path: path.join(SHOTS, "i18n-error-player-id-it.png") });

  // Italian organizer: pair round 1.
  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("pair-form").getByLabel("Seed (optional)").fill("i18n-e1");
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Paired (not public)");
  await setLocale(to, "it");
  await to.setViewportSize(PHONE);

  // The audit page: labels in Italian, then Portuguese; the code is not shown (it stays in data-action).
  await to.goto(`/events/${eventId}/audit`);
  const first = to.getByTestId("audit-row").first();
  await expect(first.getByTestId("audit-action-label")).toHaveText("Round abbinato");
  await expect(first.getByTestId("audit-action-label")).toHaveAttribute("data-action", "round.pair");
  await expect(first.getByTestId("audit-changes")).toContainText("Assenti");
  await to.screenshot({ path: path.join(SHOTS, "i18n-audit-it.png"), fullPage: true });
  await setLocale(to, "pt-BR");
  await to.goto(`/events/${eventId}/audit?entity=Team`);
  await expect(to.getByTestId("audit-action-label").first()).toHaveText("Equipe inscrita");
  await expect(to.getByTestId("audit-changes").first()).toContainText("Nome");
  await to.screenshot({ path: path.join(SHOTS, "i18n-audit-pt-BR.png"), fullPage: true });
});
