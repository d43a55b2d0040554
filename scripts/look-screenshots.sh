#!/bin/sh
# Renders the look's screenshots under Xvfb (docs/screenshots/look/): the
# title at three window sizes, a game in each board theme, each piece set,
# the colour-blind palette, the result card, Sweeper Sudoku, both rules
# pages with their pictures, the settings and the credits. docs/look.md
# shows them.
#   sh scripts/look-screenshots.sh [OUTDIR]
set -e
cd "$(dirname "$0")/.."
out="${1:-docs/screenshots/look}"
. scripts/shot-lib.sh
# shot NAME SETTINGS ARGS...: with a settings file (pieces, theme, ...).
look() {
    name=$1
    settings=$2
    shift 2
    cfg=$(mktemp -d)
    printf '%s' "$settings" > "$cfg/settings.ron"
    # Room for the game's own size with the pointer (in the screen's
    # middle) over the board; a larger screen for a --size larger than it.
    screen=1280x1000
    case "$*" in *--size*) screen=2000x1200 ;; esac
    MSC_CONFIG_DIR="$cfg" timeout 300 xvfb-run -a -s "-screen 0 ${screen}x24" \
        "$bin" "$@" --screenshot "$out/$name.png" >/dev/null 2>&1
    rm -rf "$cfg"
    echo "$out/$name.png"
}
fog="Nf3 Nc8 d2d4 a9a8 e2e3 Nd6 Ng5"
look title "()" --show title
look title-1280x720 "()" --show title --size 1280x720
look title-1920x1080 "()" --show title --size 1920x1080
look title-phone "()" --show title --size 390x844
for t in Walnut Tournament Ocean Slate; do
    look "theme-$t" "(theme: $t)" --fen "$fen" --script "$fog"
done
look theme-Tournament-inside "(theme: Tournament, coordinates_inside: true)" --fen "$fen" --script "$fog"
look palette-colour-blind "(palette: ColourBlind)" --fen "$fen" --script "$fog"
for p in Cburnett Fantasy Spatial Celtic Simple Glyphs; do
    look "pieces-$p" "(pieces: $p)" --fen "$fen" --script "Nf3 Nc8 Ne5" --wait 18
done
look result "()" --fen "$fen" --script "e2e3 f9f8 Qh5 g9g7 Qh7#"
look game-phone "()" --fen "$fen" --script "$fog" --size 390x844
look sudoku "()" --sudoku E4-7V
look sudoku-phone "()" --sudoku E4-7V --size 390x844
look rules "()" --show rules
look rules-sudoku "()" --sudoku E4-7V --show rules
look settings "()" --show settings
look credits "()" --show credits
