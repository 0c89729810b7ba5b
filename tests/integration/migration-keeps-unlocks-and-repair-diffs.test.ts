/**
 * Issue #11 item 3: migration 20261201160000_data moves three facts out of the audit log into their
 * own rows and turns comment-documented string columns into enums. A database is built at the
 * migration state before it and seeded with SQL exactly as the code before it wrote its rows
 * (decklist.unlock audit rows, a round undone with its BEGIN snapshot in the round.undo row's
 * `before.begin` and paired again, manual edits as round.swap / round.move / round.bye rows); then
 * the migration runs the way `prisma migrate deploy` runs it (the driver adapter sends the script
 * one semicolon-separated statement at a time) and the NEW read models must show the same unlock
 * windows, re-pair diff and edit history.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { adminUrl } from "./db";

const root = path.resolve(import.meta.dirname, "../..");
const MIGRATION = "20261201160000_data";
const migrationsDir = path.join(root, "prisma/migrations");
const migrationSql = (d: string) => readFileSync(path.join(migrationsDir, d, "migration.sql"), "utf8");
const earlier = readdirSync(migrationsDir)
  .filter((d) => /^\d/.test(d) && d < MIGRATION)
  .sort();

const later = readdirSync(migrationsDir)
  .filter((d) => /^\d/.test(d) && d > MIGRATION)
  .sort();

const created: string[] = [];
afterAll(async () => {
  const { db } = await import("@/lib/db");
  await db().$disconnect();
  const a = new pg.Client({ connectionString: adminUrl() });
  await a.connect();
  for (const name of created) await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await a.end();
});

/** A new database with every migration before MIGRATION applied; returns its URL. */
async function databaseBeforeMigration(): Promise<string> {
  const name = `tandem_m_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const a = new pg.Client({ connectionString: adminUrl() });
  await a.connect();
  await a.query(`CREATE DATABASE "${name}"`);
  await a.end();
  created.push(name);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  await withClient(url.toString(), async (c) => {
    for (const d of earlier) await c.query(migrationSql(d));
  });
  return url.toString();
}

async function withClient<T>(url: string, f: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

/** Runs MIGRATION as @prisma/adapter-pg's executeScript does: split on ";", one query per piece. */
async function applyMigration(url: string): Promise<void> {
  await withClient(url, async (c) => {
    const statements = migrationSql(MIGRATION)
      .split(";")
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    for (const s of statements) await c.query(s);
  });
}

const T = (n: number) => `team-${n}`;
/** An audit row as lib/server/action.ts `audit` wrote it (JSON before/after, the actor's user id). */
function audit(
  id: string,
  action: string,
  entity: string,
  entityId: string | null,
  before: unknown,
  after: unknown,
  at: string,
  userId = "u-org",
) {
  return {
    text: `INSERT INTO "AuditLog" (id, "eventId", "userId", action, entity, "entityId", before, after, "createdAt")
           VALUES ($1, 'ev', $2, $3, $4, $5, $6, $7, $8)`,
    values: [id, userId, action, entity, entityId, JSON.stringify(before), JSON.stringify(after), at],
  };
}

/** BEGIN snapshot as lib/server/operations afterPairing wrote it for a Swiss round. */
const begin = (seed: string, pairings: { table: number | null; team1: string; team2: string | null }[]) => ({
  number: 1,
  kind: "SWISS",
  seed,
  inputs: { teams: [1, 2, 3, 4, 5].map((n) => ({ id: T(n) })), avoidPairs: [], noShows: [], historyRounds: [], checkInWasOpen: false },
  pairings,
});
/** Tables 1 and 2 and the bye (table null), as [team1, team2] pairs. */
const pairings = (t1: [number, number], t2: [number, number], bye: number) => [
  { table: 1, team1: T(t1[0]), team2: T(t1[1]) },
  { table: 2, team1: T(t2[0]), team2: T(t2[1]) },
  { table: null, team1: T(bye), team2: null },
];
const UNDONE_EARLIER = begin("s0", pairings([5, 4], [3, 2], 1));
const UNDONE_LATEST = begin("s1", pairings([1, 2], [3, 4], 5));
const REPAIRED = begin("s2", pairings([3, 4], [1, 5], 2));

/** The round.undo payload of undoRound (before: the round; after: what the undo restored). */
const undoneRound = (status: string, seed: string, resultsReported: number) => ({
  number: 1,
  kind: "SWISS",
  status,
  seed,
  matches: 3,
  resultsReported,
});
const UNDO_AFTER = { deleted: true, restoredNoShows: 0, checkInOpen: false };
const REMATCH = { code: "REMATCH", a: "Team 1", b: "Team 3", round: 1 };

/** One event as the code before MIGRATION left it (timestamps in UTC, as Prisma stores them). */
async function seedAsBefore(c: pg.Client, opts: { penalty?: string } = {}) {
  await c.query(`INSERT INTO "User" (id, username, "displayName", "isOrganizer")
                 VALUES ('u-org', 'org', 'Olga Organizer', true), ('u-judge', 'judge', 'Jun Judge', false)`);
  await c.query(`INSERT INTO "Event" (id, name, "formatPreset", "roundMinutes", "decklistDeadline", status)
                 VALUES ('ev', 'Legacy Cup', 'KONAMI_TAG_2019', 50, '2026-06-01 10:00:00', 'RUNNING')`);
  await c.query(`INSERT INTO "EventStaff" ("eventId", "userId", role) VALUES ('ev', 'u-org', 'ORGANIZER'), ('ev', 'u-judge', 'JUDGE')`);
  for (const n of [1, 2, 3, 4, 5]) {
    await c.query(`INSERT INTO "Team" (id, "eventId", name, number, "entryRound", "entryPolicy") VALUES ($1, 'ev', $2, $3, $4, $5)`, [
      T(n),
      `Team ${n}`,
      n,
      n === 5 ? 2 : null,
      n === 5 ? "byes" : null,
    ]);
    for (const d of ["A", "B"]) {
      await c.query(`INSERT INTO "Duelist" (id, "eventId", "teamId", designation, name) VALUES ($1, 'ev', $2, $3, $4)`, [
        `d-${n}${d}`,
        T(n),
        d,
        `Duelist ${n}${d}`,
      ]);
    }
  }
  const sections = JSON.stringify({ game: "YGO", main: [], extra: [], side: [] });
  const list = (id: string, duelist: string, submittedAt: string, version: number) =>
    c.query(
      `INSERT INTO "Decklist" (id, "eventId", "duelistId", "sourceFormat", "rawText", sections, legality, "isLegal", "submittedAt", version)
       VALUES ($1, 'ev', $2, 'ydk', '#main', $3, '{}', false, $4, $5)`,
      [id, duelist, sections, submittedAt, version],
    );
  // 1A: unlocked before the deadline (does not carry past it), then again after it: one replacement is open.
  await list("dl-1A", "d-1A", "2026-06-01 09:00:00", 1);
  // 1B: unlocked after the deadline, then replaced: the unlock is used up.
  await list("dl-1B", "d-1B", "2026-06-01 10:07:00", 2);
  // 2A: never unlocked.
  await list("dl-2A", "d-2A", "2026-06-01 09:10:00", 1);
  const rows = [
    audit("a-01", "decklist.unlock", "Decklist", "dl-1A", { locked: false }, { locked: false }, "2026-06-01 09:30:00", "u-judge"),
    audit("a-02", "decklist.unlock", "Decklist", "dl-1A", { locked: false }, { locked: false }, "2026-06-01 10:05:00", "u-judge"),
    audit("a-03", "decklist.unlock", "Decklist", "dl-1B", { locked: true }, { locked: false }, "2026-06-01 10:06:00", "u-judge"),
    audit(
      "a-04",
      "decklist.replace",
      "Decklist",
      "dl-1B",
      { format: "ydk", version: 1, isLegal: false },
      { format: "ydk", version: 2, isLegal: false },
      "2026-06-01 10:07:00",
      "u-judge",
    ),
    // Round 1 paired and undone twice (lib/server/actions/operations.ts undoRound), then paired again.
    audit(
      "a-05",
      "round.undo",
      "Round",
      "r1-gone-a",
      { ...undoneRound("PAIRED", "s0", 0), begin: UNDONE_EARLIER },
      UNDO_AFTER,
      "2026-06-01 10:30:00",
    ),
    audit(
      "a-06",
      "round.undo",
      "Round",
      "r1-gone-b",
      { ...undoneRound("PUBLISHED", "s1", 1), begin: UNDONE_LATEST },
      UNDO_AFTER,
      "2026-06-01 11:00:00",
    ),
    // A round undone before BEGIN snapshots existed: nothing to diff against.
    audit("a-07", "round.undo", "Round", "r0-gone", { ...undoneRound("PAIRED", "old", 0), begin: null }, UNDO_AFTER, "2026-06-01 08:00:00"),
    // Manual edits of the re-paired round (swapTeams, moveMatch, manualBye payloads).
    audit(
      "a-08",
      "round.swap",
      "Round",
      "r1",
      { "Team 1": 2, "Team 4": 1 },
      { "Team 1": 1, "Team 4": 2, reason: "family asked to sit apart", warnings: [REMATCH] },
      "2026-06-01 11:05:00",
    ),
    audit(
      "a-09",
      "round.move",
      "Round",
      "r1",
      { pairing: "Team 3 – Team 1", table: 1 },
      { pairing: "Team 3 – Team 1", table: 3, swappedWith: null, reason: "feature table" },
      "2026-06-01 11:06:00",
    ),
    audit(
      "a-10",
      "round.bye",
      "Round",
      "r1",
      { team: "Team 4", table: 2, opponent: "Team 5", byeHolder: "Team 2" },
      { bye: "Team 4", mode: "swappedWithBye", reason: "must leave early", warnings: [] },
      "2026-06-01 11:07:00",
    ),
  ];
  for (const r of rows) await c.query(r);
  await c.query(`INSERT INTO "Round" (id, "eventId", number, seed, minutes, "createdAt")
                 VALUES ('r1', 'ev', 1, 's2', 50, '2026-06-01 11:01:00')`);
  await c.query(
    `INSERT INTO "RoundSnapshot" (id, "roundId", phase, data, "createdAt")
                 VALUES ('snap-r1', 'r1', 'BEGIN', $1, '2026-06-01 11:01:00')`,
    [JSON.stringify(REPAIRED)],
  );
  // Table 1 won by slot 1 (LP_ZERO), table 2 open, the bye (table 0).
  const results = [
    ["WIN", 1, "LP_ZERO"],
    [null, null, null],
    ["BYE", 1, "BYE"],
  ] as const;
  for (const [i, p] of REPAIRED.pairings.entries()) {
    const [outcome, winnerSlot, endReason] = results[i];
    await c.query(`INSERT INTO "Match" (id, "roundId", "table", outcome, "winnerSlot", "endReason") VALUES ($1, 'r1', $2, $3, $4, $5)`, [
      `m-${i}`,
      p.table ?? 0,
      outcome,
      winnerSlot,
      endReason,
    ]);
    const seat = `INSERT INTO "MatchTeam" ("matchId", "roundId", "teamId", slot) VALUES ($1, 'r1', $2, $3)`;
    await c.query(seat, [`m-${i}`, p.team1, 1]);
    if (p.team2) await c.query(seat, [`m-${i}`, p.team2, 2]);
  }
  await c.query(`INSERT INTO "ResultReport" (id, "matchId", "userId", source, payload)
                 VALUES ('rr-1', 'm-0', 'u-judge', 'JUDGE', '{"result":"team1"}')`);
  await c.query(
    `INSERT INTO "Penalty" (id, "eventId", "teamId", "duelistId", "roundNumber", infraction, penalty)
                 VALUES ('p-1', 'ev', $1, 'd-2A', 1, 'Slow play', $2)`,
    [T(2), opts.penalty ?? "WARNING"],
  );
  await c.query(`INSERT INTO "DeckCheck" (id, "eventId", "roundId", "teamId", outcome) VALUES ('dc-1', 'ev', 'r1', $1, 'PROBLEM')`, [T(3)]);
  await c.query(`INSERT INTO "LocalInfraction" (id, "eventId", name, "defaultPenalty")
                 VALUES ('li-1', 'ev', 'Phone at the table', 'GAME_LOSS')`);
  await c.query(`INSERT INTO "CardImportJob" (id, status, "updatedAt") VALUES ('job-1', 'DONE', '2026-06-01 07:00:00')`);
}

describe(`migration ${MIGRATION}: history read from the audit log becomes rows`, () => {
  it("keeps every unlock window, the re-pair diff and the manual-edit history, read through the new read models", async () => {
    const url = await databaseBeforeMigration();
    await withClient(url, (c) => seedAsBefore(c));
    await applyMigration(url);
    // The read models run on today's client: the migrations after MIGRATION bring the schema up to date.
    await withClient(url, async (c) => {
      for (const d of later) await c.query(migrationSql(d));
    });
    process.env.DATABASE_URL = url;
    const { db } = await import("@/lib/db");
    const { teamDecklists } = await import("@/lib/server/read/decklistView");
    const { decklistWindow } = await import("@/lib/decks");
    const { repairDiff, undonePairing, pairingEdits } = await import("@/lib/server/read/roundHistory");

    // Unlock windows: the latest unlock per list (lib/decks decklistWindow, one replacement per unlock).
    const lists = [...(await teamDecklists(T(1))), ...(await teamDecklists(T(2)))];
    const unlocked = Object.fromEntries(lists.map((l) => [l.decklistId ?? l.duelistId, l.unlockedAt?.toISOString() ?? null]));
    expect(unlocked).toEqual({ "dl-1A": "2026-06-01T10:05:00.000Z", "dl-1B": "2026-06-01T10:06:00.000Z", "dl-2A": null, "d-2B": null });
    const deadline = new Date("2026-06-01T10:00:00Z"),
      now = new Date("2026-06-01T10:10:00Z");
    const windowOf = (l: (typeof lists)[number]) =>
      decklistWindow({ isStaff: false, locked: l.locked, deadline, now, submittedAt: l.submittedAt, unlockedAt: l.unlockedAt });
    const open = Object.fromEntries(lists.filter((l) => l.decklistId).map((l) => [l.decklistId, windowOf(l)]));
    const closed = { open: false, code: "DEADLINE_PASSED" };
    expect(open).toEqual({ "dl-1A": { open: true }, "dl-1B": closed, "dl-2A": closed });

    // Re-pair diff: against the LATEST undo of round 1 before the round was created (11:00, seed s1).
    const round = await db().round.findUniqueOrThrow({ where: { id: "r1" } });
    expect(await undonePairing(db(), round)).toEqual(UNDONE_LATEST);
    expect(await repairDiff(db(), round)).toEqual({
      identical: false,
      same: [],
      moved: [{ teams: [T(3), T(4)], from: 2, to: 1 }],
      removed: [
        { table: 1, team1: T(1), team2: T(2) },
        { table: null, team1: T(5), team2: null },
      ],
      added: [
        { table: 2, team1: T(1), team2: T(5) },
        { table: null, team1: T(2), team2: null },
      ],
    });
    // One UNDONE row per undo that carried a snapshot; the one without (begin: null) adds none.
    const undone = await db().roundSnapshot.findMany({ where: { phase: "UNDONE" }, orderBy: { createdAt: "asc" } });
    expect(undone.map((s) => [s.eventId, s.number, s.roundId, s.createdAt.toISOString()])).toEqual([
      ["ev", 1, null, "2026-06-01T10:30:00.000Z"],
      ["ev", 1, null, "2026-06-01T11:00:00.000Z"],
    ]);

    // Manual-edit history, in order, with the organizer's name and the stored warnings.
    const edits = await pairingEdits(db(), "r1");
    const by = { byName: "Olga Organizer" };
    const noOther = { otherTeam: null, otherFromTable: null, otherToTable: null };
    expect(edits.map(({ id: _id, ...e }) => e)).toEqual([
      {
        kind: "SWAP",
        team: "Team 1",
        fromTable: 2,
        toTable: 1,
        otherTeam: "Team 4",
        otherFromTable: 1,
        otherToTable: 2,
        reason: "family asked to sit apart",
        warnings: [REMATCH],
        ...by,
        at: new Date("2026-06-01T11:05:00Z"),
      },
      {
        kind: "MOVE",
        team: "Team 3 – Team 1",
        fromTable: 1,
        toTable: 3,
        ...noOther,
        reason: "feature table",
        warnings: [],
        ...by,
        at: new Date("2026-06-01T11:06:00Z"),
      },
      {
        kind: "BYE",
        team: "Team 4",
        fromTable: 2,
        toTable: null,
        ...noOther,
        reason: "must leave early",
        warnings: [],
        ...by,
        at: new Date("2026-06-01T11:07:00Z"),
      },
    ]);

    // String columns became enums with their values kept.
    expect((await db().team.findUniqueOrThrow({ where: { id: T(5) } })).entryPolicy).toBe("byes");
    expect((await db().match.findMany({ orderBy: { id: "asc" } })).map((m) => m.endReason)).toEqual(["LP_ZERO", null, "BYE"]);
    expect((await db().resultReport.findUniqueOrThrow({ where: { id: "rr-1" } })).source).toBe("JUDGE");
    expect((await db().penalty.findUniqueOrThrow({ where: { id: "p-1" } })).penalty).toBe("WARNING");
    expect((await db().deckCheck.findUniqueOrThrow({ where: { id: "dc-1" } })).outcome).toBe("PROBLEM");
    expect((await db().localInfraction.findUniqueOrThrow({ where: { id: "li-1" } })).defaultPenalty).toBe("GAME_LOSS");
    expect((await db().cardImportJob.findUniqueOrThrow({ where: { id: "job-1" } })).status).toBe("DONE");
    expect((await db().roundSnapshot.findUniqueOrThrow({ where: { id: "snap-r1" } })).phase).toBe("BEGIN");
    // The audit log itself is untouched.
    expect(await db().auditLog.count()).toBe(10);
  });

  it("an unknown value in an enum column stops the migration naming the value, and changes nothing", async () => {
    const url = await databaseBeforeMigration();
    await withClient(url, (c) => seedAsBefore(c, { penalty: "YELLOW_CARD" }));
    await expect(applyMigration(url)).rejects.toThrow(/invalid input value for enum "PenaltyKind": "YELLOW_CARD"/);
    await withClient(url, async (c) => {
      const cols = await c.query(`SELECT table_name, column_name, data_type FROM information_schema.columns
        WHERE (table_name, column_name) IN (('Penalty', 'penalty'), ('Team', 'entryPolicy'), ('Decklist', 'unlockedAt'))`);
      expect(cols.rows.map((r) => [r.table_name, r.column_name, r.data_type]).sort()).toEqual([
        ["Penalty", "penalty", "text"],
        ["Team", "entryPolicy", "text"],
      ]);
      expect((await c.query(`SELECT penalty FROM "Penalty"`)).rows).toEqual([{ penalty: "YELLOW_CARD" }]);
      expect((await c.query(`SELECT to_regclass('"PairingEdit"') AS t`)).rows).toEqual([{ t: null }]);
    });
  });
});
