/**
 * Seeding for the venue benchmark (issue #15): a Tag Duel event with `teams` teams whose round 1
 * is paired table by table (team 2k-1 vs team 2k at table k) but NOT published, so the benchmark's
 * organizer publishes it through the real publishRound action. Every duelist is linked to an
 * account (`venue-u-<team number>-<A|B>`, the same accounts in every event seeded), so the phones
 * are signed-in duelists with minted session cookies. The event is e2e/floorSeed.ts seedFloor
 * (multi-row INSERTs through pg, not 750 registrations). Not a benchmark itself.
 */
import pg from "pg";
import { insert, seedFloor, teamName } from "../e2e/floorSeed";

export { teamName };
/** The account of duelist `d` of team number `n`. */
export const duelistUser = (n: number, d: "A" | "B") => `venue-u-${n}-${d}`;

export interface VenueEvent {
  eventId: string;
  roundId: string;
  /** Round 1's tables: match id and the team ids and numbers in slot 1 and slot 2. */
  tables: { table: number; matchId: string; team1: { id: string; n: number }; team2: { id: string; n: number } }[];
}

/** Creates the organizer account `organizer` and the duelist accounts of `teams` teams (once per database). */
export async function seedAccounts(url: string, teams: number, organizer: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`INSERT INTO "User" (id, username, "displayName", "isOrganizer") VALUES ($1, $1, 'Venue TO', true)`, [organizer]);
    const rows: unknown[][] = [];
    for (let n = 1; n <= teams; n++)
      for (const d of ["A", "B"] as const) rows.push([duelistUser(n, d), duelistUser(n, d), `Duelist ${n}${d}`]);
    await insert(c, "User", ["id", "username", "displayName"], rows);
  } finally {
    await c.end();
  }
}

/** Seeds one event (see the module docstring) organized by `organizer`. */
export async function seedVenueEvent(url: string, o: { teams: number; name: string; organizer: string }): Promise<VenueEvent> {
  const f = await seedFloor(url, {
    teams: o.teams,
    name: o.name,
    staff: [[o.organizer, "ORGANIZER"]],
    published: false,
    duelistUser,
    idPrefix: "venue",
  });
  return {
    eventId: f.eventId,
    roundId: f.roundId,
    tables: f.tables.map((t) => ({
      table: t.table,
      matchId: t.matchId,
      team1: { id: t.teamIds[0], n: 2 * t.table - 1 },
      team2: { id: t.teamIds[1], n: 2 * t.table },
    })),
  };
}
