#!/usr/bin/env bash
# `npm test`: everything except benchmarks, on a fresh machine.
#   install (npm ci) · the code-habit checks (Prettier, 140-character lines, ESLint: scripts/habits.mjs;
#   a failure stops here, before the build) · Debian's chromium, postgresql and poppler-utils (PDF tests) when missing
#   · a real Postgres server (scripts/pg-ci.sh) · build · vitest (unit + integration, each integration file in its own
#   database) · Playwright e2e in Chromium · a smoke run of the `npm start` path (embedded DB,
#   DATABASE_URL unset, demo seeded, pairings page fetched) · the plain line `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
mkdir -p test-results
rm -f test-results/habits.json test-results/vitest.json test-results/playwright.json test-results/smoke.json

# Dependencies first (npm ci when missing), then the quick habit checks: fail fast, before the build.
env -u DATABASE_URL node scripts/start.mjs --install || { echo "0 passed, 1 failed"; exit 1; }
echo "[test] habits: prettier, line length, eslint"
node scripts/habits.mjs || { node scripts/test-summary.mjs --habits-only; exit 1; }

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need_apt+=(postgresql)
command -v pdftotext >/dev/null 2>&1 || need_apt+=(poppler-utils)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "[test] installing ${need_apt[*]} (apt)"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# Install and build exactly as `npm start` does (writes .env with a NEXTAUTH_SECRET on first run).
env -u DATABASE_URL node scripts/start.mjs --prepare || { echo "0 passed, 1 failed"; exit 1; }

eval "$(scripts/pg-ci.sh start)"
trap 'scripts/pg-ci.sh stop' EXIT
export TEST_DATABASE_ADMIN_URL="$DATABASE_URL"

echo "[test] vitest"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
echo "[test] playwright"
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/playwright.json npx playwright test --reporter=list,json

echo "[test] smoke: the npm start path (embedded database, demo seed)"
node scripts/smoke.mjs

node scripts/test-summary.mjs
