/**
 * Issue #14 in Chromium: a match slip's QR code (decoded with jsQR from a screenshot of the printed
 * slip) carries the public address an organizer set (not localhost / 127.0.0.1) and the match's
 * page, which opens that match's result form for the event's judge, the team's report form for a
 * duelist of that match and refuses a duelist of another match; one-tap confirm with three
 * browser contexts (team A reports, team B confirms → final, exactly one audit row), and a confirm
 * of a report changed in between is refused and the new report shown; B's page gets A's report
 * by fetching its team card JSON, without a server render request (issue #15). Screenshots: slips (print
 * media, A4 and US Letter), the match page, the confirm offer at 390×844.
 */
import path from "node:path";
import pg from "pg";
import { test, expect, type Page, type Request } from "./test";
import { SHOTS, addJudge, checkPhonePage, createEvent, decodeQr, duelistPhone, newSignedInPage, registerTeam } from "./helpers";

test.describe.configure({ mode: "serial" });

/** A host only this test knows (never resolved: the QR's address is checked, its path opened on the test server). */
const PUBLIC_HOST = "slips-e2e.test";
const TEAMS = [
  ["Slip Reds", "Sa Red", "Sb Red"],
  ["Slip Blues", "Sc Blue", "Sd Blue"],
  ["Slip Greens", "Se Green", "Sf Green"],
  ["Slip Golds", "Sg Gold", "Sh Gold"],
] as const;

async function auditCount(action: string, matchId: string): Promise<number> {
  const c = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await c.connect();
  try {
    const r = await c.query<{ n: string }>(`SELECT count(*) AS n FROM "AuditLog" WHERE action = $1 AND "entityId" = $2`, [action, matchId]);
    return Number(r.rows[0].n);
  } finally {
    await c.end();
  }
}

/** Sends the self-report form: `winner` won, `first` went first. */
async function sendReport(p: Page, winner: string, first: string) {
  const form = p.getByTestId("team-report-form");
  await form.getByRole("group", { name: "Result" }).getByLabel(`${winner} won`).check();
  await form.getByRole("group", { name: "Which team went first?" }).getByLabel(first, { exact: true }).check();
  await form.getByRole("button", { name: /Send report|Correct our report/ }).click();
  await expect(form.getByRole("status")).toContainText("Report sent");
  // The page has re-rendered with this report (the form is rebuilt from it) before anyone sends again.
  await expect(p.getByTestId("self-mine")).toContainText(`${winner} won`);
}

let to: Page;
let judge: Page;
let eventId: string;
let publicBase: string;
type Phone = { page: Page; table: string; teams: string[] };
const phones: Phone[] = [];

test.beforeAll(async ({ browser, baseURL }) => {
  to = await newSignedInPage(browser, "e2e-organizer");
  judge = await newSignedInPage(browser, "e2e-judge");
  publicBase = `http://${PUBLIC_HOST}:${new URL(baseURL!).port}`;
  await to.goto("/settings");
  await to.getByRole("textbox", { name: "Public address" }).fill(publicBase);
  await to.getByRole("button", { name: "Save address" }).click();
  await expect(to.getByTestId("public-url-form").getByRole("status")).toHaveText("Saved.");
  eventId = await createEvent(to, `E2E Slips ${Date.now()}`);
  await addJudge(to);
  const codes: string[] = [];
  for (const [name, a, b] of TEAMS) codes.push((await registerTeam(judge, eventId, { name, a, b })).A);
  await to.goto(`/events/${eventId}/admin`);
  await to.getByTestId("pair-form").getByLabel("Seed (optional)").fill("slips-e2e");
  await to.getByRole("button", { name: "Pair round 1" }).click();
  await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");
  for (const [i, code] of codes.entries()) {
    const p = await duelistPhone(browser, code, `e2e-slip-${Date.now()}-${i}`, eventId);
    const table = await p.getByTestId("self-table").innerText();
    const teams = (await p.locator("#my-table-h + p").innerText()).split(" vs ").map((s) => s.trim());
    phones.push({ page: p, table, teams });
  }
});

test.afterAll(async () => {
  // Back to the default (PUBLIC_URL / LAN address) for the other specs.
  await to.goto("/settings");
  await to.getByRole("textbox", { name: "Public address" }).fill("");
  await to.getByRole("button", { name: "Save address" }).click();
  await expect(to.getByTestId("public-url-form").getByRole("status")).toHaveText("Saved.");
});

