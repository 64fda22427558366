#!/usr/bin/env bash
# Where the C library's bytes go (issue 25, docs/c-library.md, "Size"): the sizes of its symbols
# (nm -S on the unstripped library that `make c-library` links), grouped by what they belong to: our
# modules, the Swift standard library, the Swift runtime and its Unicode tables, the C++ runtime; then
# the stripped file's sections. Symbols cover code and data; the rest of the file is unwind tables
# (.eh_frame), relocations and the dynamic symbol table.
#
# usage: scripts/c-library-size.sh [LIBRARY]   (default: .build-clib/library/release/libsdlhaptics.so)
set -euo pipefail
cd "$(dirname "$0")/.."
lib=${1:-.build-clib/library/release/libsdlhaptics.so}
[ -f "$lib" ] || { echo "c-library-size: no $lib: run 'make c-library' first" >&2; exit 1; }

nm -S --size-sort "$lib" | awk '
    function hex(text,    i, value) {   # mawk has no strtonum
        value = 0
        for (i = 1; i <= length(text); i++) value = value * 16 + index("0123456789abcdef", tolower(substr(text, i, 1))) - 1
        return value
    }
    NF == 4 {
        size = hex($2); name = $4; group = "C (SDL shims, libc glue, other)"
        if (name ~ /^\$s[sS]/) group = "Swift standard library"
        else if (match(name, /^\$s[0-9]+/)) {
            length_ = substr(name, 3, RLENGTH - 2) + 0
            group = "module " substr(name, RLENGTH + 1, length_)
        }
        else if (name ~ /swift_stdlib/) group = "Swift runtime: Unicode tables"
        else if (name ~ /^(_ZN5swift|swift_|_swift_)/) group = "Swift runtime (C++)"
        else if (name ~ /^(_ZNSt|_ZSt|_ZNKSt|__cxa|_ZN9__gnu|_ZN10__cxxabi|__gxx)/) group = "C++ runtime (libstdc++)"
        else if (name ~ /^_Z/) group = "Swift runtime: demangler and other C++"
        else if (name ~ /dispatch/) group = "libdispatch"
        bytes[group] += size; total += size
    }
    END {
        for (group in bytes) printf "%10d  %5.1f%%  %s\n", bytes[group], 100 * bytes[group] / total, group | "sort -rn"
        close("sort -rn")
        printf "%10d  100.0%%  symbols in total\n", total
    }' | awk '$1 >= 5000 || /in total/'
stripped=$(mktemp)
trap 'rm -f "$stripped"' EXIT
strip --strip-unneeded -o "$stripped" "$lib"
echo "stripped: $(stat -c %s "$stripped") bytes; largest sections:"
size -A "$stripped" | awk 'NR > 2 && $1 != "Total" && $2 >= 50000 { printf "%10d  %s\n", $2, $1 }' | sort -rn
