#!/bin/sh
# Screenshots of every language under Xvfb: the title menu, a chess game in
# progress, its rules page, a Sweeper Sudoku board and its rules page.
#   sh scripts/lang-screenshots.sh [OUTDIR]     (default docs/i18n)
set -eu
out="${1:-docs/i18n}"
mkdir -p "$out"
sh scripts/deps.sh shots
cargo build
bin=target/debug/minesweeper_chess
# The classic start with four known mines: d7, b6, g6, e5.
fen="rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 8/8/8/fffxffff/fxffffxf/ffffxfff/ffffffff/8/8/8"
shot() {
    name=$1
    shift
    # A fresh configuration folder: no saved game or settings leak in.
    cfg=$(mktemp -d)
    MSC_CONFIG_DIR="$cfg" xvfb-run -a -s "-screen 0 1280x800x24" \
        "$bin" "$@" --screenshot "$out/$name.png" >/dev/null 2>&1
    rm -rf "$cfg"
}
for lang in en uk fr da ms; do
    shot "$lang-title" --lang "$lang" --show title
    shot "$lang-game" --lang "$lang" --seed 1 --fen "$fen" \
        --script "Nf3 Nc8 d2d4 a9a8 e2e3 Nd6 Ng5 d9* Bd3"
    shot "$lang-rules" --lang "$lang" --show rules
    shot "$lang-sudoku" --lang "$lang" --sudoku C6-1AY --wait 20
    shot "$lang-sudoku-rules" --lang "$lang" --sudoku C6-1AY --show rules --wait 20
done
echo "screenshots in $out/"
