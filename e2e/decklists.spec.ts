/**
 * Issue #4 acceptance (app part), in Chromium against the built server:
 * - the organizer imports the card DB (.cdb) on /cards and the 2026.05 TCG list for a Tag Duel event;
 * - a duelist (registration → claim code → account) uploads Trickstars.ydk: illegal, the two
 *   violations shown next to Linkuriboh and Droll & Lock Bird; uploads a legal list; with the
 *   teammate's legal list the judge's overview turns green (A legal, B legal, team rules OK);
 * - privacy: every page and route handler (HTML and the RSC/flight payload, `RSC: 1`), fetched as
 *   the public and as a duelist of another team, never contains a card name of the private lists;
 * - deck checks: the judge sees this round's suggestion and records a check;
 * - MTG Two-Headed Giant: Forge list import, pasted text lists, 5 Goblin Welder across the two
 *   decks → TEAM_TOO_MANY_COPIES shown as a team problem.
 * Server-action responses are covered by tests/integration/deckops.test.ts (privacy block).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { test, expect, type APIRequestContext, type Page } from "./test";
import { DATA, PASSWORD, addJudge, checkPhonePage, createEvent, newSignedInPage, registerTeam } from "./helpers";

const YDK = (f: string) => path.join(DATA, "decks/ydk", f);
const passcodes = (f: string) => [
  ...new Set(
    readFileSync(YDK(f), "utf8")
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => /^\d+$/.test(l))
      .map(Number),
  ),
];

async function cardNames(codes: number[]): Promise<string[]> {
  const c = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await c.connect();
  try {
    const r = await c.query<{ name: string }>(`SELECT name FROM "Card" WHERE passcode = ANY($1::int[])`, [codes]);
    return r.rows.map((x) => x.name);
  } finally {
    await c.end();
  }
}

/** Every page and GET route of the app, with [id]/[teamId]/[number] filled in. */
function appUrls(params: Record<string, string>): string[] {
  const root = path.resolve(import.meta.dirname, "../app");
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) {
        walk(p);
        continue;
      }
      if (!/^(page\.tsx|route\.ts)$/.test(f)) continue;
      const rel = path
        .relative(root, path.dirname(p))
        .split(path.sep)
        .filter((s) => s && !/^\(.*\)$/.test(s));
      if (rel.some((s) => s.startsWith("[..."))) continue; // next-auth's own endpoint
      if (rel.at(-1) === "stream") continue; // the live stream never ends: read on its own below
      if (rel.some((s) => /^\[(.+)\]$/.test(s) && !(s.slice(1, -1) in params))) continue;
      out.push("/" + rel.map((s) => (/^\[(.+)\]$/.test(s) ? params[s.slice(1, -1)] : s)).join("/"));
    }
  };
  walk(root);
  return [...new Set(out)];
}

async function claim(page: Page, code: string, username: string) {
  await page.goto(`/claim?code=${code}`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/decklists$/);
}

async function register(page: Page, eventId: string, name: string, a: string, b: string) {
  return registerTeam(page, eventId, { name, a, b });
}

async function newEvent(to: Page, name: string, preset: string, listFile: string) {
  const eventId = await createEvent(to, name, preset);
  await to
    .getByTestId("banlist-form")
    .locator("input[type=file]")
    .setInputFiles(path.join(DATA, "banlists", listFile));
  await to.getByRole("button", { name: "Import list" }).click();
  await expect(to.getByTestId("banlist-form").getByRole("status")).toContainText("Imported");
  return eventId;
}

