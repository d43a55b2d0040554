#!/bin/sh
# The load test on PostgreSQL (docs/online.md): a throwaway PostgreSQL on
# loopback (fsync on), NODES release servers on it (0: one server without
# --node, no leases or fencing; 1 or more: nodes of a cluster), and the
# same swarm of bots as scripts/load-test.sh, game i created on node i and
# joined through node i+1 (forwarded when they differ). Each run on a
# fresh database; prints each run and the medians.
#   sh scripts/cluster-load.sh NODES [GAMES] [PLIES] [RUNS] [THINK_MS]
set -eu
nodes=${1:-0}
games=${2:-1000}
plies=${3:-40}
runs=${4:-3}
think=${5:-500}
cd "$(dirname "$0")/.."
. scripts/pg-lib.sh
cargo build --release -q -p minesweeper_server
bin=target/release/minesweeper_server
ulimit -n 20000 2>/dev/null || true
out=$(mktemp -d)
pids=""
cleanup() {
    for p in $pids; do kill -9 "$p" 2>/dev/null || true; done
    pg_stop
    rm -rf "$out"
}
trap cleanup EXIT
pg_start
MSC_CLUSTER_SECRET=$(od -An -tx1 -N24 /dev/urandom | tr -d ' \n')
export MSC_CLUSTER_SECRET
lifted="--max-connections 20000 --per-address 20000 --waiting-per-address 20000 --rate 10000"
for run in $(seq "$runs"); do
    psql -qX "$MSC_PG_URL" -c "CREATE DATABASE load_$run"
    url=$(pg_url_for "load_$run")
    addrs=""
    count=$nodes
    [ "$count" -eq 0 ] && count=1
    for i in $(seq "$count"); do
        # Any free port: each node prints the address it listens on.
        if [ "$nodes" -eq 0 ]; then
            $bin --addr 127.0.0.1:0 --db "$url" $lifted 2>"$out/node$i.log" &
        else
            $bin --addr 127.0.0.1:0 --db "$url" --node "n$i" $lifted 2>"$out/node$i.log" &
        fi
        pids="$pids $!"
        until grep -q "restored from" "$out/node$i.log"; do sleep 0.1; done
        addr=$(sed -n 's/^minesweeper_server: \([^ ,]*\).* restored from .*/\1/p' "$out/node$i.log")
        addrs="$addrs${addrs:+,}$addr"
    done
    $bin swarm --addr "$addrs" --games "$games" --plies "$plies" --think-ms "$think" \
        >"$out/swarm.txt" 2>"$out/swarm.log" || { cat "$out/swarm.log"; exit 1; }
    for p in $pids; do kill "$p" 2>/dev/null || true; done
    for p in $pids; do wait "$p" 2>/dev/null || true; done
    pids=""
    echo "run $run ($nodes node(s)): $(cat "$out/swarm.txt")"
    cat "$out/swarm.txt" >>"$out/all.txt"
done
python3 - "$out/all.txt" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
def col(name, n=1):
    return [float(r[r.index(name) + n]) for r in rows]
print("median of %d runs: moves/s %.0f, rtt p50 %.2f ms, p99 %.2f ms"
      % (len(rows), statistics.median(col("moves/s")), statistics.median(col("p50")),
         statistics.median(col("p99"))))
PY
