#!/usr/bin/python3
"""Reads an application's widgets through AT-SPI, as a screen reader would.

usage: atspi.py tree PID      prints "role<TAB>name" for every accessible object of PID
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


def main():
    command, pid = sys.argv[1], int(sys.argv[2])
    app = application(pid)
    if app is None:
        sys.exit(f"no accessible application with pid {pid}")
    if command == "tree":
        walk(app)


main()
