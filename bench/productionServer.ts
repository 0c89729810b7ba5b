/**
 * What the server benchmarks (load, security) share to run the production build on a real
 * Postgres: the build into `.next-bench` (reused while newer than every source that goes into it;
 * `BENCH_REBUILD=1` forces it), the migrations applied in folder order, and waiting for the server
 * to answer. Not a benchmark itself (no `.bench.ts` suffix).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
/** The production build's folder, shared by every server benchmark. */
export const DIST = ".next-bench";
/** Everything the build reads: a change to any of these makes the next benchmark rebuild. */
const BUILD_SOURCES = ["app", "lib", "components", "messages", "next.config.ts", "proxy.ts", "instrumentation.ts", "package.json"];

/** Newest modification time (ms since epoch) over BUILD_SOURCES. */
function newestSource(): number {
  let newest = 0;
  const walk = (p: string) => {
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const f of readdirSync(p)) walk(path.join(p, f));
    } else newest = Math.max(newest, s.mtimeMs);
  };
  for (const d of BUILD_SOURCES) if (existsSync(path.join(root, d))) walk(path.join(root, d));
  return newest;
}

/** Builds the app into DIST unless a build newer than the sources is there. */
export function ensureBuild(log: (...a: unknown[]) => void) {
  const id = path.join(root, DIST, "BUILD_ID");
  if (!process.env.BENCH_REBUILD && existsSync(id) && statSync(id).mtimeMs > newestSource()) {
    log(`reusing ${DIST}`);
    return;
  }
  log(`building into ${DIST} (a few minutes)`);
  execFileSync("npx", ["next", "build"], {
    cwd: root,
    env: { ...process.env, NEXT_DIST_DIR: DIST },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Applies every migration in prisma/migrations (folder order) to the database at `url`. */
export async function migrate(url: string) {
  const pg = (await import("pg")).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const dir = path.join(root, "prisma/migrations");
  for (const d of readdirSync(dir)
    .filter((d) => /^\d/.test(d))
    .sort())
    await c.query(readFileSync(path.join(dir, d, "migration.sql"), "utf8"));
  await c.end();
}

/** Resolves once `url` answers with a status below 500; throws after `ms` milliseconds. */
export async function waitFor(url: string, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

/** A throwaway Postgres server of the benchmark's own (scripts/pg-ci.sh; port `PG_CI_PORT`, else `defaultPort`). */
export interface BenchPostgres {
  url: string;
  stop(): void;
}

/** Starts the benchmark's own Postgres with an empty `tandem_bench` database; call `stop()` in a finally. */
export function startPostgres(defaultPort: number): BenchPostgres {
  const env = { ...process.env, PG_CI_PORT: process.env.PG_CI_PORT ?? String(defaultPort), PG_CI_DB: "tandem_bench" };
  const started = execFileSync("bash", [path.join(root, "scripts/pg-ci.sh"), "start"], { env, encoding: "utf8" });
  const dir = started.match(/PG_CI_DIR=(\S+)/)![1];
  return {
    url: started.match(/DATABASE_URL=(\S+)/)![1],
    stop: () => execFileSync("bash", [path.join(root, "scripts/pg-ci.sh"), "stop"], { env: { ...env, PG_CI_DIR: dir }, stdio: "inherit" }),
  };
}
