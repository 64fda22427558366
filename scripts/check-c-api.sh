#!/bin/sh
# The C API's tests (issue 16): installs SDLHaptics into a temporary PREFIX with `make install`,
# then, with only `pkg-config --cflags --libs sdlhaptics` for flags, the system compilers
#   - compile include/sdlhaptics.h alone, warning-free, as C99 and as C++11
#     (-Wall -Wextra -pedantic -Werror), and with SDL included before or after it;
#   - check that the header states its size and count limits only as SDLH_MAX_*/SDLH_MIN_* macros
#     (Tests/C/test_limits.c checks each against the library);
#   - build and run every Tests/C/test_*.c (virtual pads attached through SDL in C; exact rumble
#     values, hot reload, error codes, (0,0) on quit, limits at their edges);
#   - run Tests/C/test_session.c again under valgrind (10,000 frames, posts of every kind, a config
#     hot-reloaded by the watcher thread): no memory error and no leak, or the check fails
#     (valgrind comes from make deps; docs/reliability.md, "Under valgrind");
#   - build Tests/C/legacy/test_legacy_api.c against the header from before issue 25 it carries and run it against
#     today's library (the header is a public API: a game built with an older header keeps working);
#   - check that SDLH_DEPRECATED stays silent unless a game defines SDLH_WARN_DEPRECATED;
#   - build and run the examples in Demo/Examples/c headless;
#   - build the 30-line integration from docs/c-api.md verbatim and run it until SIGTERM (SDL turns
#     it into SDL_QUIT: the loop ends, SDLH_Quit, exit 0);
#   - build that program again with the docs' CMake lines (find_package(SDLHaptics) from the install,
#     CMAKE_PREFIX_PATH) and run it; CMake comes from make deps;
#   - SDL3 (issue 32; make test points PKG_CONFIG_PATH at the test rig when the system has no SDL3): the
#     header after <SDL3/SDL.h> and alone with sdlhaptics3.pc's flags (C99, C++11); every
#     Tests/C/sdl3/test_*.c built with `pkg-config --cflags --libs sdlhaptics3` and run; the same game
#     (Tests/C/sdl3/parity_trace.c) built against both flavours, whose traces must be identical; the SDL3
#     example in Demo/Examples/c. Without an SDL3 this part fails: it never silently skips.
# `make test` runs it. Headless: SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/sdlhaptics-c-api.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
# The system compilers; a machine with only the Swift toolchain has its clang.
CC=${CC:-$(command -v cc || command -v clang || echo cc)}
CXX=${CXX:-$(command -v c++ || command -v clang++ || echo c++)}
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

echo "c-api: make install PREFIX=$prefix"
make --no-print-directory install PREFIX="$prefix" > "$work/install.log" 2>&1 || { cat "$work/install.log" >&2; exit 1; }

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
flags=$(pkg-config --cflags --libs sdlhaptics)
export LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
config=$(find "$prefix/share/sdlhaptics" -name haptics.toml | head -n 1)
[ -n "$config" ] || { echo "c-api: the install has no share/sdlhaptics/.../haptics.toml" >&2; exit 1; }
strict="-Wall -Wextra -pedantic -Werror"
failed=0

# The header alone, both languages, both include orders.
printf '#include "sdlhaptics.h"\nint main(void) { return SDLH_WasInit(); }\n' > "$work/header_only.c"
printf '#include "sdlhaptics.h"\n#include "SDL.h"\nint main(void) { SDL_version v; SDLH_VERSION(&v); return v.major; }\n' > "$work/header_first.c"
printf '#include "SDL.h"\n#include "sdlhaptics.h"\nint main() { SDLH_Collision c; SDLH_STRUCT_INIT(c); return SDLH_PostCollision(&c) == SDLH_ERROR_NOT_INITIALIZED ? 0 : 1; }\n' > "$work/header_cpp.cpp"
for source in header_only.c header_first.c; do
  $CC -std=c99 $strict "$work/$source" -o "$work/${source%.c}" $flags || { echo "c-api: FAILED: $source as C99" >&2; failed=1; }
