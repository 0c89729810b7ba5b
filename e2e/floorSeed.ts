/**
 * Fast seeding of a big floor (issue #14): a Tag Duel event with `teams` teams, round 1 paired
 * table by table (team 2k-1 vs team 2k at table k) and published, written with a handful of
 * multi-row INSERTs through pg (no 750 UI registrations, no pairing run). The organizer and the
 * judge are existing accounts (user ids). Used by e2e/results-desk.spec.ts, bench/floor.bench.ts and
 * bench/venue-seed.ts (round 1 left PAIRED, duelists linked to accounts).
 */
import { randomUUID } from "node:crypto";
import pg from "pg";

export interface FloorSeed {
  eventId: string;
  roundId: string;
  /** Round 1's tables in order: match id, the two team names and team ids (slot 1, slot 2). */
  tables: { table: number; matchId: string; team1: string; team2: string; teamIds: [string, string] }[];
}

const NAMES = ["Dragons", "Magicians", "Strikers", "Counters", "Masters"];

/** The name team number `n` (1-based) gets. */
export const teamName = (n: number) => `Team ${String(n).padStart(3, "0")} ${NAMES[(n - 1) % NAMES.length]}`;

/** Inserts rows in chunks of 500 (Postgres' parameter limit is 65535). */
export async function insert(c: pg.Client, table: string, cols: string[], rows: unknown[][]) {
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const values = chunk.map((_, r) => `(${cols.map((_, k) => `$${r * cols.length + k + 1}`).join(", ")})`).join(", ");
    await c.query(`INSERT INTO "${table}" (${cols.map((x) => `"${x}"`).join(", ")}) VALUES ${values}`, chunk.flat());
  }
}

/**
 * Seeds the event (see the module docstring); `staff`: [userId, "ORGANIZER" | "JUDGE"] rows;
 * `published` (default true): round 1 PUBLISHED, else PAIRED; `duelistUser`: the account id of duelist
 * A/B of team number n (default: no account); `idPrefix` (default "floor") starts the event id.
 */
export async function seedFloor(
  url: string,
  o: {
    teams: number;
    name: string;
    staff: [string, "ORGANIZER" | "JUDGE"][];
    preset?: string;
    published?: boolean;
    duelistUser?: (n: number, d: "A" | "B") => string;
    idPrefix?: string;
  },
): Promise<FloorSeed> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query("BEGIN");
    const eventId = `${o.idPrefix ?? "floor"}-${randomUUID()}`;
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
      name: teamName(i + 1),
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
      ["id", "eventId", "teamId", "designation", "name", "userId"],
      teams.flatMap((t) => [
        [`${t.id}-A`, eventId, t.id, "A", `Duelist ${t.number}A Souza`, o.duelistUser?.(t.number, "A") ?? null],
        [`${t.id}-B`, eventId, t.id, "B", `Duelist ${t.number}B Rossi`, o.duelistUser?.(t.number, "B") ?? null],
      ]),
    );
    const roundId = `${eventId}-r1`;
    const published = o.published ?? true;
    await c.query(
      `INSERT INTO "Round" (id, "eventId", number, status, seed, minutes, "publishedAt") ` +
        `VALUES ($1, $2, 1, $3::"RoundStatus", 'floor', 50, ${published ? "now()" : "NULL"})`,
      [roundId, eventId, published ? "PUBLISHED" : "PAIRED"],
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
    return {
      eventId,
      roundId,
      tables: tables.map((m) => ({
        table: m.table,
        matchId: m.matchId,
        team1: m.t1.name,
        team2: m.t2.name,
        teamIds: [m.t1.id, m.t2.id] as [string, string],
      })),
    };
  } catch (e) {
    await c.query("ROLLBACK");
    throw e;
  } finally {
    await c.end();
  }
}
