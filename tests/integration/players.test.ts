/**
 * Players (issue #16) through the real actions on Postgres: invite link and typed code, caps and
 * waitlist, withdraw, TO approval, match partners, closing check-in, A/B window, Player ID lookup,
 * the limiter on typed codes, the enterPartnerPool contract, and the reset rule for entrants.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "./db";
import { db } from "@/lib/db";
import { ACTIONS } from "@/lib/server/actions";
import { makeEvent, makeUser, must } from "./fixtures";
import { enterPartnerPool } from "@/lib/server/write/players";
import { matchPartners } from "@/lib/teams/partners";
import { INVITE_CODE_HOURS } from "@/lib/accounts/inviteCodes";
import { playerPage, registrationView } from "@/lib/server/read/players";
import { loadMessages } from "@/lib/i18n/messages";
import { localizeFailure } from "@/lib/i18n/actionErrors";

await useTestDatabase();

const fail = async (name: string, userId: string | null, input: unknown, client?: { address: string }) => {
  const r = await ACTIONS[name].handle(userId, input, client);
  if (r.ok) throw new Error(`${name} unexpectedly succeeded`);
  return r.error;
};

async function openEvent(prefix: string, extra: Record<string, unknown> = {}) {
  const ev = await makeEvent(prefix);
  await must("setSelfRegistration", ev.organizer, { eventId: ev.eventId, selfRegistration: true, ...extra });
  return ev;
}

/** Two new accounts with surnames; the first registers as A and the second accepts the link. */
async function pairUp(eventId: string, tag: string, name?: string) {
  const a = await makeUser(`${tag}-a`);
  const b = await makeUser(`${tag}-b`);
  await db().user.update({ where: { id: a }, data: { displayName: `Anna ${tag}A` } });
  await db().user.update({ where: { id: b }, data: { displayName: `Bruno ${tag}B` } });
  const reg = await must<{ token: string; code: string }>("registerOwnTeam", a, { eventId, side: "A", ...(name ? { name } : {}) });
  const team = await must<{ teamId: string; entry: string; name: string }>("acceptInvite", b, { token: reg.token });
  return { a, b, ...team };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("team self-registration (issue #16)", () => {
  it("two players form a team through an invite link: A/B as chosen, display names, default name 'A-surname / B-surname'", async () => {
    const ev = await openEvent("link");
    const t = await pairUp(ev.eventId, "ln");
    expect(t.entry).toBe("PLACED");
    expect(t.name).toBe("lnA / lnB");
    const duelists = await db().duelist.findMany({ where: { teamId: t.teamId }, orderBy: { designation: "asc" } });
    expect(duelists.map((d) => [d.designation, d.name, d.userId])).toEqual([
      ["A", "Anna lnA", t.a],
      ["B", "Bruno lnB", t.b],
    ]);
  });

  it("an invite token works once: a second player using the same link is refused and nothing is written", async () => {
    const ev = await openEvent("once");
    const a = await makeUser("once-a");
    const reg = await must<{ token: string }>("registerOwnTeam", a, { eventId: ev.eventId, side: "B", name: "Once Only" });
    expect(Buffer.from(reg.token, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    await must("acceptInvite", await makeUser("once-b"), { token: reg.token });
    const teams = await db().team.count({ where: { eventId: ev.eventId } });
    expect((await fail("acceptInvite", await makeUser("once-c"), { token: reg.token })).code).toBe("BAD_INVITE");
    expect(await db().team.count({ where: { eventId: ev.eventId } })).toBe(teams);
    // Only the HMAC was ever stored, and it is gone after use.
    const row = await db().teamRegistration.findFirstOrThrow({ where: { eventId: ev.eventId } });
    expect(row.tokenHash).not.toContain(reg.token);
    expect(row.codeHash).toBeNull();
  });

  it("a judge enters the partner of a waiting registration (no phone): same rules, partner unclaimed, the link then refused", async () => {
    const ev = await openEvent("desk", { teamCap: 1 });
    await pairUp(ev.eventId, "dk0"); // takes the only place
    const a = await makeUser("desk-a");
    await db().user.update({ where: { id: a }, data: { displayName: "Dora Desk", konamiId: "0400999111" } });
    const reg = await must<{ registrationId: string; token: string }>("registerOwnTeam", a, { eventId: ev.eventId, side: "B" });
    // Not a judge of this event: refused, nothing written.
    const stranger = await makeUser("desk-stranger");
    expect((await fail("completeRegistrationForPartner", stranger, { registrationId: reg.registrationId, name: "X" })).code).toBe(
      "FORBIDDEN",
    );
    // The registrant's own Player ID, or one already entered, is refused.
    const own = { registrationId: reg.registrationId, name: "Copy", playerId: "0400999111" };
    expect((await fail("completeRegistrationForPartner", ev.judge, own)).code).toBe("ALREADY_ENTERED");
    const t = await must<{ teamId: string; entry: string; name: string }>("completeRegistrationForPartner", ev.judge, {
      registrationId: reg.registrationId,
      name: "Ugo Paper",
      playerId: "0400777333",
    });
    expect(t.entry).toBe("WAITLIST"); // the cap counts it like any team
    expect(t.name).toBe("Paper / Desk"); // the registrant stays B
    const duelists = await db().duelist.findMany({ where: { teamId: t.teamId }, orderBy: { designation: "asc" } });
    expect(duelists.map((d) => [d.designation, d.name, d.playerId, d.userId, Boolean(d.claimCodeHash)])).toEqual([
      ["A", "Ugo Paper", "0400777333", null, true],
      ["B", "Dora Desk", "0400999111", a, false],
    ]);
    expect((await fail("acceptInvite", await makeUser("desk-late"), { token: reg.token })).code).toBe("BAD_INVITE");
    const row = await db().auditLog.findFirstOrThrow({ where: { eventId: ev.eventId, action: "registration.accept", entityId: t.teamId } });
    expect(row.userId).toBe(ev.judge);
    expect(row.after).toMatchObject({ partnerByJudge: "Ugo Paper" });
  });

  it("a typed code works within 48 h and is refused after 48 h (clock moved on)", async () => {
    const ev = await openEvent("code");
    const a = await makeUser("code-a");
    const early = await must<{ code: string }>("registerOwnTeam", a, { eventId: ev.eventId, side: "A" });
    expect(early.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/);
    const late = await must<{ code: string }>("registerOwnTeam", await makeUser("code-c"), { eventId: ev.eventId, side: "A" });
    // Typed in lower case without the dash: still the same code.
    const ok = await must<{ entry: string }>("acceptInviteCode", await makeUser("code-b"), {
      eventId: ev.eventId,
      code: early.code.replace("-", "").toLowerCase(),
    });
    expect(ok.entry).toBe("PLACED");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + INVITE_CODE_HOURS * 3600_000 + 1000 });
    const err = await fail(
      "acceptInviteCode",
      await makeUser("code-d"),
      { eventId: ev.eventId, code: late.code },
      { address: "10.60.0.1" },
    );
    expect(err.code).toBe("BAD_INVITE_CODE");
  });

  it("a code of another event is not accepted here (codes are scoped to their event)", async () => {
    const ev1 = await openEvent("scope1");
    const ev2 = await openEvent("scope2");
    const reg = await must<{ code: string }>("registerOwnTeam", await makeUser("scope-a"), { eventId: ev1.eventId, side: "A" });
    const err = await fail(
      "acceptInviteCode",
      await makeUser("scope-b"),
      { eventId: ev2.eventId, code: reg.code },
      { address: "10.61.0.1" },
    );
    expect(err.code).toBe("BAD_INVITE_CODE");
  });

  it("caps count teams: with a cap of 2 the third team is waitlisted; a placed team withdraws → it moves up (MOVED_UP)", async () => {
    const ev = await openEvent("cap", { teamCap: 2 });
    const t1 = await pairUp(ev.eventId, "c1");
    const t2 = await pairUp(ev.eventId, "c2");
    const t3 = await pairUp(ev.eventId, "c3");
    const t4 = await pairUp(ev.eventId, "c4");
    expect([t1.entry, t2.entry, t3.entry, t4.entry]).toEqual(["PLACED", "PLACED", "WAITLIST", "WAITLIST"]);
    // A stranger cannot withdraw them; a member can.
    expect((await fail("withdrawTeam", t3.a, { teamId: t1.teamId })).code).toBe("FORBIDDEN");
    const w = await must<{ movedUp: string[] }>("withdrawTeam", t1.b, { teamId: t1.teamId });
    expect(w.movedUp).toEqual([t3.teamId]);
    const moved = await db().team.findUniqueOrThrow({ where: { id: t3.teamId } });
    expect([moved.entry, moved.entryNotice]).toEqual(["PLACED", "MOVED_UP"]);
    expect((await db().team.findUniqueOrThrow({ where: { id: t4.teamId } })).entry).toBe("WAITLIST");
    expect(await db().team.findUnique({ where: { id: t1.teamId } })).toBeNull();
    // The fourth team is now first in line: its members read place 1 (its sequence number stays 2).
    expect((await db().team.findUniqueOrThrow({ where: { id: t4.teamId } })).waitlistSeq).toBe(2);
    expect((await registrationView(ev.eventId, t4.b))?.team?.waitlistPosition).toBe(1);
    expect((await playerPage(t4.a)).teams.find((x) => x.teamId === t4.teamId)?.waitlistPosition).toBe(1);
  });

  it("the cap counts teams staff enter too: desk and roster import teams take free places, then join the waitlist in order", async () => {
    const ev = await openEvent("capstaff", { teamCap: 3 });
    const self = await pairUp(ev.eventId, "cs0");
    expect(self.entry).toBe("PLACED");
    const desk = await must<{ teamId: string; entry: string }>("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Desk One",
      a: { name: "Desk Ada" },
      b: { name: "Desk Bea" },
    });
    expect(desk.entry).toBe("PLACED");
    const roster = "team,a,a id,b,b id\nRoster One,Ro Ana,,Ro Bia,\nRoster Two,Rt Ana,,Rt Bia,\nRoster Three,Rh Ana,,Rh Bia,\n";
    expect(await must("importRoster", ev.judge, { eventId: ev.eventId, text: roster })).toMatchObject({ teams: 3, waitlisted: 2 });
    const late = await must<{ teamId: string; entry: string }>("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Desk Late",
      a: { name: "Late Ada" },
      b: { name: "Late Bea" },
    });
    expect(late.entry).toBe("WAITLIST");
    const teams = await db().team.findMany({ where: { eventId: ev.eventId }, orderBy: { number: "asc" } });
    expect(teams.map((t) => [t.name, t.entry, t.waitlistSeq])).toEqual([
      [self.name, "PLACED", null],
      ["Desk One", "PLACED", null],
      ["Roster One", "PLACED", null],
      ["Roster Two", "WAITLIST", 1],
      ["Roster Three", "WAITLIST", 2],
      ["Desk Late", "WAITLIST", 3],
    ]);
  });

  it("self-drop before round 1 frees the place for the first waitlisted team; reversed, the team joins the waitlist end", async () => {
    const ev = await openEvent("sdcap", { teamCap: 2 });
    const t1 = await pairUp(ev.eventId, "sd1");
    await pairUp(ev.eventId, "sd2");
    const t3 = await pairUp(ev.eventId, "sd3");
    const t4 = await pairUp(ev.eventId, "sd4");
    await must("selfDropTeam", t1.a, { teamId: t1.teamId, confirm: true });
    const entry = async (teamId: string) => {
      const t = await db().team.findUniqueOrThrow({ where: { id: teamId } });
      return [t.entry, t.entryNotice];
    };
    expect(await entry(t3.teamId)).toEqual(["PLACED", "MOVED_UP"]);
    expect(await entry(t4.teamId)).toEqual(["WAITLIST", null]);
    await must("reverseSelfDrop", ev.organizer, { teamId: t1.teamId });
    const back = await db().team.findUniqueOrThrow({ where: { id: t1.teamId } });
    expect([back.status, back.entry]).toEqual(["ACTIVE", "WAITLIST"]);
    const t4seq = (await db().team.findUniqueOrThrow({ where: { id: t4.teamId } })).waitlistSeq!;
    expect(back.waitlistSeq).toBeGreaterThan(t4seq);
    expect(await db().team.count({ where: { eventId: ev.eventId, status: "ACTIVE", entry: "PLACED" } })).toBe(2);
  });

  it("waitlisted teams are not paired: round 1 pairs only teams holding a place", async () => {
    const ev = await openEvent("pairing", { teamCap: 2 });
    const placed = [await pairUp(ev.eventId, "q1"), await pairUp(ev.eventId, "q2")];
    const waiting = await pairUp(ev.eventId, "q3");
    expect(waiting.entry).toBe("WAITLIST");
    const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "s" });
    const seated = (await db().matchTeam.findMany({ where: { match: { roundId } } })).map((m) => m.teamId).sort();
    expect(seated).toEqual(placed.map((t) => t.teamId).sort());
    // Registration closes with round 1.
    expect((await fail("registerOwnTeam", await makeUser("pairing-late"), { eventId: ev.eventId, side: "A" })).code).toBe(
      "REGISTRATION_CLOSED",
    );
  });

  it("optional TO approval: a complete team waits for approval, then takes a place; a declined team is removed", async () => {
    const ev = await openEvent("approve", { requireApproval: true });
    const t1 = await pairUp(ev.eventId, "ap1");
    const t2 = await pairUp(ev.eventId, "ap2");
    expect(t1.entry).toBe("PENDING_APPROVAL");
    expect((await fail("approveTeam", ev.judge, { teamId: t1.teamId, approve: true })).code).toBe("FORBIDDEN");
    expect(await must("approveTeam", ev.organizer, { teamId: t1.teamId, approve: true })).toEqual({ entry: "PLACED" });
    expect(await must("approveTeam", ev.organizer, { teamId: t2.teamId, approve: false })).toEqual({ entry: "DECLINED" });
    expect(await db().team.findUnique({ where: { id: t2.teamId } })).toBeNull();
  });

  it("the TO renames a team; a taken name is refused naming the field", async () => {
    const ev = await openEvent("rename");
    const t1 = await pairUp(ev.eventId, "rn1");
    const t2 = await pairUp(ev.eventId, "rn2");
    expect(await must("renameTeam", ev.organizer, { teamId: t1.teamId, name: "Blue Eyes" })).toEqual({ name: "Blue Eyes" });
    const err = await fail("renameTeam", ev.organizer, { teamId: t2.teamId, name: "blue  eyes" });
    expect([err.code, err.field]).toEqual(["TEAM_NAME_TAKEN", "name"]);
  });

  it("A/B editable by the team until the decklist deadline; a judge can swap for them; refused after the deadline", async () => {
    const ev = await openEvent("order");
    const t = await pairUp(ev.eventId, "or");
    expect(await must("swapTeamOrder", t.b, { teamId: t.teamId })).toEqual({ a: "Bruno orB", b: "Anna orA" });
    expect(await must("swapTeamOrder", ev.judge, { teamId: t.teamId })).toEqual({ a: "Anna orA", b: "Bruno orB" });
    await db().event.update({ where: { id: ev.eventId }, data: { decklistDeadline: new Date(Date.now() - 1000) } });
    expect((await fail("swapTeamOrder", t.a, { teamId: t.teamId })).code).toBe("ORDER_LOCKED");
  });

  it("a Player ID stands for its account: a typed one refuses its registration; a registrant's is refused as a partner", async () => {
    const ev = await openEvent("pid");
    const held = await makeUser("pid-held");
    await db().user.update({ where: { id: held }, data: { konamiId: "0400555001" } });
    await must("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Desk Entered",
      a: { name: "Held Person", playerId: "0400555001" },
      b: { name: "Other Person" },
    });
    // The account holding 0400555001 is already on that team, though it never claimed it.
    expect((await fail("registerOwnTeam", held, { eventId: ev.eventId, side: "A" })).code).toBe("ALREADY_ENTERED");
    expect((await fail("joinPartnerPool", held, { eventId: ev.eventId })).code).toBe("ALREADY_ENTERED");
    // Two open registrations: the owner of the first cannot be the partner the desk names for the second.
    const first = await makeUser("pid-first");
    await db().user.update({ where: { id: first }, data: { konamiId: "0400555002" } });
    await must("registerOwnTeam", first, { eventId: ev.eventId, side: "A" });
    const second = await makeUser("pid-second");
    const reg = await must<{ registrationId: string }>("registerOwnTeam", second, { eventId: ev.eventId, side: "A" });
    const dup = { registrationId: reg.registrationId, name: "First Again", playerId: "0400555002" };
    expect((await fail("completeRegistrationForPartner", ev.judge, dup)).code).toBe("ALREADY_ENTERED");
    expect(await db().team.count({ where: { eventId: ev.eventId } })).toBe(1);
  });

  it("a registration window that closes before it opens is refused naming closesAt, in the user's language", async () => {
    const ev = await makeEvent("regwin");
    const bad = { eventId: ev.eventId, selfRegistration: true, opensAt: "2027-03-06T11:00", closesAt: "2027-03-06T10:00" };
    const e = await fail("setSelfRegistration", ev.organizer, bad);
    expect([e.code, e.field]).toEqual(["REGISTRATION_WINDOW_ORDER", "closesAt"]);
    expect(localizeFailure(e, loadMessages("it") as never, "it").message).toBe("Le iscrizioni devono aprire prima di chiudere.");
  });

  it("a player already on a team cannot register a second one or enter the pool", async () => {
    const ev = await openEvent("dup");
    const t = await pairUp(ev.eventId, "dp");
    expect((await fail("registerOwnTeam", t.a, { eventId: ev.eventId, side: "A" })).code).toBe("ALREADY_ENTERED");
    expect((await fail("joinPartnerPool", t.b, { eventId: ev.eventId })).code).toBe("ALREADY_ENTERED");
  });
});

