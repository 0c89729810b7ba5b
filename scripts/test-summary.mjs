// Reads the runners' JSON reports and prints one plain line: `N passed, N failed` (exit 1 on any
// failure or a missing report, so a run that executed nothing is visible). `--habits-only`: only the
// habit checks' report (npm test stops after them when one fails).
import { existsSync, readFileSync } from "node:fs";

let passed = 0,
  failed = 0,
  skipped = 0;
const missing = [];
const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, "utf8")) : (missing.push(f), null));

const habitsOnly = process.argv.includes("--habits-only");
const h = read("test-results/habits.json");
if (h)
  for (const r of h) {
    if (r.ok) passed++;
    else failed++;
  }
const v = habitsOnly ? null : read("test-results/vitest.json");
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  // A test file that failed to load has no test results: count it as a failure.
  for (const f of v.testResults ?? []) if (f.status === "failed" && (f.assertionResults ?? []).length === 0) failed += 1;
}
const p = habitsOnly ? null : read("test-results/playwright.json");
if (p) {
  const s = p.stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
  for (const e of p.errors ?? []) {
    failed += 1;
    console.error(`playwright error: ${e.message ?? e}`);
  }
}
const sm = habitsOnly ? null : read("test-results/smoke.json");
if (sm)
  for (const r of sm) {
    if (r.ok) passed++;
    else failed++;
  }
for (const f of missing) {
  console.error(`missing report: ${f}`);
  failed += 1;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
