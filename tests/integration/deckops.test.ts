/**
 * Issue #4 (app part) through the server layer on real Postgres: card import (YGOPRODeck JSON via
 * the action, a delta .cdb via `npm run cards:import`'s script — one shared import path), the
 * decklist window (locked_on_submit, deadline + judge unlock), deck checks per round with
 * seeded suggestions, MTG 2HG end to end (Forge list, text lists, TEAM_TOO_MANY_COPIES), and
 * privacy of every server action's response towards the public and another team's duelist.
 */
import { execFile } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { addJudgeAccepted, importCardsAndWait, importCardsJob, makeEvent, makeUser, must, registerTeams } from "./fixtures";
import { buildContext, type Fixtures } from "./authz/context";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";
import { roundDeckChecks } from "@/lib/server/read/deckchecks";
import { teamDecklists } from "@/lib/server/read/decklistView";
import { suggestDeckChecks } from "@/lib/pairing";

const dbUrl = await useTestDatabase();

const root = path.resolve(import.meta.dirname, "../..");
const data = path.resolve(root, "../shared/data");
const read = (p: string) => readFileSync(path.join(data, p));

/** Gives the duelist an account and returns its user id. */
async function account(duelistId: string, username: string): Promise<string> {
  const u = await makeUser(username);
  await db().duelist.update({ where: { id: duelistId }, data: { userId: u, claimCodeHash: null } });
  return u;
}
const duelistOf = (teamId: string, designation: "A" | "B") => db().duelist.findFirstOrThrow({ where: { teamId, designation } });