describe("partner pool and match partners (issue #16)", () => {
  it("four singles are matched into two teams by the TO: seeded, recorded, A/B drawn, the draw replayable from the seed", async () => {
    const ev = await openEvent("pool");
    const users = [];
    for (const n of ["Carla Rossi", "Davi Souza", "Elena Bianchi", "Felipe Lima"]) {
      const u = await makeUser(`pool-${users.length}`);
      await must("updateProfile", u, { displayName: n, konamiId: `09${users.length}1234567` });
      await must("joinPartnerPool", u, { eventId: ev.eventId });
      users.push(u);
    }
    const entries = await db().partnerPoolEntry.findMany({ where: { eventId: ev.eventId }, orderBy: { createdAt: "asc" } });
    expect(entries.map((e) => e.playerId)).toEqual(["0901234567", "0911234567", "0921234567", "0931234567"]);
    const r = await must<{ seed: string; teams: { teamId: string; a: string; b: string }[]; leftover: null }>(
      "matchPartners",
      ev.organizer,
      {
        eventId: ev.eventId,
        seed: "store-night",
      },
    );
    expect(r.teams).toHaveLength(2);
    expect(r.leftover).toBeNull();
    expect((await db().event.findUniqueOrThrow({ where: { id: ev.eventId } })).partnerSeed).toBe("store-night");
    // The same pure draw from the recorded seed gives the same teams and A/B.
    const replay = matchPartners(
      entries.map((e) => e.id),
      "store-night",
    );
    const name = (id: string) => entries.find((e) => e.id === id)!.name;
    expect(replay.teams.map((t) => [name(t.a), name(t.b)])).toEqual(r.teams.map((t) => [t.a, t.b]));
    const after = await db().partnerPoolEntry.findMany({ where: { eventId: ev.eventId } });
    expect(after.every((e) => e.status === "MATCHED" && e.teamId && e.designation)).toBe(true);
    // Each duelist is linked to the player's own account (their own entry).
    const linked = await db().duelist.findMany({ where: { eventId: ev.eventId }, select: { userId: true } });
    expect(linked.map((d) => d.userId).sort()).toEqual([...users].sort());
  });

  it("an odd pool leaves one single with status LEFTOVER; a manual pair is kept together", async () => {
    const ev = await openEvent("odd");
    const ids: string[] = [];
    for (const n of ["Gil One", "Hana Two", "Ivo Three"])
      ids.push((await must<{ entryId: string }>("joinPartnerPool", ev.judge, { eventId: ev.eventId, name: n })).entryId);
    const r = await must<{ teams: { a: string; b: string }[]; leftover: { name: string } }>("matchPartners", ev.organizer, {
      eventId: ev.eventId,
      seed: "x",
      pairs: [[ids[0], ids[2]]],
    });
    expect(r.teams).toHaveLength(1);
    expect(new Set([r.teams[0].a, r.teams[0].b])).toEqual(new Set(["Gil One", "Ivo Three"]));
    expect(r.leftover.name).toBe("Hana Two");
    expect((await db().partnerPoolEntry.findUniqueOrThrow({ where: { id: ids[1] } })).status).toBe("LEFTOVER");
    // A judge's pool entry has no account: the duelists get claim codes like a judge's registration.
    expect((await db().duelist.findMany({ where: { eventId: ev.eventId } })).every((d) => d.claimCodeHash)).toBe(true);
  });

  it("enterPartnerPool (write helper for the roster import, issue #17): one POOL row, no audit row; duplicates refused", async () => {
    const ev = await openEvent("helper");
    const audits = await db().auditLog.count({ where: { eventId: ev.eventId } });
    const r = await db().$transaction((tx) => enterPartnerPool(tx, ev.eventId, { name: "Jo Import", playerId: "0999999999" }));
    expect((await db().partnerPoolEntry.findUniqueOrThrow({ where: { id: r.entryId } })).status).toBe("POOL");
    expect(await db().auditLog.count({ where: { eventId: ev.eventId } })).toBe(audits);
    await expect(
      db().$transaction((tx) => enterPartnerPool(tx, ev.eventId, { name: "Jo Again", playerId: "0999999999" })),
    ).rejects.toMatchObject({
      code: "ALREADY_ENTERED",
    });
  });
});

