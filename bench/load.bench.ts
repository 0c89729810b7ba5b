/**
 * Load benchmark (issue #6 part A), on a real Postgres and the production build:
 *  1. starts Postgres with scripts/pg-ci.sh (port PG_CI_PORT, default 55510) and applies
 *     prisma/migrations; builds the app into .next-bench (or reuses that build when it is newer
 *     than every source file; BENCH_REBUILD=1 forces a build) and starts `next start` on
 *     127.0.0.1:BENCH_PORT (default 3590) with DATABASE_URL;
 *  2. seeds through the ACTIONS (lib/server/actions, the same code the browser calls): a 750-team
 *     event with round 1 published (375 tables, for the public pairings page) and a 1,024-team
 *     event with a published 512-table round; each reporting duelist gets an account linked with
 *     claimDuelist and a session cookie minted with next-auth's `encode` (NEXTAUTH_SECRET) —
 *     no test-only route;
 *  3. (a) every table: both teams report at the same moment through the real server action
 *     (POST with the Next-Action id from the build's server-reference manifest, like a browser),
 *     every report sent twice; checks every final result is stored exactly once (match final,
 *     version 1, one "result.team_final" audit row, two TEAM report rows);
 *     (b) wrk on loopback (autocannon with LOAD_CLIENT=autocannon, or when wrk cannot be installed):
 *     the anonymous public pairings page of the 750-team event and a static file of the same
 *     server (public/robots.txt, the reference), 100 connections, 20 s each, gzip accepted.
 * Everything it started (server, Postgres) is stopped at the end, also on failure.
 * Entries: load.results.lost, load.results.doubled, load.pairings.rps, load.pairings.p99ms, load.static.rps,
 * and (wrk runs only) load.pairings.autocannon.p99ms: the same burst with autocannon for comparison.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import type { BenchResult } from "./run";
import { DIST, ensureBuild, migrate, root, startPostgres, waitFor } from "./productionServer";

const PORT = Number(process.env.BENCH_PORT ?? 3590);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SECRET = "bench-secret-not-for-production";
const CONNECTIONS = 100,
  DURATION_S = 20;
const log = (...a: unknown[]) => console.error("[load]", ...a);

/** The server-action id of `name` exported by `file` (from the build's manifest). */
function actionId(file: string, name: string): string {
  const m = JSON.parse(readFileSync(path.join(root, DIST, "server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName?: string; filename?: string; workers: Record<string, unknown> }>;
  };
  for (const [id, v] of Object.entries(m.node)) if (v.exportedName === name && (!v.filename || v.filename.endsWith(file))) return id;
  throw new Error(`server action ${name} not found in ${DIST} manifest`);
}

/** Calls a server action over HTTP as a browser does; returns the action's ActionResult. */
async function callAction(
  pagePath: string,
  id: string,
  cookie: string,
  input: unknown,
): Promise<{ ok: boolean; data?: { status?: string }; error?: { code: string; message: string } } | { http: number; text: string }> {
  const r = await fetch(`${ORIGIN}${pagePath}`, {
    method: "POST",
    headers: { "next-action": id, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: ORIGIN, cookie },
    body: JSON.stringify([input]),
  });
  const text = await r.text();
  if (r.status !== 200) return { http: r.status, text: text.slice(0, 300) };
  // RSC flight: one line per chunk "N:<json>"; the action's return value is the `a` chunk of row 0 → "$@1" → row 1.
  for (const line of text.split("\n")) {
    const m = line.match(/^[0-9a-f]+:(\{.*\})$/);
    if (!m) continue;
    try {
      const v = JSON.parse(m[1]);
      if (typeof v === "object" && v && "ok" in v) return v;
    } catch {
      /* next line */
    }
  }
  return { http: r.status, text: text.slice(0, 300) };
}

async function pool<T>(items: T[], n: number, fn: (t: T) => Promise<void>) {
  let i = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (i < items.length) await fn(items[i++]);
    }),
  );
}

/** One burst's numbers, whichever client measured it. */
interface Burst {
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  bytesPerResponse: number;
}

