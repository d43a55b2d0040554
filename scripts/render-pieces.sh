#!/bin/sh
# Renders the chess piece sets in assets/pieces/<set>/ as 128x128 PNGs with
# a transparent background, wK.png ... bP.png (w/b, then K Q R B N P), and
# writes each set's LICENSE.txt: for cburnett and simple from the texts
# their source packages ship, for Monge's sets with the MIT text below.
# Credits and licences: assets/CREDITS.md.
#
#   cburnett  Colin M.L. Burnett's Wikimedia pieces, CC BY-SA 3.0, from the
#             sprite assets/pieces/standard.svg in npm's cm-chessboard
#             (not its staunty.svg: that one is non-commercial)
#   fantasy, spatial, celtic
#             Maurizio Monge's sets from Debian's pychess; MIT, the author's
#             own licence for them in https://github.com/maurimo/chess-art
#             (Debian's copyright file gives all of pychess GPL-3+)
#   simple    GNOME Chess's set (W3C licence), inside the gresource bundle
#             of Debian's gnome-chess binary
#
# A maintainer's tool, not part of the build: run it after changing a source
# or the size. Installs what it lacks (librsvg2-bin, optipng, libglib2.0-bin,
# npm); pychess and gnome-chess are only downloaded and unpacked into a
# temporary folder (apt-get download, dpkg-deb -x), never installed.
# The same package versions give the same bytes: rsvg-convert writes no
# metadata, optipng -strip all removes any.
set -eu
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=assets/pieces
SIZE=128
CM_CHESSBOARD=cm-chessboard@8.15.1
# The W3C licence asks for the date of our changes to its files.
CHANGED=2026-12-02

need="librsvg2-bin optipng libglib2.0-bin python3"
command -v npm >/dev/null 2>&1 || need="$need npm"
missing=""
for p in $need; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ -n "$missing" ]; then
    echo "installing:$missing"
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
apt-cache show pychess >/dev/null 2>&1 || $sudo apt-get update -qq

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP"
# adwaita-icon-theme only for its copyright file, which carries the full
# CC BY-SA 3.0 Unported legal code (cm-chessboard ships just the notice).
apt-get download -qq -o APT::Sandbox::User="$(id -un)" pychess gnome-chess adwaita-icon-theme
for deb in *.deb; do dpkg-deb -x "$deb" deb; done
npm pack --silent "$CM_CHESSBOARD" >/dev/null
tar xzf cm-chessboard-*.tgz
version() { dpkg-deb -f "$TMP"/"$1"_*.deb Version; }
CM_VERSION=$(sed -n 's/^ *"version": *"\(.*\)",*$/\1/p' package/package.json)
PYCHESS=$TMP/deb/usr/share/pychess/pieces
EXTRACT="python3 $ROOT/scripts/piece-svgs.py"

mkdir -p svg/cburnett svg/simple
$EXTRACT sprite package/assets/pieces/standard.svg svg/cburnett
for set in fantasy spatial celtic; do
    mkdir -p "svg/$set"
    $EXTRACT sheet "$PYCHESS/$set/$set.svg" "svg/$set"
done
for c in white black; do
    for p in King:K Queen:Q Rook:R Bishop:B Knight:N Pawn:P; do
        gresource extract deb/usr/games/gnome-chess \
            "/org/gnome/Chess/pieces/simple/$c${p%:*}.svg" >in.svg
        $EXTRACT square in.svg "svg/simple/$(echo "$c" | cut -c1)${p#*:}.svg"
    done
done

for set in cburnett fantasy spatial celtic simple; do
    rm -rf "${ROOT:?}/$OUT/$set"
    mkdir -p "$ROOT/$OUT/$set"
    for c in w b; do
        for p in K Q R B N P; do
            png=$ROOT/$OUT/$set/$c$p.png
            rsvg-convert -w $SIZE -h $SIZE -f png -o "$png" "svg/$set/$c$p.svg"
            optipng -o2 -strip all -quiet "$png"
        done
    done
done

# Licences. Debian copyright files indent their text by one space and mark
# empty lines with " .": unfold() gives the plain text back.
unfold() { sed -e 's/^ \.[[:space:]]*$//' -e 's/^ //'; }
stanza() { # file, first line of the stanza: prints that paragraph
    awk -v head="$2" 'BEGIN { RS = "" } index($0, head) == 1 { print; exit }' "$1"
}
rule() { printf '\n%s\n\n' "------------------------------------------------------------------------"; }

