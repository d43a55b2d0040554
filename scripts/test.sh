#!/bin/sh
# The test command (README, .ci/run): installs what is missing, lints and
# builds the tests in one pass, runs them, then builds the web version
# (linted the same way) and plays it in headless Chromium.
#
# Clippy runs as the compiler of our own crates while the tests build
# (clippy-driver is rustc with more lints) instead of a separate `cargo
# clippy`, which would check every dependency once more: the lints are
# those of `cargo clippy --workspace --all-targets -- -D warnings` (the
# workspace has no benches or examples: its targets are the libraries and
# the test binaries, all built by `cargo test`).
#
# What keeps a cold run short on CI's two cores:
# - the game's library without its `window` feature: the tests run
#   headless, so the renderer (wgpu, naga, the 2D pipelines) is not built;
#   the browser test below builds, lints and plays the whole game,
#   window included;
# - the `ci` profile: dependencies not optimised (Cargo.toml);
# - `--target` the host: build scripts and proc-macros are then built the
#   same way as for the web check's cross build, which reuses them.
set -e
cd "$(dirname "$0")/.."
sh scripts/deps.sh
# The server's PostgreSQL tests: a throwaway server on loopback, stopped
# at the end however the run ends.
. scripts/pg-lib.sh
PG_FSYNC=off pg_start
trap pg_stop EXIT
DRIVER=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
HOST=$(rustc -vV | sed -n 's/^host: //p')
RUSTC_WORKSPACE_WRAPPER=$DRIVER \
    CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" \
    cargo test --workspace --profile ci --no-default-features --target "$HOST"
# Several server nodes on the PostgreSQL above, one killed and one stopped
# mid-game (the short form; the binary the server's tests built).
QUICK=1 BIN="target/$HOST/ci/minesweeper_server" sh scripts/cluster-test.sh
# The cluster under the faults real networks make (the short form: a node
# paused, cut from the database, its answers lost, the database restarted,
# a node killed during a take-over, a node's clock 20 s ahead), each
# checked for moves lost or doubled, games stuck, waits and clock charged.
QUICK=1 BIN="target/$HOST/ci/minesweeper_server" sh scripts/cluster-faults.sh
# The browser test on the quick web build (profile web-quick: the game's
# wasm linted by clippy as it builds, served on loopback and played in
# headless Chromium: menus pressed by name, moves by mouse and touch, a
# reload, the computer, checkmate, Sweeper Sudoku, four languages).
QUICK=1 sh scripts/web-test.sh
# The online browser test on the same quick build: the server of the tests
# above serves it; two Chromium pages play each other through it, one
# reloads mid-game.
SKIP_BUILD=1 DIST=target/web-quick/dist SERVER="target/$HOST/ci/minesweeper_server" \
    OUT=target/web-online sh scripts/web-online-test.sh
