#!/bin/sh
# Builds and runs Tests/Fixtures/GameWithOwnSDLShim: a game package with its own SDL shim named CSDL2
# that depends on SDLHaptics, hands its own SDL_Event values to GameHaptics.handle(_:) and checks that a
# virtual pad rumbles and ends at (0, 0). `make test` runs it.
#
# It is also the check that a game on SDL2 never needs SDL3 (issue 32): the game uses only the SDL2
# products, so SwiftPM builds none of HapticsSDL3's targets; the build log must not mention SDL3 and the
# game must not link libSDL3.
#
# The fixture is copied to .build-game-package/ beside a link named SDLHaptics to this repository, so
# its dependency line reads `.package(path: "../SDLHaptics")`, the package identity a game gets from
# `.package(url: ".../SDLHaptics.git", ...)`.
set -eu
cd "$(dirname "$0")/.."
root=$(pwd)
work=.build-game-package
mkdir -p "$work"
rm -rf "$work/GameWithOwnSDLShim"
cp -R Tests/Fixtures/GameWithOwnSDLShim "$work/GameWithOwnSDLShim"
ln -sfn "$root" "$work/SDLHaptics"
cd "$work/GameWithOwnSDLShim"
echo "game-package: building a game with its own CSDL2 shim against SDLHaptics"
if ! swift build --product shim-game > ../build.log 2>&1; then
  cat ../build.log >&2
  echo "game-package: FAILED to build (log above)" >&2
  exit 1
fi
if grep -qi 'sdl3' ../build.log; then
  grep -i 'sdl3' ../build.log >&2
  echo "game-package: FAILED: building an SDL2 game mentions SDL3 (above)" >&2
  exit 1
fi
if ldd "$(swift build --show-bin-path)/shim-game" | grep -q 'libSDL3'; then
  echo "game-package: FAILED: the SDL2 game links libSDL3" >&2
  exit 1
fi
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$(swift build --show-bin-path)/shim-game"
echo "game-package: ok (SDL2 only: no SDL3 built or linked)"
