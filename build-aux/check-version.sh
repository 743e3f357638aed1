#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# usage: check-version.sh TOTE_BINARY VERSION — `tote --version` must name the project version.
set -euo pipefail
printed=$("$1" --version)
[ "$printed" = "tote $2" ] || { echo "tote --version printed '$printed', expected 'tote $2'"; exit 1; }
echo "1 passed, 0 failed"
