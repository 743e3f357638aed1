#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reads an application's widgets through AT-SPI, as a screen reader would.

usage: atspi.py tree PID                   prints "role<TAB>name" for every accessible object of PID
       atspi.py framebox PID INDEX          prints "x y w h" of the application's window INDEX
       atspi.py frames [PID]                prints "pid<TAB>index<TAB>name" for every window (of PID),
                                            index 1 being an application's first
       atspi.py extents PID NAME OFFSET...  prints "x y w h" (window coordinates) of each character
                                            OFFSET of the text object named NAME, one line each
       atspi.py selection PID NAME          prints "start end" of the text object's selection
       atspi.py text PID NAME               prints the text of the text object named NAME
                                            (NAME may be role=ROLE: the first object with that role)
       atspi.py box PID NAME                prints "x y w h" (window coordinates) of the object named NAME
       atspi.py selected PID                prints "role<TAB>name" for every selected object of PID
       atspi.py screenbox PID NAME          prints "x y w h" (screen coordinates) of the object named NAME,
                                            for GTK 3 programs, which place their popups themselves
       atspi.py attributes PID NAME DEFAULTS OFFSET...
                                            prints "start end key=value;..." for the attribute run at
                                            each OFFSET (DEFAULTS: 1 to include the defaults), as
                                            Orca's "read attributes" asks
       atspi.py read PID                    reads every accessible object of PID as a screen
                                            reader walking the application does (role, name,
                                            description, states, attributes, place, children,
                                            text, selection and every attribute run), after
                                            asking the application for one window past its
                                            count, as a reader holding a stale count does;
                                            prints "objects N" and "window ROLE<TAB>NAME" lines
"""
import sys

import pyatspi
from gi.repository import Gio, GLib


def application(pid):
    for app in pyatspi.Registry.getDesktop(0):
        if app is not None and app.get_process_id() == pid:
            return app
    return None


def walk(node, depth=0):
    if node is None or depth > 40:
        return
    name = (node.name or "").replace("\n", " ").replace("\t", " ")
    print(f"{node.getRoleName()}\t{name}")
    for child in node:
        walk(child, depth + 1)


def descriptions(node, depth=0):
    """Objects that have a description: role, name and description, tab-separated."""
    if node is None or depth > 40:
        return
    if node.description:
        name = (node.name or "").replace("\n", " ").replace("\t", " ")
        print(f"{node.getRoleName()}\t{name}\t{node.description}")
    for child in node:
        descriptions(child, depth + 1)


def selected(node, depth=0, state=pyatspi.STATE_SELECTED):
    if node is None or depth > 40:
        return
    if node.getState().contains(state):
        print(f"{node.getRoleName()}\t{(node.name or '').replace(chr(10), ' ')}")
    for child in node:
        selected(child, depth + 1, state)


def find(node, name, depth=0):
    """The first object named `name`, or with role R when `name` is "role=R"."""
    if node is None or depth > 40:
        return None
    if name.startswith("role="):
        if node.getRoleName() == name[5:]:
            return node
    elif node.name == name:
        return node
    for child in node:
        found = find(child, name, depth + 1)
        if found is not None:
            return found
    return None


def scope(app, name):
    """NAME may start with "frame=N/": look only in the app's N-th window (1 is the first)."""
    if name.startswith("frame="):
        index, rest = name[6:].split("/", 1)
        frames = [child for child in app if child is not None and child.getRoleName() == "frame"]
        return frames[int(index) - 1], rest
    return app, name


def ask_past_the_last_window(app):
    """GetChildAtIndex on the application for the index its ChildCount says is past the end,
    straight over the accessibility bus (libatspi would answer from its cache): what a
    screen reader asks when a window closed since it counted. GTK 4.8 answers it with its
    last window, shown or not."""
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    address = bus.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress",
                            None, GLib.VariantType("(s)"), 0, 5000, None).unpack()[0]
    a11y = Gio.DBusConnection.new_for_address_sync(
        address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
        None, None)
    name = app.app.bus_name
    count = a11y.call_sync(name, "/org/a11y/atspi/accessible/root", "org.freedesktop.DBus.Properties", "Get",
                           GLib.Variant("(ss)", ("org.a11y.atspi.Accessible", "ChildCount")),
                           None, 0, 5000, None).unpack()[0]
    for index in (count, count + 1):
        try:
            a11y.call_sync(name, "/org/a11y/atspi/accessible/root", "org.a11y.atspi.Accessible",
                           "GetChildAtIndex", GLib.Variant("(i)", (index,)), None, 0, 5000, None)
        except GLib.Error as error:
            # A refusal is a fine answer; an application that went away is not.
            if "NoReply" in error.message or "ServiceUnknown" in error.message:
                raise


