#!/usr/bin/env bash
# Counts the public types each library module exports, from the compiler's own symbol graph
# (swift-symbolgraph-extract on the debug build), so `@_spi`, `internal` and nested types are counted
# as the compiler sees them, not as a text search guesses.
#
#   scripts/public-types.sh                     # Haptics, HapticsSDL, HapticsTools: counts
#   scripts/public-types.sh --list Haptics      # one module: every public type, one a line
#   SPI=1 scripts/public-types.sh               # count the @_spi(HapticsTools) types as well
#   scripts/public-types.sh --max 30 Haptics    # the check `make test` runs: fails (exit 1) when a module
#                                               # has more than 30 top-level public types, and lists them
#
# A "type" is a struct, class, enum, protocol, actor or typealias. "top-level" is what a game names
# directly (`HapticEngine`); "nested" is a type inside one (`HapticEngine.StoppedReason`).
# Needs a debug build (`swift build`): it reads .build/debug/Modules. Needs jq.
set -euo pipefail
cd "$(dirname "$0")/.."

list=""
max=""
while [ $# -gt 0 ]; do
    case "$1" in
        --list) list=1; shift ;;
        --max)
            [[ "${2:-}" =~ ^[0-9]+$ ]] || { echo "error: --max takes a whole number (got '${2:-}')" >&2; exit 2; }
            max=$2; shift 2 ;;
        *) break ;;
    esac
done
modules=("$@")
[ ${#modules[@]} -gt 0 ] || modules=(Haptics HapticsSDL HapticsTools)

bin=$(swift build --show-bin-path)
[ -d "$bin/Modules" ] || { echo "error: no build at $bin/Modules: run 'swift build' first" >&2; exit 1; }
command -v jq >/dev/null || { echo "error: jq not found (Debian: apt-get install jq)" >&2; exit 1; }
triple=$(swift -print-target-info | jq -r .target.triple)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
spi=()
[ "${SPI:-}" = "1" ] && spi=(-include-spi-symbols)

kinds='^swift\.(struct|class|enum|protocol|actor|typealias)$'
failed=0
for module in "${modules[@]}"; do
    if [ ! -e "$bin/Modules/$module.swiftmodule" ]; then
        echo "$module: not built (no $bin/Modules/$module.swiftmodule)" >&2
        [ -z "$max" ] || failed=1  # a check that cannot count does not pass
        continue
    fi
    swift-symbolgraph-extract -module-name "$module" -I "$bin/Modules" -I Sources/CHapticsSDL2 \
        -target "$triple" -output-dir "$out" -minimum-access-level public ${spi[@]+"${spi[@]}"} >/dev/null
    graph="$out/$module.symbols.json"
    if [ -n "$list" ]; then
        jq -r --arg k "$kinds" '.symbols[] | select(.kind.identifier | test($k)) | (.pathComponents | join("."))' "$graph" | sort
    else
        jq -r --arg k "$kinds" --arg m "$module" '
            [.symbols[] | select(.kind.identifier | test($k)) | .pathComponents | length] as $depths
            | "\($m): \($depths | map(select(. == 1)) | length) public types (top-level), \($depths | map(select(. > 1)) | length) nested"' "$graph"
    fi
    if [ -n "$max" ]; then
        top=$(jq -r --arg k "$kinds" '[.symbols[] | select(.kind.identifier | test($k)) | select(.pathComponents | length == 1)] | length' "$graph")
        if [ "$top" -gt "$max" ]; then
            echo "error: $module has $top top-level public types, more than the limit of $max (issue 34: each one a type a game names;" >&2
            echo "       make the rest internal, package or @_spi(HapticsTools)). They are:" >&2
            jq -r --arg k "$kinds" '.symbols[] | select(.kind.identifier | test($k)) | select(.pathComponents | length == 1) | "  " + .pathComponents[0]' "$graph" | sort >&2
            failed=1
        else
            echo "$module: $top top-level public types, within the limit of $max"
        fi
    fi
done
exit $failed
