#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Retakes data/screenshots/ from the installed build under PREFIX: a private Xvfb and bus,
# sample content typed with xdotool, the window captured in English and in Korean, wide and
# at GNOME's small-screen width (360 px); then the pictures of docs/features.md (a drag of two
# reminders, the Today smart list, a reminder's notification, a list synced through Evolution
# Data Server), in both languages too.
# usage: screenshots.sh PREFIX     (SHOT_LOG=FILE keeps stderr, SHOT_TRACE=1 traces the typing,
#                                   SHOT_ONLY=main or SHOT_ONLY=features takes only those)
set -euo pipefail
prefix=$1
out=$(cd "$(dirname "$0")/.." && pwd)/data/screenshots
mkdir -p "$out"
: >"${SHOT_LOG:-/dev/null}"

# A session's folder, once the daemons the bus started (gvfsd-metadata) have stopped writing in it.
remove() {
  local tries
  for tries in 1 2 3 4 5 6 7 8 9 10; do rm -rf "$1" 2>/dev/null && return; sleep 0.5; done
  rm -rf "$1"
}

# A fresh session's folders in $work, and the environment Tote runs in there, in LANGUAGE, in
# ${session[@]} (both the caller's locals).
new_session() {  # LANGUAGE
  work=$(mktemp -d)
  mkdir -p "$work"/{home,run,data}
  chmod 700 "$work/run"
  session=(HOME="$work/home" XDG_RUNTIME_DIR="$work/run" XDG_DATA_HOME="$work/data"
           XDG_DATA_DIRS="$prefix/share:/usr/share" GSETTINGS_BACKEND=memory
           LANGUAGE="$1" LANG=C.UTF-8 TOTE="$prefix/bin/tote")
}

shoot() {  # LANGUAGE FILE NARROW-FILE LIST-NAME
  local work session
  new_session "$1"
  env "${session[@]}" OUT="$2" NARROW="$3" LIST="$4" \
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
    ' 2>>"${SHOT_LOG:-/dev/null}"
  remove "$work"
  echo "wrote $2 and $3"
}

