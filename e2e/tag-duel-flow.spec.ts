/**
 * Issue #2 acceptance, in Chromium: a TO creates a Tag Duel event and imports the 2026.05 TCG
 * F&L list; a judge registers 8 teams; duelists claim their registration and upload real .ydk
 * decks (a judge uploads for some); the TO pairs three rounds with a fixed seed, publishes and
 * starts the clock; the judge reports every match (wins, and time called with team LP —
 * C35/C36); the final standings (ranks, points) are asserted as constants, for two seeds.
 * Then the pairings, standings and decklist pages are checked at 390×844.
 */
import path from "node:path";
import { test, expect, type Page, type Browser } from "./test";
import { DATA, SHOTS, addJudge, checkPhonePage, createEvent, newSignedInPage, PASSWORD, registerTeam } from "./helpers";

const TEAMS = [
  ["Blue-Eyes Brigade", "Ana Souza", "Bruno Lima"],
  ["Dark Magicians", "Carla Rossi", "Davide Bianchi"],
  ["Link Strikers", "Elena Costa", "Fabio Santos"],
  ["Spell Counters", "Giulia Ferri", "Henrique Alves"],
  ["Trap Masters", "Isabel Rocha", "João Pereira"],
  ["Chain Builders", "Kenji Sato", "Laura Conti"],
  ["Field Spellers", "Marco Greco", "Nadia Oliveira"],
  ["Graveyard Shift", "Otávio Ramos", "Paola Marino"],
] as const;

const YDK = (f: string) => path.join(DATA, "decks/ydk", f);

/**
 * Expected final standings (rank, team, points) after three rounds with the results rule below.
 * Frozen from a run (the same seed always gives the same pairings — PS04; re-frozen for the pairing
 * objective of DESIGN.md and the KTS tiebreakers of RULES §6.1); the test also checks
 * the total: 8 teams × 3 rounds, 4 matches a round of which one is a draw → 3 × (3 × 3 + 2) = 33.
 */
const EXPECTED: Record<string, [number, string, number][]> = {
  "tandem-e2e-1": [
    [1, "Blue-Eyes Brigade", 9],
    [2, "Dark Magicians", 6],
    [3, "Trap Masters", 5],
    [3, "Graveyard Shift", 5],
    [5, "Link Strikers", 3],
    [5, "Field Spellers", 3],
    [7, "Spell Counters", 2],
    [8, "Chain Builders", 0],
  ],
  "tandem-e2e-2": [
    [1, "Blue-Eyes Brigade", 9],
    [2, "Spell Counters", 6],
    [3, "Chain Builders", 5],
    [4, "Field Spellers", 5],
    [5, "Graveyard Shift", 3],
    [6, "Trap Masters", 3],
    [7, "Link Strikers", 2],
    [8, "Dark Magicians", 0],
  ],
};

/**
 * Results rule: table 1 → time called, LP 6300 vs 5100 (C35: slot 1 wins); table 2 → time called, 4000 each (C36: draw); other tables →
 * the first listed team wins on odd tables, the second on even ones.
 */
async function reportRound(page: Page, eventId: string, round: number) {
  await page.goto(`/events/${eventId}/rounds/${round}`);
  const rows = page.getByTestId("match-row");
  const n = await rows.count();
  for (let i = 0; i < n; i++) {
    const row = rows.nth(i);
    const head = (await row.locator("span.font-bold").first().innerText()).trim();
    const table = Number(head.replace(/\D/g, ""));
    if (!table) continue; // bye
    const teams = (await row.getByTestId("match-teams").innerText()).split(" vs ");
    if (table === 1 || table === 2) {
      await row.getByLabel("Time called: compare team LP").check();
      await row.getByLabel(`${teams[0]} LP`).fill(table === 1 ? "6300" : "4000");
      await row.getByLabel(`${teams[1]} LP`).fill(table === 1 ? "5100" : "4000");
    } else {
      await row.getByLabel(`${teams[table % 2 === 1 ? 0 : 1]} wins`).check();
    }
    await row.getByRole("button", { name: "Save result" }).click();
    await expect(row.getByTestId("match-result")).toBeVisible();
  }
  await expect(page.getByTestId("open-count")).toHaveText("Every match has a result.");
}

