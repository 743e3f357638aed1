#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
""""Another device" for the sync tests: a CalDAV client (python3-caldav) that reads and
changes to-dos on the test's server behind Tote's back.

    caldav-peer.py list   URL CALENDAR                    JSON list of the calendar's to-dos
    caldav-peer.py create URL CALENDAR UID SUMMARY [--sort N] [--prop LINE]…
    caldav-peer.py modify URL CALENDAR UID FIELD=VALUE...  (an empty VALUE removes FIELD)
    caldav-peer.py delete URL CALENDAR UID
    caldav-peer.py occurrence URL CALENDAR UID RECURRENCE-ID done|gone
                                         adds that occurrence's completed override (as
                                         Thunderbird completes one), or removes it
    caldav-peer.py count  URL CALENDAR                    the number of to-dos

URL is the user's home on the server (http://127.0.0.1:PORT/tester/); its first path segment
is the user name, sent as HTTP Basic credentials. CALENDAR is a calendar's display name or
the last segment of its URL. Each to-do in `list` is {"uid", "summary", "status",
"description", "sortOrder" (X-APPLE-SORT-ORDER as a number, or null), "ics" (the resource as
the server holds it)}; fields a to-do lacks are null. Errors go to stderr, exit status 1.
"""

import datetime
import json
import re
import sys
import urllib.parse

import caldav
import pytz
import requests

FIELDS = {
    "summary": "SUMMARY",
    "status": "STATUS",
    "description": "DESCRIPTION",
    "sort": "X-APPLE-SORT-ORDER",
    "x-apple-sort-order": "X-APPLE-SORT-ORDER",
}


def calendar(url, name):
    user = urllib.parse.urlparse(url).path.strip("/").split("/")[0]
    # Preemptive Basic: the test server takes anyone, and names the user from this.
    client = caldav.DAVClient(url, auth=requests.auth.HTTPBasicAuth(user, "peer"))
    for found in client.principal().calendars():
        segment = str(found.url).rstrip("/").rsplit("/", 1)[-1]
        if name in (segment, found.get_display_name()):
            return found
    raise SystemExit(f"caldav-peer: no calendar {name!r} at {url}")


def unfolded(ics):
    """The VTODO's properties, NAME → value, from the text itself (what the server holds)."""
    lines, inside, props = [], False, {}
    for line in ics.replace("\r\n", "\n").split("\n"):
        if line[:1] in (" ", "\t") and lines:
            lines[-1] += line[1:]
        else:
            lines.append(line)
    for line in lines:
        if line == "BEGIN:VTODO":
            inside = True
        elif line == "END:VTODO":
            inside = False
        elif inside and ":" in line:
            head, value = line.split(":", 1)
            name = head.split(";", 1)[0].upper()
            props.setdefault(name, re.sub(r"\\(.)", lambda m: "\n" if m[1] in "nN" else m[1], value))
    return props


def described(todo):
    ics = todo.data
    props = unfolded(ics)
    order = props.get("X-APPLE-SORT-ORDER")
    try:
        order = int(order) if order is not None else None
    except ValueError:
        order = None
    return {
        "uid": props.get("UID"),
        "summary": props.get("SUMMARY"),
        "status": props.get("STATUS"),
        "description": props.get("DESCRIPTION"),
        "sortOrder": order,
        "ics": ics,
    }


def now():
    # pytz's UTC: icalendar writes it as "…Z" (datetime's own UTC gets a TZID=UTC).
    return datetime.datetime.now(pytz.utc).replace(microsecond=0)


