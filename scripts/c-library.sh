#!/usr/bin/env bash
# The C library (issue 16, docs/c-library.md): builds libsdlhaptics.so for C and C++ games, installs and
# uninstalls it. `make c-library`, `make install` and `make uninstall` call it.
#
# usage: scripts/c-library.sh build       the library, release, stripped, in .build-clib/c-library/
#        scripts/c-library.sh build-all   the library and hapticsctl (Swift runtime linked in): what install installs
#        scripts/c-library.sh install     build what is not up to date (library, hapticsctl), then install
#                                         under DESTDIR+PREFIX
#        scripts/c-library.sh uninstall   remove exactly what install put under DESTDIR+PREFIX
#
# The library links the Swift runtime and the C++ runtime it needs statically (--static-swift-stdlib, and
# libstdc++.a found through the C compiler), so its only runtime dependencies are SDL2 and the C library
# (libc, libm, libgcc_s, the dynamic loader). It exports exactly the functions include/sdlhaptics.h
# declares: a linker version script generated from the header's `extern DECLSPEC ... SDLCALL SDLH_Name(`
# lines keeps every other symbol local. Its SONAME carries the major version (major.minor while the
# major version is 0, when a minor release may break the ABI). All of this is passed on the command
# line, never as unsafeFlags in Package.swift, so games depending on the package still resolve it.
#
# Settings (environment; the Makefile passes its variables of the same names):
#   PREFIX (/usr/local), DESTDIR (empty), LIBDIR ($PREFIX/lib), INCLUDEDIR ($PREFIX/include),
#   BINDIR ($PREFIX/bin), DATADIR ($PREFIX/share/sdlhaptics), PKGCONFIGDIR ($LIBDIR/pkgconfig),
#   CMAKEDIR ($LIBDIR/cmake/SDLHaptics: the CMake package, SDLHapticsConfig.cmake),
#   CONFIG_SOURCE (Assets/Haptics): the one assets folder (haptics.toml, the files it names, and the
#   presets in Presets/), installed as is in $DATADIR/, SWIFT (swift), CC (cc).
# Install writes $DATADIR/install-manifest.txt (every file, link and created folder); uninstall removes
# those and nothing else, so it needs the manifest of the install it undoes.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
LIBDIR=${LIBDIR:-$PREFIX/lib}
INCLUDEDIR=${INCLUDEDIR:-$PREFIX/include}
BINDIR=${BINDIR:-$PREFIX/bin}
DATADIR=${DATADIR:-$PREFIX/share/sdlhaptics}
PKGCONFIGDIR=${PKGCONFIGDIR:-$LIBDIR/pkgconfig}
CMAKEDIR=${CMAKEDIR:-$LIBDIR/cmake/SDLHaptics}
CONFIG_SOURCE=${CONFIG_SOURCE:-Assets/Haptics}
HEADER=include/sdlhaptics.h
# Two scratch folders: SwiftPM recompiles everything when the linker flags change, and the library's
# flags (version script, SONAME) are not hapticsctl's.
SCRATCH=.build-clib
LIBRARY_SCRATCH=$SCRATCH/library
TOOL_SCRATCH=$SCRATCH/hapticsctl
OUT=$SCRATCH/c-library

fail() { echo "c-library: error: $*" >&2; exit 1; }

# major, minor, patch from the one place the version lives (a test keeps CHANGELOG.md equal to it).
version_part() {
    sed -n "s/^ *public static let $1 = \([0-9][0-9]*\)\$/\1/p" Sources/Haptics/SDLHapticsVersion.swift
}
MAJOR=$(version_part major); MINOR=$(version_part minor); PATCH=$(version_part patch)
[ -n "$MAJOR" ] && [ -n "$MINOR" ] && [ -n "$PATCH" ] ||
    fail "cannot read major/minor/patch from Sources/Haptics/SDLHapticsVersion.swift"
VERSION=$MAJOR.$MINOR.$PATCH
if [ "$MAJOR" = 0 ]; then SOVERSION=0.$MINOR; else SOVERSION=$MAJOR; fi
LIBNAME=libsdlhaptics.so
SONAME=$LIBNAME.$SOVERSION
REALNAME=$LIBNAME.$VERSION