async function runEvent(browser: Browser, seed: string) {
  const to = await newSignedInPage(browser, "e2e-organizer");
  // The TO creates the event and imports the F&L list.
  const eventId = await createEvent(to, `E2E Tag ${seed}`);
  await to
    .getByTestId("banlist-form")
    .locator("input[type=file]")
    .setInputFiles(path.join(DATA, "banlists/ygo_edopro_TCG_2026.05.lflist.conf"));
  await to.getByRole("button", { name: "Import list" }).click();
  await expect(to.getByTestId("banlist-form").getByRole("status")).toContainText("Imported 2026.05 TCG");
  await addJudge(to);

  // The judge registers 8 teams; the receipt shows each duelist's claim code.
  const judge = await newSignedInPage(browser, "e2e-judge");
  const codes: Record<string, { A: string; B: string }> = {};
  for (const [name, a, b] of TEAMS) {
    const { A, B } = await registerTeam(judge, eventId, { name, a, b });
    codes[name] = { A, B };
  }

  // Two duelists claim their registration and upload their own .ydk.
  for (const [designation, file, legal] of [
    ["A", "ignis_distribution_starter_link_strike.ydk", true],
    ["B", "ignis_distribution_trickstars.ydk", false],
  ] as const) {
    const ctx = await browser.newContext();
    const d = await ctx.newPage();
    await d.goto(`/claim?code=${codes["Blue-Eyes Brigade"][designation]}`);
    await d.getByLabel("Username").fill(`e2e-${seed}-${designation}`.toLowerCase());
    await d.getByLabel("New password").fill(PASSWORD);
    await d.getByRole("button", { name: "Create account" }).click();
    await d.waitForURL(/\/decklists$/);
    await d.getByLabel("Decklist file (.ydk, .txt)").setInputFiles(YDK(file));
    await d.getByRole("button", { name: "Submit decklist" }).click();
    const mine = d.getByTestId(`decklist-${designation}`);
    await expect(mine.getByTestId("deck-status")).toHaveText(legal ? "Legal" : "Illegal");
    if (!legal) {
      await expect(mine.getByTestId("violations")).toContainText("Linkuriboh");
      await expect(mine.getByTestId("violations")).toContainText("Droll & Lock Bird");
    }
    await expect(mine.getByTestId("section-main")).toHaveText("Main Deck (40)");
    await ctx.close();
  }

  // A judge uploads for a duelist of another team (a real 2016 championship list).
  await judge.goto(`/events/${eventId}/decklists`);
  await judge.getByRole("link", { name: "Dark Magicians" }).click();
  await judge.getByText("Submit a list for Carla Rossi").click();
  await judge.locator("details[open] input[type=file]").setInputFiles(YDK("windbot_AI_Kashtira.ydk"));
  await judge.locator("details[open]").getByRole("button", { name: "Submit decklist" }).click();
  await expect(judge.getByTestId("decklist-A").getByTestId("deck-status")).not.toHaveText("Missing");

  // Three rounds: pair (fixed seed), publish, start the clock, report, close.
  for (let r = 1; r <= 3; r++) {
    await to.goto(`/events/${eventId}/admin`);
    await to.getByTestId("pair-form").getByLabel("Seed (optional)").fill(`${seed}-r${r}`);
    await to.getByRole("button", { name: `Pair round ${r}` }).click();
    await expect(to.getByTestId(`round-${r}`).getByTestId("round-status")).toHaveText("Paired (not public)");
    await to.getByTestId(`round-${r}`).getByRole("button", { name: "Publish pairings" }).click();
    await expect(to.getByTestId(`round-${r}`).getByTestId("round-status")).toHaveText("Published");
    await to.getByTestId(`round-${r}`).getByRole("button", { name: "Start clock" }).click();
    await expect(to.getByTestId(`round-${r}`).getByTestId("clock-status")).toHaveText("Time remaining");
    // Everyone sees the clock counting down on the public pairings page.
    const pub = await browser.newPage();
    await pub.goto(`/events/${eventId}/pairings`);
    await expect(pub.getByRole("heading", { name: `Round ${r}` })).toBeVisible();
    await expect(pub.getByTestId("pairing-row")).toHaveCount(4);
    const v1 = await pub.getByTestId("clock-value").innerText();
    await pub.waitForTimeout(1300);
    expect(await pub.getByTestId("clock-value").innerText()).not.toBe(v1);
    expect(v1 <= "30:00" && v1 >= "28:00").toBe(true);
    await pub.close();
    await reportRound(judge, eventId, r);
    await to.goto(`/events/${eventId}/admin`);
    to.once("dialog", (d) => void d.accept()); // Run event asks before closing / starting the cut (issue #14)
    await to.getByTestId(`round-${r}`).getByRole("button", { name: "Close round" }).click();
    await expect(to.getByTestId(`round-${r}`).getByTestId("round-status")).toHaveText("Closed");
  }

  // Final standings.
  const pub = await browser.newPage();
  await pub.goto(`/events/${eventId}/standings`);
  await expect(pub.getByRole("heading", { name: "Standings after round 3" })).toBeVisible();
  const rows = pub.getByTestId("standing-row");
  const got: [number, string, number][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    got.push([
      Number(await row.getByTestId("rank").innerText()),
      await row.getByTestId("team-name").innerText(),
      Number(await row.getByTestId("points").innerText()),
    ]);
  }
  console.log(`standings for ${seed}: ${JSON.stringify(got)}`);
  expect(got.reduce((s, [, , p]) => s + p, 0)).toBe(33);
  expect(got).toEqual(EXPECTED[seed]);
  await pub.close();
  return { eventId, to, judge };
}

