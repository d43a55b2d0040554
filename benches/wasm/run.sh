#!/bin/sh
# The computer's search from the start position, one second at a time,
# natively and as WebAssembly in Node.js (V8, the engine of Chromium):
# does the browser's search keep pace with the desktop's? Kept out of CI.
# Installs the wasm32 target and wasm-bindgen-cli (the version
# Cargo.toml pins) when missing; needs Node.js. Usage: benches/wasm/run.sh
set -eu
here=$(cd "$(dirname "$0")" && pwd)
rustup target list --installed | grep -qx wasm32-unknown-unknown ||
    rustup target add wasm32-unknown-unknown
wb=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$here/Cargo.toml")
[ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $wb" ] ||
    cargo install wasm-bindgen-cli --version "$wb"
target="$here/../../target/wasm-bench"
cd "$here"
echo "native (release, this CPU):"
cargo run --quiet --release --target-dir "$target" --bin wasm_bench
# Both ways, whatever .cargo/config.toml asks for (RUSTFLAGS overrides it).
for simd in - +; do
    RUSTFLAGS="-C target-feature=${simd}simd128" cargo build --quiet --release \
        --target-dir "$target/simd$simd" --target wasm32-unknown-unknown --lib
    out="$target/pkg-simd$simd"
    wasm-bindgen --target nodejs --out-dir "$out" \
        "$target/simd$simd/wasm32-unknown-unknown/release/wasm_bench.wasm"
    [ "$simd" = + ] && with=", with SIMD (simd128, as the game ships)" || with=", WebAssembly 1.0"
    echo "WebAssembly in Node.js $(node --version)$with:"
    node run.cjs "$out"
done
