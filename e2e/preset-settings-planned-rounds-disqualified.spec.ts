/**
 * Organizer pages on a phone, in Chromium:
 * a Magic (MTG_2HG) event's settings offer only the 2HG choices (and follow the Format
 *      select); with 2 Swiss rounds + top 4 planned and played, Run event offers
 *      "Start top cut (top 4)" as the main action and pairing a 3rd Swiss round needs the ticked
 *      confirmation; a disqualified team is labelled Disqualified with no Re-enter button.
 */
import { test, expect, type Page } from "./test";
import { PHONE, addJudge, checkPhonePage, createEvent, newSignedInPage, registerTeam, fillPenalty } from "./helpers";

test.describe.configure({ mode: "serial" });

let to: Page,
  eventId = "";
const TEAMS = ["Red Dragons", "Blue Tides", "Green Wolves", "Gold Lions"];

const options = (page: Page, label: string) =>
  page
    .getByTestId("settings-form")
    .getByLabel(label, { exact: true })
    .locator("option")
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));

async function playRound(r: number) {
  await to.goto(`/events/${eventId}/admin`);
  if (r === 3) return;
  await to.getByRole("button", { name: `Pair round ${r}` }).click();
  await to.getByTestId(`round-${r}`).getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId(`round-${r}`).getByTestId("round-status")).toHaveText("Published");
  await to.goto(`/events/${eventId}/rounds/${r}`);
  const rows = to.getByTestId("match-row");
  const n = await rows.count();
  for (let i = 0; i < n; i++) {
    const row = rows.nth(i);
    const teams = await row.getByTestId("match-teams").innerText();
    if (!teams.includes(" vs ")) continue;
    await row.getByLabel(`${teams.split(" vs ")[0]} wins`).check();
    await row.getByRole("button", { name: "Save result" }).click();
    await expect(row.getByTestId("match-result")).toBeVisible();
  }
  await to.goto(`/events/${eventId}/admin`);
  to.once("dialog", (d) => void d.accept()); // Run event asks before closing / starting the cut (issue #14)
  await to.getByTestId(`round-${r}`).getByRole("button", { name: "Close round" }).click();
  await expect(to.getByTestId(`round-${r}`).getByTestId("round-status")).toHaveText("Closed");
}

test("a Magic event's settings offer only the 2HG choices, and follow the Format select", async ({ browser }) => {
  to = await newSignedInPage(browser, "e2e-organizer", undefined, PHONE);
  eventId = await createEvent(to, "E2E Magic settings", "MTG_2HG");
  await addJudge(to);
  expect(await options(to, "End of Match procedure")).toEqual(["mtg_three_turns"]);
  expect(
    await to
      .getByTestId("settings-form")
      .getByRole("option", { name: /Tag 2019|Tag 2013/ })
      .count(),
  ).toBe(0);
  expect(await options(to, "Copies across the team's decks")).toEqual(["combined4", "strict_unified"]);
  await to.getByTestId("settings-form").getByLabel("Format preset", { exact: true }).selectOption("KONAMI_TAG_2019");
  expect(await options(to, "End of Match procedure")).toEqual(["phase_then_lp", "double_loss"]);
  await to.getByTestId("settings-form").getByLabel("Format preset", { exact: true }).selectOption("MTG_2HG");
  expect(await options(to, "End of Match procedure")).toEqual(["mtg_three_turns"]);
  await to.getByRole("button", { name: "Save settings" }).click();
  await expect(to.getByTestId("settings-form").getByRole("status")).toBeVisible();
  await checkPhonePage(to, "admin-settings-mtg");
});

test("planned 2 Swiss rounds + top 4 played: Run event offers Start top cut; a 3rd Swiss round needs confirmation", async () => {
  for (const name of TEAMS) await registerTeam(to, eventId, { name, a: `${name} One`, b: `${name} Two` });
  await to.goto(`/events/${eventId}/operations`);
  await to.getByTestId("structure-form").getByLabel("Swiss rounds").fill("2");
  await to.getByTestId("structure-form").getByLabel("Top cut (teams; 0 = none)").fill("4");
  await to.getByRole("button", { name: "Save structure" }).click();
  await expect(to.getByTestId("planned")).toContainText("Planned: 2 Swiss rounds, top 4.");
  await playRound(1);
  await expect(to.getByTestId("start-cut")).toHaveCount(0);
  await playRound(2);
  await to.goto(`/events/${eventId}/admin`);
  await expect(to.getByTestId("start-cut")).toContainText("The planned 2 Swiss rounds are done: start the top cut.");
  await expect(to.getByTestId("pair-form")).toContainText(
    "This event was planned for 2 Swiss rounds and a top 4. Pair Swiss round 3 anyway.",
  );
  await checkPhonePage(to, "admin-swiss-done");
  // Without the tick, "Pair round 3" pairs nothing.
  await to.getByRole("button", { name: "Pair round 3" }).click();
  await expect(to.getByTestId("round-3")).toHaveCount(0);
  to.once("dialog", (d) => void d.accept()); // Run event asks before closing / starting the cut (issue #14)
  await to.getByTestId("start-cut").getByRole("button", { name: "Start top cut (top 4)" }).click();
  await expect(to.getByTestId("round-3").getByTestId("round-status")).toHaveText("Paired (not public)");
  await expect(to.getByTestId("pair-form")).toHaveCount(0);
});

test("a disqualified team is labelled Disqualified and cannot be re-entered from Operations", async () => {
  await to.goto(`/events/${eventId}/penalties`);
  const form = to.getByTestId("penalty-form");
  await fillPenalty(form, { find: "Gold Lions One", text: "Cheating", penalty: "DISQUALIFICATION" });
  await form.getByRole("button", { name: /Record penalty/ }).click();
  await expect(form.getByRole("status")).toContainText("Penalty recorded.");
  await to.goto(`/events/${eventId}/operations`);
  const row = to.getByTestId("ops-team").filter({ hasText: "Gold Lions" });
  await expect(row.getByTestId("team-condition")).toHaveText("Disqualified");
  await expect(row.getByRole("button", { name: "Re-enter" })).toHaveCount(0);
  await checkPhonePage(to, "operations-dq");
  await to.goto(`/events/${eventId}/teams`);
  await expect(to.getByRole("row").filter({ hasText: "Gold Lions" })).toContainText("Disqualified");
});
