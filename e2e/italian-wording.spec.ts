/**
 * Issue #13 item 11 in Chromium: on a Yu-Gi-Oh! event (UDE_2V2, best of three) the Italian
 * end-of-match wizard and quick reference use the Italian Yu-Gi-Oh! words — duello, duellante —
 * never Magic's game, giocatore, partita or Game Loss.
 */
import { test, expect, type Page } from "./test";
import { addJudge, checkPhonePage, createEvent, newSignedInPage, registerTeam } from "./helpers";

const MAGIC = /\bgiocator[ei]\b|\bgame\b|\bpartit[ae]\b|Game Loss|Match Loss/i;

async function setLocale(page: Page, locale: string) {
  await page.context().addCookies([{ name: "tandem-locale", value: locale, domain: "127.0.0.1", path: "/" }]);
}

test("the Italian end-of-match wizard says duello and duellante on a Yu-Gi-Oh! event", async ({ browser }) => {
  const to = await newSignedInPage(browser, "e2e-organizer");
  const eventId = await createEvent(to, `E2E Italian words ${Date.now()}`, "UDE_2V2");
  await addJudge(to);
  const judge = await newSignedInPage(browser, "e2e-judge", undefined, { width: 390, height: 844 });
  for (const [name, a, b] of [
    ["Drago Bianco", "Luca Neri", "Marco Blu"],
    ["Mago Nero", "Sara Verdi", "Elena Gialli"],
  ])
    await registerTeam(judge, eventId, { name, a, b });
  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("pair-form").getByLabel("Seed (optional)").fill("it-words");
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");

  await setLocale(judge, "it");
  await judge.goto(`/events/${eventId}/rounds/1`);
  await judge.getByTestId("match-row").first().getByTestId("open-eomp").click();
  await judge.waitForURL(/\/eomp$/);
  const startForm = judge.getByTestId("eomp-start");
  await expect(startForm).toContainText("Inserisci il duello in corso nel momento in cui è stato chiamato il tempo.");
  await expect(startForm).toContainText("Duelli vinti da");
  expect(await startForm.innerText()).not.toMatch(MAGIC);
  await checkPhonePage(judge, "italian-eomp-start");

  // Time called with a duel in progress: the instruction names the duellante and the duel count.
  await startForm.locator('input[name="firstSlot"]').first().check();
  await startForm.locator('button[type="submit"]').click();
  await expect(judge.getByTestId("eomp-instruction")).toContainText("Il Duellante");
  const steps = await judge.locator("main").innerText();
  expect(steps).toContain("Duelli 0–0");
  expect(steps).not.toMatch(MAGIC);

  await judge.goto(`/events/${eventId}/rules`);
  const rules = await judge.getByTestId("quickref").innerText();
  expect(rules).toContain("Al meglio di 3 duelli");
  expect(rules).not.toMatch(MAGIC);
});
