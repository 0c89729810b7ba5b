/**
 * Issue #17 "Move": the documented way from the embedded database to a Postgres server. An 8-team
 * Tag event is built on an embedded PGlite database (EMBEDDED_DB_DIR in a temp folder, served by
 * scripts/with-db.mjs as on the `npm start` path), round 1 is played and closed there, `event:export` writes its archive,
 * a Postgres server started by this test (port TANDEM_MOVE_PG_PORT, default 5657) gets an
 * organizer from `admin:create` and the archive from `event:import`; the standings read model
 * shows the same on both.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { ACTIONS } from "@/lib/server/actions";
import { eventStandings } from "@/lib/server/read/standings";
import { makeEvent, must, registerTeams } from "./fixtures";

const root = path.resolve(import.meta.dirname, "../..");
const tmp = mkdtempSync(path.join(os.tmpdir(), "tandem-move-"));
const embedded = path.join(tmp, "pglite");
const port = process.env.TANDEM_MOVE_PG_PORT ?? "5657";
const baseEnv = () => {
  const env = { ...process.env, EMBEDDED_DB_DIR: embedded, TANDEM_BACKUP_DIR: "off" } as NodeJS.ProcessEnv;
  delete env.DATABASE_URL;
  delete env.EMBEDDED_DB_PID;
  return env;
};
let pgDir: string | null = null;
let holder: ChildProcess | null = null;

afterAll(async () => {
  await db()
    .$disconnect()
    .catch(() => {});
  holder?.kill("SIGTERM");
  if (pgDir) spawnSync("bash", ["scripts/pg-ci.sh", "stop"], { cwd: root, env: { ...process.env, PG_CI_DIR: pgDir } });
});

function run(args: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: "utf8", timeout: 240_000 });
  if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}:\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

/** Standings as the page shows them, by team name. */
async function standingsByName(eventId: string) {
  const names = new Map((await db().team.findMany({ where: { eventId } })).map((t) => [t.id, t.name]));
  const { standings, throughRound } = await eventStandings(db(), eventId);
  return {
    throughRound,
    rows: standings.map((s) => ({ rank: s.rank, team: names.get(s.teamId), points: s.points, omwp: s.omwp, oomwp: s.oomwp })),
  };
}

describe("moving an event from the embedded database to a Postgres server (issue #17)", () => {
  it("a Tag event on PGlite, round 1 closed → event:export → event:import on a new Postgres: the same standings", async () => {
    // 1. The embedded database (migrations applied by with-db, as `npm start` does), kept up while
    //    an event is built and round 1 played through the actions on it.
    holder = spawn(process.execPath, ["scripts/with-db.mjs", "node", "-e", "setInterval(() => {}, 1 << 30)"], {
      cwd: root,
      env: baseEnv(),
      stdio: "ignore",
    });
    const lock = `${embedded}.lock.json`;
    for (let i = 0; i < 1200 && !existsSync(lock); i++) await new Promise((r) => setTimeout(r, 100));
    process.env.DATABASE_POOL_MAX = "1"; // the embedded server takes two connections: this test and one CLI
    process.env.DATABASE_URL = (JSON.parse(readFileSync(lock, "utf8")) as { url: string }).url;
    // with-db writes the lock before `migrate deploy` ends: wait for the last migration's table.
    for (let i = 0; i < 1200; i++) {
      const ok = await db()
        .archivedPerson.count()
        .then(
          () => true,
          () => false,
        );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const ev = await makeEvent("move");
    await registerTeams(ev.eventId, ev.judge, 8, "MV");
    const event = await db().event.update({ where: { id: ev.eventId }, data: { name: "Moving Tag Duel" } });
    const organizer = { id: ev.organizer };
    const { roundId } = await must<{ roundId: string }>("pairNextRound", ev.organizer, { eventId: ev.eventId, seed: "move" });
    await must("publishRound", ev.organizer, { roundId });
    const round = { id: roundId };
    for (const m of await db().match.findMany({ where: { roundId: round.id, outcome: null }, orderBy: { table: "asc" } })) {
      const r = await ACTIONS.reportResult.handle(organizer.id, {
        roundId: round.id,
        matchId: m.id,
        result: m.table === 2 ? "draw" : "team1",
      });
      expect(r.ok).toBe(true);
    }
    expect((await ACTIONS.closeRound.handle(organizer.id, { roundId: round.id })).ok).toBe(true);
    const before = await standingsByName(event.id);
    expect(before.throughRound).toBe(1);
    expect(before.rows).toHaveLength(8);
    // 3. Export with the CLI (it shares the running embedded server), then stop the embedded database.
    const file = path.join(tmp, "moving.tandem.json");
    run(["scripts/with-db.mjs", "--no-deploy", "node", "--import", "tsx", "scripts/event-export.ts", "Moving Tag Duel", "--out", file], {
      ...baseEnv(),
    });
    await db().$disconnect();
    holder.kill("SIGTERM");
    await new Promise((r) => holder!.once("exit", r));
    holder = null;

    // 4. A Postgres server, an organizer account, the import (migrations applied by with-db).
    const started = spawnSync("bash", ["scripts/pg-ci.sh", "start"], {
      cwd: root,
      env: { ...process.env, PG_CI_PORT: port, PG_CI_DB: "tandem_move" },
      encoding: "utf8",
    });
    expect(started.status, started.stderr).toBe(0);
    pgDir = /PG_CI_DIR=(\S+)/.exec(started.stdout)![1];
    const url = /DATABASE_URL=(\S+)/.exec(started.stdout)![1];
    const pgEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, TANDEM_BACKUP_DIR: "off" };
    delete pgEnv.DATABASE_POOL_MAX;
    run(["scripts/with-db.mjs", "node", "--import", "tsx", "scripts/admin-create.ts", "mover", "Moving TO"], pgEnv);
    const out = run(["scripts/with-db.mjs", "node", "--import", "tsx", "scripts/event-import.ts", file], pgEnv);
    expect(out).toMatch(/imported "Moving Tag Duel" as event \S+: 8 teams, 16 duelists, 1 rounds/);

    // 5. The same standings on the server.
    process.env.DATABASE_URL = url;
    const moved = await db().event.findFirstOrThrow({ where: { name: "Moving Tag Duel" } });
    expect(await standingsByName(moved.id)).toEqual(before);
  }, 420_000);
});
