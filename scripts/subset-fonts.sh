#!/bin/sh
# Rewrites the fonts in assets/fonts/ as subsets: only the scripts and
# symbols a player meets (Latin, Greek, Cyrillic, punctuation, arrows,
# maths, shapes, chess and other symbols). Every font is compiled into the
# game, so each glyph left out is less to download on the web (the full
# fonts were 2.9 MB of the wasm). Hinting is dropped: neither Bevy (hinting
# off by default) nor egui uses it. tests/i18n/glyphs.rs checks that every
# text of every language still finds its glyphs.
#
# A maintainer's tool, not part of the build: run it after changing the
# ranges below. Sources: Debian's fonts-dejavu-core (DejaVu Sans and Bold)
# and egui's epaint_default_fonts crate (Hack, Noto Emoji), both installed
# when missing; fontTools' pyftsubset from PyPI.
set -e
cd "$(dirname "$0")/.."
OUT=assets/fonts

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}
DEJAVU=/usr/share/fonts/truetype/dejavu
[ -f "$DEJAVU/DejaVuSans.ttf" ] ||
    { as_root apt-get update -q && as_root apt-get install -y -q fonts-dejavu-core; }
command -v pyftsubset >/dev/null || python3 -m pip install --user -q fonttools
PATH="$PATH:$HOME/.local/bin"
# The crate's folder, from cargo's own metadata (it is a dev-dependency).
EGUI=$(cargo metadata --format-version 1 --filter-platform "$(rustc -vV | sed -n "s/host: //p")" |
    python3 -c 'import json,sys,os
m=json.load(sys.stdin)
print(next(os.path.dirname(p["manifest_path"]) for p in m["packages"] if p["name"]=="epaint_default_fonts"))')/fonts

TEXT="U+0020-007E,U+00A0-024F,U+0370-03FF,U+0400-052F,U+1E00-1EFF"
SYMBOLS="U+2000-206F,U+20A0-20CF,U+2100-214F,U+2190-21FF,U+2200-22FF,U+2300-23FF,U+25A0-25FF,U+2600-26FF,U+2700-27BF"
subset() { # source, output, unicodes
    pyftsubset "$1" --unicodes="$3" --layout-features='*' --no-hinting \
        --output-file="$OUT/$2"
    echo "$2: $(wc -c <"$1" | tr -d ' ') -> $(wc -c <"$OUT/$2" | tr -d ' ') bytes"
}
subset "$DEJAVU/DejaVuSans.ttf" DejaVuSans.ttf "$TEXT,$SYMBOLS"
subset "$DEJAVU/DejaVuSans-Bold.ttf" DejaVuSans-Bold.ttf "$TEXT,$SYMBOLS"
# The move list and board codes (egui's monospace family).
subset "$EGUI/Hack-Regular.ttf" Hack-Regular.ttf "$TEXT,U+2000-206F,U+2190-21FF"
# egui's colourful-looking emoji for the few the interface shows:
# bomb, blast, check mark, warning.
subset "$EGUI/NotoEmoji-Regular.ttf" NotoEmoji-Regular.ttf "U+1F4A3,U+1F4A5,U+2714,U+26A0"
cp "$EGUI/Hack-Regular.txt" "$OUT/Hack-LICENSE.txt"
cp "$EGUI/OFL.txt" "$OUT/NotoEmoji-LICENSE.txt"
# Ubuntu Light is compiled in unmodified from the crate; its licence travels too.
cp "$EGUI/UFL.txt" "$OUT/Ubuntu-LICENSE.txt"
