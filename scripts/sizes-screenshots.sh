#!/bin/sh
# Every screen at the window sizes players have, in every language: the
# title, a game under fog, a checkmate's card, the analysis, Settings,
# Credits, the rules, the online lobby, and Sweeper Sudoku's board menu,
# a board, a lost board of the day's card and its rules; at 1280×720,
# 1366×768, 1920×1080 and a phone held upright (390×844), in en, uk, fr,
# da and ms (240 pictures, about 40 minutes on two cores). The pictures
# are for looking at (text past its frame, a button out of reach), not
# committed: they go to OUTDIR (default target/sizes), named
# SIZE/LANG-SCREEN.png.
#   sh scripts/sizes-screenshots.sh [OUTDIR]
# SIZES="390x844" LANGS="fr" SCREENS="title settings" narrow it down.
set -eu
cd "$(dirname "$0")/.."
out="${1:-target/sizes}"
. scripts/shot-lib.sh
sizes=${SIZES:-"1280x720 1366x768 1920x1080 390x844"}
langs=${LANGS:-"en uk fr da ms"}
screens=${SCREENS:-"title game result analysis settings credits rules online sudoku-menu sudoku sudoku-result sudoku-rules"}
# picture SIZE LANG NAME ARGS...: one picture, the window at SIZE on a
# screen with room around it.
picture() {
    size=$1 lang=$2 name=$3
    shift 3
    mkdir -p "$out/$size"
    cfg=$(mktemp -d)
    MSC_CONFIG_DIR="$cfg" timeout 300 xvfb-run -a -s "-screen 0 2000x1200x24" \
        "$bin" --size "$size" --lang "$lang" "$@" \
        --screenshot "$out/$size/$lang-$name.png" >/dev/null 2>&1 ||
        echo "failed: $size $lang $name" >&2
    rm -rf "$cfg"
}
for size in $sizes; do
    for lang in $langs; do
        for s in $screens; do
            case $s in
            title | settings | credits | rules | online) picture "$size" "$lang" "$s" --show "$s" ;;
            game) picture "$size" "$lang" game --seed 1 --fen "$fen" \
                --script "Nf3 Nc8 d2d4 a9a8 e2e3 Nd6 Ng5 d9* Bd3" ;;
            result) picture "$size" "$lang" result --fen "$fen" --script "e2e3 f9f8 Qh5 g9g7 Qh7#" ;;
            analysis) picture "$size" "$lang" analysis --fen "$fen" \
                --script "e2e3 f9f8 Qh5 g9g7 Qh7# analyse back back" --wait 300 ;;
            sudoku-menu) picture "$size" "$lang" sudoku-menu --show sudoku ;;
            sudoku) picture "$size" "$lang" sudoku --sudoku C6-1AY --wait 20 ;;
            sudoku-result) picture "$size" "$lang" sudoku-result --daily 2026-12-02 \
                --script "$lose" --wait 60 ;;
            sudoku-rules) picture "$size" "$lang" sudoku-rules --sudoku C6-1AY --show rules --wait 20 ;;
            *) echo "unknown screen $s" >&2 ;;
            esac
        done
        echo "$out/$size/$lang-*.png"
    done
done
