/**
 * The Prisma client (one per process, lazy so `next build` needs no database). DATABASE_URL comes
 * from scripts/with-db.mjs (embedded PGlite) or the environment (a Postgres server).
 * Recipe and pool sizing: ../shared/STACK.md ("Embedded concurrency").
 */
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

const g = globalThis as unknown as { prisma?: PrismaClient; prismaUrl?: string; prismaPool?: pg.Pool };

/** Returns the shared client; throws when DATABASE_URL is unset (start via npm start / npm run dev). */
export function db(): PrismaClient {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL unset: start via npm start / npm run dev");
  if (g.prisma && g.prismaUrl !== connectionString) {
    void g.prisma.$disconnect();
    g.prisma = undefined;
    g.prismaPool = undefined;
  }
  g.prismaUrl = connectionString;
  if (g.prisma) return g.prisma;
  // The pool is ours (passed to the adapter) so bulk statements can use the same connections.
  const pool = new pg.Pool({ connectionString, max: Number(process.env.DATABASE_POOL_MAX ?? 10) });
  g.prismaPool = pool;
  return (g.prisma = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    transactionOptions: { maxWait: 15_000, timeout: 15_000 }, // 2 s default -> P2028 under bursts
  }));
}

/**
 * Runs one statement on the Prisma client's own connection pool, bypassing the query engine:
 * for bulk parameters (binary arrays of 15,000 card rows, lib/server/write/pgArrays.ts) that the
 * engine would re-encode (≈ 3× the statement's cost on the embedded database). It waits for a
 * free connection like any Prisma query (the embedded database has a pool of one), outside any
 * Prisma transaction. Returns the affected row count.
 */
export async function bulkStatement(text: string, values: unknown[]): Promise<number> {
  const client = db();
  const pool = g.prismaPool;
  // After $disconnect the adapter ended our pool and reconnects with one of its own: go through Prisma.
  if (!pool || pool.ended) return client.$executeRawUnsafe(text, ...values);
  const r = await pool.query({ text, values });
  return r.rowCount ?? 0;
}

/**
 * Runs `statements` (several SQL statements, no parameters) and then the query `result` as ONE
 * simple-protocol message on the Prisma client's own pool: one round trip and one implicit
 * transaction (an error in any statement rolls all of them back and rejects with the server's
 * error). Returns the rows of `result`. After a $disconnect ended our pool: the same two in
 * one Prisma transaction (two round trips).
 */
export async function bulkScript<T>(statements: string, result: string): Promise<T[]> {
  const client = db();
  const pool = g.prismaPool;
  if (!pool || pool.ended) {
    return client.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(statements);
      return tx.$queryRawUnsafe<T[]>(result);
    });
  }
  const r = (await pool.query(`${statements};\n${result}`)) as unknown as pg.QueryResult[];
  return r[r.length - 1].rows as T[];
}
