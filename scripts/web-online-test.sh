#!/bin/sh
# The online browser test (docs/online.md): the game server serving the web
# build on localhost, a game created for it (White's seat token handed to
# page A), then two headless Chromium pages play each other through the
# server and one reloads mid-game (web/online-test.mjs). Screenshots and a
# report in docs/web-test/. SKIP_BUILD=1 uses dist/ as it is.
set -e
cd "$(dirname "$0")/.."
PORT=${PORT:-8094}
OUT=${OUT:-docs/web-test}
sh scripts/browser-deps.sh
python3 -c "import websocket" 2>/dev/null || pip install -q websocket-client
[ -n "$SKIP_BUILD" ] || sh scripts/web.sh build
cargo build --release -p minesweeper_server
tmp=$(mktemp -d)
target/release/minesweeper_server --addr 127.0.0.1:$PORT --db "$tmp/games.sqlite" --web dist 2>"$tmp/server.log" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
sleep 1
# A timed game, its creator's seat left for page A.
set -- $(python3 scripts/online-shot.py 127.0.0.1:$PORT --hold 0 --leave)
node web/online-test.mjs "http://127.0.0.1:$PORT" "$1" "$2" "$OUT"
