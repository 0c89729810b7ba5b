import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Round-close backups (issue #17) are off in tests; tests/integration/event-backups.test.ts turns them on.
    env: { TANDEM_BACKUP_DIR: "off" },
  },
});
