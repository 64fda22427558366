#!/usr/bin/env bash
# Checks the C library and its install (issue 16; docs/c-library.md). `make test` runs it. Both flavours
# (issue 32): libsdlhaptics (SDL2) always, libsdlhaptics3 (SDL3) whenever `pkg-config sdl3` finds SDL3
# (make test points PKG_CONFIG_PATH at the test rig when the system has none), each through steps 2-4.
#   1. `make install` into a temporary PREFIX (scripts/c-library.sh install);
#   2. the library's NEEDED entries (readelf -d) are SDL2 and the C library only: no Swift runtime,
#      Foundation, dispatch or C++ runtime library; its SONAME is the versioned name install links;
#   3. its exported dynamic symbols (nm -D, defined, global) are exactly the header's SDLH_ functions;
#      the stripped library stays under 7,000,000 bytes (printed against that limit: no Foundation,
#      _StringProcessing or unused standard library; docs/c-library.md, "Size");
#   4. pkg-config finds it in the install and a C program built with `pkg-config --cflags --libs
#      sdlhaptics` that takes the address of every header function links and loads (LD_BIND_NOW), with
#      no Swift toolchain library reachable; the CMake lines of docs/c-library.md (find_package(SDLHaptics)
#      with CMAKE_PREFIX_PATH set to the install) build that program too, and it runs; the installed
#      hapticsctl runs;
#   5. `make uninstall` leaves nothing in the PREFIX.
# Each failure says what was expected and what was found.
#
# usage: scripts/check-c-library.sh [--keep]   (--keep leaves the temporary PREFIX for a look)
set -uo pipefail
cd "$(dirname "$0")/.."
keep=${1:-}
failures=0
fail() { echo "c-library check: FAILED: $*" >&2; failures=$((failures + 1)); }
ok() { echo "c-library check: ok: $*"; }

work=$(mktemp -d /tmp/sdlhaptics-check.XXXXXX)
prefix=$work/prefix
[ "$keep" = --keep ] || trap 'rm -rf "$work"' EXIT

# 1. Install.
if ! PREFIX=$prefix DESTDIR= scripts/c-library.sh install >"$work/install.log" 2>&1; then
    cat "$work/install.log" >&2
    echo "c-library check: FAILED: install into $prefix failed (log above)" >&2
    exit 1