describe("card import: one path for the /cards action and the cards:import CLI", () => {
  let organizer: string;
  beforeAll(async () => {
    organizer = await makeUser("cards-to", { organizer: true });
  });

  it("the page imports a .cdb; the CLI refuses changing 50 stored cards without --allow-changes, then updates and lists them", async () => {
    const r = await importCardsAndWait(organizer, {
      bytes: new Uint8Array(read("cards/babelcdb_cards_2020-03-30.cdb")),
      fileName: "cards.cdb",
    });
    expect(r).toMatchObject({ kind: "cdb", added: 10628, total: 10628 });
    const delta = path.join(data, "cards/deltapuppetofstrings_cards.delta.cdb");
    const cliEnv = { cwd: root, env: { ...process.env, DATABASE_URL: dbUrl, INIT_CWD: root } };
    const refused = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/cards-import.ts", delta], cliEnv).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain("The file would change 50 stored card(s)");
    expect(await db().card.count()).toBe(10628);
    const cli = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/cards-import.ts", delta, "--allow-changes"],
      cliEnv,
    );
    expect(cli.stdout).toContain("3202/3202 cards staged (100%)");
    expect(cli.stdout).toContain(
      "Done: 1852 cards added, 50 updated (name, alias, type or scope changed), 1300 already up to date. The database now holds " +
        "12480 cards.",
    );
    expect(await db().cardChange.count()).toBe(50);
    // re-importing the same delta changes nothing and says so
    const again = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/cards-import.ts", delta], cliEnv);
    expect(again.stdout).toContain("Nothing to change: all 3202 cards of the file are already up to date. The database holds 12480 cards.");
    expect(await db().card.count()).toBe(12480);
    const audits = await db().auditLog.findMany({ where: { action: "cards.import" }, orderBy: { createdAt: "asc" } });
    expect(audits.map((a) => (a.after as { added: number }).added)).toEqual([10628, 1852, 0]);
  });

  it("YGOPRODeck JSON: new cards, artworks added; a renamed card is refused by the page, the CLI updates it keeping ot/type", async () => {
    const ash = await db().card.findUniqueOrThrow({ where: { passcode: 14558127 } });
    const json = {
      data: [
        {
          id: 14558127,
          name: "Ash Blossom & Joyous Spring (renamed)",
          type: "Tuner Monster",
          frameType: "effect",
          card_images: [{ id: 14558127 }],
        },
        {
          id: 99990001,
          name: "Tandem Test Dragon",
          type: "Fusion Monster",
          frameType: "fusion",
          card_images: [{ id: 99990001 }, { id: 99990002 }],
        },
      ],
    };
    const page = await importCardsJob(organizer, { bytes: new TextEncoder().encode(JSON.stringify(json)), fileName: "cards.json" });
    expect(page).toMatchObject({ status: "FAILED", error: { code: "CARD_CHANGES_NEED_CLI", params: { count: 1 } } });
    expect(await db().card.count()).toBe(12480);
    const file = path.join(os.tmpdir(), `cards-${process.pid}.json`);
    writeFileSync(file, JSON.stringify(json));
    await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/cards-import.ts", file, "--allow-changes"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: dbUrl, INIT_CWD: root },
    });
    const audit = await db().auditLog.findFirstOrThrow({ where: { action: "cards.import" }, orderBy: { createdAt: "desc" } });
    expect(audit.after).toMatchObject({
      file: path.basename(file),
      kind: "ygoprodeck-json",
      cards: 3,
      added: 2,
      changed: 1,
      unchanged: 0,
      total: 12482,
      via: "cli",
    });
    const after = await db().card.findUniqueOrThrow({ where: { passcode: 14558127 } });
    expect({ name: after.name, ot: after.ot, type: after.type }).toEqual({
      name: "Ash Blossom & Joyous Spring (renamed)",
      ot: ash.ot,
      type: ash.type,
    });
    expect(await db().card.findUniqueOrThrow({ where: { passcode: 99990002 } })).toMatchObject({ alias: 99990001, isExtra: true });
  });

  it("a file that is neither is refused naming the file; the CLI says so too; nothing is written", async () => {
    const before = await rowCounts();
    const res = await ACTIONS.importCards.handle(organizer, { bytes: new TextEncoder().encode("not json"), fileName: "notes.txt" });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.code).toBe("BAD_CARD_FILE");
      expect(res.error.message).toBe(
        "notes.txt is not an EDOPro/YGOPro card database (.cdb) or YGOPRODeck card JSON (it is text but not valid JSON).",
      );
      expect(res.error.field).toBe("bytes");
    }
    // A PNG picked as .cdb gets a clean reason, not the decoder's "The encoded data was not valid for encoding utf-8"
    const png = await ACTIONS.importCards.handle(organizer, {
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0xc4, 0xb3]),
      fileName: "photo.cdb",
    });
    expect(png.ok).toBe(false);
    if (!png.ok)
      expect(png.error.message).toBe(
        "photo.cdb is not an EDOPro/YGOPro card database (.cdb) or YGOPRODeck card JSON (it is a binary file, not an SQLite database).",
      );
    const bad = path.join(os.tmpdir(), `decks-empty-${process.pid}.json`);
    writeFileSync(bad, JSON.stringify({ data: [] }));
    const cli = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/cards-import.ts", bad], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: dbUrl },
    }).catch((e: { code: number; stderr: string }) => e);
    expect(cli).toMatchObject({ code: 1 });
    expect((cli as { stderr: string }).stderr).toContain(`${path.basename(bad)} holds no cards.`);
    // only the CLI's job row (FAILED) is new: no card, no audit row
    expect(await rowCounts()).toEqual({ ...before, CardImportJob: before.CardImportJob + 1 });
    expect(await db().cardImportJob.findFirst({ orderBy: { createdAt: "desc" } })).toMatchObject({
      status: "FAILED",
      error: { code: "BAD_CARD_FILE" },
    });
  });
});

