#!/usr/bin/env bash
# Writes what `hapticsctl render` and `hapticsctl simulate` print for every shipped preset, every AHAP
# fixture and every demo script into OUTDIR, one file per run (standard output, standard error, exit
# status), so a refactor can prove its outputs byte-identical: run it before and after, then
# `diff -r BEFORE AFTER`.
#
# usage: scripts/golden-outputs.sh HAPTICSCTL OUTDIR
set -u
ctl=${1:?usage: golden-outputs.sh HAPTICSCTL OUTDIR}
out=${2:?usage: golden-outputs.sh HAPTICSCTL OUTDIR}
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out/render" "$out/simulate"
profiles=(--profile generic --profile xboxOne --profile xboxOneBluetooth --profile ps4 --profile ps5 --profile switchPro --profile virtual)

run() { # name, command...
    local name=$1; shift
    "$@" >"$name.out" 2>"$name.err"
    echo $? >"$name.status"
}

cd "$here"
# Every AHAP file in the repository (presets, config patterns, fixtures, valid or not), by file name.
while IFS= read -r file; do
    key=$(basename "$file")  # names are unique across the repository; folders may move
    run "$out/render/$key.csv" "$ctl" render "$file" "${profiles[@]}"
    run "$out/render/$key.svg" "$ctl" render "$file" --format svg --profile ps5
    run "$out/render/$key.30hz.csv" "$ctl" render "$file" --rate 30
done < <(find Assets Tests/Fixtures -name '*.ahap' | sed 's|.*/\(Assets\|Tests\)/|\1/|' | LC_ALL=C sort)

config=Assets/Haptics/haptics.toml
for script in Demo/Scripts/*.jsonl; do
    key=$(basename "$script" .jsonl)
    for profile in generic ps5; do
        run "$out/simulate/$key.$profile.csv" "$ctl" simulate --config "$config" --events "$script" --profile "$profile"
    done
    run "$out/simulate/$key.svg" "$ctl" simulate --config "$config" --events "$script" --format svg
    run "$out/simulate/$key.summary" "$ctl" simulate --config "$config" --events "$script" --summary
    run "$out/simulate/$key.30hz.csv" "$ctl" simulate --config "$config" --events "$script" --rate 30
done
echo "golden-outputs: $(ls "$out/render" "$out/simulate" | grep -c '\.out$') runs written to $out"