describe("closing check-in moves the waitlist up (issue #16 contract with checkin)", () => {
  it("each placed team not checked in loses its place to the next checked-in waitlisted team, in waitlist order", async () => {
    const ev = await openEvent("close", { teamCap: 2 });
    await pairUp(ev.eventId, "cl1");
    const p2 = await pairUp(ev.eventId, "cl2");
    const w1 = await pairUp(ev.eventId, "cl3");
    const w2 = await pairUp(ev.eventId, "cl4");
    await db().team.updateMany({ where: { id: { in: [p2.teamId, w1.teamId] } }, data: { checkedIn: false } });
    const r = await must<{ swaps: { lost: string; movedUp: string }[] }>("closeCheckIn", ev.organizer, { eventId: ev.eventId });
    expect(r.swaps).toEqual([{ lost: p2.teamId, movedUp: w2.teamId }]);
    const rows = await db().team.findMany({ where: { eventId: ev.eventId }, orderBy: { number: "asc" } });
    expect(rows.map((t) => [t.entry, t.entryNotice])).toEqual([
      ["PLACED", null],
      ["LOST_PLACE", "LOST_PLACE"],
      ["WAITLIST", null],
      ["PLACED", "MOVED_UP"],
    ]);
    expect((await db().event.findUniqueOrThrow({ where: { id: ev.eventId } })).checkInClosedAt).not.toBeNull();
    expect((await fail("closeCheckIn", ev.organizer, { eventId: ev.eventId })).code).toBe("CHECK_IN_CLOSED");
  });
});

