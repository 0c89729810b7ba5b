/**
 * Flight series (issue #16 acceptance): 16 check-ins arriving at the same time create exactly two
 * 8-team flights — in one process and from two processes (each its own Prisma client and pg pool)
 * on one Postgres; a flight inherits the series' preset, settings, F&L list, staff and decklists
 * (copied, locked), and starts with round 1 paired and published; a held queue fires nothing.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "./db";
import { makeEvent, must, registerTeams } from "./fixtures";
import { db } from "@/lib/db";
import { hashSecret } from "@/lib/auth/passwords";
import { ACTIONS } from "@/lib/server/actions";
import { eventStandings } from "@/lib/server/read/standings";

await useTestDatabase();

const YDK = ["#main", ...Array.from({ length: 40 }, (_, i) => String([14558127, 24224830, 73628505, 12580477][i % 4]))].join("\n");

/** A series of `n` teams (judge-registered), duelist A of each claimed by an account; flight size 8. */
async function series(prefix: string, n = 16) {
  const ev = await makeEvent(prefix);
  await must("updateEvent", ev.organizer, { eventId: ev.eventId, roundMinutes: 45, settings: { requireLegalDecklists: false } });
  const teams = await registerTeams(ev.eventId, ev.judge, n, `${prefix}-`);
  const hash = await hashSecret("password123");
  const users: string[] = [];
  for (const teamId of teams) {
    const a = await db().duelist.findFirstOrThrow({ where: { teamId, designation: "A" } });
    const u = await db().user.create({
      data: { username: `${prefix}-${a.id}`.slice(0, 32).toLowerCase(), displayName: a.name, passwordHash: hash },
    });
    await db().duelist.update({ where: { id: a.id }, data: { userId: u.id, claimCodeHash: null } });
    users.push(u.id);
  }
  await must("setFlightSeries", ev.organizer, { eventId: ev.eventId, flightSize: 8 });
  return { ...ev, teams, users };
}

async function flightsOf(seriesId: string) {
  return db().event.findMany({
    where: { seriesId },
    orderBy: { flightNumber: "asc" },
    include: { teams: { include: { duelists: { include: { decklist: true } } } }, rounds: { include: { matches: true } }, staff: true },
  });
}

/** Every series team sits in exactly one flight, each flight 8 teams with round 1 published (4 tables, no bye). */
async function expectTwoFlights(s: Awaited<ReturnType<typeof series>>) {
  const flights = await flightsOf(s.eventId);
  expect(flights.map((f) => f.flightNumber)).toEqual([1, 2]);
  for (const f of flights) {
    expect(f.teams).toHaveLength(8);
    expect(f.rounds.map((r) => [r.number, r.status])).toEqual([[1, "PUBLISHED"]]);
    expect(f.rounds[0].matches.filter((m) => m.table > 0)).toHaveLength(4);
  }
  const origins = flights.flatMap((f) => f.teams.map((t) => t.seriesTeamId)).sort();
  expect(origins).toEqual([...s.teams].sort());
  return flights;
}