test.describe.serial("decklists and legality (issue #4)", () => {
  const seed = `d${Date.now().toString(36)}`;
  let eventId = "";
  let victim = { teamId: "", A: "", B: "" };
  let other = { teamId: "", A: "", B: "" };

  test("the organizer imports the card DB on /cards and sets up a Tag Duel event", async ({ browser }) => {
    const to = await newSignedInPage(browser, "e2e-organizer");
    await to.goto("/cards");
    await to.getByLabel("EDOPro/YGOPro card database (.cdb)").setInputFiles(path.join(DATA, "cards/edopro_cards_merged_2026-08-22.cdb"));
    await to.getByRole("button", { name: "Import card database" }).click();
    await expect(to.getByRole("status")).toContainText("14893 cards in all", { timeout: 60_000 });
    // The card database is shared: a page upload that would change stored cards is refused.
    await to.getByLabel("EDOPro/YGOPro card database (.cdb)").setInputFiles(path.join(DATA, "cards/babelcdb_cards_2020-03-30.cdb"));
    await to.getByRole("button", { name: "Import card database" }).click();
    await expect(to.getByTestId("cards-job")).toContainText("an upload here may only add new passcodes", { timeout: 60_000 });
    await to.setViewportSize({ width: 390, height: 844 });
    await checkPhonePage(to, "cards-refused-phone");
    // One upload limit: a 20 MB file reaches the action (refused for what it is, not for its size,
    // and not "the server could not be reached"); a larger one is refused before it is sent.
    await to
      .getByLabel("EDOPro/YGOPro card database (.cdb)")
      .setInputFiles({ name: "zeros.cdb", mimeType: "application/octet-stream", buffer: Buffer.alloc(20 * 1024 * 1024) });
    await to.getByRole("button", { name: "Import card database" }).click();
    await expect(to.getByTestId("cards-form").getByRole("alert")).toContainText("is not an EDOPro/YGOPro card database", {
      timeout: 60_000,
    });
    await to
      .getByLabel("EDOPro/YGOPro card database (.cdb)")
      .setInputFiles({ name: "big.cdb", mimeType: "application/octet-stream", buffer: Buffer.alloc(20 * 1024 * 1024 + 1) });
    await to.getByRole("button", { name: "Import card database" }).click();
    await expect(to.getByTestId("cards-form").getByRole("alert")).toContainText("file too large (max 20 MB)");
    await to.goto("/cards/changes");
    await expect(to.getByTestId("card-changes-empty")).toBeVisible();
    await checkPhonePage(to, "card-changes-phone");
    await to.setViewportSize({ width: 1280, height: 800 });
    eventId = await newEvent(to, `E2E Decklists ${seed}`, "KONAMI_TAG_2019", "ygo_edopro_TCG_2026.05.lflist.conf");
    await addJudge(to);
    victim = await register(to, eventId, "Trick Room", "Ana Trick", "Bea Room");
    other = await register(to, eventId, "Other Side", "Cid Other", "Dana Side");
    await to.context().close();
  });

  test("a duelist's illegal list shows its violations next to the cards; a legal one fixes it; the judge's overview turns green", async ({
    browser,
  }) => {
    const judge = await newSignedInPage(browser, "e2e-judge");
    const a = await (await browser.newContext()).newPage();
    await claim(a, victim.A, `${seed}-a`);
    await a.getByLabel("Decklist file (.ydk, .txt)").setInputFiles(YDK("ignis_distribution_trickstars.ydk"));
    await a.getByRole("button", { name: "Submit decklist" }).click();
    const mine = a.getByTestId("decklist-A");
    await expect(mine.getByTestId("deck-status")).toHaveText("Illegal");
    const flagged = mine.getByTestId("flagged-card");
    await expect(flagged).toHaveCount(2);
    await expect(flagged.filter({ hasText: "Linkuriboh" }).getByTestId("card-violations")).toContainText("2026.05 TCG");
    await expect(flagged.filter({ hasText: "Droll & Lock Bird" }).getByTestId("card-violations")).toContainText("2026.05 TCG");

    await judge.goto(`/events/${eventId}/decklists`);
    const row = judge.getByTestId("deck-overview-row").filter({ hasText: "Trick Room" });
    await expect(row.getByTestId("deck-status")).toHaveText(["Illegal", "Missing"]);

    await a.getByLabel("Decklist file (.ydk, .txt)").setInputFiles(YDK("ignis_distribution_starter_link_strike.ydk"));
    await a.getByRole("button", { name: "Replace decklist" }).click();
    await expect(mine.getByTestId("deck-status")).toHaveText("Legal");
    await expect(mine.getByTestId("flagged-card")).toHaveCount(0);

    const b = await (await browser.newContext()).newPage();
    await claim(b, victim.B, `${seed}-b`);
    await b.getByLabel("Decklist file (.ydk, .txt)").setInputFiles(YDK("edopro_tactical_try_evil_twin.ydk"));
    await b.getByRole("button", { name: "Submit decklist" }).click();
    await expect(b.getByTestId("decklist-B").getByTestId("deck-status")).toHaveText("Legal");

    // The other team's duelist uploads a list of their own (used by the privacy test).
    const o = await (await browser.newContext()).newPage();
    await claim(o, other.B, `${seed}-o`);
    await o.getByLabel("Decklist file (.ydk, .txt)").setInputFiles(YDK("windbot_AI_Voiceless.ydk"));
    await o.getByRole("button", { name: "Submit decklist" }).click();
    await expect(o.getByTestId("decklist-B").getByTestId("deck-status")).toHaveText("Illegal");

    await judge.reload();
    await expect(row.getByTestId("deck-status")).toHaveText(["Legal", "Legal"]);
    await expect(row.getByTestId("team-rules")).toHaveText("OK");
    await row.getByRole("link", { name: "Trick Room" }).click();
    await expect(judge.getByTestId("decklist-A").getByTestId("deck-status")).toHaveText("Legal");
    await expect(judge.getByTestId("decklist-B").getByTestId("deck-status")).toHaveText("Legal");
    await expect(judge.getByTestId("team-violations")).toHaveCount(0);
    for (const ctx of [a.context(), b.context(), o.context(), judge.context()]) await ctx.close();
  });

  test("privacy: no page or route, as HTML or RSC payload, shows the public or another team's duelist a private card", async ({
    browser,
    playwright,
  }) => {
    const to = await newSignedInPage(browser, "e2e-organizer");
    await to.goto(`/events/${eventId}/admin`);
    await to.getByRole("button", { name: "Pair round 1" }).click();
    await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Paired (not public)");
    await to.getByTestId("round-1").getByRole("button", { name: "Publish pairings" }).click();
    await expect(to.getByTestId("round-1").getByTestId("round-status")).toHaveText("Published");
    await to.context().close();

    const theirs = new Set(await cardNames(passcodes("windbot_AI_Voiceless.ydk")));
    const victimNames = await cardNames([
      ...passcodes("ignis_distribution_starter_link_strike.ydk"),
      ...passcodes("edopro_tactical_try_evil_twin.ydk"),
    ]);
    const secret = [...new Set(victimNames)].filter((n) => !theirs.has(n) && n.length >= 8);
    expect(secret.length).toBeGreaterThan(15);

    const urls = [
      ...appUrls({ id: eventId, teamId: victim.teamId, number: "1" }),
      ...appUrls({ id: eventId, teamId: other.teamId, number: "1" }),
    ];
    expect(urls).toContain(`/events/${eventId}/decklists/${victim.teamId}`);
    // The decklist downloads (issue #17) with each format: refused (404) to both viewers below.
    const downloads = [
      ...["ydk&seat=A", "txt&seat=B", "pdf"].map((q) => `/api/events/${eventId}/decklists/${victim.teamId}?format=${q}`),
      `/api/events/${eventId}/deckchecks`,
    ];
    urls.push(...downloads);
    const duelist = await newSignedInPage(browser, `${seed}-o`);
    const viewers: [string, APIRequestContext][] = [
      ["the public", await playwright.request.newContext({ baseURL: test.info().project.use.baseURL })],
      ["another team's duelist", duelist.context().request],
    ];
    // Every (viewer, URL, HTML or RSC) fetch, four at a time: the server renders them in parallel.
    const gets = viewers.flatMap(([who, req]) =>
      [...new Set(urls)].flatMap((url) => ([{}, { RSC: "1" }] as Record<string, string>[]).map((headers) => ({ who, req, url, headers }))),
    );
    let fetched = 0;
    const next = async (): Promise<void> => {
      for (let g = gets.shift(); g; g = gets.shift()) {
        const { who, req, url, headers } = g;
        const res = await req.get(url, { headers, maxRedirects: 0, timeout: 120_000 });
        const body = await res.text();
        fetched++;
        if (downloads.includes(url) && !("RSC" in headers)) expect(res.status(), `${who} GET ${url}`).toBe(404);
        for (const n of secret)
          expect(body.includes(n), `${who} GET ${url} ${"RSC" in headers ? "(RSC)" : ""} → ${res.status()} shows "${n}"`).toBe(false);
      }
    };
    await Promise.all([next(), next(), next(), next()]);
    // The live stream (issue #15) carries versions and topics only: its first frames name no card.
    for (const [who, cookie] of [
      ["the public", ""],
      ["another team's duelist", (await duelist.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ")],
    ]) {
      const abort = new AbortController();
      const res = await fetch(new URL(`/api/events/${eventId}/stream`, test.info().project.use.baseURL), {
        headers: { cookie },
        signal: abort.signal,
      });
      expect(res.headers.get("content-type"), `${who} stream`).toContain("text/event-stream");
      const reader = res.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      abort.abort();
      expect(first, `${who} stream`).toContain("event: tick");
      for (const n of secret) expect(first.includes(n), `${who} stream shows "${n}"`).toBe(false);
    }
    // The check can see a card name where it is allowed: the victim's own team page, for the judge.
    const judge = await newSignedInPage(browser, "e2e-judge");
    const ok = await judge.context().request.get(`/events/${eventId}/decklists/${victim.teamId}`, { headers: { RSC: "1" } });
    expect(ok.status()).toBe(200);
    expect((await ok.text()).includes(secret[0])).toBe(true);
    expect(fetched).toBeGreaterThan(40);
    await judge.context().close();
    await duelist.context().close();
  });

  test("deck checks: the judge sees this round's suggestion and records a check", async ({ browser }) => {
    const judge = await newSignedInPage(browser, "e2e-judge");
    await judge.goto(`/events/${eventId}/decklists`);
    await judge.getByTestId("deckchecks-link").click();
    await expect(judge.getByRole("heading", { name: "Suggested for round 1" })).toBeVisible();
    const s = judge.getByTestId("deckcheck-suggestion");
    await expect(s).toHaveCount(1);
    const team = await s.getByTestId("suggested-team").innerText();
    expect(["Trick Room", "Other Side"]).toContain(team);
    await s.getByText(`Record the check of ${team}`).click();
    await s.getByLabel("Problem").check();
    await s.getByRole("button", { name: "Record check" }).click();
    await expect(s.getByRole("alert")).toContainText("Describe the problem in the notes.");
    await s.getByLabel("Notes").fill("Side Deck had 16 cards; fixed, warning given");
    await s.getByRole("button", { name: "Record check" }).click();
    const rec = judge.getByTestId("deckcheck-row");
    await expect(rec).toHaveCount(1);
    await expect(rec).toContainText(team);
    await expect(rec.getByTestId("deckcheck-outcome")).toHaveText("Problem");
    await expect(s).toContainText("Checked");
    await judge.setViewportSize({ width: 390, height: 844 });
    await checkPhonePage(judge, "phone-deckchecks");
    await judge.goto(`/events/${eventId}/decklists/${victim.teamId}`);
    await checkPhonePage(judge, "phone-team-lists-legal");
    // Downloads (issue #17): .ydk and text per list, the team's forms PDF; the event's deck-check PDF.
    await expect(judge.getByRole("link", { name: "Download .ydk" })).toHaveCount(2);
    await expect(judge.getByTestId("team-pdf")).toBeVisible();
    const ydk = await judge.context().request.get(`/api/events/${eventId}/decklists/${victim.teamId}?format=ydk&seat=A`);
    expect(ydk.status()).toBe(200);
    expect(ydk.headers()["content-disposition"]).toMatch(/attachment; filename="team\d+-A\.ydk"/);
    expect(await ydk.text()).toMatch(/^#created by Tandem\n#main\n\d+\n/);
    const pdf = await judge.context().request.get(`/api/events/${eventId}/deckchecks`, { timeout: 60_000 });
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await judge.context().close();
  });

  test("MTG 2HG: Forge list, text lists, 5 copies across the team → TEAM_TOO_MANY_COPIES", async ({ browser }) => {
    const to = await newSignedInPage(browser, "e2e-organizer");
    const mtg = await newEvent(to, `E2E 2HG ${seed}`, "MTG_2HG", "mtg_forge_Legacy.txt");
    await expect(to.getByText("Current list: Legacy")).toBeVisible();
    const team = await register(to, mtg, "Welder Twins", "Eve Welder", "Finn Welder");
    const painter = readFileSync(path.join(DATA, "decks/mtg/mtggoldfish_legacy_7688038.txt"), "utf8").split(/\r?\n/);
    const main = painter
      .slice(
        0,
        painter.findIndex((l) => /^sideboard$/i.test(l.trim())),
      )
      .join("\n");
    await to.goto(`/events/${mtg}/decklists/${team.teamId}`);
    for (const [name, text] of [
      ["Eve Welder", main],
      ["Finn Welder", "1 Goblin Welder\n59 Mountain"],
    ] as const) {
      const box = to.locator("details", { hasText: `Submit a list for ${name}` });
      await box.getByText(`Submit a list for ${name}`).click();
      await box.getByText("…or paste a list", { exact: true }).click(); // MTG wording: no ydke://
      await box.getByLabel("Decklist text").fill(text);
      await box.getByRole("button", { name: "Submit decklist" }).click();
      await expect(to.getByTestId(name === "Eve Welder" ? "decklist-A" : "decklist-B").getByTestId("deck-status")).not.toHaveText(
        "Missing",
      );
    }
    const banner = to.getByTestId("team-violations");
    await expect(banner.locator("[data-code=TEAM_TOO_MANY_COPIES]")).toContainText("Goblin Welder");
    // A Magic event shows Magic words (sideboard, banned/restricted), never Yu-Gi-Oh! ones
    await expect(to.getByTestId("section-side").first()).toHaveText("Sideboard (0)");
    await expect(to.getByText(/Side Deck|Main Deck|ydke|Forbidden\/Limited/)).toHaveCount(0);
    for (const d of ["A", "B"]) {
      await expect(to.getByTestId(`decklist-${d}`).getByTestId("deck-status")).toHaveText("Illegal");
      await expect(to.getByTestId(`decklist-${d}`).getByTestId("flagged-card").filter({ hasText: "Goblin Welder" })).toContainText("Team:");
    }
    await to.goto(`/events/${mtg}/decklists`);
    const teamRules = to.getByTestId("deck-overview-row").filter({ hasText: "Welder Twins" }).getByTestId("team-rules");
    await expect(teamRules).toHaveText("1 problem");
    // the badge's tooltip is the rendered, translated sentence (decks.violation.*), not the stored English
    await expect(teamRules.locator("span[title]")).toHaveAttribute(
      "title",
      /^Goblin Welder: the team's decks hold 5 copies; at most 4 allowed across the team\.$/,
    );
    await to.context().addCookies([{ name: "tandem-locale", value: "pt-BR", url: to.url() }]);
    await to.reload();
    await expect(teamRules.locator("span[title]")).toHaveAttribute(
      "title",
      "Goblin Welder: os decks da equipe têm 5 cópias; no máximo 4 permitidas na equipe toda.",
    );
    await to.context().clearCookies({ name: "tandem-locale" });
    await to.setViewportSize({ width: 390, height: 844 });
    await to.goto(`/events/${mtg}/decklists/${team.teamId}`);
    await checkPhonePage(to, "phone-2hg-team-lists");
    await to.context().close();
  });
});
