#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""First-drag benchmark: the first text drag of a fresh start against a later one in the same run.

Each run starts the app afresh (new HOME and XDG folders) on its own Xvfb, session bus and
accessibility bus (through which characters are found on the screen). In a note typed as a new
user types it, BRAVO is double-clicked and dragged briskly past the end of line 2: a press,
12 pointer moves 40 ms apart, 0.3 s of rest, the release; then the drop is undone and the drag
made again. Watched from outside, through X: (a) from the press to drag-begin, XdndSelection
getting a new owner (GDK sets one as a drag begins), the pointer's way past GTK's 8 px drag
threshold included (the fifth or sixth move); (b) from there until 0.3 s after the release, the
longest the app's main loop did not answer: its window pinged every 10 ms (_NET_WM_PING, EWMH,
which GDK answers on its main loop only), a ping unanswered at the end counted to the end; a
stall there (the drag icon's first render, say) outlasts the release, and GDK cancels the drop.
Whether the drop landed, read through AT-SPI. GTK's floor: a bare GtkTextView (tote-bench-window given the same text).

usage: bench-first-drag.py TOTE_BINARY BARE_WINDOW_BINARY [RUNS] (one warm-up run each is not counted)
"""
import os
import pathlib
import select
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from Xlib import X, display as xdisplay
from Xlib.protocol.event import ClientMessage

REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
BODY = "Kiwi alpha BRAVO charlie\nsecond line end"


def start_session(root):
    """Xvfb, a session bus and the accessibility bus, for one run; every folder fresh."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": f"{root}/home",
           "XDG_RUNTIME_DIR": f"{root}/run", "XDG_DATA_HOME": f"{root}/data",
           "XDG_CONFIG_HOME": f"{root}/config", "XDG_CACHE_HOME": f"{root}/cache",
           "GSETTINGS_BACKEND": "memory", "LANG": "C.UTF-8", "GDK_BACKEND": "x11", "GTK_A11Y": "atspi"}
    for folder in ("home", "run", "data", "config", "cache"):
        os.makedirs(f"{root}/{folder}", mode=0o700, exist_ok=True)
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    env["DISPLAY"] = ":" + xvfb.stdout.readline().decode().strip()
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, start_new_session=True)
    env["DBUS_SESSION_BUS_ADDRESS"] = bus.stdout.readline().decode().strip()
    a11y = subprocess.Popen(["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    return env, [a11y, bus, xvfb]


def end(process):
    """Ends a process started in a session of its own, with its process group."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(5)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


class Watcher:
    """Watches the X server from outside, in a thread, on a connection of its own: about every ms
    it asks who owns XdndSelection (GDK gives it a new window as each drag begins), listing each
    change as (monotonic time, window id). Armed for a drag (ping), it pings the app's window
    every 10 ms from drag-begin until `until`: serial to the time sent in `sent`, to the time
    GDK's answer came (to the root window, SubstructureNotify among its masks) in `answered`."""
    def __init__(self, name):
        self.owners, self.owner, self.stopping = [], None, threading.Event()
        self.armed, self.until, self.sent, self.answered, self.serial = None, 0, {}, {}, 0
        self.thread = threading.Thread(target=self.watch, args=(xdisplay.Display(name),))
        self.thread.start()

    def ping(self, window):
        """Arms it for the next drag-begin: a new owner of XdndSelection."""
        self.sent, self.answered, self.until, self.armed = {}, {}, float("inf"), (int(window), self.owner)

    def watch(self, dpy):
        dpy.set_error_handler(lambda *_: None)  # a window gone, a ping to it, are no matter
        dpy.screen().root.change_attributes(event_mask=X.SubstructureNotifyMask)
        selection, protocols, ping = (dpy.intern_atom(a) for a in ("XdndSelection", "WM_PROTOCOLS", "_NET_WM_PING"))
        window, last = None, 0
        while not self.stopping.is_set():
            owner = dpy.get_selection_owner(selection)  # a round trip: events wait in the queue
            owner = getattr(owner, "id", owner)  # X.NONE (0) when no one owns it
            if owner != self.owner:
                self.owner = owner
                self.owners.append((time.monotonic(), owner))
            while dpy.pending_events():
                event, now = dpy.next_event(), time.monotonic()
                if event.type == X.ClientMessage and event.client_type == protocols and event.data[1][0] == ping:
                    self.answered.setdefault(event.data[1][1], now)
            if self.armed and owner not in (0, self.armed[1]):
                window, self.armed = dpy.create_resource_object("window", self.armed[0]), None
            now = time.monotonic()
            if window and now >= self.until:
                window = None
            elif window and now >= last + 0.01:  # as window managers do: to the window, no event mask
                self.serial, last = self.serial + 1, now
                window.send_event(ClientMessage(window=window, client_type=protocols,
                                                data=(32, [ping, self.serial, window.id, 0, 0])), event_mask=0)
                dpy.flush()
                self.sent[self.serial] = time.monotonic()
            select.select([dpy.fileno()], [], [], 0.001)

    def stop(self):
        self.stopping.set()
        self.thread.join()


def tool(env, *arguments):
    return subprocess.run([str(a) for a in arguments], env=env, capture_output=True, text=True, timeout=30).stdout


def atspi(env, *arguments):  # the end-to-end tests' helper: what a screen reader reads
    return tool(env, "/usr/bin/python3", f"{REPO}/Tests/EndToEnd/Helpers/atspi.py", *arguments)


def wait_for(what, check, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if result := check():
            return result
        time.sleep(0.1)
    raise TimeoutError(f"no {what} in {timeout} s")


def drag(env, watcher, app, window, name, origin, word, target):
    """Double-clicks the five-letter word at character `word`, drags it briskly 12 px past the
    character `target`; returns (ms from the press to drag-begin, the longest the main loop of
    the app (its top-level: `window`) did not answer from there until 0.3 s after the release)."""
    extents = atspi(env, "extents", app, name, word + 2, target).splitlines()
    start, end_of_line = [(origin[0] + x + w // 2, origin[1] + y + h // 2)
                          for x, y, w, h in ([int(n) for n in box.split()] for box in extents)]
    drop = (end_of_line[0] + 12, end_of_line[1])
    # The first double-click after a drop only places the caret (in GTK's bare view as in
    # Tote): double-click until the word is selected.
    for _ in range(3):
        tool(env, "xdotool", "mousemove", *start, "click", "--repeat", 2, "--delay", 80, 1)
        time.sleep(0.6)  # a person's pause: the press is no third click
        if atspi(env, "selection", app, name).split() == [str(word), str(word + 5)]:
            break
    else:
        return None, None
    tool(env, "xdotool", "mousemove", *start)
    time.sleep(0.05)
    before = watcher.owner
    watcher.ping(window)
    tool(env, "xdotool", "mousedown", 1)
    pressed = time.monotonic()  # the press has reached the server once xdotool has returned
    for step in range(1, 13):  # on a schedule: the time xdotool takes to start is not added
        time.sleep(max(0, pressed + 0.04 * step - time.monotonic()))
        tool(env, "xdotool", "mousemove", *(a + (b - a) * step // 12 for a, b in zip(start, drop)))
    time.sleep(0.3)
    tool(env, "xdotool", "mouseup", 1)
    watcher.until = time.monotonic() + 0.3
    time.sleep(0.5)
    # The drag began when XdndSelection got a new owner.
    begun = next(((t, w) for t, w in watcher.owners if t > pressed and w not in (0, before)), (None, None))
    # Each ping to its answer (the end of the watch at most: the same figure however late read).
    waits = [min(watcher.answered.get(s, watcher.until), watcher.until) - t for s, t in watcher.sent.items()]
    return ((begun[0] - pressed) * 1000 if begun[0] else None, max(waits) * 1000 if waits else None)


def one_run(command, name, extra_env):
    """Starts the app afresh and makes its first drag and a later one. Returns, for each, (ms from
    the press to drag-begin, the longest ms the main loop did not answer from there, landed)."""
    root = tempfile.mkdtemp(prefix="tote-drag-")
    env, session = start_session(root)
    env.update(extra_env)
    watcher, app, results = Watcher(env["DISPLAY"]), None, []
    text = lambda: atspi(env, "text", app.pid, name).rstrip("\n")  # noqa: E731
    try:
        app = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
        window = wait_for("window", lambda: tool(env, "xdotool", "search", "--onlyvisible", "--pid",
                                                 app.pid, "--name", ".").split(), 30)[0]
        for action in (["windowsize", window, 960, 640], ["windowmove", window, 0, 0], ["windowfocus", window]):
            tool(env, "xdotool", action[0], "--sync", *action[1:])
        position = tool(env, "xdotool", "getwindowgeometry", window).split("Position: ")[1].split()[0]
        origin = [int(n) for n in position.split(",")]  # 0,0, unless the server thought otherwise
        if "_NET_WM_PING" not in tool(env, "xprop", "-id", window, "WM_PROTOCOLS"):
            print(f"  {command[0]}: its window does not answer _NET_WM_PING", file=sys.stderr)
        if name == "Note body":  # Tote: a new note, typed in as a new user would
            tool(env, "xdotool", "key", "--delay", 40, "ctrl+n")
            time.sleep(0.8)
            for what, keys in (("type", "Fruit"), ("key", "Return"), ("type", "Kiwi alpha BRAVO charlie"),
                               ("key", "Return"), ("type", "second line end")):
                tool(env, "xdotool", what, "--delay", 40, keys)
            time.sleep(1)
        wait_for("text to drag", lambda: text() == BODY, 10)
        for later in (False, True):
            # A later drag: the drop undone first (in two steps in GTK's bare view).
            for _ in range(2 if later else 0):
                if text() != BODY:
                    tool(env, "xdotool", "key", "ctrl+z")
                    time.sleep(0.5)
            wait_for("the text as typed", lambda: text() == BODY, 5)
            # BRAVO (characters 11..<16) past the end of line 2 (39: its last character).
            results.append(drag(env, watcher, app.pid, window, name, origin, 11, 39))
            # Landed: BRAVO ends line 2 and has left line 1.
            lines = text().split("\n") + ["", ""]
            results[-1] += (lines[1].rstrip().endswith("BRAVO") and "BRAVO" not in lines[0],)
            if not results[-1][2]:
                print(f"  {command[0]}: a drop did not land: {text()!r}", file=sys.stderr)
    finally:
        if app:
            end(app)
        watcher.stop()
        for process in session:
            end(process)
        shutil.rmtree(root, ignore_errors=True)
    return results


def main():
    tote, bare = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    with tempfile.TemporaryDirectory(prefix="tote-drag-") as shared:
        # Tote's settings schema, which the memory backend needs too, and the bare view's text.
        subprocess.run(["glib-compile-schemas", f"--targetdir={shared}", f"{REPO}/data"], check=True)
        pathlib.Path(f"{shared}/text.txt").write_text(BODY + "\n")
        apps = {"Tote": ([tote], "Note body", {"XDG_DATA_DIRS": f"{REPO}/data:/usr/share", "GSETTINGS_SCHEMA_DIR": shared}),
                "bare": ([bare, f"{shared}/text.txt"], "role=text", {})}
        results = {app: [] for app in apps}
        for command, name, extra in apps.values():  # one warm-up run each, not counted
            one_run(command, name, extra)
        for _ in range(runs):
            for app, (command, name, extra) in apps.items():
                results[app].append(one_run(command, name, extra))

    # Medians of each figure, per app and drag (0: first, 1: later); drags not seen left out.
    median = {(app, later, figure): statistics.median([run[later][figure] for run in results[app]
                                                       if run[later][figure] is not None] or [float("nan")])
              for app in apps for later in (0, 1) for figure in (0, 1)}
    landed = {(app, later): sum(run[later][2] for run in results[app]) for app in apps for later in (0, 1)}
    print(f"Text drags after a fresh start, {runs} runs each, alternating, under Xvfb (medians)")
    print(f"{'app':<18} {'drag':<6} {'press to drag-begin':>20} {'longest unanswered':>19} {'landed':>7}")
    for app, label in (("Tote", "Tote"), ("bare", "bare GtkTextView")):
        for later in (0, 1):
            print(f"{label:<18} {('first', 'later')[later]:<6} {median[app, later, 0]:>18.0f}ms"
                  f" {median[app, later, 1]:>17.0f}ms {landed[app, later]:>5}/{runs}")
    figures = lambda f: (f"{median['Tote', 0, f]:.0f} ms (a later drag {median['Tote', 1, f]:.0f} ms, GTK's bare view"  # noqa: E731
                         f" first {median['bare', 0, f]:.0f} ms, later {median['bare', 1, f]:.0f} ms)")
    ratio = median["Tote", 0, 0] / median["Tote", 1, 0]
    print(f"first drag after start: press to drag-begin {figures(0)}: {ratio:.2f}× a later drag,"
          f" goal ≤ 1.2× {'met' if ratio <= 1.2 else 'missed'}")
    # The stall that lost the first drop (issue 45): a first drag's own cost shows here, not above.
    stall = median["Tote", 0, 1] / median["Tote", 1, 1]
    print(f"first drag after start: longest the main loop did not answer during the drag {figures(1)}:"
          f" {stall:.2f}× a later drag, goal ≤ 1.2× {'met' if stall <= 1.2 else 'missed'}")
    print(f"first drags that landed: Tote {landed['Tote', 0]}/{runs}, GTK's bare view {landed['bare', 0]}/{runs}")


if __name__ == "__main__":
    main()