# The exported names: one `extern DECLSPEC <type> SDLCALL SDLH_Name(` per line of the header. A line
# that starts a declaration some other way fails here, so a function can never be silently unexported.
header_functions() {
    [ -f "$HEADER" ] || fail "$HEADER not found"
    local bad
    bad=$(grep -n '^[[:space:]]*extern[[:space:]][[:space:]]*DECLSPEC' "$HEADER" |
        grep -Ev '^[0-9]+:extern DECLSPEC [^()]*[[:space:]*]SDLCALL SDLH_[A-Za-z0-9_]+\(' || true)
    [ -z "$bad" ] || fail "$HEADER: declarations must read 'extern DECLSPEC <type> SDLCALL SDLH_Name(' on one line:
$bad"
    sed -n 's/^extern DECLSPEC [^()]*[[:space:]*]SDLCALL \(SDLH_[A-Za-z0-9_]*\)(.*/\1/p' "$HEADER" | LC_ALL=C sort -u
}

# libstdc++.a, for linking the Swift runtime's C++ needs into the library instead of needing libstdc++.so.6.
static_cxx_dir() {
    local archive dir=$SCRATCH/static-cxx
    archive=$(${CC:-cc} -print-file-name=libstdc++.a 2>/dev/null || true)
    case $archive in
        /*) [ -f "$archive" ] || archive= ;;
        *) archive= ;;
    esac
    [ -n "$archive" ] || fail "libstdc++.a not found through '${CC:-cc} -print-file-name' (Debian: libstdc++-12-dev, which Swift itself needs)"
    mkdir -p "$dir"
    ln -sfn "$archive" "$dir/libstdc++.a"
    (cd "$dir" && pwd)
}

# A release build in scratch folder $1 with the Swift runtime linked statically. Its output is shown
# without the linker's warning about mktemp inside Foundation's static archive; a failed build stops
# the script.
swift_build() {
    local scratch=$1 log=$1/build.log status
    shift
    mkdir -p "$scratch"
    set +e
    "$SWIFT" build -c release --scratch-path "$scratch" -Xswiftc -static-stdlib "$@" >"$log" 2>&1
    status=$?
    set -e
    grep -v "the use of \`mktemp' is dangerous" "$log" || true
    [ "$status" = 0 ] || fail "swift build $* failed (exit $status, output above)"
}

# The toolchain's static Swift libraries (lib/swift_static) mirrored in $SCRATCH/swift-static, with a
# copy of libswiftCore.a whose standard library functions are no longer marked retained
# (scripts/unretain-text.pl), so --gc-sections drops the ones the library never calls (about 0.9 MB).
# Prints the mirror's path for -resource-dir; prints nothing (the build then uses the toolchain's own
# libraries, a larger library) when SLIM_STDLIB=0 or anything about the toolchain is not as expected.
slim_stdlib() {
    local resource static mirror=$SCRATCH/swift-static entry work patcher
    patcher=$(pwd)/scripts/unretain-text.pl
    [ "${SLIM_STDLIB:-1}" != 0 ] || return 0
    resource=$("$SWIFT" -print-target-info 2>/dev/null | sed -n 's/.*"runtimeResourcePath": *"\([^"]*\)".*/\1/p' | head -1)
    static=${resource%/swift}/swift_static
    if [ -z "$resource" ] || [ ! -f "$static/linux/libswiftCore.a" ] || ! command -v perl >/dev/null 2>&1 || ! command -v ar >/dev/null 2>&1; then
        echo "c-library: note: the standard library is linked as the toolchain ships it (no $static/linux/libswiftCore.a, perl or ar)" >&2
        return 0
    fi
    if [ ! -f "$mirror/linux/libswiftCore.a" ] || [ "$static/linux/libswiftCore.a" -nt "$mirror/linux/libswiftCore.a" ]; then
        rm -rf "$mirror"
        mkdir -p "$mirror/linux"
        for entry in "$static"/*; do [ "$(basename "$entry")" = linux ] || ln -s "$entry" "$mirror/"; done
        for entry in "$static"/linux/*; do [ "$(basename "$entry")" = libswiftCore.a ] || ln -s "$entry" "$mirror/linux/"; done
        work=$(mktemp -d "$SCRATCH/unretain.XXXXXX")
        cp "$static/linux/libswiftCore.a" "$work/libswiftCore.a"
        if (cd "$work" && ar x libswiftCore.a Swift.o && perl "$patcher" Swift.o >unretain.log &&
            ar r libswiftCore.a Swift.o) && grep -q ' [1-9][0-9]* code sections no longer retained' "$work/unretain.log"; then
            mv "$work/libswiftCore.a" "$mirror/linux/libswiftCore.a"
            rm -rf "$work"
        else
            echo "c-library: note: the standard library could not be slimmed (Swift.o in $static/linux/libswiftCore.a); it is linked as shipped" >&2
            rm -rf "$work" "$mirror"
            return 0
        fi
    fi
    (cd "$mirror" && pwd)
}

# lld, which Swift toolchains ship beside swiftc, and its identical-code folding; nothing (the
# system's default linker, a slightly larger library) when this toolchain has no ld.lld.
lld_flags() {
    local swiftc
    swiftc=$(command -v "$SWIFT" 2>/dev/null || true)
    if [ -n "$swiftc" ] && [ -x "$(dirname "$(readlink -f "$swiftc")")/ld.lld" ]; then
        echo "-Xswiftc -use-ld=lld -Xlinker --icf=all"
    else
        echo "c-library: note: no ld.lld beside $SWIFT: linking without identical-code folding" >&2
    fi
}

build_library() {
    local functions map cxx bin slim lld
    functions=$(header_functions)
    [ -n "$functions" ] || fail "$HEADER declares no SDLH_ function"
    mkdir -p "$OUT"
    map=$(pwd)/$OUT/sdlhaptics.map
    {
        echo "/* Generated by scripts/c-library.sh from $HEADER: the library's exported symbols. */"
        echo "{"
        echo "  global:"
        printf '    %s;\n' $functions
        echo "  local:"
        echo "    *;"
        echo "};"
    } >"$map"
    cxx=$(static_cxx_dir)
    slim=$(slim_stdlib)
    lld=$(lld_flags)
    echo "c-library: building $REALNAME (SONAME $SONAME, $(echo "$functions" | wc -l) functions from $HEADER)"
    # The library is relinked on every build: a changed header changes only the version script.
    rm -f "$LIBRARY_SCRATCH/release/$LIBNAME"
    # Size (docs/c-library.md, "Size"): no Foundation (the Data and URL overloads are compiled out);
    # public functions not kept for other link units (-internalize-at-link) and each in its own section,
    # so --gc-sections (SwiftPM passes it) drops what no SDLH_ function reaches; lld folds identical
    # functions; the standard library slimmed the same way (slim_stdlib). Not -Osize: it made a post
    # 17% slower for 0.24 MB.
    swift_build "$LIBRARY_SCRATCH" --product sdlhaptics -Xswiftc -Xclang-linker -Xswiftc "-L$cxx" \
        -Xswiftc -DSDLHAPTICS_WITHOUT_FOUNDATION \
        -Xswiftc -Xfrontend -Xswiftc -internalize-at-link -Xswiftc -Xfrontend -Xswiftc -function-sections \
        $lld ${slim:+-Xswiftc -resource-dir -Xswiftc "$slim"} \
        -Xlinker "--version-script=$map" -Xlinker "-soname=$SONAME"
    bin=$("$SWIFT" build -c release --scratch-path "$LIBRARY_SCRATCH" --show-bin-path)
    [ -f "$bin/$LIBNAME" ] || fail "the build made no $bin/$LIBNAME (output above)"
    cp "$bin/$LIBNAME" "$OUT/$REALNAME"
    strip --strip-unneeded "$OUT/$REALNAME"
    echo "c-library: $OUT/$REALNAME, $(stat -c %s "$OUT/$REALNAME") bytes stripped"
}

