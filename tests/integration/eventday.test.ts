/**
 * Issue #13 items 5–7 on real Postgres: the same-name confirmation, edits of names and Player IDs
 * at any time (audited, account links unchanged), the A/B lock at round 1's publication, deleting
 * a team only before round 1, hidden events, event date/location in the standings CSV, and the
 * public address setting.
 */
import { beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import { rowCounts, useTestDatabase } from "./db";
import { makeEvent, makeUser, must, registerTeams } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";
import { hashSecret } from "@/lib/auth/passwords";
import { PUBLIC_ACTOR } from "@/lib/auth/actor";
import { listedEvents } from "@/lib/server/read/events";
import { printedLink } from "@/lib/server/http/publicAddress";
import { loadMessages } from "@/lib/i18n/messages";
import { localizeFailure } from "@/lib/i18n/actionErrors";

await useTestDatabase();

async function fail(name: string, userId: string | null, input: unknown) {
  const res = await ACTIONS[name].handle(userId, input);
  if (res.ok) throw new Error(`${name} unexpectedly succeeded`);
  return res.error;
}

/** Links every duelist of the event to a fresh account; returns duelist id → user id. */
async function linkAccounts(eventId: string, prefix: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const hash = await hashSecret("password123");
  for (const d of await db().duelist.findMany({ where: { eventId } })) {
    const u = await db().user.create({
      data: { username: `${prefix}-${d.id}`.toLowerCase().slice(0, 40), displayName: d.name, passwordHash: hash },
    });
    await db().duelist.update({ where: { id: d.id }, data: { userId: u.id, claimCodeHash: null, claimExpiresAt: null } });
    out.set(d.id, u.id);
  }
  return out;
}

describe("registration and teams (issue #13 item 6)", () => {
  let ev: Awaited<ReturnType<typeof makeEvent>>;
  beforeAll(async () => {
    ev = await makeEvent("same");
  });

  it("the same name on two teams needs confirming", async () => {
    await must("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Dragões",
      a: { name: "Ana Souza" },
      b: { name: "Bruno Lima", playerId: "0001" },
    });
    const before = await rowCounts();
    const err = await fail("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Águias",
      a: { name: "Carla Rossi" },
      b: { name: "ana  souza" },
    });
    expect(err.code).toBe("SAME_NAME_CONFIRM");
    expect(err.field).toBe("b.name");
    expect(localizeFailure(err, loadMessages("en") as never, "en").message).toBe(
      "A duelist named “Ana Souza” is already on team “Dragões”. If this is a different person, tick the confirmation (or add " +
        "Player IDs to tell them apart) and submit again.",
    );
    expect(await rowCounts()).toEqual(before);
    // Confirmed: registered, and the audit row records the confirmation.
    const { teamId } = await must<{ teamId: string }>("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Águias",
      a: { name: "Carla Rossi" },
      b: { name: "ana  souza" },
      confirmSameName: true,
    });
    const row = await db().auditLog.findFirstOrThrow({ where: { eventId: ev.eventId, action: "team.register", entityId: teamId } });
    expect(row.after).toMatchObject({ sameNameConfirmed: true });
  });

  it("two different Player IDs tell same-name duelists apart (no question); the same Player ID is refused", async () => {
    await must("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Lupi",
      a: { name: "Bruno Lima", playerId: "0002" },
      b: { name: "Elena Costa" },
    });
    const err = await fail("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Stelle",
      a: { name: "Fabio Santos", playerId: "0001" },
      b: { name: "Giulia Ferri" },
    });
    expect(err.code).toBe("DUPLICATE_PLAYER");
    expect(err.field).toBe("a.playerId");
  });

  it("names and Player IDs are editable after round 1, audited, and never change which account a duelist is linked to", async () => {
    const e2 = await makeEvent("edit");
    const [t1, t2] = await registerTeams(e2.eventId, e2.judge, 4, "E");
    const accounts = await linkAccounts(e2.eventId, "edit");
    const { roundId } = await must<{ roundId: string }>("pairNextRound", e2.organizer, { eventId: e2.eventId, seed: "edit" });
    await must("publishRound", e2.organizer, { roundId });
    const [a, b] = await db().duelist.findMany({ where: { teamId: t1 }, orderBy: { designation: "asc" } });
    await must("updateTeam", e2.judge, {
      teamId: t1,
      name: "E1 Fixed",
      a: { name: "Eva Typo-Fixed", playerId: "E199" },
      b: { name: b.name },
    });
    const after = await db().duelist.findMany({ where: { teamId: t1 }, orderBy: { designation: "asc" } });
    expect(after.map((d) => [d.id, d.designation, d.name, d.playerId, d.userId])).toEqual([
      [a.id, "A", "Eva Typo-Fixed", "E199", accounts.get(a.id)],
      [b.id, "B", b.name, null, accounts.get(b.id)],
    ]);
    const log = await db().auditLog.findFirstOrThrow({ where: { eventId: e2.eventId, action: "team.update", entityId: t1 } });
    expect(log.before).toMatchObject({ name: "E1", a: "E1 Alpha", aPlayerId: "E101" });
    expect(log.after).toMatchObject({ name: "E1 Fixed", a: "Eva Typo-Fixed", aPlayerId: "E199" });
    // Another team's Player ID is refused on edit too; nothing written.
    const before = await rowCounts();
    const err = await fail("updateTeam", e2.judge, {
      teamId: t2,
      name: "E2",
      a: { name: "E2 Alpha", playerId: "E199" },
      b: { name: "E2 Beta" },
    });
    expect([err.code, err.field]).toEqual(["DUPLICATE_PLAYER", "a.playerId"]);
    // Renaming to a name on another team asks first.
    const same = await fail("updateTeam", e2.judge, {
      teamId: t2,
      name: "E2",
      a: { name: "E2 Alpha", playerId: "E201" },
      b: { name: "Eva Typo-Fixed" },
    });
    expect([same.code, same.field]).toEqual(["SAME_NAME_CONFIRM", "b.name"]);
    expect(await rowCounts()).toEqual(before);
  });

  it("A/B locks when round 1 is published", async () => {
    const e3 = await makeEvent("ab");
    const [t1] = await registerTeams(e3.eventId, e3.judge, 4, "S");
    const accounts = await linkAccounts(e3.eventId, "ab");
    const [a, b] = await db().duelist.findMany({ where: { teamId: t1 }, orderBy: { designation: "asc" } });
    await must("submitDecklist", e3.judge, { duelistId: a.id, text: "#main\n14558127\n" });
    const deckBefore = await db().decklist.findUniqueOrThrow({ where: { duelistId: a.id } });
    // Before round 1: the swap moves the people, each with their account (and decklist).
    await must("updateTeam", e3.judge, {
      teamId: t1,
      name: "S1",
      a: { name: a.name, playerId: a.playerId },
      b: { name: b.name },
      swap: true,
    });
    const swapped = await db().duelist.findMany({ where: { teamId: t1 }, orderBy: { designation: "asc" } });
    expect(swapped.map((d) => [d.designation, d.id, d.name, d.userId])).toEqual([
      ["A", b.id, b.name, accounts.get(b.id)],
      ["B", a.id, a.name, accounts.get(a.id)],
    ]);
    expect((await db().decklist.findUnique({ where: { duelistId: a.id } }))?.id).toBe(deckBefore.id);
    expect(await db().team.count({ where: { eventId: e3.eventId } })).toBe(4); // the parking team is gone
    // Paired but not published: still open.
    const { roundId } = await must<{ roundId: string }>("pairNextRound", e3.organizer, { eventId: e3.eventId, seed: "ab" });
    await must("updateTeam", e3.judge, {
      teamId: t1,
      name: "S1",
      a: { name: b.name },
      b: { name: a.name, playerId: a.playerId },
      swap: true,
    });
    await must("publishRound", e3.organizer, { roundId });
    const before = await rowCounts();
    const err = await fail("updateTeam", e3.judge, {
      teamId: t1,
      name: "S1",
      a: { name: a.name, playerId: a.playerId },
      b: { name: b.name },
      swap: true,
    });
    expect([err.code, err.field]).toEqual(["AB_LOCKED", "swap"]);
    expect(await rowCounts()).toEqual(before);
    const final = await db().duelist.findMany({ where: { teamId: t1 }, orderBy: { designation: "asc" } });
    expect(final.map((d) => d.id)).toEqual([a.id, b.id]);
  });

  it("a team can be deleted only before round 1", async () => {
    const e4 = await makeEvent("del");
    const [t1, , t3, t4] = await registerTeams(e4.eventId, e4.judge, 4, "D");
    await db().avoidPair.create({ data: { eventId: e4.eventId, teamAId: [t1, t3].sort()[0], teamBId: [t1, t3].sort()[1] } });
    await must("deleteTeam", e4.judge, { teamId: t1 });
    expect(await db().team.findUnique({ where: { id: t1 } })).toBeNull();
    expect(await db().duelist.count({ where: { teamId: t1 } })).toBe(0);
    expect(await db().avoidPair.count({ where: { eventId: e4.eventId } })).toBe(0);
    const log = await db().auditLog.findFirstOrThrow({ where: { eventId: e4.eventId, action: "team.delete" } });
    expect(log.before).toMatchObject({
      name: "D1",
      number: 1,
      duelists: [
        { designation: "A", name: "D1 Alpha", playerId: "D101", claimed: false },
        { designation: "B", name: "D1 Beta" },
      ],
    });
    await must("pairNextRound", e4.organizer, { eventId: e4.eventId, seed: "del" });
    const before = await rowCounts();
    expect((await fail("deleteTeam", e4.judge, { teamId: t4 })).code).toBe("TEAM_DELETE_STARTED");
    expect(await rowCounts()).toEqual(before);
  });
});

