#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Called by meson: builds the `tote` product with SwiftPM and copies it to meson's output.
# usage: swift-build.sh SOURCE_ROOT SCRATCH_PATH debug|release OUTPUT [SWIFT_FLAGS...]
set -euo pipefail
source_root=$1 scratch=$2 configuration=$3 output=$4
shift 4
# A release build carries the Swift runtime inside: installed, it needs no toolchain beside
# it, and it starts about 15 ms sooner (no relocations against libswiftCore and Foundation's
# libraries; docs/platform-findings.md). Debug builds share their cache with `swift test`.
static=()
[ "$configuration" = release ] && static=(--static-swift-stdlib)
swift build --package-path "$source_root" --scratch-path "$scratch" \
  -c "$configuration" --product tote "${static[@]}" "$@"
cp "$scratch/$configuration/tote" "$output"
