#!/usr/bin/python3
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
       atspi.py attributes PID NAME DEFAULTS OFFSET...
                                            prints "start end key=value;..." for the attribute run at
                                            each OFFSET (DEFAULTS: 1 to include the defaults), as
                                            Orca's "read attributes" asks
"""
import sys

import pyatspi


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
    elif command == "extents":
        text = find(*scope(app, sys.argv[3])).queryText()
        for offset in sys.argv[4:]:
            x, y, w, h = text.getCharacterExtents(int(offset), pyatspi.WINDOW_COORDS)
            print(x, y, w, h)
    elif command == "box":
        box = find(*scope(app, sys.argv[3])).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
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
