#!/usr/bin/env bash
# The one test command (README): lint, strict type-checking, the tests that run once (unit, component, and the
# server tests that open no test database), the API tests on the embedded database (and on PostgreSQL too when
# TEST_DATABASE_URL is set), the build (the SPA and the compiled server), the container's steps, then browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

results_dir="$(mktemp -d)"
rm -f e2e/artifacts/results.json
started=$(date +%s)
step() { printf '\n\033[1m== %s\033[0m\n' "$1"; }
# Each step's seconds, for the closing summary (scripts/summarise-results.mjs).
timed() {
  local name="$1" began=$SECONDS status=0
  shift
  "$@" || status=$?
  echo "$name $((SECONDS - began))" >>"$results_dir/steps.txt"
  return "$status"
}
# Two single-threaded steps at once on the two cores: each writes to its own log, printed whole when both are done,
# and the pair fails if either failed.
side_by_side() {
  local first_name="$1" first="$2" second_name="$3" second="$4"
  local name command
  for name in "$first_name" "$second_name"; do
    [ "$name" = "$first_name" ] && command="$first" || command="$second"
    (
      status=0
      timed "$name" bash -c "$command" >"$results_dir/$name.log" 2>&1 || status=$?
      echo "$status" >"$results_dir/$name.rc"
    ) &
  done
  wait
  local failed=0
  for name in "$first_name" "$second_name"; do
    step "$name"
    cat "$results_dir/$name.log"
    if [ "$(cat "$results_dir/$name.rc")" != "0" ]; then echo "$name failed." >&2; failed=1; fi
  done
  return "$failed"
}

step "install (if needed)"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

# ESLint and tsc each keep one core busy: side by side they take about as long as the longer of the two. Lint ends
# with the dead-code check (knip.json: unused files, exports and dependencies; modules and areas are entries by folder).
side_by_side lint "npx eslint . --max-warnings=0 && npx knip --no-progress" type-check "npm run --silent typecheck"

# Vitest projects (vitest.config.ts): 'server-db' holds the server test files that open the test database (found from
# their imports of apps/server/src/test/test-app.ts), and runs on the embedded database and again on PostgreSQL; every
# other project ('contracts', 'web', 'web-isolated', 'server') holds tests that are the same whatever the database,
# and runs once.
step "tests that run once (contracts, web, server)"
timed once npx vitest run --project '!server-db' --reporter=default --reporter=json --outputFile="$results_dir/once.json"

step "API tests on the embedded database (PGlite)"
TEST_DATABASE_URL= timed embedded npx vitest run --project server-db --reporter=default --reporter=json --outputFile="$results_dir/server-db-embedded.json"

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # Much of this pass's work is PostgreSQL's, in its own processes: the build fits beside it.
  step "API tests on PostgreSQL ($TEST_DATABASE_URL), and the build (web app and server) beside them"
  side_by_side postgres "npx vitest run --project server-db --reporter=default --reporter=json --outputFile='$results_dir/server-db-postgres.json'" \
    build "npm run --silent build"
else
  echo "TEST_DATABASE_URL is not set: the API tests ran on the embedded database only."
  step "build the web app and the server"
  timed build npm run --silent build
fi

# The web app's weight, from the build just made: each page's JavaScript (brotli bytes of the chunks it needs) against
# its budget, by byte count, never timing (scripts/bundle-budget.mjs).
step "web weight budgets"
timed bundle-budget node scripts/bundle-budget.mjs

# No image build here (no registry for base images): the Dockerfile's steps as plain commands instead. The server
# built (again, as the image's build stage does), started compiled as the image's unprivileged user with production's
# settings, ready, then stopped by SIGTERM with exit 0 (scripts/container-check.mjs; about 20 s).
step "the container's steps as plain commands (Dockerfile)"
timed container node scripts/container-check.mjs

step "browser tests (Playwright + Debian Chromium)"
timed e2e bash scripts/e2e.sh --reporter=list,json 2> >(tee "$results_dir/e2e.stderr" >&2) | tee "$results_dir/e2e.out"

node scripts/summarise-results.mjs "$results_dir" "$started"
