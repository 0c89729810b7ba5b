/**
 * Issue #16 at the venue, in Chromium with four phone contexts (390×844): both members of a team
 * check in by opening the big screen's QR URL (decoded with jsQR from a screenshot of the QR), a
 * second team checks in with the QR and the printed team code; "call a judge" from the my-event
 * card shows on the judge's queue within 2 s (LiveRefresh); one member drops the team during the
 * round, the partner's card shows it, and the team is out of round 2's pairing. Screenshots of the
 * card, the check-in page, the desk and the big screen at 390×844 and desktop.
 */
import path from "node:path";
import { test, expect, type Page } from "./test";
import { scaled } from "../tests/timing";
import {
  PASSWORD,
  PHONE,
  SHOTS,
  addJudge,
  claimPhone,
  decodeQr,
  checkPhonePage,
  createEvent,
  newSignedInPage,
  registerTeam,
} from "./helpers";

test.describe.configure({ mode: "serial" });

const TEAMS = [
  ["Venue Reds", "Va Red", "Vb Red"],
  ["Venue Blues", "Vc Blue", "Vd Blue"],
  ["Venue Greens", "Ve Green", "Vf Green"],
  ["Venue Golds", "Vg Gold", "Vh Gold"],
] as const;

let to: Page;
let judge: Page;
let eventId: string;
/** Phones: [team 1 A, team 1 B, team 2 A, team 2 B]. */
const phones: Page[] = [];
const codes: { A: string; B: string }[] = [];
const usernames: string[] = [];

/** The big-screen QR, decoded (issue #16: the phone's camera app opens this URL). */
async function decodeScreenQr(page: Page): Promise<string> {
  const decoded = await decodeQr(page, page.getByTestId("checkin-qr"));
  expect(decoded, "the QR decodes").toBeTruthy();
  return decoded!;
}

test.beforeAll(async ({ browser }) => {
  to = await newSignedInPage(browser, "e2e-organizer");
  judge = await newSignedInPage(browser, "e2e-judge");
  eventId = await createEvent(to, `E2E Venue ${Date.now()}`);
  await addJudge(to);
  for (const [name, a, b] of TEAMS) codes.push(await registerTeam(judge, eventId, { name, a, b }));
  const stamp = Date.now();
  for (const [i, c] of [codes[0].A, codes[0].B, codes[1].A, codes[1].B].entries()) {
    usernames.push(`e2e-venue-${stamp}-${i}`);
    phones.push(await claimPhone(browser, c, usernames[i]));
  }
});

test("both members check in by opening the QR's URL; the printed code is the fallback; staff see who is in", async ({ browser }) => {
  await to.goto(`/events/${eventId}/venue`);
  await to.getByTestId("checkin-window").getByRole("button", { name: "Save window" }).click();
  await expect(to.getByTestId("checkin-window").getByRole("status")).toContainText("Saved");
  await expect(to.getByTestId("desk-count")).toHaveText("Who is in: 0 of 4 teams");
  await to.goto(`/events/${eventId}/checkin/screen`);
  const url = new URL(await decodeScreenQr(to));
  expect(url.pathname).toBe(`/events/${eventId}/checkin`);
  expect(url.searchParams.get("c")).toMatch(/^[0-9a-z]+-[0-9a-f]{20}$/);
  const at = `${url.pathname}${url.search}`;

  await phones[0].goto(at);
  await expect(phones[0].getByTestId("checkin-done")).toHaveText("Va Red, you are checked in.");
  await expect(phones[0].getByTestId("checkin-team")).toHaveText("Your team is checked in once your partner checks in too.");
  await checkPhonePage(phones[0], "venue-checkin-phone");
  await phones[1].goto(at);
  await expect(phones[1].getByTestId("checkin-team")).toHaveText("Your team is checked in.");
  // Signed out (a phone whose camera app opens a fresh browser): sign in, then back, checked in.
  const fresh = await (await browser.newContext({ viewport: PHONE })).newPage();
  await fresh.goto(at);
  await fresh.waitForURL(/\/signin\?next=/);
  await fresh.getByLabel("Username").fill(usernames[2]);
  await fresh.getByLabel("Password").fill(PASSWORD);
  await fresh.getByRole("button", { name: "Sign in" }).click();
  await expect(fresh.getByTestId("checkin-done")).toHaveText("Vc Blue, you are checked in.");
  await fresh.context().close();

  // Team 2's B has no camera: the printed code from the desk, typed on the card.
  await to.goto(`/events/${eventId}/venue`);
  const blue = to.getByTestId("desk-team").filter({ hasText: "Venue Blues" });
  const printed = await blue.getByTestId("team-code").innerText();
  await phones[3].goto(`/events/${eventId}/me`);
  const form = phones[3].getByTestId("card-code-form");
  await form.getByLabel("Team check-in code").fill(printed.toLowerCase());
  await form.getByRole("button", { name: "Check in" }).click();
  await expect(phones[3].getByTestId("card-checkin")).toHaveText("Your team is checked in.");

  await expect(to.getByTestId("desk-count")).toHaveText("Who is in: 2 of 4 teams");
  await checkPhonePage(to, "venue-desk-desktop");
  // The other two teams check in at the desk (the judge's existing check-in).
  await judge.goto(`/events/${eventId}/operations`);
  for (const name of ["Venue Greens", "Venue Golds"]) {
    const row = judge.getByTestId("ops-team").filter({ hasText: `. ${name}` });
    await row.getByRole("button", { name: "Check in", exact: true }).click();
    await expect(row.getByRole("button", { name: "Undo check-in" })).toBeVisible();
  }
  await to.goto(`/events/${eventId}/checkin/screen`);
  await expect(to.getByTestId("checkin-count")).toHaveText("4 of 4 teams checked in");
  await to.screenshot({ path: path.join(SHOTS, "venue-screen-desktop.png"), fullPage: true });
});

