// Starts the app the way `npm start` does (DATABASE_URL unset → embedded PGlite in a fresh
// folder, demo seeded once), fetches the home page and the demo event's pairings page, checks
// what a visitor should see, stops it, and records the result in test-results/smoke.json.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const port = process.env.SMOKE_PORT ?? "3217";
const dir = mkdtempSync(path.join(os.tmpdir(), "tandem-smoke-"));
const env = { ...process.env, PORT: port, EMBEDDED_DB_DIR: path.join(dir, "pglite") };
delete env.DATABASE_URL;
const child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
let out = "";
child.stdout.on("data", (d) => {
  out += d;
});
child.stderr.on("data", (d) => {
  out += d;
});
const base = `http://127.0.0.1:${port}`;
const results = [];
const check = (name, ok, detail = "") => {
  results.push({ name, ok, detail });
  console.log(`${ok ? "✓" : "✗"} smoke: ${name}${detail ? ` — ${detail}` : ""}`);
};
async function waitUp() {
  for (let i = 0; i < 240; i++) {
    try {
      const r = await fetch(base + "/");
      if (r.ok) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}
try {
  const up = await waitUp();
  check("npm start serves the home page", up, up ? "" : out.slice(-2000));
  if (up) {
    const home = await (await fetch(base + "/")).text();
    const m = home.match(/href="\/events\/([a-z0-9]+)"/);
    check("home lists the demo event", Boolean(m) && home.includes("Tandem Demo"));
    if (m) {
      const r = await fetch(`${base}/events/${m[1]}/pairings`);
      const html = await r.text();
      check(
        "demo pairings page shows round 1 with 4 tables",
        r.status === 200 && /Round 1/.test(html) && (html.match(/data-testid="pairing-row"/g) ?? []).length === 4,
        `status ${r.status}`,
      );
    }
  }
} catch (e) {
  check("smoke run", false, String(e));
} finally {
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {}
  await new Promise((r) => setTimeout(r, 1500));
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {}
  rmSync(dir, { recursive: true, force: true });
}
writeFileSync("test-results/smoke.json", JSON.stringify(results, null, 2));