def escaped(text):
    return (text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\n", "\\n"))


def main(argv):
    if len(argv) < 3:
        raise SystemExit(__doc__)
    command, url, name = argv[0], argv[1], argv[2]
    target = calendar(url, name)
    todos = lambda: target.todos(include_completed=True)
    if command == "list":
        print(json.dumps([described(t) for t in todos()]))
    elif command == "count":
        print(len(todos()))
    elif command == "create":
        uid, summary = argv[3], argv[4]
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tote tests//caldav-peer//EN",
                 "BEGIN:VTODO", f"UID:{uid}", f"DTSTAMP:{now():%Y%m%dT%H%M%SZ}",
                 f"CREATED:{now():%Y%m%dT%H%M%SZ}", f"LAST-MODIFIED:{now():%Y%m%dT%H%M%SZ}",
                 f"SUMMARY:{escaped(summary)}", "STATUS:NEEDS-ACTION"]
        rest = argv[5:]
        while rest:
            if rest[0] == "--sort" and len(rest) >= 2:
                lines.append(f"X-APPLE-SORT-ORDER:{int(rest[1])}")
            elif rest[0] == "--prop" and len(rest) >= 2:
                # A whole content line, as another client writes it (RRULE, DUE, RELATED-TO…).
                lines.append(rest[1])
            else:
                raise SystemExit(f"caldav-peer: create: unexpected {rest}")
            rest = rest[2:]
        lines += ["END:VTODO", "END:VCALENDAR", ""]
        target.save_todo("\r\n".join(lines), no_overwrite=True)
    elif command == "modify":
        found = target.todo_by_uid(argv[3])
        ical = found.icalendar_instance
        todo = next(iter(ical.walk("VTODO")))
        for change in argv[4:]:
            field, _, value = change.partition("=")
            prop = FIELDS.get(field.lower(), field.upper())
            todo.pop(prop, None)
            if value:
                todo.add(prop, value)
            # As a phone marks one done or not done: with its completion time.
            if prop == "STATUS":
                todo.pop("COMPLETED", None)
                todo.pop("PERCENT-COMPLETE", None)
                if value == "COMPLETED":
                    todo.add("COMPLETED", now())
                    todo.add("PERCENT-COMPLETE", 100)
        for stamp in ("DTSTAMP", "LAST-MODIFIED"):
            todo.pop(stamp, None)
            todo.add(stamp, now())
        if "SEQUENCE" not in todo:
            todo.add("SEQUENCE", 0)
        found.icalendar_instance = ical
        # caldav's save() raises SEQUENCE (when there is one), as a client must on a change.
        found.save()
    elif command == "occurrence":
        uid, rid, what = argv[3], argv[4], argv[5]
        found = target.todo_by_uid(uid)
        text = found.data.replace("\r\n", "\n")
        # The override, a VTODO of its own in the resource, as Thunderbird writes one.
        override = re.compile(r"^RECURRENCE-ID[;:][^\n]*" + re.escape(rid) + "$", re.M)
        parts = re.split(r"(?=BEGIN:VTODO\n)|(?<=END:VTODO\n)", text)
        text = "".join(p for p in parts if not (p.startswith("BEGIN:VTODO") and override.search(p)))
        if what == "done":
            stamp = f"{now():%Y%m%dT%H%M%SZ}"
            text = text.replace("END:VCALENDAR", "\n".join([
                "BEGIN:VTODO", f"UID:{uid}", f"DTSTAMP:{stamp}", f"LAST-MODIFIED:{stamp}",
                f"RECURRENCE-ID:{rid}", f"DTSTART:{rid}", "SUMMARY:occurrence", "STATUS:COMPLETED",
                f"COMPLETED:{stamp}", "PERCENT-COMPLETE:100", "END:VTODO", "END:VCALENDAR"]))
        elif what != "gone":
            raise SystemExit(__doc__)
        # PUT as it is: the caldav library's save() would touch the first VTODO only.
        response = found.client.put(str(found.url), text.replace("\n", "\r\n"),
                                    {"Content-Type": "text/calendar; charset=utf-8"})
        if response.status >= 300:
            raise SystemExit(f"caldav-peer: PUT said {response.status}")
    elif command == "delete":
        target.todo_by_uid(argv[3]).delete()
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except caldav.lib.error.NotFoundError as error:
        print(f"caldav-peer: not found: {error}", file=sys.stderr)
        sys.exit(1)
