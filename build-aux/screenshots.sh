#!/usr/bin/env bash
# Retakes data/screenshots/ from the installed build under PREFIX: a private Xvfb and bus,
# sample content typed with xdotool, the window captured in English and in Korean.
# usage: screenshots.sh PREFIX
set -euo pipefail
prefix=$1
out=$(cd "$(dirname "$0")/.." && pwd)/data/screenshots
mkdir -p "$out"

shoot() {  # LANGUAGE FILE
  local work
  work=$(mktemp -d)
  mkdir -p "$work"/{home,run,data}
  chmod 700 "$work/run"
  env HOME="$work/home" XDG_RUNTIME_DIR="$work/run" XDG_DATA_HOME="$work/data" \
    XDG_DATA_DIRS="$prefix/share:/usr/share" GSETTINGS_BACKEND=memory \
    LANGUAGE="$1" LANG=C.UTF-8 OUT="$2" TOTE="$prefix/bin/tote" \
    xvfb-run --auto-servernum --server-args="-screen 0 1200x800x24 -nolisten tcp" \
    dbus-run-session -- bash -c '
      set -euo pipefail
      "$TOTE" & pid=$!
      window=$(xdotool search --sync --onlyvisible --pid "$pid" --name .)
      xdotool windowfocus --sync "$window"
      lines() { local line; for line in "$@"; do xdotool type --delay 15 "$line"; xdotool key Return; done; }
      xdotool key --delay 60 ctrl+shift+l ctrl+n
      lines "Groceries" "oat milk, rye bread, apples"
      xdotool key --delay 60 ctrl+n ctrl+1
      lines "Weekend trip"
      xdotool type --delay 15 "Pack the "
      xdotool key ctrl+b; xdotool type --delay 15 "tent"; xdotool key ctrl+b
      lines ", the stove and two headlamps."
      xdotool key ctrl+shift+parenleft
      lines "Book the campsite" "Check the forecast"
      xdotool key ctrl+shift+parenleft ctrl+shift+asterisk
      lines "Rain jackets"
      xdotool type --delay 15 "Matches"
      xdotool key Up Up Up ctrl+Return
      sleep 1
      import -window "$window" "$OUT"
      xdotool key ctrl+q
      wait "$pid"
    ' 2>/dev/null
  rm -rf "$work"
  echo "wrote $2"
}

shoot en "$out/main-window.png"
shoot ko "$out/main-window-ko.png"
