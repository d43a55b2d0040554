#!/bin/sh
# The online browser test (docs/online.md): the game server serving the web
# build on localhost, a game created for it (White's seat token handed to
# page A), then two headless Chromium pages play each other through the
# server and one reloads mid-game (web/online-test.mjs); then two pages
# with accounts play a rated game (web/accounts-test.mjs). Screenshots and a
# report in docs/web-test/. SKIP_BUILD=1 uses the web build in DIST (default
# dist/) as it is; SERVER=path a server binary already built (default: a
# release build). The test command runs it on its quick web build.
set -e
cd "$(dirname "$0")/.."
PORT=${PORT:-8094}
OUT=${OUT:-docs/web-test}
sh scripts/browser-deps.sh
python3 -c "import websocket" 2>/dev/null || pip install -q websocket-client
DIST=${DIST:-dist}
[ -n "$SKIP_BUILD" ] || sh scripts/web.sh build
if [ -z "$SERVER" ]; then
    cargo build --release -p minesweeper_server
    SERVER=target/release/minesweeper_server
fi
tmp=$(mktemp -d)
"$SERVER" --addr 127.0.0.1:$PORT --db "$tmp/games.sqlite" --web "$DIST" 2>"$tmp/server.log" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
sleep 1
# A timed game, its creator's seat left for page A.
set -- $(python3 scripts/online-shot.py 127.0.0.1:$PORT --hold 0 --leave)
node web/online-test.mjs "http://127.0.0.1:$PORT" "$1" "$2" "$OUT"
# Accounts: two pages sign up, play a rated game, see their ratings move
# and open it from the archive (web/accounts-test.mjs).
node web/accounts-test.mjs "http://127.0.0.1:$PORT" "$OUT"
