#!/bin/sh
# The cluster under real faults (docs/online.md, "Faults"): a throwaway
# PostgreSQL on loopback, three nodes behind TCP relays that freeze
# links, the chaos bots, and every fault of scripts/cluster_faults.py on
# a fresh cluster each. QUICK=1 is the test command's short form (ten
# games, eight faults held 8 s: about eight minutes); the long form's
# arguments go to the harness as they are:
#   sh scripts/cluster-faults.sh --games 1000 --think-ms 1000 --hold-s 60
#   BIN=path/to/minesweeper_server to skip the release build
set -eu
cd "$(dirname "$0")/.."
. scripts/pg-lib.sh
. scripts/cluster-lib.sh
trap pg_stop EXIT
PG_FSYNC=off pg_start >/dev/null
PG_CTL="$PG_AS $PG_BIN/pg_ctl -D $PG_DIR/data -l $PG_DIR/log"
export PG_CTL
cluster_setup
if [ "${QUICK:-0}" = 1 ]; then
    set -- --games 10 --hold-s 8 --faults pause,db-cut,db-answers,db-late,db-restart,kill-takeover,skew,migration "$@"
fi
python3 scripts/cluster_faults.py --bin "$bin" --url "$MSC_PG_URL" "$@"
