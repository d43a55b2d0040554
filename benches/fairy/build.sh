#!/usr/bin/env bash
# Builds Fairy-Stockfish from source for the match harness (`match` in the
# CLI) and prints the binary's path. The sources come from PyPI's `pyffish`
# sdist (it ships the engine's C++ sources); the build is a large-board one
# (LARGEBOARDS: the 8x10 board needs more than 64 squares) with g++.
#
# Usage: benches/fairy/build.sh            -> target/fairy-stockfish/fairy-stockfish
# Env:   PYFFISH_VERSION (default 0.0.90), OUT_DIR (default target/fairy-stockfish)
# Kept out of CI: matches are measured by hand (see benches/fairy/README.md).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
version="${PYFFISH_VERSION:-0.0.90}"
out="${OUT_DIR:-$root/target/fairy-stockfish}"
bin="$out/fairy-stockfish"
if [ -x "$bin" ]; then echo "$bin"; exit 0; fi
command -v g++ >/dev/null || { echo "g++ is needed: apt-get install g++" >&2; exit 1; }
mkdir -p "$out/src"
cd "$out/src"
if [ ! -d "pyffish-$version" ]; then
  # An sdist only (--no-binary): the wheel holds no engine sources.
  python3 -m pip download --quiet --no-binary :all: --no-deps "pyffish==$version" -d . >&2
  tar xzf "pyffish-$version.tar.gz"
fi
src="pyffish-$version/src"
flags=(-std=c++17 -O3 -DNDEBUG -march=native -pthread -DIS_64BIT -DUSE_POPCNT
  -DLARGEBOARDS -DPRECOMPUTED_MAGICS -DNNUE_EMBEDDING_OFF -Wno-date-time)
mkdir -p obj
# Every engine source but the Python and JavaScript bindings.
find "$src" -name '*.cpp' ! -name pyffish.cpp ! -name ffishjs.cpp | sort > sources.txt
jobs="$(nproc 2>/dev/null || echo 2)"
export FLAGS="${flags[*]}"
while read -r f; do
  o="obj/$(echo "$f" | tr '/' '_').o"
  [ -f "$o" ] || echo "$f $o"
done < sources.txt | xargs -P "$jobs" -n 2 sh -c 'g++ $FLAGS -c "$0" -o "$1"'
g++ "${flags[@]}" obj/*.o -o "$bin"
echo "$bin"