/**
 * The load client: wrk (C, multi-threaded; Debian package `wrk`, installed here with apt-get when
 * missing and running as root, as scripts/test.sh does for chromium) unless LOAD_CLIENT=autocannon,
 * or when wrk cannot be had. autocannon is one Node.js thread: on 2 cores it saturates its core
 * before the server does (see the load.pairings.autocannon.p99ms row, which records its CPU use).
 */
function pickClient(): "wrk" | "autocannon" {
  if (process.env.LOAD_CLIENT === "autocannon") return "autocannon";
  const has = () => {
    try {
      execFileSync("wrk", ["--version"], { stdio: "ignore" });
      return true;
    } catch (e) {
      return (e as { status?: number }).status === 1;
    }
  };
  if (has()) return "wrk";
  if (process.getuid?.() === 0) {
    log("wrk missing: apt-get install -y wrk");
    try {
      execFileSync("apt-get", ["install", "-y", "-q", "wrk"], {
        stdio: "ignore",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    } catch {
      /* fall back */
    }
    if (has()) return "wrk";
  }
  log("wrk unavailable: falling back to autocannon");
  return "autocannon";
}

/** Parses a wrk duration ("812.00us", "8.89ms", "1.02s") into ms. */
export function wrkMs(v: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(v.trim());
  if (!m) throw new Error(`wrk latency "${v}" not understood`);
  return Number(m[1]) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 } as const)[m[2] as "us" | "ms" | "s" | "m"];
}

/** Parses a wrk size ("12.15GB", "959.00MB") into bytes. */
function wrkBytes(v: string): number {
  const m = /^([\d.]+)(B|KB|MB|GB|TB)$/.exec(v.trim());
  if (!m) throw new Error(`wrk size "${v}" not understood`);
  return Number(m[1]) * 1024 ** ["B", "KB", "MB", "GB", "TB"].indexOf(m[2]);
}

const HEADERS = { "accept-encoding": "gzip", accept: "text/html" };

/** GET with node:http (no decoding): status, headers and the number of body bytes on the wire. */
function rawGet(url: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: HEADERS }, (res) => {
        let bytes = 0;
        res.on("data", (b: Buffer) => {
          bytes += b.length;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
      })
      .on("error", reject);
  });
}

async function burst(client: "wrk" | "autocannon", url: string): Promise<Burst> {
  if (client === "wrk") {
    const args = [
      "-t2",
      `-c${CONNECTIONS}`,
      `-d${DURATION_S}s`,
      "--latency",
      ...Object.entries(HEADERS).flatMap(([k, v]) => ["-H", `${k}: ${v}`]),
      url,
    ];
    const out = execFileSync("wrk", args, { encoding: "utf8" });
    const num = (re: RegExp) => {
      const m = re.exec(out);
      return m ? m[1] : null;
    };
    const total = /(\d+) requests in ([\d.]+\w+), ([\d.]+\w+) read/.exec(out);
    if (!total) throw new Error(`wrk output not understood:\n${out}`);
    const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    return {
      rps: Number(num(/Requests\/sec:\s+([\d.]+)/)),
      p99: wrkMs(num(/^\s+99%\s+(\S+)/m) ?? "NaN"),
      errors: sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
      non2xx: Number(num(/Non-2xx or 3xx responses: (\d+)/) ?? 0),
      total: Number(total[1]),
      bytesPerResponse: Math.round(wrkBytes(total[3]) / Number(total[1])),
    };
  }
  type AutocannonResult = {
    requests: { average: number; total: number };
    latency: { p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    throughput: { total: number };
  };
  // @ts-expect-error autocannon ships no type declarations
  const autocannon = (await import("autocannon")).default as (o: object) => Promise<AutocannonResult>;
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: HEADERS });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    total: r.requests.total,
    bytesPerResponse: Math.round(r.throughput.total / Math.max(1, r.requests.total)),
  };
}

