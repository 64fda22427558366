#!/usr/bin/env bash
# The C library (issue 16, docs/c-library.md): builds libsdlhaptics.so for C and C++ games, installs and
# uninstalls it. `make c-library`, `make install` and `make uninstall` call it.
#
# usage: scripts/c-library.sh build       the library, release, stripped, in .build-clib/c-library/
#        scripts/c-library.sh build3      the SDL3 flavour, libsdlhaptics3.so, likewise (issue 32; needs
#                                         `pkg-config sdl3`)
#        scripts/c-library.sh build-all   the library, its SDL3 flavour when pkg-config finds sdl3, and
#                                         hapticsctl (Swift runtime linked in): what install installs
#        scripts/c-library.sh install     build what is not up to date (libraries, hapticsctl), then install
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
# Two flavours of the same C API (issue 32, docs/sdl3.md): libsdlhaptics (SDL2; sdlhaptics.pc, CMake target
# SDLHaptics::SDLHaptics) and libsdlhaptics3 (SDL3; sdlhaptics3.pc, SDLHaptics::SDLHaptics3), the same SDLH_
# functions built from the same sources against each SDL, installed side by side as SDL2_image and
# SDL3_image are. The SDL3 flavour is built and installed whenever `pkg-config --exists sdl3` (SDL3's folders
# come from its -I and -L flags), and install says so when it is not.
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

# The flavour the functions below work on: names, scratch folder, SDL requirement, SDL flags.
use_flavour() {
    FLAVOUR=$1
    case $FLAVOUR in
        sdl2) PRODUCT=sdlhaptics; LIBRARY_SCRATCH=$SCRATCH/library; SDL_MODULE=sdl2; CMAKE_TARGET=SDLHaptics ;;
        sdl3) PRODUCT=sdlhaptics3; LIBRARY_SCRATCH=$SCRATCH/library3; SDL_MODULE=sdl3; CMAKE_TARGET=SDLHaptics3 ;;
        *) fail "unknown flavour $FLAVOUR" ;;
    esac
    LIBNAME=lib$PRODUCT.so
    SONAME=$LIBNAME.$SOVERSION
    REALNAME=$LIBNAME.$VERSION
}
use_flavour sdl2

# Whether pkg-config finds SDL3 (then the SDL3 flavour is built and installed).
has_sdl3() { pkg-config --exists 'sdl3 >= 3.2' 2>/dev/null; }

# SwiftPM flags for SDL3's folders, from pkg-config (nothing for an SDL3 in the default paths).
sdl3_swift_flags() {
    local flag
    for flag in $(pkg-config --cflags-only-I --libs-only-L sdl3); do
        case $flag in
            -I/usr/include|-L/usr/lib|-L/usr/lib64) ;;
            -I*) printf ' -Xcc %s' "$flag" ;;
            -L*) printf ' -Xlinker %s' "$flag" ;;
        esac
    done
}

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
    map=$(pwd)/$OUT/$PRODUCT.map
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
    local sdl_flags=
    if [ "$FLAVOUR" = sdl3 ]; then
        has_sdl3 || fail "pkg-config finds no sdl3 (3.2 or later): install SDL3's development files, or set PKG_CONFIG_PATH (make sdl3 sets up the test rig)"
        sdl_flags=$(sdl3_swift_flags)
    fi
    echo "c-library: building $REALNAME for ${FLAVOUR^^} (SONAME $SONAME, $(echo "$functions" | wc -l) functions from $HEADER)"
    # The library is relinked on every build: a changed header changes only the version script.
    rm -f "$LIBRARY_SCRATCH/release/$LIBNAME"
    # Size (docs/c-library.md, "Size"): no Foundation (the Data and URL overloads are compiled out);
    # public functions not kept for other link units (-internalize-at-link) and each in its own section,
    # so --gc-sections (SwiftPM passes it) drops what no SDLH_ function reaches; lld folds identical
    # functions; the standard library slimmed the same way (slim_stdlib). Not -Osize: it made a post
    # 17% slower for 0.24 MB.
    # shellcheck disable=SC2086 # the SDL flags are words
    swift_build "$LIBRARY_SCRATCH" --product "$PRODUCT" $sdl_flags -Xswiftc -Xclang-linker -Xswiftc "-L$cxx" \
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
    local description=SDL2 requires=sdl2 cflags='-I${includedir}'
    if [ "$FLAVOUR" = sdl3 ]; then description=SDL3; requires='sdl3 >= 3.2'; cflags='-I${includedir} -DSDLH_USE_SDL3'; fi
    cat <<EOF
