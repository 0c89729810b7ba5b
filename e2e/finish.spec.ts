/**
 * Issue #14 "A finished event": 8 teams, 1 Swiss round, top 4. The Run event page shows the paired
 * tables before Publish and asks before closing, starting the cut and finishing; the event ends
 * Finished; final standings list 1st, 2nd, the semifinal losers in Swiss order, then 5th–8th in Swiss
 * order; the overview names the champion; the CSV has the placings; no page says "Running" or
 * "Round 3" (the final); reopening and correcting the final swaps 1st and 2nd.
 */
import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { test, expect, type Page } from "./test";
import { checkPhonePage, createEvent, newSignedInPage, registerTeam, PHONE } from "./helpers";

const TEAMS = ["Oak", "Pine", "Yew", "Ash", "Elm", "Fir", "Lime", "Bay"];

/** Enters "first team wins" on every table of round `n` (`correct`: the second team, on the closed round); returns [winner, loser]. */
async function reportAll(to: Page, eventId: string, n: number, correct = false) {
  await to.goto(`/events/${eventId}/rounds/${n}`);
  const rows = to.getByTestId("match-row");
  const out: [string, string][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const [a, b] = (await row.getByTestId("match-teams").innerText()).split(" vs ");
    const [winner, loser] = correct ? [b, a] : [a, b];
    out.push([winner, loser]);
    await row.getByLabel(`${winner} wins`).check();
    if (correct) await row.getByLabel(/Correct a closed round/).check();
    await row.getByRole("button", { name: correct ? "Correct result" : "Save result" }).click();
    await expect(row.getByTestId("match-result")).toContainText(winner);
  }
  return out;
}

async function adminClick(to: Page, eventId: string, scope: string, name: string | RegExp) {
  await to.goto(`/events/${eventId}/admin`);
  to.once("dialog", (d) => void d.accept());
  await to.getByTestId(scope).getByRole("button", { name }).click();
}

test("8 teams, top 4: Finished with final placings everywhere; reopening and correcting the final swaps 1st and 2nd", async ({
  browser,
}) => {
  const to = await newSignedInPage(browser, "e2e-organizer");
  const eventId = await createEvent(to, `E2E Finish ${Date.now()}`, "KONAMI_TAG_2019");
  for (const name of TEAMS) await registerTeam(to, eventId, { name, a: `${name} One`, b: `${name} Two` });
  await to.goto(`/events/${eventId}/operations`);
  await to.getByTestId("structure-form").getByLabel("Swiss rounds").fill("1");
  await to.getByTestId("structure-form").getByLabel("Top cut (teams; 0 = none)").fill("4");
  await to.getByRole("button", { name: "Save structure" }).click();
  await expect(to.getByTestId("planned")).toContainText("Planned: 1 Swiss rounds, top 4.");

  await to.goto(`/events/${eventId}/admin`);
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await expect(to.getByTestId("round-1").getByTestId("paired-preview").locator("li")).toHaveCount(4);
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");
  await reportAll(to, eventId, 1);
  await adminClick(to, eventId, "round-1", "Close round");
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Closed");
  await to.goto(`/events/${eventId}/standings`);
  const swiss = await to.getByTestId("team-name").locator("bdi").allInnerTexts();

  await adminClick(to, eventId, "start-cut", "Start top cut (top 4)");
  await expect(to.getByTestId("round-2").getByTestId("round-stage")).toHaveText("Top 4 — Semifinals");
  await to.getByTestId("round-2").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-2").getByTestId("round-status")).toHaveText("Published");
  const semis = await reportAll(to, eventId, 2);
  await adminClick(to, eventId, "round-2", "Close round");
  await expect(to.getByTestId("round-2").getByTestId("round-status")).toHaveText("Closed");
  to.once("dialog", (d) => void d.accept());
  await to.getByRole("button", { name: "Pair next bracket round" }).click();
  await expect(to.getByTestId("round-3").getByTestId("round-stage")).toHaveText("Final");
  await to.getByTestId("round-3").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-3").getByTestId("round-status")).toHaveText("Published");
  const [[champion, finalist]] = await reportAll(to, eventId, 3);
  await adminClick(to, eventId, "finish-event", "Finish event");
  await expect(to.getByTestId("event-finished")).toContainText(`Champion: ${champion}`);

  const bySwiss = (a: string, b: string) => swiss.indexOf(a) - swiss.indexOf(b);
  const semiLosers = semis.map(([, l]) => l).sort(bySwiss);
  const cutTeams = new Set(semis.flat());
  const expected = [champion, finalist, ...semiLosers, ...swiss.filter((t) => !cutTeams.has(t))];
  await to.goto(`/events/${eventId}/standings`);
  await expect(to.getByRole("heading", { name: "Final standings" })).toBeVisible();
  expect(await to.getByTestId("team-name").locator("bdi").allInnerTexts()).toEqual(expected);
  expect(await to.getByTestId("placing-stage").allInnerTexts()).toEqual(["Champion", "Finalist"]);
  expect((await to.getByTestId("place").allInnerTexts()).map((p) => p.split("\n")[0])).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);

  const [download] = await Promise.all([to.waitForEvent("download"), to.getByTestId("standings-csv").click()]);
  const csv = Papa.parse<Record<string, string>>(
    readFileSync((await download.path())!, "utf8")
      .replace(/^\uFEFF/, "")
      .trim(),
    {
      header: true,
    },
  );
  expect(csv.data.map((r) => [r.place, r.team])).toEqual(expected.map((t, i) => [String(i + 1), t]));

  await to.goto(`/events/${eventId}`);
  await expect(to.getByTestId("overview-champion")).toHaveText(`Champion: ${champion}`);
  for (const path of ["", "/admin", "/pairings", "/bracket", "/standings"]) {
    await to.goto(`/events/${eventId}${path}`);
    const text = await to.locator("main").innerText();
    expect(text, path).not.toContain("Running");
    expect(text, path).not.toContain("Round 3");
  }
  await to.setViewportSize(PHONE);
  await to.goto(`/events/${eventId}/standings`);
  await checkPhonePage(to, "finish-final-standings");
  await to.setViewportSize({ width: 1280, height: 900 });

  // Reopen, correct the final (override on the closed round), finish again: 1st and 2nd swap.
  await adminClick(to, eventId, "event-finished", "Reopen event");
  await expect(to.getByTestId("finish-event")).toBeVisible();
  await reportAll(to, eventId, 3, true);
  await adminClick(to, eventId, "finish-event", "Finish event");
  await expect(to.getByTestId("event-finished")).toContainText(`Champion: ${finalist}`);
  await to.goto(`/events/${eventId}/standings`);
  const after = await to.getByTestId("team-name").locator("bdi").allInnerTexts();
  expect(after.slice(0, 2)).toEqual([finalist, champion]);
  expect(after.slice(2)).toEqual(expected.slice(2));
});
