#!/bin/sh
# The browser test: builds the web version (scripts/web.sh), serves it on
# localhost, plays it in headless Chromium (web/browser-test.mjs) and
# leaves screenshots, the console log and a report in docs/web-test/.
# Installs Debian's chromium and the playwright-core npm package when
# missing. SKIP_BUILD=1 tests dist/ as it is.
#
# QUICK=1 (the test command): the quick web build (profile web-quick, no
# wasm-opt, gzip only) into target/web-quick/dist, linted with clippy as it
# builds (warnings are errors), its report and screenshots in
# target/web-quick/report; the download-size check is the release's and
# is skipped.
set -e
cd "$(dirname "$0")/.."
PORT=${PORT:-8093}
OUT=${OUT:-docs/web-test}

sh scripts/browser-deps.sh

if [ -n "$QUICK" ]; then
    export WEB_PROFILE=web-quick WASM_OPT=0 BROTLI=0 DIST=target/web-quick/dist
    OUT=target/web-quick/report
    DRIVER=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
    [ -n "$SKIP_BUILD" ] ||
        RUSTC_WORKSPACE_WRAPPER=$DRIVER \
            CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" \
            sh scripts/web.sh build
else
    [ -n "$SKIP_BUILD" ] || sh scripts/web.sh build
fi

python3 web/serve.py --port "$PORT" --bind 127.0.0.1 "${DIST:-dist}" >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null' EXIT INT TERM
sleep 1
# A fixed seed: the same mines every run.
# The release build is also measured over an emulated 10 Mbit/s line.
THROTTLE=${THROTTLE:-$([ -n "$QUICK" ] && echo 0 || echo 1)}
# The board of the day as the native tool deals it, for the browser to
# match (the command-line crate alone builds in seconds when not built).
DAILY_CODE=$(cargo run -q --profile ci --target "$(rustc -vV | sed -n 's/^host: //p')" -p minesweeper_cli -- \
    puzzle --daily 2026-12-02 | sed -n 's/^board of the day [0-9-]*: //p')
export DAILY_CODE
QUICK=$QUICK THROTTLE=$THROTTLE node web/browser-test.mjs "http://127.0.0.1:$PORT/index.html?seed=11" "$OUT"
