// The code-habit checks run first by `npm test` (scripts/test.sh), before the build: Prettier
// (`npm run format:check`), the 140-character line check (scripts/check-lines.mjs) and ESLint
// (`npm run lint`). Each check counts as one test in the final `N passed, N failed` line
// (recorded in test-results/habits.json, read by scripts/test-summary.mjs). Exits 1 when one fails.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

const checks = [
  { name: "prettier: every file is formatted (npm run format:check)", cmd: ["npx", "prettier", "--check", "--log-level", "warn", "."] },
  { name: "no line over 140 characters (scripts/check-lines.mjs)", cmd: [process.execPath, "scripts/check-lines.mjs"] },
  { name: "eslint: no error or warning (npm run lint)", cmd: ["npx", "eslint", "--max-warnings", "0", "."] },
];
const results = [];
for (const c of checks) {
  const r = spawnSync(c.cmd[0], c.cmd.slice(1), { stdio: "inherit" });
  const ok = r.status === 0;
  results.push({ name: c.name, ok, detail: ok ? "" : `exit ${r.status ?? r.signal}` });
  console.log(`${ok ? "✓" : "✗"} habits: ${c.name}`);
}
mkdirSync("test-results", { recursive: true });
writeFileSync("test-results/habits.json", JSON.stringify(results, null, 2));
process.exit(results.every((r) => r.ok) ? 0 : 1);