build_hapticsctl() {
    local bin
    echo "c-library: building hapticsctl (Swift runtime linked in, runs without a Swift toolchain)"
    swift_build "$TOOL_SCRATCH" --product hapticsctl
    bin=$("$SWIFT" build -c release --scratch-path "$TOOL_SCRATCH" --show-bin-path)
    [ -f "$bin/hapticsctl" ] || fail "the build made no $bin/hapticsctl (output above)"
    cp "$bin/hapticsctl" "$OUT/hapticsctl"
    strip "$OUT/hapticsctl"
}

write_pc() {
    cat <<EOF
prefix=$PREFIX
libdir=$LIBDIR
includedir=$INCLUDEDIR
datadir=$DATADIR

Name: sdlhaptics
Description: Haptics middleware for SDL2 games: rumble from game events, AHAP patterns, presets (C API)
Version: $VERSION
Requires: sdl2
Cflags: -I\${includedir}
Libs: -L\${libdir} -lsdlhaptics
EOF
}

# The CMake package (issue 25), as SDL2 ships sdl2-config.cmake: `find_package(SDLHaptics)` gives the
# imported target SDLHaptics::SDLHaptics (the library, the header's folder, and SDL2::SDL2 through it).
# Paths are relative to the file's own folder, so a staged (DESTDIR) or moved install still works.
write_cmake_config() {
    local to_include to_lib to_data
    to_include=$(realpath -m --relative-to="$CMAKEDIR" "$INCLUDEDIR")
    to_lib=$(realpath -m --relative-to="$CMAKEDIR" "$LIBDIR")
    to_data=$(realpath -m --relative-to="$CMAKEDIR" "$DATADIR")
    cat <<EOF
# SDLHaptics $VERSION, the CMake package of the C library (docs/c-library.md). Written by
# scripts/c-library.sh install.
#
#     find_package(SDLHaptics $MAJOR.$MINOR REQUIRED)
#     target_link_libraries(game PRIVATE SDLHaptics::SDLHaptics)
#
# SDLHaptics::SDLHaptics links libsdlhaptics.so, adds the folder of sdlhaptics.h and brings SDL2::SDL2
# (found with find_package(SDL2)). Also set: SDLHaptics_INCLUDE_DIRS, SDLHaptics_LIBRARIES,
# SDLHaptics_DATADIR (the shipped config and presets).
include(CMakeFindDependencyMacro)
find_dependency(SDL2 2.26)

get_filename_component(_sdlhaptics_include "\${CMAKE_CURRENT_LIST_DIR}/$to_include" ABSOLUTE)
get_filename_component(_sdlhaptics_lib "\${CMAKE_CURRENT_LIST_DIR}/$to_lib" ABSOLUTE)
get_filename_component(SDLHaptics_DATADIR "\${CMAKE_CURRENT_LIST_DIR}/$to_data" ABSOLUTE)

if(NOT TARGET SDLHaptics::SDLHaptics)
    add_library(SDLHaptics::SDLHaptics SHARED IMPORTED)
    set_target_properties(SDLHaptics::SDLHaptics PROPERTIES
        IMPORTED_LOCATION "\${_sdlhaptics_lib}/$REALNAME"
        IMPORTED_SONAME "$SONAME"
        INTERFACE_INCLUDE_DIRECTORIES "\${_sdlhaptics_include}"
        INTERFACE_LINK_LIBRARIES "SDL2::SDL2")
endif()

set(SDLHaptics_INCLUDE_DIRS "\${_sdlhaptics_include}")
set(SDLHaptics_LIBRARIES SDLHaptics::SDLHaptics)
unset(_sdlhaptics_include)
unset(_sdlhaptics_lib)
EOF
}