fi
tail -1 "$work/install.log"
# Steps 2-4 for one flavour: $1 the library's base name (sdlhaptics, sdlhaptics3), $2 the SDL library it
# must need (a regex), $3 the CMake target, $4 the CMake component, $5 extra folders for the loader.
check_flavour() {
local base=$1 sdl_needed=$2 cmake_target=$3 component=$4 loader_path=$5
local lib needed unexpected soname size declared exported flags out missing allowed
echo "c-library check: $base"
lib=$(find "$prefix/lib" -maxdepth 1 -type f -name "lib$base.so.*" | head -1)
[ -n "$lib" ] || { fail "no lib$base.so.* file in $prefix/lib"; return; }

# 2. Runtime dependencies and SONAME.
allowed="^($sdl_needed|libc\.so\.6|libm\.so\.6|libgcc_s\.so\.1|ld-linux-[a-z0-9_-]+\.so\.[0-9]+)$"
needed=$(readelf -d "$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
unexpected=$(echo "$needed" | grep -Ev "$allowed" || true)
if [ -z "$needed" ]; then
    fail "readelf -d $lib shows no NEEDED entry (expected its SDL and the C library)"
elif [ -n "$unexpected" ]; then
    fail "$lib needs libraries beyond its SDL and the C library: $(echo $unexpected) (NEEDED: $(echo $needed))"
elif ! echo "$needed" | grep -Eqx "$sdl_needed"; then
    fail "$lib does not need $sdl_needed (NEEDED: $(echo $needed))"
else
    ok "NEEDED: $(echo $needed)"
fi
soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
if [ -z "$soname" ]; then
    fail "$lib has no SONAME"
elif [ "$(readlink "$prefix/lib/$soname")" != "$(basename "$lib")" ]; then
    fail "$prefix/lib/$soname should link to $(basename "$lib"), found '$(readlink "$prefix/lib/$soname")'"
elif [ "$(readlink "$prefix/lib/lib$base.so")" != "$soname" ]; then
    fail "$prefix/lib/lib$base.so should link to $soname, found '$(readlink "$prefix/lib/lib$base.so")'"
else
    ok "SONAME $soname; lib$base.so -> $soname -> $(basename "$lib")"
fi

# Size (issue 25): 6,654,296 bytes on commit 129dcc4 (6,580,568 before issue 24's planned drive, 6,486,360
# before issue 26); the floor of the Swift runtime linked in is about 5 MB, so the issue's 4 MB target is
# out of reach (docs/c-library.md, "Size", has the breakdown). The SDL3 flavour is within a few kB of the
# SDL2 one (the same code over another backend).
# What brings megabytes back: a module importing Foundation or FoundationEssentials (the Data/URL
# overloads are compiled out with -DSDLHAPTICS_WITHOUT_FOUNDATION), a String search such as
# `text.contains("x")` (_StringProcessing and _RegexParser, 0.95 MB), the standard library linked
# unslimmed (SLIM_STDLIB=0: 7,375,208 bytes, over the limit).
size=$(stat -c %s "$lib")
if [ "$size" -gt "$size_limit" ]; then
    fail "$lib is $size bytes stripped, over the $size_limit-byte limit: scripts/c-library-size.sh shows where the bytes go; does a module of the library import Foundation, or call a _StringProcessing String search? (docs/c-library.md, \"Size\")"
else
    ok "$size bytes stripped (limit $size_limit; the 4,000,000-byte target is below the Swift runtime's floor: docs/c-library.md, \"Size\")"
fi

# 3. Exported symbols against the installed header.
declared=$(sed -n 's/^extern DECLSPEC [^()]*[[:space:]*]SDLCALL \(SDLH_[A-Za-z0-9_]*\)(.*/\1/p' "$header" | LC_ALL=C sort -u)
exported=$(nm -D --defined-only --extern-only "$lib" | awk '{ print $NF }' | sed 's/@.*//' | LC_ALL=C sort -u)
if [ -z "$declared" ]; then
    fail "$header declares no 'extern DECLSPEC <type> SDLCALL SDLH_Name(' function"
elif [ "$declared" != "$exported" ]; then
    fail "exported symbols differ from $header's functions:
$(diff <(echo "$declared") <(echo "$exported") | sed -n 's/^< /  declared, not exported: /p; s/^> /  exported, not declared: /p')"
else
    ok "$(echo "$exported" | wc -l) exported symbols, exactly the header's functions"
fi

# 4. pkg-config, a C program against the install.
local program=$work/$base-every-function
if ! pkg-config --exists "$base"; then
    fail "pkg-config does not find $base with PKG_CONFIG_PATH=$PKG_CONFIG_PATH"
else
    flags=$(pkg-config --cflags --libs "$base")
    ok "pkg-config: $base $(pkg-config --modversion "$base"): $flags"
    {
        echo '#include <stdio.h>'
        echo '#include <sdlhaptics.h>'
        echo 'int main(void) {'
        echo '    void (*functions[])(void) = {'
        for name in $declared; do echo "        (void (*)(void))$name,"; done
        echo '    };'
        echo '    printf("%d functions\n", (int)(sizeof functions / sizeof functions[0]));'
        echo '    return 0;'
        echo '}'
    } >"$program.c"
    # shellcheck disable=SC2086 # pkg-config's flags are words
    if ! ${CC:-cc} -std=c99 -Wall -Wextra -Werror -o "$program" "$program.c" $flags 2>"$work/cc.log"; then
        fail "a C program using every header function does not build with '$flags':
$(cat "$work/cc.log")"
    else
        # Only the install, the SDL's folder and the system's own: no Swift toolchain library on the search path.
        if ! out=$(env -u LD_LIBRARY_PATH LD_LIBRARY_PATH="$prefix/lib$loader_path" LD_BIND_NOW=1 "$program" 2>&1); then
            fail "the C program does not load against $prefix/lib: $out"
        else
            missing=$(LD_LIBRARY_PATH="$prefix/lib$loader_path" ldd "$program" | grep -E 'not found|swift|Foundation|dispatch' || true)
            if [ -n "$missing" ]; then fail "ldd of the C program: $missing"; else ok "a C program using every header function links and loads ($out)"; fi
        fi
    fi
fi
# The CMake package: docs/c-library.md's lines (the SDL3 target's for the SDL3 flavour), find_package from the installed prefix.
if ! command -v cmake >/dev/null 2>&1; then
    fail "cmake not found (make deps installs it): the CMake package is not checked"
elif [ ! -f "$program.c" ]; then
    fail "no C program to build with CMake (the pkg-config step failed)"
else
    mkdir -p "$work/cmake-$base"
    cp "$program.c" "$work/cmake-$base/game.c"
    {
        echo 'cmake_minimum_required(VERSION 3.16)'
        echo 'project(game C)'
        echo 'add_executable(game game.c)'
        # The docs' cmake block that links this flavour's target (its find_package line included).
        awk -v target="SDLHaptics::$cmake_target)" '/^```cmake$/ { block = ""; inside = 1; next }
            /^```$/ { if (inside && index(block, target)) { printf "%s", block; exit } inside = 0; next }
            inside { block = block $0 "\n" }' docs/c-library.md
    } >"$work/cmake-$base/CMakeLists.txt"
    if ! grep -q 'find_package(SDLHaptics' "$work/cmake-$base/CMakeLists.txt" || ! grep -q "SDLHaptics::$cmake_target)" "$work/cmake-$base/CMakeLists.txt"; then
        fail "docs/c-library.md has no find_package(SDLHaptics ...) and SDLHaptics::$cmake_target lines in a cmake block"
    elif ! cmake -S "$work/cmake-$base" -B "$work/cmake-$base/build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake.log" 2>&1 ||
         ! cmake --build "$work/cmake-$base/build" >>"$work/cmake.log" 2>&1; then
        fail "the CMake lines of docs/c-library.md do not build against $prefix:
$(tail -20 "$work/cmake.log")"
    elif ! out=$(env -u LD_LIBRARY_PATH LD_LIBRARY_PATH="$prefix/lib$loader_path" LD_BIND_NOW=1 "$work/cmake-$base/build/game" 2>&1); then
        fail "the program built through find_package(SDLHaptics) and SDLHaptics::$cmake_target does not run: $out"
    else
        ok "find_package(SDLHaptics) from $prefix, SDLHaptics::$cmake_target ($component): builds and runs a C program ($out)"
    fi
fi
}

size_limit=7000000
header=$prefix/include/sdlhaptics.h
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
check_flavour sdlhaptics 'libSDL2-2\.0\.so\.0' SDLHaptics SDL2 ""
if pkg-config --exists 'sdl3 >= 3.2'; then
    sdl3_libdir=$(pkg-config --variable=libdir sdl3)
    check_flavour sdlhaptics3 'libSDL3\.so(\.0)?' SDLHaptics3 SDL3 "${sdl3_libdir:+:$sdl3_libdir}"
    grep -q 'libsdlhaptics3' "$work/install.log" || fail "install did not say it installed libsdlhaptics3: $(tail -1 "$work/install.log")"
else
    echo "c-library check: note: pkg-config finds no sdl3, so the SDL3 flavour is not checked (make test always has one: the system's or the test rig)"
    grep -q 'SDL3 flavour .* is NOT built' "$work/install.log" || fail "install did not say clearly that the SDL3 flavour is not built"
fi

if ! version=$("$prefix/bin/hapticsctl" --version 2>&1); then
    fail "the installed hapticsctl does not run: $version"
else
    ok "installed hapticsctl --version: $version"
fi
for file in share/sdlhaptics/haptics.toml include/sdlhaptics.h; do
    [ -f "$prefix/$file" ] || fail "install put no $prefix/$file"
done
[ -n "$(ls "$prefix"/share/sdlhaptics/Presets/*.ahap 2>/dev/null)" ] || fail "install put no preset in $prefix/share/sdlhaptics/Presets/"

# 5. Uninstall leaves nothing (install created the PREFIX, so uninstall removes it too).
if ! PREFIX=$prefix DESTDIR= scripts/c-library.sh uninstall >"$work/uninstall.log" 2>&1; then
    cat "$work/uninstall.log" >&2
    fail "uninstall from $prefix failed (log above)"
elif [ -e "$prefix" ]; then
    fail "uninstall left in $prefix: $(cd "$prefix" && find . -mindepth 1 | head -20 | tr '\n' ' ')"
else
    ok "uninstall removed everything ($(tail -1 "$work/uninstall.log" | sed 's/^c-library: //'))"
fi

if [ "$failures" != 0 ]; then
    echo "c-library check: $failures check(s) FAILED" >&2
    exit 1
fi
echo "c-library check: all passed"
