/**
 * Issue #6 part B acceptance in Chromium: live pages (served from the render-once cache to
 * anonymous viewers) update without a reload and recover after a lost connection; a phone whose
 * clock is 3 minutes fast shows the same remaining time; the end-of-match wizard runs the
 * preset's procedure to the result CASES.md section E expects — KONAMI_TAG_2019 C35 (time in
 * 1B's Battle Phase, team LP decide) and UDE_2V2 (finish the turn + 3 extra turns, LP tie, first
 * LP change decides, C48/§3.1); switching the end-of-match variant to double_loss changes the
 * quick reference (issue #3 acceptance).
 */
import { test, expect, type Browser, type Page } from "./test";
import { addJudge, checkPhonePage, createEvent, newSignedInPage, registerTeam } from "./helpers";
import { scaled } from "../tests/timing";

const TEAMS = [
  ["Blue-Eyes Brigade", "Ana Souza", "Bruno Lima"],
  ["Dark Magicians", "Carla Rossi", "Davide Bianchi"],
  ["Link Strikers", "Elena Costa", "Fabio Santos"],
  ["Spell Counters", "Giulia Ferri", "Henrique Alves"],
] as const;
const DUELISTS = Object.fromEntries(TEAMS.map(([t, a, b]) => [t, { A: a, B: b }]));

/** TO creates an event of `preset`, adds the judge; the judge registers 4 teams; round 1 is paired, published and on the clock. */
async function liveEvent(browser: Browser, preset: string, name: string) {
  const to = await newSignedInPage(browser, "e2e-organizer");
  const eventId = await createEvent(to, name, preset);
  await addJudge(to);
  const judge = await newSignedInPage(browser, "e2e-judge", undefined, { width: 390, height: 844 });
  for (const [team, a, b] of TEAMS) await registerTeam(judge, eventId, { name: team, a, b });
  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("pair-form").getByLabel("Seed (optional)").fill("live-e2e");
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");
  await to.getByTestId("round-1").getByRole("button", { name: "Start clock" }).click();
  await expect(to.getByTestId("round-1").getByTestId("clock-status")).toHaveText("Time remaining");
  return { eventId, to, judge };
}

const secs = (mmss: string) => {
  const [m, s] = mmss.trim().split(":").map(Number);
  return m * 60 + s;
};

/** Opens the wizard of the match at table 1 from the judge's results page; returns its two team names. */
async function openWizard(judge: Page, eventId: string): Promise<[string, string]> {
  await judge.goto(`/events/${eventId}/rounds/1`);
  const row = judge.getByTestId("match-row").first();
  await row.getByTestId("open-eomp").click();
  await judge.waitForURL(/\/eomp$/);
  const teams = (await judge.getByTestId("eomp-teams").innerText()).split(" vs ");
  return [teams[0].trim(), teams[1].trim()];
}

