/**
 * Fast seeding of a big floor (issue #14): a Tag Duel event with `teams` teams, round 1 paired
 * table by table (team 2k-1 vs team 2k at table k) and published, written with a handful of
 * multi-row INSERTs through pg (no 750 UI registrations, no pairing run). The organizer and the
 * judge are existing accounts (user ids). Used by e2e/results-desk.spec.ts and bench/floor.bench.ts.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";

export interface FloorSeed {
  eventId: string;
  roundId: string;
  /** Round 1's tables in order: match id and the two team names (slot 1, slot 2). */
  tables: { table: number; matchId: string; team1: string; team2: string }[];
}

const NAMES = ["Dragons", "Magicians", "Strikers", "Counters", "Masters"];

/** Inserts rows in chunks of 500 (Postgres' parameter limit is 65535). */
async function insert(c: pg.Client, table: string, cols: string[], rows: unknown[][]) {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = chunk.map((_, r) => `(${cols.map((_, k) => `$${r * cols.length + k + 1}`).join(", ")})`).join(", ");
    await c.query(`INSERT INTO "${table}" (${cols.map((x) => `"${x}"`).join(", ")}) VALUES ${values}`, chunk.flat());
  }
}

/** Seeds the event (see the module docstring); `staff`: [userId, "ORGANIZER" | "JUDGE"] rows. */
export async function seedFloor(
  url: string,
  o: { teams: number; name: string; staff: [string, "ORGANIZER" | "JUDGE"][]; preset?: string },
): Promise<FloorSeed> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query("BEGIN");
    const eventId = `floor-${randomUUID()}`;
    await c.query(`INSERT INTO "Event" (id, name, "formatPreset", "roundMinutes", status) VALUES ($1, $2, $3, 50, 'RUNNING')`, [
      eventId,
      o.name,
      o.preset ?? "KONAMI_TAG_2019",
    ]);
    await insert(
      c,
      "EventStaff",
      ["eventId", "userId", "role"],
      o.staff.map(([u, r]) => [eventId, u, r]),
    );
    const teams = Array.from({ length: o.teams }, (_, i) => ({
      id: `${eventId}-t${i + 1}`,
      number: i + 1,
      name: `Team ${String(i + 1).padStart(3, "0")} ${NAMES[i % NAMES.length]}`,
    }));
    await insert(
      c,
      "Team",
      ["id", "eventId", "name", "number"],
      teams.map((t) => [t.id, eventId, t.name, t.number]),
    );
    await insert(
      c,
      "Duelist",
      ["id", "eventId", "teamId", "designation", "name"],
      teams.flatMap((t) => [
        [`${t.id}-A`, eventId, t.id, "A", `Duelist ${t.number}A Souza`],
        [`${t.id}-B`, eventId, t.id, "B", `Duelist ${t.number}B Rossi`],
      ]),
    );
    const roundId = `${eventId}-r1`;
    await c.query(
      `INSERT INTO "Round" (id, "eventId", number, status, seed, minutes, "publishedAt") ` +
        `VALUES ($1, $2, 1, 'PUBLISHED', 'floor', 50, now())`,
      [roundId, eventId],
    );
    const tables = Array.from({ length: Math.floor(o.teams / 2) }, (_, k) => ({
      table: k + 1,
      matchId: `${roundId}-m${k + 1}`,
      t1: teams[2 * k],
      t2: teams[2 * k + 1],
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
        [m.matchId, roundId, m.t1.id, 1],
        [m.matchId, roundId, m.t2.id, 2],
      ]),
    );
    await c.query("COMMIT");
    return { eventId, roundId, tables: tables.map((m) => ({ table: m.table, matchId: m.matchId, team1: m.t1.name, team2: m.t2.name })) };
  } catch (e) {
    await c.query("ROLLBACK");
    throw e;
  } finally {
    await c.end();
  }
}
