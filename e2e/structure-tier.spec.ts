/**
 * Structure (RULES §2.3 Tier 3–4): the TO picks Tier 3–4 in the event settings and marks a bye
 * holder on Operations before round 1; the size counted with the holder and the recommendation
 * follow; round 1 gives the holder its bye. Phone (390 × 844) and desktop screenshots.
 */
import { test, expect } from "./test";
import { addJudge, checkPhonePage, createEvent, newSignedInPage, PHONE, registerTeam } from "./helpers";

test("Tier 3–4 and a 2-round bye holder: counted +3 in the event size, recommendation shown, round 1 gives the holder its bye", async ({
  browser,
}) => {
  const to = await newSignedInPage(browser, "e2e-organizer", undefined, PHONE);
  const eventId = await createEvent(to, `E2E Tier ${Date.now()}`, "KONAMI_TAG_2019");
  await addJudge(to);
  const form = to.getByTestId("settings-form");
  await form.getByLabel("Event tier (round table)").selectOption("3-4");
  await expect(form.getByLabel("Top cut for 2,049+ (policy v2.5, the sources disagree)")).toHaveValue("none");
  await to.getByRole("button", { name: "Save settings" }).click();
  await expect(form.getByRole("status")).toBeVisible();
  await checkPhonePage(to, "structure-settings-tier");
  for (const [name, a, b] of [
    ["Holders", "Hana O", "Hiro O"],
    ["Second", "Sara P", "Sven P"],
    ["Third", "Tea R", "Tom R"],
    ["Fourth", "Uma S", "Udo S"],
    ["Fifth", "Vera T", "Vik T"],
  ]) {
    await registerTeam(to, eventId, { name, a, b });
  }
  await to.goto(`/events/${eventId}/operations`);
  const holders = to.getByTestId("bye-holders");
  await holders.getByLabel("Team").selectOption({ label: "Holders" });
  await holders.getByLabel("Byes").selectOption("2");
  await holders.getByRole("button", { name: "Save bye holder" }).click();
  await expect(holders.getByRole("status")).toHaveText("Saved.");
  await expect(holders.getByTestId("bye-holder")).toHaveText("Holders: rounds 1–2");
  // §2.3 Tier 3–4: 5 entrants, one 2-round holder counted +3 → 8 (Tier 3–4 below 129 uses the Tier 1–2 counts: 3 rounds)
  await expect(to.getByTestId("effective-entrants")).toHaveText("Size counted with the bye holders: 8.");
  await expect(to.getByTestId("structure")).toContainText("Recommended for this size: 3 Swiss rounds, no top cut.");
  await checkPhonePage(to, "structure-bye-holders-phone");

  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("pair-form").getByLabel("Seed (optional)").fill("tier-r1");
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toContainText("Paired");
  await to.goto(`/events/${eventId}/rounds/1`);
  // the holder's bye (not paired), besides the round's own bye among the other four: none (even)
  const row = to.getByTestId("match-row").filter({ has: to.getByTestId("match-teams").getByText("Holders", { exact: true }) });
  await expect(row.getByTestId("match-teams")).toHaveText("Holders");
  await expect(row).toContainText("Bye");
  await expect(to.getByTestId("match-row")).toHaveCount(3);
  const desk = await newSignedInPage(browser, "e2e-organizer");
  await desk.goto(`/events/${eventId}/operations`);
  await expect(desk.getByTestId("bye-holder")).toHaveText("Holders: rounds 1–2");
  await desk.screenshot({ path: "test-results/screenshots/structure-operations-desktop.png", fullPage: true });
});
