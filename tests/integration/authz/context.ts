/**
 * The world the authorization test attacks: a victim event (organizer, judge, 4 teams whose
 * duelists have accounts, decklists, round 1 published) and three attackers — the public, a
 * duelist of ANOTHER team of the same event, and the judge of ANOTHER event. Fixture files
 * (`*.fixtures.ts` beside this file) build, for every action, an input that targets the victim's
 * resources (team 0, its duelists, round 1, …) and would succeed for the right person.
 */
import { db } from "@/lib/db";
import { hashSecret } from "@/lib/auth/passwords";
import { makeEvent, makeUser, must, registerTeams } from "../fixtures";

export interface AuthzContext {
  eventId: string;
  organizer: string;
  judge: string;
  teams: string[];
  /** Duelist ids of team 0 (the victim team): [A, B]. */
  victimDuelists: string[];
  /** A decklist of the victim team. */
  victimDecklistId: string;
  roundId: string;
  /** A match of round 1 between two real teams. */
  matchId: string;
  /** Attackers. */
  attackers: { label: string; userId: string | null }[];
  /** A keep-apart pair of the victim event (teams 2 and 3). */
  avoidPairId: string;
  /** The other event's id (where the foreign judge is staff). */
  otherEventId: string;
  /** A local infraction entry of the victim event. */
  victimLocalInfractionId: string;
  /** The victim team's opponent's report on `matchId` (the victim team could confirm it). */
  opponentReport: { id: string; version: number };
  /** An open judge call of the victim team's table (issue #16). */
  victimJudgeCallId: string;
}

const YDK = [
  "#main",
  ...Array.from({ length: 40 }, (_, i) =>
    String(
      [
        14558127, 24224830, 73628505, 12580477, 5318639, 14087893, 9190563, 2460565, 8814959, 11066358, 18108166, 16404809, 26202165,
        31305911,
      ][i % 14],
    ),
  ),
].join("\n");

export async function buildContext(): Promise<AuthzContext> {
  const ev = await makeEvent("victim");
  const other = await makeEvent("other");
  const teams = await registerTeams(ev.eventId, ev.judge, 4, "V");
  const duelists = await db().duelist.findMany({
    where: { eventId: ev.eventId },
    include: { team: true },
    orderBy: [{ team: { number: "asc" } }, { designation: "asc" }],
  });
  for (const d of duelists) {
    const u = await db().user.create({
      data: { username: `u-${d.id}`.toLowerCase().slice(0, 32), displayName: d.name, passwordHash: await hashSecret("password123") },
    });
    await db().duelist.update({ where: { id: d.id }, data: { userId: u.id, claimCodeHash: null } });
  }
  const victimDuelists = duelists.filter((d) => d.teamId === teams[0]).map((d) => d.id);
  const attackerDuelist = (await db().duelist.findFirstOrThrow({ where: { teamId: teams[1] } })).userId!;
  const { decklistId } = await must<{ decklistId: string }>("submitDecklist", ev.judge, { duelistId: victimDuelists[0], text: YDK });
  const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "authz" });
  await must("publishRound", ev.organizer, { roundId });
  const match = await db().match.findFirstOrThrow({ where: { roundId, teams: { some: { teamId: teams[0] } } } });
  const opponent = (await db().matchTeam.findFirstOrThrow({ where: { matchId: match.id, teamId: { not: teams[0] } } })).teamId;
  const opponentUser = (await db().duelist.findFirstOrThrow({ where: { teamId: opponent } })).userId!;
  await must("submitTeamReport", opponentUser, { matchId: match.id, result: "team1", firstSlot: 1 });
  const opponentReport = await db().resultReport.findFirstOrThrow({ where: { matchId: match.id, teamId: opponent } });
  const [ta, tb] = [teams[2], teams[3]].sort();
  const avoid = await db().avoidPair.create({ data: { eventId: ev.eventId, teamAId: ta, teamBId: tb } });
  const local = await db().localInfraction.create({
    data: { eventId: ev.eventId, name: "Late deck registration", defaultPenalty: "WARNING" },
  });
  const stranger = await makeUser("stranger-public");
  // A pending staff invitation of the victim event (for someone who is not an attacker).
  await makeUser("invitee");
  await must("addJudge", ev.organizer, { eventId: ev.eventId, username: "invitee" });
  void stranger;
  const victimUser = (await db().duelist.findUniqueOrThrow({ where: { id: victimDuelists[0] } })).userId!;
  const call = await must<{ callId: string }>("callJudge", victimUser, { matchId: match.id, teamId: teams[0] });
  return {
    eventId: ev.eventId,
    organizer: ev.organizer,
    judge: ev.judge,
    teams,
    victimDuelists,
    avoidPairId: avoid.id,
    victimDecklistId: decklistId,
    roundId,
    matchId: match.id,
    otherEventId: other.eventId,
    victimLocalInfractionId: local.id,
    opponentReport: { id: opponentReport.id, version: 1 },
    victimJudgeCallId: call.callId,
    attackers: [
      { label: "the public", userId: null },
      { label: "a duelist of another team", userId: attackerDuelist },
      { label: "a judge of another event", userId: other.judge },
    ],
  };
}

export type Fixtures = Record<string, (ctx: AuthzContext) => unknown>;
