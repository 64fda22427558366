#!/bin/sh
# The screenshots of docs/demo.md, taken in a real window: the release demo runs under Xvfb (a real X
# server in memory; `apt-get install xvfb`) with its OpenGL renderer, and saves what the window shows at
# five points of the tour (and the title), converted to PNG by scripts/bmp-to-png.py.
#
#   scripts/demo-screenshots.sh [OUT_DIR]      (default docs/images)
set -eu
out=${1:-docs/images}
command -v xvfb-run >/dev/null 2>&1 || { echo "error: xvfb-run not found: apt-get install xvfb" >&2; exit 1; }
swift build -c release --product haptics-demo
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { SDL_AUDIODRIVER=dummy xvfb-run -a -s "-screen 0 1280x720x24" "$bin/haptics-demo" --silent "$@"; }
# The title: the demo as it opens, a second and a quarter in.
run --frames 75 --screenshot "$work/title.bmp"
# The tour, in real time: the crate yard (a 2 kg box falling), the 1000 kg crate's landing, the grounds,
# the enemy yard, the boulder rolling with the detailed HUD (the tour shows it from 15 s).
run --script Demo/Scripts/tour.jsonl --frames 1080 \
    --screenshot-at "1.15:$work/crate-yard.bmp" --screenshot-at "3.65:$work/heavy-landing.bmp" \
    --screenshot-at "6.4:$work/grounds.bmp" --screenshot-at "12.0:$work/enemies.bmp" \
    --screenshot-at "17.5:$work/boulder.bmp"
for shot in title crate-yard heavy-landing grounds enemies boulder; do
    scripts/bmp-to-png.py "$work/$shot.bmp" "$out/demo-$shot.png"
done