# Compatible versions: the same major (while the major is 0, the same minor: the SONAME's rule), not
# older than asked; 64-bit only (the library is built for the machine that built it).
write_cmake_version() {
    cat <<EOF
# SDLHaptics $VERSION: which find_package(SDLHaptics X.Y) requests this install satisfies.
set(PACKAGE_VERSION "$VERSION")
if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
    set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif(NOT PACKAGE_FIND_VERSION_MAJOR EQUAL $MAJOR OR ($MAJOR EQUAL 0 AND NOT PACKAGE_FIND_VERSION_MINOR EQUAL $MINOR))
    set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
    set(PACKAGE_VERSION_COMPATIBLE TRUE)
    if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
        set(PACKAGE_VERSION_EXACT TRUE)
    endif()
endif()
if(NOT CMAKE_SIZEOF_VOID_P STREQUAL "" AND NOT CMAKE_SIZEOF_VOID_P EQUAL 8)
    set(PACKAGE_VERSION "\${PACKAGE_VERSION} (64-bit)")
    set(PACKAGE_VERSION_UNSUITABLE TRUE)
endif()
EOF
}

# True when `artifact` is missing or older than a file it is built from.
stale() {
    [ ! -f "$1" ] || [ -n "$(find Sources include Package.swift -newer "$1" -print -quit)" ]
}

MANIFEST_NAME=install-manifest.txt

