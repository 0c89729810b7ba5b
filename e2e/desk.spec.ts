/**
 * Issue #13 items 8–11 in Chromium, one UDE 2v2 event (best of three, 8,000 team LP): the pairing
 * warning before round 1 (missing decklists, with a link to them), the penalty form with nothing
 * pre-selected (search by table, the default penalty filled in), the UDE wizard without a phase
 * and with the tie-break game's own LP, the quick form's 2–1 shown on the pairings, and an audit
 * page with no raw codes or templates. Phone screenshots at 390×844 (test-results/screenshots).
 */
import { test, expect, type Page } from "./test";
import { PHONE, checkPhonePage, createEvent, newSignedInPage, registerTeam } from "./helpers";

test.describe.configure({ mode: "serial" });

let to: Page,
  eventId = "";
const TEAMS = [
  { name: "Blue Eyes", a: "Ana Souza", b: "Bruno Lima" },
  { name: "Dark Magicians", a: "Carla Rossi", b: "Davide Bianchi" },
  { name: "Red Dragons", a: "Elena Costa", b: "Fabio Santos" },
  { name: "Toon World", a: "Giulia Ferri", b: "Henrique Alves" },
];

test.beforeAll(async ({ browser }) => {
  to = await newSignedInPage(browser, "e2e-organizer");
  eventId = await createEvent(to, "Desk UDE night", "UDE_2V2");
  for (const t of TEAMS) await registerTeam(to, eventId, t);
});

test("pairing round 1 warns about missing decklists and links to them, and still pairs", async () => {
  await to.goto(`/events/${eventId}/admin`);
  const warn = to.getByTestId("pairing-readiness");
  await expect(warn.getByTestId("pairing-readiness-summary")).toHaveText("8 missing decklists");
  await to.setViewportSize(PHONE);
  await checkPhonePage(to, "desk-pairing-warning");
  await warn.getByRole("link", { name: "See the missing decklists" }).click();
  await expect(to.getByTestId("deck-filter")).toContainText("missing decklist");
  await expect(to.getByTestId("deck-overview-row")).toHaveCount(4);
  await to.setViewportSize({ width: 1280, height: 900 });
  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("pair-form").getByLabel("Seed (optional)").fill("desk-r1");
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Paired (not public)");
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");
});

test("the penalty form has nothing pre-selected; a table number finds the duelists, the infraction fills its default penalty", async () => {
  await to.setViewportSize(PHONE);
  await to.goto(`/events/${eventId}/penalties`);
  const form = to.getByTestId("penalty-form");
  await expect(form.locator('input[name="duelistId"]')).toHaveValue("");
  await expect(form.getByTestId("penalty-kind")).toHaveValue("");
  await expect(form.getByTestId("infraction-select")).toHaveValue("");
  const find = form.locator("#pen-find");
  await find.fill("2");
  const options = form.getByTestId("duelist-option");
  await expect(options.first()).toContainText("Table 2");
  expect(await options.count()).toBeGreaterThanOrEqual(4); // both teams of table 2 (and team #2)
  await find.fill("giulia");
  await expect(options).toHaveCount(1);
  await options.first().click();
  await expect(form.getByTestId("picked-duelist")).toContainText("Giulia Ferri");
  await form.getByTestId("infraction-select").selectOption({ label: "Procedural Error – Major" });
  await expect(form.getByTestId("penalty-kind")).toHaveValue("GAME_LOSS");
  await expect(form.getByTestId("default-penalty")).toContainText("Game loss");
  await checkPhonePage(to, "desk-penalty-form");
  await form.getByTestId("infraction-select").selectOption({ label: "Procedural Error – Minor" });
  await expect(form.getByTestId("penalty-kind")).toHaveValue("WARNING");
  await form.getByRole("button", { name: "Record penalty" }).click();
  await expect(to.getByTestId("penalty-row").first()).toContainText("Procedural Error – Minor");
  await expect(form.locator('input[name="duelistId"]')).toHaveValue("");
});

test("UDE's wizard asks no phase, and the tie-break game starts from 8000 LP, not the previous game's", async () => {
  await to.goto(`/events/${eventId}/rounds/1`);
  await to.getByTestId("match-row").first().getByTestId("open-eomp").click();
  const start = to.getByTestId("eomp-start");
  await expect(start.getByTestId("eomp-no-phase")).toBeVisible();
  await expect(start.getByLabel("Phase")).toHaveCount(0);
  await start.getByTestId("eomp-games").getByRole("spinbutton").first().fill("1");
  await start.getByRole("radio").nth(3).check(); // the second team went first
  await start.getByLabel("Turn").fill("5");
  await start.getByRole("spinbutton").nth(4).fill("3000");
  await start.getByRole("spinbutton").nth(5).fill("5000");
  await checkPhonePage(to, "desk-ude-wizard-start");
  await start.getByRole("button", { name: "Start the procedure" }).click();
  for (let i = 0; i < 4; i++) {
    const before = await to.getByTestId("eomp-instruction").innerText();
    await to.getByTestId("step-turn").click();
    await expect(to.getByTestId("eomp-instruction")).not.toHaveText(before);
  }
  await expect(to.getByTestId("eomp-lp-next")).toHaveText("The new duel starts at 8000 LP per team.");
  await expect(to.getByTestId("eomp-lp")).toHaveCount(0);
  await checkPhonePage(to, "desk-ude-wizard-tiebreak");
  await to.getByTestId("step-first-1").click();
  await expect(to.getByTestId("eomp-lp")).toContainText("8000");
});

test("the UDE quick form records 2–1 and the pairings show it", async () => {
  await to.goto(`/events/${eventId}/rounds/1`);
  const row = to.getByTestId("match-row").nth(1);
  const teams = await row.getByTestId("match-teams").innerText();
  const winner = teams.split(" vs ")[0];
  await row.getByLabel(`${winner} wins`).check();
  await row.getByLabel("2–1").check();
  await row.getByRole("button", { name: "Save result" }).click();
  await expect(row.getByTestId("match-result")).toHaveText(`${winner} won 2–1`);
  await to.goto(`/events/${eventId}/pairings`);
  await expect(to.getByText(`${winner} won 2–1`)).toBeVisible();
});

test("the audit page shows translated reasons and steps, never raw codes or message templates", async () => {
  await to.goto(`/events/${eventId}/audit`);
  const text = (await to.getByTestId("audit-row").allInnerTexts()).join("\n");
  expect(text).toContain("End-of-match step");
  expect(text).not.toMatch(/\{[a-z]+, select|\b[A-Z]{2,}_[A-Z_]+\b|\b(eomp|round|penalty)\.[a-z_]+\b/);
  await checkPhonePage(to, "desk-audit");
});
