/**
 * Read models of the flight series pages (issue #16 "Flights"): the series page (queue, the
 * actor's teams, flights) and the tiled clocks page (every running flight's round clock).
 */
import { db } from "@/lib/db";
import { queueOrder } from "@/lib/flights";
import { roundView } from "./pairings";

/** A flight as the series pages list it: number, name, event version, latest round and whether it is finished. */
export interface FlightRow {
  id: string;
  flightNumber: number;
  name: string;
  version: number;
  finished: boolean;
  round: { number: number; status: "PAIRED" | "PUBLISHED" | "CLOSED" } | null;
  teams: number;
}

async function flightRows(seriesId: string): Promise<FlightRow[]> {
  const rows = await db().event.findMany({
    where: { seriesId },
    orderBy: { flightNumber: "asc" },
    select: {
      id: true,
      flightNumber: true,
      name: true,
      version: true,
      status: true,
      _count: { select: { teams: true } },
      rounds: { orderBy: { number: "desc" }, take: 1, select: { number: true, status: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    flightNumber: r.flightNumber ?? 0,
    name: r.name,
    version: r.version,
    finished: r.status === "FINISHED",
    round: r.rounds[0] ?? null,
    teams: r._count.teams,
  }));
}

/**
 * The series page: queue in check-in order (position 1 = next to play), the teams the actor may
 * check in (every waiting-room team for staff — `isStaff` — else the actor's own teams), each
 * with its state, and the flights. Team names are public (as on the Teams page).
 */
export async function seriesView(seriesId: string, userId: string | null, isStaff: boolean) {
  const teams = await db().team.findMany({
    where: { eventId: seriesId },
    orderBy: { number: "asc" },
    select: {
      id: true,
      name: true,
      number: true,
      status: true,
      queuedAt: true,
      duelists: { select: { userId: true } },
      flightTeam: { select: { event: { select: { id: true, flightNumber: true } } } },
    },
  });
  const waiting = teams.filter((t) => t.queuedAt && !t.flightTeam && t.status === "ACTIVE");
  const order = queueOrder(waiting.map((t) => ({ teamId: t.id, queuedAt: t.queuedAt!.getTime() })));
  const byId = new Map(teams.map((t) => [t.id, t]));
  const queue = order.map((q, i) => ({ teamId: q.teamId, name: byId.get(q.teamId)!.name, position: i + 1 }));
  const positionOf = new Map(queue.map((q) => [q.teamId, q.position]));
  const mine = teams.filter((t) => userId !== null && t.duelists.some((d) => d.userId === userId));
  const actFor = isStaff ? teams : mine;
  const state = (t: (typeof teams)[number]) => ({
    teamId: t.id,
    name: t.name,
    number: t.number,
    own: mine.includes(t),
    dropped: t.status !== "ACTIVE",
    position: positionOf.get(t.id) ?? null,
    flight: t.flightTeam ? { eventId: t.flightTeam.event.id, flightNumber: t.flightTeam.event.flightNumber ?? 0 } : null,
  });
  return { queue, teams: actFor.map(state), flights: await flightRows(seriesId), registered: teams.length };
}

/**
 * The tiled clocks page: every flight of the series not finished whose latest published round is
 * still open, with that round's clock (minutes, activation log) and the flight's version (the
 * page's live refresh polls each one).
 */
export async function flightClocks(seriesId: string) {
  const flights = (await flightRows(seriesId)).filter((f) => !f.finished && f.round?.status === "PUBLISHED");
  const out = [];
  for (const f of flights) {
    const round = await roundView(f.id, { publishedOnly: true });
    if (round && round.status === "PUBLISHED")
      out.push({ ...f, round: { id: round.id, number: round.number, minutes: round.minutes, log: round.log } });
  }
  return out;
}

/** A flight's series (name, id) and number, for the flight's header link; null for any other event. */
export async function flightOf(eventId: string) {
  const e = await db().event.findUnique({
    where: { id: eventId },
    select: { flightNumber: true, series: { select: { id: true, name: true } } },
  });
  return e?.series ? { seriesId: e.series.id, seriesName: e.series.name, flightNumber: e.flightNumber ?? 0 } : null;
}
