/**
 * Integration tests run on the real Postgres server that `npm test` starts (TEST_DATABASE_ADMIN_URL,
 * or DATABASE_URL). Each test file gets its own fresh database with the migrations applied, so files
 * can run in parallel and nothing leaks between them. Call `await useTestDatabase()` at the top of a
 * test file (before importing anything that reads DATABASE_URL at call time is fine: lib/db is lazy).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_ADMIN_URL ?? process.env.DATABASE_URL;
  if (!url)
    throw new Error("Integration tests need a Postgres server: run `npm test`, or set TEST_DATABASE_ADMIN_URL (see scripts/pg-ci.sh).");
  return url;
}

/** Creates a database for this test file, applies prisma/migrations, points DATABASE_URL at it. */
export async function useTestDatabase(): Promise<string> {
  const admin = new URL(adminUrl());
  const name = `tandem_t_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  await c.query(`CREATE DATABASE "${name}"`);
  await c.end();
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  const m = new pg.Client({ connectionString: url.toString() });
  await m.connect();
  const dir = path.join(root, "prisma/migrations");
  for (const d of readdirSync(dir)
    .filter((d) => /^\d/.test(d))
    .sort()) {
    await m.query(readFileSync(path.join(dir, d, "migration.sql"), "utf8"));
  }
  await m.end();
  process.env.DATABASE_URL = url.toString();
  afterAll(async () => {
    const { db } = await import("@/lib/db");
    await db().$disconnect();
    const a = new pg.Client({ connectionString: admin.toString() });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await a.end();
  });
  return url.toString();
}

/**
 * Row counts of every table (for "nothing was written" assertions). The limiter's counters
 * (RateCounter) are left out: counting refused attempts is what they are for.
 */
export async function rowCounts(): Promise<Record<string, number>> {
  const { db } = await import("@/lib/db");
  const rows = await db().$queryRawUnsafe<{ table_name: string }[]>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name ` +
      `NOT IN ('_prisma_migrations', 'RateCounter') ORDER BY table_name`,
  );
  const out: Record<string, number> = {};
  for (const r of rows) {
    const [{ n }] = await db().$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*)::bigint AS n FROM "${r.table_name}"`);
    out[r.table_name] = Number(n);
  }
  return out;
}