# The pictures of docs/features.md, taken in one session per language. mutter runs as the X11
# window manager and compositor: the drag icon and notification-daemon's popups are translucent
# windows, black without a compositor. notification-daemon shows the reminder's notification;
# Evolution Data Server (D-Bus activated on the session's bus) has its "On This Computer"
# account with the "Personal" task list. Points are in the window's content (the GTK window
# less its shadow, _GTK_FRAME_EXTENTS), which sits at 24,40 on a 1400×760 screen so that a
# popup in the top right corner is beside it.
feature_session() {
  set -euo pipefail; [ -n "${SHOT_TRACE:-}" ] && set -x
  local pid window nd x y left right top bottom
  mutter --x11 --replace --sm-disable & local mutter=$!
  until xprop -root _NET_SUPPORTING_WM_CHECK | grep -q "window id"; do sleep 0.2; done
  sleep 1
  start() {  # Tote, its window placed and focused
    "$TOTE" & pid=$!
    window=$(xdotool search --sync --all --onlyvisible --pid "$pid" --class "^tote$" | head -1)
    sleep 1
    read -r left right top bottom <<<"$(xprop -id "$window" _GTK_FRAME_EXTENTS | grep -o "[0-9]\+" | tr "\n" " ")"
    x=24 y=40
    xdotool windowmove --sync "$window" $((x - left)) $((y - top))
    xdotool windowactivate --sync "$window"
    sleep 0.5
  }
  quit() {
    xdotool windowactivate --sync "$window"
    xdotool key ctrl+q
    wait "$pid"
  }
  at() { xdotool mousemove --sync $((x + $1)) $((y + $2)); }
  click() { at "$1" "$2"; xdotool click 1; sleep 0.4; }
  rest() { at 700 560; sleep "${1:-1}"; }  # the pointer away from rows and buttons
  crop() {  # the window content out of a capture of the screen
    local width height
    eval "$(xdotool getwindowgeometry --shell "$window" | grep -E "^(WIDTH|HEIGHT)=")"
    width=$((WIDTH - left - right)) height=$((HEIGHT - top - bottom))
    import -window root -crop "${width}x${height}+$x+$y" +repage "$1"
  }
  lines() { local line; for line in "$@"; do xdotool type --delay 15 "$line"; xdotool key Return; done; }
  list() {  # NAME REMINDER…: a new list, typed
    xdotool key --delay 60 ctrl+shift+l
    sleep 0.5
    lines "$1"
    sleep 0.5
    shift
    lines "$@"
    sleep 0.5
  }
  row() { echo $((32 + 30 * $1)); }  # the middle of the list's row N (from 1)
  due_today() {  # ROW: its details (Alt+Return), Due Date's quick choices, Today
    click 450 "$(row "$1")"
    xdotool key alt+Return
    sleep 0.8
    xdotool key Tab Return
    sleep 0.5
    xdotool key alt+t
    sleep 0.5
    xdotool key Escape
    sleep 0.5
  }

  start
  # 1. Two reminders dragged, the pointer held between two other rows of their list.
  list "Groceries" "Oat milk" "Rye bread" "Apples" "Coffee beans" "Olive oil"
  click 450 "$(row 1)"
  xdotool keydown ctrl; click 450 "$(row 3)"; xdotool keyup ctrl
  at 450 "$(row 3)"
  xdotool mousedown 1
  local step
  for step in 1 2 3 4 5 6 7 8 9 10; do
    at $((450 + step)) $(($(row 3) + step * 9 / 2))
    sleep 0.04
  done
  sleep 1
  crop "$OUT_DRAG"
  xdotool key Escape
  xdotool mouseup 1
  sleep 0.5
  due_today 2
  due_today 4
  list "Errands" "Call Anna" "Return the library books" "Pick up the parcel" "Renew the passport"
  due_today 1
  due_today 3

  # 2. A list of the "On This Computer" account (EDS's Personal), opened and typed in.
  sleep 1
  click 70 476
  sleep 1
  click 400 605
  lines "Dentist at 4 pm" "Water the plants"
  rest 2
  crop "$OUT_SYNCED"

  # 3. Tote started again with Call Anna due in 20 s and the library books overdue since
  # yesterday (written in its store, as Tests/EndToEnd/NotificationTests does; the books
  # counted as announced): Call Anna is announced at its time, beside the window. The popup
  # goes after about 4 s, so it is captured as soon as it shows.
  quit
  sqlite3 "$XDG_DATA_HOME"/*/tote.sqlite3 \
    "UPDATE reminder SET due = CAST(strftime('%s', 'now') AS INTEGER) + 20 WHERE title = 'Call Anna'" \
    "UPDATE reminder SET due = CAST(strftime('%s', 'now', 'localtime', 'start of day', '-1 day', 'utc') AS INTEGER)
       WHERE title = 'Return the library books'" \
    "INSERT INTO announcement (reminderID, due) SELECT id, due FROM reminder WHERE title = 'Return the library books'"
  /usr/lib/notification-daemon/notification-daemon & nd=$!
  gdbus wait --session --timeout 20 org.freedesktop.Notifications
  start
  click 70 203
  rest 0
  local tries=0
  until xdotool search --onlyvisible --name "^Notification$" >/dev/null; do
    [ $((tries += 1)) -lt 300 ] || { echo "no notification popup in 60 s" >&2; exit 1; }
    sleep 0.2
  done
  sleep 0.3
  import -window root "$OUT_NOTIFICATION"
  # 4. The Today smart list: due today or overdue, from both lists.
  crop "$OUT_TODAY"
  quit
  kill "$nd" "$mutter"
  wait
}

features() {  # LANGUAGE SUFFIX
  local work session
  new_session "$1"
  env "${session[@]}" OUT_DRAG="$out/drag-reminders$2.png" OUT_TODAY="$out/smart-lists$2.png" \
    OUT_NOTIFICATION="$out/notification$2.png" OUT_SYNCED="$out/synced-list$2.png" \
    xvfb-run --auto-servernum --server-args="-screen 0 1400x760x24 -nolisten tcp" \
    dbus-run-session -- bash -c "$(declare -f feature_session); feature_session" 2>>"${SHOT_LOG:-/dev/null}"
  remove "$work"
  echo "wrote $out/{drag-reminders,smart-lists,notification,synced-list}$2.png"
}

if [ "${SHOT_ONLY:-main}" = main ]; then
  shoot en "$out/main-window.png" "$out/main-window-narrow.png" "Groceries"
  shoot ko "$out/main-window-ko.png" "$out/main-window-narrow-ko.png" "Groceries"
fi
if [ "${SHOT_ONLY:-features}" = features ]; then
  features en ""
  features ko "-ko"
fi
