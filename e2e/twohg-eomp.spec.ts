/**
 * Two-Headed Giant in the end-of-match wizard, on a phone (390 × 844):
 * - RULES §5.3 (its corrected example): the active team had announced the pass at the end of turn 6 → turn 7 (the
 *   other team) is the current turn, then the additional turns 8, 9, 10; unfinished → draw.
 * - CR 810.9 / C57: the team-life step — (a) a player's life doubled: 17 → 34; (b) a player's life
 *   becomes 10: 25 → 10; (c) Flame Rift (4 damage to each player): each team −8.
 */
import { test, expect, type Page } from "./test";
import { addJudge, checkPhonePage, createEvent, newSignedInPage, PHONE, registerTeam } from "./helpers";

async function teamLife(judge: Page, kind: string, n: string | null, target: string) {
  const form = judge.getByTestId("team-life");
  await form.getByTestId("team-life-kind").selectOption(kind);
  if (n !== null) await form.getByTestId("team-life-n").fill(n);
  await form.getByRole("radio", { name: target }).check();
}

test("2HG wizard: a pass announced before time makes the other team's turn current (§5.3); the team-life step applies C57 (a)–(c)", async ({
  browser,
}) => {
  const to = await newSignedInPage(browser, "e2e-organizer");
  const eventId = await createEvent(to, `E2E 2HG life ${Date.now()}`, "MTG_2HG");
  await addJudge(to);
  const judge = await newSignedInPage(browser, "e2e-judge", undefined, PHONE);
  await registerTeam(judge, eventId, { name: "Izzet Twins", a: "Ral Z", b: "Niv M" });
  await registerTeam(judge, eventId, { name: "Golgari Pair", a: "Jarad V", b: "Savra V" });
  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("pair-form").getByLabel("Seed (optional)").fill("twohg-life");
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");

  await judge.goto(`/events/${eventId}/rounds/1`);
  await judge
    .getByTestId("match-row")
    .filter({ has: judge.getByTestId("open-eomp") })
    .getByTestId("open-eomp")
    .click();
  await judge.waitForURL(/\/eomp$/);
  const start = judge.getByTestId("eomp-start");
  // Golgari went first (odd turns); Izzet (turn 6) had announced the pass when time was called.
  await start.getByRole("spinbutton", { name: "Turn number" }).fill("6");
  await start.getByRole("radio", { name: "Golgari Pair went first" }).check();
  await start.getByLabel("Izzet Twins life").fill("17");
  await start.getByLabel("Golgari Pair life").fill("25");
  await start.getByLabel("The active team had already passed the turn").check();
  await start.getByRole("button", { name: "Start the procedure" }).click();
  await expect(judge.getByTestId("eomp-turn")).toHaveText("Turn 7: Golgari Pair");
  await expect(judge.getByTestId("eomp-instruction")).toHaveText(
    "Team 1 (Golgari Pair) finishes turn 7; then 3 additional turns are played.",
  ); // Golgari went first: turn-order Team 1
  await expect(judge.getByTestId("eomp-counter")).toHaveCount(0);

  const lp = judge.getByTestId("eomp-lp");
  const preview = (team: string) => judge.getByTestId("team-life").locator("[data-testid^=team-life-preview]").filter({ hasText: team });
  // C57 (a): double target player's life total → the team's 17 becomes 34
  await teamLife(judge, "doublePlayer", null, "Izzet Twins");
  await expect(preview("Izzet Twins")).toHaveText("Izzet Twins: 17 → 34 (+17)");
  await checkPhonePage(judge, "twohg-team-life");
  await judge.getByTestId("team-life-apply").click();
  await expect(lp).toContainText("Izzet Twins: 34 life");
  // C57 (b): a player's life total becomes 10 → the team's 25 becomes 10
  await teamLife(judge, "playerBecomes", "10", "Golgari Pair");
  await expect(preview("Golgari Pair")).toHaveText("Golgari Pair: 25 → 10 (−15)");
  await judge.getByTestId("team-life-apply").click();
  await expect(lp).toContainText("Golgari Pair: 10 life");
  // C57 (c): Flame Rift, 4 damage to each player → each team loses 8
  await teamLife(judge, "eachPlayerLoses", "4", "Both teams");
  await expect(preview("Izzet Twins")).toHaveText("Izzet Twins: 34 → 26 (−8)");
  await expect(preview("Golgari Pair")).toHaveText("Golgari Pair: 10 → 2 (−8)");
  await judge.getByTestId("team-life-apply").click();
  await expect(lp).toContainText("Izzet Twins: 26 life");
  await expect(lp).toContainText("Golgari Pair: 2 life");

  // §5.3 example: after turn 7, the additional turns are X 8, Y 9, X 10; still unfinished in Swiss → draw
  for (const [turn, team, index] of [
    [8, "Izzet Twins", 1],
    [9, "Golgari Pair", 2],
    [10, "Izzet Twins", 3],
  ] as const) {
    await judge.getByTestId("step-turn").click();
    await expect(judge.getByTestId("eomp-turn")).toHaveText(`Turn ${turn}: ${team}`);
    await expect(judge.getByTestId("eomp-counter")).toHaveText(`Extra turn ${index} of 3`);
  }
  await judge.getByTestId("step-turn").click();
  await expect(judge.getByTestId("eomp-outcome")).toHaveText("The match is a draw");
});
