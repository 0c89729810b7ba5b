/**
 * Issue #17 event archive, through the real actions on Postgres: a Tag Duel event with a top cut,
 * penalties (one on a local infraction), a drop, a re-pair (undo + pair again), a pairing swap,
 * team and judge reports, the clock, a deck check, an avoid pair and decklists, an acknowledged judge
 * call, a self-dropped team and a checked-in duelist; a UDE event with open self-registration, a
 * waitlisted team and a partner-pool entry (issue #16); a 2HG event. Each is exported, imported
 * into a FRESH database and exported again: the same bytes but the one `event.import` audit row;
 * the same standings, pairings, decklist verdicts and audit entries show. Refusals (newer version,
 * truncated, inconsistent, and names or a time zone the forms refuse) name the reason and add no row.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { makeUser, must, registerTeams, reportingWorld } from "./fixtures";
import { db } from "@/lib/db";
import { exportEventArchive, importEventArchive } from "@/lib/server/interop/archive";
import { eventStandings } from "@/lib/server/read/standings";
import { roundView } from "@/lib/server/read/pairings";
import { decklistOverview } from "@/lib/server/read/decklistView";
import { auditLog } from "@/lib/server/read/audit";
import { ARCHIVE_VERSION, type EventArchive } from "@/lib/archive/schema";
import { ACTIONS } from "@/lib/server/actions";

const source = await useTestDatabase();
const fresh = await useTestDatabase();
process.env.DATABASE_URL = source;
const data = path.resolve(import.meta.dirname, "../../../shared/data");

/** Real passcodes (Trickstar cards of ../shared/data/decks) inserted as card rows: a small deck. */
const CARDS = [
  { passcode: 98169343, name: "Trickstar Candina", type: 33, isExtra: false },
  { passcode: 61283655, name: "Trickstar Lycoris", type: 33, isExtra: false },
  { passcode: 14558127, name: "Ash Blossom & Joyous Spring", type: 4129, isExtra: false },
];
const YDK = `#created by test\n#main\n${[98169343, 98169343, 61283655, 14558127].join("\n")}\n#extra\n!side\n`;

async function playOpen(organizer: string, judge: string, roundId: string) {
  for (const m of await db().match.findMany({ where: { roundId, outcome: null }, orderBy: { table: "asc" } }))
    await must("reportResult", judge, { roundId, matchId: m.id, result: m.table % 2 ? "team1" : "team2" });
}

