/**
 * Flight series (issue #16 "Flights"): a series event keeps a queue of checked-in teams; each time
 * `flightSize` teams (e.g. 8) are waiting and the organizer is not holding the queue, a flight
 * fires: a new event with those teams, paired and published at once (the server layer does the
 * writes, lib/server/write/flights.ts). Pure functions on plain values: no clock, no database.
 */

/** One team waiting in the series queue. `queuedAt` in ms since the epoch (when it checked in). */
export interface QueuedTeam {
  teamId: string;
  queuedAt: number;
}

/** The flight sizes an organizer can pick (teams). Even only: a flight of 8 has 4 tables and no bye. */
export const FLIGHT_SIZES = [4, 6, 8, 10, 12, 16, 24, 32] as const;
export const DEFAULT_FLIGHT_SIZE = 8;
const FLIGHT_SIZE_MIN = FLIGHT_SIZES[0];
const FLIGHT_SIZE_MAX = FLIGHT_SIZES[FLIGHT_SIZES.length - 1];

/**
 * The queue order: first checked in, first to play; equal check-in times (same millisecond) are
 * ordered by team id so every process computes the same order.
 */
export function queueOrder(queue: readonly QueuedTeam[]): QueuedTeam[] {
  return [...queue].sort((a, b) => a.queuedAt - b.queuedAt || (a.teamId < b.teamId ? -1 : a.teamId > b.teamId ? 1 : 0));
}

/**
 * Who fires next: the flights the queue fills now, each `size` team ids in queue order. Empty when
 * the queue is held or fewer than `size` teams wait; teams beyond the last full flight keep waiting.
 * @throws RangeError when `size` is not a whole number from 4 to 32 (FLIGHT_SIZES' range).
 */
export function flightsToFire(queue: readonly QueuedTeam[], size: number, held: boolean): string[][] {
  if (!Number.isInteger(size) || size < FLIGHT_SIZE_MIN || size > FLIGHT_SIZE_MAX) throw new RangeError(`flight size ${size}`);
  if (held) return [];
  const ordered = queueOrder(queue);
  const out: string[][] = [];
  for (let i = 0; i + size <= ordered.length; i += size) out.push(ordered.slice(i, i + size).map((q) => q.teamId));
  return out;
}

/** A team's place in the queue (1 = next to play), or null when it is not waiting. */
export function queuePosition(queue: readonly QueuedTeam[], teamId: string): number | null {
  const i = queueOrder(queue).findIndex((q) => q.teamId === teamId);
  return i < 0 ? null : i + 1;
}

/** A series team as the flight copies it. */
export interface SeriesTeam {
  id: string;
  name: string;
  fixedTable: number | null;
}

/** A team of a new flight: its number there (1…size, queue order) and where it came from. */
export interface FlightTeamPlan {
  seriesTeamId: string;
  name: string;
  number: number;
  fixedTable: number | null;
}

/**
 * Flight composition: the teams of one firing group, numbered 1…n in queue order (the flight's
 * registration order and pairing seed order), keeping name and fixed table (accessibility).
 * Keep-apart pairs carry over only when both teams are in this flight.
 * @throws Error when an id of `group` is not among `teams` (a programming error).
 */
export function flightComposition(
  group: readonly string[],
  teams: readonly SeriesTeam[],
  avoidPairs: readonly (readonly [string, string])[] = [],
): { teams: FlightTeamPlan[]; avoidPairs: [string, string][] } {
  const byId = new Map(teams.map((t) => [t.id, t]));
  const planned = group.map((id, i) => {
    const t = byId.get(id);
    if (!t) throw new Error(`team ${id} is not in the series`);
    return { seriesTeamId: t.id, name: t.name, number: i + 1, fixedTable: t.fixedTable };
  });
  const inFlight = new Set(group);
  return { teams: planned, avoidPairs: avoidPairs.filter(([a, b]) => inFlight.has(a) && inFlight.has(b)).map(([a, b]) => [a, b]) };
}

/**
 * The flight's event name: "<series> #<n>" (pages name it "Flight n" in the reader's language from
 * flightNumber), the series' part shortened so the whole stays within an event name's `max`
 * characters (120, lib/fields EVENT_NAME: a flight is an event, and its archive imports back).
 */
export function flightName(seriesName: string, flightNumber: number, max = 120): string {
  const suffix = ` #${flightNumber}`;
  return `${[...seriesName]
    .slice(0, max - suffix.length)
    .join("")
    .trimEnd()}${suffix}`;
}
