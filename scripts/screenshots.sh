#!/bin/sh
# Renders the README's and docs' screenshots under Xvfb with Mesa's
# software Vulkan: the start, a blast, fog with counts, check, checkmate,
# swept cells, a selected pawn, the promotion picker, a premove, the
# keyboard's cursor, looking back, the analysis, Sweeper Sudoku (a board,
# a won board's card, a lost board of the day's card) and the online game
# on the desktop (with ONLINE=1: a game server on loopback, the server
# binary in SERVER or built, and Python's websocket-client).
#   sh scripts/screenshots.sh [OUTDIR]     (default docs/screenshots)
# Needs: xvfb and mesa-vulkan-drivers (installed when missing).
set -e
cd "$(dirname "$0")/.."
out="${1:-docs/screenshots}"
. scripts/shot-lib.sh
shot start --seed 1 --fen "$fen"
shot blast --fen "$fen" --script "Nf3 Nc8 Ne5" --wait 18
shot fog --fen "$fen" --script "Nf3 Nc8 d2d4 a9a8 e2e3 Nd6 Ng5"
shot check --fen "$fen" --script "e2e3 d9d8 Ba6+" --wait 30
shot checkmate --fen "$fen" --script "e2e3 f9f8 Qh5 g9g7 Qh7#"
# Wide fog reaches the pawns' cells ahead: sweeps leave swept marks.
shot swept --preset wide_fog.ron --seed 3 --script "e2* d9* d2* c9*"
# A pawn picked up before the fog: its steps as dots, the sapper button on
# the fogged cell ahead.
shot select --preset wide_fog.ron --seed 3 --script "e2* d9* select:d2"
# A pawn taking into the last rank: the picker offers the preset's pieces.
shot promotion --preset grand_12x12.ron --fen "$promo" --script "b10c11 a12a11 select:c11 promote:b12"
# Black against the computer (Master) thinking over its first move, a
# premove queued in red.
shot premove --fen "$fen" --flip --script "computer:master:white premove:a9a8"
# The keyboard's cursor on e4 with the e2 pawn picked up.
shot keyboard-cursor --fen "$fen" --script "select:e2 cursor:e4"
# Looking back two moves: the board after Black's Nd6, and the odds it faced.
shot replay --fen "$fen" --script "Nf3 Nc8 d2d4 a9a8 e2e3 Nd6 Ng5 a8a7 back back"
# The analysis of a short mate, looking back at White's third move.
shot analysis --fen "$fen" --script "e2e3 f9f8 Qh5 g9g7 Qh7# analyse back back" --wait 300
# Sweeper Sudoku: the Easy 4×4 board, then won (its three mines probed,
# the cells filled by cards and pieces), then a board of the day lost.
shot sudoku --sudoku E4-7V
shot sudoku-result --sudoku E4-7V --script "$wipe" --wait 60
shot daily-result --daily 2026-12-02 --script "$lose" --wait 60
if [ "${ONLINE:-0}" = 1 ]; then
    . scripts/online-shots.sh
fi
