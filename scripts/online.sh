#!/bin/sh
# The whole online game on this machine: the web build (made when missing)
# and the game server serving it and the games, on ADDR (default
# 0.0.0.0:8080: other machines may join), games kept in DB.
#   sh scripts/online.sh            ADDR=127.0.0.1:9000 DB=/tmp/g.sqlite sh scripts/online.sh
set -eu
cd "$(dirname "$0")/.."
addr=${ADDR:-0.0.0.0:8080}
db=${DB:-games.sqlite}
if [ ! -f dist/index.html ]; then
    sh scripts/web.sh
fi
cargo build --release -p minesweeper_server
echo "Open http://$(hostname -I 2>/dev/null | cut -d' ' -f1 || echo localhost):${addr##*:}/ in a browser,"
echo "or run the desktop game with: cargo run --release -- --server ${addr}"
exec target/release/minesweeper_server --addr "$addr" --db "$db" --web dist
