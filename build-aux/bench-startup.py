#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Start-up benchmark: time from process start to the first frame of the main window.

Starts its own Xvfb and session bus, then launches each app RUNS times, in turn, and
watches the X server: the first MapNotify of a top-level window of the app, then the first
Damage on that window (its first frame reaching the screen). Prints medians, and the
ratio of Tote to GNOME Text Editor 43 measured the same way in the same run.

usage: bench-startup.py TOTE_BINARY [RUNS] [TEXT_FILE [NOTE_DATA]]
A bare libadwaita window (tote-bench-window, built beside TOTE_BINARY) is the floor.
With TEXT_FILE, GNOME Text Editor is also measured opening it (the notes benchmark writes
its 1 MB note as plain text for this). With NOTE_DATA too (a data folder holding Tote's store
with that note, and the note's id in NOTE_DATA/note-id, which the notes benchmark also writes),
Tote starting on that note and Text Editor opening the text are both timed until their windows
rest: the last frame before 300 ms without one (carets do not blink in these runs), and so is
the bare window showing the same text in a bare GtkTextView: GTK's own floor for its memory.
"""
import os
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from Xlib import X, display as xdisplay
from Xlib.ext import damage


def start_session(root):
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": f"{root}/home",
        "XDG_RUNTIME_DIR": f"{root}/run",
        "XDG_CONFIG_HOME": f"{root}/config",
        "XDG_CACHE_HOME": f"{root}/cache",
        "XDG_DATA_HOME": f"{root}/data",
        "GSETTINGS_BACKEND": "memory",
        "GDK_BACKEND": "x11",
        "LANG": "C.UTF-8",
    }
    for folder in ("home", "run", "config", "cache", "data"):
        os.makedirs(f"{root}/{folder}", mode=0o700, exist_ok=True)
    no_blinking(f"{root}/config")
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    env["DISPLAY"] = ":" + xvfb.stdout.readline().decode().strip()
    bus = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, start_new_session=True)
    env["DBUS_SESSION_BUS_ADDRESS"] = bus.stdout.readline().decode().strip()
    return env, [xvfb, bus]


def connect(env):
    """One connection watching top-level windows for the whole run."""
    for attempt in range(20):
        try:
            dpy = xdisplay.Display(env["DISPLAY"])
            break
        except Exception:  # the server may still be settling: retry briefly
            time.sleep(0.1)
    else:
        raise RuntimeError(f"cannot connect to {env['DISPLAY']}")
    dpy.damage_query_version()
    dpy.screen().root.change_attributes(event_mask=X.SubstructureNotifyMask)
    dpy.sync()
    return dpy


def resident_mb(pid):
    """Resident memory (VmRSS) of a process and its children, in MB."""
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = open(f"/proc/{entry}/status").read()
            stat = open(f"/proc/{entry}/stat").read()
        except OSError:
            continue
        # The app's process group: it was started in a session of its own.
        if int(stat.rsplit(")", 1)[1].split()[2]) != pid:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


def measure(dpy, command, env, timeout=30, settle=None, rest=None):
    """Returns (ms to map, ms to first frame) for one launch of command; with settle, also
    its resident memory that many seconds after the first frame; with rest, also the ms to
    its last frame before `rest` seconds without one (the window at rest) and its resident
    memory then."""
    dpy.sync()
    while dpy.pending_events():  # events of the previous launch
        dpy.next_event()
    damage_event = dpy.extension_event.DamageNotify
    start = time.monotonic()
    app = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, start_new_session=True)
    mapped_window, mapped_at, frame_at = None, None, None
    try:
        while frame_at is None:
            if time.monotonic() - start > timeout:
                raise TimeoutError(f"{command[0]} showed no frame in {timeout} s")
            if not dpy.pending_events():
                select.select([dpy.fileno()], [], [], 0.1)
            while dpy.pending_events():
                event = dpy.next_event()
                now = time.monotonic()
                if event.type == X.CreateNotify:
                    # Watch every new top-level from its creation, before it can draw.
                    try:
                        event.window.damage_create(damage.DamageReportNonEmpty)
                    except Exception:  # the window may already be gone
                        pass
                elif event.type == X.MapNotify and mapped_window is None:
                    if event.window.get_attributes().override_redirect:
                        continue
                    mapped_window, mapped_at = event.window.id, now
                elif event.type == damage_event and event.drawable.id == mapped_window:
                    frame_at, frame_damage = now, event.damage
                    break
        if settle is not None:
            time.sleep(settle)
            return (mapped_at - start) * 1000, (frame_at - start) * 1000, resident_mb(app.pid)
        if rest is not None:
            # A damage object reports only when its region turns non-empty: emptied after
            # each report, it reports every later frame.
            dpy.damage_subtract(frame_damage)
            dpy.flush()
            last = frame_at
            while time.monotonic() - last < rest and time.monotonic() - start < timeout:
                if not dpy.pending_events():
                    select.select([dpy.fileno()], [], [], 0.02)
                while dpy.pending_events():
                    event = dpy.next_event()
                    if event.type == damage_event and event.drawable.id == mapped_window:
                        last = time.monotonic()
                        dpy.damage_subtract(event.damage)
                        dpy.flush()
            return (mapped_at - start) * 1000, (frame_at - start) * 1000, (last - start) * 1000, resident_mb(app.pid)
    finally:
        os.killpg(app.pid, signal.SIGTERM)
        try:
            app.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(app.pid, signal.SIGKILL)
            app.wait()
    return (mapped_at - start) * 1000, (frame_at - start) * 1000


def no_blinking(config):
    """GTK 4 fades a text caret in and out over frames: a window with a blinking caret never
    rests for long. With the caret steady, the last frame is the last change of what is shown."""
    os.makedirs(f"{config}/gtk-4.0", exist_ok=True)
    with open(f"{config}/gtk-4.0/settings.ini", "w") as settings:
        settings.write("[Settings]\ngtk-cursor-blink=false\n")


def tote_on_note(root, env, note_data):
    """An environment in which Tote starts on the note in note_data: its store, and the
    setting that reopens the note (GSettings in a key file, Tote's schema compiled)."""
    note_env = dict(env)
    note_env["XDG_DATA_HOME"] = note_data
    schemas = f"{root}/schemas"
    os.makedirs(schemas, exist_ok=True)
    data = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data")
    subprocess.run(["glib-compile-schemas", f"--targetdir={schemas}", data], check=True)
    note_env["GSETTINGS_SCHEMA_DIR"] = schemas
    note_env["GSETTINGS_BACKEND"] = "keyfile"
    note_env["XDG_CONFIG_HOME"] = f"{root}/note-config"
    os.makedirs(f"{root}/note-config/glib-2.0/settings", exist_ok=True)
    no_blinking(f"{root}/note-config")
    note_id = open(os.path.join(note_data, "note-id")).read().strip()
    with open(f"{root}/note-config/glib-2.0/settings/keyfile", "w") as keyfile:
        keyfile.write(f"[io/github/totenotes/Tote]\nlast-opened='note:{note_id}'\n")
    return note_env


def main():
    tote = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 11
    text_file = os.path.abspath(sys.argv[3]) if len(sys.argv) > 3 else None
    note_data = os.path.abspath(sys.argv[4]) if len(sys.argv) > 4 else None
    root = tempfile.mkdtemp(prefix="tote-bench-")
    env, session = start_session(root)
    note_env = note_data and tote_on_note(root, env, note_data)
    apps = {
        "Tote": [tote],
        "bare libadwaita": [os.path.join(os.path.dirname(tote), "tote-bench-window")],
        "GNOME Text Editor": ["gnome-text-editor", "--standalone"],
    }
    if text_file:
        apps["Text Editor + file"] = ["gnome-text-editor", "--standalone", text_file]
    results = {name: [] for name in apps}
    try:
        dpy = connect(env)
        for name, command in apps.items():  # one warm-up launch each, not counted
            measure(dpy, command, env)
        for _ in range(runs):
            for name, command in apps.items():
                results[name].append(measure(dpy, command, env))
        memory = {name: measure(dpy, command, env, settle=3)[2] for name, command in apps.items()}
        # The bare window showing the same text in a bare GtkTextView: GTK's own floor.
        at_rest = {"Tote": [], "GNOME Text Editor": [], "bare GtkTextView": []}
        if text_file and note_env:
            both = {"Tote": ([tote], note_env), "GNOME Text Editor": (apps["Text Editor + file"], env),
                    "bare GtkTextView": (apps["bare libadwaita"] + [text_file], env)}
            for name, (command, environment) in both.items():  # warm-up
                measure(dpy, command, environment, rest=0.3)
            for _ in range(runs):
                for name, (command, environment) in both.items():
                    at_rest[name].append(measure(dpy, command, environment, rest=0.3))
    finally:
        for process in session:
            os.killpg(process.pid, signal.SIGTERM)
        shutil.rmtree(root, ignore_errors=True)

    print(f"Start-up to first frame, {runs} runs each, alternating, under Xvfb")
    print(f"{'app':<20} {'map median':>11} {'frame median':>13} {'frame min':>10} {'frame max':>10} {'memory 3 s later':>17}")
    medians = {}
    for name, samples in results.items():
        maps = [m for m, _ in samples]
        frames = [f for _, f in samples]
        medians[name] = statistics.median(frames)
        print(f"{name:<20} {statistics.median(maps):>9.0f}ms {medians[name]:>11.0f}ms"
              f" {min(frames):>8.0f}ms {max(frames):>8.0f}ms {memory[name]:>14.0f} MB")
    ratio = medians["Tote"] / medians["GNOME Text Editor"]
    print(f"ratio Tote / GNOME Text Editor (first frame, median): {ratio:.2f} (goal ≤ 0.7:"
          f" {'met' if ratio <= 0.7 else 'missed'})")
    floor = medians["Tote"] / medians["bare libadwaita"]
    print(f"ratio Tote / a bare libadwaita window (first frame, median): {floor:.2f} (goal ≤ 1.2:"
          f" {'met' if floor <= 1.2 else 'missed'})")
    if text_file:
        extra = medians["Text Editor + file"] - medians["GNOME Text Editor"]
        size = os.path.getsize(text_file) // 1024
        print(f"GNOME Text Editor: opening {size} KiB of text adds {extra:.0f} ms"
              " to its first frame (it loads files asynchronously, so the text may come later still)")
        # `tote FILE` imports calendar files only (a text file gets a toast): Tote's figure for
        # the same text is the notes benchmark's, the note holding it opened to its first paint.
        if at_rest["Tote"]:
            print(f"{size} KiB of text, from start to the window at rest (its last frame before 300 ms without one),"
                  f" {runs} runs each, alternating:")
            rests = {}
            for name, samples in at_rest.items():
                rests[name] = statistics.median(r for _, _, r, _ in samples)
                what = {"Tote": "started on the 1 MB note", "GNOME Text Editor": "opening the same text as a file",
                        "bare GtkTextView": "the bare window showing the same text"}[name]
                print(f"  {name} ({what}): first frame {statistics.median(f for _, f, _, _ in samples):.0f} ms,"
                      f" at rest {rests[name]:.0f} ms")
            print(f"ratio Tote / GNOME Text Editor (the same text, at rest, median): "
                  f"{rests['Tote'] / rests['GNOME Text Editor']:.2f}")
            # What the text costs each app: resident memory at rest with it, over the same app
            # started without it (3 s after its first frame).
            without = {"Tote": "Tote", "GNOME Text Editor": "GNOME Text Editor", "bare GtkTextView": "bare libadwaita"}
            costs = {name: statistics.median(m for _, _, _, m in samples) - memory[without[name]]
                     for name, samples in at_rest.items()}
            print(f"the same text's memory, at rest, over the app started without it (median): Tote"
                  f" +{costs['Tote']:.0f} MB, GNOME Text Editor +{costs['GNOME Text Editor']:.0f} MB"
                  f" ({costs['Tote'] / max(costs['GNOME Text Editor'], 1):.1f}×; goal ≤ 2×:"
                  f" {'met' if costs['Tote'] <= 2 * costs['GNOME Text Editor'] else 'missed'}),"
                  f" a bare GtkTextView +{costs['bare GtkTextView']:.0f} MB"
                  f" (Tote {costs['Tote'] / max(costs['bare GtkTextView'], 1):.1f}× it)")


if __name__ == "__main__":
    main()
