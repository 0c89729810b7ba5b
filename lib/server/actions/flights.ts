/**
 * Flight series (issue #16 "Flights"). A series is an event with `flightSize` set: teams register
 * to it and submit decklists the usual way; a team member or a judge checks the team into the
 * series queue; each time `flightSize` teams wait and the organizer is not holding the queue, a
 * flight fires in the same transaction: a new event (`seriesId`, `flightNumber`) inheriting the
 * series' preset, settings, F&L list, staff, local infractions and each team's decklists (copied
 * and locked), round 1 paired and published.
 *
 * Exactly once under concurrency: every queue change first takes `SELECT … FOR UPDATE` on the
 * series' Event row, so check-ins of one series run one after the other across every app process
 * on the database; the unique indexes on (seriesId, flightNumber) and Team.seriesTeamId refuse a
 * second flight with the same number or a team in two flights even if that lock were bypassed.
 */
import { z } from "zod";
import { ActionError } from "@/lib/errors";
import { audit, defineAction, numberChoice } from "@/lib/server/action";
import { requireStaff, type Actor } from "@/lib/auth/actor";
import type { Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { eventRules } from "@/lib/server/write/eventRules";
import { FLIGHT_SIZES, flightComposition, flightName, flightsToFire, queuePosition } from "@/lib/flights";
import { pairNextRoundWork } from "./rounds";

const id = z.string().min(1).max(64);

/** Waits for (and holds until commit) the series row lock that serialises its queue. */
async function lockSeries(tx: Tx, eventId: string): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "Event" WHERE "id" = ${eventId} FOR UPDATE`;
}

/** The series, after the lock; NOT_A_SERIES when the event has no flight size. */
async function seriesRules(tx: Tx, eventId: string) {
  const rules = await eventRules(tx, eventId);
  if (rules.event.flightSize === null)
    throw new ActionError("NOT_A_SERIES", "This event is not a flight series.", "eventId", { what: "series" });
  return rules;
}

/**
 * A judge of the series, or a duelist of the team (its account claimed the duelist): who may move
 * a team in or out of the queue. Throws FORBIDDEN for anyone else (nothing written).
 */
async function requireTeamOrJudge(tx: Tx, actor: Actor, eventId: string, teamId: string) {
  const team = await tx.team.findUnique({ where: { id: teamId }, include: { duelists: { include: { decklist: true } } } });
  if (!team || team.eventId !== eventId)
    throw new ActionError("NOT_FOUND", "No such team in this series.", "teamId", { what: "teamInEvent" });
  const own = actor.userId !== null && team.duelists.some((d) => d.userId === actor.userId);
  if (!own) await requireStaff(tx, actor, eventId, "JUDGE");
  return team;
}

/** The series queue (teams checked in, not yet in a flight), plain values for lib/flights. */
async function loadQueue(tx: Tx, seriesId: string) {
  const rows = await tx.team.findMany({
    where: { eventId: seriesId, queuedAt: { not: null }, flightTeam: null, status: "ACTIVE", entry: "PLACED" },
    select: { id: true, queuedAt: true },
  });
  return rows.map((r) => ({ teamId: r.id, queuedAt: r.queuedAt!.getTime() }));
}

/**
 * Fires every flight the queue fills now (lib/flights flightsToFire), inside the caller's
 * transaction and after its series lock. `series` is the row the caller loaded (eventRules, once
 * per transaction) with its own change applied. Returns the new flights' ids and numbers.
 */
async function fireReadyFlights(tx: Tx, actor: Actor, series: SeriesRow): Promise<{ eventId: string; flightNumber: number }[]> {
  const groups = flightsToFire(await loadQueue(tx, series.id), series.flightSize!, series.flightsHeld);
  const started: { eventId: string; flightNumber: number }[] = [];
  for (const group of groups) started.push(await startFlight(tx, actor, series, group));
  return started;
}

type SeriesRow = Awaited<ReturnType<typeof eventRules>>["event"];

/**
 * Creates one flight of `group` (series team ids in queue order): the event with the series'
 * rules and staff, the teams (duelists keep their accounts), the decklists copied and locked (the
 * series' originals are locked too), keep-apart pairs of two teams of this flight; then round 1 is
 * paired (pairNextRound's pairing) and published. Audit rows: `flight.start`, `round.pair`,
 * `round.publish` on the flight.
 */
async function startFlight(tx: Tx, actor: Actor, series: SeriesRow, group: string[]): Promise<{ eventId: string; flightNumber: number }> {
  const last = await tx.event.findFirst({
    where: { seriesId: series.id },
    orderBy: { flightNumber: "desc" },
    select: { flightNumber: true },
  });
  const flightNumber = (last?.flightNumber ?? 0) + 1;
  // One after the other: a transaction is one connection (pg refuses queries queued on a busy client from pg 9).
  const staff = await tx.eventStaff.findMany({ where: { eventId: series.id } });
  const locals = await tx.localInfraction.findMany({ where: { eventId: series.id } });
  const teams = await tx.team.findMany({ where: { id: { in: group } }, include: { duelists: { include: { decklist: true } } } });
  const avoid = await tx.avoidPair.findMany({ where: { eventId: series.id } });
  const plan = flightComposition(
    group,
    teams,
    avoid.map((a) => [a.teamAId, a.teamBId] as const),
  );
  const flight = await tx.event.create({
    data: {
      name: flightName(series.name, flightNumber),
      formatPreset: series.formatPreset,
      settings: series.settings as Prisma.InputJsonValue,
      timeZone: series.timeZone,
      roundMinutes: series.roundMinutes,
      banlistId: series.banlistId,
      decklistDeadline: series.decklistDeadline,
      decklistsPublished: series.decklistsPublished,
      swissRounds: series.swissRounds,
      topCut: series.topCut,
      startsOn: series.startsOn,
      location: series.location,
      hidden: series.hidden,
      seriesId: series.id,
      flightNumber,
      staff: { create: staff.map((s) => ({ userId: s.userId, role: s.role })) },
      localInfractions: { create: locals.map((l) => ({ name: l.name, defaultPenalty: l.defaultPenalty })) },
    },
  });
  const byId = new Map(teams.map((t) => [t.id, t]));
  const copyOf = new Map<string, string>();
  for (const p of plan.teams) {
    const src = byId.get(p.seriesTeamId)!;
    const team = await tx.team.create({
      data: {
        eventId: flight.id,
        name: p.name,
        number: p.number,
        fixedTable: p.fixedTable,
        seriesTeamId: src.id,
        duelists: {
          create: src.duelists.map((d) => ({
            eventId: flight.id,
            designation: d.designation,
            name: d.name,
            playerId: d.playerId,
            userId: d.userId,
          })),
        },
      },
      include: { duelists: true },
    });
    copyOf.set(src.id, team.id);
    for (const d of src.duelists) {
      if (!d.decklist) continue;
      const copy = team.duelists.find((c) => c.designation === d.designation)!;
      const l = d.decklist;
      await tx.decklist.create({
        data: {
          eventId: flight.id,
          duelistId: copy.id,
          sourceFormat: l.sourceFormat,
          rawText: l.rawText,
          sections: l.sections as Prisma.InputJsonValue,
          legality: l.legality as Prisma.InputJsonValue,
          isLegal: l.isLegal,
          locked: true,
          submittedById: l.submittedById,
          submittedAt: l.submittedAt,
        },
      });
    }
  }
  await tx.decklist.updateMany({ where: { duelist: { teamId: { in: group } } }, data: { locked: true } });
  if (plan.avoidPairs.length)
    await tx.avoidPair.createMany({
      data: plan.avoidPairs.map(([a, b]) => {
        const [x, y] = [copyOf.get(a)!, copyOf.get(b)!].sort();
        return {
          eventId: flight.id,
          teamAId: x,
          teamBId: y,
          reason: avoid.find((p) => p.teamAId === a && p.teamBId === b)?.reason ?? null,
        };
      }),
    });
  await audit(tx, {
    eventId: flight.id,
    actor,
    action: "flight.start",
    entity: "Event",
    entityId: flight.id,
    after: { seriesId: series.id, flightNumber, teams: plan.teams.map((t) => t.name) },
  });
  const { roundId } = await pairNextRoundWork.run({ tx, actor, input: { eventId: flight.id } });
  await tx.round.update({ where: { id: roundId }, data: { status: "PUBLISHED", publishedAt: new Date() } });
  await audit(tx, {
    eventId: flight.id,
    actor,
    action: "round.publish",
    entity: "Round",
    entityId: roundId,
    before: { status: "PAIRED" },
    after: { status: "PUBLISHED" },
  });
  return { eventId: flight.id, flightNumber };
}

/**
 * Organizer: make the event a flight series of `flightSize` teams per flight (one of FLIGHT_SIZES; 8 for a
 * Tag Duel flight), or change the size while no flight has started. Refused once the event itself
 * has a round (SERIES_HAS_ROUNDS), for a flight (FLIGHT_IN_SERIES) and after the first flight (SERIES_STARTED).
 */
export const setFlightSeries = defineAction({
  name: "setFlightSeries",
  input: z.object({
    eventId: id,
    flightSize: numberChoice(FLIGHT_SIZES),
  }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    await lockSeries(tx, input.eventId);
    const { event } = await eventRules(tx, input.eventId);
    if (event.seriesId !== null) throw new ActionError("FLIGHT_IN_SERIES", "A flight cannot itself be a flight series.");
    if (await tx.round.count({ where: { eventId: event.id } }))
      throw new ActionError("SERIES_HAS_ROUNDS", "This event already has rounds: only an event before round 1 can become a flight series.");
    if (await tx.event.count({ where: { seriesId: event.id } }))
      throw new ActionError("SERIES_STARTED", "A flight has already started: the flight size can no longer change.");
    await tx.event.update({ where: { id: event.id }, data: { flightSize: input.flightSize } });
    await audit(tx, {
      eventId: event.id,
      actor,
      action: "flight.series",
      entity: "Event",
      entityId: event.id,
      before: { flightSize: event.flightSize },
      after: { flightSize: input.flightSize },
    });
    const started = await fireReadyFlights(tx, actor, { ...event, flightSize: input.flightSize });
    return { flightSize: input.flightSize, started };
  },
});

/**
 * A team member or a judge: check the team into the series queue. When this fills a flight (and
 * the queue is not held), the flight starts in this same transaction. Returns the team's queue
 * position (null once it went into a flight) and the flights started.
 * Refused: NOT_A_SERIES, TEAM_DROPPED, ALREADY_QUEUED, IN_FLIGHT, NOT_PLACED (Team.entry is not PLACED),
 * DECKLISTS_NOT_READY (when the
 * series requires legal decklists, RULES.md §8 requireLegalDecklists, both lists must be legal).
 */
export const checkInToSeries = defineAction({
  name: "checkInToSeries",
  input: z.object({ eventId: id, teamId: id }),
  async run({ tx, actor, input }) {
    const team = await requireTeamOrJudge(tx, actor, input.eventId, input.teamId);
    await lockSeries(tx, input.eventId);
    const { event, settings } = await seriesRules(tx, input.eventId);
    const fresh = await tx.team.findUniqueOrThrow({ where: { id: team.id }, include: { flightTeam: { select: { id: true } } } });
    if (fresh.status !== "ACTIVE")
      throw new ActionError("TEAM_DROPPED", `${team.name} has dropped; re-enter it first.`, undefined, { team: team.name });
    if (fresh.flightTeam) throw new ActionError("IN_FLIGHT", "This team is already playing in a flight.", undefined, { name: team.name });
    if (fresh.queuedAt) throw new ActionError("ALREADY_QUEUED", "This team is already in the queue.", undefined, { name: team.name });
    // Issue #16 places: only a team holding a place plays (a waitlisted, unapproved or displaced team does not).
    if (fresh.entry !== "PLACED")
      throw new ActionError("NOT_PLACED", `${team.name} has no place in this series yet: it cannot join the queue.`, undefined, {
        name: team.name,
      });
    if (settings.requireLegalDecklists && !(team.duelists.length === 2 && team.duelists.every((d) => d.decklist?.isLegal)))
      throw new ActionError("DECKLISTS_NOT_READY", "This series requires two legal decklists before check-in.", undefined, {
        name: team.name,
      });
    const queuedAt = new Date();
    await tx.team.update({ where: { id: team.id }, data: { queuedAt } });
    const position = queuePosition(await loadQueue(tx, event.id), team.id);
    await audit(tx, {
      eventId: event.id,
      actor,
      action: "flight.checkIn",
      entity: "Team",
      entityId: team.id,
      after: { name: team.name, position },
    });
    const started = await fireReadyFlights(tx, actor, event);
    const after = await tx.team.findUniqueOrThrow({ where: { id: team.id }, include: { flightTeam: { select: { eventId: true } } } });
    return { position: after.flightTeam ? null : position, flightEventId: after.flightTeam?.eventId ?? null, started };
  },
});

/** A team member or a judge: take the team out of the series queue before its flight fires (NOT_QUEUED, IN_FLIGHT). */
export const leaveSeriesQueue = defineAction({
  name: "leaveSeriesQueue",
  input: z.object({ eventId: id, teamId: id }),
  async run({ tx, actor, input }) {
    const team = await requireTeamOrJudge(tx, actor, input.eventId, input.teamId);
    await lockSeries(tx, input.eventId);
    await seriesRules(tx, input.eventId);
    const fresh = await tx.team.findUniqueOrThrow({ where: { id: team.id }, include: { flightTeam: { select: { id: true } } } });
    if (fresh.flightTeam) throw new ActionError("IN_FLIGHT", "This team is already playing in a flight.", undefined, { name: team.name });
    if (!fresh.queuedAt) throw new ActionError("NOT_QUEUED", "This team is not in the queue.", undefined, { name: team.name });
    await tx.team.update({ where: { id: team.id }, data: { queuedAt: null } });
    await audit(tx, {
      eventId: input.eventId,
      actor,
      action: "flight.leave",
      entity: "Team",
      entityId: team.id,
      after: { name: team.name },
    });
    return { teamId: team.id };
  },
});

/** Organizer: hold the series queue (no flight fires) or release it (every flight the queue fills starts now). */
export const holdSeriesQueue = defineAction({
  name: "holdSeriesQueue",
  input: z.object({ eventId: id, held: z.boolean() }),
  async run({ tx, actor, input }) {
    await requireStaff(tx, actor, input.eventId, "ORGANIZER");
    await lockSeries(tx, input.eventId);
    const { event } = await seriesRules(tx, input.eventId);
    await tx.event.update({ where: { id: event.id }, data: { flightsHeld: input.held } });
    await audit(tx, {
      eventId: event.id,
      actor,
      action: input.held ? "flight.hold" : "flight.release",
      entity: "Event",
      entityId: event.id,
      before: { held: event.flightsHeld },
      after: { held: input.held },
    });
    const started = input.held ? [] : await fireReadyFlights(tx, actor, { ...event, flightsHeld: false });
    return { held: input.held, started };
  },
});
