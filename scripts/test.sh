#!/usr/bin/env bash
# The one test command (README): lint, strict type-checking, the tests that run once (unit, component, and the
# server tests that open no test database), the API tests on the embedded database (and on PostgreSQL too when
# TEST_DATABASE_URL is set), then browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

results_dir="$(mktemp -d)"
rm -f e2e/artifacts/results.json
started=$(date +%s)
step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }

step "install (if needed)"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

step "lint"
npx eslint . --max-warnings=0

step "type-check (strict)"
npm run --silent typecheck

# Vitest projects (vitest.config.ts): 'contracts', 'web' and 'server' hold the tests that are the same whatever the
# database, and run once; 'server-db' holds the server test files that open the test database (found from their
# imports of apps/server/src/test/test-app.ts), and runs on the embedded database and again on PostgreSQL.
step "tests that run once (contracts, web, server)"
npx vitest run --project contracts --project web --project server --reporter=default --reporter=json --outputFile="$results_dir/once.json"

step "API tests on the embedded database (PGlite)"
TEST_DATABASE_URL= npx vitest run --project server-db --reporter=default --reporter=json --outputFile="$results_dir/server-db-embedded.json"

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "API tests on PostgreSQL ($TEST_DATABASE_URL)"
  npx vitest run --project server-db --reporter=default --reporter=json --outputFile="$results_dir/server-db-postgres.json"
else
  echo "TEST_DATABASE_URL is not set: the API tests ran on the embedded database only."
fi

step "build the web app"
npm run --silent build

step "browser tests (Playwright + Debian Chromium)"
bash scripts/e2e.sh --reporter=list,json 2> >(tee "$results_dir/e2e.stderr" >&2) | tee "$results_dir/e2e.out"

node scripts/summarise-results.mjs "$results_dir" "$started"
