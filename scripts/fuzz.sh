#!/bin/sh
# Builds and runs one libFuzzer target for a bounded time.
#   scripts/fuzz.sh TARGET SECONDS        TARGET: a folder of Fuzz/ (AHAPDecoding, ConfigParsing, MappingSimulation)
# The target is compiled with every source file of the module it tests (-sanitize=fuzzer,address), over
# the reader modules (HapticsTOML, HapticsJSON) built the same way, seeded from Tests/Fixtures/ahap (and the shipped assets), and run with -max_total_time. A crash leaves
# its input in .build-fuzz/TARGET/ as crash-*; turn it into a regression test. Exit status: libFuzzer's
# (0 when nothing was found).
set -eu
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh TARGET SECONDS}
seconds=${2:-60}
work=.build-fuzz/$target
mkdir -p "$work/corpus" "$work/modules"
case "$target" in
  AHAPDecoding)
    module=Haptics
    sources=$(find Sources/Haptics -name '*.swift' | sort)
    for file in Tests/Fixtures/ahap/*.ahap Tests/Fixtures/ahap/invalid/* Assets/Haptics/Presets/*.ahap; do
      [ -f "$file" ] && cp "$file" "$work/corpus/" 2>/dev/null || true
    done
    ;;
  ConfigParsing)
    module=Haptics
    # Event scripts live in HapticsTools: its sources are compiled into the same module here.
    sources=$(find Sources/Haptics Sources/HapticsTools -name '*.swift' | sort)
    for file in Assets/Haptics/*.toml Demo/Scripts/*.jsonl; do
      [ -f "$file" ] && cp "$file" "$work/corpus/" 2>/dev/null || true
    done
    ;;
  MappingSimulation)
    module=Haptics
    sources=$(find Sources/Haptics Sources/HapticsTools -name '*.swift' | sort)
    # The mapping is the shipped config with everything it names (Patterns/, Sounds/, ...).
    for entry in Assets/Haptics/*; do
      rm -rf "$work/$(basename "$entry")" && cp -R "$entry" "$work/"
    done
    # Seeds: a few recipes (rate, tail, players, mapping, row limit, then events).
    printf '\000\000\000\001\377\001\002\003\004\005\006' > "$work/corpus/seed-small"
    printf '\000\000\000\001\377\377\021\003\377\023\004\377\025\005' > "$work/corpus/seed-extreme"
    printf '\002\001\004\001\010\003\000\003\003\100\001\003\001' > "$work/corpus/seed-texture"
    ;;
  *)
    echo "unknown fuzz target '$target' (see Fuzz/)" >&2; exit 2 ;;
esac
echo "fuzz: building $target"
# The readers are modules of their own (HapticsTOML, HapticsJSON: docs/architecture.md): each is built first,
# instrumented the same way, and linked in; the module under test imports them as SwiftPM's build does.
: > "$work/build.log"
readers=""
for reader in HapticsTOML HapticsJSON; do
  if ! swiftc -O -wmo -sanitize=fuzzer,address -parse-as-library -module-name "$reader" -package-name SDLHaptics -swift-version 6 \
    -emit-module -emit-module-path "$work/modules/$reader.swiftmodule" -c $(find Sources/$reader -name '*.swift' | sort) \
    -o "$work/$reader.o" >> "$work/build.log" 2>&1; then
    grep -v "ld.gold: warning" "$work/build.log" >&2; exit 1
  fi
  readers="$readers $work/$reader.o"
done
if ! swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name "$module" -package-name SDLHaptics -swift-version 6 \
  -I "$work/modules" $sources Fuzz/"$target"/*.swift $readers -o "$work/fuzz-$target" >> "$work/build.log" 2>&1; then
  grep -v "ld.gold: warning" "$work/build.log" >&2; exit 1
fi
echo "fuzz: running $target for $seconds s (corpus: $work/corpus)"
cd "$work"
dictionary=""
[ -f "../../Fuzz/$target/toml.dict" ] && dictionary="-dict=../../Fuzz/$target/toml.dict"
# FUZZ_RUNS (optional) stops after that many executions instead of at the time limit.
# FUZZ_TIMEOUT (default 30) is the seconds one input may take before libFuzzer reports a hang. Under
# ASan a large generated config takes about a second on an idle machine; 30 leaves room for a loaded one.
runs=""
[ -n "${FUZZ_RUNS:-}" ] && runs="-runs=$FUZZ_RUNS"
./fuzz-"$target" -max_total_time="$seconds" $runs $dictionary -print_final_stats=1 -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb=2048 corpus 2>&1 | tee fuzz.log | grep -E "^(#[0-9]+ +(INITED|DONE)|Done|stat::number_of_executed_units|==[0-9]+==ERROR|SUMMARY)" || true
status=$(grep -c "ERROR: " fuzz.log || true)
if [ "$status" != "0" ]; then echo "fuzz: $target found a problem: see $work/fuzz.log and $work/crash-*" >&2; exit 1; fi
echo "fuzz: $target clean"
