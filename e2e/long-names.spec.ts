/**
 * Long and right-to-left names on a phone (390 × 844), in Chromium:
 * - an 80-character team name and a 60-character duelist name without spaces (the longest the
 *   forms accept for a team; a long duelist name) never make a page wider than the phone — every page
 *   that shows names passes checkPhonePage (no horizontal scroll + axe): pairings (public and
 *   signed in), standings, teams, round results, the duelist's report page, the end-of-match
 *   wizard, judge queue, outstanding board, penalties, clock, decklists overview; the "Double
 *   loss" option and the LP fields stay on screen.
 * - an Arabic (RTL) team name inside a sentence is isolated in a <bdi> ("فريق الصقر: 16000 LP").
 * - the best-of-one Tag Duel wizard has no between-games / games-won / Side Deck controls, and
 *   offers no Battle Phase on turns 1–3 (RULES §1.5).
 * - one "Bye" label on the public bye card; the judge queue's result options are large tap
 *   targets; a judge opening the audit log is told it is the organizer's (the public gets a 404).
 */
import { test, expect, type Browser, type Page } from "./test";
import { addJudge, checkPhonePage, createEvent, newSignedInPage, PASSWORD, registerTeam, fillPenalty } from "./helpers";

const PHONE = { width: 390, height: 844 };
const LONG_TEAM = "W".repeat(80); // 80 chars (the most a team name may have), no space
const LONG_DUELIST = "Supercalifragilisticexpialidocious".padEnd(60, "x"); // 60 chars, no space
const RTL_TEAM = "فريق الصقر";
const TEAMS = [
  { name: LONG_TEAM, a: LONG_DUELIST, b: "Bo Long" },
  { name: RTL_TEAM, a: "محمد علي", b: "سارة أحمد" },
  { name: "Kaiba Corp", a: "Seto K", b: "Mokuba K" },
];

async function phone(browser: Browser): Promise<Page> {
  return (await browser.newContext({ viewport: PHONE })).newPage();
}

/** A duelist signs up with a claim code on a phone and lands on their event. */
async function claim(browser: Browser, code: string, username: string): Promise<Page> {
  const p = await phone(browser);
  await p.goto(`/claim?code=${code}`);
  await p.getByLabel("Username").fill(username);
  await p.getByLabel("New password").fill(PASSWORD);
  await p.getByRole("button", { name: "Create account" }).click();
  await p.waitForURL(/\/decklists$/);
  return p;
}

/** The right edge of `locator` is inside the 390 px viewport. */
async function onScreen(page: Page, testName: string, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  expect(box, `${testName}: visible`).not.toBeNull();
  expect(box!.x + box!.width, `${testName}: right edge`).toBeLessThanOrEqual(PHONE.width);
}

