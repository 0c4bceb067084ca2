#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
# Never skipped silently: without Chromium this installs it when it can, or stops saying how.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Chromium is missing: installing Debian's chromium package…"
    (apt-get install -y -q chromium || (apt-get update -q && apt-get install -y -q chromium)) >/dev/null
  else
    echo "Browser tests need Chromium at $CHROMIUM. Install it with: sudo apt-get install -y chromium" >&2
    echo "(or set CHROMIUM_PATH to a Chromium binary)." >&2
    exit 1
  fi
fi
if [ ! -f "${WEB_DIST_DIR:-apps/web/dist}/index.html" ]; then
  npm run --silent build
fi

reporter="list"
if [ "${1:-}" = "--reporter=list,json" ]; then reporter="list,json"; shift; fi
# Relative to the config file (e2e/), so this lands in e2e/artifacts/results.json.
export PLAYWRIGHT_JSON_OUTPUT_NAME="${PLAYWRIGHT_JSON_OUTPUT_NAME:-artifacts/results.json}"
exec npx playwright test -c e2e/playwright.config.ts --reporter="$reporter" "$@"
