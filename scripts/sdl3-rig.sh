#!/usr/bin/env bash
# The SDL3 the tests run against (issue 32, docs/sdl3.md "How the tests get SDL3"). `make test` runs it
# through `make sdl3`.
#
# A system SDL3 (>= 3.2, found by `pkg-config sdl3`: Debian trixie, Ubuntu 25.04+, Fedora, Arch, Homebrew)
# is used as it is. Otherwise (Debian bookworm packages no SDL3) this script sets up a test rig in
# .build/sdl3-rig/, never system-wide, from two pinned PyPI wheels, each checked against its SHA-256:
#   - raylib-sdl 6.2.0.0 (manylinux2014 x86_64): its extension module links SDL 3.4.4 statically and
#     exports the whole SDL3 API; it becomes lib/libSDL3.so.0 (and the link lib/libSDL3.so), as an installed
#     SDL3 is. It needs only the C library, plus 15 Python symbols it never uses outside Python (14
#     functions bound lazily, one data object, _Py_NoneStruct): lib/libsdl3rigstub.so defines all 15 (each
#     function aborts with its name if it is ever called), and patchelf (Debian's, installed with apt-get
#     when missing) gives the copy the SONAME libSDL3.so.0, a NEEDED entry for the stub and the RUNPATH
#     $ORIGIN, so that whatever links or loads it finds the stub by itself: no LD_PRELOAD, no extra -l;
#   - kivy-deps-sdl3-dev 0.1.0 (a Windows wheel: headers are headers): the SDL 3.4.2 headers, include/SDL3/.
# and writes lib/pkgconfig/sdl3.pc. Wheels are fetched with `pip download` (no Python package is installed; pip comes from
# Debian's python3-pip when missing). Then a C program through the rig's SDL3 must report SDL 3.x and
# feel a rumble on a virtual gamepad, or the script fails: the SDL3 tests never silently skip.
#
# usage: scripts/sdl3-rig.sh                      set up (or reuse) the rig; prints the PKG_CONFIG_PATH entry to use
#        scripts/sdl3-rig.sh --check              only say which SDL3 the tests will use
#        scripts/sdl3-rig.sh --swift-flags        SwiftPM flags for SDL3's folders (-Xcc -I..., -Xlinker -L...),
#                                                 from `pkg-config sdl3`: nothing for an SDL3 in the default paths
#        scripts/sdl3-rig.sh --swift-link-flags   the same plus SDL3's other libraries and an rpath, for programs
#                                                 that link SDL3 (the rig's stub library)
#        scripts/sdl3-rig.sh --pkg-config-path    the folder of the rig's sdl3.pc when the rig is in use, else
#                                                 nothing (for PKG_CONFIG_PATH: C builds and `make install`)
# Prints, as its last line, `sdl3: pkg-config path <dir>` (the rig) or `sdl3: system` (nothing to add).
set -euo pipefail
cd "$(dirname "$0")/.."
RIG=$(pwd)/.build/sdl3-rig
RAYLIB_WHEEL=raylib_sdl-6.2.0.0-cp311-cp311-manylinux2014_x86_64.manylinux_2_17_x86_64.whl
RAYLIB_SHA256=014c187ba5b7878a5fac9d00b2c76db471568a66fa31ba3c718b7e0c3d395111
HEADERS_WHEEL=kivy_deps_sdl3_dev-0.1.0-cp311-cp311-win_amd64.whl
HEADERS_SHA256=29147de7429277300538319c1f573a35c363844427ead56e01cd21c7925ab78c
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
CC=${CC:-cc}

fail() { echo "sdl3: error: $*" >&2; exit 1; }

# SwiftPM flags from pkg-config's (the rig's sdl3.pc first when it is set up): -I as -Xcc, -L as -Xlinker,
# and with --link the libraries other than SDL3 itself (the module map links SDL3) and an rpath per -L.
swift_flags() {
    local flag path=${PKG_CONFIG_PATH:-}
    [ ! -f "$RIG/lib/pkgconfig/sdl3.pc" ] || path=$RIG/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
    PKG_CONFIG_PATH=$path pkg-config --exists sdl3 || fail "pkg-config finds no sdl3: run 'make sdl3' first"
    for flag in $(PKG_CONFIG_PATH=$path pkg-config --cflags-only-I --libs-only-L --libs-only-l sdl3); do
        case $flag in
            -I/usr/include) ;;
            -I*) printf ' -Xcc %s' "$flag" ;;
            -L*) printf ' -Xlinker %s' "$flag"; [ "${1:-}" != --link ] || printf ' -Xlinker -rpath -Xlinker %s' "${flag#-L}" ;;
            -lSDL3) ;;
            -l*) [ "${1:-}" != --link ] || printf ' -Xlinker %s' "$flag" ;;   # a system SDL3's other libraries, if any
        esac
    done
    echo
}
case ${1:-} in
    --pkg-config-path) [ ! -f "$RIG/lib/pkgconfig/sdl3.pc" ] || echo "$RIG/lib/pkgconfig"; exit 0 ;;
    --swift-flags) swift_flags; exit 0 ;;
    --swift-link-flags) swift_flags --link; exit 0 ;;