prefix=$PREFIX
libdir=$LIBDIR
includedir=$INCLUDEDIR
datadir=$DATADIR

Name: $PRODUCT
Description: Haptics middleware for $description games: rumble from game events, AHAP patterns, presets (C API)
Version: $VERSION
Requires: $requires
Cflags: $cflags
Libs: -L\${libdir} -l$PRODUCT
EOF
}

# The CMake package (issue 25; SDL3 flavour, issue 32), as SDL2 ships sdl2-config.cmake: `find_package(SDLHaptics)`
# gives the imported target SDLHaptics::SDLHaptics (libsdlhaptics, the header's folder and SDL2::SDL2) and,
# when the SDL3 flavour is installed, SDLHaptics::SDLHaptics3 (libsdlhaptics3, the header read after
# <SDL3/SDL.h>, and SDL3::SDL3, or SDL3 through pkg-config for an SDL3 without a CMake package). Each target is
# made only when its SDL is found, so a game on one SDL never needs the other; COMPONENTS SDL2 / SDL3
# make find_package fail, saying why, when the one a game needs is missing. Paths are relative to the
# file's own folder, so a staged (DESTDIR) or moved install still works.
write_cmake_config() {
    local to_include to_lib to_data with3=$1
    to_include=$(realpath -m --relative-to="$CMAKEDIR" "$INCLUDEDIR")
    to_lib=$(realpath -m --relative-to="$CMAKEDIR" "$LIBDIR")
    to_data=$(realpath -m --relative-to="$CMAKEDIR" "$DATADIR")
    cat <<EOF
# SDLHaptics $VERSION, the CMake package of the C library (docs/c-library.md). Written by
# scripts/c-library.sh install.
#
#     find_package(SDLHaptics $MAJOR.$MINOR REQUIRED)
#     target_link_libraries(game PRIVATE SDLHaptics::SDLHaptics)     # a game on SDL2
#     target_link_libraries(game PRIVATE SDLHaptics::SDLHaptics3)    # a game on SDL3 (docs/sdl3.md)
#
# SDLHaptics::SDLHaptics links libsdlhaptics.so, adds the folder of sdlhaptics.h and brings SDL2::SDL2
# (found with find_package(SDL2)). SDLHaptics::SDLHaptics3 links libsdlhaptics3.so, defines SDLH_USE_SDL3
# and brings SDL3::SDL3 (find_package(SDL3), else pkg-config's sdl3). Each exists when its SDL is found;
# find_package(SDLHaptics COMPONENTS SDL3) fails when SDLHaptics::SDLHaptics3 cannot be made. Also set:
# SDLHaptics_INCLUDE_DIRS, SDLHaptics_LIBRARIES (the SDL2 target when it exists, else the SDL3 one),
# SDLHaptics_DATADIR (the shipped config and presets).
get_filename_component(_sdlhaptics_include "\${CMAKE_CURRENT_LIST_DIR}/$to_include" ABSOLUTE)
get_filename_component(_sdlhaptics_lib "\${CMAKE_CURRENT_LIST_DIR}/$to_lib" ABSOLUTE)
get_filename_component(SDLHaptics_DATADIR "\${CMAKE_CURRENT_LIST_DIR}/$to_data" ABSOLUTE)
set(_sdlhaptics_missing "")

if(NOT TARGET SDLHaptics::SDLHaptics)
    find_package(SDL2 2.26 QUIET)
    if(TARGET SDL2::SDL2)
        add_library(SDLHaptics::SDLHaptics SHARED IMPORTED)
        set_target_properties(SDLHaptics::SDLHaptics PROPERTIES
            IMPORTED_LOCATION "\${_sdlhaptics_lib}/libsdlhaptics.so.$VERSION"
            IMPORTED_SONAME "libsdlhaptics.so.$SOVERSION"
            INTERFACE_INCLUDE_DIRECTORIES "\${_sdlhaptics_include}"
            INTERFACE_LINK_LIBRARIES "SDL2::SDL2")
    else()
        string(APPEND _sdlhaptics_missing " SDLHaptics::SDLHaptics needs SDL2 2.26 or later (find_package(SDL2) found none).")
    endif()
endif()
EOF
    if [ "$with3" = yes ]; then
        cat <<EOF

if(NOT TARGET SDLHaptics::SDLHaptics3)
    find_package(SDL3 3.2 CONFIG QUIET)
    set(_sdlhaptics_sdl3 "")
    if(TARGET SDL3::SDL3)
        set(_sdlhaptics_sdl3 SDL3::SDL3)
    else()
        find_package(PkgConfig QUIET)
        if(PKG_CONFIG_FOUND)
            pkg_check_modules(_SDLHAPTICS_SDL3 QUIET IMPORTED_TARGET GLOBAL "sdl3>=3.2")
            if(TARGET PkgConfig::_SDLHAPTICS_SDL3)
                set(_sdlhaptics_sdl3 PkgConfig::_SDLHAPTICS_SDL3)
            endif()
        endif()
    endif()
    if(_sdlhaptics_sdl3)
        add_library(SDLHaptics::SDLHaptics3 SHARED IMPORTED)
        set_target_properties(SDLHaptics::SDLHaptics3 PROPERTIES
            IMPORTED_LOCATION "\${_sdlhaptics_lib}/libsdlhaptics3.so.$VERSION"
            IMPORTED_SONAME "libsdlhaptics3.so.$SOVERSION"
            INTERFACE_INCLUDE_DIRECTORIES "\${_sdlhaptics_include}"
            INTERFACE_COMPILE_DEFINITIONS "SDLH_USE_SDL3"
            INTERFACE_LINK_LIBRARIES "\${_sdlhaptics_sdl3}")
    else()
        string(APPEND _sdlhaptics_missing " SDLHaptics::SDLHaptics3 needs SDL3 3.2 or later (neither find_package(SDL3) nor pkg-config's sdl3 found one).")
    endif()
    unset(_sdlhaptics_sdl3)
endif()
EOF
    else
        cat <<'EOF'

if(NOT TARGET SDLHaptics::SDLHaptics3)
    string(APPEND _sdlhaptics_missing " SDLHaptics::SDLHaptics3: this install has no SDL3 flavour (make install builds it when pkg-config finds sdl3).")
endif()
EOF
    fi
    cat <<'EOF'

foreach(_sdlhaptics_component IN LISTS SDLHaptics_FIND_COMPONENTS)
    if(_sdlhaptics_component STREQUAL "SDL2")
        set(_sdlhaptics_target SDLHaptics::SDLHaptics)
    elseif(_sdlhaptics_component STREQUAL "SDL3")
        set(_sdlhaptics_target SDLHaptics::SDLHaptics3)
    else()
        set(_sdlhaptics_target "")
    endif()
    if(_sdlhaptics_target AND TARGET ${_sdlhaptics_target})
        set(SDLHaptics_${_sdlhaptics_component}_FOUND TRUE)
    else()
        set(SDLHaptics_${_sdlhaptics_component}_FOUND FALSE)
        if(SDLHaptics_FIND_REQUIRED_${_sdlhaptics_component})
            set(SDLHaptics_FOUND FALSE)
            set(SDLHaptics_NOT_FOUND_MESSAGE "component ${_sdlhaptics_component} is missing:${_sdlhaptics_missing}")
        endif()
    endif()
endforeach()
if(NOT TARGET SDLHaptics::SDLHaptics AND NOT TARGET SDLHaptics::SDLHaptics3)
    set(SDLHaptics_FOUND FALSE)
    set(SDLHaptics_NOT_FOUND_MESSAGE "neither flavour can be used:${_sdlhaptics_missing}")
endif()

set(SDLHaptics_INCLUDE_DIRS "${_sdlhaptics_include}")
if(TARGET SDLHaptics::SDLHaptics)
    set(SDLHaptics_LIBRARIES SDLHaptics::SDLHaptics)
elseif(TARGET SDLHaptics::SDLHaptics3)
    set(SDLHaptics_LIBRARIES SDLHaptics::SDLHaptics3)
endif()
unset(_sdlhaptics_include)
unset(_sdlhaptics_lib)
unset(_sdlhaptics_missing)
unset(_sdlhaptics_component)
unset(_sdlhaptics_target)
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

    # The library, its links and its pkg-config file, for the flavour in use.
    put_flavour() {
        put 755 "$OUT/$REALNAME" "$LIBDIR/$REALNAME"
        link "$REALNAME" "$LIBDIR/$SONAME"
        link "$SONAME" "$LIBDIR/$LIBNAME"
        makedir "$PKGCONFIGDIR"
        write_pc >"$root$PKGCONFIGDIR/$PRODUCT.pc"; chmod 644 "$root$PKGCONFIGDIR/$PRODUCT.pc"
        manifest_entries+=("file $PKGCONFIGDIR/$PRODUCT.pc")
    }
    local installed=
    put_flavour
    installed="$REALNAME, $PRODUCT.pc"
    local with3=no
    if [ "$INSTALL_SDL3" = yes ]; then
        use_flavour sdl3
        put_flavour
        installed="$installed, $REALNAME, $PRODUCT.pc"
        use_flavour sdl2
        with3=yes
    fi
    put 644 "$HEADER" "$INCLUDEDIR/sdlhaptics.h"
    makedir "$CMAKEDIR"
    write_cmake_config "$with3" >"$root$CMAKEDIR/SDLHapticsConfig.cmake"
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
    echo "c-library: installed $installed, sdlhaptics.h, SDLHapticsConfig.cmake, hapticsctl and $DATADIR ($(( ${#manifest_entries[@]} )) entries) under ${root:+$root}$PREFIX"
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

# The SDL3 flavour when pkg-config finds SDL3: built when missing or stale. Sets INSTALL_SDL3 (yes or no)
# and says clearly what happens: a game on SDL3 must know whether libsdlhaptics3 is there.
build_sdl3_if_found() {
    INSTALL_SDL3=no
    use_flavour sdl3
    if has_sdl3; then
        if stale "$OUT/$REALNAME"; then build_library; else echo "c-library: $OUT/$REALNAME is up to date"; fi
        INSTALL_SDL3=yes
    elif [ -f "$OUT/$REALNAME" ] && ! stale "$OUT/$REALNAME"; then
        echo "c-library: pkg-config finds no sdl3 now; installing the SDL3 flavour built before ($OUT/$REALNAME)"
        INSTALL_SDL3=yes
    else
        echo "c-library: note: the SDL3 flavour (libsdlhaptics3, sdlhaptics3.pc, SDLHaptics::SDLHaptics3) is NOT built:" \
            "pkg-config finds no sdl3 3.2 or later. Install SDL3's development files (Debian trixie: libsdl3-dev)" \
            "or point PKG_CONFIG_PATH at an SDL3 (make sdl3 sets up the test rig), then build again."
    fi
    use_flavour sdl2
}

INSTALL_SDL3=no
case ${1:-} in
    build) build_library ;;
    build3) use_flavour sdl3; build_library ;;
    build-all) build_library; build_sdl3_if_found; build_hapticsctl ;;
    install)
        # Built again only when a source changed since, so `make c-library` as a user and then
        # `sudo make install` (where root may have no swift on its PATH) installs without building.
        if stale "$OUT/$REALNAME"; then build_library; else echo "c-library: $OUT/$REALNAME is up to date"; fi
        build_sdl3_if_found
        if stale "$OUT/hapticsctl"; then build_hapticsctl; else echo "c-library: $OUT/hapticsctl is up to date"; fi
        install_all ;;
    uninstall) uninstall_all ;;
    functions) header_functions ;;
    *) echo "usage: $0 build|build3|build-all|install|uninstall|functions" >&2; exit 2 ;;
esac
