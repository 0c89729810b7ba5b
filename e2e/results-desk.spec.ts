/**
 * Issue #14 "Results desk for speed" on a 750-team event (375 tables) seeded directly in the
 * database (e2e/floorSeed.ts): a judge enters 20 results by table number with the keyboard only
 * (Tag 2019: table digits, Enter, outcome key, Enter), 10 on a phone (390×844) and 10 on a
 * desktop; the page never scrolls to find a table, both teams and their A/B seats are shown before
 * the outcome key, finished tables are one line, `#table-N` opens that table, a one-sided team
 * report is accepted with one tap (one audit row), axe reports nothing serious.
 */
import { expect, test, type Page } from "./test";
import path from "node:path";
import { checkPhonePage, newSignedInPage, PHONE, SHOTS } from "./helpers";
import { seedFloor, type FloorSeed } from "./floorSeed";
import { e2eDatabaseUrl, sql } from "./db";

/** Enters one result by keyboard only; returns the number of keys pressed. */
async function enterByKeyboard(page: Page, seed: FloorSeed, table: number, outcome: "1" | "2"): Promise<number> {
  const t = seed.tables[table - 1];
  let keys = 0;
  for (const d of String(table)) {
    await page.keyboard.press(d);
    keys++;
  }
  await page.keyboard.press("Enter");
  keys++;
  // The two teams and their A/B seats are shown before an outcome key is accepted.
  const selected = page.getByTestId("desk-selected");
  await expect(selected).toContainText(`Table ${table}`);
  await expect(page.getByTestId("desk-slot1")).toContainText(t.team1);
  await expect(page.getByTestId("desk-slot1")).toContainText(`A: Duelist ${2 * table - 1}A Souza`);
  await expect(page.getByTestId("desk-slot2")).toContainText(`B: Duelist ${2 * table}B Rossi`);
  await expect(page.locator('[data-testid="desk-keys"] [data-key="1"]')).toBeInViewport();
  await page.keyboard.press(outcome);
  await page.keyboard.press("Enter");
  keys += 2;
  await expect(page.getByTestId("desk-status")).toContainText(`Table ${table} saved`);
  expect(await page.evaluate(() => window.scrollY), "the page never scrolls to find a table").toBe(0);
  return keys;
}

