/**
 * Embedded database watchdog (issue #12 "Embedded database"): the embedded PGlite server runs in
 * the scripts/with-db.mjs process, whose pid the app gets as EMBEDDED_DB_PID. If that process dies
 * (kill -9, crash) every query would hang, so the app exits instead — within `intervalMs` (1 s)
 * — freeing its port for the next `npm start`, which clears the stale lock and serves again.
 */

/** True while a process with this pid exists (EPERM = exists, owned by someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Polls `pid` every `intervalMs` (unref'd timer: never keeps the process up); when it is gone,
 * logs and calls `exit` (default: process.exit(75)). Returns a function that stops the watch.
 * No-op (returns a no-op) for a missing or invalid pid.
 */
export function watchEmbeddedDatabase(pid: number | undefined, intervalMs = 1000, exit: () => void = () => process.exit(75)): () => void {
  if (!pid || !Number.isInteger(pid) || pid <= 0) return () => {};
  const t = setInterval(() => {
    if (processAlive(pid)) return;
    clearInterval(t);
    console.error(`[tandem] the embedded database (pid ${pid}) is gone: exiting so \`npm start\` can restart it`);
    exit();
  }, intervalMs);
  t.unref();
  return () => clearInterval(t);
}
