/**
 * Issue #14: the match page a slip's QR opens decides by the sign-in alone (lib/server/read/slips
 * slipAccess): the event's judge gets the match, a duelist of the match its report page, a duelist
 * of another table and an account with no role are refused, a match of another event is not found.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { makeUser, reportingWorld, type ReportingWorld } from "./fixtures";
import { slipAccess } from "@/lib/server/read/slips";
import { db } from "@/lib/db";
import { staffRole } from "@/lib/auth/actor";

await useTestDatabase();

/** What eventView gives the page for `userId` (role and duelist record), then the decision. */
async function access(eventId: string, matchId: string, userId: string | null) {
  const role = userId ? await staffRole(db(), userId, eventId) : null;
  const me = userId
    ? await db().duelist.findFirst({ where: { eventId, userId }, select: { id: true, teamId: true, designation: true, name: true } })
    : null;
  return slipAccess(eventId, matchId, { role, me }, Boolean(userId));
}

describe("slip QR match page access (issue #14)", () => {
  let w: ReportingWorld;
  let other: ReportingWorld;
  beforeAll(async () => {
    w = await reportingWorld("slp", "KONAMI_TAG_2019", 4);
    other = await reportingWorld("slq", "KONAMI_TAG_2019", 4);
  });

  it("the judge gets that match with both teams and their A/B seats", async () => {
    const m = w.matches[0];
    const a = await access(w.eventId, m.id, w.judge);
    expect(a.kind).toBe("judge");
    if (a.kind !== "judge") return;
    expect([a.match.id, a.match.table, a.match.round.number]).toEqual([m.id, m.table, 1]);
    expect(a.match.teams.map((t) => [t.teamId, t.team.duelists.map((d) => d.designation)])).toEqual([
      [m.t1, ["A", "B"]],
      [m.t2, ["A", "B"]],
    ]);
  });

  it("a duelist of either team of the match goes to the report page; a duelist of another table is refused", async () => {
    const [m, n] = w.matches;
    expect((await access(w.eventId, m.id, w.user.get(`${m.t1}:B`)!)).kind).toBe("duelist");
    expect((await access(w.eventId, m.id, w.user.get(`${m.t2}:A`)!)).kind).toBe("duelist");
    expect(await access(w.eventId, m.id, w.user.get(`${n.t1}:A`)!)).toEqual({ kind: "otherTable" });
  });

  it("signed out, no role, and a match of another event: no match data", async () => {
    const m = w.matches[0];
    expect(await access(w.eventId, m.id, null)).toEqual({ kind: "signedOut" });
    expect(await access(w.eventId, m.id, await makeUser("slp-stranger"))).toEqual({ kind: "refused" });
    // The other event's judge, on their own event's address with this event's match id.
    expect(await access(other.eventId, m.id, other.judge)).toEqual({ kind: "notFound" });
    // A duelist of the other event with this event's match id.
    expect(await access(other.eventId, m.id, other.user.get(`${other.matches[0].t1}:A`)!)).toEqual({ kind: "otherTable" });
  });
});
