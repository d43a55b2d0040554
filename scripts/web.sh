#!/bin/sh
# The web version: `sh scripts/web.sh` builds it into dist/;
# `sh scripts/web.sh serve` builds it and serves it on http://127.0.0.1:8080
# (PORT=... to change) with web/serve.py, which sends the precompressed
# .br/.gz copies with their Content-Encoding. Installs what is missing: the
# wasm32 target (rustup), brotli (apt), wasm-bindgen-cli at exactly the version in Cargo.lock (crates.io)
# and binaryen's wasm-opt (npm, web/package.json: Debian 12's binaryen 108
# is too old for today's rustc output and produces a module that fails to
# start). SKIP_BUILD=1 serves dist/ as it is; WASM_OPT=0 skips wasm-opt
# (a bigger download, a quicker build). `sh scripts/web.sh check` installs
# the target if needed and type-checks and lints the web build (see below).
# The build is also an installable app that plays offline: a manifest, the
# icons (web/icons/) and a service worker (sw.js, filled in with the
# build's version and its list of files, see below).
set -e
cd "$(dirname "$0")/.."
MODE=${1:-build}
# Where the build goes (the test command's quick build keeps its own).
DIST=${DIST:-dist}
PORT=${PORT:-8080}

# `check`: part of the test command. Installs the wasm32 target when it is
# missing (rustup, as the web build does) and type-checks and lints the web
# build (clippy, warnings are errors), so every machine that runs the tests
# checks that the browser game compiles and its web-only code stays clean.
if [ "$MODE" = check ]; then
    rustup target list --installed | grep -qx wasm32-unknown-unknown ||
        rustup target add wasm32-unknown-unknown
    # PROFILE=ci (the test command) shares its build scripts and proc-macros.
    exec cargo clippy --profile "${PROFILE:-dev}" -p minesweeper_chess \
        --target wasm32-unknown-unknown --bin minesweeper_chess -- -D warnings
fi

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

