#!/bin/sh
# Writes the inputs docs/reliability.md measures the budgets of issue 26 with (about 120 MB), into OUT
# (default /tmp/sdlhaptics-budgets). Only POSIX sh, awk, head and printf: nothing to install.
#
#   scripts/budget-inputs.sh [OUT]
#   H=.build/release/hapticsctl; cd OUT; /usr/bin/time -f "%e s %M KB" $H check r400.toml
#
# Files (each row of docs/reliability.md, "Budgets", names the ones it uses):
#   big.ahap           a valid 7.7 MB pattern (54,700 transients)
#   r400/r10000/r100000.toml   400, 10,000 and 100,000 rules naming big.ahap; p100000.toml: 100,000 preset rules
#   max0..8.ahap       nine distinct patterns of 8,386,6xx bytes (just under the 8 MiB file limit)
#   max8.toml, max9.toml       8 of them (64 MiB: the bytes budget) and 9 (past it)
#   tiny/              4,097 one-event patterns; fits.toml names 4,096 (16 KiB each: the budget), over.toml 4,097
#   snd/               fourteen distinct 22 s sounds (48 kHz 16-bit noise); fits.toml names 13 (286 s),
#                      over.toml 14 (308 s: past the 300 s budget), opts.toml one sound with 13 option sets
#   one_hz.wav         the 48-byte WAV declaring 1 Hz
#   blank.jsonl        16 MiB of blank lines; hit.toml a one-rule config for simulate
#   p600.ahap          a 2 KB pattern lasting 600 s (render, repeated --profile); p990.ahap 990 s; p15.ahap 15 s
set -eu
OUT=${1:-/tmp/sdlhaptics-budgets}
mkdir -p "$OUT/tiny" "$OUT/snd"
cd "$OUT"

# rules N PATTERN-PREFIX PATTERN-SUFFIX SAME: N [[rule]]s naming PREFIX<i>SUFFIX (SAME=1: PREFIX alone).
rules() {
	awk -v n="$1" -v pre="$2" -v suf="$3" -v same="$4" 'BEGIN {
		for (i = 0; i < n; i++) {
			name = same == 1 ? pre : pre i suf
			printf "[[rule]]\nevent = \"custom\"\ncustom = \"c%d\"\npattern = \"%s\"\n", i, name
		}
	}'
}

# pattern N EXTRA: N transients 0.01 s apart; EXTRA spaces at the end make contents distinct.
pattern() {
	awk -v n="$1" -v extra="$2" 'BEGIN {
		printf "{\"Version\": 1, \"Pattern\": [\n"
		for (i = 0; i < n; i++) {
			printf "{\"Event\": {\"Time\": %s, \"EventType\": \"HapticTransient\", \"EventParameters\": [{\"ParameterID\": \"HapticIntensity\", \"ParameterValue\": 0.5}]}}%s\n", i / 100, (i == n - 1 ? "" : ",")
		}
		printf "]}\n"
		for (i = 0; i < extra; i++) printf " "
	}'
}

pattern 54700 0 > big.ahap
rules 400 big.ahap "" 1 > r400.toml
rules 10000 big.ahap "" 1 > r10000.toml
rules 100000 big.ahap "" 1 > r100000.toml
rules 100000 ImpactLight "" 1 > p100000.toml

for k in 0 1 2 3 4 5 6 7 8; do pattern 59600 "$k" > "max$k.ahap"; done
rules 8 max .ahap 0 > max8.toml
rules 9 max .ahap 0 > max9.toml

i=0
while [ $i -le 4096 ]; do
	printf '{"Version": 1, "Pattern": [{"Event": {"Time": 0.0, "EventType": "HapticTransient", "EventParameters": []}}]}' > "tiny/p$i.ahap"
	i=$((i + 1))
done
rules 4096 p .ahap 0 > tiny/fits.toml
rules 4097 p .ahap 0 > tiny/over.toml

# le32 N: N as four little-endian bytes (printf octal escapes).
le32() {
	printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $(($1 & 255)) $(($1 >> 8 & 255)) $(($1 >> 16 & 255)) $(($1 >> 24 & 255)))"
}
# wav RATE BYTES: a 16-bit mono PCM header declaring RATE Hz and BYTES of samples.
wav() {
	printf 'RIFF'; le32 $((36 + $2)); printf 'WAVEfmt '; le32 16; printf '\001\000\001\000'
	le32 "$1"; le32 $(($1 * 2)); printf '\002\000\020\000data'; le32 "$2"
}
k=0
while [ $k -le 13 ]; do
	{ wav 48000 2112000; head -c 2112000 /dev/urandom; } > "snd/s$k.wav"   # 22 s
	k=$((k + 1))
done
rules 13 s .wav 0 > snd/fits.toml
rules 14 s .wav 0 > snd/over.toml
awk 'BEGIN { for (i = 0; i < 13; i++) printf "[[rule]]\nevent = \"custom\"\ncustom = \"c%d\"\npattern = \"s0.wav\"\nanalysis = { sensitivity = %s }\n", i, i / 20 }' > snd/opts.toml

{ wav 1 4; printf '\000\100\000\300'; } > one_hz.wav

head -c 16777216 /dev/zero | tr '\000' '\n' > blank.jsonl
printf '[[rule]]\nevent = "hit"\npattern = "ImpactLight"\n' > hit.toml

# long LAST: continuous events of 30 s from 0 to LAST s (a pattern lasting LAST + 30 s).
long() {
	awk -v last="$1" 'BEGIN {
		printf "{\"Version\": 1, \"Pattern\": ["
		for (t = 0; t <= last; t += 30) printf "%s{\"Event\": {\"Time\": %d, \"EventType\": \"HapticContinuous\", \"EventDuration\": 30, \"EventParameters\": []}}", (t == 0 ? "" : ","), t
		printf "]}"
	}'
}
long 570 > p600.ahap
long 960 > p990.ahap
printf '{"Version": 1, "Pattern": [{"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 15, "EventParameters": []}}]}' > p15.ahap
echo "wrote the budget inputs to $OUT"
