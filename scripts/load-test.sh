#!/bin/sh
# The online server under load (docs/online.md): a release server on a
# fresh database, a swarm of bot clients on loopback playing GAMES random
# games at once (each side at most PLIES moves, each after THINK_MS of
# thought; 0: as fast as the server answers), RUNS times. Prints each
# run and the medians: moves per second, move round trip p50/p99, and the
# server's memory per game (its peak resident set, less the idle one,
# over the games; both WebSocket connections of a game included).
# RATED=1: every bot signs up first (an Argon2id hash each, before the
# clock starts) and every game is rated when it ends.
#   sh scripts/load-test.sh [GAMES] [PLIES] [RUNS] [THINK_MS] [RATED]
set -eu
games=${1:-1000}
plies=${2:-40}
runs=${3:-3}
think=${4:-0}
rated=${5:-0}
cd "$(dirname "$0")/.."
. scripts/server-lib.sh
for run in $(seq "$runs"); do
    # Bots move as fast as the server answers: lift the per-connection limit.
    # The bots share one address: lift the per-address account limits too.
    serve 18080 --rate 10000 --sign-ups-per-hour 1000000 --sign-in-tries 1000000
    idle=$(awk '/VmRSS/ {print $2}' /proc/$pid/status)
    peak=$idle
    "$bin" swarm --addr 127.0.0.1:$port --games "$games" --plies "$plies" --think-ms "$think" --rated "$rated" >"$out/swarm.txt" 2>"$out/swarm.log" &
    swarm=$!
    while kill -0 $swarm 2>/dev/null; do
        rss=$(awk '/VmRSS/ {print $2}' /proc/$pid/status)
        [ "$rss" -gt "$peak" ] && peak=$rss
        sleep 0.2
    done
    wait $swarm || { cat "$out/swarm.log"; kill $pid; exit 1; }
    kill $pid; wait $pid 2>/dev/null || true
    per_game=$(( (peak - idle) * 1024 / games ))
    echo "run $run: $(cat "$out/swarm.txt") idle_rss_kib $idle peak_rss_kib $peak bytes_per_game $per_game"
    echo "$(cat "$out/swarm.txt") bytes_per_game $per_game" >>"$out/all.txt"
done
python3 - "$out/all.txt" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
def col(name, n=1):
    return [float(r[r.index(name) + n]) for r in rows]
print("median of %d runs: moves/s %.0f, rtt p50 %.2f ms, p99 %.2f ms, %.0f bytes per game"
      % (len(rows), statistics.median(col("moves/s")), statistics.median(col("p50")),
         statistics.median(col("p99")), statistics.median(col("bytes_per_game"))))
PY
rm -rf "$out"