{
    echo "Chess pieces \"cburnett\": assets/pieces/cburnett/{w,b}{K,Q,R,B,N,P}.png"
    echo
    echo "Author: Colin M.L. Burnett (https://en.wikipedia.org/wiki/User:Cburnett),"
    echo "with Rfc1394; adapted by Stefan Haack (shaack) for cm-chessboard."
    echo "Source: npm package cm-chessboard $CM_VERSION, file assets/pieces/standard.svg"
    echo "(https://github.com/shaack/cm-chessboard), copies of"
    echo "https://commons.wikimedia.org/wiki/Category:SVG_chess_pieces/Standard"
    echo "Licence: Creative Commons Attribution-ShareAlike 3.0 Unported (CC BY-SA 3.0)"
    echo "https://creativecommons.org/licenses/by-sa/3.0/"
    echo
    echo "Changes: each piece cut out of the sprite into its own SVG (its 40x40"
    echo "viewBox kept) and rasterised to a 128x128 PNG by scripts/render-pieces.sh."
    echo "These PNGs are a derived work and are licensed under CC BY-SA 3.0 as well."
    rule
    echo "The notice in assets/pieces/standard.svg of cm-chessboard $CM_VERSION:"
    echo
    sed -n '/^<?xml.*<!--$/,/^-->$/p' package/assets/pieces/standard.svg |
        sed -e '1d' -e '$d' | sed '/./,$!d'
    echo "The \"Licenses\" section of its README.md:"
    echo
    sed -n '/^## Licenses$/,/^---$/p' package/README.md | sed -e '1,2d' -e '$d'
    rule
    echo "cm-chessboard ships only the notice above, not the licence text. The full"
    echo "text below is the \"CC-BY-SA-3.0-Unported\" licence of Debian's copyright file"
    echo "for adwaita-icon-theme $(version adwaita-icon-theme) (/usr/share/doc/adwaita-icon-theme/copyright)."
    echo
    stanza deb/usr/share/doc/adwaita-icon-theme/copyright "License: CC-BY-SA-3.0-Unported" | sed 1d | unfold
} >"$ROOT/$OUT/cburnett/LICENSE.txt"

# The licence of Monge's sets: the LICENSE file of the author's repository
# https://github.com/maurimo/chess-art, whose fantasy/, spatial/ and celtic/
# folders hold the same sets. pychess ships no licence for its pieces folder.
monge_mit() {
    cat <<'MIT'
MIT License

Copyright (c) Maurizio Monge

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
MIT
}

for set in fantasy spatial celtic; do
    {
        echo "Chess pieces \"$set\": assets/pieces/$set/{w,b}{K,Q,R,B,N,P}.png"
        echo
        echo "Author: Maurizio Monge (https://poisson.phc.dm.unipi.it/~monge/)"
        echo "Source: Debian package pychess $(version pychess), file"
        echo "/usr/share/pychess/pieces/$set/$set.svg (https://pychess.github.io/)"
        echo "Licence relied on: MIT, the author's own licence for these sets in his"
        echo "repository https://github.com/maurimo/chess-art (LICENSE: 'MIT License,"
        echo "Copyright (c) Maurizio Monge'); its $set/ folder holds the same set as SVGs."
        echo
        echo "Debian's copyright file for pychess (/usr/share/doc/pychess/copyright)"
        echo "gives GPL-3+ to the whole package (\"Files: *\") without naming the"
        echo "pieces; we rely on the author's MIT grant for these sets."
        echo
        echo "Changes: each piece cut out of the 1200x400 sheet into its own SVG (its"
        echo "200x200 cell as the viewBox, as PyChess draws it) and rasterised to a"
        echo "128x128 PNG by scripts/render-pieces.sh; nothing else."
        rule
        monge_mit
    } >"$ROOT/$OUT/$set/LICENSE.txt"
done

{
    echo "Chess pieces \"simple\": assets/pieces/simple/{w,b}{K,Q,R,B,N,P}.png"
    echo
    echo "Author: Max Froumentin (W3C), as adapted by GNOME Chess"
    echo "Copyright (c) 1994-2002 World Wide Web Consortium, (Massachusetts Institute"
    echo "of Technology, Institut National de Recherche en Informatique et en"
    echo "Automatique, Keio University. All Rights Reserved."
    echo "Source: Debian package gnome-chess $(version gnome-chess), the resources"
    echo "/org/gnome/Chess/pieces/simple/*.svg inside /usr/games/gnome-chess"
    echo "(upstream: data/pieces/simple/*.svg, https://gitlab.gnome.org/GNOME/gnome-chess)"
    echo "Licence: W3C Software Notice and License, below."
    echo
    echo "Changes ($CHANGED): each SVG rasterised to a 128x128 PNG by"
    echo "scripts/render-pieces.sh; nothing else."
    rule
    echo "The notice at the top of each of the SVG files:"
    echo
    gresource extract deb/usr/games/gnome-chess /org/gnome/Chess/pieces/simple/whiteKing.svg |
        sed -n '/^<!--$/,/^-->$/p' | sed -e '1d' -e '$d'
    rule
    echo "The stanza for these files in /usr/share/doc/gnome-chess/copyright:"
    echo
    stanza deb/usr/share/doc/gnome-chess/copyright "Files: data/pieces/simple/" | unfold
} >"$ROOT/$OUT/simple/LICENSE.txt"

echo "cm-chessboard $CM_VERSION, pychess $(version pychess), gnome-chess $(version gnome-chess)," \
    "rsvg-convert $(rsvg-convert --version | cut -d' ' -f3), $(optipng --version | head -1)"
for set in cburnett fantasy spatial celtic simple; do
    echo "$OUT/$set: $(cat "$ROOT/$OUT/$set"/*.png | wc -c | tr -d ' ') bytes in 12 PNGs"
done
