#!/usr/bin/env bash
# The floods our red team found superlinear (issue 31, round two; docs/reliability.md, "Issue 31, round two"),
# each at N and 4N, through the C API: builds the C library (scripts/c-library.sh build) and
# Benchmarks/C/floods.c against it, and runs it headless in a temporary folder.
#
# usage: scripts/floods.sh [N]   (default 1000: rules N and 4N for 4 players, commands 256 and 1,024 on 64
#                                 players, textures N and 4N for 4 players, names of 4,000 bytes in 2,000 rules)
#        LIBRARY_DIR=/other/.build-clib/c-library INCLUDE_DIR=/other/include scripts/floods.sh
#        measures another build of the library (a baseline) with the same program.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000}
if [ -z "${LIBRARY_DIR:-}" ]; then
    scripts/c-library.sh build >/dev/null
    LIBRARY_DIR=$(pwd)/.build-clib/c-library
fi
INCLUDE_DIR=${INCLUDE_DIR:-$(pwd)/include}
work=$(mktemp -d "${TMPDIR:-/tmp}/sdlhaptics-floods.XXXXXX")
trap 'rm -rf "$work"' EXIT
library=$(cd "$LIBRARY_DIR" && ls libsdlhaptics.so.*.*.* | head -n 1)
soname=${library%.*}
ln -sf "$LIBRARY_DIR/$library" "$work/$soname"
${CC:-cc} -std=c99 -O2 -Wall -Wextra -pedantic -Werror -I"$INCLUDE_DIR" $(pkg-config --cflags sdl2) \
    Benchmarks/C/floods.c -o "$work/floods" "$LIBRARY_DIR/$library" $(pkg-config --libs sdl2)
echo "floods: $LIBRARY_DIR/$library, load average $(cut -d' ' -f1-3 /proc/loadavg)"
run() { SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy LD_LIBRARY_PATH="$work" "$work/floods" "$work" "$@"; }
run rules "$n" 4; run rules $((4 * n)) 4
run commands 256 64; run commands 1024 64
run textures "$n" 4; run textures $((4 * n)) 4
run names 4000 2000
