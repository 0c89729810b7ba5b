/**
 * Flight series (issue #16 acceptance): a series fills with 16 checked-in teams → two 8-team
 * flights start, paired and published, and both clocks show on one tiled page. The organizer sets
 * the series up in the UI; the 16 teams are seeded with SQL (registered the existing way's rows:
 * a team and its two duelists), 13 of them checked in while the organizer holds the queue; team
 * 14 checks in from a phone, the organizer releases the queue (flight 1 starts), a judge checks in
 * team 15 and team 16's player fills flight 2 — all through the real actions from the pages.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import bcrypt from "bcryptjs";
import { expect, test } from "./test";
import { PASSWORD, PHONE, SHOTS, checkPhonePage, createEvent, newSignedInPage, signIn } from "./helpers";

const url = () => process.env.E2E_DATABASE_URL!;

/** 16 teams (duelists A/B) in the series, duelist A of teams 14 and 16 linked to new player accounts; teams 1…13 queued. */
async function seedSeries(eventId: string, tag: string) {
  const c = new pg.Client({ connectionString: url() });
  await c.connect();
  try {
    const hash = await bcrypt.hash(PASSWORD, 10);
    const players: Record<number, string> = {};
    for (let i = 1; i <= 16; i++) {
      const teamId = `${eventId}-t${i}`;
      const queuedAt = i <= 13 ? new Date(Date.now() - (20 - i) * 1000) : null;
      await c.query(`INSERT INTO "Team" (id, "eventId", name, number, "queuedAt") VALUES ($1, $2, $3, $4, $5)`, [
        teamId,
        eventId,
        `Flight Team ${String(i).padStart(2, "0")}`,
        i,
        queuedAt,
      ]);
      let userId: string | null = null;
      if (i === 14 || i === 16) {
        userId = `fl-${tag}-${i}`;
        await c.query(`INSERT INTO "User" (id, username, "displayName", "passwordHash") VALUES ($1, $1, $2, $3)`, [
          userId,
          `Player ${i}`,
          hash,
        ]);
        players[i] = userId;
      }
      for (const d of ["A", "B"])
        await c.query(`INSERT INTO "Duelist" (id, "eventId", "teamId", designation, name, "userId") VALUES ($1, $2, $3, $4, $5, $6)`, [
          `${teamId}-${d}`,
          eventId,
          teamId,
          d,
          `Duelist ${i}${d}`,
          d === "A" ? userId : null,
        ]);
    }
    return players;
  } finally {
    await c.end();
  }
}

test("a series fills with 16 checked-in teams: two 8-team flights start, paired and published, both clocks on one tiled page", async ({
  browser,
}) => {
  const to = await newSignedInPage(browser, "e2e-organizer");
  const eventId = await createEvent(to, "Tag Duel Flights E2E");
  await to.goto(`/events/${eventId}/flights`);
  await to.getByLabel("Teams per flight").selectOption("8");
  await to.getByRole("button", { name: "Make this a flight series" }).click();
  await expect(to.getByTestId("series-status")).toContainText("Each flight: 8 teams");

  // The organizer holds the queue while the first 13 teams check in (seeded), then team 14 from a phone.
  await to.getByRole("button", { name: "Hold the queue" }).click();
  await expect(to.getByTestId("series-held")).toBeVisible();
  const tag = randomUUID().slice(0, 8);
  const players = await seedSeries(eventId, tag);
  const phone = await browser.newContext({ viewport: PHONE });
  const p14 = await phone.newPage();
  await signIn(p14, players[14]);
  await p14.goto(`/events/${eventId}/flights`);
  await expect(p14.getByTestId("queue-count")).toHaveText("13 teams waiting");
  await p14.getByTestId("series-team-14").getByRole("button", { name: "Check in to the queue" }).click();
  await expect(p14.getByTestId("series-team-14")).toContainText("in the queue, place 14");
  await expect(p14.getByTestId("series-flights")).toContainText("No flight has started yet.");
  await checkPhonePage(p14, "flights-series-phone-held");

  // Released: flight 1 (the first 8 checked in) starts at once; teams 9…14 keep waiting.
  await to.getByRole("button", { name: "Release the queue" }).click();
  await expect(to.getByTestId("flight-1")).toContainText("round 1 playing · 8 teams");
  await expect(p14.getByTestId("series-team-14")).toContainText("in the queue, place 6");
  await expect(p14.getByTestId("queue-count")).toHaveText("6 teams waiting");

  // A judge (here the organizer, staff of the series) checks team 15 in; team 16's player fires flight 2.
  await to.reload();
  await to.getByTestId("series-team-15").getByRole("button", { name: "Check in to the queue" }).click();
  await expect(to.getByTestId("series-team-15")).toContainText("in the queue, place 7");
  const p16 = await newSignedInPage(browser, players[16], PASSWORD, PHONE);
  await p16.goto(`/events/${eventId}/flights`);
  await p16.getByTestId("series-team-16").getByRole("button", { name: "Check in to the queue" }).click();
  await expect(p16.getByTestId("series-team-16")).toContainText("playing in flight 2");
  await expect(p16.getByTestId("flight-2")).toContainText("round 1 playing · 8 teams");
  await expect(p16.getByTestId("flight-1")).toContainText("round 1 playing · 8 teams");
  await expect(p16.getByTestId("queue-count")).toHaveText("No team waiting");
  await checkPhonePage(p16, "flights-series-phone-after");

  // The flight is a normal event with published pairings: team 16's player finds their table there.
  await p16.getByRole("link", { name: "Go to flight 2" }).click();
  await expect(p16.getByTestId("my-table")).toBeVisible();
  await expect(p16.getByTestId("flight-of")).toContainText("Flight 2 of Tag Duel Flights E2E");

  // One tiled venue screen, both clocks (phone and 1920×1080).
  await p16.goto(`/events/${eventId}/flights/clocks`);
  await expect(p16.getByTestId("flight-clock-1").getByTestId("round-clock")).toBeVisible();
  await expect(p16.getByTestId("flight-clock-2").getByTestId("round-clock")).toBeVisible();
  await checkPhonePage(p16, "flights-clocks-phone");
  const venue = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const screen = await venue.newPage();
  await screen.goto(`/events/${eventId}/flights/clocks`);
  for (const n of [1, 2]) {
    const tile = screen.getByTestId(`flight-clock-${n}`);
    await expect(tile).toContainText(`Flight ${n}`);
    await expect(tile).toContainText("Round 1");
    await expect(tile.getByTestId("clock-value")).toHaveText(/^\d{2}:00$/);
  }
  await screen.screenshot({ path: path.join(SHOTS, "flights-clocks-venue-1920.png") });
  await to.reload();
  await expect(to.getByTestId("flight-2")).toBeVisible();
  await to.screenshot({ path: path.join(SHOTS, "flights-series-organizer-desktop.png"), fullPage: true });
  await venue.close();
  await phone.close();
});
