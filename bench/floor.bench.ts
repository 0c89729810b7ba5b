/**
 * floor.saveResult.p95ms (issue #14): 4 judges enter results at the same time on a 375-table round
 * (750 teams) through the real judge server action (reportResult, POSTed with the build's
 * Next-Action id to the results desk page, like the desk in a browser), on the production build
 * (bench/productionServer: `.next-bench`, its own Postgres on PG_CI_PORT, `next start` on
 * BENCH_PORT). Each judge saves its share of tables one after another (each save waits for its
 * answer, as a judge does); value = p95 latency in ms of 200 saves. Reference, same run: the same
 * save by the same 4 judges on 8-team events (4 tables each; 53 events seeded the same way, 3 for the warm-up).
 * Events are seeded with SQL (e2e/floorSeed), sessions minted with next-auth's `encode`.
 * Target: < 500 ms.
 */
import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { readFileSync } from "node:fs";
import type { BenchResult } from "./run";
import { DIST, ensureBuild, migrate, root, startPostgres, waitFor } from "./productionServer";
import { seedFloor, type FloorSeed } from "../e2e/floorSeed";

const PORT = Number(process.env.BENCH_PORT ?? 3596);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SECRET = "bench-secret-not-for-production";
const JUDGES = 4,
  SAVES_PER_JUDGE = 50,
  WARMUP = 3;
const log = (...a: unknown[]) => console.error("[floor]", ...a);

