// Runs inside scripts/with-db.mjs (DATABASE_URL set, migrations applied): seeds the demo event
// once when TANDEM_SEED_DEMO=1 (the embedded database of `npm start`), then serves the app.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const port = process.argv[2] ?? "3000";
if (process.env.TANDEM_SEED_DEMO === "1") {
  const dir = process.env.EMBEDDED_DB_DIR ?? ".data/pglite";
  const marker = dir.startsWith("memory://") ? null : `${path.resolve(dir)}.demo-seeded`;
  if (!marker || !existsSync(marker)) {
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], { stdio: "inherit" });
    if (r.status !== 0) { console.error("[serve] demo seed failed"); process.exit(r.status ?? 1); }
    if (marker) { mkdirSync(path.dirname(marker), { recursive: true }); writeFileSync(marker, new Date().toISOString() + "\n"); }
  }
}
const child = spawn(path.resolve("node_modules/.bin/next"), ["start", "-p", port, ...(process.env.HOSTNAME_BIND ? ["-H", process.env.HOSTNAME_BIND] : [])], { stdio: "inherit" });
const fwd = (s) => child.kill(s);
process.on("SIGINT", fwd).on("SIGTERM", fwd);
child.on("exit", (code) => process.exit(code ?? 0));