test("a slip's QR has the public host and opens the match for its judge and its duelists only", async () => {
  await judge.goto(`/events/${eventId}/print/slips?round=1`);
  const slips = judge.getByTestId("slip");
  await expect(slips).toHaveCount(2);
  await expect(judge.getByTestId("sheet")).toHaveCount(1); // 4 slips per sheet
  await expect(slips.first().getByTestId("slip-seat")).toHaveCount(4); // A and B of both teams
  await expect(slips.first().getByTestId("slip-team-lp")).toHaveCount(2); // Tag Duel: one team LP box per team
  await expect(slips.first().getByTestId("slip-games")).toHaveCount(0); // best of one: no games line
  await expect(judge.getByTestId("public-address-note")).toContainText(publicBase);
  const matchId = (await slips.first().getAttribute("data-match-id"))!;
  const decoded = await decodeQr(judge, judge.locator(`[data-testid="slip"][data-match-id="${matchId}"]`));
  expect(decoded).toBe(`${publicBase}/events/${eventId}/matches/${matchId}`);
  const qrHost = new URL(decoded!).hostname;
  expect(qrHost).toBe(PUBLIC_HOST);
  expect(qrHost).not.toMatch(/^(localhost|127\.)/);
  expect(decoded).not.toMatch(/code=|token=|secret/i); // the address only: access comes from signing in

  // Print media on both paper sizes: four slots per sheet, @page size per the choice.
  await judge.emulateMedia({ media: "print" });
  await judge.screenshot({ path: path.join(SHOTS, "slips-print-a4.png"), fullPage: true });
  await judge.emulateMedia({ media: "screen" });
  await judge.getByTestId("paper-choice").getByRole("link", { name: "US Letter" }).click();
  await expect(judge.getByTestId("sheet")).toHaveAttribute("data-paper", "letter");
  expect(await judge.locator("style").allInnerTexts()).toContainEqual(expect.stringContaining("size: letter portrait"));
  await judge.emulateMedia({ media: "print" });
  await judge.screenshot({ path: path.join(SHOTS, "slips-print-letter.png"), fullPage: true });
  await judge.emulateMedia({ media: "screen" });

  // The QR's path, opened signed in on this server: the judge gets that match's result form.
  const at = new URL(decoded!).pathname;
  const slipTable = (await slips.first().getAttribute("aria-label"))!; // "Round 1 · Table N"
  await judge.goto(at);
  await expect(judge.getByTestId("slip-match-title")).toHaveText(slipTable);
  await expect(judge.getByTestId("slip-match-teams")).toContainText("A: ");
  await expect(judge.getByRole("group", { name: "Result" }).first()).toBeVisible();
  await checkPhonePage(judge, "slips-match-judge-desktop");

  // A duelist of that match gets the team's report form of that table; a duelist of the other table is refused.
  const table = slipTable.split(" · ")[1];
  const mine = phones.find((p) => p.table.endsWith(table))!;
  const other = phones.find((p) => !p.table.endsWith(table))!;
  await mine.page.goto(at);
  await expect(mine.page).toHaveURL(new RegExp(`/events/${eventId}/report$`));
  await expect(mine.page.getByTestId("self-table")).toHaveText(`Round 1 · ${table}`);
  await expect(mine.page.getByTestId("team-report-form")).toBeVisible();
  await other.page.goto(at);
  await expect(other.page.getByTestId("slip-other-table")).toContainText("another table");
  for (const name of mine.teams) await expect(other.page.locator("body")).not.toContainText(name);
  await checkPhonePage(other.page, "slips-match-other-table-phone");
  await other.page.goto(`/events/${eventId}/report`);
  await mine.page.goto(`/events/${eventId}/report`);
});