test("results desk: 20 results by table number on 375 tables, keyboard only, phone and desktop", async ({ browser }) => {
  const started = Date.now();
  const seed = await seedFloor(e2eDatabaseUrl(), {
    teams: 750,
    name: "Floor 750",
    staff: [
      ["e2e-organizer-id", "ORGANIZER"],
      ["e2e-judge-id", "JUDGE"],
    ],
  });
  const desk = `/events/${seed.eventId}/rounds/1/desk`;
  const phone = await newSignedInPage(browser, "e2e-judge", undefined, PHONE);
  await phone.goto(desk);
  const box = phone.getByTestId("desk-box");
  await expect(box).toBeFocused();
  await expect(box).toBeInViewport();
  await expect(phone.getByTestId("desk-counts")).toContainText("375 open tables of 375");

  // Phone: 10 tables spread over the round (the last ones are far below the fold).
  const phoneTables = [12, 375, 200, 3, 98, 301, 47, 150, 256, 333];
  for (const [i, table] of phoneTables.entries()) {
    const keys = await enterByKeyboard(phone, seed, table, i % 2 ? "2" : "1");
    expect(keys, `table ${table}: table digits, Enter, outcome key, Enter`).toBe(String(table).length + 3);
  }
  // What the judge sees at 390×844 with a table picked: the box, both teams and the outcome keys.
  await phone.keyboard.type("21");
  await phone.keyboard.press("Enter");
  await expect(phone.locator('[data-testid="desk-keys"] [data-key="Escape"]')).toBeInViewport();
  await phone.screenshot({ path: path.join(SHOTS, "results-desk-phone-table.png") });
  await phone.keyboard.press("Escape");
  // A name finds the table too (team or duelist, findTables).
  await box.fill("Duelist 77A");
  await phone.keyboard.press("Enter");
  await expect(phone.getByTestId("desk-selected")).toContainText("Table 39");
  await phone.keyboard.press("Escape");
  await checkPhonePage(phone, "results-desk-phone");
  await phone.locator("#table-12").scrollIntoViewIfNeeded();
  await phone.screenshot({ path: path.join(SHOTS, "results-desk-phone-list.png") });

  // Desktop: 10 more, then the list.
  const wide = await newSignedInPage(browser, "e2e-judge");
  await wide.goto(desk);
  await expect(wide.getByTestId("desk-box")).toBeFocused();
  const wideTables = [1, 2, 100, 101, 250, 251, 360, 361, 7, 8];
  for (const [i, table] of wideTables.entries()) {
    const keys = await enterByKeyboard(wide, seed, table, i % 2 ? "1" : "2");
    expect(keys).toBe(String(table).length + 3);
  }
  const [{ n }] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "Match" WHERE "roundId" = $1 AND outcome = 'WIN'`, [
    seed.roundId,
  ]);
  expect(n).toBe(20);
  await wide.keyboard.type("9");
  await wide.keyboard.press("Enter");
  await wide.screenshot({ path: path.join(SHOTS, "results-desk-desktop-table.png") });
  await wide.reload();
  await expect(wide.getByTestId("desk-counts")).toContainText("355 open tables of 375");
  // Finished tables are one line (the edit control is the tallest thing in it: 44 px).
  const row = wide.locator("#table-12");
  await expect(row).toHaveAttribute("data-testid", "desk-row-final");
  await expect(row.getByTestId("desk-result")).toContainText("won");
  expect((await row.boundingBox())!.height).toBeLessThan(56);
  await wide.getByLabel("Open tables only").check();
  await expect(wide.locator("#table-12")).toHaveCount(0);
  await expect(wide.getByTestId("desk-row-open")).toHaveCount(355);
  await checkPhonePage(wide, "results-desk-desktop");

  // A one-sided team report is accepted with one tap; exactly one audit row.
  const t50 = seed.tables[49];
  await sql(
    `INSERT INTO "ResultReport" (id, "matchId", "userId", source, "teamId", payload) VALUES ($1, $2, 'e2e-organizer-id', 'TEAM', $3, $4)`,
    [`${seed.roundId}-rep50`, t50.matchId, `${seed.eventId}-t99`, JSON.stringify({ result: "team2", firstSlot: 1 })],
  );
  // The outstanding board links straight to the table on the desk, which opens it.
  await wide.goto(`/events/${seed.eventId}/outstanding`);
  await expect(wide.locator(`a[href$="/rounds/1/desk#table-4"]`)).toHaveCount(1);
  await wide.locator(`a[href$="/rounds/1/desk#table-50"]`).click();
  await expect(wide.getByTestId("desk-selected")).toContainText("Table 50");
  const r50 = wide.locator("#table-50");
  await expect(r50.getByTestId("desk-report")).toContainText(new RegExp(`${t50.team2}\u2069? won`));
  await r50.getByTestId("desk-accept").click();
  await expect(wide.getByTestId("desk-status")).toContainText("Table 50: report accepted");
  await expect(wide.locator("#table-50")).toHaveAttribute("data-testid", "desk-row-final");
  const audits = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM "AuditLog" WHERE "entityId" = $1`, [t50.matchId]);
  expect(audits[0].n).toBe(1);
  // The round page offers the same one-tap accept.
  const t60 = seed.tables[59];
  await sql(
    `INSERT INTO "ResultReport" (id, "matchId", "userId", source, "teamId", payload) VALUES ($1, $2, 'e2e-organizer-id', 'TEAM', $3, $4)`,
    [`${seed.roundId}-rep60`, t60.matchId, `${seed.eventId}-t119`, JSON.stringify({ result: "team1", firstSlot: 1 })],
  );
  await wide.goto(`/events/${seed.eventId}/rounds/1#table-60`);
  const card60 = wide.locator("#table-60");
  await expect(card60.getByTestId("accept-report")).toBeInViewport();
  await wide.screenshot({ path: path.join(SHOTS, "round-page-accept.png") });
  await card60
    .getByTestId("accept-report")
    .getByRole("button", { name: /Accept/ })
    .click();
  await expect(card60.getByTestId("match-result")).toContainText(`${t60.team1} won`);
  console.log(`results desk e2e: ${Math.round((Date.now() - started) / 1000)} s`);
});