describe("decklist window: locked_on_submit and the deadline (issue #4 item 3)", () => {
  let ev: Awaited<ReturnType<typeof makeEvent>>;
  let teams: string[];
  const YDK = (n: number) =>
    [
      "#main",
      ...Array.from({ length: n }, (_, i) =>
        String(
          [
            14558127, 24224830, 73628505, 12580477, 5318639, 14087893, 9190563, 2460565, 8814959, 11066358, 18108166, 16404809, 26202165,
            31305911,
          ][i % 14],
        ),
      ),
    ].join("\n");
  beforeAll(async () => {
    ev = await makeEvent("win");
    teams = await registerTeams(ev.eventId, ev.judge, 2, "W");
  });

  it("locked_on_submit: a duelist's list locks on submit; replacing is refused until a judge unlocks, then it locks again", async () => {
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, settings: { decklistChanges: "locked_on_submit" } });
    const a = await duelistOf(teams[0], "A");
    const user = await account(a.id, "win-a");
    const first = await must<{ decklistId: string }>("submitDecklist", user, { duelistId: a.id, text: YDK(40) });
    expect((await db().decklist.findUniqueOrThrow({ where: { id: first.decklistId } })).locked).toBe(true);
    const before = await rowCounts();
    const again = await ACTIONS.submitDecklist.handle(user, { duelistId: a.id, text: YDK(41) });
    expect(again.ok || again.error.code).toBe("DECKLIST_LOCKED");
    expect(await rowCounts()).toEqual(before);
    await must("unlockDecklist", ev.judge, { decklistId: first.decklistId });
    await must("submitDecklist", user, { duelistId: a.id, text: YDK(41) });
    const stored = await db().decklist.findUniqueOrThrow({ where: { id: first.decklistId } });
    expect({ locked: stored.locked, version: stored.version }).toEqual({ locked: true, version: 2 });
    // A judge's submission for the duelist does not lock it.
    await must("unlockDecklist", ev.judge, { decklistId: first.decklistId });
    await must("submitDecklist", ev.judge, { duelistId: a.id, text: YDK(40) });
    expect((await db().decklist.findUniqueOrThrow({ where: { id: first.decklistId } })).locked).toBe(false);
  });

  it("the deadline locks every list for its duelist; a judge's unlock allows exactly one replacement", async () => {
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, settings: { decklistChanges: "until_deadline" } });
    const b = await duelistOf(teams[1], "B");
    const user = await account(b.id, "win-b");
    const { decklistId } = await must<{ decklistId: string }>("submitDecklist", user, { duelistId: b.id, text: YDK(40) });
    await must("submitDecklist", user, { duelistId: b.id, text: YDK(42) }); // before the deadline: replace freely
    await must("updateEvent", ev.organizer, { eventId: ev.eventId, decklistDeadline: new Date(Date.now() - 60_000).toISOString() });
    const late = await ACTIONS.submitDecklist.handle(user, { duelistId: b.id, text: YDK(40) });
    expect(late.ok || late.error.code).toBe("DEADLINE_PASSED");
    const teammate = await duelistOf(teams[1], "A");
    const other = await account(teammate.id, "win-b-mate");
    const missing = await ACTIONS.submitDecklist.handle(other, { duelistId: teammate.id, text: YDK(40) });
    expect(missing.ok || missing.error.code).toBe("DEADLINE_PASSED");
    await must("submitDecklist", ev.judge, { duelistId: teammate.id, text: YDK(40) }); // staff may still submit
    await must("unlockDecklist", ev.judge, { decklistId });
    // The unlock is a column of the list (what the decklist pages read), not an audit lookup.
    const unlocked = await db().decklist.findUniqueOrThrow({ where: { id: decklistId } });
    expect(unlocked.unlockedAt!.getTime()).toBeGreaterThan(unlocked.submittedAt.getTime());
    const shown = (await teamDecklists(teams[1])).find((l) => l.decklistId === decklistId)!;
    expect(shown.unlockedAt).toEqual(unlocked.unlockedAt);
    await must("submitDecklist", user, { duelistId: b.id, text: YDK(40) });
    const twice = await ACTIONS.submitDecklist.handle(user, { duelistId: b.id, text: YDK(41) });
    expect(twice.ok || twice.error.code).toBe("DEADLINE_PASSED");
    expect((await db().decklist.findUniqueOrThrow({ where: { id: decklistId } })).version).toBe(3);
  });
});

