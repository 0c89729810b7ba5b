// Runs inside scripts/with-db.mjs (DATABASE_URL set, migrations applied): seeds the demo event
// once when TANDEM_SEED_DEMO=1 (the embedded database of `npm start`), then serves the app.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { networkInterfaces } from "node:os";

const port = process.argv[2] ?? "3000";
if (process.env.TANDEM_SEED_DEMO === "1") {
  const dir = process.env.EMBEDDED_DB_DIR ?? ".data/pglite";
  const marker = dir.startsWith("memory://") ? null : `${path.resolve(dir)}.demo-seeded`;
  if (!marker || !existsSync(marker)) {
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts"], { stdio: "inherit" });
    if (r.status !== 0) {
      console.error("[serve] demo seed failed");
      process.exit(r.status ?? 1);
    }
    if (marker) {
      mkdirSync(path.dirname(marker), { recursive: true });
      writeFileSync(marker, new Date().toISOString() + "\n");
    }
  }
}
// The public address printed links and QR codes use (lib/server/http/publicAddress.ts, same order):
// the organizer's setting (/settings), else PUBLIC_URL, else a non-loopback NEXTAUTH_URL, else this
// LAN address — never localhost.
const rank = (a) => (/^192\.168\./.test(a) ? 0 : /^10\./.test(a) ? 1 : /^172\.(1[6-9]|2\d|3[01])\./.test(a) ? 2 : 3); // as lanAddresses()
const lan = Object.values(networkInterfaces())
  .flat()
  .filter((i) => i && !i.internal && i.family === "IPv4" && !i.address.startsWith("169.254."))
  .map((i) => i.address)
  .sort((a, b) => rank(a) - rank(b))[0];
if (process.env.PUBLIC_URL)
  console.error(`[serve] printed links and QR codes: ${process.env.PUBLIC_URL} (PUBLIC_URL; an organizer can change it on /settings)`);
else if (lan)
  console.error(
    `[serve] phones on this network: http://${lan}:${port} — printed links and QR codes use it (set PUBLIC_URL or /settings to change)`,
  );
else
  console.error("[serve] no network address found: printed links and QR codes will say phones cannot reach this computer (set PUBLIC_URL)");
const child = spawn(
  path.resolve("node_modules/.bin/next"),
  ["start", "-p", port, ...(process.env.HOSTNAME_BIND ? ["-H", process.env.HOSTNAME_BIND] : [])],
  { stdio: "inherit", env: { ...process.env, PORT: port } },
);
const fwd = (s) => child.kill(s);
process.on("SIGINT", fwd).on("SIGTERM", fwd);
child.on("exit", (code) => process.exit(code ?? 0));
