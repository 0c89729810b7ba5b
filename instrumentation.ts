/**
 * Next.js instrumentation hook (runs once per server process at start-up). In the Node.js runtime
 * it installs:
 * - the render-once cache's fast path (lib/server/http/live-fast.ts): anonymous views of the public
 *   live pages whose current version is already rendered are answered from memory, gzipped,
 *   before Next.js routes the request (issue #6 load target), and the event streams are opened there
 *   too (lib/server/live/streamFast.ts: a frame written through Next.js costs ~10× more, issue #15), and
 *   a duelist's current team card (lib/server/live/cardFast.ts);
 * - the request stamp (lib/server/http/clientAddress.ts): the client address and "came over TLS",
 *   taken from the socket (or the trusted proxy's headers) before Next.js fills x-forwarded-*.
 *   Installed after the fast path, so it wraps it and runs first: the fast path's HSTS, proxy.ts's
 *   HSTS and the session cookies' `Secure` flag all read the same stamp;
 * - the one-time hashing of plaintext claim codes left from before issue #10, and a 10-minute
 *   sweep of the limiter's expired counters;
 * - the live hub's prewarm (issue #15): a pairings change renders the pairings JSON before the
 *   streams hear of it, so the phones' refetch is answered from memory (lib/server/read/liveData.ts);
 * - with the embedded database, the watchdog of the database process (lib/db/watchdog.ts): the
 *   app exits within ~1 s when it dies.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { installLiveFastPath } = await import("./lib/server/http/live-fast");
    const { serveStreamBeforeNext } = await import("./lib/server/live/streamFast");
    const { serveCardBeforeNext } = await import("./lib/server/live/cardFast");
    installLiveFastPath([serveStreamBeforeNext, serveCardBeforeNext]);
    const { installRequestStamp } = await import("./lib/server/http/clientAddress");
    await installRequestStamp();
    const { setPrewarm } = await import("./lib/server/live/hub");
    const { prewarmLiveData } = await import("./lib/server/read/liveData");
    setPrewarm(prewarmLiveData);
    if (process.env.DATABASE_URL) {
      const { hashLegacyClaimCodes } = await import("./lib/server/write/claimCodes");
      hashLegacyClaimCodes().catch((e) => console.error("[claim codes] legacy hashing failed:", e));
      const { pruneCounters } = await import("./lib/server/http/limiter");
      setInterval(() => {
        pruneCounters().catch(() => undefined);
      }, 10 * 60_000).unref();
    }
    if (process.env.EMBEDDED_DB_PID) {
      const { watchEmbeddedDatabase } = await import("./lib/db/watchdog");
      watchEmbeddedDatabase(Number(process.env.EMBEDDED_DB_PID));
    }
  }
}
