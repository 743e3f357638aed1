#!/usr/bin/env bash
# Runs a command with a display and a D-Bus session bus, starting Xvfb (xvfb-run) and a bus
# (dbus-run-session) only when there are none. GSettings stay in memory: tests never touch
# the user's settings.
set -euo pipefail
export GSETTINGS_BACKEND=memory
command=("$@")
if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
  command=(dbus-run-session -- "${command[@]}")
fi
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  command=(xvfb-run --auto-servernum --server-args="-screen 0 1280x800x24 -nolisten tcp" "${command[@]}")
fi
exec "${command[@]}"
