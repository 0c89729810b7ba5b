// Prisma 6.19 CLI: WASM schema engine + driver adapter, so nothing is downloaded (../shared/STACK.md).
import { randomUUID } from "node:crypto";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
// Discrete fields: pg lets a connectionString override `database`.
function poolConfig(url: string, database?: string): pg.PoolConfig {
  const u = new URL(url),
    d = decodeURIComponent;
  // `?host=/dir` = a Unix socket folder (the embedded database, scripts/with-db.mjs).
  return {
    host: u.searchParams.get("host") ?? d(u.hostname),
    port: Number(u.port || 5432),
    user: d(u.username || "postgres"),
    password: d(u.password),
    database: database ?? d(u.pathname.slice(1) || "postgres"),
    max: 1,
    idleTimeoutMillis: 200,
  }; // idle clients would hold the CLI open 10 s
}
// adapter-pg 7.10.1 rejects pg_catalog's internal "char" type (OID 18) read by the schema
// describer ("Column type 'char' could not be deserialized"): report it as text (25).
type Q = { query: (...a: unknown[]) => unknown };
function charAsText(o: Q) {
  const query = o.query.bind(o);
  o.query = (...a) => {
    const r = query(...a);
    return !(r instanceof Promise)
      ? r
      : r.then((res: { fields?: { dataTypeID: number }[] }) => {
          for (const f of res?.fields ?? []) if (f.dataTypeID === 18) f.dataTypeID = 25;
          return res;
        });
  };
}
function adapterFor(config: pg.PoolConfig) {
  const pool = new pg.Pool(config);
  charAsText(pool as unknown as Q);
  pool.on("connect", (c) => charAsText(c as unknown as Q));
  return new PrismaPg(pool, { disposeExternalPool: true });
}
type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;
async function withCleanup(cfg: pg.PoolConfig, cleanup: () => Promise<void>): Promise<Adapter> {
  const a = await adapterFor(cfg).connect(),
    dispose = a.dispose.bind(a);
  a.dispose = async () => {
    await dispose();
    await cleanup();
  }; // close the pool first
  return a;
}
// Shadow DB for `migrate dev` / `migrate diff --from-migrations`.
async function shadow(url: string): Promise<Adapter> {
  if (process.env.EMBEDDED_DB === "1") {
    // PGlite has one database: use a throwaway in-memory one
    const { PGlite } = await import("@electric-sql/pglite");
    const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
    const db = await PGlite.create(),
      server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0 });
    await server.start();
    return withCleanup(poolConfig(`postgresql://postgres:postgres@${server.getServerConn()}/postgres`), async () => {
      await server.stop();
      await db.close();
    });
  }
  const admin = new pg.Client(poolConfig(url)); // real server: temporary database (needs CREATEDB)
  const name = `prisma_shadow_${randomUUID().replaceAll("-", "")}`;
  await admin.connect().then(() => admin.query(`CREATE DATABASE "${name}"`));
  return withCleanup(poolConfig(url, name), async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.end();
  });
}
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  experimental: { adapter: true },
  engine: "js",
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: run Prisma through scripts/with-db.mjs");
    const main = adapterFor(poolConfig(url));
    return { provider: main.provider, adapterName: main.adapterName, connect: () => main.connect(), connectToShadowDb: () => shadow(url) };
  },
});
