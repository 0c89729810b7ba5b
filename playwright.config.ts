import path from "node:path";
import { defineConfig } from "@playwright/test";

// e2e against the built app (`npm test` builds first). DATABASE_URL set -> that Postgres (npm
// test starts one); unset -> a fresh in-memory PGlite served on a Unix socket in a fixed private
// folder (.data/e2e-<port>), so e2e/global-setup.ts can create the test accounts in it.
const port = Number(process.env.E2E_PORT ?? 3100);
const dbSocketDir = path.resolve(`.data/e2e-${port}`);
const baseURL = `http://127.0.0.1:${port}`;
process.env.E2E_DATABASE_URL =
  process.env.DATABASE_URL ?? `postgresql://postgres:postgres@localhost/postgres?host=${encodeURIComponent(dbSocketDir)}&sslmode=disable`;
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  // Hang guards, not speed targets (those are benchmarks; a spec that checks a target scales it with
  // tests/timing.ts): CI machines of this kind have run the suite 5× slower than usual.
  timeout: 600_000,
  workers: 1,
  reporter: "list",
  globalSetup: "./e2e/global-setup.ts",
  expect: { timeout: 30_000 },
  use: {
    actionTimeout: 60_000,
    baseURL,
    browserName: "chromium",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's chromium: `npx playwright install` cannot download here
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `node scripts/with-db.mjs next start -H 127.0.0.1 -p ${port}`,
    url: baseURL,
    timeout: 180_000,
    reuseExistingServer: false,
    env: { EMBEDDED_DB_DIR: `memory://e2e-${port}`, EMBEDDED_DB_SOCKET_DIR: dbSocketDir, NEXTAUTH_URL: baseURL },
  },
});