/** The Tag Duel event: top cut, penalties, a drop, a re-pair, reports, clock, deck check, decklists. */
async function tagEvent(): Promise<string> {
  const w = await reportingWorld("arc", "KONAMI_TAG_2019", 8);
  await db().card.createMany({ data: CARDS.map((c) => ({ ...c, alias: 0, ot: 3 })), skipDuplicates: true });
  await must("importBanlist", w.organizer, {
    eventId: w.eventId,
    text: readFileSync(path.join(data, "banlists/ygo_edopro_TCG_2026.05.lflist.conf"), "utf8"),
  });
  const duelists = await db().duelist.findMany({ where: { eventId: w.eventId }, orderBy: [{ teamId: "asc" }, { designation: "asc" }] });
  for (const d of duelists.slice(0, 4)) await must("submitDecklist", w.judge, { duelistId: d.id, text: YDK });
  await must("setStructure", w.organizer, { eventId: w.eventId, swissRounds: 2, topCut: 4 });
  await must("addAvoidPair", w.organizer, { eventId: w.eventId, teamAId: w.teams[0], teamBId: w.teams[1], reason: "siblings" });
  await must("addLocalInfraction", w.organizer, { eventId: w.eventId, name: "Late to the table" });
  const local = await db().localInfraction.findFirstOrThrow({ where: { eventId: w.eventId } });
  await must("roundClock", w.judge, { roundId: w.roundId, action: "START" });
  await must("roundClock", w.judge, { roundId: w.roundId, action: "PAUSE" });
  const [m1, m2] = w.matches;
  await must("submitTeamReport", w.user.get(`${m1.t1}:A`)!, { matchId: m1.id, result: "team1", firstSlot: 1 });
  await must("submitTeamReport", w.user.get(`${m1.t2}:A`)!, { matchId: m1.id, result: "team1", firstSlot: 1 });
  const d0 = duelists.find((d) => d.teamId === m2.t1)!;
  await must("issuePenalty", w.judge, { duelistId: d0.id, infractionId: `local:${local.id}`, penalty: "WARNING", notes: "first time" });
  await must("issuePenalty", w.judge, { duelistId: d0.id, infraction: "Slow play", penalty: "WARNING" });
  await must("recordDeckCheck", w.judge, { roundId: w.roundId, teamId: m2.t2, outcome: "OK" });
  // Issue #16 floor data: a judge call from table 2, acknowledged by the judge; a duelist checked in.
  await must("callJudge", w.user.get(`${m2.t1}:B`)!, { matchId: m2.id, teamId: m2.t1 });
  const call = await db().judgeCall.findFirstOrThrow({ where: { matchId: m2.id } });
  await must("acknowledgeJudgeCall", w.judge, { callId: call.id });
  await db().duelist.update({ where: { id: d0.id }, data: { checkedInAt: new Date("2026-12-01T09:30:00.000Z") } });
  await playOpen(w.organizer, w.judge, w.roundId);
  await must("closeRound", w.organizer, { roundId: w.roundId });
  // Round 2: paired, undone (an UNDONE snapshot), paired again, two teams swapped, played.
  const first = await must<{ roundId: string }>("pairNextRound", w.organizer, { eventId: w.eventId, seed: "arc-2" });
  await must("undoRound", w.organizer, { roundId: first.roundId });
  const r2 = await must<{ roundId: string }>("pairNextRound", w.organizer, { eventId: w.eventId, seed: "arc-2b" });
  const seats = await db().matchTeam.findMany({ where: { roundId: r2.roundId }, include: { match: true }, orderBy: { teamId: "asc" } });
  const a = seats.find((s) => s.match.table === 1)!,
    b = seats.find((s) => s.match.table === 2)!;
  await must("swapTeams", w.organizer, { roundId: r2.roundId, teamAId: a.teamId, teamBId: b.teamId, reason: "table request" });
  await must("publishRound", w.organizer, { roundId: r2.roundId });
  await playOpen(w.organizer, w.judge, r2.roundId);
  await must("closeRound", w.organizer, { roundId: r2.roundId });
  // Top 4 then a drop of a team outside the cut.
  const cut = await must<{ roundId: string }>("pairTopCutRound", w.organizer, { eventId: w.eventId, drawSeed: "cut" });
  await must("publishRound", w.organizer, { roundId: cut.roundId });
  const cutTeams = new Set((await db().matchTeam.findMany({ where: { roundId: cut.roundId } })).map((s) => s.teamId));
  // A team outside the cut drops itself (issue #16 self-drop: who and when are kept).
  const out = w.teams.find((t) => !cutTeams.has(t))!;
  await must("selfDropTeam", w.user.get(`${out}:A`)!, { teamId: out, confirm: true });
  await playOpen(w.organizer, w.judge, cut.roundId);
  await must("closeRound", w.organizer, { roundId: cut.roundId });
  return w.eventId;
}

async function smallEvent(prefix: string, preset: string): Promise<string> {
  const organizer = await makeUser(`${prefix}-to`, { organizer: true });
  const { eventId } = await must<{ eventId: string }>("createEvent", organizer, { name: `${prefix} event`, formatPreset: preset });
  const teams = await registerTeams(eventId, organizer, 5, prefix.toUpperCase());
  const { roundId } = await must<{ roundId: string }>("pairNextRound", organizer, { eventId, seed: `${prefix}-1` });
  await must("publishRound", organizer, { roundId });
  const d = await db().duelist.findFirstOrThrow({ where: { teamId: teams[2], designation: "B" } });
  await must("issuePenalty", organizer, { duelistId: d.id, infraction: "Procedural error", penalty: "WARNING" });
  await playOpen(organizer, organizer, roundId);
  await must("closeRound", organizer, { roundId });
  await must("dropTeam", organizer, { teamId: teams[4] });
  return eventId;
}

/**
 * Issue #16 registration data as the players' actions leave it: an open self-registration window
 * with a cap and approval, a waitlisted team (a place once one frees up) and a partner-pool entry
 * without an account.
 */