describe("events (issue #13 item 7)", () => {
  it("a hidden event is not listed publicly; its staff still list and reach it", async () => {
    const ev = await makeEvent("hide");
    const stranger = await makeUser("hide-stranger");
    const ids = async (userId: string | null) => (await listedEvents(userId ? { ...PUBLIC_ACTOR, userId } : PUBLIC_ACTOR)).map((e) => e.id);
    expect(await ids(null)).toContain(ev.eventId);
    // Only its organizer may hide it.
    expect((await fail("setEventHidden", ev.judge, { eventId: ev.eventId, hidden: true })).code).toBe("FORBIDDEN");
    await must("setEventHidden", ev.organizer, { eventId: ev.eventId, hidden: true });
    expect(await ids(null)).not.toContain(ev.eventId);
    expect(await ids(stranger)).not.toContain(ev.eventId);
    expect(await ids(ev.organizer)).toContain(ev.eventId);
    expect(await ids(ev.judge)).toContain(ev.eventId);
    expect(await db().auditLog.count({ where: { eventId: ev.eventId, action: "event.hide" } })).toBe(1);
    await must("setEventHidden", ev.organizer, { eventId: ev.eventId, hidden: false });
    expect(await ids(null)).toContain(ev.eventId);
  });

  it("date and location are stored, audited, and exported on every standings CSV row", async () => {
    const organizer = await makeUser("csv-to", { organizer: true });
    const { eventId } = await must<{ eventId: string }>("createEvent", organizer, {
      name: "Dated",
      formatPreset: "KONAMI_TAG_2019",
      startsOn: "2026-12-05",
      location: "Game Store, Via Roma 1, Rome",
      timeZone: "Europe/Rome",
    });
    const e = await db().event.findUniqueOrThrow({ where: { id: eventId } });
    expect([e.startsOn?.toISOString(), e.location, e.timeZone]).toEqual([
      "2026-12-05T00:00:00.000Z",
      "Game Store, Via Roma 1, Rome",
      "Europe/Rome",
    ]);
    const bad = await fail("updateEvent", organizer, { eventId, startsOn: "05/12/2026" });
    expect([bad.code, bad.field]).toEqual(["INVALID", "startsOn"]);
    await must("updateEvent", organizer, { eventId, startsOn: "2026-12-06", location: "  Sala Verdi, Milano " });
    const log = await db().auditLog.findFirstOrThrow({ where: { eventId, action: "event.update" } });
    expect([log.before, log.after]).toMatchObject([
      { startsOn: "2026-12-05", location: "Game Store, Via Roma 1, Rome" },
      { startsOn: "2026-12-06", location: "Sala Verdi, Milano" },
    ]);
    await must("addJudge", organizer, { eventId, username: "csv-judge" });
    const judge = (await db().user.findUniqueOrThrow({ where: { username: "csv-judge" } })).id;
    await registerTeams(eventId, judge, 2, "C");
    const { GET } = await import("@/app/api/events/[id]/standings/route");
    const res = await GET(new Request(`http://x/api/events/${eventId}/standings`), { params: Promise.resolve({ id: eventId }) });
    const parsed = Papa.parse<Record<string, string>>((await res.text()).replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields?.slice(-2)).toEqual(["event_date", "event_location"]);
    expect(parsed.data.map((r) => [r.event_date, r.event_location])).toEqual([
      ["2026-12-06", "Sala Verdi, Milano"],
      ["2026-12-06", "Sala Verdi, Milano"],
    ]);
  });
});

