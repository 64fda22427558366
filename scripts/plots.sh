#!/bin/sh
# Regenerates every SVG plot in docs/images with `hapticsctl render` (make plots):
#   docs/images/presets/NAME.svg            each preset of Assets/Haptics/Presets on the generic pad at 60 frames/s
#   docs/images/motor-mapping/*.svg         the plots of docs/motor-mapping.md, from scripts/plots/*.ahap
# Set HAPTICSCTL to use an already built tool; otherwise a release hapticsctl is built first.
set -eu
cd "$(dirname "$0")/.."
if [ -z "${HAPTICSCTL:-}" ]; then
  swift build -c release --product hapticsctl
  HAPTICSCTL="$(swift build -c release --show-bin-path)/hapticsctl"
fi
render() { "$HAPTICSCTL" render "$@" --format svg; }

mkdir -p docs/images/presets docs/images/motor-mapping
for file in Assets/Haptics/Presets/*.ahap; do
  name=$(basename "$file" .ahap)
  render "$file" -o "docs/images/presets/$name.svg"
done

# Perceived level to drive, one chart per shipped profile (the ramp's time axis is the perceived level).
for profile in generic xboxOne xboxOneBluetooth ps4 ps5 switchPro virtual; do
  render scripts/plots/PerceivedRamp.ahap --rate 120 --profile "$profile" -o "docs/images/motor-mapping/drive-curve-$profile.svg"
done
# How sharpness splits the energy between the two body motors: the ideal pad, then the generic pad.
render scripts/plots/SharpnessSweep.ahap --rate 120 --profile virtual --profile generic -o docs/images/motor-mapping/sharpness-split.svg
# Two taps, full and light: the planned bursts on generic and Switch Pro, the pattern itself on the ideal pad
# (60 frames per second, the planner's own step).
render scripts/plots/TwoTransients.ahap --rate 60 --profile generic --profile switchPro --profile virtual -o docs/images/motor-mapping/transients.svg
echo "plots: wrote $(ls docs/images/presets/*.svg docs/images/motor-mapping/*.svg | wc -l) SVGs in docs/images"
