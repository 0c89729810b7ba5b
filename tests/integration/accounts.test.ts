/**
 * Accounts nobody can take over (issue #10): consented staff roles, the reset rule
 * (lib/accounts/resetRule.ts), resets that end sessions and void older codes, claim codes stored
 * as HMAC with an expiry.
 */
import { describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { rowCounts, useTestDatabase } from "./db";
import { makeEvent, makeUser, must, registerTeams } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";
import { attemptSignIn } from "@/lib/auth/signin";
import { sessionIsCurrent } from "@/lib/auth/sessionVersion";
import { claimCodeHash } from "@/lib/auth/passwords";
import { findClaimable, hashLegacyClaimCodes } from "@/lib/server/write/claimCodes";
import { staffRole } from "@/lib/auth/actor";

await useTestDatabase();

/** A duelist of `eventId` linked to a new account `username` (password "password123"). */
async function duelistAccount(eventId: string, judge: string, username: string, userId?: string) {
  const [teamId] = await registerTeams(eventId, judge, 1, username);
  const d = await db().duelist.findFirstOrThrow({ where: { teamId, designation: "A" } });
  const id = userId ?? (await makeUser(username));
  await db().duelist.update({ where: { id: d.id }, data: { userId: id, claimCodeHash: null } });
  return id;
}

async function fails(name: string, userId: string | null, input: unknown) {
  const res = await ACTIONS[name].handle(userId, input);
  expect(res.ok, `${name} should be refused`).toBe(false);
  return res.ok ? null : res.error;
}

describe("takeovers are refused", () => {
  it("the organizer takeover (addJudge an organizer, issueResetCode, resetPassword, sign in) is refused, nothing written", async () => {
    const victim = await makeEvent("victim1");
    const attacker = await makeEvent("attacker1");
    const victimHash = (await db().user.findUniqueOrThrow({ where: { id: victim.organizer } })).passwordHash;
    // 1. addJudge with the victim's username: only an invitation, no role.
    const added = await must<{ invited: boolean; setupCode: string | null }>("addJudge", attacker.organizer, {
      eventId: attacker.eventId,
      username: "victim1-to",
    });
    expect(added).toMatchObject({ invited: true, setupCode: null });
    expect(await staffRole(db(), victim.organizer, attacker.eventId)).toBeNull();
    const before = await rowCounts();
    // 2. issueResetCode for the victim: refused (not staff, not a duelist; an organizer anyway).
    const e2 = await fails("issueResetCode", attacker.organizer, { eventId: attacker.eventId, userId: victim.organizer });
    expect(e2?.code).toBe("FORBIDDEN");
    // 3. resetPassword with a guessed code: refused.
    const e3 = await fails("resetPassword", null, { username: "victim1-to", code: "AAAA-BBBB", password: "attacker-pass" });
    expect(e3?.code).toBe("BAD_RESET_CODE");
    // 4. sign in with the attacker's password: refused.
    expect((await attemptSignIn("victim1-to", "attacker-pass", "203.0.113.9")).status).toBe(401);
    expect(await rowCounts()).toEqual(before);
    expect((await db().user.findUniqueOrThrow({ where: { id: victim.organizer } })).passwordHash).toBe(victimHash);
  });

  it("the judge takeover of an organizer who plays in the judge's event is refused with nothing written", async () => {
    const ev = await makeEvent("judgeev");
    const other = await makeEvent("orgplays");
    // The other event's organizer claimed a duelist in ev.
    await duelistAccount(ev.eventId, ev.judge, "op", other.organizer);
    const before = await rowCounts();
    const e = await fails("issueResetCode", ev.judge, { eventId: ev.eventId, userId: other.organizer });
    expect(e).toMatchObject({ code: "FORBIDDEN", params: { what: "resetStaff" } });
    expect(await rowCounts()).toEqual(before);
  });

  it("a judge cannot reset an account that organizes any event, even one without the organizer flag", async () => {
    const ev = await makeEvent("judgeev2");
    const other = await makeEvent("orgflag");
    const player = await duelistAccount(ev.eventId, ev.judge, "plainorg");
    // `plainorg` organizes the other event (staff ORGANIZER row) but is not an organizer account.
    await db().eventStaff.create({ data: { eventId: other.eventId, userId: player, role: "ORGANIZER" } });
    const before = await rowCounts();
    expect(await fails("issueResetCode", ev.judge, { eventId: ev.eventId, userId: player })).toMatchObject({
      code: "FORBIDDEN",
      params: { what: "resetStaff" },
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("a judge of another event cannot be reset by this event's staff; a judge this organizer created can", async () => {
    const ev = await makeEvent("ownjudge");
    const other = await makeEvent("foreignjudge");
    await duelistAccount(ev.eventId, ev.judge, "fj", other.judge);
    expect(await fails("issueResetCode", ev.organizer, { eventId: ev.eventId, userId: other.judge })).toMatchObject({ code: "FORBIDDEN" });
    const created = await must<{ userId: string; setupCode: string }>("addJudge", ev.organizer, {
      eventId: ev.eventId,
      username: "newjudge",
    });
    expect(created.setupCode).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(await must<{ code: string }>("issueResetCode", ev.organizer, { eventId: ev.eventId, userId: created.userId })).toHaveProperty(
      "code",
    );
    // …but not by a judge who did not create it.
    expect(await fails("issueResetCode", ev.judge, { eventId: ev.eventId, userId: created.userId })).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("consent for staff roles", () => {
  it("an invited judge has no access until accepting; the organizer sees 'invited'", async () => {
    const ev = await makeEvent("consent");
    const invitee = await makeUser("invited-judge");
    const r = await must<{ invited: boolean }>("addJudge", ev.organizer, { eventId: ev.eventId, username: "invited-judge" });
    expect(r.invited).toBe(true);
    expect(await staffRole(db(), invitee, ev.eventId)).toBeNull();
    expect(
      await fails("registerTeam", invitee, { eventId: ev.eventId, name: "Early", a: { name: "E1" }, b: { name: "E2" } }),
    ).toMatchObject({ code: "FORBIDDEN" });
    expect((await fails("addJudge", ev.organizer, { eventId: ev.eventId, username: "invited-judge" }))?.code).toBe("ALREADY_INVITED");
    // Nobody else can accept it for them.
    expect((await fails("acceptInvitation", ev.judge, { eventId: ev.eventId }))?.code).toBe("NOT_FOUND");
    await must("acceptInvitation", invitee, { eventId: ev.eventId });
    expect(await staffRole(db(), invitee, ev.eventId)).toBe("JUDGE");
    await must("registerTeam", invitee, { eventId: ev.eventId, name: "Now", a: { name: "N1" }, b: { name: "N2" } });
    expect(
      await db().auditLog.findMany({
        where: { eventId: ev.eventId, entityId: invitee },
        select: { action: true },
        orderBy: { createdAt: "asc" },
      }),
    ).toEqual([{ action: "staff.inviteJudge" }, { action: "staff.acceptInvitation" }]);
  });

  it("a declined invitation gives no role; a withdrawn one cannot be accepted", async () => {
    const ev = await makeEvent("decline");
    const a = await makeUser("decliner"),
      b = await makeUser("withdrawn");
    await must("addJudge", ev.organizer, { eventId: ev.eventId, username: "decliner" });
    await must("addJudge", ev.organizer, { eventId: ev.eventId, username: "withdrawn" });
    await must("declineInvitation", a, { eventId: ev.eventId });
    await must("removeJudge", ev.organizer, { eventId: ev.eventId, userId: b });
    expect((await fails("acceptInvitation", a, { eventId: ev.eventId }))?.code).toBe("NOT_FOUND");
    expect((await fails("acceptInvitation", b, { eventId: ev.eventId }))?.code).toBe("NOT_FOUND");
    expect(await staffRole(db(), a, ev.eventId)).toBeNull();
    expect(await staffRole(db(), b, ev.eventId)).toBeNull();
  });

  it("removing a judge ends every session of that judge", async () => {
    const ev = await makeEvent("revoke-sessions");
    expect(await sessionIsCurrent(db(), ev.judge, 0)).toBe(true);
    await must("removeJudge", ev.organizer, { eventId: ev.eventId, userId: ev.judge });
    expect(await sessionIsCurrent(db(), ev.judge, 0)).toBe(false);
  });
});

describe("resets", () => {
  it("a reset ends the victim's existing sessions and voids older codes; the owner sees who reset it", async () => {
    const ev = await makeEvent("reset");
    const player = await duelistAccount(ev.eventId, ev.judge, "resetme");
    const older = await must<{ code: string }>("issueResetCode", ev.judge, { eventId: ev.eventId, userId: player });
    const newer = await must<{ code: string }>("issueResetCode", ev.organizer, { eventId: ev.eventId, userId: player });
    const codeRow = await db().passwordResetCode.findFirstOrThrow({ where: { userId: player }, orderBy: { createdAt: "desc" } });
    expect(codeRow.expiresAt.getTime() - codeRow.createdAt.getTime()).toBeGreaterThan(23.9 * 3600_000);
    expect(codeRow.expiresAt.getTime() - codeRow.createdAt.getTime()).toBeLessThanOrEqual(24 * 3600_000 + 1000);
    expect(await bcrypt.compare(newer.code, codeRow.codeHash)).toBe(true);
    expect(await sessionIsCurrent(db(), player, 0)).toBe(true);
    await must("resetPassword", null, { username: "resetme", code: newer.code, password: "brand-new-pass" });
    expect(await sessionIsCurrent(db(), player, 0)).toBe(false);
    expect(await sessionIsCurrent(db(), player, 1)).toBe(true);
    expect((await fails("resetPassword", null, { username: "resetme", code: older.code, password: "other-pass-1" }))?.code).toBe(
      "BAD_RESET_CODE",
    );
    expect((await attemptSignIn("resetme", "brand-new-pass", "198.51.100.7")).status).toBe(200);
    const u = await db().user.findUniqueOrThrow({ where: { id: player } });
    expect(u.resetNoticeBy).toBe("reset-to");
    // Audited on the event (the issuer's) with the account as entity.
    expect(await db().auditLog.count({ where: { eventId: ev.eventId, action: "user.resetPassword", entityId: player } })).toBe(1);
    await must("dismissResetNotice", player, {});
    expect((await db().user.findUniqueOrThrow({ where: { id: player } })).resetNoticeBy).toBeNull();
  });

  it("a reset code issued for a plain duelist stops working once the account accepts a staff role anywhere", async () => {
    const ev = await makeEvent("laterstaff");
    const other = await makeEvent("laterjudge");
    const player = await duelistAccount(ev.eventId, ev.judge, "becomesjudge");
    const { code } = await must<{ code: string }>("issueResetCode", ev.judge, { eventId: ev.eventId, userId: player });
    await must("addJudge", other.organizer, { eventId: other.eventId, username: "becomesjudge" });
    await must("acceptInvitation", player, { eventId: other.eventId });
    const hash = (await db().user.findUniqueOrThrow({ where: { id: player } })).passwordHash;
    expect((await fails("resetPassword", null, { username: "becomesjudge", code, password: "taken-over-1" }))?.code).toBe("BAD_RESET_CODE");
    const u = await db().user.findUniqueOrThrow({ where: { id: player } });
    expect(u.passwordHash).toBe(hash);
    expect(u.sessionVersion).toBe(0);
    expect(await db().auditLog.count({ where: { action: "user.resetPassword", entityId: player } })).toBe(0);
  });

  it("a reset code stops working once its issuer is no longer staff of the event", async () => {
    const ev = await makeEvent("issuerleft");
    const player = await duelistAccount(ev.eventId, ev.judge, "issuerleftme");
    const { code } = await must<{ code: string }>("issueResetCode", ev.judge, { eventId: ev.eventId, userId: player });
    await must("removeJudge", ev.organizer, { eventId: ev.eventId, userId: ev.judge });
    expect((await fails("resetPassword", null, { username: "issuerleftme", code, password: "taken-over-1" }))?.code).toBe("BAD_RESET_CODE");
  });

  it("a reset withdraws the account's pending staff invitations: the new password's holder cannot accept them", async () => {
    const ev = await makeEvent("resetinv");
    const other = await makeEvent("pendinginv");
    const player = await duelistAccount(ev.eventId, ev.judge, "invitedplayer");
    await must("addJudge", other.organizer, { eventId: other.eventId, username: "invitedplayer" });
    const { code } = await must<{ code: string }>("issueResetCode", ev.judge, { eventId: ev.eventId, userId: player });
    await must("resetPassword", null, { username: "invitedplayer", code, password: "judge-knows-1" });
    expect((await fails("acceptInvitation", player, { eventId: other.eventId }))?.code).toBe("NOT_FOUND");
    expect(await staffRole(db(), player, other.eventId)).toBeNull();
    const row = await db().auditLog.findFirstOrThrow({ where: { eventId: ev.eventId, action: "user.resetPassword", entityId: player } });
    expect(row.after).toMatchObject({ invitationsVoided: 1 });
  });

  it("a reset code dies after 5 wrong codes for its account", async () => {
    const ev = await makeEvent("guess");
    const player = await duelistAccount(ev.eventId, ev.judge, "guessme");
    const { code } = await must<{ code: string }>("issueResetCode", ev.judge, { eventId: ev.eventId, userId: player });
    for (let i = 0; i < 5; i++) await fails("resetPassword", null, { username: "guessme", code: "AAAA-BBBB", password: "whatever-1" });
    expect((await fails("resetPassword", null, { username: "guessme", code, password: "whatever-1" }))?.code).toBe("BAD_RESET_CODE");
  });

  it("change password needs the old password and ends the other sessions", async () => {
    const u = await makeUser("changer");
    expect((await fails("changePassword", u, { oldPassword: "wrong-one", newPassword: "another-pass" }))?.code).toBe("BAD_PASSWORD");
    expect(await sessionIsCurrent(db(), u, 0)).toBe(true);
    await must("changePassword", u, { oldPassword: "password123", newPassword: "another-pass" });
    expect(await sessionIsCurrent(db(), u, 0)).toBe(false);
    expect((await attemptSignIn("changer", "another-pass", "192.0.2.1")).status).toBe(200);
  });

  it("an action sent with a token of an ended session acts as signed out (checked in the action's own actor read)", async () => {
    const ev = await makeEvent("stale-token");
    const input = { eventId: ev.eventId, name: "Stale Token Team", a: { name: "Ann Stale" }, b: { name: "Bob Stale" } };
    const client = (sessionVersion: number) => ({ address: "192.0.2.7", sessionVersion });
    await must("removeJudge", ev.organizer, { eventId: ev.eventId, userId: ev.judge }); // the judge's version is now 1
    await must("addJudge", ev.organizer, { eventId: ev.eventId, username: "stale-token-judge" });
    await must("acceptInvitation", ev.judge, { eventId: ev.eventId });
    const before = await rowCounts();
    const stale = await ACTIONS.registerTeam.handle(ev.judge, input, client(0));
    expect(stale.ok ? null : stale.error.code).toBe("UNAUTHENTICATED");
    expect(await rowCounts()).toEqual(before);
    const current = await ACTIONS.registerTeam.handle(ev.judge, input, client(1));
    expect(current.ok).toBe(true);
  });
});

describe("claim codes", () => {
  it("a claim code is unusable after expiry and once the event is finished", async () => {
    const ev = await makeEvent("expiry");
    const r = await must<{ teamId: string; claimCodes: { A: string; B: string } }>("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Late",
      a: { name: "La" },
      b: { name: "Lb" },
    });
    // An undated event: 7 days after printing.
    const a = await db().duelist.findFirstOrThrow({ where: { teamId: r.teamId, designation: "A" } });
    expect(a.claimExpiresAt!.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    await db().duelist.update({ where: { id: a.id }, data: { claimExpiresAt: new Date(Date.now() - 1000) } });
    expect((await fails("signUpWithClaim", null, { code: r.claimCodes.A, username: "too-late", password: "password123" }))?.code).toBe(
      "BAD_CLAIM_CODE",
    );
    await db().event.update({ where: { id: ev.eventId }, data: { status: "FINISHED" } });
    expect((await fails("signUpWithClaim", null, { code: r.claimCodes.B, username: "too-late", password: "password123" }))?.code).toBe(
      "BAD_CLAIM_CODE",
    );
  });

  it("a dated event's claim code works through the event's day in its time zone, not after", async () => {
    const ev = await makeEvent("dated");
    const r = await must<{ teamId: string; claimCodes: { A: string; B: string } }>("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Dated",
      a: { name: "Da" },
      b: { name: "Db" },
    });
    // Held on 2026-12-05 in Rome: the day ends at 2026-12-05T23:00Z, whatever the 7-day window says.
    await db().event.update({ where: { id: ev.eventId }, data: { startsOn: new Date("2026-12-05T00:00:00Z"), timeZone: "Europe/Rome" } });
    await db().duelist.updateMany({ where: { teamId: r.teamId }, data: { claimExpiresAt: new Date("2026-12-01T00:00:00Z") } });
    expect(await findClaimable(db(), r.claimCodes.A, new Date("2026-12-05T22:59:00Z"))).not.toBeNull();
    expect(await findClaimable(db(), r.claimCodes.A, new Date("2026-12-05T23:00:00Z"))).toBeNull();
    // A date in the past: the code no longer works (the action refuses it like any bad code).
    await db().event.update({ where: { id: ev.eventId }, data: { startsOn: new Date("2020-01-01T00:00:00Z") } });
    expect((await fails("signUpWithClaim", null, { code: r.claimCodes.B, username: "after-the-day", password: "password123" }))?.code).toBe(
      "BAD_CLAIM_CODE",
    );
  });

  it("reprinting a receipt issues new codes and voids the old ones", async () => {
    const ev = await makeEvent("reprint");
    const r = await must<{ teamId: string; claimCodes: { A: string; B: string } }>("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Re",
      a: { name: "Ra" },
      b: { name: "Rb" },
    });
    const again = await must<{ claimCodes: { A: string; B: string } }>("reissueClaimCodes", ev.judge, { teamId: r.teamId });
    expect(again.claimCodes.A).not.toBe(r.claimCodes.A);
    expect((await fails("claimDuelist", await makeUser("old-code"), { code: r.claimCodes.A }))?.code).toBe("BAD_CLAIM_CODE");
    await must("claimDuelist", await makeUser("new-code"), { code: again.claimCodes.A });
    // Claimed duelists get no new code on the next reprint.
    expect(
      (await must<{ claimCodes: Record<string, string> }>("reissueClaimCodes", ev.judge, { teamId: r.teamId })).claimCodes,
    ).not.toHaveProperty("A");
  });

  it("plaintext claim codes from before are hashed at start and keep working", async () => {
    const ev = await makeEvent("legacy");
    const [teamId] = await registerTeams(ev.eventId, ev.judge, 1, "Old");
    const d = await db().duelist.findFirstOrThrow({ where: { teamId, designation: "A" } });
    await db().duelist.update({ where: { id: d.id }, data: { claimCodeHash: null, legacyClaimCode: "K7QX-M2PA" } });
    expect(await hashLegacyClaimCodes()).toBe(1);
    const after = await db().duelist.findUniqueOrThrow({ where: { id: d.id } });
    expect(after).toMatchObject({ legacyClaimCode: null, claimCodeHash: claimCodeHash("K7QX-M2PA") });
    await must("claimDuelist", await makeUser("legacy-claimer"), { code: "k7qx m2pa" });
  });
});
