#!/bin/sh
# Frame time of a web build in headless Chromium, measured RUNS times: each
# run loads the page, starts a game, plays five moves and records the time
# to the first frame and the median gap between animation frames over
# MEASURE_S seconds on the board (web/browser-test.mjs with MEASURE=1).
# Prints each run and the medians across runs.
#   sh scripts/web-frames.sh [DIST] [RUNS]      (default dist/, 3 runs)
# Works on older builds too (nothing is checked about the download), so a
# build from another commit can be compared with this one.
set -e
cd "$(dirname "$0")/.."
DIST=${1:-dist}
RUNS=${2:-3}
PORT=${PORT:-8094}
[ -f "$DIST/index.html" ] || { echo "no web build in $DIST/ (sh scripts/web.sh)" >&2; exit 1; }
[ -d web/node_modules/playwright-core ] ||
    (cd web && npm install --no-audit --no-fund)
python3 web/serve.py --port "$PORT" --bind 127.0.0.1 "$DIST" >/dev/null 2>&1 &
SERVER=$!
TMP=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null; rm -rf "$TMP"' EXIT INT TERM
sleep 1
i=1
while [ "$i" -le "$RUNS" ]; do
    MEASURE=1 MEASURE_S=${MEASURE_S:-20} node web/browser-test.mjs \
        "http://127.0.0.1:$PORT/index.html?seed=11" "$TMP/$i" >/dev/null
    i=$((i + 1))
done
python3 - "$TMP" "$RUNS" <<'PY'
import json, statistics, sys
tmp, runs = sys.argv[1], int(sys.argv[2])
reports = [json.load(open(f"{tmp}/{i}/report.json")) for i in range(1, runs + 1)]
for i, r in enumerate(reports, 1):
    f = r["frame_ms"]
    print(f"run {i}: first frame {r['first_frame_ms']:.0f} ms, frame median {f['median']:.0f} ms, p90 {f['p90']:.0f} ms over {f['frames']} frames")
first = statistics.median(r["first_frame_ms"] for r in reports)
frame = statistics.median(r["frame_ms"]["median"] for r in reports)
print(f"median of {runs} runs: first frame {first:.0f} ms, frame {frame:.0f} ms")
PY
