// node scripts/with-db.mjs [--no-deploy] <command...>
// DATABASE_URL set -> that Postgres; unset -> embedded PGlite (EMBEDDED_DB_DIR, default .data/pglite;
// "memory://x" = throwaway). Then `prisma migrate deploy` (unless --no-deploy), then the command
// with DATABASE_URL set. Recipe: ../shared/STACK.md.
//
// Embedded database safety (issue #12, DESIGN.md "Embedded database"):
// - PGlite is served on a Unix socket `<dir>.sock/.s.PGSQL.5432` inside the data folder's parent
//   (`.data/`), both folders mode 0700: other local users cannot connect (PGlite checks no
//   password). memory:// databases use a fresh 0700 folder under the OS temp dir
//   (EMBEDDED_DB_SOCKET_DIR overrides the socket folder in both cases).
// - `<dir>.lock.json` names the process serving the data folder ({pid, start, url, sock}). A second
//   with-db shares that server only when the pid still runs with-db.mjs, started at `start`
//   (Linux /proc: a reused pid is not the owner), AND its socket accepts a
//   connection; otherwise the lock is stale (killed owner, reused pid) and is cleared with the
//   socket file, so the next start never trips on EADDRINUSE or "can't reach database".
// - Every command gets EMBEDDED_DB_PID; the app (instrumentation.ts → lib/db/watchdog.ts) exits
//   within ~1 s when that process is gone, so a killed database never leaves a hung web server
//   holding the port.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
const args = process.argv.slice(2),
  deploy = args[0] !== "--no-deploy";
if (!deploy) args.shift();
if (existsSync(".env")) process.loadEnvFile(".env"); // the file Next.js reads too
process.env.PATH = `${path.resolve("node_modules/.bin")}${path.delimiter}${process.env.PATH}`;
let stop = async () => {};

/** mkdir -p, then mode 0700 (also for a folder that already existed). */
function privateDir(dir) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  return dir;
}
/** True while `pid` runs with-db.mjs (Linux /proc; elsewhere: the pid exists). */
function runsWithDb(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8")
      .split("\0")
      .some((a) => a.endsWith("with-db.mjs"));
  } catch {
    if (process.platform === "linux") return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch (e) {
      return e.code === "EPERM";
    }
  }
}
/** The start time of `pid` (clock ticks since boot, /proc/<pid>/stat field 22), or null. */
function startedAt(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}
/** True while the lock's owner runs: its pid runs with-db.mjs and (Linux) started when the lock says. */
function ownerRuns(o) {
  return runsWithDb(o.pid) && (!o.start || startedAt(o.pid) === o.start);
}
/** Resolves true when something accepts a connection on the Unix socket `sock` within `ms`. */
function socketAnswers(sock, ms = 2000) {
  return new Promise((resolve) => {
    const c = net.connect(sock);
    const done = (ok) => {
      clearTimeout(t);
      c.destroy();
      resolve(ok);
    };
    const t = setTimeout(() => done(false), ms);
    c.once("connect", () => done(true)).once("error", () => done(false));
  });
}