describe("deck checks per round (issue #4 item 2)", () => {
  let ev: Awaited<ReturnType<typeof makeEvent>>;
  let teams: string[];
  let round1: string;
  beforeAll(async () => {
    ev = await makeEvent("dc");
    teams = await registerTeams(ev.eventId, ev.judge, 8, "K");
    round1 = (await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "dc" })).roundId;
    await must("publishRound", ev.organizer, { roundId: round1 });
  });

  it("suggestions are the pure function's pick seeded by the round id, stable across reloads", async () => {
    const a = await roundDeckChecks(ev.eventId, 1);
    const b = await roundDeckChecks(ev.eventId, 1);
    expect(a!.suggestions).toEqual(b!.suggestions);
    expect(a!.suggestions.map((s) => s.teamId)).toEqual(
      suggestDeckChecks(
        teams.map((id) => ({ id, checkedBefore: false })),
        round1,
      ),
    );
    expect(a!.suggestions).toHaveLength(1); // 8 teams → 1
    expect(a!.playing).toHaveLength(8);
  });

  it("record OK, update to PROBLEM (notes required), remove; one audit row each", async () => {
    const team = teams[2];
    const audits0 = await db().auditLog.count({ where: { entity: "DeckCheck" } });
    await must("recordDeckCheck", ev.judge, { roundId: round1, teamId: team, outcome: "OK" });
    const noNotes = await ACTIONS.recordDeckCheck.handle(ev.judge, { roundId: round1, teamId: team, outcome: "PROBLEM", notes: "  " });
    expect(noNotes.ok ? null : [noNotes.error.code, noNotes.error.field]).toEqual(["NOTES_REQUIRED", "notes"]);
    const upd = await must<{ updated: boolean }>("recordDeckCheck", ev.organizer, {
      roundId: round1,
      teamId: team,
      outcome: "PROBLEM",
      notes: "B's deck has 41 cards, list says 40",
    });
    expect(upd.updated).toBe(true);
    const view = await roundDeckChecks(ev.eventId, 1);
    expect(view!.thisRound.map((c) => [c.teamId, c.outcome, c.notes])).toEqual([[team, "PROBLEM", "B's deck has 41 cards, list says 40"]]);
    expect(await db().deckCheck.count()).toBe(1);
    const other = await makeEvent("dc-other");
    const [foreign] = await registerTeams(other.eventId, other.judge, 1, "F");
    const cross = await ACTIONS.recordDeckCheck.handle(ev.judge, { roundId: round1, teamId: foreign, outcome: "OK" });
    expect(cross.ok || cross.error.code).toBe("NOT_FOUND");
    await must("removeDeckCheck", ev.judge, { roundId: round1, teamId: team });
    expect(await db().deckCheck.count()).toBe(0);
    expect(await db().auditLog.count({ where: { entity: "DeckCheck" } })).toBe(audits0 + 3);
  });

  it("round 2 suggests teams not checked in round 1 while any remain", async () => {
    // Check 7 of the 8 teams in round 1; round 2 must then suggest the eighth.
    for (const t of teams.slice(0, 7)) await must("recordDeckCheck", ev.judge, { roundId: round1, teamId: t, outcome: "OK" });
    const matches = await db().match.findMany({ where: { roundId: round1 } });
    for (const m of matches) await must("reportResult", ev.judge, { roundId: round1, matchId: m.id, result: "team1" });
    await must("closeRound", ev.organizer, { roundId: round1 });
    const { roundId: round2 } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "dc2" });
    const view = await roundDeckChecks(ev.eventId, 2);
    expect(view!.round.id).toBe(round2);
    expect(view!.suggestions.map((s) => [s.teamId, s.checkedBefore, s.checked])).toEqual([[teams[7], false, false]]);
    expect(view!.all).toHaveLength(7);
  });
});

