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
fen="rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 8/8/8/fffxffff/fxffffxf/ffffxfff/ffffffff/8/8/8"
shot() {
    name=$1
    shift
    cfg=$(mktemp -d)
    MSC_CONFIG_DIR="$cfg" timeout 300 xvfb-run -a -s "-screen 0 1280x800x24" \
        "$bin" "$@" --screenshot "$out/$name.png" >/dev/null 2>&1
    rm -rf "$cfg"
    echo "$out/$name.png"
}
