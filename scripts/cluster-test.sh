#!/bin/sh
# Several nodes under failure (docs/online.md, "Past one machine"): a
# real PostgreSQL (a throwaway one on loopback unless MSC_PG_URL names a
# server, on which a fresh database is made), three nodes, bots playing
# random games through different nodes; node a killed with SIGKILL
# mid-game, node b stopped gracefully (SIGTERM). Then it checks, in the
# database: every move a bot saw acknowledged is stored, once, as played;
# every game went on to its end on the live node; no node wrote an event
# of a game after another node had written one (no write after losing
# the lease). Prints the longest a player waited from losing its node to
# its next move accepted. Bounded: the bots give up after LIMIT seconds.
#   sh scripts/cluster-test.sh [GAMES] [PLIES]   (QUICK=1: the test command's short form)
#   BIN=path/to/minesweeper_server to skip the release build
set -eu
cd "$(dirname "$0")/.."
games=${1:-30}
plies=${2:-120}
limit=120
if [ "${QUICK:-0}" = 1 ]; then
    games=8
    plies=60
    limit=90
fi
. scripts/pg-lib.sh
. scripts/cluster-lib.sh
tmp=$(mktemp -d /tmp/msc-cluster.XXXXXX)
pids=""
own_pg=""
db=""
cleanup() {
    for p in $pids; do kill -9 "$p" 2>/dev/null || true; done
    if [ -n "$own_pg" ]; then
        pg_stop
    elif [ -n "$db" ]; then
        # A server we were lent keeps nothing of ours.
        psql -qX "$MSC_PG_URL" -c "DROP DATABASE IF EXISTS $db" || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
if [ -z "${MSC_PG_URL:-}" ]; then
    pg_start
    own_pg=1
fi
psql -qX "$MSC_PG_URL" -c "CREATE DATABASE msc_cluster_$$"
db="msc_cluster_$$"
url=$(pg_url_for "$db")
sql() { psql -qXtA "$url" -c "$1"; }
cluster_setup
# The limits per address are the defaults: each chaos player connects from
# a loopback address of its own (127.1.x.y), as players on the internet
# would, and the nodes count forwarded players by those addresses.
start_node() { # NAME
    "$bin" --addr 127.0.0.1:0 --db "$url" --node "$1" --rate 10000 >"$tmp/$1.log" 2>&1 &
    pids="$pids $!"
    eval "pid_$1=$!"
}
# Any free port: each node prints the address it listens on.
addrs=""
for n in a b c; do
    start_node $n
    tries=0
    until grep -q "restored from" "$tmp/$n.log"; do
        tries=$((tries + 1))
        if [ $tries -gt 100 ]; then cat "$tmp/$n.log"; echo "node $n did not start"; exit 1; fi
        sleep 0.1
    done
    addr=$(sed -n 's/^minesweeper_server: \([^ ,]*\).* restored from .*/\1/p' "$tmp/$n.log")
    addrs="$addrs${addrs:+,}$addr"
done
"$bin" chaos --addr "$addrs" --games "$games" --plies "$plies" --think-ms 100 \
    --limit-s "$limit" --acks "$tmp/acks.txt" >"$tmp/chaos.txt" 2>"$tmp/chaos.log" &
chaos=$!
pids="$pids $chaos"
sleep 2
kill -9 "$pid_a"
echo "node a killed (SIGKILL)"
sleep 2
kill -TERM "$pid_b"
echo "node b stopping (SIGTERM)"
status=0
wait "$chaos" || status=$?
echo "players: $(cat "$tmp/chaos.txt" 2>/dev/null)"
fail=0
check() { # WHAT VALUE EXPECTED
    if [ "$2" = "$3" ]; then
        echo "ok: $1"
    else
        echo "FAILED: $1: $2 (expected $3)"
        fail=1
    fi
}
check "the players finished" "$status" 0
sql "CREATE TABLE acks(code TEXT, ply BIGINT, mv TEXT, at_ms BIGINT, charged_ms BIGINT, think_ms BIGINT)"
psql -qX "$url" -c "\\copy acks FROM '$tmp/acks.txt' WITH (FORMAT text, DELIMITER ' ')"
acked=$(sql "SELECT count(*) FROM acks")
check "moves acknowledged" "$([ "$acked" -gt 0 ] && echo some)" some
# The ply-th move of a game is its ply-th move event (a clock resumed
# after a take-over is an event too).
check "acknowledged moves missing or changed in the database" "$(sql "
    WITH moves AS (SELECT code, event, row_number() OVER (PARTITION BY code ORDER BY seq) ply
                   FROM events WHERE event LIKE 'move %')
    SELECT count(*) FROM acks a LEFT JOIN moves m ON m.code = a.code AND m.ply = a.ply
    WHERE m.event IS DISTINCT FROM 'move ' || a.mv")" 0
check "games not finished" "$(sql "SELECT count(*) FROM games WHERE over = 0")" 0
check "games played" "$(sql "SELECT count(*) FROM games")" "$games"
check "games a dead or stopped node still owns" "$(sql "
    SELECT count(*) FROM games WHERE over = 0 AND owner IN ('a', 'b')")" 0
check "events written by a node after another wrote in the same game" "$(sql "
    WITH spans AS (SELECT code, node, min(seq) lo, max(seq) hi FROM events GROUP BY code, node)
    SELECT count(*) FROM spans x JOIN spans y
      ON x.code = y.code AND x.node <> y.node AND x.lo < y.hi AND y.lo < x.hi")" 0
check "events without their writer" "$(sql "SELECT count(*) FROM events WHERE node IS NULL")" 0
moved=$(sql "SELECT count(DISTINCT code) FROM events e WHERE node = 'c'
    AND EXISTS (SELECT 1 FROM events f WHERE f.code = e.code AND f.node IN ('a', 'b'))")
echo "games that changed node: $moved; events by node: $(sql "SELECT string_agg(node || '=' || n, ' ') FROM (SELECT node, count(*) n FROM events GROUP BY node ORDER BY node) t")"
check "games that changed node mid-game" "$([ "$moved" -gt 0 ] && echo some)" some
grep -h "event=take_over\|event=lease" "$tmp"/c.log "$tmp"/b.log 2>/dev/null | sed 's/^/  /' || true
if [ $fail -ne 0 ]; then
    for n in a b c; do echo "--- node $n"; tail -n 20 "$tmp/$n.log"; done
    echo "--- players"; tail -n 20 "$tmp/chaos.log"
    exit 1
fi
echo "cluster test passed"
