/**
 * Next.js instrumentation hook (runs once per server process at start-up). In the Node.js runtime
 * it installs the render-once cache's fast path (lib/server/live-fast.ts): anonymous views of the
 * public live pages whose current version is already rendered are answered from memory, gzipped,
 * before Next.js routes the request (issue #6 load target). With the embedded database it also
 * watches the database process (lib/db/watchdog.ts): the app exits within ~1 s when it dies.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { installLiveFastPath } = await import("./lib/server/live-fast");
    installLiveFastPath();
    if (process.env.EMBEDDED_DB_PID) {
      const { watchEmbeddedDatabase } = await import("./lib/db/watchdog");
      watchEmbeddedDatabase(Number(process.env.EMBEDDED_DB_PID));
    }
  }
}
