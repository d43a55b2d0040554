#!/bin/sh
# Renders the README's screenshots under Xvfb with Mesa's software Vulkan:
# the start, a blast, fog with counts, check, checkmate and swept cells.
#   sh scripts/screenshots.sh [OUTDIR]     (default docs/screenshots)
# Needs: xvfb and mesa-vulkan-drivers (installed when missing).
set -e
cd "$(dirname "$0")/.."
out="${1:-docs/screenshots}"
mkdir -p "$out"
sh scripts/deps.sh shots
cargo build
bin=target/debug/minesweeper_chess
# The classic start with four known mines: d7, b6, g6, e5.
fen="rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 8/8/8/fffxffff/fxffffxf/ffffxfff/ffffffff/8/8/8"
shot() {
    name="$1"; shift
    # A private settings folder: default theme and animation speed.
    MSC_CONFIG_DIR="$(mktemp -d)" timeout 300 xvfb-run -a -s "-screen 0 1280x800x24" \
        "$bin" "$@" --screenshot "$out/$name.png" >/dev/null 2>&1
    echo "$out/$name.png"
}
shot start --seed 1 --fen "$fen"
shot blast --fen "$fen" --script "Nf3 Nc8 Ne5" --wait 18
shot fog --fen "$fen" --script "Nf3 Nc8 d2d4 a9a8 e2e3 Nd6 Ng5"
shot check --fen "$fen" --script "e2e3 d9d8 Ba6+" --wait 30
shot checkmate --fen "$fen" --script "e2e3 f9f8 Qh5 g9g7 Qh7#"
# Wide fog reaches the pawns' cells ahead: sweeps leave swept marks.
shot swept --preset wide_fog.ron --seed 3 --script "e2* d9* d2* c9*"