install_all() {
    local manifest_entries=() root=$DESTDIR
    [ -f "$OUT/$REALNAME" ] && [ -f "$OUT/hapticsctl" ] || fail "nothing built: run 'make c-library' first"
    [ -f "$CONFIG_SOURCE/haptics.toml" ] || fail "CONFIG_SOURCE=$CONFIG_SOURCE has no haptics.toml"
    ls "$CONFIG_SOURCE"/Presets/*.ahap >/dev/null 2>&1 || fail "CONFIG_SOURCE=$CONFIG_SOURCE has no Presets/*.ahap"
    [ ! -e "$root$DATADIR/$MANIFEST_NAME" ] || fail "$root$DATADIR holds an earlier install: run 'make uninstall' with the same PREFIX first"

    # Folders this install creates (deepest last), so uninstall removes them and no folder it found.
    makedir() {
        local dir=$1 missing=() d
        d=$dir
        while [ ! -d "$root$d" ]; do missing=("$d" "${missing[@]}"); d=$(dirname "$d"); done
        for d in "${missing[@]}"; do mkdir "$root$d"; manifest_entries+=("dir $d"); done
    }
    put() { # mode, source, destination
        makedir "$(dirname "$3")"
        install -m "$1" "$2" "$root$3"
        manifest_entries+=("file $3")
    }
    link() { # target, link
        ln -sfn "$1" "$root$2"
        manifest_entries+=("link $2")
    }

    put 755 "$OUT/$REALNAME" "$LIBDIR/$REALNAME"
    link "$REALNAME" "$LIBDIR/$SONAME"
    link "$SONAME" "$LIBDIR/$LIBNAME"
    put 644 "$HEADER" "$INCLUDEDIR/sdlhaptics.h"
    makedir "$PKGCONFIGDIR"
    write_pc >"$root$PKGCONFIGDIR/sdlhaptics.pc"; chmod 644 "$root$PKGCONFIGDIR/sdlhaptics.pc"
    manifest_entries+=("file $PKGCONFIGDIR/sdlhaptics.pc")
    makedir "$CMAKEDIR"
    write_cmake_config >"$root$CMAKEDIR/SDLHapticsConfig.cmake"
    write_cmake_version >"$root$CMAKEDIR/SDLHapticsConfigVersion.cmake"
    chmod 644 "$root$CMAKEDIR/SDLHapticsConfig.cmake" "$root$CMAKEDIR/SDLHapticsConfigVersion.cmake"
    manifest_entries+=("file $CMAKEDIR/SDLHapticsConfig.cmake" "file $CMAKEDIR/SDLHapticsConfigVersion.cmake")
    put 755 "$OUT/hapticsctl" "$BINDIR/hapticsctl"
    local file relative
    while IFS= read -r file; do
        relative=${file#"$CONFIG_SOURCE"/}
        put 644 "$file" "$DATADIR/$relative"
    done < <(find "$CONFIG_SOURCE" -type f | LC_ALL=C sort)
    manifest_entries+=("file $DATADIR/$MANIFEST_NAME")
    printf '%s\n' "${manifest_entries[@]}" >"$root$DATADIR/$MANIFEST_NAME"
    echo "c-library: installed $REALNAME, sdlhaptics.h, sdlhaptics.pc, SDLHapticsConfig.cmake, hapticsctl and $DATADIR ($(( ${#manifest_entries[@]} )) entries) under ${root:+$root}$PREFIX"
    # The loader's cache, when installing into the running system (not a staging DESTDIR).
    if [ -z "$root" ] && [ "$(id -u)" = 0 ] && command -v ldconfig >/dev/null 2>&1; then ldconfig; fi
}

uninstall_all() {
    local root=$DESTDIR manifest kind path removed=0 entries=() i
    manifest=$root$DATADIR/$MANIFEST_NAME
    [ -f "$manifest" ] || fail "no $manifest: nothing installed under ${root:+$root}$PREFIX by 'make install' (use the same PREFIX, DESTDIR and DATADIR)"
    mapfile -t entries <"$manifest"
    # Files and links first (the manifest itself last), then the folders install created, deepest first.
    for ((i = 0; i < ${#entries[@]}; i++)); do
        read -r kind path <<<"${entries[i]}"
        case $kind in
            file|link) rm -f "$root$path"; removed=$((removed + 1)) ;;
            dir) ;;
            *) fail "$manifest line $((i + 1)): unknown entry '${entries[i]}' (expected 'file PATH', 'link PATH' or 'dir PATH')" ;;
        esac
    done
    for ((i = ${#entries[@]} - 1; i >= 0; i--)); do
        read -r kind path <<<"${entries[i]}"
        [ "$kind" = dir ] || continue
        rmdir "$root$path" 2>/dev/null || echo "c-library: kept $root$path (it holds files install did not put there)"
    done
    echo "c-library: removed $removed files and links from ${root:+$root}$PREFIX"
}

case ${1:-} in
    build) build_library ;;
    build-all) build_library; build_hapticsctl ;;
    install)
        # Built again only when a source changed since, so `make c-library` as a user and then
        # `sudo make install` (where root may have no swift on its PATH) installs without building.
        if stale "$OUT/$REALNAME"; then build_library; else echo "c-library: $OUT/$REALNAME is up to date"; fi
        if stale "$OUT/hapticsctl"; then build_hapticsctl; else echo "c-library: $OUT/hapticsctl is up to date"; fi
        install_all ;;
    uninstall) uninstall_all ;;
    functions) header_functions ;;
    *) echo "usage: $0 build|build-all|install|uninstall|functions" >&2; exit 2 ;;
esac