describe("flight series", () => {
  it("16 simultaneous check-ins create exactly two 8-team flights, paired and published", async () => {
    const s = await series("fa");
    const a = await db().duelist.findFirstOrThrow({ where: { teamId: s.teams[0], designation: "A" } });
    await must("submitDecklist", s.judge, { duelistId: a.id, text: YDK });
    const res = await Promise.all(s.teams.map((teamId, i) => ACTIONS.checkInToSeries.handle(s.users[i], { eventId: s.eventId, teamId })));
    expect(res.map((r) => (r.ok ? "ok" : r.error.code))).toEqual(Array(16).fill("ok"));
    const started = res.flatMap((r) => (r.ok ? (r.data as { started: unknown[] }).started : []));
    expect(started).toHaveLength(2);
    const flights = await expectTwoFlights(s);
    const seriesRow = await db().event.findUniqueOrThrow({ where: { id: s.eventId }, include: { staff: true } });
    for (const f of flights) {
      // Inheritance: preset, settings, round length, F&L list, staff.
      expect([f.formatPreset, f.roundMinutes, f.banlistId, f.settings]).toEqual([
        seriesRow.formatPreset,
        45,
        seriesRow.banlistId,
        seriesRow.settings,
      ]);
      expect(f.staff.map((x) => [x.userId, x.role]).sort()).toEqual(seriesRow.staff.map((x) => [x.userId, x.role]).sort());
      expect(f.name).toBe(`fa event #${f.flightNumber}`);
    }
    // Team 1's decklist went with it, copied and locked (the series' original is locked too).
    const copy = flights.flatMap((f) => f.teams).find((t) => t.seriesTeamId === s.teams[0])!;
    const list = copy.duelists.find((d) => d.designation === "A")!.decklist!;
    expect([list.locked, list.rawText]).toEqual([true, YDK]);
    expect(copy.duelists.find((d) => d.designation === "A")!.userId).toBe(s.users[0]);
    expect((await db().decklist.findUniqueOrThrow({ where: { duelistId: a.id } })).locked).toBe(true);
    // A team in a flight cannot check in again.
    const again = await ACTIONS.checkInToSeries.handle(s.users[0], { eventId: s.eventId, teamId: s.teams[0] });
    expect(again.ok ? "ok" : again.error.code).toBe("IN_FLIGHT");
  });

  it("16 check-ins from two app processes on one Postgres create exactly two flights", async () => {
    const s = await series("fb");
    const jobs = s.teams.map((teamId, i) => ({ userId: s.users[i], eventId: s.eventId, teamId }));
    const root = path.resolve(import.meta.dirname, "../..");
    const children = [jobs.filter((_, i) => i % 2 === 0), jobs.filter((_, i) => i % 2 === 1)].map((part) => {
      const child = spawn(
        path.join(root, "node_modules/.bin/tsx"),
        [path.join(import.meta.dirname, "flights-checkin-child.ts"), JSON.stringify(part)],
        {
          cwd: root,
          env: { ...process.env, DATABASE_POOL_MAX: "8" },
          stdio: ["pipe", "pipe", "inherit"],
        },
      );
      let out = "";
      child.stdout.on("data", (b: Buffer) => (out += b.toString()));
      /** Resolves with the child's first `n` output lines. */
      const until = (n: number) =>
        new Promise<string[]>((resolve, reject) => {
          const poll = setInterval(() => {
            const lines = out.split("\n").filter(Boolean);
            if (lines.length >= n) {
              clearInterval(poll);
              resolve(lines);
            } else if (child.exitCode !== null) {
              clearInterval(poll);
              reject(new Error(`child exited ${child.exitCode}: ${out}`));
            }
          }, 50);
        });
      return { child, until };
    });
    await Promise.all(children.map((c) => c.until(1)));
    for (const c of children) c.child.stdin.write("go\n");
    const results = await Promise.all(children.map(async (c) => JSON.parse((await c.until(2))[1]) as string[]));
    expect(results.flat()).toEqual(Array(16).fill("ok"));
    await expectTwoFlights(s);
  });

  it("a held queue fires no flight; releasing it starts the full flight, which runs as a normal event", async () => {
    const s = await series("fc", 9);
    await must("holdSeriesQueue", s.organizer, { eventId: s.eventId, held: true });
    for (let i = 0; i < 9; i++) await must("checkInToSeries", s.users[i], { eventId: s.eventId, teamId: s.teams[i] });
    expect(await db().event.count({ where: { seriesId: s.eventId } })).toBe(0);
    const out = await must<{ started: { flightNumber: number }[] }>("holdSeriesQueue", s.organizer, { eventId: s.eventId, held: false });
    expect(out.started.map((f) => f.flightNumber)).toEqual([1]);
    const [flight] = await flightsOf(s.eventId);
    // First 8 in check-in order play; the 9th keeps waiting.
    expect(flight.teams.map((t) => t.seriesTeamId).sort()).toEqual(s.teams.slice(0, 8).sort());
    const ninth = await db().team.findUniqueOrThrow({ where: { id: s.teams[8] }, include: { flightTeam: true } });
    expect([ninth.queuedAt !== null, ninth.flightTeam]).toEqual([true, null]);
    // The flight is a normal event: the series' judge reports, the organizer closes round 1 and pairs round 2.
    const roundId = flight.rounds[0].id;
    for (const m of await db().match.findMany({ where: { roundId, outcome: null } }))
      await must("reportResult", s.judge, { roundId, matchId: m.id, result: "team1" });
    await must("closeRound", s.organizer, { roundId });
    const { standings } = await eventStandings(db(), flight.id);
    expect(standings.filter((r) => r.points === 3)).toHaveLength(4);
    expect((await must<{ number: number }>("pairNextRound", s.organizer, { eventId: flight.id })).number).toBe(2);
    // The series itself is never paired.
    const pair = await ACTIONS.pairNextRound.handle(s.organizer, { eventId: s.eventId });
    expect(pair.ok ? "ok" : pair.error.code).toBe("SERIES_NOT_PAIRED");
  });

  it("the series' staff run its flights: a judge removed from the series loses the started flight too; one added joins it", async () => {
    const s = await series("fs", 8);
    for (let i = 0; i < 8; i++) await must("checkInToSeries", s.users[i], { eventId: s.eventId, teamId: s.teams[i] });
    const [flight] = await flightsOf(s.eventId);
    const roundId = flight.rounds[0].id;
    const [m1, m2] = await db().match.findMany({ where: { roundId, table: { gt: 0 } }, orderBy: { table: "asc" } });
    await must("reportResult", s.judge, { roundId, matchId: m1.id, result: "team1" });
    await must("removeJudge", s.organizer, { eventId: s.eventId, userId: s.judge });
    const refused = await ACTIONS.reportResult.handle(s.judge, { roundId, matchId: m2.id, result: "team1" });
    expect(refused.ok ? "ok" : refused.error.code).toBe("FORBIDDEN");
    expect(await db().eventStaff.count({ where: { userId: s.judge, eventId: { in: [s.eventId, flight.id] } } })).toBe(0);
    const removal = await db().auditLog.findFirstOrThrow({ where: { eventId: s.eventId, action: "staff.removeJudge" } });
    expect(removal.before).toEqual({ role: "JUDGE", flights: 1 });
    // Added back (an existing account: invited, then accepted) on the series, the judge is on the flight again.
    await must("addJudge", s.organizer, {
      eventId: s.eventId,
      username: (await db().user.findUniqueOrThrow({ where: { id: s.judge } })).username,
    });
    await must("acceptInvitation", s.judge, { eventId: s.eventId });
    await must("reportResult", s.judge, { roundId, matchId: m2.id, result: "team1" });
    // Removed from the flight alone, the judge stays on the series.
    await must("removeJudge", s.organizer, { eventId: flight.id, userId: s.judge });
    expect((await db().eventStaff.findMany({ where: { userId: s.judge } })).map((r) => r.eventId)).toEqual([s.eventId]);
  });

  it("a duelist checks in only their own team; leaving gives the place back; missing decklists refused when required", async () => {
    const s = await series("fd", 3);
    const other = await ACTIONS.checkInToSeries.handle(s.users[1], { eventId: s.eventId, teamId: s.teams[0] });
    expect(other.ok ? "ok" : other.error.code).toBe("FORBIDDEN");
    expect((await must<{ position: number }>("checkInToSeries", s.users[0], { eventId: s.eventId, teamId: s.teams[0] })).position).toBe(1);
    expect((await must<{ position: number }>("checkInToSeries", s.judge, { eventId: s.eventId, teamId: s.teams[1] })).position).toBe(2);
    const twice = await ACTIONS.checkInToSeries.handle(s.users[0], { eventId: s.eventId, teamId: s.teams[0] });
    expect(twice.ok ? "ok" : twice.error.code).toBe("ALREADY_QUEUED");
    await must("leaveSeriesQueue", s.users[0], { eventId: s.eventId, teamId: s.teams[0] });
    expect((await must<{ position: number }>("checkInToSeries", s.users[2], { eventId: s.eventId, teamId: s.teams[2] })).position).toBe(2);
    // A series that requires legal decklists (RULES.md §8 requireLegalDecklists) refuses a team without them.
    await must("updateEvent", s.organizer, { eventId: s.eventId, settings: { requireLegalDecklists: true } });
    const noLists = await ACTIONS.checkInToSeries.handle(s.users[0], { eventId: s.eventId, teamId: s.teams[0] });
    expect(noLists.ok ? "ok" : noLists.error.code).toBe("DECKLISTS_NOT_READY");
  });

  it("a team without a place (waitlisted, awaiting the TO's approval, lost its place) cannot check in to the series queue", async () => {
    const s = await series("fp", 4);
    const entries = ["WAITLIST", "PENDING_APPROVAL", "LOST_PLACE"] as const;
    for (const [i, entry] of entries.entries()) await db().team.update({ where: { id: s.teams[i] }, data: { entry } });
    for (const i of [0, 1, 2]) {
      const r = await ACTIONS.checkInToSeries.handle(s.users[i], { eventId: s.eventId, teamId: s.teams[i] });
      expect(r.ok ? "ok" : r.error.code).toBe("NOT_PLACED");
    }
    expect(await db().team.count({ where: { eventId: s.eventId, queuedAt: { not: null } } })).toBe(0);
    expect((await must<{ position: number }>("checkInToSeries", s.users[3], { eventId: s.eventId, teamId: s.teams[3] })).position).toBe(1);
  });
});