describe("MTG Two-Headed Giant end to end (Forge list, text lists; issue #4 item 4)", () => {
  it("a Forge banlist import, a banned card, and 5 copies across the team → TEAM_TOO_MANY_COPIES", async () => {
    const organizer = await makeUser("mtg-to", { organizer: true });
    const judge = await makeUser("mtg-judge");
    const { eventId } = await must<{ eventId: string }>("createEvent", organizer, { name: "2HG Legacy", formatPreset: "MTG_2HG" });
    await addJudgeAccepted(organizer, eventId, "mtg-judge", judge);
    const bl = await must<{ name: string; entries: number }>("importBanlist", organizer, {
      eventId,
      text: read("banlists/mtg_forge_Legacy.txt").toString("utf8"),
      fileName: "Legacy.txt",
    });
    expect(bl.name).toBe("Legacy");
    const [team] = await registerTeams(eventId, judge, 1, "M");
    const a = await duelistOf(team, "A"),
      b = await duelistOf(team, "B");
    // A: the real legacy-painter main deck (60 cards, its sideboard left out: 2HG has none) — 4 Goblin Welder.
    const painter = read("decks/mtg/mtggoldfish_legacy_7688038.txt").toString("utf8").split(/\r?\n/);
    const main = painter
      .slice(
        0,
        painter.findIndex((l) => /^sideboard$/i.test(l.trim())),
      )
      .join("\n");
    const ra = await must<{ isLegal: boolean }>("submitDecklist", judge, { duelistId: a.id, text: main });
    expect(ra.isLegal).toBe(true);
    const rb = await must<{
      isLegal: boolean;
      legality: { violations: { code: string }[]; team: { code: string; card: { name: string }; count: number; limit: number }[] };
    }>("submitDecklist", judge, { duelistId: b.id, text: "1 Goblin Welder\n1 Black Lotus\n58 Mountain" });
    expect(rb.isLegal).toBe(false);
    expect(rb.legality.violations.map((v) => v.code)).toEqual(["FORBIDDEN"]);
    expect(rb.legality.team.map((v) => [v.code, v.card.name, v.count, v.limit])).toEqual([["TEAM_TOO_MANY_COPIES", "Goblin Welder", 5, 4]]);
    // The team rule marks A's list too (both lists carry team violations).
    const la = await db().decklist.findUniqueOrThrow({ where: { duelistId: a.id } });
    expect(la.isLegal).toBe(false);
    expect((la.legality as { team: { code: string }[] }).team.map((v) => v.code)).toEqual(["TEAM_TOO_MANY_COPIES"]);
  });
});

describe("privacy: no server action answers the public or another team's duelist with a private card", () => {
  it("every registered action, called with each authz fixture by those two, returns nothing naming the victim's cards", async () => {
    const ctx = await buildContext();
    const fixtures: Fixtures = {};
    for (const f of readdirSync(path.join(import.meta.dirname, "authz")).filter((f) => f.endsWith(".fixtures.ts"))) {
      Object.assign(fixtures, ((await import(/* @vite-ignore */ `./authz/${f}`)) as { fixtures: Fixtures }).fixtures);
    }
    // The victim team's lists: Trickstars (A) with their names in the card DB imported above.
    const trick = read("decks/ydk/ignis_distribution_trickstars.ydk").toString("utf8");
    await must("submitDecklist", ctx.judge, { duelistId: ctx.victimDuelists[0], text: trick });
    const passcodes = [
      ...new Set(
        trick
          .split(/\r?\n/)
          .filter((l) => /^\d+$/.test(l.trim()))
          .map((l) => Number(l.trim())),
      ),
    ];
    const names = (await db().card.findMany({ where: { passcode: { in: passcodes } } })).map((c) => c.name).filter((n) => n.length > 6);
    expect(names.length).toBeGreaterThan(10);
    const attackers = ctx.attackers.filter((a) => a.label !== "a judge of another event");
    let calls = 0;
    for (const name of Object.keys(ACTIONS)) {
      for (const who of attackers) {
        const body = JSON.stringify(await ACTIONS[name].handle(who.userId, fixtures[name](ctx)));
        calls++;
        for (const n of names) expect(body.includes(n), `${name} as ${who.label} leaks "${n}"`).toBe(false);
        for (const p of passcodes) expect(body.includes(String(p)), `${name} as ${who.label} leaks passcode ${p}`).toBe(false);
      }
    }
    expect(calls).toBe(Object.keys(ACTIONS).length * 2);
  });
});