test("team A reports, team B confirms with one tap → final, one audit row; a changed report is refused", async () => {
  const [t1, t2] = phones[0].teams;
  const tableA = phones.filter((p) => p.table === phones[0].table);
  const tableB = phones.filter((p) => p.table !== phones[0].table);

  // Table of phones[0]: team A reports, team B sees it with a Confirm button and confirms.
  const [a, b] = tableA;
  // Issue #15: B's page updates from the team card JSON, with no server render (RSC) request.
  // Link prefetches (`next-router-prefetch`) are the nav's, not a re-render of this page.
  const requests = { card: 0, rsc: [] as string[] };
  const watch = (r: Request) => {
    const h = r.headers();
    if (/^\/api\/events\/[^/]+\/data\/card$/.test(new URL(r.url()).pathname)) requests.card++;
    else if ((h["rsc"] === "1" || r.url().includes("_rsc=")) && !h["next-router-prefetch"]) requests.rsc.push(r.url());
  };
  b.page.on("request", watch);
  await sendReport(a.page, t1, t2);
  const offer = b.page.getByTestId("confirm-offer");
  await expect(offer).toBeVisible(); // arrives live (components/useLiveCard)
  await expect(offer.getByTestId("confirm-report")).toContainText(`${t1} won`);
  b.page.off("request", watch);
  expect(requests.card).toBeGreaterThan(0);
  expect(requests.rsc).toEqual([]);
  await checkPhonePage(b.page, "slips-confirm-offer-phone");
  const matchId = await slipMatchId(judge, eventId, a.table);
  const before = await auditCount("result.team_confirm", matchId);
  await offer.getByTestId("confirm-button").click();
  await expect(b.page.getByTestId("self-final")).toHaveText(`Final result: ${t1} won`);
  await expect(a.page.getByTestId("self-final")).toHaveText(`Final result: ${t1} won`);
  expect((await auditCount("result.team_confirm", matchId)) - before).toBe(1);

  // Other table: team B holds the page (no live refresh) while team A changes its report → the confirm is refused.
  const [c, d] = tableB;
  const [u1, u2] = c.teams;
  await sendReport(c.page, u1, u1);
  const offer2 = d.page.getByTestId("confirm-offer");
  await expect(offer2.getByTestId("confirm-report")).toContainText(`${u1} won`);
  // Routes only stop new requests: the reload closes the stream already open (its notice of the changed report would
  // refetch the card before the tap), and the new page's stream and version polls never connect.
  await d.page.route("**/api/events/*/stream*", (r) => r.abort());
  await d.page.route("**/api/events/*/version", (r) => r.abort());
  await d.page.reload();
  await expect(offer2.getByTestId("confirm-report")).toContainText(`${u1} won`);
  await sendReport(c.page, u2, u1);
  await offer2.getByTestId("confirm-button").click();
  await expect(offer2.getByTestId("confirm-error")).toContainText("That report changed in the meantime");
  await expect(offer2.getByTestId("confirm-report")).toContainText(`${u2} won`); // the new report is shown
  await expect(offer2.getByTestId("confirm-report")).toHaveAttribute("data-report-version", "2");
  await expect(d.page.getByTestId("self-final")).toHaveCount(0);
  const match2 = await slipMatchId(judge, eventId, c.table);
  expect(await auditCount("result.team_confirm", match2)).toBe(0);
  await offer2.getByTestId("confirm-button").click();
  await expect(d.page.getByTestId("self-final")).toHaveText(`Final result: ${u2} won`);
  expect(await auditCount("result.team_confirm", match2)).toBe(1);
});

test("the judge accepts a one-sided team report with one tap → final, one audit row", async () => {
  await to.goto(`/events/${eventId}/admin`);
  to.once("dialog", (d) => void d.accept()); // Close round asks first (issue #14)
  await to.getByTestId("round-1").getByRole("button", { name: "Close round" }).click();
  await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Closed");
  await to.getByRole("button", { name: "Pair round 2" }).click();
  await to.getByTestId("round-2").getByRole("button", { name: "Publish pairings" }).click();
  await expect(to.getByTestId("round-2").getByTestId("round-status")).toHaveText("Published");

  const p = phones[0].page;
  await p.goto(`/events/${eventId}/report`);
  await expect(p.getByTestId("self-table")).toContainText("Round 2");
  const table = (await p.getByTestId("self-table").innerText()).split(" · ")[1];
  const [w1, w2] = (await p.locator("#my-table-h + p").innerText()).split(" vs ").map((x) => x.trim());
  await sendReport(p, w1, w2);

  const matchId = await slipMatchId(judge, eventId, `Round 2 · ${table}`);
  const n = table.replace(/\D/g, "");
  await judge.goto(`/events/${eventId}/rounds/2#table-${n}`);
  const card = judge.locator(`#table-${n}`);
  await card
    .getByTestId("accept-report")
    .getByRole("button", { name: /Accept/ })
    .click();
  await expect(card.getByTestId("match-result")).toContainText(`${w1} won`);
  expect(await auditCount("result.accept", matchId)).toBe(1);
  await p.reload();
  await expect(p.getByTestId("self-final")).toHaveText(`Final result: ${w1} won`);
});

/** The match id of a table ("Round N · Table M") from that round's slips page. */
async function slipMatchId(page: Page, event: string, table: string): Promise<string> {
  const round = /Round (\d+)/.exec(table)?.[1] ?? "1";
  await page.goto(`/events/${event}/print/slips?round=${round}`);
  const slip = page.locator(`[data-testid="slip"][aria-label="${table}"]`);
  return (await slip.getAttribute("data-match-id"))!;
}
