#!/bin/sh
# Renders the README's screenshots under Xvfb with Mesa's software Vulkan:
# the start, a blast, fog with counts, check, checkmate and swept cells.
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
# Looking back two moves: the board after Black's Nd6, and the odds it faced.
shot replay --fen "$fen" --script "Nf3 Nc8 d2d4 a9a8 e2e3 Nd6 Ng5 a8a7 back back"
# The analysis of a short mate, looking back at White's third move.
shot analysis --fen "$fen" --script "e2e3 f9f8 Qh5 g9g7 Qh7# analyse back back" --wait 300
