#!/bin/sh
# The server killed under load (docs/online.md): a release server, a swarm
# of GAMES bot games (bots think THINK_MS), the server killed with SIGKILL
# after KILL_S seconds, then restarted on the same database. Prints the
# moves the bots had acknowledged against the moves the database holds
# (none may be missing), how many games came back, and how long the
# restart took; RUNS times.
#   sh scripts/fault-test.sh [GAMES] [THINK_MS] [KILL_S] [RUNS]
set -eu
games=${1:-500}
think=${2:-200}
kill_s=${3:-6}
runs=${4:-3}
cd "$(dirname "$0")/.."
. scripts/server-lib.sh
for run in $(seq "$runs"); do
    serve 18081 --rate 10000
    "$bin" swarm --addr 127.0.0.1:$port --games "$games" --plies 200 --think-ms "$think" >"$out/swarm.txt" 2>"$out/swarm.log" &
    swarm=$!
    # Seated first, then play for a while before the kill.
    while ! grep -q seated "$out/swarm.log"; do sleep 0.2; done
    sleep "$kill_s"
    kill -9 $pid
    wait $swarm 2>/dev/null || true
    wait $pid 2>/dev/null || true
    acked=$(sed -n 's/.*moves \([0-9]*\).*/\1/p' "$out/swarm.txt")
    t0=$(date +%s.%N)
    "$bin" --addr 127.0.0.1:$port --db "$out/games.sqlite" $lifted 2>"$out/server2.log" &
    pid=$!
    while ! grep -q restored "$out/server2.log"; do sleep 0.01; done
    t1=$(date +%s.%N)
    kill $pid; wait $pid 2>/dev/null || true
    restored=$(sed -n 's/.*, \([0-9]*\) game(s) restored.*/\1/p' "$out/server2.log")
    stored=$(python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"select count(*) from events where event like 'move %'\").fetchone()[0])" "$out/games.sqlite")
    ms=$(python3 -c "print(round(($t1 - $t0) * 1000))")
    echo "run $run: acknowledged $acked stored $stored games_restored $restored restart_ms $ms"
    [ "$stored" -ge "$acked" ] || { echo "MOVES LOST"; exit 1; }
done
rm -rf "$out"
