# Shared by the screenshot scripts (sourced, with $out set): installs Xvfb
# when missing, builds the game, and defines `shot NAME ARGS...`, which runs
# the game under Xvfb with Mesa's software Vulkan and a fresh configuration
# folder (no saved game or settings leak in) and saves $out/NAME.png.
mkdir -p "$out"
sh scripts/deps.sh shots
# BIN=path uses a game binary built already (any profile with a window).
if [ -z "$BIN" ]; then
    cargo build
fi
bin=${BIN:-target/debug/minesweeper_chess}
# The classic start with four known mines: d7, b6, g6, e5.
mines="8/8/8/fffxffff/fxffffxf/ffffxfff/ffffffff/8/8/8"
fen="rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 $mines"
# A white pawn on b9, the last rank but one, the same minefield.
promo="r3k2r/1P3ppp/8/8/8/8/8/8/5PPP/R3K2R w KQkq - 0 1 $mines"
# Sweeper Sudoku's Easy 4×4 board E4-7V won: its three mines (cells 2, 4
# and 5, row by row from 0) probed.
wipe="probe:2 probe:4 probe:5"
# The board of the day 2026-12-02 (C6-TY1DKC) lost: three cards laid on
# mines (cells 4, 11 and 15) cost the three lives.
lose="place:0:4 place:0:11 place:0:15"
shot() {
    name=$1
    shift
    cfg=$(mktemp -d)
    # A screen larger than the window: the game opens at its own size.
    MSC_CONFIG_DIR="$cfg" timeout 300 xvfb-run -a -s "-screen 0 1920x1080x24" \
        "$bin" "$@" --screenshot "$out/$name.png" >/dev/null 2>&1
    rm -rf "$cfg"
    echo "$out/$name.png"
}
