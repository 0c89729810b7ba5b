/**
 * Sign-in flood benchmark (issue #10), on a real Postgres and the production build:
 *  1. starts Postgres with scripts/pg-ci.sh (port PG_CI_PORT, default 55520), applies the
 *     migrations, builds into .next-bench (shared with the load bench; reused while newer than
 *     the sources) and starts `next start` on BENCH_PORT (default 3595) with TRUSTED_PROXY=1, so
 *     the two clients can carry different addresses in X-Forwarded-For over loopback;
 *  2. seeds one account with a real cost-10 bcrypt password and one event with 16 teams;
 *  3. reference: a second client loads the home page (event list, server-rendered from the
 *     database) 60 times in a row with no flood → p50;
 *  4. flood: one client sends 32 parallel wrong sign-ins continuously (POST
 *     /api/auth/callback/credentials, CSRF token like a browser) for one account while the second
 *     client loads the same page → p50 (`security.signinFlood.otherClientP50ms`, target < 200 ms);
 *  5. spray: the same with a new username on every attempt (no account lock applies; the
 *     per-address limit and the bcrypt worker carry it) → `security.signinSpray.otherClientP50ms`.
 * Everything it started is stopped at the end, also on failure.
 */
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import type { BenchResult } from "./run";
import { DIST, ensureBuild, migrate, root, startPostgres, waitFor } from "./productionServer";

const PORT = Number(process.env.BENCH_PORT ?? 3595);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SECRET = "bench-secret-not-for-production";
const FLOOD = 32,
  FLOOD_MS = 20_000,
  SAMPLES = 60;
const log = (...a: unknown[]) => console.error("[security]", ...a);

const PAGE_CLIENT = "203.0.113.20",
  FLOOD_CLIENT = "198.51.100.7";

/** One page load by the second client: ms until the whole body arrived. */
async function loadPage(): Promise<number> {
  const t = performance.now();
  const r = await fetch(`${ORIGIN}/`, { headers: { "x-forwarded-for": PAGE_CLIENT, accept: "text/html" } });
  await r.arrayBuffer();
  if (r.status !== 200) throw new Error(`page answered ${r.status}`);
  return performance.now() - t;
}

const p50 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Number(s[Math.floor(s.length / 2)].toFixed(1));
};

async function samplePage(n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await loadPage());
  return out;
}

