/**
 * Self-reporting on a Tag Duel event, in Chromium (phones 390×844):
 * the self-report's "time was called" fields ask for the judge's value (LP after the current
 * duelist finished the phase); LP 999999 is refused naming the field, input max = 160000;
 * two teammates report different results: the later one is told it replaced the partner's
 * report and the partner's page follows the team's current report; a game loss after the
 * match is final is pending for the next match (penalty log), the help box tells the DQ truth;
 * the admin offers Resume (not Pause) while the clock is paused.
 */
import { test, expect } from "./test";
import { addJudge, checkPhonePage, createEvent, newSignedInPage, registerTeam, duelistPhone, PHONE, fillPenalty } from "./helpers";

test("Tag Duel self-report: teammates' reports, LP prompt and bound, pending penalty (typed before load), clock buttons", async ({
  browser,
}) => {
  const to = await newSignedInPage(browser, "e2e-organizer");
  const eventId = await createEvent(to, `E2E Self-report ${Date.now()}`);
  await addJudge(to);
  const judge = await newSignedInPage(browser, "e2e-judge");
  const red = await registerTeam(judge, eventId, { name: "Red Dragons", a: "Ana Red", b: "Bo Red" });
  await registerTeam(judge, eventId, { name: "Blue Tides", a: "Cy Blue", b: "Di Blue" });

  await to.goto(`/events/${eventId}/admin`);
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await to.getByTestId("round-1").getByRole("button", { name: "Start clock" }).click();
  // While running only Pause; once paused only Resume.
  await expect(to.getByTestId("round-1").getByRole("button", { name: "Resume clock" })).toHaveCount(0);
  await to.getByTestId("round-1").getByRole("button", { name: "Pause clock" }).click();
  await expect(to.getByTestId("round-1").getByRole("button", { name: "Resume clock" })).toBeVisible();
  await expect(to.getByTestId("round-1").getByRole("button", { name: "Pause clock" })).toHaveCount(0);

  const ana = await duelistPhone(browser, red.A, `e2e-f-ana-${Date.now()}`, eventId);
  const bo = await duelistPhone(browser, red.B, `e2e-f-bo-${Date.now()}`, eventId);

  // On Bo's phone: the time fields ask for LP after the phase; 999999 is refused naming the field.
  const form = bo.getByTestId("team-report-form");
  await form.getByRole("group", { name: "Result" }).getByLabel("Time was called (compare team LP)").check();
  await expect(form.getByTestId("lp-hint")).toHaveText(
    "Enter each team's LP after the duelist whose turn it was finished the current phase (end-of-match procedure).",
  );
  await expect(form.getByLabel("Red Dragons LP")).toHaveAttribute("max", "160000");
  await form.getByLabel("Red Dragons LP").fill("999999");
  await form.getByLabel("Blue Tides LP").fill("3000");
  await form.getByRole("group", { name: "Which team went first?" }).getByLabel("Red Dragons", { exact: true }).check();
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(form.getByRole("alert")).toHaveText("Red Dragons LP: must be at most 160000.");
  await checkPhonePage(bo, "self-report-lp-refused");

  // Ana reports "Red won", then Bo reports "Blue won": Bo is told his report replaced Ana's.
  const af = ana.getByTestId("team-report-form");
  await af.getByRole("group", { name: "Result" }).getByLabel("Red Dragons won").check();
  await af.getByRole("group", { name: "Which team went first?" }).getByLabel("Red Dragons", { exact: true }).check();
  await af.getByRole("button", { name: "Send report" }).click();
  await expect(af.getByRole("status")).toHaveText("Report sent. Waiting for the other team.");
  await bo.reload();
  await form.getByRole("group", { name: "Result" }).getByLabel("Blue Tides won").check();
  await form.getByRole("group", { name: "Which team went first?" }).getByLabel("Blue Tides", { exact: true }).check();
  await form.getByRole("button", { name: "Correct our report" }).click();
  await expect(form.getByRole("status")).toHaveText(
    "Report sent. Waiting for the other team. Your report replaced Ana Red's report (Red Dragons won · Red Dragons went first).",
  );
  await expect(bo.getByTestId("self-replaced")).toHaveText(
    "Your report replaced Ana Red's report (Red Dragons won · Red Dragons went first).",
  );
  await checkPhonePage(bo, "self-report-replaced");
  // Ana's phone follows live: the team's current report, not her stale selection.
  await expect(ana.getByTestId("self-replaced")).toHaveText(
    "Bo Red replaced your report (Red Dragons won · Red Dragons went first) with the one above.",
  );
  await expect(ana.getByTestId("self-mine")).toContainText("Blue Tides won · Blue Tides went first");
  await expect(af.getByRole("group", { name: "Result" }).getByLabel("Blue Tides won")).toBeChecked();
  await expect(af.getByRole("status")).toHaveCount(0); // her earlier "sent" message no longer describes the team's report
  await checkPhonePage(ana, "self-report-replaced-by-teammate");

  // The judge makes the match final, then gives Ana a game loss → pending for the next match.
  await judge.goto(`/events/${eventId}/rounds/1`);
  await judge.getByLabel("Blue Tides wins").check();
  await judge.getByRole("button", { name: "Save result" }).click();
  // The result must be stored before leaving the page: navigating while the save is still in
  // flight can cancel it, and the game loss would then apply to this (unfinished) match.
  await expect(judge.getByText("Every match has a result.")).toBeVisible();
  // A slow phone: the judge types and chooses before the page's scripts have loaded (each script
  // held back 2 s); the search still finds Ana Red and the chosen penalty stays chosen.
  await judge.route(/\/_next\/static\/chunks\//, async (r) => {
    await new Promise((res) => setTimeout(res, 2000));
    await r.continue();
  });
  await judge.goto(`/events/${eventId}/penalties`, { waitUntil: "commit" });
  const pf = judge.getByTestId("penalty-form");
  await pf.locator('select[name="penalty"]').selectOption("GAME_LOSS");
  await fillPenalty(pf, { find: "Ana Red", text: "Drawing extra cards" });
  await expect(pf.locator('select[name="penalty"]')).toHaveValue("GAME_LOSS");
  await judge.unroute(/\/_next\/static\/chunks\//);
  await expect(
    judge.getByText(
      "Disqualification: The team loses its current match if it has no final result yet (a final result stands). The whole team " +
        "is dropped.",
    ),
  ).toBeVisible();
  await pf.getByRole("button", { name: "Record penalty" }).click();
  // One sentence, no "Match: pending:"
  await expect(pf.getByRole("status")).toHaveText("Penalty recorded. It will apply to the team's next match, when that round is paired.");
  await expect(judge.getByTestId("penalty-row").first().getByTestId("penalty-pending")).toHaveText(
    "pending: applies to the team's next match (round 2)",
  );
  await judge.setViewportSize(PHONE);
  await checkPhonePage(judge, "pending-penalty");
});
