/**
 * Seeding for the venue benchmark (issue #15): a Tag Duel event with `teams` teams whose round 1
 * is paired table by table (team 2k-1 vs team 2k at table k) but NOT published, so the benchmark's
 * organizer publishes it through the real publishRound action. Every duelist is linked to an
 * account (`venue-u-<team number>-<A|B>`, the same accounts in every event seeded), so the phones
 * are signed-in duelists with minted session cookies. Written with multi-row INSERTs through pg
 * (like e2e/floorSeed.ts), not through 750 registrations. Not a benchmark itself.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";

const NAMES = ["Dragons", "Magicians", "Strikers", "Counters", "Masters"];

/** The name team number `n` (1-based) gets. */
export const teamName = (n: number) => `Team ${String(n).padStart(3, "0")} ${NAMES[(n - 1) % NAMES.length]}`;
/** The account of duelist `d` of team number `n`. */
export const duelistUser = (n: number, d: "A" | "B") => `venue-u-${n}-${d}`;

export interface VenueEvent {
  eventId: string;
  roundId: string;
  /** Round 1's tables: match id and the team ids and numbers in slot 1 and slot 2. */
  tables: { table: number; matchId: string; team1: { id: string; n: number }; team2: { id: string; n: number } }[];
}

async function insert(c: pg.Client, table: string, cols: string[], rows: unknown[][]) {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = chunk.map((_, r) => `(${cols.map((_, k) => `$${r * cols.length + k + 1}`).join(", ")})`).join(", ");
    await c.query(`INSERT INTO "${table}" (${cols.map((x) => `"${x}"`).join(", ")}) VALUES ${values}`, chunk.flat());
  }
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
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query("BEGIN");
    const eventId = `venue-${randomUUID()}`;
    await c.query(
      `INSERT INTO "Event" (id, name, "formatPreset", "roundMinutes", status) VALUES ($1, $2, 'KONAMI_TAG_2019', 50, 'RUNNING')`,
      [eventId, o.name],
    );
    await c.query(`INSERT INTO "EventStaff" ("eventId", "userId", role) VALUES ($1, $2, 'ORGANIZER')`, [eventId, o.organizer]);
    const teams = Array.from({ length: o.teams }, (_, i) => ({ id: `${eventId}-t${i + 1}`, n: i + 1 }));
    await insert(
      c,
      "Team",
      ["id", "eventId", "name", "number"],
      teams.map((t) => [t.id, eventId, teamName(t.n), t.n]),
    );
    await insert(
      c,
      "Duelist",
      ["id", "eventId", "teamId", "designation", "name", "userId"],
      teams.flatMap((t) => (["A", "B"] as const).map((d) => [`${t.id}-${d}`, eventId, t.id, d, `Duelist ${t.n}${d}`, duelistUser(t.n, d)])),
    );
    const roundId = `${eventId}-r1`;
    await c.query(`INSERT INTO "Round" (id, "eventId", number, status, seed, minutes) VALUES ($1, $2, 1, 'PAIRED', 'venue', 50)`, [
      roundId,
      eventId,
    ]);
    const tables = Array.from({ length: Math.floor(o.teams / 2) }, (_, k) => ({
      table: k + 1,
      matchId: `${roundId}-m${k + 1}`,
      team1: teams[2 * k],
      team2: teams[2 * k + 1],
    }));
    await insert(
      c,
      "Match",
      ["id", "roundId", "table"],
      tables.map((m) => [m.matchId, roundId, m.table]),
    );
    await insert(
      c,
      "MatchTeam",
      ["matchId", "roundId", "teamId", "slot"],
      tables.flatMap((m) => [
        [m.matchId, roundId, m.team1.id, 1],
        [m.matchId, roundId, m.team2.id, 2],
      ]),
    );
    await c.query("COMMIT");
    return { eventId, roundId, tables };
  } catch (e) {
    await c.query("ROLLBACK");
    throw e;
  } finally {
    await c.end();
  }
}