/** 32 parallel wrong sign-ins, continuously, until `stop`; returns the status counts. */
async function flood(username: (i: number) => string, stop: { done: boolean }): Promise<Record<string, number>> {
  const csrf = await fetch(`${ORIGIN}/api/auth/csrf`, { headers: { "x-forwarded-for": FLOOD_CLIENT } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = (csrf.headers.getSetCookie?.() ?? []).map((c) => c.split(";")[0]).join("; ");
  const counts: Record<string, number> = {};
  let n = 0;
  await Promise.all(
    Array.from({ length: FLOOD }, async () => {
      while (!stop.done) {
        const body = new URLSearchParams({ username: username(n++), password: `wrong-${n}`, csrfToken, json: "true" });
        try {
          const r = await fetch(`${ORIGIN}/api/auth/callback/credentials`, {
            method: "POST",
            redirect: "manual",
            body,
            headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": FLOOD_CLIENT },
          });
          await r.arrayBuffer();
          counts[r.status] = (counts[r.status] ?? 0) + 1;
        } catch {
          counts.error = (counts.error ?? 0) + 1;
        }
      }
    }),
  );
  return counts;
}

async function underFlood(username: (i: number) => string): Promise<{ p50: number; samples: number; counts: Record<string, number> }> {
  const stop = { done: false };
  const f = flood(username, stop);
  await new Promise((r) => setTimeout(r, 1000));
  const times: number[] = [];
  const end = Date.now() + FLOOD_MS - 1000;
  while (Date.now() < end) times.push(await loadPage());
  stop.done = true;
  const counts = await f;
  return { p50: p50(times), samples: times.length, counts };
}

export async function run(): Promise<BenchResult[]> {
  const pg = startPostgres(55520);
  const dbUrl = pg.url;
  let server: ChildProcess | null = null;
  try {
    await migrate(dbUrl);
    process.env.DATABASE_URL = dbUrl;
    ensureBuild(log);
    const { db } = await import("../lib/db");
    const { ACTIONS } = await import("../lib/server/actions");
    const { hashSecret } = await import("../lib/auth/passwords");
    const must = async <T>(name: string, userId: string | null, input: unknown): Promise<T> => {
      const r = await ACTIONS[name].handle(userId, input);
      if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
      return r.data as T;
    };
    const to = (
      await db().user.create({
        data: { username: "bench-to", displayName: "Bench TO", isOrganizer: true, passwordHash: await hashSecret("the-right-password") },
      })
    ).id;
    const { eventId } = await must<{ eventId: string }>("createEvent", to, { name: "Flood Cup", formatPreset: "KONAMI_TAG_2019" });
    for (let i = 1; i <= 16; i++)
      await must("registerTeam", to, { eventId, name: `Team ${i}`, a: { name: `A${i}` }, b: { name: `B${i}` } });
    await db().$disconnect();

    const env = {
      ...process.env,
      NEXT_DIST_DIR: DIST,
      DATABASE_URL: dbUrl,
      DATABASE_POOL_MAX: "10",
      NEXTAUTH_SECRET: SECRET,
      NEXTAUTH_URL: ORIGIN,
      TRUSTED_PROXY: "1",
      PORT: String(PORT),
      NODE_ENV: "production",
    };
    const child = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-H", "127.0.0.1", "-p", String(PORT)], {
      cwd: root,
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", "ignore", "pipe"],
    });
    server = child;
    await waitFor(`${ORIGIN}/robots.txt`, 60_000);
    log("server up");

    await samplePage(10); // warm-up (first renders compile nothing in production, but fill caches)
    const ref = p50(await samplePage(SAMPLES));
    log(`reference: home page p50 ${ref} ms (no flood)`);
    const one = await underFlood(() => "bench-to");
    log(`flood (one account): page p50 ${one.p50} ms over ${one.samples} loads; sign-in answers ${JSON.stringify(one.counts)}`);
    const spray = await underFlood((i) => `spray-${i}`);
    log(
      `spray (new username each time): page p50 ${spray.p50} ms over ${spray.samples} loads; sign-in answers ` +
        `${JSON.stringify(spray.counts)}`,
    );
    const common =
      `${os.cpus().length} cores, loopback, next start + Postgres + both clients on one machine; TRUSTED_PROXY=1 with distinct ` +
      `X-Forwarded-For per client`;
    return [
      {
        name: "security.signinFlood.otherClientP50ms",
        value: one.p50,
        unit: "ms",
        reference: "same page, same run, no flood",
        referenceValue: ref,
        ratio: Number((one.p50 / ref).toFixed(3)),
        notes:
          `one client: ${FLOOD} parallel wrong sign-ins for one account, continuously for ${FLOOD_MS / 1000} s (answers ` +
          `${JSON.stringify(one.counts)}); a second client loads GET / (event list) in a row: ${one.samples} loads; target < 200 ` +
          `ms; ${common}`,
      },
      {
        name: "security.signinSpray.otherClientP50ms",
        value: spray.p50,
        unit: "ms",
        reference: "same page, same run, no flood",
        referenceValue: ref,
        ratio: Number((spray.p50 / ref).toFixed(3)),
        notes:
          `as above, but every attempt names a new username (no account lock; the per-address limit of 600 failures / 15 min and ` +
          `the bcrypt worker carry it): answers ${JSON.stringify(spray.counts)}, ${spray.samples} loads; ${common}`,
      },
    ];
  } finally {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 1000));
      if (server.exitCode === null) server.kill("SIGKILL");
    }
    try {
      const { db } = await import("../lib/db");
      await db().$disconnect();
    } catch {
      /* not connected */
    }
    pg.stop();
  }
}