describe("accounts across events (issue #16)", () => {
  it("sign-up (username + password, email optional); a judge looking up a known Player ID gets the display name only", async () => {
    const ev = await openEvent("lookup");
    await must("signUp", null, { username: "kaiba", password: "password123", displayName: "Seto Kaiba" });
    const u = await db().user.findUniqueOrThrow({ where: { username: "kaiba" } });
    expect(u.email).toBeNull();
    await must("updateProfile", u.id, { displayName: "Seto Kaiba", konamiId: "0412345678", language: "it" });
    expect(await must("lookupPlayerId", ev.judge, { eventId: ev.eventId, playerId: "0412345678" })).toEqual({ displayName: "Seto Kaiba" });
    expect((await fail("lookupPlayerId", ev.judge, { eventId: ev.eventId, playerId: "0412345679" })).code).toBe("UNKNOWN_PLAYER_ID");
    // Exact match only, and another account cannot take the same ID.
    expect((await fail("lookupPlayerId", ev.judge, { eventId: ev.eventId, playerId: "041234567" })).code).toBe("UNKNOWN_PLAYER_ID");
    const other = await makeUser("kaiba-copy");
    const taken = await fail("updateProfile", other, { displayName: "Copy", konamiId: "0412345678" });
    expect([taken.code, taken.field]).toEqual(["PLAYER_ID_TAKEN", "konamiId"]);
  });

  it("Player ID lookups are rate-limited: 60 unknown IDs per judge per 15 minutes, then one per 5 s", async () => {
    const ev = await openEvent("lookrate");
    const codes: string[] = [];
    for (let i = 0; i < 62; i++) {
      const r = await ACTIONS.lookupPlayerId.handle(ev.judge, { eventId: ev.eventId, playerId: `77${i}` }, { address: "10.62.0.1" });
      codes.push(r.ok ? "OK" : r.error.code);
    }
    expect(codes.slice(0, 60).every((c) => c === "UNKNOWN_PLAYER_ID")).toBe(true);
    // The 61st goes through in slow mode, the 62nd comes too soon.
    expect(codes.slice(60)).toEqual(["UNKNOWN_PLAYER_ID", "RATE_LIMITED"]);
  });

  it("a judge of the event may issue a reset code for a self-made player who entered it alone (reset rule, issue #16)", async () => {
    const ev = await openEvent("reset");
    const u = await makeUser("pool-reset");
    // Before entering the event the player is nobody the judge may reset.
    expect((await fail("issueResetCode", ev.judge, { eventId: ev.eventId, userId: u })).params).toMatchObject({ what: "issueCode" });
    await must("joinPartnerPool", u, { eventId: ev.eventId });
    const r = await must<{ code: string }>("issueResetCode", ev.judge, { eventId: ev.eventId, userId: u });
    expect(r.code).toBeTruthy();
  });
});

