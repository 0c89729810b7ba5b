/**
 * Issue #6 part A, in Chromium with separate browser contexts (judge, organizer, and a duelist
 * of each team on a phone): both teams report their table and the result is final; conflicting
 * reports reach the judge queue; the judge's correction is final and appears in the audit log.
 */
import { test, expect, type Page } from "./test";
import { addJudge, checkPhonePage, createEvent, newSignedInPage, registerTeam, duelistPhone, PHONE } from "./helpers";

const TEAMS = [
  ["Red Dragons", "Ana Red", "Bo Red"],
  ["Blue Tides", "Cy Blue", "Di Blue"],
  ["Green Woods", "Ed Green", "Flo Green"],
  ["Gold Suns", "Gil Gold", "Hana Gold"],
] as const;

/** Fills and sends the self-report form: `winner` = the team name that won, `first` = the team that went first. */
async function sendReport(p: Page, winner: string, first: string) {
  const form = p.getByTestId("team-report-form");
  await form.getByRole("group", { name: "Result" }).getByLabel(`${winner} won`).check();
  await form.getByRole("group", { name: "Which team went first?" }).getByLabel(first, { exact: true }).check();
  await form.getByRole("button", { name: /Send report|Correct our report/ }).click();
}

test("both teams report → final; a disagreement reaches the judge queue; the judge's correction is audited", async ({ browser }) => {
  const to = await newSignedInPage(browser, "e2e-organizer");
  const eventId = await createEvent(to, `E2E Reporting ${Date.now()}`);
  await addJudge(to);

  const judge = await newSignedInPage(browser, "e2e-judge");
  const codes: string[] = [];
  for (const [name, a, b] of TEAMS) codes.push((await registerTeam(judge, eventId, { name, a, b })).A);

  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("pair-form").getByLabel("Seed (optional)").fill("reporting-e2e");
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");
  await to.getByTestId("round-1").getByRole("button", { name: "Start clock" }).click();
  await expect(to.getByTestId("round-1").getByTestId("clock-status")).toHaveText("Time remaining");

  // One duelist of each team, each on their own phone; group them by the table their page shows.
  const phones: { page: Page; table: string; team: string; teams: string[] }[] = [];
  for (const [i, code] of codes.entries()) {
    const p = await duelistPhone(browser, code, `e2e-rep-${Date.now()}-${i}`, eventId);
    const table = await p.getByTestId("self-table").innerText();
    const teams = (await p.locator("#my-table-h + p").innerText()).split(" vs ").map((s) => s.trim());
    phones.push({ page: p, table, team: TEAMS[i][0], teams });
  }
  const tables = [...new Set(phones.map((x) => x.table))].sort();
  expect(tables).toHaveLength(2);
  const [agree1, agree2] = phones.filter((x) => x.table === tables[0]);
  const [conf1, conf2] = phones.filter((x) => x.table === tables[1]);

  // Table A: both teams report the same result → final.
  const [t1, t2] = agree1.teams;
  await sendReport(agree1.page, t1, t2);
  await expect(agree1.page.getByTestId("team-report-form").getByRole("status")).toHaveText("Report sent. Waiting for the other team.");
  await checkPhonePage(agree1.page, "reporting-self-one-sided");
  await sendReport(agree2.page, t1, t2);
  await expect(agree2.page.getByTestId("self-final")).toHaveText(`Final result: ${t1} won`);
  // The other phone follows live (LiveRefresh): the final result appears without a reload.
  await expect(agree1.page.getByTestId("self-final")).toHaveText(`Final result: ${t1} won`);
  await expect(agree1.page.getByTestId("team-report-form")).toHaveCount(0);

  // Table B: the two teams disagree → the table is in the judge queue.
  const [u1, u2] = conf1.teams;
  await sendReport(conf1.page, u1, u1);
  await sendReport(conf2.page, u2, u1);
  await expect(conf2.page.getByTestId("team-report-form").getByRole("status")).toContainText("disagrees with the other team's report");
  await expect(conf1.page.getByTestId("self-conflict")).toBeVisible();

  const jp = judge;
  await jp.goto(`/events/${eventId}/outstanding`);
  const row = jp.getByTestId("outstanding-row");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("state")).toHaveText("Disagreement");
  await expect(jp.getByTestId("blockers")).toContainText("Closing is blocked by table");
  await jp.goto(`/events/${eventId}/queue`);
  const item = jp.getByTestId("queue-item");
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("queue-report")).toHaveCount(2);
  await expect(item.getByTestId("queue-report").filter({ hasText: `${conf1.team} (by` })).toContainText(`: ${u1} won`);
  await expect(item.getByTestId("queue-report").filter({ hasText: `${conf2.team} (by` })).toContainText(`: ${u2} won`);
  await item.getByLabel(`${u2} wins`).check();
  await item.getByRole("button", { name: "Save result" }).click();
  await expect(jp.getByTestId("queue-empty")).toBeVisible();
  await jp.goto(`/events/${eventId}/outstanding`);
  await expect(jp.getByTestId("blockers")).toHaveText("Nothing blocks closing this round.");
  // The duelists see the judge's decision.
  await expect(conf1.page.getByTestId("self-final")).toHaveText(`Final result: ${u2} won`);

  // The organizer's audit log shows the judge's correction: who, action, before → after.
  await to.goto(`/events/${eventId}/audit?entity=Match`);
  const first = to.getByTestId("audit-row").first();
  await expect(first.getByTestId("audit-action-label")).toHaveAttribute("data-action", "result.report");
  await expect(first.getByTestId("audit-who")).toHaveText("E2E Judge (@e2e-judge)");
  await expect(first.getByTestId("audit-action-label")).toHaveText("Result entered by a judge");
  await expect(first.getByTestId("audit-changes")).toContainText("Winner (slot)");
  await expect(first.getByTestId("audit-changes")).toContainText("Outcome");
  expect(await to.getByTestId("audit-action-label").evaluateAll((els) => els.map((e) => e.getAttribute("data-action")))).toEqual([
    "result.report",
    "result.team_report",
    "result.team_report",
    "result.team_final",
    "result.team_report",
  ]);
  await to.setViewportSize(PHONE);
  await checkPhonePage(to, "reporting-audit");
});
