#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Pointer and keyboard input for a headless mutter, through its RemoteDesktop D-Bus API.

Reads one command per line on stdin, in xdotool's command language (a JSON list of words,
commands may be chained): mousemove X Y, click [--repeat N] BUTTON, mousedown BUTTON,
mouseup BUTTON, key [--delay MS] KEY..., keydown KEY, keyup KEY, type [--delay MS] TEXT.
Also: mousehome, the pointer pushed into the top left corner again (its position is known
for sure there); screenshot PATH, a PNG of the screen (with --screencast, which needs PipeWire and
WirePlumber running in the session). Answers "ok" or "error: ..." on a line of its own.

The RemoteDesktop session belongs to the D-Bus connection that made it, so this process
lives as long as the test's desktop does. Motion is relative (absolute motion needs a
ScreenCast stream and PipeWire): the pointer is first pushed into the top left corner,
where it stops, and its position is tracked from there; mutter applies no acceleration
to a virtual pointer.
"""
import json
import subprocess
import sys
import time

import gi

gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib  # noqa: E402

WIDTH, HEIGHT = 1280, 800
BUTTONS = {"1": 0x110, "2": 0x112, "3": 0x111}  # BTN_LEFT, BTN_MIDDLE, BTN_RIGHT
MODIFIERS = {"ctrl": "Control_L", "control": "Control_L", "shift": "Shift_L", "alt": "Alt_L",
             "super": "Super_L", "meta": "Meta_L"}


class Desktop:
    def __init__(self, screencast):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        path = self.call("/org/gnome/Mutter/RemoteDesktop", "org.gnome.Mutter.RemoteDesktop",
                         "CreateSession", None, "(o)")[0]
        self.session = path
        self.node = None
        if screencast:
            self.record_screen()
        self.call(path, "org.gnome.Mutter.RemoteDesktop.Session", "Start", None, None)
        if screencast:
            deadline = time.monotonic() + 5
            context = GLib.MainContext.default()
            while self.node is None and time.monotonic() < deadline:
                context.iteration(False) or time.sleep(0.02)
        self.x, self.y = 0, 0
        self.relative(-10000, -10000)

    def record_screen(self):
        """A ScreenCast stream of the monitor, tied to the session: the screen to read."""
        session_id = self.bus.call_sync(
            "org.gnome.Mutter.RemoteDesktop", self.session, "org.freedesktop.DBus.Properties", "Get",
            GLib.Variant("(ss)", ("org.gnome.Mutter.RemoteDesktop.Session", "SessionId")),
            GLib.VariantType("(v)"), Gio.DBusCallFlags.NONE, 5000, None)[0]
        cast = self.bus.call_sync(
            "org.gnome.Mutter.ScreenCast", "/org/gnome/Mutter/ScreenCast", "org.gnome.Mutter.ScreenCast",
            "CreateSession", GLib.Variant("(a{sv})", ({"remote-desktop-session-id": GLib.Variant("s", session_id)},)),
            GLib.VariantType("(o)"), Gio.DBusCallFlags.NONE, 5000, None)[0]
        stream = self.bus.call_sync(
            "org.gnome.Mutter.ScreenCast", cast, "org.gnome.Mutter.ScreenCast.Session", "RecordMonitor",
            GLib.Variant("(sa{sv})", ("Meta-0", {"cursor-mode": GLib.Variant("u", 1)})),
            GLib.VariantType("(o)"), Gio.DBusCallFlags.NONE, 5000, None)[0]

        def added(_connection, _sender, _path, _interface, _signal, parameters):
            self.node = parameters[0]

        self.bus.signal_subscribe("org.gnome.Mutter.ScreenCast", "org.gnome.Mutter.ScreenCast.Stream",
                                  "PipeWireStreamAdded", stream, None, Gio.DBusSignalFlags.NONE, added)

    def screenshot(self, path):
        if self.node is None:
            raise ValueError("no screen cast (PipeWire)")
        subprocess.run(["gst-launch-1.0", "-q", "pipewiresrc", f"path={self.node}", "num-buffers=1",
                        "always-copy=true", "!", "videoconvert", "!", "pngenc", "!", "filesink",
                        f"location={path}"], check=True, timeout=10)

    def call(self, path, interface, method, parameters, reply):
        return self.bus.call_sync(
            "org.gnome.Mutter.RemoteDesktop", path, interface, method, parameters,
            GLib.VariantType(reply) if reply else None, Gio.DBusCallFlags.NONE, 5000, None)

    def session_call(self, method, parameters):
        self.call(self.session, "org.gnome.Mutter.RemoteDesktop.Session", method, parameters, None)

    def relative(self, dx, dy):
        self.session_call("NotifyPointerMotionRelative", GLib.Variant("(dd)", (float(dx), float(dy))))

    def move(self, x, y):
        x, y = max(0, min(WIDTH - 1, x)), max(0, min(HEIGHT - 1, y))
        if (x, y) != (self.x, self.y):
            self.relative(x - self.x, y - self.y)
            self.x, self.y = x, y

    def button(self, name, pressed):
        if name in ("4", "5"):  # the wheel, as X numbers it
            if pressed:
                self.session_call("NotifyPointerAxisDiscrete",
                                  GLib.Variant("(ui)", (0, -1 if name == "4" else 1)))
            return
        self.session_call("NotifyPointerButton", GLib.Variant("(ib)", (BUTTONS[name], pressed)))

    def keysym(self, keyval, pressed):
        self.session_call("NotifyKeyboardKeysym", GLib.Variant("(ub)", (keyval, pressed)))

    def chord(self, name, pressed_only=None):
        """xdotool's "ctrl+shift+Left": modifiers down, key, in reverse up."""
        keyvals = [keyval(word) for word in name.split("+")]
        if pressed_only is None or pressed_only:
            for value in keyvals:
                self.keysym(value, True)
        if pressed_only is None or not pressed_only:
            for value in reversed(keyvals):
                self.keysym(value, False)