async function withRegistration(eventId: string): Promise<string> {
  await db().event.update({
    where: { id: eventId },
    data: {
      selfRegistration: true,
      registrationOpensAt: new Date("2026-11-20T10:00:00.000Z"),
      registrationClosesAt: new Date("2026-12-05T09:00:00.000Z"),
      teamCap: 5,
      requireApproval: true,
      checkInOpensAt: new Date("2026-12-05T08:00:00.000Z"),
      checkInClosesAt: new Date("2026-12-05T09:30:00.000Z"),
    },
  });
  const waiting = await db().team.create({
    data: { eventId, name: "Waiting Pair", number: 6, checkedIn: false, entry: "WAITLIST", waitlistSeq: 1 },
  });
  await db().duelist.createMany({
    data: [
      { eventId, teamId: waiting.id, designation: "A", name: "Wanda Wait" },
      { eventId, teamId: waiting.id, designation: "B", name: "Walt Wait", playerId: "0042" },
    ],
  });
  await db().partnerPoolEntry.create({ data: { eventId, name: "Solo Sam", playerId: "0077" } });
  return eventId;
}

/** What the pages show, keyed by names (database ids differ between the two databases). */
async function shown(eventId: string) {
  const teams = new Map((await db().team.findMany({ where: { eventId } })).map((t) => [t.id, t.name]));
  const { standings } = await eventStandings(db(), eventId);
  const rounds = await db().round.findMany({ where: { eventId }, orderBy: { number: "asc" } });
  const pairings = [];
  for (const r of rounds) {
    const v = await roundView(eventId, { number: r.number, publishedOnly: false });
    pairings.push(
      v!.matches.map((m) => ({ table: m.table, outcome: m.outcome, winner: m.winnerSlot, teams: m.teams.map((s) => s.team.name) })),
    );
  }
  const lists = (await decklistOverview(eventId)).map((t) => ({
    team: t.name,
    duelists: t.duelists.map((d) => ({ name: d.name, isLegal: d.decklist?.isLegal ?? null, legality: d.decklist?.legality ?? null })),
  }));
  const log = (await auditLog(eventId, { limit: 1000 })).rows
    .filter((r) => r.action !== "event.import")
    .map((r) => ({ at: r.at, who: r.whoName, action: r.action, entity: r.entity, ref: r.ref, changes: r.changes.length }))
    .sort((x, y) => x.at - y.at || JSON.stringify(x).localeCompare(JSON.stringify(y)));
  return {
    standings: standings
      .map((s) => ({ ...s, teamId: teams.get(s.teamId), opponents: s.opponents.map((o) => teams.get(o)) }))
      .sort((x, y) => x.rank - y.rank || x.teamId!.localeCompare(y.teamId!)),
    pairings,
    lists,
    log,
  };
}

const withoutImportRow = (text: string) => {
  const a = JSON.parse(text) as EventArchive;
  const rows = a.audit.filter((r) => r.action === "event.import");
  expect(rows).toHaveLength(1);
  return `${JSON.stringify({ ...a, audit: a.audit.filter((r) => r.action !== "event.import") }, null, 2)}\n`;
};