if [ -z "$SKIP_BUILD" ]; then
    rustup target list --installed | grep -qx wasm32-unknown-unknown ||
        rustup target add wasm32-unknown-unknown
    # wasm-bindgen-cli must match the wasm-bindgen crate the game links.
    WB=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print }' Cargo.lock)
    if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WB" ]; then
        env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS cargo install wasm-bindgen-cli --version "$WB"
    fi
    [ -x web/node_modules/.bin/wasm-opt ] ||
        (cd web && npm install --no-audit --no-fund)
    # Brotli for the precompressed copies (Debian's brotli package).
    command -v brotli >/dev/null ||
        { as_root apt-get update -q && as_root apt-get install -y -q brotli; }

    # -p: the game's own features (the workspace's server asks for the
    # OS's randomness, which the browser build has not).
    # WEB_PROFILE=web-quick: the test command's quick build (Cargo.toml).
    WEB_PROFILE=${WEB_PROFILE:-web-release}
    [ -n "$SKIP_CARGO" ] ||
        cargo build -p minesweeper_chess --profile "$WEB_PROFILE" --target wasm32-unknown-unknown \
            --bin minesweeper_chess --no-default-features --features window
    RAW=${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/$WEB_PROFILE/minesweeper_chess.wasm

    rm -rf $DIST
    mkdir -p $DIST/levels/sudoku $DIST/assets/i18n $DIST/assets/fonts
    wasm-bindgen --target web --no-typescript --out-dir $DIST \
        --out-name minesweeper_chess "$RAW"
    if [ "${WASM_OPT:-1}" != 0 ]; then
        # Size over speed; the feature flags are what rustc's wasm32 target emits.
        web/node_modules/.bin/wasm-opt ${WASM_OPT_LEVEL:--Os} --strip-debug \
            --enable-bulk-memory --enable-nontrapping-float-to-int \
            --enable-sign-ext --enable-mutable-globals --enable-reference-types \
            --enable-multivalue --enable-simd \
            $DIST/minesweeper_chess_bg.wasm -o $DIST/minesweeper_chess_bg.opt.wasm
        mv $DIST/minesweeper_chess_bg.opt.wasm $DIST/minesweeper_chess_bg.wasm
    fi

    cp web/index.html $DIST/
    # The game as an app: its manifest and icons (scripts/render-icons.py).
    cp web/manifest.webmanifest $DIST/
    mkdir -p $DIST/icons && cp web/icons/*.png $DIST/icons/
    # The fonts are inside the wasm; their licences and the credits travel along.
    cp assets/CREDITS.md $DIST/assets/
    cp assets/fonts/*-LICENSE.txt $DIST/assets/fonts/
    # Folders cannot be listed over HTTP: the game reads these indexes.
    # The translations: the game reads them through its asset server; the
    # page's own words (before the game runs) come from the same files.
    cp assets/i18n/*.ftl $DIST/assets/i18n/
    # Piece art and sounds load through the asset server after the game
    # starts (not inside the wasm): the title screen is up before they are.
    for d in assets/pieces/*/; do
        mkdir -p "$DIST/$d" && cp "$d"*.png "$d"LICENSE.txt "$DIST/$d"
    done
    mkdir -p $DIST/assets/sounds && cp assets/sounds/*.wav $DIST/assets/sounds/
    sh scripts/page-texts.sh assets/i18n > $DIST/texts.js
    cp levels/*.ron levels/README.md $DIST/levels/
    (cd levels && ls *.ron) > $DIST/levels/index.txt
    cp levels/sudoku/*.ron $DIST/levels/sudoku/
    (cd levels/sudoku && ls *.ron) > $DIST/levels/sudoku/index.txt

    size() { wc -c <"$1" | tr -d ' '; }
    W=$DIST/minesweeper_chess_bg.wasm
    # The page counts the download against the size the browser ends up
    # with (it undoes the compression).
    echo "window.mscWasmBytes = $(size "$W");" > $DIST/build.js
    # Precompressed copies beside the big files: a host sends FILE.br (or
    # FILE.gz) with Content-Encoding to a browser that accepts it.
    for f in "$W" $DIST/minesweeper_chess.js $DIST/assets/sounds/*.wav; do
        gzip -9 -k -f "$f"
        # BROTLI=0 (the quick build): gzip alone, brotli on a big
        # unoptimised wasm takes minutes.
        [ "${BROTLI:-1}" = 0 ] || brotli -q "${BROTLI_QUALITY:-11}" -k -f "$f"
    done
    # The service worker (web/sw.js) keeps every file of the build for
    # offline play. Written in here: the build's version, a hash of the
    # files (an unchanged build keeps its cache; any change makes a new
    # one), also in build.js as window.mscBuild; and the list of files to
    # keep, every one in dist/ but the compressed copies and sw.js itself.
    FILES=$(cd $DIST && find . -type f ! -name '*.br' ! -name '*.gz' ! -name sw.js ! -name build.js |
        sed 's|^\./||' | LC_ALL=C sort)
    if printf '%s\n' "$FILES" | grep -q '[" \\|&]'; then
        echo "a file name the service worker's list cannot hold:" $(printf '%s\n' "$FILES" | grep '[" \\|&]') >&2
        exit 1
    fi
    VERSION=$(cd $DIST && printf '%s\n' "$FILES" | xargs sha256sum | sha256sum | cut -c1-16)
    echo "window.mscBuild = \"$VERSION\";" >> $DIST/build.js
    LIST=$(printf '%s\n' build.js $FILES | LC_ALL=C sort |
        awk 'BEGIN { printf "[" } { printf "%s\"%s\"", (NR > 1 ? ", " : ""), $0 } END { printf "]" }')
    sed -e "s|\"__BUILD__\"|\"$VERSION\"|" -e "s|\[\"__FILES__\"\]|$LIST|" web/sw.js > $DIST/sw.js
    if grep -q '__BUILD__\|__FILES__' $DIST/sw.js; then
        echo "$DIST/sw.js: the version or the file list was not written in" >&2
        exit 1
    fi
    echo "service worker: build $VERSION, $(printf '%s\n' build.js $FILES | wc -l | tr -d ' ') files to keep offline"
    echo "wasm: $(size "$RAW") bytes from rustc, $(size "$W") in $DIST/," \
        "$(size "$W.gz") gzipped$([ "${BROTLI:-1}" = 0 ] || echo ", $(size "$W.br") with brotli")"
    echo "$DIST/: $(du -sh $DIST | cut -f1) in all"
fi

if [ "$MODE" = serve ]; then
    echo "serving $DIST/ on http://127.0.0.1:$PORT/ (Ctrl-C stops)"
    exec python3 web/serve.py --port "$PORT" --bind 127.0.0.1 $DIST
fi
