/**
 * An exact tie at the top-cut line is shown to the TO before the cut (Run event page, phone) and
 * broken by a seeded random draw recorded in the audit log: 6 teams, 1 Swiss round, Top 2 — the
 * three round-1 winners are tied on every tiebreaker (RULES §6.1) for two places.
 */
import { test, expect } from "./test";
import { PHONE, addJudge, checkPhonePage, createEvent, newSignedInPage, registerTeam } from "./helpers";

const TEAMS = ["Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir"];

test("three winners tied for two top-cut places: the TO sees the tie, the cut draws two of them, the audit log records the draw", async ({
  browser,
}) => {
  const to = await newSignedInPage(browser, "e2e-organizer", undefined, PHONE);
  const eventId = await createEvent(to, `E2E Cut tie ${Date.now()}`, "KONAMI_TAG_2019");
  await addJudge(to);
  for (const name of TEAMS) await registerTeam(to, eventId, { name, a: `${name} One`, b: `${name} Two` });
  await to.goto(`/events/${eventId}/operations`);
  await to.getByTestId("structure-form").getByLabel("Swiss rounds").fill("1");
  await to.getByTestId("structure-form").getByLabel("Top cut (teams; 0 = none)").fill("2");
  await to.getByRole("button", { name: "Save structure" }).click();
  await expect(to.getByTestId("planned")).toContainText("Planned: 1 Swiss rounds, top 2.");
  await to.goto(`/events/${eventId}/admin`);
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");
  await to.goto(`/events/${eventId}/rounds/1`);
  const winners: string[] = [];
  const rows = to.getByTestId("match-row");
  for (let i = 0; i < 3; i++) {
    const row = rows.nth(i);
    const teams = await row.getByTestId("match-teams").innerText();
    const winner = teams.split(" vs ")[0];
    winners.push(winner);
    await row.getByLabel(`${winner} wins`).check();
    await row.getByRole("button", { name: "Save result" }).click();
    await expect(row.getByTestId("match-result")).toBeVisible();
  }
  await to.goto(`/events/${eventId}/admin`);
  to.once("dialog", (d) => void d.accept()); // Run event asks before closing / starting the cut (issue #14)
  await to.getByTestId("round-1").getByRole("button", { name: "Close round" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Closed");

  const tie = to.getByTestId("cut-tie");
  await expect(tie).toContainText("Exact tie at the Top 2 line");
  await expect(tie).toContainText("These 3 teams are tied on points and every tiebreaker; 2 of them get places 1–2:");
  expect((await tie.locator("li").allInnerTexts()).sort()).toEqual([...winners].sort());
  await checkPhonePage(to, "cut-tie-run-event");
  to.once("dialog", (d) => void d.accept()); // Run event asks before closing / starting the cut (issue #14)
  await to.getByTestId("start-cut").getByRole("button", { name: "Start top cut (top 2)" }).click();
  await expect(to.getByTestId("round-2").getByTestId("round-status")).toContainText("Paired");
  await expect(to.getByTestId("cut-tie")).toHaveCount(0);
  await to.goto(`/events/${eventId}/rounds/2`);
  const finalists = (await to.getByTestId("match-teams").innerText()).split(" vs ");
  expect(finalists).toHaveLength(2);
  for (const f of finalists) expect(winners).toContain(f);
  await to.goto(`/events/${eventId}/audit`);
  await expect(to.locator("main")).toContainText("Draw at the cut line");
});