describe("typed partner codes behind the limiter (lib/accounts/inviteCodes.ts)", () => {
  it("10 wrong codes from one address → that address is refused; another address still tries", async () => {
    const ev = await openEvent("lim1");
    const u = await makeUser("lim1-u");
    for (let i = 0; i < 10; i++)
      expect((await fail("acceptInviteCode", u, { eventId: ev.eventId, code: "ZZZZ-ZZZZ" }, { address: "10.63.0.1" })).code).toBe(
        "BAD_INVITE_CODE",
      );
    const refused = await fail("acceptInviteCode", u, { eventId: ev.eventId, code: "ZZZZ-ZZZZ" }, { address: "10.63.0.1" });
    expect(refused.code).toBe("RATE_LIMITED");
    expect(Number(refused.params?.seconds)).toBeGreaterThan(14 * 60);
    expect((await fail("acceptInviteCode", u, { eventId: ev.eventId, code: "ZZZZ-ZZZZ" }, { address: "10.63.0.2" })).code).toBe(
      "BAD_INVITE_CODE",
    );
  });

  it("the per-event cap bounds all clients: after 30 wrong codes from many addresses, one guess per minute", async () => {
    const ev = await openEvent("lim2");
    const u = await makeUser("lim2-u");
    for (let i = 0; i < 30; i++)
      expect((await fail("acceptInviteCode", u, { eventId: ev.eventId, code: "ZZZZ-ZZZZ" }, { address: `10.64.${i}.1` })).code).toBe(
        "BAD_INVITE_CODE",
      );
    expect((await fail("acceptInviteCode", u, { eventId: ev.eventId, code: "ZZZZ-ZZZZ" }, { address: "10.64.200.1" })).code).toBe(
      "BAD_INVITE_CODE",
    );
    const slowed = await fail("acceptInviteCode", u, { eventId: ev.eventId, code: "ZZZZ-ZZZZ" }, { address: "10.64.201.1" });
    expect(slowed.code).toBe("RATE_LIMITED");
    expect(Number(slowed.params?.seconds)).toBeLessThanOrEqual(60);
  });
});

describe("places under concurrency (issue #16 caps)", () => {
  it("four teams completing at the same moment with a cap of 2: exactly 2 get a place, 2 wait in order", async () => {
    const ev = await openEvent("race", { teamCap: 2 });
    const regs = [];
    for (let i = 0; i < 4; i++) {
      const a = await makeUser(`race-a${i}`);
      const b = await makeUser(`race-b${i}`);
      regs.push({ b, token: (await must<{ token: string }>("registerOwnTeam", a, { eventId: ev.eventId, side: "A" })).token });
    }
    const r = await Promise.all(regs.map((x) => ACTIONS.acceptInvite.handle(x.b, { token: x.token })));
    expect(r.every((x) => x.ok)).toBe(true);
    const teams = await db().team.findMany({ where: { eventId: ev.eventId } });
    expect(teams.filter((t) => t.entry === "PLACED")).toHaveLength(2);
    expect(
      teams
        .filter((t) => t.entry === "WAITLIST")
        .map((t) => t.waitlistSeq)
        .sort(),
    ).toEqual([1, 2]);
  });
});
