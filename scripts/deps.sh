#!/bin/sh
# Installs the Debian packages the build needs (and, with "run", the ones the
# game window needs), only when they are missing. Safe to run every time.
#   scripts/deps.sh        build and test: ALSA headers, pkg-config, mold,
#                          python3, PostgreSQL (the server's tests start their own,
#                          never the package's service), and clippy
#                          (rustup) for the lint step
#   scripts/deps.sh run    also X11/Vulkan runtime libraries for the window
#   scripts/deps.sh shots  also Xvfb, for screenshots without a display
set -e
need="pkg-config libasound2-dev mold"
if [ -z "${1:-}" ]; then
    # python3: the browser tests' file server and the cluster fault harness.
    need="$need postgresql python3"
fi
if [ "${1:-}" = "run" ] || [ "${1:-}" = "shots" ]; then
    need="$need libx11-6 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0 libvulkan1 mesa-vulkan-drivers"
fi
if [ "${1:-}" = "shots" ]; then
    need="$need xvfb xauth"
fi
missing=""
for p in $need; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "installing:$missing"
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
if ! command -v cargo >/dev/null 2>&1; then
    echo "cargo not found: install Rust from rustup first" >&2
    exit 1
fi
# The test command lints with clippy; a minimal rustup profile lacks it.
if [ -z "${1:-}" ] && ! cargo clippy --version >/dev/null 2>&1; then
    rustup component add clippy
fi
