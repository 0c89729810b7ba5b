/**
 * The Prisma client (one per process, lazy so `next build` needs no database). DATABASE_URL comes
 * from scripts/with-db.mjs (embedded PGlite) or the environment (a Postgres server).
 * Recipe and pool sizing: ../shared/STACK.md ("Embedded concurrency").
 */
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

const g = globalThis as unknown as { prisma?: PrismaClient; prismaUrl?: string };

/** Returns the shared client; throws when DATABASE_URL is unset (start via npm start / npm run dev). */
export function db(): PrismaClient {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL unset: start via npm start / npm run dev");
  if (g.prisma && g.prismaUrl !== connectionString) { void g.prisma.$disconnect(); g.prisma = undefined; }
  g.prismaUrl = connectionString;
  return (g.prisma ??= new PrismaClient({
    adapter: new PrismaPg({ connectionString, max: Number(process.env.DATABASE_POOL_MAX ?? 10) }),
    transactionOptions: { maxWait: 15_000, timeout: 15_000 }, // 2 s default -> P2028 under bursts
  }));
}
