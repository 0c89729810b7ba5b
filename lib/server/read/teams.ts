/**
 * Read models of the team pages (list, edit, receipt) and the one query of "who is disqualified"
 * for pages (lib/server/write/roundState disqualifiedTeamIds: any DISQUALIFICATION penalty,
 * lib/formats teamCondition). Player IDs are in the rows: the page hides them from the public.
 */
import { db } from "@/lib/db";
import { disqualifiedTeamIds } from "@/lib/server/write/roundState";
import { eventStarted } from "@/lib/server/write/eventRules";

/** Ids of the event's disqualified teams (a DISQUALIFICATION penalty, whatever the stored status). */
export async function disqualifiedTeams(eventId: string): Promise<Set<string>> {
  return disqualifiedTeamIds(db(), eventId);
}

/** A team of the event with its duelists (A then B), or null when the id is not a team of this event. */
export async function eventTeam(eventId: string, teamId: string) {
  return db().team.findFirst({ where: { id: teamId, eventId }, include: { duelists: { orderBy: { designation: "asc" } } } });
}

/** True once round 1 is published (A/B designations are then fixed). */
export async function eventHasStarted(eventId: string): Promise<boolean> {
  return eventStarted(db(), eventId);
}

/**
 * The /teams page: every team by number with duelists (A, B) and whether each decklist is legal,
 * whether any round exists, and the disqualified team ids.
 */
export async function teamsView(eventId: string) {
  const [roundCount, teams, disqualified] = await Promise.all([
    db().round.count({ where: { eventId } }),
    db().team.findMany({
      where: { eventId },
      orderBy: { number: "asc" },
      include: { duelists: { orderBy: { designation: "asc" }, include: { decklist: { select: { isLegal: true } } } } },
    }),
    disqualifiedTeams(eventId),
  ]);
  return { paired: roundCount > 0, teams, disqualified };
}
