/**
 * Issue #17 organizer page, in Chromium: Export archive downloads the event's archive (JSON of
 * the archive format), Import archive uploads it back and creates a new event with the same
 * teams; the archive section passes axe and fits a phone without horizontal scroll.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { test, expect } from "./test";
import { checkPhonePage, createEvent, registerTeam, signIn } from "./helpers";

test("Export archive → Import archive creates a new event with the same teams; the section fits a phone", async ({ browser }, info) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const to = await ctx.newPage();
  await signIn(to, "e2e-organizer");
  const eventId = await createEvent(to, "E2E Archive Event");
  await registerTeam(to, eventId, { name: "Archive Aces", a: "Ana Souza", b: "Bruno Lima" });
  await registerTeam(to, eventId, { name: "Backup Bards", a: "Carla Rossi", b: "Davide Bianchi" });
  await to.goto(`/events/${eventId}/admin`);
  const section = to.locator('section[aria-labelledby="archive-h"]');
  await section.scrollIntoViewIfNeeded();
  await checkPhonePage(to, "admin-archive-phone");

  const [download] = await Promise.all([to.waitForEvent("download"), section.getByRole("button", { name: "Export archive" }).click()]);
  expect(download.suggestedFilename()).toBe("e2e-archive-event.tandem.json");
  const file = info.outputPath("archive.json");
  await download.saveAs(file);
  const archive = JSON.parse(readFileSync(file, "utf8")) as { format: string; teams: { id: string; name: string }[] };
  expect(archive.format).toBe("tandem.event-archive");
  expect(archive.teams.map((t) => [t.id, t.name])).toEqual([
    ["t1", "Archive Aces"],
    ["t2", "Backup Bards"],
  ]);

  await section.getByLabel("Archive file (.json)").setInputFiles(file);
  await section.getByRole("button", { name: "Import archive" }).click();
  await expect(section.getByText("Imported “E2E Archive Event”: 2 teams, 0 rounds.")).toBeVisible({ timeout: 30_000 });
  await section.getByRole("link", { name: "Open the imported event" }).click();
  await expect(to).not.toHaveURL(new RegExp(`/events/${eventId}/`));
  const newId = new URL(to.url()).pathname.split("/")[2];
  await to.goto(`/events/${newId}/teams`);
  await expect(to.getByText("Archive Aces")).toBeVisible();
  await expect(to.getByText("Backup Bards")).toBeVisible();
  await ctx.close();
});

test("a KONAMI .Tournament file imports through the same button: CASES C60's five players and three rounds", async ({ browser }) => {
  const to = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await signIn(to, "e2e-organizer");
  const eventId = await createEvent(to, "E2E KTS Upload");
  await to.goto(`/events/${eventId}/admin`);
  const section = to.locator('section[aria-labelledby="archive-h"]');
  // The server validates and parses the XML in a worker thread (lib/server/interop/ktsWorker.ts).
  await section
    .getByLabel("Archive file (.json)")
    .setInputFiles(path.resolve(import.meta.dirname, "../tests/fixtures/kts/c60-five-player-swiss.Tournament"));
  await section.getByRole("button", { name: "Import archive" }).click();
  await expect(section.getByText("Imported “C60 Five-Player Swiss”: 5 teams, 3 rounds.")).toBeVisible();
  await section.getByRole("link", { name: "Open the imported event" }).click();
  await expect(to).not.toHaveURL(new RegExp(`/events/${eventId}/`));
  const newId = new URL(to.url()).pathname.split("/")[2];
  await to.goto(`/events/${newId}/standings`);
  await expect(to.getByTestId("team-name").first()).toHaveText("Chiara Conti");
  await to.close();
});
