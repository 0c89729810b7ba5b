/**
 * Read models of the event's overview and staff desk pages: the event page, the admin page, the
 * operations page, the bracket, the penalty desk, the deck-check round list, and a round's manual
 * edits with the re-pair diff. The page checks the role (eventView); these only read.
 */
import { db } from "@/lib/db";
import { disqualifiedTeamIds, plannedStructure } from "@/lib/server/write/roundState";
import { pairingEdits, repairDiff } from "@/lib/server/read/roundHistory";
import { readinessFor } from "@/lib/server/read/pairingReadiness";

/** The event page: number of registered teams and every round (by number). */
export async function eventOverview(eventId: string) {
  const [teams, rounds] = await Promise.all([
    db().team.count({ where: { eventId } }),
    db().round.findMany({ where: { eventId }, orderBy: { number: "asc" } }),
  ]);
  return { teams, rounds };
}

/**
 * The admin page: rounds (with match outcomes and the round clock's timer rows), staff,
 * active team count, planned structure, and (organizer only) the pending staff invitations.
 */
export async function adminView(eventId: string, isOrganizer: boolean) {
  const [rounds, staff, teamCount, structure, invitations] = await Promise.all([
    db().round.findMany({
      where: { eventId },
      orderBy: { number: "asc" },
      include: { matches: { select: { outcome: true } }, timer: { where: { matchId: null }, orderBy: { at: "asc" } } },
    }),
    db().eventStaff.findMany({ where: { eventId }, include: { user: true }, orderBy: { createdAt: "asc" } }),
    db().team.count({ where: { eventId, status: "ACTIVE" } }),
    plannedStructure(db(), eventId),
    isOrganizer
      ? db().staffInvitation.findMany({ where: { eventId }, include: { user: true }, orderBy: { createdAt: "asc" } })
      : Promise.resolve([]),
  ]);
  return { rounds, staff, teamCount, structure, invitations };
}

/** Whether round `number` can be paired now (lib/pairing/readiness, see readinessFor). */
export async function pairingReadiness(event: { id: string; checkInOpen: boolean }, number: number, blockOnDecklists: boolean) {
  return readinessFor(db(), event, number, blockOnDecklists);
}

/** The operations page: teams (with seat counts), keep-apart pairs, rounds, planned structure, disqualified team ids. */
export async function operationsView(eventId: string) {
  const [teams, avoid, rounds, structure, disqualified] = await Promise.all([
    db().team.findMany({ where: { eventId }, orderBy: { number: "asc" }, include: { _count: { select: { seats: true } } } }),
    db().avoidPair.findMany({ where: { eventId }, orderBy: { createdAt: "asc" } }),
    db().round.findMany({
      where: { eventId },
      orderBy: { number: "asc" },
      select: { id: true, number: true, kind: true, status: true, _count: { select: { matches: true } } },
    }),
    plannedStructure(db(), eventId),
    disqualifiedTeamIds(db(), eventId),
  ]);
  return { teams, avoid, rounds, structure, disqualified };
}

/** The bracket: top-cut rounds (published ones only for the public) with BEGIN snapshots and matches by table. */
export async function bracketRounds(eventId: string, includeUnpublished: boolean) {
  return db().round.findMany({
    where: { eventId, kind: "TOP_CUT", ...(includeUnpublished ? {} : { status: { in: ["PUBLISHED", "CLOSED"] } }) },
    orderBy: { number: "asc" },
    include: {
      snapshots: { where: { phase: "BEGIN" } },
      matches: { orderBy: { table: "asc" }, include: { teams: { orderBy: { slot: "asc" }, include: { team: true } } } },
    },
  });
}

/** The penalty desk: duelists (by team number, A/B) with team name, the event's local infractions, and the latest round's tables. */
export async function penaltyDesk(eventId: string) {
  const [duelists, locals, lastRound] = await Promise.all([
    db().duelist.findMany({
      where: { eventId },
      include: { team: { select: { name: true, number: true } } },
      orderBy: [{ team: { number: "asc" } }, { designation: "asc" }],
    }),
    db().localInfraction.findMany({ where: { eventId }, orderBy: { name: "asc" } }),
    db().round.findFirst({
      where: { eventId },
      orderBy: { number: "desc" },
      select: { matches: { select: { table: true, teams: { select: { teamId: true } } } } },
    }),
  ]);
  return { duelists, locals, lastRound };
}

/** Round numbers of the event (ascending), for the deck-check round picker. */
export async function roundNumbers(eventId: string): Promise<number[]> {
  const rounds = await db().round.findMany({ where: { eventId }, orderBy: { number: "asc" }, select: { number: true } });
  return rounds.map((r) => r.number);
}

/**
 * A PAIRED round's manual edits and re-pair diff: the round with matches, every team name of the
 * event (a diff can name a team no longer in the round), the round's swap/move/bye audit rows with
 * their authors' display names, and the undone pairing of the same round number (the latest
 * `round.undo` before this round was created) with this round's BEGIN snapshot.
 */
export async function roundEdits(eventId: string, roundId: string) {
  const round = await db().round.findUniqueOrThrow({
    where: { id: roundId },
    include: { matches: { orderBy: { table: "asc" }, include: { teams: { orderBy: { slot: "asc" }, include: { team: true } } } } },
  });
  // All the event's teams: a diff can name a team no longer in this round.
  const teams = await db().team.findMany({ where: { eventId }, select: { id: true, name: true } });
  const names = new Map(teams.map((x) => [x.id, x.name] as const));
  const [log, diff] = await Promise.all([pairingEdits(db(), roundId), repairDiff(db(), round)]);
  return { round, names, log, diff };
}
