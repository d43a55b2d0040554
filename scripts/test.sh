#!/bin/sh
# The test command (README, .ci/run): installs what is missing, lints and
# builds the tests in one pass, runs them, then type-checks and lints the
# web build. Clippy runs as the compiler of our own crates while the tests
# build (clippy-driver is rustc with more lints), instead of a separate
# `cargo clippy`, which would check every dependency once more: on CI's two
# cores that saved about 7 minutes of a cold run. The lints are the same as
# `cargo clippy --workspace --all-targets -- -D warnings` (the workspace has
# no benches or examples: its targets are the libraries, the game binary
# and the two test binaries, all built by `cargo test`).
set -e
cd "$(dirname "$0")/.."
sh scripts/deps.sh
DRIVER=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
RUSTC_WORKSPACE_WRAPPER=$DRIVER \
    CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" \
    cargo test --workspace
sh scripts/web.sh check
