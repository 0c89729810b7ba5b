/**
 * Issue #15 (push): the hub's LISTEN connection reconnects after its own Postgres instance
 * restarts, and every open stream then gets a `change` with `["*"]` at the event's current
 * version (the page catches up on whatever was committed while the connection was down). Runs on a
 * throwaway Postgres server of its own (scripts/pg-ci.sh on a free port, or LIVE_TEST_PG_PORT),
 * so restarting it disturbs no other test file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { useTestDatabase } from "./db";
import { makeEvent, must } from "./fixtures";
import { db } from "@/lib/db";
import { listenConnects, onNotice, openStream, startHub, stopHub } from "@/lib/server/live/hub";
import type { LiveNotice } from "@/lib/server/live/topics";

const root = path.resolve(import.meta.dirname, "../..");
const bin = execFileSync("bash", ["-c", "ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1"]).toString().trim();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const port = Number(process.env.LIVE_TEST_PG_PORT) || (await freePort());
const started = execFileSync(path.join(root, "scripts/pg-ci.sh"), ["start"], {
  env: { ...process.env, PG_CI_PORT: String(port), PG_CI_DB: "postgres_live" },
  stdio: ["ignore", "pipe", "ignore"], // the server inherits stderr: a pipe would never close
}).toString();
const pgDir = /PG_CI_DIR=(\S+)/.exec(started)![1];
const quiet = { stdio: "ignore" as const };
const asPg = (args: string[]) =>
  process.getuid?.() === 0
    ? execFileSync("runuser", ["-u", "postgres", "--", ...args], quiet)
    : execFileSync(args[0], args.slice(1), quiet);
/** Restarts the throwaway server (fast shutdown: every connection, the LISTEN one included, is cut). */
const restartPostgres = () => asPg([`${bin}/pg_ctl`, "-D", `${pgDir}/data`, "-m", "fast", "-w", "-t", "30", "restart"]);

// After hooks run last-registered first: the server stops after useTestDatabase dropped its database.
afterAll(() => {
  execFileSync(path.join(root, "scripts/pg-ci.sh"), ["stop"], { env: { ...process.env, PG_CI_DIR: pgDir }, stdio: "ignore" });
});
const adminBefore = process.env.TEST_DATABASE_ADMIN_URL;
process.env.TEST_DATABASE_ADMIN_URL = `postgresql://postgres@127.0.0.1:${port}/postgres_live`;
await useTestDatabase();
process.env.TEST_DATABASE_ADMIN_URL = adminBefore;

afterAll(async () => {
  await stopHub();
});

const seen: LiveNotice[] = [];
beforeAll(async () => {
  onNotice((n) => seen.push(n));
  await startHub();
});

async function until<T>(f: () => T | undefined, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("LISTEN reconnect after a Postgres restart (issue #15)", () => {
  it('reconnects, sends the open stream a catch-up change ["*"] at the current version, and delivers later commits', async () => {
    const ev = await makeEvent("recon");
    const frames: string[] = [];
    const close = openStream({ eventId: ev.eventId, session: null, write: (f) => frames.push(f), close: () => undefined });
    expect(listenConnects()).toBe(1);

    restartPostgres();
    await until(() => (listenConnects() === 2 ? true : undefined), 15_000);
    const v = (await db().event.findUniqueOrThrow({ where: { id: ev.eventId } })).version;
    const catchUp = await until(() => frames.find((f) => f.includes('"topics":["*"]')), 5_000);
    expect(catchUp).toBe(`id: ${v}\nevent: change\ndata: {"version":${v},"topics":["*"]}\n\n`);

    const from = seen.length;
    await must("setEventHidden", ev.organizer, { eventId: ev.eventId, hidden: true });
    const n = await until(() => seen.slice(from).find((x) => x.version === v + 1), 5_000);
    expect(n).toEqual({ eventId: ev.eventId, version: v + 1, topics: ["event"] });
    close();
  });
});