export async function run(): Promise<BenchResult[]> {
  const pg = startPostgres(55510);
  const dbUrl = pg.url;
  let server: ChildProcess | null = null;
  try {
    await migrate(dbUrl);
    process.env.DATABASE_URL = dbUrl;
    process.env.DATABASE_POOL_MAX = "20";
    ensureBuild(log);
    const { db } = await import("../lib/db");
    const { ACTIONS } = await import("../lib/server/actions");
    const { encode } = await import("next-auth/jwt");
    const { claimCodeHash, newCode } = await import("../lib/auth/passwords");
    const must = async <T>(name: string, userId: string | null, input: unknown): Promise<T> => {
      const r = await ACTIONS[name].handle(userId, input);
      if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
      return r.data as T;
    };

    // ---- seed through the actions
    let t0 = Date.now();
    const to = (await db().user.create({ data: { username: "bench-to", displayName: "Bench TO", isOrganizer: true } })).id;
    const seedEvent = async (name: string, teams: number) => {
      const { eventId } = await must<{ eventId: string }>("createEvent", to, { name, formatPreset: "KONAMI_TAG_2019" });
      const ids: string[] = [];
      // Sequential: registerTeam numbers teams max+1, so concurrent registrations would collide (CONFLICT).
      await pool(
        Array.from({ length: teams }, (_, i) => i + 1),
        1,
        async (i) => {
          const { teamId } = await must<{ teamId: string }>("registerTeam", to, {
            eventId,
            name: `Team ${String(i).padStart(4, "0")}`,
            a: { name: `Duelist ${i}A` },
            b: { name: `Duelist ${i}B` },
          });
          ids.push(teamId);
        },
      );
      const { roundId } = await must<{ roundId: string }>("pairNextRound", to, { eventId, seed: `bench-${teams}` });
      await must("publishRound", to, { roundId });
      return { eventId, roundId };
    };
    const big = await seedEvent("Load test: 750 teams", 750);
    log(`750-team event seeded (${Date.now() - t0} ms)`);
    t0 = Date.now();
    const rep = await seedEvent("Load test: 512 tables", 1024);
    log(`1,024-team event with a 512-table round seeded (${Date.now() - t0} ms)`);
    // One reporting duelist (A) per team: an account linked with its claim code, and a session cookie.
    t0 = Date.now();
    const duelists = await db().duelist.findMany({
      where: { eventId: rep.eventId, designation: "A" },
      select: { id: true, teamId: true, name: true },
    });
    await db().user.createMany({
      data: duelists.map((d) => ({ id: `bench-u-${d.id}`, username: `bench-${d.id}`.toLowerCase(), displayName: d.name })),
    });
    const cookieOf = new Map<string, string>();
    await pool(duelists, 4, async (d) => {
      // Claim codes are stored hashed: take a fresh one into the test the way a reprinted receipt does.
      const code = newCode();
      await db().duelist.update({ where: { id: d.id }, data: { claimCodeHash: claimCodeHash(code) } });
      await must("claimDuelist", `bench-u-${d.id}`, { code });
      const jwt = await encode({ token: { sub: `bench-u-${d.id}`, name: d.name }, secret: SECRET });
      cookieOf.set(d.teamId, `next-auth.session-token=${jwt}`);
    });
    log(`${duelists.length} accounts claimed, sessions minted (${Date.now() - t0} ms)`);

    // ---- start the app
    const env = {
      ...process.env,
      NEXT_DIST_DIR: DIST,
      DATABASE_URL: dbUrl,
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
    let serverErr = "";
    child.stderr!.on("data", (b: Buffer) => {
      serverErr = (serverErr + b.toString()).slice(-4000);
    });
    await waitFor(`${ORIGIN}/robots.txt`, 60_000);
    log("server up");

    // ---- (a) 512 tables, both teams at once, every report twice
    const matches = await db().match.findMany({
      where: { roundId: rep.roundId, outcome: null },
      include: { teams: { orderBy: { slot: "asc" } } },
      orderBy: { table: "asc" },
    });
    const id = actionId("lib/server/actions/browser/reporting.ts", "submitTeamReport");
    const page = `/events/${rep.eventId}/report`;
    const statuses = new Map<string, number>();
    const failures: string[] = [];
    await fetch(`${ORIGIN}${page}`, { headers: { cookie: cookieOf.get(matches[0].teams[0].teamId)! } }); // warm the route
    t0 = Date.now();
    await pool(matches, 48, async (m) => {
      const input = {
        matchId: m.id,
        result: m.table % 3 === 0 ? "draw" : m.table % 2 ? "team1" : "team2",
        firstSlot: (m.table % 2) + 1,
        expectedVersion: 0,
      };
      const sends = [0, 1, 0, 1].map((slot) => callAction(page, id, cookieOf.get(m.teams[slot].teamId)!, input));
      for (const r of await Promise.all(sends)) {
        if ("ok" in r && r.ok) statuses.set(r.data?.status ?? "?", (statuses.get(r.data?.status ?? "?") ?? 0) + 1);
        else failures.push(JSON.stringify(r).slice(0, 200));
      }
    });
    const reportMs = Date.now() - t0;
    log(
      `2,048 reports in ${reportMs} ms: ${JSON.stringify(Object.fromEntries(statuses))}; failures ` +
        `${failures.length}${failures.length ? ` e.g. ${failures[0]}` : ""}`,
    );
    const rows = await db().match.findMany({
      where: { roundId: rep.roundId, outcome: { not: "BYE" } },
      select: { id: true, outcome: true, version: true, _count: { select: { reports: true } } },
    });
    const finals = await db().auditLog.groupBy({
      by: ["entityId"],
      where: { eventId: rep.eventId, action: "result.team_final" },
      _count: { _all: true },
    });
    const finalCount = new Map(finals.map((f) => [f.entityId, f._count._all]));
    const lost = rows.filter((r) => !r.outcome).length;
    const doubled = rows.filter((r) => r.outcome && (r.version !== 1 || finalCount.get(r.id) !== 1 || r._count.reports !== 2)).length;
    log(`tables ${rows.length}: lost ${lost}, doubled ${doubled}`);

    // ---- (b) public pairings page under a burst vs a static file of the same server
    const pairingsUrl = `${ORIGIN}/events/${big.eventId}/pairings`;
    // The first view renders the page (normal path); the second, right after, is what a burst
    // gets: the stored copy from the fast path — its encoding is what the clients receive.
    const first = await fetch(pairingsUrl, { headers: HEADERS });
    const html = await first.text();
    const probe = await rawGet(pairingsUrl); // node:http does not decode: these are the wire bytes
    const wire =
      `${probe.headers["content-encoding"] ?? "identity"} on the wire, ${probe.bytes} bytes (x-tandem-cache: ` +
      `${probe.headers["x-tandem-cache"] ?? "none"}; CSP ${probe.headers["content-security-policy"] ? "on" : "off"})`;
    log(
      `pairings page: HTTP ${first.status}, ${html.length} bytes HTML; second view ${wire}; rows ` +
        `${(html.match(/data-testid="pairing-row"/g) ?? []).length}`,
    );
    const client = pickClient();
    const os = await import("node:os");
    const loadBefore = os.loadavg()[0]; // the machine may be shared: the figures depend on it
    const stat = await burst(client, `${ORIGIN}/robots.txt`);
    log(`static (${client}): ${stat.rps.toFixed(0)} req/s, p99 ${stat.p99} ms, errors ${stat.errors}, non-2xx ${stat.non2xx}`);
    const pair = await burst(client, pairingsUrl);
    log(
      `pairings (${client}): ${pair.rps.toFixed(0)} req/s, p99 ${pair.p99} ms, ${pair.bytesPerResponse} bytes/response, errors ` +
        `${pair.errors}, non-2xx ${pair.non2xx}`,
    );
    if (failures.length > 0 || pair.non2xx > 0) log(`server stderr tail: ${serverErr.slice(-1500)}`);
    // The same page with autocannon (it runs in this process, so its CPU use is measured too): shows
    // how much of a Node.js client's figure is the client itself. Skipped when it was the client.
    let ac: (Burst & { clientCpu: number }) | null = null;
    if (client === "wrk" && process.env.LOAD_SKIP_AUTOCANNON !== "1") {
      const cpu0 = process.cpuUsage(),
        t0ac = process.hrtime.bigint();
      const r = await burst("autocannon", pairingsUrl);
      const cpu = process.cpuUsage(cpu0),
        wall = Number(process.hrtime.bigint() - t0ac) / 1e3; // µs
      ac = { ...r, clientCpu: (cpu.user + cpu.system) / wall };
      log(
        `pairings (autocannon, for comparison): ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms; autocannon used ` +
          `${(ac.clientCpu * 100).toFixed(0)} % of a core`,
      );
    }

    const loadAfter = os.loadavg()[0];
    const cores = os.cpus().length;
    const tool = client === "wrk" ? `wrk -t2 -c${CONNECTIONS} -d${DURATION_S}s` : `autocannon -c ${CONNECTIONS} -d ${DURATION_S}`;
    const common =
      `${cores} cores, loopback, ${client} + next start + Postgres on one machine; 1-min load average ${loadBefore.toFixed(1)} ` +
      `before / ${loadAfter.toFixed(1)} after the bursts`;
    return [
      {
        name: "load.results.lost",
        value: lost,
        unit: "tables",
        reference: "zero lost",
        referenceValue: 0,
        ratio: null,
        notes:
          `512 tables, 1,024 teams; both teams report concurrently through the real server action, each report sent twice (2,048 ` +
          `POSTs, 48 tables in flight = 192 concurrent requests); ${reportMs} ms; statuses ` +
          `${JSON.stringify(Object.fromEntries(statuses))}; request failures ${failures.length}; ${common}`,
      },
      {
        name: "load.results.doubled",
        value: doubled,
        unit: "tables",
        reference: "zero doubled",
        referenceValue: 0,
        ratio: null,
        notes:
          "doubled = a final result written more than once: match version ≠ 1, or ≠ 1 result.team_final audit row, or ≠ 2 stored " +
          "TEAM reports (duplicates are answered without a write)",
      },
      {
        name: "load.pairings.rps",
        value: Math.round(pair.rps),
        unit: "req/s",
        reference: "static file (robots.txt) from the same server",
        referenceValue: Math.round(stat.rps),
        ratio: stat.rps ? Number((pair.rps / stat.rps).toFixed(3)) : null,
        notes:
          `anonymous GET /events/:id/pairings of a 750-team event (375 tables, ${html.length} bytes HTML, ${wire}, ` +
          `${pair.bytesPerResponse} bytes/response during the burst; headers accept-encoding: gzip, accept: text/html), ${tool}, ` +
          `${pair.total} requests, errors ${pair.errors}, non-2xx ${pair.non2xx}; target ≥ 2,000 req/s on 2 cores; ${common}`,
      },
      {
        name: "load.pairings.p99ms",
        value: pair.p99,
        unit: "ms",
        reference: "static file p99",
        referenceValue: stat.p99,
        ratio: stat.p99 ? Number((pair.p99 / stat.p99).toFixed(3)) : null,
        notes: `p99 latency of the pairings burst above (${tool}); target < 50 ms on 2 cores`,
      },
      ...(ac
        ? [
            {
              name: "load.pairings.autocannon.p99ms",
              value: ac.p99,
              unit: "ms",
              reference: "wrk p99 on the same page, same run",
              referenceValue: pair.p99,
              ratio: pair.p99 ? Number((ac.p99 / pair.p99).toFixed(3)) : null,
              notes:
                `the pairings burst again with autocannon -c ${CONNECTIONS} -d ${DURATION_S} (in the bench's own Node.js process): ` +
                `${Math.round(ac.rps)} req/s, ${ac.total} requests, errors ${ac.errors}, non-2xx ${ac.non2xx}; autocannon itself ` +
                `used ${(ac.clientCpu * 100).toFixed(0)} % of one core, so on 2 cores this figure is bounded by the client, not ` +
                `the server (informational; LOAD_SKIP_AUTOCANNON=1 skips it)`,
            },
          ]
        : []),
      {
        name: "load.static.rps",
        value: Math.round(stat.rps),
        unit: "req/s",
        reference: "none (this is the reference)",
        referenceValue: null,
        ratio: null,
        notes: `GET /robots.txt (public/), ${tool}, ${stat.total} requests, p99 ${stat.p99} ms, errors ${stat.errors}; ${common}`,
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