test("call a judge from the card shows on the judge's queue within 2 s; one member drops and the team is out of round 2", async () => {
  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("pair-form").getByLabel("Seed (optional)").fill("venue-e2e");
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");

  await judge.goto(`/events/${eventId}/queue`);
  await expect(judge.getByTestId("judge-calls")).toContainText("No open calls.");
  const card = phones[0];
  await card.goto(`/events/${eventId}/me`);
  await expect(card.getByTestId("card-table")).toContainText("Round 1 · Table");
  await expect(card.getByTestId("card-opponents")).toBeVisible();
  await checkPhonePage(card, "venue-card-phone");
  const table = (await card.getByTestId("card-table").innerText()).trim();
  await card.getByRole("button", { name: "Call a judge" }).click();
  await expect(card.getByTestId("card-call")).toHaveText("A judge has been called to your table.");
  const call = judge.getByTestId("judge-call");
  await expect(call).toContainText(table, { timeout: scaled(2_000) });
  await expect(call).toContainText("Venue Reds");
  await checkPhonePage(judge, "venue-queue-desktop");
  // The partner's card shows the call, then the judge's answer, live.
  await phones[1].goto(`/events/${eventId}/me`);
  await expect(phones[1].getByTestId("card-call")).toHaveText("A judge has been called to your table.");
  await call.getByRole("button", { name: "On my way" }).click();
  await expect(call).toContainText("judge on the way", { timeout: 20_000 });
  await expect(phones[1].getByTestId("card-call")).toHaveText("A judge is on the way to your table.", { timeout: 20_000 });
  await judge.getByTestId("judge-call").getByRole("button", { name: "Resolved" }).click();
  await expect(judge.getByTestId("judge-calls")).toContainText("No open calls.", { timeout: 20_000 });

  // Team 2's A drops during the round (confirmed); the partner's open card shows it at once.
  await phones[3].goto(`/events/${eventId}/me`);
  const dropper = phones[2];
  await dropper.goto(`/events/${eventId}/me`);
  dropper.once("dialog", (d) => void d.accept());
  await dropper.getByRole("button", { name: "Drop my team" }).click();
  const out = "play out your round 1 match; the team is not paired from round 2 on.";
  await expect(dropper.getByTestId("card-dropped")).toContainText(out);
  await expect(phones[3].getByTestId("card-dropped")).toContainText(out, { timeout: 20_000 });
  await checkPhonePage(phones[3], "venue-card-dropped-phone");

  // The phones and the judge's queue poll and re-render on every change: close them before the results.
  for (const p of [...phones, judge]) await p.context().close();

  // Round 1's results, close, pair round 2: Venue Blues is not in it.
  await to.goto(`/events/${eventId}/rounds/1`);
  const rows = to.getByTestId("match-row");
  for (let i = 0; i < 2; i++) {
    const row = rows.nth(i);
    const winner = (await row.getByTestId("match-teams").innerText()).split(" vs ")[0];
    await row.getByLabel(`${winner} wins`).check();
    await row.getByRole("button", { name: "Save result" }).click();
    await expect(row.getByTestId("match-result")).toBeVisible();
  }
  await to.goto(`/events/${eventId}/admin`);
  to.once("dialog", (d) => void d.accept());
  await to.getByTestId("round-1").getByRole("button", { name: "Close round" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Closed");
  await to.getByRole("button", { name: "Pair round 2" }).click();
  await to.getByTestId("round-2").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-2").getByTestId("round-status")).toHaveText("Published");
  await to.goto(`/events/${eventId}/pairings`);
  const pairings = to.locator("main");
  await expect(pairings).toContainText("Venue Reds");
  await expect(pairings).not.toContainText("Venue Blues");
});
