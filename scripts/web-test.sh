#!/bin/sh
# The browser test: builds the web version (scripts/web.sh), serves it on
# localhost, plays it in headless Chromium (web/browser-test.mjs) and
# leaves screenshots, the console log and a report in docs/web-test/.
# Installs Debian's chromium and the playwright-core npm package when
# missing. SKIP_BUILD=1 tests dist/ as it is.
set -e
cd "$(dirname "$0")/.."
PORT=${PORT:-8093}
OUT=${OUT:-docs/web-test}

sh scripts/browser-deps.sh

[ -n "$SKIP_BUILD" ] || sh scripts/web.sh build

python3 web/serve.py --port "$PORT" --bind 127.0.0.1 dist >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null' EXIT INT TERM
sleep 1
# A fixed seed: the same mines every run.
node web/browser-test.mjs "http://127.0.0.1:$PORT/index.html?seed=11" "$OUT"
