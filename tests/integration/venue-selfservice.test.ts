/**
 * Issue #16 at the venue, through the real actions on Postgres: self check-in with the big-screen
 * code (a code older than 2 minutes refused, nothing written) and with the printed team code (its
 * per-team limiter cap bounds all clients together), the window's refusals naming the time, both
 * members / one member checking a team in, team self-drop (MTR 8.2: after the unfinished round;
 * out of the next pairing) and the TO's reversal until the next round is paired, one open judge
 * call per table (acknowledged then resolved, both audited), and the decklist deadline refusal
 * naming the deadline.
 */
import { describe, expect, it } from "vitest";
import { rowCounts, useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { db } from "@/lib/db";
import { hashSecret } from "@/lib/auth/passwords";
import { ACTIONS } from "@/lib/server/actions";
import { screenCode, teamCheckInCode } from "@/lib/server/write/checkinCodes";
import { loadMessages } from "@/lib/i18n/messages";
import { localizeFailure } from "@/lib/i18n/actionErrors";
import type { ActionFailure } from "@/lib/errors";

await useTestDatabase();

async function world(prefix: string, n = 4) {
  const ev = await makeEvent(prefix);
  const teams = await registerTeams(ev.eventId, ev.judge, n, prefix.toUpperCase());
  const hash = await hashSecret("password123");
  const user = new Map<string, string>();
  const duelist = new Map<string, string>();
  for (const d of await db().duelist.findMany({ where: { eventId: ev.eventId } })) {
    const u = await db().user.create({
      data: { username: `${prefix}-${d.id}`.toLowerCase().slice(0, 32), displayName: d.name, passwordHash: hash },
    });
    await db().duelist.update({ where: { id: d.id }, data: { userId: u.id, claimCodeHash: null } });
    user.set(`${d.teamId}:${d.designation}`, u.id);
    duelist.set(`${d.teamId}:${d.designation}`, d.id);
  }
  return { ...ev, teams, user, duelist };
}

async function fail(name: string, userId: string | null, input: unknown, client?: { address: string }): Promise<ActionFailure> {
  const res = await ACTIONS[name].handle(userId, input, client);
  if (res.ok) throw new Error(`${name} succeeded`);
  return res.error;
}

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
const inHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe("self check-in (issue #16)", () => {
  it("both members open the QR URL: the team is in once both are; a code older than 2 minutes is refused, nothing written", async () => {
    const w = await world("ci");
    const [t1] = w.teams;
    await must("setCheckInWindow", w.organizer, { eventId: w.eventId, opensAt: hourAgo(), closesAt: inHour() });
    const old = screenCode(w.eventId, Date.now() - 121_000);
    const before = await rowCounts();
    const e = await fail("checkInWithScreenCode", w.user.get(`${t1}:A`)!, { duelistId: w.duelist.get(`${t1}:A`), code: old });
    expect(e.code).toBe("CHECKIN_CODE_EXPIRED");
    expect(await rowCounts()).toEqual(before);
    expect((await db().duelist.findUniqueOrThrow({ where: { id: w.duelist.get(`${t1}:A`) } })).checkedInAt).toBeNull();

    const code = screenCode(w.eventId, Date.now());
    const a = await must<{ teamCheckedIn: boolean }>("checkInWithScreenCode", w.user.get(`${t1}:A`)!, {
      duelistId: w.duelist.get(`${t1}:A`),
      code,
    });
    expect(a.teamCheckedIn).toBe(false);
    const b = await must<{ teamCheckedIn: boolean }>("checkInWithScreenCode", w.user.get(`${t1}:B`)!, {
      duelistId: w.duelist.get(`${t1}:B`),
      code,
    });
    expect(b.teamCheckedIn).toBe(true);
    expect((await db().team.findUniqueOrThrow({ where: { id: t1 } })).checkedIn).toBe(true);
    expect(await db().auditLog.count({ where: { eventId: w.eventId, action: "checkin.duelist" } })).toBe(2);

    // Another event's code does not check anyone in here.
    const other = await fail("checkInWithScreenCode", w.user.get(`${w.teams[1]}:A`)!, {
      duelistId: w.duelist.get(`${w.teams[1]}:A`),
      code: screenCode("another-event", Date.now()),
    });
    expect(other.code).toBe("CHECKIN_CODE_INVALID");
  });

  it("outside the window the refusal names the time in the user's language and the event's time zone", async () => {
    const w = await world("cw");
    const opens = new Date(Date.now() + 2 * 3_600_000);
    await must("setCheckInWindow", w.organizer, { eventId: w.eventId, opensAt: opens.toISOString(), closesAt: "" });
    const [t1] = w.teams;
    const e = await fail("checkInWithScreenCode", w.user.get(`${t1}:A`)!, {
      duelistId: w.duelist.get(`${t1}:A`),
      code: screenCode(w.eventId, Date.now()),
    });
    expect(e.code).toBe("CHECKIN_NOT_YET");
    const it = localizeFailure(e, loadMessages("it") as never, "it");
    const when = new Intl.DateTimeFormat("it", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" }).format(opens);
    expect(it.message).toBe(`Il check-in apre il ${when}.`);
  });

  it("the window's typed wall times are read in the event's time zone, not the server's (the form's datetime-local fields)", async () => {
    const w = await world("cz");
    await must("updateEvent", w.organizer, { eventId: w.eventId, timeZone: "America/Sao_Paulo" }); // UTC−3, no DST since 2019
    await must("setCheckInWindow", w.organizer, { eventId: w.eventId, opensAt: "2027-03-06T09:00", closesAt: "2027-03-06T10:30" });
    const ev = await db().event.findUniqueOrThrow({ where: { id: w.eventId } });
    expect([ev.checkInOpensAt?.toISOString(), ev.checkInClosesAt?.toISOString()]).toEqual([
      "2027-03-06T12:00:00.000Z",
      "2027-03-06T13:30:00.000Z",
    ]);
    // An instant with an offset is that instant; an inverted window names the field.
    await must("setCheckInWindow", w.organizer, { eventId: w.eventId, opensAt: "2027-03-06T09:00:00Z", closesAt: "" });
    expect((await db().event.findUniqueOrThrow({ where: { id: w.eventId } })).checkInOpensAt?.toISOString()).toBe(
      "2027-03-06T09:00:00.000Z",
    );
    const bad = await fail("setCheckInWindow", w.organizer, {
      eventId: w.eventId,
      opensAt: "2027-03-06T11:00",
      closesAt: "2027-03-06T10:00",
    });
    expect([bad.code, bad.field]).toEqual(["CHECKIN_WINDOW_ORDER", "closesAt"]);
  });

  it("with checkInOneSuffices one member checks the team in; the printed code works for the own team only", async () => {
    const w = await world("c1");
    await must("updateEvent", w.organizer, { eventId: w.eventId, settings: { checkInOneSuffices: true } });
    await must("setCheckInWindow", w.organizer, { eventId: w.eventId, opensAt: "", closesAt: "" });
    const [t1, t2] = w.teams;
    const wrong = await fail("checkInWithTeamCode", w.user.get(`${t1}:A`)!, { teamId: t1, code: teamCheckInCode(t2) });
    expect(wrong.code).toBe("CHECKIN_CODE_INVALID");
    const ok = await must<{ teamCheckedIn: boolean }>("checkInWithTeamCode", w.user.get(`${t1}:A`)!, {
      teamId: t1,
      code: teamCheckInCode(t1),
    });
    expect(ok.teamCheckedIn).toBe(true);
    // Another team's code typed for that team by an outsider: refused before the code is looked at.
    expect((await fail("checkInWithTeamCode", w.user.get(`${t1}:A`)!, { teamId: t2, code: teamCheckInCode(t2) })).code).toBe(
      "NOT_YOUR_TEAM",
    );
  });

  it("printed-code limiter: after 10 wrong codes for one team, all clients together get one try per 60 s", async () => {
    const w = await world("cl");
    await must("setCheckInWindow", w.organizer, { eventId: w.eventId, opensAt: "", closesAt: "" });
    const [t1] = w.teams;
    const a = w.user.get(`${t1}:A`)!,
      b = w.user.get(`${t1}:B`)!;
    for (let i = 0; i < 10; i++)
      expect((await fail("checkInWithTeamCode", a, { teamId: t1, code: `WRONG${i}AAAA` }, { address: "10.1.0.1" })).code).toBe(
        "CHECKIN_CODE_INVALID",
      );
    // A second client (the partner, another address): one slowed attempt goes through, the next waits.
    expect((await fail("checkInWithTeamCode", b, { teamId: t1, code: "WRONGXAAAAA" }, { address: "10.1.0.2" })).code).toBe(
      "CHECKIN_CODE_INVALID",
    );
    const limited = await fail("checkInWithTeamCode", b, { teamId: t1, code: teamCheckInCode(t1) }, { address: "10.1.0.3" });
    expect(limited.code).toBe("RATE_LIMITED");
  });

  it("once the TO closes check-in (waitlist moved up) a duelist can no longer check in: CHECKIN_OVER names the closing time", async () => {
    const w = await world("cc");
    await must("setCheckInWindow", w.organizer, { eventId: w.eventId, opensAt: hourAgo(), closesAt: inHour() });
    const [t1, t2] = w.teams;
    await must("checkInWithTeamCode", w.user.get(`${t1}:A`)!, { teamId: t1, code: teamCheckInCode(t1) });
    await must("closeCheckIn", w.organizer, { eventId: w.eventId });
    const closedAt = (await db().event.findUniqueOrThrow({ where: { id: w.eventId } })).checkInClosedAt!;
    const before = await rowCounts();
    for (const [name, input] of [
      ["checkInWithScreenCode", { duelistId: w.duelist.get(`${t2}:A`), code: screenCode(w.eventId, Date.now()) }],
      ["checkInWithTeamCode", { teamId: t2, code: teamCheckInCode(t2) }],
    ] as const) {
      const e = await fail(name, w.user.get(`${t2}:A`)!, input);
      expect(e.code).toBe("CHECKIN_OVER");
      expect(e.params).toMatchObject({ closesAt: closedAt.getTime() });
    }
    // The partner of a half-checked-in team cannot complete it after the close either.
    expect((await fail("checkInWithTeamCode", w.user.get(`${t1}:B`)!, { teamId: t1, code: teamCheckInCode(t1) })).code).toBe(
      "CHECKIN_OVER",
    );
    expect(await rowCounts()).toEqual(before);
    expect((await db().team.findUniqueOrThrow({ where: { id: t1 } })).checkedIn).toBe(false);
  });
});

describe("team self-drop (MTR 8.2; Tag alike)", () => {
  it("during an unfinished match it takes effect after the round; the team is out of the next pairing; reversal until then", async () => {
    const w = await world("sd");
    const { roundId } = await must<{ roundId: string }>("pairNextRound", w.organizer, { eventId: w.eventId, seed: "sd-1" });
    await must("publishRound", w.organizer, { roundId });
    const [t1] = w.teams;
    const drop = await must<{ droppedAfter: number; effect: string }>("selfDropTeam", w.user.get(`${t1}:B`)!, {
      teamId: t1,
      confirm: true,
    });
    expect(drop).toMatchObject({ droppedAfter: 1, effect: "after_round" });
    expect((await fail("selfDropTeam", w.user.get(`${t1}:A`)!, { teamId: t1, confirm: true })).code).toBe("ALREADY_DROPPED");
    // The organizer reverses it (before round 2 is paired), then the team drops again.
    await must("reverseSelfDrop", w.organizer, { teamId: t1 });
    expect((await db().team.findUniqueOrThrow({ where: { id: t1 } })).status).toBe("ACTIVE");
    await must("selfDropTeam", w.user.get(`${t1}:A`)!, { teamId: t1, confirm: true });
    for (const m of await db().match.findMany({ where: { roundId, outcome: null } }))
      await must("reportResult", w.judge, { roundId, matchId: m.id, result: "team1" });
    await must("closeRound", w.organizer, { roundId });
    const r2 = await must<{ roundId: string }>("pairNextRound", w.organizer, { eventId: w.eventId, seed: "sd-2" });
    const seated = await db().matchTeam.findMany({ where: { match: { roundId: r2.roundId } }, select: { teamId: true } });
    expect(seated.map((s) => s.teamId)).not.toContain(t1);
    expect(seated).toHaveLength(3);
    expect((await fail("reverseSelfDrop", w.organizer, { teamId: t1 })).code).toBe("DROP_FINAL");
  });
});

describe("call a judge", () => {
  it("one open call per table; a judge acknowledges then resolves (both audited); then the table may call again", async () => {
    const w = await world("cj");
    const { roundId } = await must<{ roundId: string }>("pairNextRound", w.organizer, { eventId: w.eventId, seed: "cj-1" });
    await must("publishRound", w.organizer, { roundId });
    const [t1] = w.teams;
    const match = await db().match.findFirstOrThrow({ where: { roundId, teams: { some: { teamId: t1 } } }, include: { teams: true } });
    const opp = match.teams.find((t) => t.teamId !== t1)!.teamId;
    const { callId, table } = await must<{ callId: string; table: number }>("callJudge", w.user.get(`${t1}:A`)!, {
      matchId: match.id,
      teamId: t1,
    });
    expect(table).toBe(match.table);
    expect((await fail("callJudge", w.user.get(`${opp}:A`)!, { matchId: match.id, teamId: opp })).code).toBe("CALL_OPEN");
    // A duelist cannot call for a table that is not theirs.
    const elsewhere = w.teams.find((t) => t !== t1 && t !== opp)!;
    expect((await fail("callJudge", w.user.get(`${elsewhere}:A`)!, { matchId: match.id, teamId: elsewhere })).code).toBe("NOT_YOUR_MATCH");
    await must("acknowledgeJudgeCall", w.judge, { callId });
    expect((await fail("acknowledgeJudgeCall", w.judge, { callId })).code).toBe("CALL_STATE");
    await must("resolveJudgeCall", w.judge, { callId });
    const actions = (
      await db().auditLog.findMany({ where: { eventId: w.eventId, entity: "JudgeCall" }, orderBy: { createdAt: "asc" } })
    ).map((r) => r.action);
    expect(actions).toEqual(["judgeCall.open", "judgeCall.acknowledge", "judgeCall.resolve"]);
    await must("callJudge", w.user.get(`${opp}:B`)!, { matchId: match.id, teamId: opp });
  });
});

describe("decklist deadline refusal names the deadline (issue #16)", () => {
  it("a duelist submitting after the deadline reads the deadline time in the event's time zone", async () => {
    const w = await world("dl", 2);
    const deadline = new Date(Date.UTC(2026, 0, 10, 9, 30));
    await must("updateEvent", w.organizer, { eventId: w.eventId, timeZone: "America/Sao_Paulo", decklistDeadline: deadline.toISOString() });
    const [t1] = w.teams;
    const e = await fail("submitDecklist", w.user.get(`${t1}:A`)!, { duelistId: w.duelist.get(`${t1}:A`), text: "#main\n14558127" });
    expect(e.code).toBe("DEADLINE_PASSED");
    expect(e.message).toBe("The decklist deadline (Jan 10, 2026, 6:30 AM) has passed. Ask a judge.");
    const pt = localizeFailure(e, loadMessages("pt-BR") as never, "pt-BR");
    expect(pt.message).toBe("O prazo das listas de deck (10 de jan. de 2026, 06:30) terminou. Fale com um juiz.");
  });
});
