/**
 * A Magic 2HG event speaks Magic on a phone (390 × 844).
 * - Teams: "Players" / "Player A"; the player-ID hint names the Wizards Account; receipt "Player A".
 * - End-of-match wizard: Magic phases (CR 500.1, no standby), the turn line names the team (not
 *   "1 (…)"), "Life reached 0" as an end reason.
 * - Penalties: "Player" field, "Per player" counts.
 * - New event: the round-length hint states the chosen preset's default (2HG: 50 minutes).
 */
import { test, expect } from "./test";
import { addJudge, checkPhonePage, createEvent, newSignedInPage, PHONE, registerTeam } from "./helpers";

test("Magic words on teams, the end-of-match wizard and penalties", async ({ browser }) => {
  const to = await newSignedInPage(browser, "e2e-organizer");
  await to.goto("/events/new");
  await to.getByLabel("Format").selectOption("MTG_2HG");
  await expect(to.getByText("Leave empty for the format's default: 50 minutes for Magic: Two-Headed Giant.")).toBeVisible();
  await to.getByLabel("Format").selectOption("KONAMI_TAG_2019");
  await expect(to.getByText("Leave empty for the format's default: 30 minutes for Yu-Gi-Oh! Tag Duel (Konami 2019).")).toBeVisible();
  const eventId = await createEvent(to, `E2E Magic words ${Date.now()}`, "MTG_2HG");
  await addJudge(to);
  const judge = await newSignedInPage(browser, "e2e-judge", undefined, PHONE);
  await judge.goto(`/events/${eventId}/teams`);
  await expect(judge.getByText("Player A is the first name on the registration form")).toBeVisible();
  await expect(judge.getByText("Optional, e.g. the player's Wizards Account (or legacy DCI number); unique in the event.")).toBeVisible();
  await expect(judge.getByText(/Duelist|Card Game ID/)).toHaveCount(0);
  await registerTeam(judge, eventId, { name: "Izzet Twins", a: "Ral Z", b: "Niv M" });
  await expect(judge.getByTestId("receipt-A")).toContainText("Player A");
  await expect(judge.getByTestId("receipt")).not.toContainText("Duelist");
  await registerTeam(judge, eventId, { name: "Golgari Pair", a: "Jarad V", b: "Savra V" });
  await judge.goto(`/events/${eventId}/teams`);
  await expect(judge.getByRole("columnheader", { name: "Players" })).toBeVisible();
  await checkPhonePage(judge, "mtg-teams");

  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("pair-form").getByLabel("Seed (optional)").fill("mtg-words");
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");

  await judge.goto(`/events/${eventId}/rounds/1`);
  const row = judge.getByTestId("match-row").filter({ has: judge.getByTestId("open-eomp") });
  // Swiss 2HG: an unfinished game is a draw (MTR 2.4), so the option says so instead of "compare team life".
  await expect(row.getByLabel("Time called: a game still unfinished after the additional turns is a draw")).toBeVisible();
  await row.getByTestId("open-eomp").click();
  await judge.waitForURL(/\/eomp$/);
  const start = judge.getByTestId("eomp-start");
  const phase = start.getByRole("combobox", { name: "Phase" });
  await expect(phase.locator("option")).toHaveText([
    "Beginning phase (untap, upkeep, draw)",
    "Precombat main phase",
    "Combat phase",
    "Postcombat main phase",
    "Ending phase",
  ]);
  await checkPhonePage(judge, "mtg-eomp-start");
  await start.getByRole("spinbutton", { name: "Turn number" }).fill("5");
  await phase.selectOption({ label: "Combat phase" });
  await start.getByRole("radio", { name: "Izzet Twins went first" }).check();
  await start.getByLabel("Izzet Twins life").fill("22");
  await start.getByLabel("Golgari Pair life").fill("18");
  await start.getByRole("button", { name: "Start the procedure" }).click();
  await expect(judge.getByTestId("eomp-turn")).toHaveText("Turn 5: Izzet Twins");
  await expect(judge.getByTestId("eomp-instruction")).toContainText("finishes turn 5; then 3 additional turns are played");
  await judge.getByText("The game ended").click();
  await expect(judge.getByRole("combobox", { name: "How it ended" }).locator("option")).toHaveText([
    "Life reached 0",
    "Drew from an empty library",
    "Another win or loss condition (e.g. 15 poison counters)",
    "Concession",
    "Game loss penalty",
  ]);
  await expect(judge.locator("main")).not.toContainText(/\bLP\b|Duelist|chain/);
  await checkPhonePage(judge, "mtg-eomp-started");

  await judge.goto(`/events/${eventId}/penalties`);
  const form = judge.getByTestId("penalty-form");
  await expect(form.locator('label[for="pen-find"]')).toHaveText("Player *");
  await form.locator("#pen-find").fill("1");
  await form.getByTestId("duelist-option").first().click();
  await form.getByTestId("infraction-select").selectOption({ label: "Looking at Extra Cards" });
  await expect(form.getByTestId("penalty-kind")).toHaveValue("WARNING");
  await form.getByRole("button", { name: "Record penalty" }).click();
  await expect(form.getByRole("status")).toContainText("Penalty recorded");
  await judge.reload();
  await expect(judge.getByRole("heading", { name: "Per player" })).toBeVisible();
  await expect(judge.locator("main")).not.toContainText(/Duelist|Per duelist/);
  await checkPhonePage(judge, "mtg-penalties");
});
