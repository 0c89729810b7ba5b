/**
 * Decklists out (issue #17): who may download a team's lists (the decklist page's rule: the duelist,
 * the teammate, the event's judges/organizer, anyone once published; a duelist of another team, the
 * public and another event's judge not), the `.ydk` / text files reading back to the stored deck,
 * and the deck-check PDF's Monster/Spell/Trap split from the Card rows, built in the worker thread.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { useTestDatabase } from "./db";
import { makeEvent, makeUser, must, reportingWorld, type ReportingWorld } from "./fixtures";
import { db } from "@/lib/db";
import { loadActor, PUBLIC_ACTOR } from "@/lib/auth/actor";
import { parseYdk, parseYgoText } from "@/lib/decks";
import { CardIndex } from "@/lib/decks/cdb";
import type { YgoDeck } from "@/lib/decks/types";
import { deckSheetsInput, duelistListFile, mayDownloadTeamLists } from "@/lib/server/read/deckSheets";
import { deckSheetsPdf } from "@/lib/server/pdf/deckSheetsPdf";
import { loadMergedCards, readText } from "../decks/helpers";

await useTestDatabase();

const YDK = readText("decks", "ydk", "ignis_distribution_trickstars.ydk");
const sorted = (d: YgoDeck) => ({ main: [...d.main].sort(), extra: [...d.extra].sort(), side: [...d.side].sort() });

describe("decklist downloads (issue #17)", () => {
  let w: ReportingWorld;
  let otherJudge: string;
  let deck: YgoDeck;
  let index: CardIndex;
  let types: Map<number, number>;
  beforeAll(async () => {
    w = await reportingWorld("dlf", "KONAMI_TAG_2019", 2);
    otherJudge = (await makeEvent("dlo")).judge;
    const parsed = parseYdk(YDK);
    if (!parsed.ok) throw new Error("fixture does not parse");
    deck = parsed.deck;
    const { records } = await loadMergedCards();
    const used = new Set([...deck.main, ...deck.extra, ...deck.side]);
    const rows = records.filter((r) => used.has(r.passcode));
    await db().card.createMany({ data: rows, skipDuplicates: true });
    index = new CardIndex(rows);
    types = new Map(rows.map((r) => [r.passcode, r.type]));
    const a = await db().duelist.findFirstOrThrow({ where: { teamId: w.teams[0], designation: "A" } });
    await must("submitDecklist", w.judge, { duelistId: a.id, text: YDK, fileName: "Trickstars.ydk" });
  });

  const may = async (userId: string | null) =>
    mayDownloadTeamLists(w.eventId, w.teams[0], userId ? await loadActor(db(), userId) : PUBLIC_ACTOR);

  it("the duelist, teammate, judge and organizer may download; another team, the public, another event's judge may not", async () => {
    expect(await may(w.user.get(`${w.teams[0]}:A`)!)).toBe(true);
    expect(await may(w.user.get(`${w.teams[0]}:B`)!)).toBe(true);
    expect(await may(w.judge)).toBe(true);
    expect(await may(w.organizer)).toBe(true);
    expect(await may(w.user.get(`${w.teams[1]}:A`)!)).toBe(false);
    expect(await may(null)).toBe(false);
    expect(await may(otherJudge)).toBe(false);
    expect(await may(await makeUser("dlf-stranger"))).toBe(false);
    // A team id of this event under another event's id is not found.
    const other = await db().event.findFirstOrThrow({ where: { name: "dlo event" } });
    expect(await mayDownloadTeamLists(other.id, w.teams[0], await loadActor(db(), w.judge))).toBe(false);
  });

  it("once the organizer publishes the lists, anyone may download", async () => {
    await must("publishDecklists", w.organizer, { eventId: w.eventId, published: true });
    try {
      expect(await may(null)).toBe(true);
      expect(await may(w.user.get(`${w.teams[1]}:A`)!)).toBe(true);
    } finally {
      await must("publishDecklists", w.organizer, { eventId: w.eventId, published: false });
    }
    expect(await may(null)).toBe(false);
  });

  it("the .ydk download reads back to the stored deck; the text download parses back to the same cards", async () => {
    const ydk = await duelistListFile(w.teams[0], "A", "ydk");
    expect(ydk?.fileName).toMatch(/^team\d+-A\.ydk$/);
    const back = parseYdk(ydk!.body);
    expect(back.ok && sorted(back.deck)).toEqual(sorted(deck));
    const txt = await duelistListFile(w.teams[0], "A", "txt");
    const fromText = parseYgoText(txt!.body, index);
    expect(fromText.ok && sorted(fromText.deck)).toEqual(sorted(deck));
    // No list for B: nothing to download.
    expect(await duelistListFile(w.teams[0], "B", "ydk")).toBeNull();
  });

  it("the team PDF splits Main by the Card rows' types and prints the totals (worker thread)", async () => {
    const input = await deckSheetsInput(w.eventId, w.teams[0]);
    const list = input!.teams[0].duelists[0].list;
    expect(list?.game).toBe("YGO");
    if (list?.game !== "YGO") return;
    const n = (cards: { count: number }[]) => cards.reduce((a, c) => a + c.count, 0);
    expect(n(list.monster)).toBe(deck.main.filter((c) => types.get(c)! & 0x1).length);
    expect(n(list.spell)).toBe(deck.main.filter((c) => types.get(c)! & 0x2).length);
    expect(n(list.trap)).toBe(deck.main.filter((c) => types.get(c)! & 0x4).length);
    expect(n(list.monster) + n(list.spell) + n(list.trap)).toBe(deck.main.length);
    const pdf = await deckSheetsPdf(input!);
    const dir = path.resolve(import.meta.dirname, "../../test-results/pdf");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, "team-from-database.pdf");
    writeFileSync(file, pdf);
    // Team registration form, A's deck list form, B's page (no list submitted).
    expect(execFileSync("pdfinfo", [file], { encoding: "utf8" })).toMatch(/Pages:\s+3\b/);
    const text = execFileSync("pdftotext", ["-layout", "-f", "2", "-l", "2", file, "-"], { encoding: "utf8" });
    expect(text).toContain(`Total Monster Cards: ${n(list.monster)}`);
    expect(text).toContain(`Main Deck Total: ${deck.main.length}`);
    expect(execFileSync("pdftotext", ["-f", "3", "-l", "3", file, "-"], { encoding: "utf8" })).toContain("No decklist submitted");
  });
});