done
$CXX -std=c++11 $strict "$work/header_cpp.cpp" -o "$work/header_cpp" $flags || { echo "c-api: FAILED: the header as C++11" >&2; failed=1; }
[ -x "$work/header_cpp" ] && { "$work/header_cpp" || { echo "c-api: FAILED: header_cpp" >&2; failed=1; }; }
[ "$failed" = 0 ] && echo "ok: include/sdlhaptics.h compiles warning-free as C99 and C++11"

# Every size and count limit is stated once, as an SDLH_MAX_* / SDLH_MIN_* macro that the prose
# names (Tests/C/test_limits.c checks each against the library): no number in thousands or MiB in
# the prose, where it could drift from the library (issue 26: the prose said 16 MiB, the library 8).
stray=$(grep -n -E '[0-9],[0-9]{3}|[0-9] ?[KMG]iB' include/sdlhaptics.h | grep -v -E '^[0-9]+:#define SDLH_(MAX|MIN)_' || true)
if [ -n "$stray" ]; then
  printf '%s\n' "$stray" >&2; echo "c-api: FAILED: include/sdlhaptics.h states a limit in prose: name its SDLH_MAX_* macro" >&2; failed=1
else
  echo "ok: include/sdlhaptics.h states its limits as SDLH_MAX_*/SDLH_MIN_* macros only"
fi

# The tests.
for source in Tests/C/test_*.c; do
  name=$(basename "$source" .c)
  if ! $CC -std=c99 $strict -ITests/C "$source" -o "$work/$name" $flags -lm; then
    echo "c-api: FAILED to build $source" >&2; failed=1; continue
  fi
  mkdir -p "$work/$name.data"
  "$work/$name" "$work/$name.data" "$config" || { echo "c-api: FAILED: $name" >&2; failed=1; }
done

# A whole session under valgrind: any memory error (a jump on uninitialised memory, an invalid
# read) or a definite or indirect leak fails it. No suppression file: SDL reports nothing in this
# headless setup; one would hold only SDL's own reports, each named and explained.
if [ -x "$work/test_session" ]; then
  if valgrind --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite,indirect \
       "$work/test_session" "$work/test_session.data" "$config" > "$work/valgrind.log" 2>&1; then
    echo "ok: test_session under valgrind: $(grep -o 'ERROR SUMMARY: [0-9]* errors' "$work/valgrind.log")"
  else
    cat "$work/valgrind.log" >&2; echo "c-api: FAILED: test_session under valgrind" >&2; failed=1
  fi
fi

# A game built against the header from before issue 25 (its own folder first for "sdlhaptics.h"), run against today's library.
if $CC -std=c99 $strict -ITests/C/legacy Tests/C/legacy/test_legacy_api.c -o "$work/test_legacy_api" $flags; then
  mkdir -p "$work/test_legacy_api.data"
  "$work/test_legacy_api" "$work/test_legacy_api.data" "$config" || { echo "c-api: FAILED: test_legacy_api" >&2; failed=1; }
else
  echo "c-api: FAILED to build Tests/C/legacy/test_legacy_api.c with the header from before issue 25" >&2; failed=1
fi

# Deprecated fields warn only when asked: a -Werror game keeps building, SDLH_WARN_DEPRECATED names the replacement.
printf '#include "SDL.h"\n#include "sdlhaptics.h"\nint main(void) { SDLH_Hit hit; SDLH_STRUCT_INIT(hit); hit.dealt = 1; return SDLH_PostHit(&hit) == SDLH_ERROR_NOT_INITIALIZED ? 0 : 1; }\n' > "$work/deprecated.c"
if ! $CC -std=c99 $strict "$work/deprecated.c" -o "$work/deprecated" $flags; then
  echo "c-api: FAILED: a use of the deprecated SDLH_Hit.dealt does not build with -Werror" >&2; failed=1
