#!/usr/bin/env bash
# SDLHaptics through SDL3 (issue 32, docs/sdl3.md "How the tests get SDL3"). `make test` runs it (as
# `make test-sdl3`).
#   1. SDL3: the system's (pkg-config sdl3) or the test rig (scripts/sdl3-rig.sh), which fails loudly when
#      it cannot be set up: the SDL3 tests never silently skip;
#   2. builds Tests/SDL3, a package of its own (SwiftPM links every test target of a package into one
#      binary, and SDL2 and SDL3 must never share a process), in .build-sdl3;
#   3. checks with ldd and nm that its test binary links libSDL3 and neither libSDL2 nor an SDL2 symbol;
#   4. runs its tests headless (SDL_VIDEO_DRIVER=dummy SDL_AUDIO_DRIVER=dummy) and fails unless they all
#      pass and at least MINIMUM_TESTS of them ran;
#   5. runs the Swift example for SDL3 games (Demo/Examples/SDL3, built with the tests) headless.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
MINIMUM_TESTS=${MINIMUM_TESTS:-14}
fail() { echo "sdl3 tests: FAILED: $*" >&2; exit 1; }

scripts/sdl3-rig.sh | tail -1
# shellcheck disable=SC2046 # the flags are words
flags=$(scripts/sdl3-rig.sh --swift-link-flags)
echo "sdl3 tests: building Tests/SDL3 (.build-sdl3)${flags:+ with$flags}"
# shellcheck disable=SC2086
"$SWIFT" build --package-path Tests/SDL3 --scratch-path .build-sdl3 --build-tests $flags
bin=$("$SWIFT" build --package-path Tests/SDL3 --scratch-path .build-sdl3 --show-bin-path)
binary=$bin/SDLHapticsSDL3TestsPackageTests.xctest
[ -x "$binary" ] || fail "no test binary at $binary"

libraries=$(ldd "$binary")
echo "$libraries" | grep -q 'libSDL3' || fail "ldd $binary shows no libSDL3:
$libraries"
if echo "$libraries" | grep -q 'libSDL2'; then fail "ldd $binary shows libSDL2: SDL2 and SDL3 in one process"; fi
if echo "$libraries" | grep -q 'not found'; then fail "ldd $binary: $(echo "$libraries" | grep 'not found')"; fi
if nm -D --undefined-only "$binary" | grep -q 'SDL_GameController'; then fail "$binary wants SDL2's SDL_GameController functions"; fi
echo "sdl3 tests: ok: $(basename "$binary") links $(echo "$libraries" | grep -o 'libSDL3[^ ]*' | head -1) and no SDL2"

log=$(mktemp "${TMPDIR:-/tmp}/sdlhaptics-sdl3-tests.XXXXXX")
trap 'rm -f "$log"' EXIT
status=0
SDL_VIDEO_DRIVER=dummy SDL_AUDIO_DRIVER=dummy "$SWIFT" test --package-path Tests/SDL3 --scratch-path .build-sdl3 --skip-build 2>&1 | tee "$log" || status=$?
[ "$status" = 0 ] || fail "swift test exited $status (output above)"
ran=$(sed -n 's/.*Test run with \([0-9][0-9]*\) tests\{0,1\} .* passed.*/\1/p' "$log" | tail -1)
[ -n "$ran" ] || fail "no passing test run reported (output above)"
[ "$ran" -ge "$MINIMUM_TESTS" ] || fail "only $ran tests ran; at least $MINIMUM_TESTS are expected"
# The Swift example for SDL3 games (Demo/Examples/SDL3), headless: it fails unless its virtual pad felt both events.
"$bin/example-sdl3" --headless --frames 180 || fail "Demo/Examples/SDL3 (example-sdl3 --headless) failed"
echo "sdl3 tests: ok: Demo/Examples/SDL3 runs headless"
echo "sdl3 tests: $ran passed, 0 failed"
