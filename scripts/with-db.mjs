// node scripts/with-db.mjs [--no-deploy] <command...>
// DATABASE_URL set -> that Postgres; unset -> embedded PGlite (EMBEDDED_DB_DIR, default .data/pglite;
// "memory://x" = throwaway) served on 127.0.0.1. Then `prisma migrate deploy` (unless --no-deploy),
// then the command with DATABASE_URL set. Recipe: ../shared/STACK.md.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
const args = process.argv.slice(2), deploy = args[0] !== "--no-deploy";
if (!deploy) args.shift();
if (existsSync(".env")) process.loadEnvFile(".env"); // the file Next.js reads too
process.env.PATH = `${path.resolve("node_modules/.bin")}${path.delimiter}${process.env.PATH}`;
let stop = async () => {};
if (!process.env.DATABASE_URL) {
  const dir = process.env.EMBEDDED_DB_DIR ?? ".data/pglite";
  const lock = dir.startsWith("memory://") ? null : `${path.resolve(dir)}.lock.json`;
  const owner = () => { try { const o = JSON.parse(readFileSync(lock, "utf8")); process.kill(o.pid, 0); return o; } catch { return null; } };
  let o = lock && owner(); // wait for an owner that is shutting down: never open a data dir twice
  for (let i = 0; o?.stopping && i < 150; i++) o = await new Promise((r) => setTimeout(r, 200)).then(owner);
  if (o?.stopping) throw new Error(`${dir} is still held by pid ${o.pid}`);
  if (o) process.env.DATABASE_URL = o.url; // share the running server
  else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
    if (lock) mkdirSync(path.dirname(lock), { recursive: true });
    const db = await PGlite.create(lock ? path.resolve(dir) : dir);
    const port = Number(process.env.EMBEDDED_DB_PORT ?? 0);
    const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port, maxConnections: 2 }); // app + 1 CLI
    await server.start();
    process.env.DATABASE_URL = `postgresql://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`;
    if (lock) writeFileSync(lock, JSON.stringify({ pid: process.pid, url: process.env.DATABASE_URL }));
    const stopping = () => lock && writeFileSync(lock, JSON.stringify({ pid: process.pid, stopping: true }));
    process.once("SIGINT", stopping).once("SIGTERM", stopping);
    stop = async () => { await server.stop(); await db.close(); if (lock) rmSync(lock, { force: true }); };
  }
  console.error(`[with-db] embedded PGlite ${dir} at ${process.env.DATABASE_URL}`);
  process.env.EMBEDDED_DB = "1";
  process.env.DATABASE_POOL_MAX ??= "1";
}
const run = (cmd, argv) => new Promise((resolve) => {
  const child = spawn(cmd, argv, { stdio: "inherit" }), fwd = (s) => child.kill(s);
  process.on("SIGINT", fwd).on("SIGTERM", fwd);
  child.on("error", (e) => { console.error(`[with-db] ${cmd}: ${e.message}`); resolve(127); });
  child.on("exit", (code, sig) => { process.off("SIGINT", fwd).off("SIGTERM", fwd); resolve(code ?? (sig ? 1 : 0)); });
});
let code = deploy ? await run(process.execPath, ["scripts/prisma.cjs", "migrate", "deploy"]) : 0;
if (code === 0) code = await run(args[0], args.slice(1));
await stop();
process.exit(code);
