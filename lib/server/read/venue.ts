/**
 * Read models of the venue pages (issue #16): the staff check-in desk (who is in, printed codes,
 * self-drops), the judge-call queue, and the duelist's "my event" card.
 */
import { db } from "@/lib/db";
import { teamCheckInCode } from "@/lib/server/write/checkinCodes";
import { reverseDropRule } from "@/lib/venue/rules";

/** Staff: every team with its members' check-in, its printed code and its self-drop state. */
export async function checkInDesk(eventId: string) {
  const [teams, latest] = await Promise.all([
    db().team.findMany({
      where: { eventId },
      orderBy: { number: "asc" },
      include: { duelists: { orderBy: { designation: "asc" }, select: { id: true, name: true, designation: true, checkedInAt: true } } },
    }),
    db().round.findFirst({ where: { eventId }, orderBy: { number: "desc" }, select: { number: true } }),
  ]);
  return teams.map((t) => ({
    id: t.id,
    number: t.number,
    name: t.name,
    status: t.status,
    checkedIn: t.checkedIn,
    code: teamCheckInCode(t.id),
    duelists: t.duelists,
    selfDroppedAt: t.selfDroppedAt,
    droppedAfter: t.droppedAfter,
    reversible: reverseDropRule(
      { selfDropped: t.status === "DROPPED" && t.selfDroppedAt !== null, droppedAfter: t.droppedAfter },
      latest?.number ?? null,
    ).ok,
  }));
}

/** Staff: the calls not yet resolved, with team name; `order` "newest" or "oldest" first. */
export async function openJudgeCalls(eventId: string, order: "newest" | "oldest") {
  const calls = await db().judgeCall.findMany({
    where: { eventId, status: { not: "RESOLVED" } },
    orderBy: [{ createdAt: order === "newest" ? "desc" : "asc" }, { id: "asc" }],
    take: 200,
  });
  const teams = new Map(
    (await db().team.findMany({ where: { id: { in: calls.map((c) => c.teamId) } }, select: { id: true, name: true } })).map((t) => [
      t.id,
      t.name,
    ]),
  );
  return calls.map((c) => ({ ...c, teamName: teams.get(c.teamId) ?? "?" }));
}

/**
 * The duelist's card: their team and partner (check-in, drop), the latest published round's
 * table with the opponents and the round clock, the decklist status with the deadline, and the
 * table's open judge call.
 */
export async function myEventCard(eventId: string, duelistId: string) {
  const me = await db().duelist.findUniqueOrThrow({
    where: { id: duelistId },
    include: {
      decklist: { select: { id: true, locked: true, isLegal: true, submittedAt: true } },
      team: {
        include: { duelists: { orderBy: { designation: "asc" }, select: { id: true, name: true, designation: true, checkedInAt: true } } },
      },
    },
  });
  const round = await db().round.findFirst({
    where: { eventId, status: { in: ["PUBLISHED", "CLOSED"] } },
    orderBy: { number: "desc" },
    include: { timer: { orderBy: { at: "asc" } } },
  });
  const seat = round ? await db().matchTeam.findUnique({ where: { roundId_teamId: { roundId: round.id, teamId: me.teamId } } }) : null;
  const match = seat
    ? await db().match.findUniqueOrThrow({
        where: { id: seat.matchId },
        include: {
          teams: {
            orderBy: { slot: "asc" },
            include: { team: { select: { id: true, name: true, duelists: { orderBy: { designation: "asc" }, select: { name: true } } } } },
          },
          judgeCalls: { where: { status: { not: "RESOLVED" } }, take: 1 },
        },
      })
    : null;
  return { me, team: me.team, round, match, openCall: match?.judgeCalls[0] ?? null };
}
