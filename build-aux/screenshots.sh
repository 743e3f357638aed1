#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Retakes data/screenshots/ from the installed build under PREFIX: a private Xvfb and bus,
# sample content typed with xdotool, the window captured in English and in Korean, wide and
# at GNOME's small-screen width (360 px).
# usage: screenshots.sh PREFIX     (SHOT_LOG=FILE keeps stderr, SHOT_TRACE=1 traces the typing)
set -euo pipefail
prefix=$1
out=$(cd "$(dirname "$0")/.." && pwd)/data/screenshots
mkdir -p "$out"

shoot() {  # LANGUAGE FILE NARROW-FILE LIST-NAME
  local work
  work=$(mktemp -d)
  mkdir -p "$work"/{home,run,data}
  chmod 700 "$work/run"
  env HOME="$work/home" XDG_RUNTIME_DIR="$work/run" XDG_DATA_HOME="$work/data" \
    XDG_DATA_DIRS="$prefix/share:/usr/share" GSETTINGS_BACKEND=memory \
    LANGUAGE="$1" LANG=C.UTF-8 OUT="$2" NARROW="$3" LIST="$4" TOTE="$prefix/bin/tote" \
    xvfb-run --auto-servernum --server-args="-screen 0 1200x800x24 -nolisten tcp" \
    dbus-run-session -- bash -c '
      set -euo pipefail; [ -n "${SHOT_TRACE:-}" ] && set -x
      "$TOTE" & pid=$!
      window=$(xdotool search --sync --onlyvisible --pid "$pid" --name .)
      xdotool windowfocus --sync "$window"
      lines() { local line; for line in "$@"; do xdotool type --delay 15 "$line"; xdotool key Return; done; }
      xdotool key --delay 60 ctrl+shift+l
      sleep 0.5
      lines "$LIST"
      sleep 0.3
      lines "Oat milk" "Rye bread" "Apples"
      xdotool key --delay 60 ctrl+n
      sleep 0.3
      lines "Weekend trip"
      xdotool type --delay 15 "Pack the "
      xdotool key ctrl+b; xdotool type --delay 15 "tent"; xdotool key ctrl+b
      lines ", the stove and two headlamps."
      xdotool key ctrl+shift+9
      lines "Book the campsite" "Check the forecast"
      xdotool key ctrl+shift+9 ctrl+shift+8
      lines "Rain jackets"
      xdotool type --delay 15 "Matches"
      xdotool key Up Up Up ctrl+Return
      sleep 1
      import -window "$window" "$OUT"
      # GNOME'"'"'s small-screen width: the sidebar folds away and the toolbar is compact.
      xdotool windowsize "$window" 360 640
      sleep 1
      import -window "$window" "$NARROW"
      # With no window manager, the resize leaves no window focused.
      xdotool windowfocus --sync "$window"
      xdotool key ctrl+q
      wait "$pid"
    ' 2>"${SHOT_LOG:-/dev/null}"
  rm -rf "$work"
  echo "wrote $2 and $3"
}

shoot en "$out/main-window.png" "$out/main-window-narrow.png" "Groceries"
shoot ko "$out/main-window-ko.png" "$out/main-window-narrow-ko.png" "Groceries"