esac

# A system SDL3 wins; a rig left from before is then set aside so it never shadows it.
if PKG_CONFIG_PATH= pkg-config --exists 'sdl3 >= 3.2' 2>/dev/null; then
    [ ! -d "$RIG/lib/pkgconfig" ] || rm -rf "$RIG/lib/pkgconfig"
    echo "sdl3: system SDL3 $(PKG_CONFIG_PATH= pkg-config --modversion sdl3) (pkg-config sdl3)"
    echo "sdl3: system"
    exit 0
fi
[ "${1:-}" != --check ] || { echo "sdl3: no system SDL3; the tests use the rig in $RIG"; exit 0; }
[ "$(uname -m)" = x86_64 ] && [ "$(uname -s)" = Linux ] ||
    fail "no system SDL3 (pkg-config sdl3 finds none) and the test rig exists only for Linux x86_64: install SDL3's development files (3.2 or later)"

stamp=$RIG/rig-complete
RIG_LAYOUT=2   # raised whenever the rig's layout changes, so an older rig is set up again
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$RAYLIB_SHA256 $HEADERS_SHA256 $RIG_LAYOUT" ] && [ -f "$RIG/lib/pkgconfig/sdl3.pc" ]; then
    echo "sdl3: test rig $RIG (SDL $(PKG_CONFIG_PATH=$RIG/lib/pkgconfig pkg-config --modversion sdl3), reused)"
    echo "sdl3: pkg-config path $RIG/lib/pkgconfig"
    exit 0
fi

command -v python3 >/dev/null 2>&1 || fail "python3 not found (the rig's wheels are unpacked with python3 -m zipfile)"
if ! python3 -m pip --version >/dev/null 2>&1; then
    echo "sdl3: installing python3-pip with apt-get (pip downloads the rig's two pinned wheels)"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-pip >/dev/null ||
        fail "could not install python3-pip"
fi
command -v "$CC" >/dev/null 2>&1 || fail "no C compiler '$CC' (the rig builds a one-file stub library)"
if ! command -v patchelf >/dev/null 2>&1; then
    echo "sdl3: installing patchelf with apt-get (the rig's libSDL3.so.0 gets its SONAME and a NEEDED entry for the stub)"
    $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq patchelf >/dev/null ||
        fail "could not install patchelf"
fi

rm -rf "$RIG"
mkdir -p "$RIG/wheels" "$RIG/unpacked" "$RIG/lib/pkgconfig" "$RIG/include"
echo "sdl3: no system SDL3: setting up the test rig in $RIG (raylib-sdl 6.2.0.0, kivy-deps-sdl3-dev 0.1.0 from PyPI)"
# --python-version and --platform pin the exact files whatever python3 this machine has.
python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$RIG/wheels" \
    --platform manylinux2014_x86_64 --python-version 3.11 --implementation cp --abi cp311 raylib-sdl==6.2.0.0 ||
    fail "pip download raylib-sdl==6.2.0.0 failed"
python3 -m pip download --quiet --no-deps --only-binary=:all: --dest "$RIG/wheels" \
    --platform win_amd64 --python-version 3.11 --implementation cp --abi cp311 kivy-deps-sdl3-dev==0.1.0 ||
    fail "pip download kivy-deps-sdl3-dev==0.1.0 failed"
check_sha() {
    local got
    [ -f "$RIG/wheels/$1" ] || fail "pip put no $1 in $RIG/wheels ($(ls "$RIG/wheels" | tr '\n' ' '))"
    got=$(sha256sum "$RIG/wheels/$1" | cut -d' ' -f1)
    [ "$got" = "$2" ] || fail "$1 has SHA-256 $got, expected $2"
}
check_sha "$RAYLIB_WHEEL" "$RAYLIB_SHA256"
check_sha "$HEADERS_WHEEL" "$HEADERS_SHA256"
python3 -m zipfile -e "$RIG/wheels/$RAYLIB_WHEEL" "$RIG/unpacked/raylib"
python3 -m zipfile -e "$RIG/wheels/$HEADERS_WHEEL" "$RIG/unpacked/headers"

module=$(find "$RIG/unpacked/raylib" -name '_raylib_cffi*.so' | head -1)
[ -n "$module" ] || fail "no _raylib_cffi*.so in $RAYLIB_WHEEL"
cp "$module" "$RIG/lib/libSDL3.so.0"
ln -sfn libSDL3.so.0 "$RIG/lib/libSDL3.so"
headers=$(find "$RIG/unpacked/headers" -type d -path '*/include/SDL3' | head -1)
[ -n "$headers" ] && [ -f "$headers/SDL.h" ] || fail "no include/SDL3/SDL.h in $HEADERS_WHEEL"
cp -R "$headers" "$RIG/include/SDL3"

