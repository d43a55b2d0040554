#!/bin/sh
# Screenshots of every language under Xvfb: the title menu, a chess game in
# progress, its rules page, the online lobby, a Sweeper Sudoku board and its rules page.
#   sh scripts/lang-screenshots.sh [OUTDIR]     (default docs/i18n)
set -eu
cd "$(dirname "$0")/.."
out="${1:-docs/i18n}"
. scripts/shot-lib.sh
for lang in en uk fr da ms; do
    shot "$lang-title" --lang "$lang" --show title
    shot "$lang-online" --lang "$lang" --show online
    shot "$lang-game" --lang "$lang" --seed 1 --fen "$fen" \
        --script "Nf3 Nc8 d2d4 a9a8 e2e3 Nd6 Ng5 d9* Bd3"
    shot "$lang-rules" --lang "$lang" --show rules
    shot "$lang-sudoku" --lang "$lang" --sudoku C6-1AY --wait 20
    shot "$lang-sudoku-rules" --lang "$lang" --sudoku C6-1AY --show rules --wait 20
done
echo "screenshots in $out/"