describe("the public address (issue #13 item 5)", () => {
  it("an organizer sets it (audited); loopback is refused; printed links use it; clearing falls back", async () => {
    const organizer = await makeUser("addr-to", { organizer: true });
    const judge = await makeUser("addr-judge");
    const saved = process.env.PUBLIC_URL;
    process.env.PUBLIC_URL = "http://10.9.8.7:3000";
    try {
      expect((await fail("setPublicUrl", judge, { url: "http://192.168.1.20:3000" })).code).toBe("FORBIDDEN");
      const before = await rowCounts();
      for (const url of ["http://localhost:3000", "http://127.0.0.1:3000", "ftp://192.168.1.20"]) {
        const err = await fail("setPublicUrl", organizer, { url });
        expect([err.code, err.field]).toEqual(["PUBLIC_URL_REFUSED", "url"]);
      }
      expect(await rowCounts()).toEqual(before);
      expect((await printedLink("/claim?code=ABCD-EFGH")).url).toBe("http://10.9.8.7:3000/claim?code=ABCD-EFGH");
      await must("setPublicUrl", organizer, { url: "https://tandem.example.org/" });
      expect(await printedLink("/claim?code=ABCD-EFGH")).toEqual({
        url: "https://tandem.example.org/claim?code=ABCD-EFGH",
        address: { url: "https://tandem.example.org", source: "setting" },
      });
      const log = await db().auditLog.findFirstOrThrow({ where: { action: "instance.publicUrl" } });
      expect([log.eventId, log.userId, log.after]).toEqual([null, organizer, { url: "https://tandem.example.org" }]);
      await must("setPublicUrl", organizer, { url: "" });
      expect((await printedLink("/x")).address.source).toBe("env");
    } finally {
      if (saved === undefined) delete process.env.PUBLIC_URL;
      else process.env.PUBLIC_URL = saved;
    }
  });
});
