#!/usr/bin/env bash
# Side-by-side perft speed: our engine vs Fairy-Stockfish 11.1 on the same
# positions, in the same run, median of N runs each (default 5).
#   cargo build --release && benches/fairy/compare.sh [runs]
# Needs: apt-get install fairy-stockfish (binary /usr/games/fairy-stockfish).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ours="${OURS:-$here/../../target/release/minesweeper_chess}"
runs="${1:-5}"
positions=(
  "start|rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|5"
  "castles|r3k2r/8/8/8/8/8/8/8/8/R3K2R w KQkq - 0 1|5"
  "italian|r1bqkbnr/pppp1ppp/2n5/4p3/8/8/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1|4"
)
now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-8s %5s %11s %12s %12s %7s\n' position depth nodes "FSF Mnps" "ours Mnps" ratio
for p in "${positions[@]}"; do
  IFS='|' read -r name fen depth <<<"$p"
  # FSF's start-up (reading the variants file) is timed at depth 1 and subtracted.
  fsf_rates=(); our_rates=()
  for _ in $(seq "$runs"); do
    t0=$(now); "$here/perft.sh" "$fen" 1 >/dev/null; t1=$(now)
    nodes=$("$here/perft.sh" "$fen" "$depth"); t2=$(now)
    fsf_rates+=("$(echo "$nodes / (($t2 - $t1) - ($t1 - $t0)) / 1000000" | bc -l)")
    t0=$(now); ours_nodes=$("$ours" perft --depth "$depth" --fen "$fen" --no-sapper 2>/dev/null | tail -1); t1=$(now)
    our_rates+=("$(echo "$ours_nodes / ($t1 - $t0) / 1000000" | bc -l)")
    if [ "$nodes" != "$ours_nodes" ]; then echo "MISMATCH $name: FSF $nodes, ours $ours_nodes" >&2; exit 1; fi
  done
  f=$(printf '%s\n' "${fsf_rates[@]}" | median); o=$(printf '%s\n' "${our_rates[@]}" | median)
  printf '%-8s %5s %11s %12.2f %12.2f %6.2fx\n' "$name" "$depth" "$nodes" "$f" "$o" "$(echo "$o / $f" | bc -l)"
done