if (!process.env.DATABASE_URL) {
  const dir = process.env.EMBEDDED_DB_DIR ?? ".data/pglite";
  const data = dir.startsWith("memory://") ? null : path.resolve(dir);
  const lock = data && `${data}.lock.json`;
  if (data) privateDir(path.dirname(data));
  const sockDir = privateDir(
    process.env.EMBEDDED_DB_SOCKET_DIR
      ? path.resolve(process.env.EMBEDDED_DB_SOCKET_DIR)
      : data && `${data}.sock/.s.PGSQL.5432`.length < 100
        ? `${data}.sock` // sun_path holds 107 bytes
        : mkdtempSync(path.join(os.tmpdir(), "tandem-db-")),
  );
  const sock = path.join(sockDir, ".s.PGSQL.5432");
  const readLock = () => {
    try {
      return JSON.parse(readFileSync(lock, "utf8"));
    } catch {
      return null;
    }
  };
  /** The live owner of the data folder, or null (no lock, or a stale one: cleared). */
  const owner = async () => {
    const o = lock && readLock();
    if (!o) return null;
    if (ownerRuns(o) && (o.stopping || (o.sock && (await socketAnswers(o.sock))))) return o;
    if (ownerRuns(o)) {
      // the database process runs but does not answer: never open the folder twice
      for (let i = 0; i < 50 && ownerRuns(o); i++) await new Promise((r) => setTimeout(r, 200));
      if (ownerRuns(o) && !(o.sock && (await socketAnswers(o.sock))))
        throw new Error(`${dir} is held by pid ${o.pid}, whose database does not answer: stop it (kill ${o.pid}) and retry`);
      if (ownerRuns(o)) return o;
    }
    console.error(`[with-db] clearing a stale lock of ${dir} (pid ${o.pid} is not its database)`);
    rmSync(lock, { force: true });
    if (o.sock) rmSync(o.sock, { force: true });
    return null;
  };
  let o = await owner(); // wait for an owner that is shutting down: never open a data dir twice
  for (let i = 0; o?.stopping && i < 150; i++) o = await new Promise((r) => setTimeout(r, 200)).then(owner);
  if (o?.stopping) throw new Error(`${dir} is still held by pid ${o.pid}`);
  if (o) {
    // share the running server
    process.env.DATABASE_URL = o.url;
    process.env.EMBEDDED_DB_PID = String(o.pid);
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
    rmSync(sock, { force: true }); // a socket file left by a killed server
    const db = await PGlite.create(data ?? dir);
    const server = new PGLiteSocketServer({ db, path: sock, maxConnections: 2 }); // app + 1 CLI
    await server.start();
    chmodSync(sock, 0o600);
    process.env.DATABASE_URL = `postgresql://postgres:postgres@localhost/postgres?host=${encodeURIComponent(sockDir)}&sslmode=disable`;
    process.env.EMBEDDED_DB_PID = String(process.pid);
    if (lock)
      writeFileSync(lock, JSON.stringify({ pid: process.pid, start: startedAt(process.pid), url: process.env.DATABASE_URL, sock }), {
        mode: 0o600,
      });
    const stopping = () =>
      lock &&
      writeFileSync(lock, JSON.stringify({ pid: process.pid, start: startedAt(process.pid), stopping: true, sock }), { mode: 0o600 });
    process.once("SIGINT", stopping).once("SIGTERM", stopping);
    stop = async () => {
      await server.stop();
      await db.close();
      if (lock) rmSync(lock, { force: true });
      rmSync(sock, { force: true });
      if (!data && !process.env.EMBEDDED_DB_SOCKET_DIR) rmSync(sockDir, { recursive: true, force: true });
    };
  }
  console.error(`[with-db] embedded PGlite ${dir} at ${process.env.DATABASE_URL}`);
  process.env.EMBEDDED_DB = "1";
  process.env.DATABASE_POOL_MAX ??= "1";
}
const run = (cmd, argv) =>
  new Promise((resolve) => {
    const child = spawn(cmd, argv, { stdio: "inherit" }),
      fwd = (s) => child.kill(s);
    process.on("SIGINT", fwd).on("SIGTERM", fwd);
    child.on("error", (e) => {
      console.error(`[with-db] ${cmd}: ${e.message}`);
      resolve(127);
    });
    child.on("exit", (code, sig) => {
      process.off("SIGINT", fwd).off("SIGTERM", fwd);
      resolve(code ?? (sig ? 1 : 0));
    });
  });
let code = deploy ? await run(process.execPath, ["scripts/prisma.cjs", "migrate", "deploy"]) : 0;
if (code === 0) code = await run(args[0], args.slice(1));
await stop();
process.exit(code);