/** The server-action id of `name` exported by `file` (from the build's manifest). */
function actionId(file: string, name: string): string {
  const m = JSON.parse(readFileSync(path.join(root, DIST, "server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName?: string; filename?: string }>;
  };
  for (const [id, v] of Object.entries(m.node)) if (v.exportedName === name && (!v.filename || v.filename.endsWith(file))) return id;
  throw new Error(`server action ${name} not found in ${DIST} manifest`);
}

/** POSTs a server action as the browser does; resolves to [ms, ok]. */
async function save(pagePath: string, id: string, cookie: string, input: unknown): Promise<[number, boolean, string]> {
  const t0 = performance.now();
  const r = await fetch(`${ORIGIN}${pagePath}`, {
    method: "POST",
    headers: { "next-action": id, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: ORIGIN, cookie },
    body: JSON.stringify([input]),
  });
  const text = await r.text();
  const ms = performance.now() - t0;
  return [ms, r.status === 200 && text.includes('"ok":true'), text.slice(0, 200)];
}

const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};
const round1 = (x: number) => Math.round(x * 10) / 10;

type Job = { page: string; input: Record<string, unknown> };

/** 4 judges, each saving its jobs one after another, all at once; returns every save's latency. */
async function judgesAtOnce(id: string, cookies: string[], jobs: Job[][]): Promise<number[]> {
  const times: number[] = [];
  const failures: string[] = [];
  await Promise.all(
    cookies.map(async (cookie, j) => {
      for (const job of jobs[j]) {
        const [ms, ok, text] = await save(job.page, id, cookie, job.input);
        if (ok) times.push(ms);
        else failures.push(text);
      }
    }),
  );
  if (failures.length) throw new Error(`${failures.length} saves failed, e.g. ${failures[0]}`);
  return times;
}

/** Jobs for `count` tables per judge: judge j takes tables j, j+4, … of `seeds` (table-major), result alternating. */
function jobsFor(seeds: FloorSeed[], from: number, count: number): Job[][] {
  const all = seeds.flatMap((s) => s.tables.map((t) => ({ s, t })));
  return Array.from({ length: JUDGES }, (_, j) =>
    Array.from({ length: count }, (_, k) => {
      const { s, t } = all[from + k * JUDGES + j];
      return {
        page: `/events/${s.eventId}/rounds/1/desk`,
        input: { roundId: s.roundId, matchId: t.matchId, result: t.table % 2 ? "team1" : "team2", expectedVersion: 0 },
      };
    }),
  );
}

export async function run(): Promise<BenchResult[]> {
  const pg = startPostgres(55530);
  let server: ChildProcess | null = null;
  try {
    await migrate(pg.url);
    ensureBuild(log);
    const { encode } = await import("next-auth/jwt");
    const pgc = new (await import("pg")).default.Client({ connectionString: pg.url });
    await pgc.connect();
    const judges = Array.from({ length: JUDGES }, (_, j) => `bench-judge-${j + 1}`);
    for (const u of judges) await pgc.query(`INSERT INTO "User" (id, username, "displayName") VALUES ($1, $1, $1)`, [u]);
    await pgc.end();
    const staff = judges.map((u) => [u, "JUDGE"] as [string, "JUDGE"]);
    let t0 = Date.now();
    const big = await seedFloor(pg.url, { teams: 750, name: "Floor bench: 375 tables", staff });
    const small: FloorSeed[] = [];
    for (let i = 0; i < (SAVES_PER_JUDGE * JUDGES + WARMUP * JUDGES) / 4; i++)
      small.push(await seedFloor(pg.url, { teams: 8, name: `Floor bench: 8 teams #${i + 1}`, staff }));
    log(`seeded 1 × 750 teams and ${small.length} × 8 teams in ${Date.now() - t0} ms`);
    const cookies = await Promise.all(
      judges.map(async (u) => `next-auth.session-token=${await encode({ token: { sub: u, name: u }, secret: SECRET })}`),
    );

    const env = {
      ...process.env,
      NEXT_DIST_DIR: DIST,
      DATABASE_URL: pg.url,
      DATABASE_POOL_MAX: "20",
      NEXTAUTH_SECRET: SECRET,
      NEXTAUTH_URL: ORIGIN,
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
    const id = actionId("lib/server/actions/browser/core.ts", "reportResult");
    // Warm both paths (first compile of the route, connection pool), then measure: reference, big, reference again.
    await judgesAtOnce(id, cookies, jobsFor([big], 0, WARMUP));
    await judgesAtOnce(id, cookies, jobsFor(small, 0, WARMUP));
    const load = os.loadavg()[0];
    t0 = Date.now();
    const ref1 = await judgesAtOnce(id, cookies, jobsFor(small, WARMUP * JUDGES, SAVES_PER_JUDGE / 2));
    const bigTimes = await judgesAtOnce(id, cookies, jobsFor([big], WARMUP * JUDGES, SAVES_PER_JUDGE));
    const ref2 = await judgesAtOnce(id, cookies, jobsFor(small, WARMUP * JUDGES + (SAVES_PER_JUDGE / 2) * JUDGES, SAVES_PER_JUDGE / 2));
    const ref = [...ref1, ...ref2];
    const value = round1(p95(bigTimes)),
      refValue = round1(p95(ref));
    log(`375 tables: p95 ${value} ms (${bigTimes.length} saves); 8 teams: p95 ${refValue} ms (${ref.length}); ${Date.now() - t0} ms`);
    const median = (xs: number[]) => round1([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
    return [
      {
        name: "floor.saveResult.p95ms",
        value,
        unit: "ms",
        reference: "same save, same 4 judges, 8-team events",
        referenceValue: refValue,
        ratio: Math.round((value / refValue) * 1000) / 1000,
        notes:
          `Target < 500 ms. ${JUDGES} judges at once, each saving ${SAVES_PER_JUDGE} results one after another through reportResult ` +
          `(POST with the Next-Action id to the results desk page), production build, ${os.cpus().length} cores, loopback, next start ` +
          `+ Postgres + client on one machine; 1-min load average ${load.toFixed(1)} at the start. Medians: ${median(bigTimes)} ms ` +
          `(375 tables) vs ${median(ref)} ms (8 teams). The reference runs before and after the big round (half each).`,
      },
    ];
  } finally {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => setTimeout(r, 1000));
      if (server.exitCode === null) server.kill("SIGKILL");
    }
    pg.stop();
  }
}
