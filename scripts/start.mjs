// `npm start`: works on a fresh clone with no dependencies installed yet.
//   1. npm ci when node_modules is missing or older than package-lock.json;
//   2. a NEXTAUTH_SECRET in a gitignored .env on first run (mode 0600; scripts/env-file.mjs);
//   3. `next build` when the sources changed since the last build (stamp in .next/);
//   4. the database: DATABASE_URL set -> that Postgres; unset -> embedded PGlite in .data/
//      (scripts/with-db.mjs), migrations applied;
//   5. the demo event seeded once into the embedded database (never into a DATABASE_URL one);
//   6. serve on http://localhost:${PORT:-3000}.
// `node scripts/start.mjs --prepare` stops after step 3 (used by npm test); `--install` stops after step 1.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureEnvSecret } from "./env-file.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const prepareOnly = process.argv.includes("--prepare");
const installOnly = process.argv.includes("--install");
const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`[start] ${cmd} ${args.join(" ")} failed (${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
};
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

// 1. Dependencies.
const marker = "node_modules/.package-lock.json";
if (!existsSync(marker) || statSync(marker).mtimeMs < statSync("package-lock.json").mtimeMs) {
  console.error("[start] installing dependencies (npm ci)…");
  run(npm, ["ci", "--no-audit", "--no-fund"]);
}
if (installOnly) process.exit(0);

// 2. Secrets: .env private to its owner (0600, an existing world-readable one is tightened).
const secret = ensureEnvSecret(".env");
if (secret.tightened) console.error("[start] .env was readable by other users: now 0600");
if (secret.wroteSecret) console.error("[start] wrote a new NEXTAUTH_SECRET to .env");

// 3. Build when the sources changed.
function sourceHash() {
  const h = createHash("sha256");
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const f of readdirSync(p).sort()) if (f !== "generated") walk(path.join(p, f));
    } else h.update(`${p}:${st.size}:${st.mtimeMs}\n`);
  };
  for (const p of [
    "app",
    "components",
    "lib",
    "messages",
    "public",
    "prisma/schema.prisma",
    "next.config.ts",
    "proxy.ts",
    "instrumentation.ts",
    "package-lock.json",
    "postcss.config.mjs",
    "tsconfig.json",
  ])
    walk(p);
  return h.digest("hex");
}
const stampFile = ".next/tandem-build-stamp";
const hash = sourceHash();
if (!existsSync(".next/BUILD_ID") || !existsSync(stampFile) || readFileSync(stampFile, "utf8") !== hash) {
  console.error("[start] building the app (next build)…");
  run(npm, ["run", "build"], { NEXT_TELEMETRY_DISABLED: "1" });
  writeFileSync(stampFile, hash);
}
if (prepareOnly) process.exit(0);

// 4–6. Database, demo seed, serve.
const port = process.env.PORT ?? "3000";
const embedded = !process.env.DATABASE_URL;
if (!process.env.NEXTAUTH_URL) process.env.NEXTAUTH_URL = `http://localhost:${port}`;
if (!embedded) console.error("[start] using the Postgres server in DATABASE_URL (no demo data is seeded there)");
const r = spawnSync(process.execPath, ["scripts/with-db.mjs", process.execPath, "scripts/serve.mjs", port], {
  stdio: "inherit",
  env: { ...process.env, TANDEM_SEED_DEMO: embedded ? "1" : "0" },
});
if (r.signal)
  console.error(
    `[start] the database/server process was stopped by ${r.signal}; \`npm start\` again restarts it (a stale lock is cleared)`,
  );
process.exit(r.status ?? 1);
