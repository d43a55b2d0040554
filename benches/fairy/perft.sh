#!/usr/bin/env bash
# Usage: perft.sh "<FEN>" <depth> [--divide]
# Prints Fairy-Stockfish's perft node count for the Minesweeper Chess variant
# defined in variants.ini next to this script (8 files x 10 ranks).
# Env: FSF=/path/to/fairy-stockfish (default: fairy-stockfish on PATH, else /usr/games/fairy-stockfish)
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 \"<FEN>|startpos\" <depth> [--divide]" >&2
  exit 2
fi
fen="$1"; depth="$2"; mode="${3:-}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
fsf="${FSF:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}"
if [ "$fen" = "startpos" ]; then pos="position startpos"; else pos="position fen $fen"; fi
# 'quit' waits for the running perft to finish before the engine exits.
out="$(printf '%s\n' \
  "setoption name Threads value 1" \
  "setoption name VariantPath value $here/variants.ini" \
  "setoption name UCI_Variant value minesweeperchess" \
  "$pos" \
  "go perft $depth" \
  "quit" | "$fsf")"
if [ "$mode" = "--divide" ]; then
  printf '%s\n' "$out" | grep -E '^[a-z][0-9]+[a-z][0-9]+[a-z]?: [0-9]+$' || true
fi
nodes="$(printf '%s\n' "$out" | sed -n 's/^Nodes searched: //p' | tail -1)"
if [ -z "$nodes" ]; then
  echo "error: no perft result from $fsf" >&2
  printf '%s\n' "$out" >&2
  exit 1
fi
echo "$nodes"
