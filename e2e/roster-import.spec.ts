/**
 * Roster import on the organizer page (issue #17): a pasted roster with two bad lines shows both
 * with their line numbers and reasons and offers no Register button; without them, "Register 3
 * teams" registers them and the Teams page lists them. The page is checked on a phone (no
 * horizontal scroll, axe) with the preview open; the downloads answer staff and refuse a signed-out visitor.
 */
import { test, expect } from "./test";
import { checkPhonePage, createEvent, newSignedInPage, PHONE } from "./helpers";

test("a roster with two bad lines previews their reasons; without them 3 teams are registered", async ({ browser }) => {
  const to = await newSignedInPage(browser, "e2e-organizer");
  const eventId = await createEvent(to, `E2E Roster ${Date.now()}`, "KONAMI_TAG_2019");
  const good = ["Team name,A name,A Player ID,B name,B Player ID", "Lions,Lia One,7001,Leo Two,7002", "Owls,Ola One,7003,Oto Two,7004"];
  const bad = ["Foxes,Fay One,7001,Fin Two,7005", ",Gus One,7006,Gia Two,7007"];
  const card = to.getByRole("region", { name: "Import a roster" });
  await card.getByLabel("Or paste the roster").fill([...good, ...bad, "Bears,Bo One,7008,Bea Two,7009"].join("\n"));
  await card.getByRole("button", { name: "Check the roster" }).click();
  await expect(card.getByTestId("roster-problem")).toHaveText([
    "Line 4: Player ID 7001 is already on line 2",
    "Line 5: the team name is required",
  ]);
  await expect(card.getByRole("status")).toHaveText("3 teams ready, 0 single players, 2 bad lines.");
  await expect(card.getByRole("button", { name: /^Register/ })).toHaveCount(0);
  await expect(to.getByRole("link", { name: "Full results (CSV)" })).toHaveAttribute("href", `/api/events/${eventId}/export/results.csv`);
  await expect(to.getByRole("link", { name: "KTS .Tournament file" })).toBeVisible();

  await to.setViewportSize(PHONE);
  await checkPhonePage(to, "roster-import-preview-phone");
  await to.setViewportSize({ width: 1280, height: 900 });
  await to.screenshot({ path: "test-results/screenshots/roster-import-preview-desktop.png", fullPage: true });

  await card.getByLabel("Or paste the roster").fill([...good, "Bears,Bo One,7008,Bea Two,7009"].join("\n"));
  await card.getByRole("button", { name: "Check the roster" }).click();
  await card.getByRole("button", { name: "Register 3 teams" }).click();
  await expect(card.getByRole("status")).toContainText("3 teams registered.");
  // The downloads: staff get the files (Player IDs inside), a signed-out visitor gets 404.
  const csv = await to.request.get(`/api/events/${eventId}/export/results.csv`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(await csv.text()).toContain("Lions,Lia One,7001,Leo Two,7002");
  const kts = await to.request.get(`/api/events/${eventId}/export/event.Tournament`);
  expect(await kts.text()).toContain("<ID>7001</ID>");
  const anon = await browser.newContext();
  expect((await anon.request.get(`/api/events/${eventId}/export/results.csv`)).status()).toBe(404);
  await anon.close();
  await to.goto(`/events/${eventId}/standings`);
  await expect(to.getByTestId("results-csv")).toHaveAttribute("href", `/api/events/${eventId}/export/results.csv`);
  await to.goto(`/events/${eventId}/teams`);
  for (const name of ["Lions", "Owls", "Bears"]) await expect(to.getByText(name, { exact: true }).first()).toBeVisible();
});
