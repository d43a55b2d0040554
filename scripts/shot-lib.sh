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
# Grand 12×12 (pawns promote to any piece): a white pawn on b10, a
# capture from the last rank but one; ten mines on ranks 4–9.
promo="rnrbnqkbnrnr/1ppppppppppp/1P10/12/12/12/12/12/12/12/P1PPPPPPPPPP/RNRBNQKBNRNR w - - 0 1 12/12/12/ffxfffffxfff/fffffxffffff/xffffffffxff/fffxffffffff/ffffffxfffxf/fxfffffffffx/12/12/12"
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
    # A screen with room for the game's own size (fit.rs), the pointer (in
    # its middle) over the board rather than a button.
    MSC_CONFIG_DIR="$cfg" timeout 300 xvfb-run -a -s "-screen 0 1280x1000x24" \
        "$bin" "$@" --screenshot "$out/$name.png" >/dev/null 2>&1
    rm -rf "$cfg"
    echo "$out/$name.png"
}
