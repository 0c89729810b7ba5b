import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    // Hang guards, not speed targets (those are benchmarks): CI machines of this kind have run the
    // suite 5× slower than usual, and a file's database setup or a spawned server is slow then.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // Round-close backups (issue #17) are off in tests; tests/integration/event-backups.test.ts turns them on.
    env: { TANDEM_BACKUP_DIR: "off" },
  },
});
