#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a command with a display and a D-Bus session bus, starting Xvfb (xvfb-run) and a bus
# (dbus-run-session) only when there are none. GSettings stay in memory: tests never touch
# the user's settings. Where the system allows it (as root, as in CI), everything but Xvfb
# runs in a PID namespace of its own, so nothing the tests started or the bus activated
# outlives them; elsewhere the tests end what they started by pid.
set -euo pipefail
export GSETTINGS_BACKEND=memory
command=("$@")
if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
  command=(dbus-run-session -- "${command[@]}")
fi
# Inside xvfb-run, which waits for Xvfb's ready signal and ends it itself.
namespace=(unshare --pid --fork --kill-child --mount-proc)
if "${namespace[@]}" true 2>/dev/null; then
  command=("${namespace[@]}" "${command[@]}")
fi
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  command=(xvfb-run --auto-servernum --server-args="-screen 0 1280x800x24 -nolisten tcp" "${command[@]}")
fi
exec "${command[@]}"