elif $CC -std=c99 $strict -DSDLH_WARN_DEPRECATED "$work/deprecated.c" -o "$work/deprecated" $flags 2> "$work/deprecated.log" \
     || ! grep -q "blow = SDLH_BLOW_DEALT" "$work/deprecated.log"; then
  cat "$work/deprecated.log" >&2; echo "c-api: FAILED: SDLH_WARN_DEPRECATED does not warn at SDLH_Hit.dealt, naming blow" >&2; failed=1
else
  echo "ok: SDLH_Hit.dealt builds silently, and warns (naming its replacement) with SDLH_WARN_DEPRECATED"
fi

# The examples, headless, with the installed config.
$CC -std=c99 $strict Demo/Examples/c/collision_footstep_texture.c -o "$work/example-c" $flags \
  && "$work/example-c" --headless --config "$config" || { echo "c-api: FAILED: the C example" >&2; failed=1; }
$CXX -std=c++11 $strict Demo/Examples/c/rumble_cpp.cpp -o "$work/example-cpp" $flags \
  && "$work/example-cpp" --headless --config "$config" || { echo "c-api: FAILED: the C++ example" >&2; failed=1; }

# The 30-line integration, verbatim from docs/c-api.md.
sed -n '/<!-- integration:begin -->/,/<!-- integration:end -->/p' docs/c-api.md | sed '1,2d;$d' | sed '$d' > "$work/integration.c"
lines=$(wc -l < "$work/integration.c")
if $CC -std=c99 $strict "$work/integration.c" -o "$work/integration" $flags; then
  "$work/integration" "$config" & pid=$!
  sleep 1
  kill -TERM "$pid"
  if wait "$pid"; then echo "ok: the integration in docs/c-api.md ($lines lines) builds, runs and quits on SIGTERM"
  else echo "c-api: FAILED: the integration in docs/c-api.md did not exit cleanly" >&2; failed=1; fi
else
  echo "c-api: FAILED to build the integration in docs/c-api.md" >&2; failed=1
fi

# The CMake lines of docs/c-api.md (CMake comes from make deps): find_package(SDLHaptics) from the install.
if command -v cmake >/dev/null 2>&1; then
  mkdir -p "$work/cmake"
  cp "$work/integration.c" "$work/cmake/game.c"
  {
    echo 'cmake_minimum_required(VERSION 3.16)'
    echo 'project(game C)'
    echo 'add_executable(game game.c)'
    sed -n '/^```cmake$/,/^```$/p' docs/c-api.md | sed '1d;$d'
  } > "$work/cmake/CMakeLists.txt"
  if cmake -S "$work/cmake" -B "$work/cmake/build" -DCMAKE_PREFIX_PATH="$prefix" > "$work/cmake.log" 2>&1 \
     && cmake --build "$work/cmake/build" >> "$work/cmake.log" 2>&1; then
    "$work/cmake/build/game" "$config" & pid=$!
    sleep 1
    kill -TERM "$pid"
    if wait "$pid"; then echo "ok: the CMake lines in docs/c-api.md find SDLHaptics (find_package) in the install; the game runs"
    else echo "c-api: FAILED: the game built with the CMake lines of docs/c-api.md did not run cleanly" >&2; failed=1; fi
  else
    cat "$work/cmake.log" >&2; echo "c-api: FAILED: the CMake lines in docs/c-api.md" >&2; failed=1
  fi
else
  echo "c-api: FAILED: cmake not found (make deps installs it): the CMake lines in docs/c-api.md are not checked" >&2; failed=1
fi

# SDL3: the same API from libsdlhaptics3.
if ! pkg-config --exists 'sdl3 >= 3.2'; then
  echo "c-api: FAILED: pkg-config finds no sdl3 (make test sets up the test rig: make sdl3): the SDL3 flavour is not checked" >&2; failed=1
elif ! flags3=$(pkg-config --cflags --libs sdlhaptics3 2>"$work/pc3.log"); then
  cat "$work/pc3.log" >&2; echo "c-api: FAILED: make install put no sdlhaptics3.pc although pkg-config finds sdl3" >&2; failed=1
