import { beforeAll, describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { makeEvent, makeUser, must } from "./fixtures";
import { ACTIONS } from "@/lib/server/actions";
import { db } from "@/lib/db";
import { claimCodeHash } from "@/lib/auth/passwords";

await useTestDatabase();

describe("team registration (issue #2)", () => {
  let ev: Awaited<ReturnType<typeof makeEvent>>;
  beforeAll(async () => {
    ev = await makeEvent("reg");
  });

  it("registers a team of two with fixed designations A and B and one-time claim codes (stored as HMAC only)", async () => {
    const r = await must<{ teamId: string; claimCodes: { A: string; B: string } }>("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Red1",
      a: { name: "Red1 Alpha", playerId: "Red101" },
      b: { name: "Red1 Beta" },
    });
    const duelists = await db().duelist.findMany({ where: { teamId: r.teamId }, orderBy: { designation: "asc" } });
    expect(duelists.map((d) => [d.designation, d.name])).toEqual([
      ["A", "Red1 Alpha"],
      ["B", "Red1 Beta"],
    ]);
    expect([r.claimCodes.A, r.claimCodes.B].every((c) => /^[2-9A-Z]{4}-[2-9A-Z]{4}$/.test(c))).toBe(true);
    expect(duelists.map((d) => d.claimCodeHash)).toEqual([claimCodeHash(r.claimCodes.A), claimCodeHash(r.claimCodes.B)]);
    expect(duelists.every((d) => d.legacyClaimCode === null && /^[0-9a-f]{64}$/.test(d.claimCodeHash ?? ""))).toBe(true);
    expect(await db().auditLog.count({ where: { eventId: ev.eventId, action: "team.register" } })).toBe(1);
  });

  it("a player on two teams (same player ID) is refused, naming the field; nothing is written", async () => {
    const before = await rowCounts();
    const res = await ACTIONS.registerTeam.handle(ev.judge, {
      eventId: ev.eventId,
      name: "Blue",
      a: { name: "Someone", playerId: "Red101" },
      b: { name: "Other" },
    });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.field).toBe("a.playerId");
      expect(res.error.message).toBe('Player ID Red101 is already registered on team "Red1".');
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("a team with one member is refused, naming b.name; nothing is written", async () => {
    const before = await rowCounts();
    const res = await ACTIONS.registerTeam.handle(ev.judge, {
      eventId: ev.eventId,
      name: "Solo",
      a: { name: "Only One" },
      b: { name: "" },
    });
    expect(res.ok).toBe(false);
    if (!res.ok) {
      expect(res.error.field).toBe("b.name");
      expect(res.error.message).toContain("b.name");
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("the same player as A and B of one team is refused", async () => {
    const res = await ACTIONS.registerTeam.handle(ev.judge, {
      eventId: ev.eventId,
      name: "Twins",
      a: { name: "X", playerId: "42" },
      b: { name: "Y", playerId: "42" },
    });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.field).toBe("b.playerId");
  });

  it("the public, a stranger and a judge of another event cannot register teams", async () => {
    const other = await makeEvent("other");
    const stranger = await makeUser("stranger");
    const before = await rowCounts();
    for (const who of [null, stranger, other.judge]) {
      const res = await ACTIONS.registerTeam.handle(who, { eventId: ev.eventId, name: "Intruders", a: { name: "I" }, b: { name: "J" } });
      expect(res.ok).toBe(false);
      if (!res.ok) expect(["UNAUTHENTICATED", "FORBIDDEN"]).toContain(res.error.code);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it("a revoked judge is refused at once (roles read per request, not from the JWT)", async () => {
    const ev2 = await makeEvent("revoke");
    await must("removeJudge", ev2.organizer, { eventId: ev2.eventId, userId: ev2.judge });
    const res = await ACTIONS.registerTeam.handle(ev2.judge, { eventId: ev2.eventId, name: "Late", a: { name: "L1" }, b: { name: "L2" } });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.code).toBe("FORBIDDEN");
  });

  it("a duelist claims with the receipt code once; the code then stops working", async () => {
    const reg = await must<{ teamId: string; claimCodes: { A: string } }>("registerTeam", ev.judge, {
      eventId: ev.eventId,
      name: "Claim1",
      a: { name: "Claim1 Alpha" },
      b: { name: "Claim1 Beta" },
    });
    const a = await db().duelist.findFirstOrThrow({ where: { teamId: reg.teamId, designation: "A" } });
    const r = await must<{ username: string }>("signUpWithClaim", null, {
      code: reg.claimCodes.A.toLowerCase().replace("-", " "),
      username: "claimer",
      password: "longenough",
    });
    expect(r.username).toBe("claimer");
    const linked = await db().duelist.findUniqueOrThrow({ where: { id: a.id } });
    expect(linked.claimCodeHash).toBeNull();
    expect(linked.userId).not.toBeNull();
    const again = await ACTIONS.signUpWithClaim.handle(null, { code: reg.claimCodes.A, username: "claimer2", password: "longenough" });
    expect(again.ok).toBe(false);
  });
});
