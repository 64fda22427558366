#!/usr/bin/env bash
# What one frame costs with the heaviest patterns the limits admit, through the C API (issue 31, item 3;
# docs/reliability.md, "Frame bounds"): builds the C library (scripts/c-library.sh build) and
# Benchmarks/C/frame_bounds.c against it, writes its inputs into a temporary folder and runs it headless.
#
# usage: scripts/frame-bounds.sh [PLAYS_PER_PLAYER]   (fire-and-forget SDLH_PlayPattern per player, default 300)
#        LIBRARY_DIR=/other/.build-clib/c-library INCLUDE_DIR=/other/include scripts/frame-bounds.sh 0
#        measures another build of the library (a baseline) with the same program.
set -euo pipefail
cd "$(dirname "$0")/.."
plays=${1:-300}
if [ -z "${LIBRARY_DIR:-}" ]; then
    scripts/c-library.sh build >/dev/null
    LIBRARY_DIR=$(pwd)/.build-clib/c-library
fi
INCLUDE_DIR=${INCLUDE_DIR:-$(pwd)/include}
work=$(mktemp -d "${TMPDIR:-/tmp}/sdlhaptics-frame-bounds.XXXXXX")
trap 'rm -rf "$work"' EXIT
library=$(cd "$LIBRARY_DIR" && ls libsdlhaptics.so.*.*.* | head -n 1)
soname=${library%.*}
ln -sf "$LIBRARY_DIR/$library" "$work/$soname"
${CC:-cc} -std=c99 -O2 -Wall -Wextra -pedantic -Werror -I"$INCLUDE_DIR" $(pkg-config --cflags sdl2) \
    Benchmarks/C/frame_bounds.c -o "$work/frame_bounds" "$LIBRARY_DIR/$library" $(pkg-config --libs sdl2)
echo "frame-bounds: $LIBRARY_DIR/$library, load average $(cut -d' ' -f1-3 /proc/loadavg)"
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy LD_LIBRARY_PATH="$work" /usr/bin/time -f "frame-bounds: %e s, peak %M KB" \
    "$work/frame_bounds" "$work" "$plays"
