# Shared by the server's load and fault scripts (sourced, from the
# repository root): builds the release server, raises the open-file limit
# (two connections a game, on both sides of loopback), makes the scratch
# folder $out and defines `serve PORT [ARGS...]`, which starts the server on
# a fresh database there (its log in $out/server.log) and sets $pid. Every
# bot connects from 127.0.0.1: the limits per address are lifted.
lifted="--max-connections 20000 --per-address 20000"
cargo build --release -p minesweeper_server
bin=target/release/minesweeper_server
ulimit -n 20000 2>/dev/null || true
out=$(mktemp -d)
serve() {
    port=$1
    shift
    rm -f "$out"/games.sqlite*
    "$bin" --addr 127.0.0.1:"$port" --db "$out/games.sqlite" $lifted "$@" 2>"$out/server.log" &
    pid=$!
    sleep 1
}