test.describe.serial("live pages, clock and end-of-match wizard (issue #6 part B)", () => {
  let tag: Awaited<ReturnType<typeof liveEvent>>;

  test("setup: a published KONAMI_TAG_2019 round on the clock", async ({ browser }) => {
    tag = await liveEvent(browser, "KONAMI_TAG_2019", "E2E Live Tag");
  });

  test("timer: a phone whose clock is 3 minutes fast shows the same remaining time (within 1 s)", async ({ browser }) => {
    const normal = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const shiftedCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await shiftedCtx.addInitScript(() => {
      const Real = Date,
        shift = 3 * 60_000;
      class Shifted extends Real {
        constructor(...a: unknown[]) {
          if (a.length === 0) super(Real.now() + shift);
          else super(...(a as [number]));
        }
        static now() {
          return Real.now() + shift;
        }
      }
      (globalThis as unknown as { Date: DateConstructor }).Date = Shifted as unknown as DateConstructor;
    });
    const shifted = await shiftedCtx.newPage();
    await normal.goto(`/events/${tag.eventId}/pairings`);
    await shifted.goto(`/events/${tag.eventId}/pairings`);
    expect(await shifted.evaluate(() => Date.now() - performance.timeOrigin - performance.now())).toBeGreaterThan(170_000);
    await normal.waitForTimeout(2500); // a few polls: the offset is measured from the version endpoint
    const [a, b] = await Promise.all([normal.getByTestId("clock-value").innerText(), shifted.getByTestId("clock-value").innerText()]);
    expect(Math.abs(secs(a) - secs(b)), `normal ${a} vs shifted ${b}`).toBeLessThanOrEqual(1);
    expect(secs(a)).toBeGreaterThan(25 * 60);
    await checkPhonePage(normal, "live-phone-pairings");
    await shiftedCtx.close();
  });

  test("live: a result appears on the public pairings page within 2 s, also after the connection was lost", async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const pub = await ctx.newPage();
    await pub.goto(`/events/${tag.eventId}/pairings`);
    await expect(pub.getByTestId("pairing-row")).toHaveCount(2);
    await expect(pub.getByTestId("result")).toHaveCount(0);
    const judge = tag.judge;
    await judge.goto(`/events/${tag.eventId}/rounds/1`);
    // 1. online: a per-match extension and a result show up without a reload. Each is the first change
    // after a quiet window, so it shows within 2 s (issue #15: changes inside one 5 s window are
    // coalesced into one refresh, with 0–2 s jitter). The 2 s are scaled by the machine's slowness
    // (tests/timing.ts); the target itself is venue.publishToPhone in the benchmarks.
    const rows = judge.getByTestId("match-row");
    await rows.nth(1).getByTestId("extend-3").click();
    await expect(pub.getByTestId("match-extension")).toHaveText("+3 min", { timeout: scaled(2500) });
    await pub.waitForTimeout(5000);
    const r1 = rows.nth(1);
    const [t1] = (await r1.getByTestId("match-teams").innerText()).split(" vs ");
    // Issue #15: the round view refetches its JSON and renders it on the client — no RSC render of
    // the page (router.refresh sends `RSC: 1`; link prefetches, which carry Next-Router-Prefetch, are not refreshes).
    const requests: { url: string; rsc: boolean }[] = [];
    pub.on("request", (r) => {
      const h = r.headers();
      requests.push({ url: r.url(), rsc: (r.url().includes("_rsc=") || h["rsc"] === "1") && !h["next-router-prefetch"] });
    });
    await r1.getByLabel(`${t1} wins`).check();
    await r1.getByRole("button", { name: "Save result" }).click();
    await expect(r1.getByTestId("match-result")).toBeVisible();
    const within = scaled(2000);
    const t0 = Date.now();
    await expect(pub.getByTestId("result")).toHaveText(`${t1} won`, { timeout: within + 500 });
    expect(Date.now() - t0).toBeLessThan(within);
    expect(
      requests.filter((r) => r.url.includes(`/api/events/${tag.eventId}/data/pairings`)).length,
      "fetched the pairings JSON",
    ).toBeGreaterThan(0);
    expect(
      requests.filter((r) => r.rsc).map((r) => r.url),
      "no RSC request",
    ).toEqual([]);
    // 2. offline (longer than the coalescing window): a correction made meanwhile appears within 2 s
    // of coming back, without a reload
    await ctx.setOffline(true);
    await pub.waitForTimeout(5500);
    await pub.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    const t2 = (await r1.getByTestId("match-teams").innerText()).split(" vs ")[1];
    await judge.goto(`/events/${tag.eventId}/rounds/1`);
    const again = judge.getByTestId("match-row").nth(1);
    await again.getByLabel(`${t2} wins`).check();
    await again.getByRole("button", { name: "Save result" }).click();
    await expect(again.getByTestId("match-result")).toHaveText(`${t2} won`);
    await pub.waitForTimeout(500);
    await expect(pub.getByTestId("result")).toHaveText(`${t1} won`);
    await ctx.setOffline(false);
    const withinBack = scaled(2000);
    const back = Date.now();
    await expect(pub.getByTestId("result")).toHaveText(`${t2} won`, { timeout: withinBack + 1000 });
    expect(Date.now() - back, "recovered after the connection came back").toBeLessThan(withinBack);
    expect(await pub.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42); // no reload
    await ctx.close();
  });

  test("wizard KONAMI_TAG_2019 C35: time in 1B's Battle Phase, 6,300 vs 5,100 → team 1 wins by LP", async () => {
    const judge = tag.judge;
    const [team1, team2] = await openWizard(judge, tag.eventId);
    await judge.getByLabel(`${team1} went first`).check();
    await judge.getByLabel("Turn number").fill("7");
    await judge.getByLabel("Phase").selectOption("BATTLE");
    await judge.getByLabel(`${team1} LP`).fill("6300");
    await judge.getByLabel(`${team2} LP`).fill("5100");
    await judge.getByRole("button", { name: "Start the procedure" }).click();
    const who = `1B (${DUELISTS[team1].B})`;
    await expect(judge.getByTestId("eomp-turn")).toHaveText(`Turn 7: ${who}`);
    await expect(judge.getByTestId("eomp-instruction")).toContainText(`${who} finishes the Battle Phase of turn 7`);
    await checkPhonePage(judge, "live-eomp-step");
    // reload: the procedure resumes from the stored state
    await judge.reload();
    await expect(judge.getByTestId("eomp-instruction")).toContainText(`${who} finishes the Battle Phase`);
    await expect(judge.getByTestId("step-turn")).toHaveCount(0); // only the allowed steps
    await judge.getByTestId("step-phase").click();
    await expect(judge.getByTestId("eomp-outcome")).toHaveText(`${team1} wins the match`);
    await expect(judge.getByTestId("eomp-reason")).toHaveText("End of match: higher LP when the procedure ended.");
    await checkPhonePage(judge, "live-eomp-result");
    await judge.goto(`/events/${tag.eventId}/rounds/1`);
    await expect(judge.getByTestId("match-row").first().getByTestId("match-result")).toHaveText(`${team1} won`);
  });

  test("big-screen clock: round number, clock, QR code to the public pairings", async ({ browser }) => {
    const screen = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await screen.goto(`/events/${tag.eventId}/clock`);
    await expect(screen.getByTestId("clock-round")).toHaveText("Round 1");
    expect(secs(await screen.getByTestId("clock-value").innerText())).toBeGreaterThan(20 * 60);
    await expect(screen.getByTestId("qr").locator("svg")).toHaveCount(1);
    await expect(screen.getByTestId("qr")).toHaveAttribute("aria-label", new RegExp(`/events/${tag.eventId}/pairings`));
    await screen.screenshot({ path: "test-results/screenshots/live-big-clock.png" });
  });

  test("issue #3: switching the end-of-match variant to double_loss changes the quick reference", async () => {
    const to = tag.to;
    await to.goto(`/events/${tag.eventId}/rules`);
    const eomp = to.getByTestId("quickref-EOMP");
    await expect(eomp).toContainText("the turn player finishes the current phase");
    await expect(eomp).not.toContainText("both teams receive a loss");
    await to.goto(`/events/${tag.eventId}/admin`);
    await to.getByTestId("settings-form").getByLabel("End of Match procedure").selectOption("double_loss");
    await to.getByRole("button", { name: "Save settings" }).click();
    await expect(to.getByTestId("settings-form").getByRole("status")).toContainText("Saved.");
    await to.goto(`/events/${tag.eventId}/rules`);
    await expect(eomp).toContainText("both teams receive a loss");
    await expect(eomp).not.toContainText("the turn player finishes the current phase");
  });

  test("issue #15: publishing round 2 switches the open round view to it, ?round=1 stays; standings fill in — no reload, no RSC", async ({
    browser,
  }) => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const [current, pinned, standings] = [await ctx.newPage(), await ctx.newPage(), await ctx.newPage()];
    await current.goto(`/events/${tag.eventId}/pairings`);
    await pinned.goto(`/events/${tag.eventId}/pairings?round=1`);
    await standings.goto(`/events/${tag.eventId}/standings`);
    await expect(standings.getByTestId("standings-empty")).toBeVisible();
    for (const p of [current, pinned, standings]) await p.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const rsc: string[] = [];
    for (const p of [current, standings])
      p.on("request", (r) => {
        const h = r.headers();
        if ((r.url().includes("_rsc=") || h["rsc"] === "1") && !h["next-router-prefetch"]) rsc.push(r.url());
      });
    const to = tag.to;
    await to.goto(`/events/${tag.eventId}/admin`);
    to.once("dialog", (d) => void d.accept()); // Run event asks before closing (issue #14)
    await to.getByTestId("round-1").getByRole("button", { name: "Close round" }).click();
    await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Closed");
    await expect(standings.getByTestId("standing-row")).toHaveCount(4, { timeout: 10_000 });
    await expect(standings.getByRole("heading", { level: 2 })).toHaveText("Standings after round 1");
    await to.getByRole("button", { name: "Pair round 2" }).click();
    await to.getByTestId("round-2").getByRole("button", { name: "Publish pairings" }).click();
    await expect(to.getByTestId("round-2").getByTestId("round-status")).toHaveText("Published");
    await expect(current.getByRole("heading", { level: 2 })).toHaveText("Round 2", { timeout: scaled(3000) });
    await expect(current.getByTestId("pairing-row")).toHaveCount(2);
    await expect(current.getByTestId("result")).toHaveCount(0);
    await expect(pinned.getByRole("heading", { level: 2 })).toHaveText("Round 1Closed");
    await expect(pinned.getByTestId("result")).toHaveCount(2);
    for (const p of [current, pinned, standings])
      expect(await p.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(rsc, "no RSC request").toEqual([]);
    await checkPhonePage(current, "live-phone-pairings-round-2");
    await checkPhonePage(standings, "live-phone-standings");
    await ctx.close();
  });

  test("wizard UDE_2V2: finish the turn + 3 extra turns, LP tie, sudden death → first LP change decides", async ({ browser }) => {
    const ude = await liveEvent(browser, "UDE_2V2", "E2E Live UDE");
    const judge = ude.judge;
    const [team1, team2] = await openWizard(judge, ude.eventId);
    await judge.getByLabel(`${team2} went first`).check();
    await judge.getByLabel("Turn number").fill("3");
    await expect(judge.getByLabel("Phase")).toHaveCount(0); // UDE finishes the turn: no phase asked
    await judge.getByLabel(`${team1} LP`).fill("4000");
    await judge.getByLabel(`${team2} LP`).fill("4000");
    await judge.getByRole("button", { name: "Start the procedure" }).click();
    // turn 3 is 1B's: team 1 of this game is team2 (it went first)
    await expect(judge.getByTestId("eomp-turn")).toHaveText(`Turn 3: 1B (${DUELISTS[team2].B})`);
    await expect(judge.getByTestId("eomp-instruction")).toContainText("finishes turn 3; then 3 additional turns");
    const expected = [
      [1, `2B (${DUELISTS[team1].B})`],
      [2, `1A (${DUELISTS[team2].A})`],
      [3, `2A (${DUELISTS[team1].A})`],
    ] as const;
    for (const [i, seat] of expected) {
      await judge.getByTestId("step-turn").click();
      await expect(judge.getByTestId("eomp-counter")).toHaveText(`Extra turn ${i} of 3`);
      await expect(judge.getByTestId("eomp-turn")).toHaveText(`Turn ${3 + i}: ${seat}`);
    }
    await judge.getByTestId("step-turn").click();
    await expect(judge.getByTestId("eomp-sudden")).toHaveText("Sudden death: the first LP change decides");
    await expect(judge.getByTestId("step-phase")).toHaveCount(0);
    await judge.getByLabel(`${team1} LP`).fill("3200");
    await judge.getByTestId("step-lp").click();
    await expect(judge.getByTestId("eomp-outcome")).toHaveText(`${team2} wins the match`);
    await expect(judge.getByTestId("eomp-reason")).toHaveText("End of match: the first LP change after a tie decided.");
  });
});