# The Python symbols the module names: each defined, none ever used by a program that is not Python.
undefined=$(nm -D --undefined-only "$RIG/lib/libSDL3.so.0" | awk '{ print $NF }' | grep -E '^_?Py' | sort -u)
{
    echo '/* Generated by scripts/sdl3-rig.sh: the Python symbols of the rig libSDL3.so (a CPython extension'
    echo '   module), so that programs that are not Python link and load it. Never called outside Python. */'
    echo '#include <stdio.h>'
    echo '#include <stdlib.h>'
    for symbol in $undefined; do
        if [ "$symbol" = _Py_NoneStruct ]; then
            echo 'char _Py_NoneStruct[64];'
        else
            echo "void $symbol(void); void $symbol(void) { fputs(\"sdl3 rig: $symbol called outside Python\\n\", stderr); abort(); }"
        fi
    done
} >"$RIG/stub.c"
grep -q _Py_NoneStruct "$RIG/stub.c" || fail "libSDL3.so names no _Py_NoneStruct: not the module this rig expects"
"$CC" -shared -fPIC -O2 "$RIG/stub.c" -o "$RIG/lib/libsdl3rigstub.so" || fail "could not build the stub library"
# One patchelf call per change (several at once can garble the string table of this file).
patchelf --set-rpath '$ORIGIN' "$RIG/lib/libSDL3.so.0" && patchelf --add-needed libsdl3rigstub.so "$RIG/lib/libSDL3.so.0" &&
    patchelf --set-soname libSDL3.so.0 "$RIG/lib/libSDL3.so.0" || fail "patchelf could not prepare $RIG/lib/libSDL3.so.0"
readelf -d "$RIG/lib/libSDL3.so.0" | grep -q 'NEEDED.*libsdl3rigstub' || fail "$RIG/lib/libSDL3.so.0 does not need the stub after patchelf"

version=$(sed -n 's/^#define SDL_MAJOR_VERSION *\([0-9]*\)/\1/p; s/^#define SDL_MINOR_VERSION *\([0-9]*\)/.\1/p; s/^#define SDL_MICRO_VERSION *\([0-9]*\)/.\1/p' \
    "$RIG/include/SDL3/SDL_version.h" | tr -d '\n')
cat >"$RIG/lib/pkgconfig/sdl3.pc" <<EOF
# Written by scripts/sdl3-rig.sh: SDLHaptics' SDL3 test rig (SDL 3.4.4 inside raylib-sdl 6.2.0.0; headers
# $version from kivy-deps-sdl3-dev 0.1.0). Only for the tests; a game uses its own SDL3.
prefix=$RIG
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: sdl3
Description: SDL3 test rig for SDLHaptics (not for games)
Version: $version
Libs: -L\${libdir} -lSDL3
Cflags: -I\${includedir}
EOF

# Proof that it works: SDL 3, a virtual gamepad, a rumble that arrives with its exact values.
cat >"$RIG/smoke.c" <<'EOF'
#include <SDL3/SDL.h>
static Uint16 low, high;
static bool SDLCALL rumble(void *userdata, Uint16 l, Uint16 h) { (void)userdata; low = l; high = h; return true; }
int main(void) {
    SDL_VirtualJoystickDesc desc;
    SDL_Gamepad *pad;
    if (!SDL_Init(SDL_INIT_GAMEPAD)) { SDL_Log("SDL_Init: %s", SDL_GetError()); return 1; }
    SDL_INIT_INTERFACE(&desc);
    desc.type = SDL_JOYSTICK_TYPE_GAMEPAD; desc.naxes = 6; desc.nbuttons = 15; desc.Rumble = rumble;
    pad = SDL_OpenGamepad(SDL_AttachVirtualJoystick(&desc));
    if (!pad || !SDL_RumbleGamepad(pad, 1234, 4321, 50) || low != 1234 || high != 4321) {
        SDL_Log("virtual gamepad rumble: %s (%u, %u)", SDL_GetError(), low, high); return 1;
    }
    SDL_Log("SDL %d.%d.%d: a virtual gamepad felt (1234, 4321)", SDL_VERSIONNUM_MAJOR(SDL_GetVersion()),
            SDL_VERSIONNUM_MINOR(SDL_GetVersion()), SDL_VERSIONNUM_MICRO(SDL_GetVersion()));
    SDL_CloseGamepad(pad);
    SDL_Quit();
    return 0;
}
EOF
# shellcheck disable=SC2046 # pkg-config's flags are words
"$CC" -std=c99 -Wall -Werror "$RIG/smoke.c" -o "$RIG/smoke" $(PKG_CONFIG_PATH=$RIG/lib/pkgconfig pkg-config --cflags --libs sdl3) ||
    fail "a C program does not build against the rig"
LD_LIBRARY_PATH=$RIG/lib SDL_VIDEO_DRIVER=dummy SDL_AUDIO_DRIVER=dummy "$RIG/smoke" || fail "the rig's SDL3 does not run (output above)"
rm -rf "$RIG/unpacked"
echo "$RAYLIB_SHA256 $HEADERS_SHA256 $RIG_LAYOUT" >"$stamp"
echo "sdl3: test rig ready in $RIG (SDL $version headers)"
echo "sdl3: pkg-config path $RIG/lib/pkgconfig"