def read_text(text):
    """The text, caret, selections and every attribute run, with and without the defaults."""
    count = text.characterCount
    text.getText(0, count)
    text.caretOffset
    for index in range(text.getNSelections()):
        text.getSelection(index)
    for defaults in (False, True):
        offset, runs = 0, 0
        while offset < count and runs < 500:
            _, start, end = text.getAttributeRun(offset, defaults)
            offset, runs = max(end, offset + 1), runs + 1
    text.getDefaultAttributes()


def read(node, depth=0):
    """Reads `node` and everything below it; returns how many objects were read. An object
    that went away while it was read is passed over: only the application's answers count."""
    if node is None or depth > 60:
        return 0
    try:
        node.getRoleName()
        node.name
        node.description
        node.getState().getStates()
        node.getAttributes()
        node.getIndexInParent()
        component = node.queryComponent() if "Component" in node.get_interfaces() else None
        if component is not None:
            component.getExtents(pyatspi.WINDOW_COORDS)
        if "Text" in node.get_interfaces():
            read_text(node.queryText())
        children = [node.getChildAtIndex(index) for index in range(node.childCount)]
    except GLib.Error:
        return 0
    return 1 + sum(read(child, depth + 1) for child in children)


def main():
    if sys.argv[1] == "frames":
        for app in pyatspi.Registry.getDesktop(0):
            try:  # an application that has just quit may still be listed
                pid = app.get_process_id() if app is not None else None
                if pid is None or (len(sys.argv) > 2 and pid != int(sys.argv[2])):
                    continue
                frames = [child for child in app if child is not None and child.getRoleName() == "frame"]
                for index, frame in enumerate(frames, 1):
                    print(f"{pid}\t{index}\t{(frame.name or '').replace(chr(10), ' ')}")
            except Exception:  # noqa: BLE001
                continue
        return
    command, pid = sys.argv[1], int(sys.argv[2])
    app = application(pid)
    if app is None:
        sys.exit(f"no accessible application with pid {pid}")
    if command == "framebox":
        frames = [child for child in app if child is not None and child.getRoleName() == "frame"]
        box = frames[int(sys.argv[3]) - 1].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        print(box.x, box.y, box.width, box.height)
        return
    if command == "tree":
        walk(app)
    elif command == "descriptions":
        descriptions(app)
    elif command == "selected":
        selected(app)
    elif command == "focused":
        selected(app, state=pyatspi.STATE_FOCUSED)
    elif command == "read":
        ask_past_the_last_window(app)
        total = 0
        for index in range(app.childCount):
            window = app.getChildAtIndex(index)
            if window is None:
                continue
            print(f"window {window.getRoleName()}\t{(window.name or '').replace(chr(10), ' ')}")
            total += read(window)
        print(f"objects {total}")
    elif command == "extents":
        text = find(*scope(app, sys.argv[3])).queryText()
        for offset in sys.argv[4:]:
            x, y, w, h = text.getCharacterExtents(int(offset), pyatspi.WINDOW_COORDS)
            print(x, y, w, h)
    elif command == "box":
        box = find(*scope(app, sys.argv[3])).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        print(box.x, box.y, box.width, box.height)
    elif command == "screenbox":
        box = find(*scope(app, sys.argv[3])).queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        print(box.x, box.y, box.width, box.height)
    elif command == "text":
        text = find(*scope(app, sys.argv[3])).queryText()
        # Up to the character count: GTK 4.8 clamps an end of -1 to 0 for entries.
        sys.stdout.write(text.getText(0, text.characterCount))
    elif command == "attributes":
        text = find(*scope(app, sys.argv[3])).queryText()
        defaults = sys.argv[4] == "1"
        for offset in sys.argv[5:]:
            attributes, start, end = text.getAttributeRun(int(offset), defaults)
            print(start, end, ";".join(sorted(attributes)))
    elif command == "selection":
        text = find(*scope(app, sys.argv[3])).queryText()
        if text.getNSelections() == 0:
            caret = text.caretOffset
            print(caret, caret)
        else:
            start, end = text.getSelection(0)
            print(start, end)


main()
