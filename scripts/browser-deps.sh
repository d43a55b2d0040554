#!/bin/sh
# What the browser tests need, installed when missing: Debian's chromium
# and the playwright-core npm package (web/package.json) that drives it.
set -e
cd "$(dirname "$0")/.."
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}
command -v chromium >/dev/null ||
    { as_root apt-get update -q && as_root apt-get install -y -q chromium; }
[ -d web/node_modules/playwright-core ] ||
    (cd web && npm install --no-audit --no-fund)
