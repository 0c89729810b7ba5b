/**
 * The team cards of the live JSON (issue #15; shape {@link CardData} in lib/server/read/liveData.ts),
 * read for many teams at once: three queries whatever the number of teams (the teams with their
 * duelists' decklist status, the latest published round with its clock, the teams' seats in it with
 * the opponents). A change frame naming 40 teams, or a publish that moves all 750, re-renders their
 * cards in one read (lib/server/read/liveData.ts prewarmLiveData) instead of 3 queries per card.
 */
import { db } from "@/lib/db";
import type { CardData } from "./liveData";

/**
 * The cards of `teamIds` of the event as of `version`, by team id (a team of another event, or
 * unknown, has none). Decklist status: "LEGAL" / "ILLEGAL" (the stored legality check), null = no
 * list submitted.
 */
export async function teamCards(eventId: string, teamIds: readonly string[], version: number): Promise<Map<string, CardData>> {
  const out = new Map<string, CardData>();
  if (!teamIds.length) return out;
  const [teams, r] = await Promise.all([
    db().team.findMany({
      where: { eventId, id: { in: [...teamIds] } },
      select: {
        id: true,
        name: true,
        status: true,
        duelists: { orderBy: { designation: "asc" }, select: { designation: true, name: true, decklist: { select: { isLegal: true } } } },
      },
    }),
    db().round.findFirst({
      where: { eventId, status: { in: ["PUBLISHED", "CLOSED"] } },
      orderBy: { number: "desc" },
      select: { id: true, number: true, status: true, minutes: true, timer: { where: { matchId: null }, orderBy: { at: "asc" } } },
    }),
  ]);
  // Only the teams' own seats (MatchTeam is unique per round and team), not the whole round.
  const seats = r
    ? await db().matchTeam.findMany({
        where: { roundId: r.id, teamId: { in: teams.map((t) => t.id) } },
        select: {
          teamId: true,
          slot: true,
          match: {
            select: {
              id: true,
              table: true,
              outcome: true,
              winnerSlot: true,
              teams: {
                select: {
                  slot: true,
                  teamId: true,
                  team: {
                    select: { name: true, duelists: { orderBy: { designation: "asc" }, select: { designation: true, name: true } } },
                  },
                },
              },
            },
          },
        },
      })
    : [];
  const seatOf = new Map(seats.map((s) => [s.teamId, s]));
  const round = r
    ? {
        number: r.number,
        status: r.status,
        minutes: r.minutes,
        log: r.timer.map((a) => ({ action: a.action, at: a.at.getTime(), seconds: a.seconds })),
      }
    : null;
  for (const team of teams) {
    const seat = seatOf.get(team.id);
    const m = seat?.match;
    const other = m?.teams.find((t) => t.teamId !== team.id);
    out.set(team.id, {
      version,
      team: { id: team.id, name: team.name, status: team.status },
      duelists: team.duelists.map((d) => ({
        designation: d.designation,
        name: d.name,
        decklist: d.decklist ? (d.decklist.isLegal ? "LEGAL" : "ILLEGAL") : null,
      })),
      round,
      match:
        m && seat
          ? {
              id: m.id,
              table: m.table,
              outcome: m.outcome,
              winnerSlot: m.winnerSlot,
              mySlot: seat.slot,
              opponents: other
                ? {
                    slot: other.slot,
                    teamId: other.teamId,
                    name: other.team.name,
                    duelists: other.team.duelists.map((d) => ({ designation: d.designation, name: d.name })),
                  }
                : null,
            }
          : null,
    });
  }
  return out;
}

/** The team of `userId`'s duelist seat in the event, or null when the account is no duelist of it. */
export async function userTeam(eventId: string, userId: string): Promise<string | null> {
  const me = await db().duelist.findFirst({ where: { eventId, userId }, select: { teamId: true } });
  return me?.teamId ?? null;
}