def keyval(word):
    if word.lower() in MODIFIERS:
        word = MODIFIERS[word.lower()]
    value = Gdk.keyval_from_name(word)
    if value in (0, 0xffffff):
        if len(word) == 1:
            return Gdk.unicode_to_keyval(ord(word))
        raise ValueError(f"unknown key {word}")
    return value


def run(desktop, words):
    index = 0

    def take():
        nonlocal index
        index += 1
        return words[index - 1]

    while index < len(words):
        command = take()
        if command == "mousehome":  # not xdotool's: the pointer back to where it is known
            desktop.relative(-10000, -10000)
            desktop.x, desktop.y = 0, 0
        elif command == "mousemove":
            x, y = int(take()), int(take())
            desktop.move(x, y)
        elif command in ("click", "mousedown", "mouseup"):
            repeat = 1
            if words[index] == "--repeat":
                take()
                repeat = int(take())
            button = take()
            for _ in range(repeat):
                if command != "mouseup":
                    desktop.button(button, True)
                if command == "click":
                    time.sleep(0.02)
                if command != "mousedown":
                    desktop.button(button, False)
                if repeat > 1:
                    time.sleep(0.08)
        elif command in ("key", "type"):
            delay = 0.012
            if index < len(words) and words[index] == "--delay":
                take()
                delay = int(take()) / 1000
            if command == "key":
                while index < len(words):
                    desktop.chord(take())
                    time.sleep(delay)
            else:
                for character in take():
                    value = 0xff0d if character == "\n" else Gdk.unicode_to_keyval(ord(character))
                    desktop.keysym(value, True)
                    desktop.keysym(value, False)
                    time.sleep(delay)
        elif command == "screenshot":
            desktop.screenshot(take())
        elif command == "keydown":
            desktop.chord(take(), pressed_only=True)
        elif command == "keyup":
            desktop.chord(take(), pressed_only=False)
        else:
            raise ValueError(f"unknown command {command}")


def main():
    desktop = Desktop(screencast="--screencast" in sys.argv)
    print("ready", flush=True)
    for line in sys.stdin:
        try:
            run(desktop, json.loads(line))
            print("ok", flush=True)
        except Exception as error:  # noqa: BLE001 - any mistake in a command is that command's answer
            print(f"error: {type(error).__name__}: {error}", flush=True)


main()