describe("event archive round trip (issue #17)", () => {
  it("Tag (cut, penalties, re-pair, judge call, self-drop), UDE (waitlist, pool), 2HG: re-import re-exports the same bytes", async () => {
    process.env.DATABASE_URL = source;
    const events = [await tagEvent(), await withRegistration(await smallEvent("ude", "UDE_2V2")), await smallEvent("thg", "MTG_2HG")];
    const first = [];
    for (const id of events) first.push({ text: (await exportEventArchive(id)).body, shown: await shown(id) });
    // Two exports of an unchanged event are the same bytes (no export time in the body).
    expect((await exportEventArchive(events[0])).body).toBe(first[0].text);
    const tag = JSON.parse(first[0].text) as EventArchive;
    expect(tag.version).toBe(ARCHIVE_VERSION);
    expect(tag.teams.map((t) => t.id)).toEqual(["t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8"]);
    expect(tag.snapshots.some((s) => s.phase === "UNDONE" && s.round === null && s.number === 2)).toBe(true);
    expect(tag.pairingEdits).toHaveLength(1);
    expect(tag.penalties.map((p) => p.infractionCode)).toContain("local:li1");
    expect(tag.cards.map((c) => c.passcode)).toEqual([14558127, 61283655, 98169343]);
    expect(tag.reports.filter((r) => r.source === "TEAM")).toHaveLength(2);
    expect(first[0].text).not.toMatch(/passwordHash|claimCodeHash|sessionVersion|\$2[aby]\$/);
    expect(first[0].shown.standings.length).toBe(8);
    // Issue #16 data is carried: the judge call with its people, the self-drop, check-in, the waitlist and pool.
    expect(tag.judgeCalls).toMatchObject([{ status: "ACKNOWLEDGED", table: 2, roundNumber: 1, team: expect.stringMatching(/^t/) }]);
    expect(tag.judgeCalls[0].acknowledgedBy).not.toBeNull();
    expect(tag.judgeCalls[0].calledBy).not.toBe("");
    const dropped = tag.teams.filter((t) => t.selfDroppedAt !== null);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toMatchObject({ status: "DROPPED", selfDroppedBy: expect.any(String) });
    expect(tag.duelists.filter((d) => d.checkedInAt !== null).map((d) => d.checkedInAt)).toEqual(["2026-12-01T09:30:00.000Z"]);
    const ude = JSON.parse(first[1].text) as EventArchive;
    expect(ude.event).toMatchObject({
      selfRegistration: true,
      teamCap: 5,
      requireApproval: true,
      registrationClosesAt: "2026-12-05T09:00:00.000Z",
    });
    expect(ude.teams.filter((t) => t.entry === "WAITLIST").map((t) => [t.name, t.waitlistSeq])).toEqual([["Waiting Pair", 1]]);
    expect(ude.poolEntries).toMatchObject([{ id: "pp1", name: "Solo Sam", playerId: "0077", status: "POOL", team: null }]);

    process.env.DATABASE_URL = fresh;
    const importer = await makeUser("arc-importer", { organizer: true });
    for (const [i, id] of events.entries()) {
      const { eventId, report } = await importEventArchive(first[i].text, importer);
      expect(eventId).not.toBe(id);
      expect(report[0]).toContain("imported");
      const again = (await exportEventArchive(eventId)).body;
      expect(withoutImportRow(again)).toBe(first[i].text);
      expect(await shown(eventId)).toEqual(first[i].shown);
      // The acknowledged call is still the table's open call (openKey = its match), so no second call opens.
      for (const c of await db().judgeCall.findMany({ where: { eventId } }))
        expect(c.openKey).toBe(c.status === "RESOLVED" ? null : c.matchId);
      // Pool entries import without accounts.
      expect(await db().partnerPoolEntry.count({ where: { eventId, userId: { not: null } } })).toBe(0);
      // Duelists import unclaimed with new claim codes; the importer is the one organizer.
      expect(await db().duelist.count({ where: { eventId, OR: [{ userId: { not: null } }, { claimCodeHash: null }] } })).toBe(0);
      expect(await db().eventStaff.findMany({ where: { eventId }, select: { userId: true, role: true } })).toEqual([
        { userId: importer, role: "ORGANIZER" },
      ]);
    }
  });

  it("refuses a newer version, a truncated file and inconsistent files with the path and reason; no row is added", async () => {
    process.env.DATABASE_URL = source;
    const organizer = await makeUser("arc-refuse", { organizer: true });
    const judge = await makeUser("arc-not-organizer");
    const ev = await smallEvent("ref", "KONAMI_TAG_2019");
    const text = (await exportEventArchive(ev)).body;
    const before = await rowCounts();
    const refusal = async (t: string) => {
      const e = await importEventArchive(t, organizer).then(
        () => null,
        (err: Error) => err,
      );
      expect(e).not.toBeNull();
      return e!.message;
    };
    const edit = (f: (a: EventArchive) => void) => {
      const a = JSON.parse(text) as EventArchive;
      f(a);
      return JSON.stringify(a);
    };
    expect(await refusal(edit((a) => ((a as { version: number }).version = ARCHIVE_VERSION + 1)))).toMatch(
      /version: the archive is version 2, newer than this Tandem reads/,
    );
    expect(await refusal(text.slice(0, Math.floor(text.length / 2)))).toMatch(/truncated/);
    expect(await refusal(edit((a) => (a.seats[0].team = "t99")))).toContain("seats[0].team: names an unknown team t99");
    expect(await refusal(edit((a) => (a.teams[1].id = a.teams[0].id)))).toContain("teams[1].id: duplicate id t1");
    expect(await refusal(edit((a) => (a.results[0].match = "m77")))).toContain("results[0].match: names an unknown match m77");
    expect(await refusal(edit((a) => delete (a.teams[0] as Partial<EventArchive["teams"][number]>).name))).toContain("teams[0].name");
    expect(await rowCounts()).toEqual(before);
    // Only organizers import.
    await expect(importEventArchive(text, judge)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a bidi or 121-character event name, an unknown time zone and a bidi duelist name by path; no row is added", async () => {
    process.env.DATABASE_URL = source;
    const organizer = await makeUser("arc-rules", { organizer: true });
    const ev = await smallEvent("rul", "KONAMI_TAG_2019");
    const text = (await exportEventArchive(ev)).body;
    const before = await rowCounts();
    const edit = (f: (a: EventArchive) => void) => {
      const a = JSON.parse(text) as EventArchive;
      f(a);
      return JSON.stringify(a);
    };
    const refusal = (t: string) =>
      importEventArchive(t, organizer).then(
        () => "imported",
        (err: Error) => err.message,
      );
    const chars = "must not contain NUL, unpaired surrogate or bidirectional override characters";
    expect(await refusal(edit((a) => (a.event.name = "\u202Eevil\u202C")))).toContain(`event.name: ${chars}`);
    expect(await refusal(edit((a) => (a.event.name = "x".repeat(121))))).toContain("event.name: is too long (at most 120 characters)");
    expect(await refusal(edit((a) => (a.event.timeZone = "Mars/Olympus")))).toContain(
      "event.timeZone: not a known time zone (e.g. Europe/Rome, America/Sao_Paulo)",
    );
    expect(await refusal(edit((a) => (a.duelists[3].name = "\u202Eevil\u202C")))).toContain(`duelists[3].name: ${chars}`);
    expect(await refusal(edit((a) => (a.teams[2].name = "Team\u2067 3")))).toContain(`teams[2].name: ${chars}`);
    // The organizer page's upload (parsed in a worker) applies the same rules.
    const page = await ACTIONS.importEventArchive.handle(organizer, { text: edit((a) => (a.event.name = "\u202Eevil\u202C")) });
    expect(!page.ok && page.error).toMatchObject({ code: "ARCHIVE_REFUSED" });
    expect(!page.ok && page.error.details?.[0]).toMatchObject({ field: "event.name", message: `event.name: ${chars}` });
    expect(await rowCounts()).toEqual(before);
  });

  it("organizer page actions: only the event's organizer exports; an upload is refused with the archive path or imported", async () => {
    process.env.DATABASE_URL = source;
    const ev = await smallEvent("web", "KONAMI_TAG_2019");
    const owner = (await db().eventStaff.findFirstOrThrow({ where: { eventId: ev, role: "ORGANIZER" } })).userId;
    const otherOrganizer = await makeUser("web-other-to", { organizer: true });
    const exported = await ACTIONS.exportEventArchive.handle(owner, { eventId: ev });
    expect(exported.ok && (exported.data as { fileName: string }).fileName).toBe("web-event.tandem.json");
    const refused = await ACTIONS.exportEventArchive.handle(otherOrganizer, { eventId: ev });
    expect(!refused.ok && refused.error.code).toBe("FORBIDDEN");
    const text = (exported.ok && (exported.data as { body: string }).body) || "";
    const before = await rowCounts();
    const cut = await ACTIONS.importEventArchive.handle(otherOrganizer, { text: text.slice(0, 700) });
    expect(!cut.ok && cut.error).toMatchObject({ code: "ARCHIVE_REFUSED" });
    expect(!cut.ok && cut.error.message).toMatch(/truncated/);
    const bad = await ACTIONS.importEventArchive.handle(otherOrganizer, { text: text.replace('"team": "t2"', '"team": "t42"') });
    expect(!bad.ok && bad.error.details?.[0]).toMatchObject({
      field: "duelists[2].team",
      message: "duelists[2].team: names an unknown team t42",
    });
    expect(await rowCounts()).toEqual(before);
    const ok = await ACTIONS.importEventArchive.handle(otherOrganizer, { text });
    expect(ok.ok && ok.data).toMatchObject({ name: "web event", teams: 5, rounds: 1 });
    const newId = (ok.ok && (ok.data as { eventId: string }).eventId) || "";
    expect(await db().eventStaff.findMany({ where: { eventId: newId }, select: { userId: true } })).toEqual([{ userId: otherOrganizer }]);
  });
});
