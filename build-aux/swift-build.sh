#!/usr/bin/env bash
# Called by meson: builds the `tote` product with SwiftPM and copies it to meson's output.
# usage: swift-build.sh SOURCE_ROOT SCRATCH_PATH debug|release OUTPUT [SWIFT_FLAGS...]
set -euo pipefail
source_root=$1 scratch=$2 configuration=$3 output=$4
shift 4
swift build --package-path "$source_root" --scratch-path "$scratch" \
  -c "$configuration" --product tote "$@"
cp "$scratch/$configuration/tote" "$output"