test.describe.serial("Tag Duel event end to end (issue #2)", () => {
  test("the organizer imports the card database from the .cdb", async ({ browser }) => {
    const to = await newSignedInPage(browser, "e2e-organizer");
    await to.goto("/cards");
    await to.getByLabel("EDOPro/YGOPro card database (.cdb)").setInputFiles(path.join(DATA, "cards/edopro_cards_merged_2026-08-22.cdb"));
    await to.getByRole("button", { name: "Import card database" }).click();
    await expect(to.getByRole("status")).toContainText("14893 cards in all", { timeout: 60_000 });
    await to.reload();
    await expect(to.getByTestId("card-count")).toContainText("14893 cards");
  });

  let eventId = "";
  test("seed tandem-e2e-1: 8 teams, 3 rounds, final standings", async ({ browser }) => {
    eventId = (await runEvent(browser, "tandem-e2e-1")).eventId;
  });

  test("seed tandem-e2e-2: 8 teams, 3 rounds, final standings", async ({ browser }) => {
    await runEvent(browser, "tandem-e2e-2");
  });

  test("at 390×844 the pairings, standings and decklist pages have no horizontal scroll and no serious axe violations", async ({
    browser,
  }) => {
    const anon = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    for (const p of ["pairings", "standings"]) {
      await anon.goto(`/events/${eventId}/${p}`);
      await checkPhonePage(anon, `phone-${p}`);
    }
    const judge = await newSignedInPage(browser, "e2e-judge", PASSWORD, { width: 390, height: 844 });
    await judge.goto(`/events/${eventId}/decklists`);
    await checkPhonePage(judge, "phone-decklists");
    await judge.getByRole("link", { name: "Blue-Eyes Brigade" }).click();
    await checkPhonePage(judge, "phone-team-decklists");
    void SHOTS;
  });
});
