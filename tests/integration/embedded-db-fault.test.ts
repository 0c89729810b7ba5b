/**
 * Issue #12 "Embedded database" fault test, on its own embedded PGlite (a temp folder, DATABASE_URL
 * unset, exactly the `npm start` path; needs the build of `node scripts/start.mjs --prepare`):
 * three times, kill -9 the database process (scripts/with-db.mjs, the pid in the lock file) while
 * a client is writing → the web server exits within 5 s (its port is free); `npm start` then
 * clears the stale lock, serves again, and every write the database acknowledged is there. Before
 * one restart the lock names a live process that is not the database (a reused pid): it is
 * cleared too. The data folder's parent and the socket folder are mode 0700 (no TCP port).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./appServer";
import { scaled } from "../timing";

const root = path.resolve(import.meta.dirname, "../..");
const tmp = mkdtempSync(path.join(os.tmpdir(), "tandem-fault-"));
const dataDir = path.join(tmp, ".data", "pglite");
const lockFile = `${dataDir}.lock.json`;
const children: ChildProcess[] = [];
let log = "";

function npmStart(port: number): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), EMBEDDED_DB_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1" };
  delete env.DATABASE_URL;
  delete env.EMBEDDED_DB_PID;
  delete env.EMBEDDED_DB;
  delete env.NEXTAUTH_URL;
  const child = spawn(process.execPath, ["scripts/start.mjs"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  child.stdout!.on("data", (d) => {
    log += d;
  });
  child.stderr!.on("data", (d) => {
    log += d;
  });
  children.push(child);
  return child;
}

async function up(base: string, ms = 150_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end;) {
    try {
      if ((await fetch(base + "/")).status === 200) return true;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
async function down(base: string, ms: number): Promise<number | null> {
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    try {
      await fetch(base + "/", { signal: AbortSignal.timeout(500) });
    } catch (e) {
      if (/ECONNREFUSED/.test(String((e as { cause?: unknown }).cause ?? e))) return Date.now() - t0;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}
const lock = () => JSON.parse(readFileSync(lockFile, "utf8")) as { pid: number; url: string; sock: string };

async function ackedRows(url: string): Promise<Set<string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return new Set(
      (await c.query<{ username: string }>(`SELECT username FROM "User" WHERE username LIKE 'fault-%'`)).rows.map((r) => r.username),
    );
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  for (const c of children) {
    try {
      process.kill(-c.pid!, "SIGTERM");
    } catch {
      /* gone */
    }
  }
  await new Promise((r) => setTimeout(r, 2000));
  for (const c of children) {
    try {
      process.kill(-c.pid!, "SIGKILL");
    } catch {
      /* gone */
    }
  }
  rmSync(tmp, { recursive: true, force: true });
});

describe("embedded database: kill -9 of its process", () => {
  it("the app exits within 5 s; npm start then serves every acknowledged write (3×); another pid's stale lock is cleared", async () => {
    if (!existsSync(path.join(root, ".next/BUILD_ID")))
      throw new Error("no build: run `node scripts/start.mjs --prepare` first (npm test does)");
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    npmStart(port);
    expect(await up(base), log.slice(-3000)).toBe(true);
    // Private folders, Unix socket only.
    expect(statSync(path.dirname(dataDir)).mode & 0o777).toBe(0o700);
    const first = lock();
    expect(first.url).toMatch(/^postgresql:\/\/[^@]+@localhost\/postgres\?host=/);
    expect(statSync(path.dirname(first.sock)).mode & 0o777).toBe(0o700);
    expect(statSync(first.sock).isSocket()).toBe(true);

    const acked: string[] = [];
    for (let round = 1; round <= 3; round++) {
      const { pid, url } = lock();
      const c = new pg.Client({ connectionString: url });
      c.on("error", () => {
        /* the server is killed under it */
      });
      await c.connect();
      let n = 0,
        killed = false;
      const writer = (async () => {
        for (;;) {
          const name = `fault-${round}-${n++}`;
          try {
            await c.query(`INSERT INTO "User" (id, username, "displayName") VALUES ($1, $1, $1)`, [name]);
            acked.push(name);
          } catch {
            return;
          }
          if (!killed && n >= 25) {
            killed = true;
            process.kill(pid, "SIGKILL");
          }
        }
      })();
      await writer;
      const within = scaled(5000); // 5 s on a reference machine (tests/timing.ts)
      const gone = await down(base, within);
      expect(gone, `round ${round}: the web server still answers ${within} ms after the database died\n${log.slice(-2000)}`).not.toBeNull();
      console.log(`round ${round}: ${n} writes sent, web server gone ${gone} ms after kill -9`);

      if (round === 2) {
        // a stale lock whose pid is alive but is not the database (pid reuse)
        const impostor = spawn("sleep", ["60"], { detached: true, stdio: "ignore" });
        children.push(impostor);
        writeFileSync(lockFile, JSON.stringify({ ...lock(), pid: impostor.pid }));
      }
      const mark = log.length;
      npmStart(port);
      expect(await up(base), `round ${round}: npm start after the kill\n${log.slice(-3000)}`).toBe(true);
      expect(log.slice(mark)).toMatch(/clearing a stale lock of .* \(pid \d+ is not its database\)/);
      expect(log.slice(mark)).not.toMatch(/EADDRINUSE|can't reach database/i);
      const rows = await ackedRows(lock().url);
      expect(
        acked.filter((a) => !rows.has(a)),
        `round ${round}: acknowledged writes lost`,
      ).toEqual([]);
      expect(await (await fetch(base + "/")).text()).toContain("Tandem Demo");
    }
    expect(acked.length).toBeGreaterThanOrEqual(75);
  }, 600_000);
});