else
  sdl3_libdir=$(pkg-config --variable=libdir sdl3)
  run3() { LD_LIBRARY_PATH="$prefix/lib${sdl3_libdir:+:$sdl3_libdir}" SDL_VIDEO_DRIVER=dummy SDL_AUDIO_DRIVER=dummy "$@"; }
  printf '#include <SDL3/SDL.h>\n#include "sdlhaptics.h"\nint main(void) { SDLH_Version v; SDL_Event e; SDL_zero(e); SDLH_VERSION(&v); return SDLH_HandleEvent(&e) == SDLH_ERROR_NOT_INITIALIZED && v.major == SDLH_MAJOR_VERSION ? 0 : 1; }\n' > "$work/header3_after.c"
  printf '#include "sdlhaptics.h"\nint main(void) { return SDL_MAJOR_VERSION == 3 && SDLH_WasInit() == 0 ? 0 : 1; }\n' > "$work/header3_alone.c"
  cp "$work/header3_after.c" "$work/header3_cpp.cpp"
  ok3=1
  for source in header3_after.c header3_alone.c; do
    if $CC -std=c99 $strict "$work/$source" -o "$work/${source%.c}" $flags3 && run3 "$work/${source%.c}"; then :; else
      echo "c-api: FAILED: $source (the header with SDL3) as C99" >&2; failed=1; ok3=0; fi
  done
  if $CXX -std=c++11 $strict "$work/header3_cpp.cpp" -o "$work/header3_cpp" $flags3 && run3 "$work/header3_cpp"; then :; else
    echo "c-api: FAILED: the header after <SDL3/SDL.h> as C++11" >&2; failed=1; ok3=0; fi
  [ "$ok3" = 1 ] && echo "ok: include/sdlhaptics.h compiles warning-free after <SDL3/SDL.h> and alone with sdlhaptics3.pc's flags, as C99 and C++11"
  for source in Tests/C/sdl3/test_*.c; do
    name=$(basename "$source" .c)
    if ! $CC -std=c99 $strict -ITests/C "$source" -o "$work/$name" $flags3 -lm; then
      echo "c-api: FAILED to build $source against sdlhaptics3" >&2; failed=1; continue
    fi
    mkdir -p "$work/$name.data"
    run3 "$work/$name" "$work/$name.data" "$config" || { echo "c-api: FAILED: $name (SDL3)" >&2; failed=1; }
  done
  # One game, both flavours: the traces of what the pads received must be identical.
  if $CC -std=c99 $strict Tests/C/sdl3/parity_trace.c -o "$work/parity2" $flags \
     && $CC -std=c99 $strict Tests/C/sdl3/parity_trace.c -o "$work/parity3" $flags3 \
     && "$work/parity2" "$config" > "$work/parity2.txt" && run3 "$work/parity3" "$config" > "$work/parity3.txt"; then
    if [ "$(grep -c 'triggers\|effect' "$work/parity2.txt")" -lt 5 ]; then
      echo "c-api: FAILED: the parity trace holds too few trigger values and effects to compare" >&2; failed=1
    elif diff "$work/parity2.txt" "$work/parity3.txt" > "$work/parity.diff"; then
      echo "ok: the same C game through SDL2 and SDL3 gives identical traces ($(wc -l < "$work/parity2.txt") lines: body and trigger rumble, DualSense effect bytes)"
    else
      head -20 "$work/parity.diff" >&2; echo "c-api: FAILED: what the pads received through SDL3 differs from SDL2 (diff above)" >&2; failed=1
    fi
  else
    echo "c-api: FAILED: Tests/C/sdl3/parity_trace.c did not build or run against both flavours" >&2; failed=1
  fi
  for source in Demo/Examples/c/sdl3_*.c; do
    [ -f "$source" ] || continue
    name=$(basename "$source" .c)
    if $CC -std=c99 $strict "$source" -o "$work/$name" $flags3 && run3 "$work/$name" --headless --config "$config"; then
      echo "ok: the SDL3 example $source builds and runs headless"
    else
      echo "c-api: FAILED: the SDL3 example $source" >&2; failed=1
    fi
  done
fi

[ "$failed" = 0 ] || { echo "c-api: FAILED" >&2; exit 1; }
echo "c-api: ok"