test("long and RTL names fit a phone on every page that shows names", async ({ browser }) => {
  expect(LONG_TEAM).toHaveLength(80);
  expect(LONG_DUELIST).toHaveLength(60);
  const to = await newSignedInPage(browser, "e2e-organizer");
  const eventId = await createEvent(to, `E2E Long names ${Date.now()}`);
  await addJudge(to);
  const judge = await newSignedInPage(browser, "e2e-judge", undefined, PHONE);
  const codes: Record<string, { A: string; B: string }> = {};
  for (const t of TEAMS) codes[t.name] = await registerTeam(judge, eventId, t);
  await judge.goto(`/events/${eventId}/teams`);
  await checkPhonePage(judge, "long-names-teams");

  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("pair-form").getByLabel("Seed (optional)").fill("long-names");
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Paired (not public)"); // the pairing has landed
  // Kaiba Corp takes the bye (a manual bye when the seed gave it to another team), so the long and
  // the Arabic team meet at table 1.
  await to.goto(`/events/${eventId}/rounds/1`);
  const byeRow = to.getByTestId("match-row").filter({ hasText: "Bye" });
  if (!(await byeRow.getByTestId("match-teams").innerText()).includes("Kaiba Corp")) {
    const bf = to.getByTestId("bye-form");
    const kaiba = await bf.locator("select[name=teamId] option", { hasText: "Kaiba Corp" }).getAttribute("value");
    await bf.locator("select[name=teamId]").selectOption(kaiba!);
    await bf.locator('input[name="reason"]').fill("e2e: long names meet");
    await bf.getByRole("button", { name: "Give bye" }).click();
    await expect(byeRow.getByTestId("match-teams")).toHaveText("Kaiba Corp");
  }
  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");
  await to.getByTestId("round-1").getByRole("button", { name: "Start clock" }).click();
  await expect(to.getByTestId("round-1").getByTestId("clock-status")).toHaveText("Time remaining");

  // Public pairings (anonymous phone): fits; the bye card says "Bye (a win)" once, no second "Bye" badge.
  const anon = await phone(browser);
  await anon.goto(`/events/${eventId}/pairings`);
  await expect(anon.getByTestId("pairing-row")).toHaveCount(2);
  await checkPhonePage(anon, "long-names-pairings-public");
  const bye = anon.getByTestId("pairing-row").filter({ hasText: "Bye (a win)" });
  await expect(bye).toHaveCount(1);
  await expect(bye.getByTestId("result")).toHaveCount(0);
  await expect(bye.getByText(/^Bye/)).toHaveCount(1);
  const match = anon.getByTestId("pairing-row").filter({ hasNotText: "Bye (a win)" });
  const matchTeams = [await match.getByTestId("slot-1").innerText(), await match.getByTestId("slot-2").innerText()];
  expect(matchTeams.sort(), "seed long-names pairs the long and the Arabic team").toEqual([LONG_TEAM, RTL_TEAM].sort());
  // A judge is told the audit log is the organizer's; the public gets a 404.
  const audit = await anon.goto(`/events/${eventId}/audit`);
  expect(audit?.status()).toBe(404);
  await judge.goto(`/events/${eventId}/audit`);
  await expect(judge.getByTestId("audit-organizer-only")).toHaveText("Only the event's organizer can see the audit log.");

  // Round results (judge phone): fits; "Double loss" and the LP fields are on screen.
  await judge.goto(`/events/${eventId}/rounds/1`);
  const row = judge.getByTestId("match-row").filter({ has: judge.getByTestId("open-eomp") });
  await row.getByLabel("Time called: compare team LP").check();
  await checkPhonePage(judge, "long-names-round");
  await onScreen(judge, "Double loss", row.getByText("Double loss"));
  for (const lp of await row.getByRole("spinbutton").all()) await onScreen(judge, "LP field", lp);
  await expect(row.getByTestId("match-teams").locator("bdi")).toHaveText([matchTeams[0], matchTeams[1]]);

  // End-of-match wizard: best of one → no between-games / games-won / Side Deck controls; no
  // Battle Phase offered on turns 1–3; after the start, each team's LP line isolates its name.
  await row.getByTestId("open-eomp").click();
  await judge.waitForURL(/\/eomp$/);
  const start = judge.getByTestId("eomp-start");
  await expect(start).toBeVisible();
  await expect(start.getByText("Between games")).toHaveCount(0);
  await expect(start.getByTestId("eomp-games")).toHaveCount(0);
  await expect(start.getByText("A Side Deck was already used in this match")).toHaveCount(0);
  const phase = start.getByRole("combobox", { name: "Phase" });
  const turn = start.getByRole("spinbutton", { name: "Turn number" });
  for (const n of ["1", "2", "3"]) {
    await turn.fill(n);
    // No Battle Phase, so no Main Phase 2
    await expect(phase.locator("option")).toHaveText(["Draw Phase", "Standby Phase", "Main Phase 1", "End Phase"]);
  }
  await turn.fill("4");
  await expect(phase.locator("option", { hasText: "Battle Phase" })).toHaveCount(1);
  await phase.selectOption({ label: "Battle Phase" });
  await turn.fill("2"); // back to a turn without a Battle Phase: the choice falls back to Main Phase 1
  await expect(phase).toHaveValue("MAIN1");
  await turn.fill("7");
  await phase.selectOption({ label: "Battle Phase" });
  await checkPhonePage(judge, "long-names-eomp-start");
  await start.getByRole("radio", { name: `${RTL_TEAM} went first` }).check();
  // An LP above the preset's bound (10 × 16,000) is refused by the server naming the field by
  // its visible label (the browser's own max check is taken away to reach the server).
  const rtlLp = start.getByLabel(`${RTL_TEAM} LP`);
  await expect(rtlLp).toHaveAttribute("max", "160000");
  await rtlLp.evaluate((el) => el.removeAttribute("max"));
  await rtlLp.fill("999999");
  await start.getByRole("button", { name: "Start the procedure" }).click();
  await expect(start.getByRole("alert")).toContainText("LP: must be at most 160000.");
  await expect(start.getByRole("alert")).toContainText(RTL_TEAM);
  await rtlLp.fill("16000");
  await start.getByRole("button", { name: "Start the procedure" }).click();
  const lpLines = judge.getByTestId("eomp-lp").locator("li");
  await expect(lpLines).toHaveCount(2);
  const rtlLine = lpLines.filter({ hasText: RTL_TEAM });
  await expect(rtlLine.locator("bdi")).toHaveText(RTL_TEAM);
  await expect(rtlLine).toHaveText(`${RTL_TEAM}: 16000 LP`);
  await expect(judge.getByText(/^Games \d/)).toHaveCount(0);
  await checkPhonePage(judge, "long-names-eomp-steps");

  // Duelists: the long-named duelist's report page and signed-in pairings; the two teams disagree.
  const longA = await claim(browser, codes[LONG_TEAM].A, `e2e-long-${Date.now()}`);
  await longA.goto(`/events/${eventId}/report`);
  await expect(longA.getByTestId("self-table")).toBeVisible();
  await checkPhonePage(longA, "long-names-report");
  const form = longA.getByTestId("team-report-form");
  await form.getByRole("group", { name: "Result" }).getByLabel(`${LONG_TEAM} won`).check();
  await form.getByRole("group", { name: "Which team went first?" }).getByLabel(RTL_TEAM, { exact: true }).check();
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(form.getByRole("status")).toHaveText("Report sent. Waiting for the other team.");
  await checkPhonePage(longA, "long-names-report-sent");
  await longA.goto(`/events/${eventId}/pairings`);
  await expect(longA.getByTestId("my-table")).toBeVisible();
  await checkPhonePage(longA, "long-names-pairings-signed-in");

  const rtlA = await claim(browser, codes[RTL_TEAM].A, `e2e-rtl-${Date.now()}`);
  await rtlA.goto(`/events/${eventId}/report`);
  const form2 = rtlA.getByTestId("team-report-form");
  await form2.getByRole("group", { name: "Result" }).getByLabel(`${RTL_TEAM} won`).check();
  await form2.getByRole("group", { name: "Which team went first?" }).getByLabel(RTL_TEAM, { exact: true }).check();
  await form2.getByRole("button", { name: "Send report" }).click();
  await expect(rtlA.getByTestId("self-conflict")).toBeVisible();

  // Judge queue: fits; the result options are the large tap targets of the duelist form.
  await judge.goto(`/events/${eventId}/queue`);
  const item = judge.getByTestId("queue-item");
  await expect(item).toHaveCount(1);
  await checkPhonePage(judge, "long-names-queue");
  for (const option of await item.getByRole("group", { name: "Result" }).locator("label").all()) {
    const box = (await option.boundingBox())!;
    expect(box.height, "queue option height").toBeGreaterThanOrEqual(44);
    expect(box.x + box.width, "queue option right edge").toBeLessThanOrEqual(PHONE.width);
  }
  await expect(item.getByTestId("queue-report").first().locator("bdi").first()).toBeVisible();

  await judge.goto(`/events/${eventId}/outstanding`);
  await expect(judge.getByTestId("outstanding-row")).toHaveCount(1);
  await checkPhonePage(judge, "long-names-outstanding");

  // Penalties: a warning for the long-named duelist appears in the log and the counts.
  await judge.goto(`/events/${eventId}/penalties`);
  const pf = judge.getByTestId("penalty-form");
  await fillPenalty(pf, { find: LONG_DUELIST.slice(0, 20), text: "Slow play", penalty: "WARNING" });
  await pf.getByRole("button", { name: "Record penalty" }).click();
  await expect(judge.getByTestId("penalty-row")).toHaveCount(1);
  await expect(judge.getByTestId("penalty-row").locator("bdi").first()).toHaveText(LONG_DUELIST);
  await checkPhonePage(judge, "long-names-penalties");

  for (const [path, name] of [
    ["clock", "clock"],
    ["decklists", "decklists"],
    ["standings", "standings"],
  ] as const) {
    await judge.goto(`/events/${eventId}/${path}`);
    await checkPhonePage(judge, `long-names-${name}`);
  }
  await anon.goto(`/events/${eventId}/standings`);
  await checkPhonePage(anon, "long-names-standings-public");
});
