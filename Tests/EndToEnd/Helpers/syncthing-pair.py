#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Two real Syncthing daemons ("device A" and "device B") on 127.0.0.1 sharing one folder,
for the notes-sync tests. Standard library only; needs /usr/bin/syncthing (Debian 12: 1.19.2).

    syncthing-pair.py start --state DIR --folder-a PATH --folder-b PATH [--folder-id tote]
                            [--timeout 60]
    syncthing-pair.py sync  --state DIR [--timeout 60]
    syncthing-pair.py pause --state DIR
    syncthing-pair.py resume --state DIR [--timeout 60]
    syncthing-pair.py stop  --state DIR
    syncthing-pair.py conflicts --state DIR

start   generates two homes (DIR/a, DIR/b), starts both daemons detached (logs in DIR/a.log and
        DIR/b.log; in DIR/pids A's pid then B's, one a line, each the leader of that daemon's
        process group), configures them over REST (no discovery, relays, NAT, usage or crash
        reporting, upgrades; sync and GUI ports on 127.0.0.1 only, chosen free; A dials B),
        shares the folder (created if missing; rescanned at each sync, watched with a 1 s
        delay) and waits until the devices are connected and the folder is in sync and idle
        on both sides. Then it writes DIR/pair.json: {"folderId", "a": {...}, "b": {...}},
        each side with "home", "folder", "deviceId", "apiKey", "guiPort", "listenPort",
        "url", "pid", "log". Takes about 2 s.
sync    a barrier: a file written on either side before the call is on the other side, with
        any conflict resolved and its conflict copy on both sides, when the call returns.
pause   cuts the link (each side pauses the other device); resume restores it and waits
        until the devices are connected again (at once the first time, up to 5 s after
        that: Syncthing limits immediate redials).
stop    shuts both daemons down (REST, then SIGTERM, then SIGKILL) and waits for them.
conflicts  prints each file under either folder whose name contains ".sync-conflict-",
        one absolute path a line, sorted.

Errors go to stderr, exit status 1.
"""

import argparse
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET

SYNCTHING = "/usr/bin/syncthing"
SIDES = ("a", "b")
CONFLICT_MARK = ".sync-conflict-"

# The state of a folder with nothing to do in /rest/db/status; anything else ("scanning",
# "scan-waiting", "sync-preparing", "syncing", "cleaning", …) means it is still busy.
IDLE = "idle"


class Failure(Exception):
    pass


# ---------------------------------------------------------------------------------------
# REST


def rest(side, method, path, body=None, timeout=10, **query):
    """One REST call to a side ({"url", "apiKey"}); the decoded JSON answer, or None."""
    url = side["url"] + path
    if query:
        url += "?" + urllib.parse.urlencode(query)
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"X-API-Key": side["apiKey"],
                                              "Content-Type": "application/json"})
    # No proxy: the test environment may have http_proxy set, and this is 127.0.0.1.
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=timeout) as response:
        text = response.read()
    return json.loads(text) if text.strip() else None


def rest_retrying(side, method, path, body=None, deadline=None, **query):
    """As rest(), retrying (every 0.2 s) while the daemon is not answering yet: 1.19 takes a
    few seconds after a first start (key, database) before its GUI listener is up."""
    deadline = deadline or time.monotonic() + 30
    while True:
        try:
            return rest(side, method, path, body, **query)
        except (urllib.error.URLError, ConnectionError, socket.timeout) as error:
            # An HTTP error status is an answer; retrying will not change it.
            if isinstance(error, urllib.error.HTTPError):
                detail = error.read().decode(errors="replace").strip()
                raise Failure(f"{method} {path} on {side['name']}: HTTP {error.code} {detail}")
            if time.monotonic() > deadline:
                raise Failure(f"{method} {path} on {side['name']}: no answer from "
                              f"{side['url']} ({error})")
            time.sleep(0.2)


# ---------------------------------------------------------------------------------------
# State directory


def load(state):
    try:
        with open(os.path.join(state, "pair.json")) as file:
            pair = json.load(file)
    except FileNotFoundError:
        raise Failure(f"no pair in {state} (run start first)")
    for name in SIDES:
        pair[name]["name"] = name
    return pair


def running(state):
    """The pair in state, checked to be running (so a stopped one fails at once rather than
    after the timeout)."""
    pair = load(state)
    for name in SIDES:
        side = pair[name]
        if not group_members(side["pid"], side["home"]):
            raise Failure(f"syncthing {name} (pid {side['pid']}) is not running; "
                          f"see {side['log']}")
    return pair


def peer_of(pair, name):
    return pair["b" if name == "a" else "a"]


def free_ports(count):
    """Ports the kernel hands out for port 0 on 127.0.0.1. All sockets stay open until all
    are picked, so the ports differ; the short window before Syncthing binds them is the
    usual accepted race."""
    sockets = []
    try:
        for _ in range(count):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind(("127.0.0.1", 0))
            sockets.append(sock)
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def group_members(pgid, home):
    """The live (not zombie) processes of the process group pgid that are a syncthing serving
    home. Each daemon is two processes in one group: Syncthing 1.19 always runs a monitor
    process (the pid we start and record, also the group's id) that runs the real daemon as
    its child; --no-restart only stops it restarting that child. Matching the command line
    keeps a reused pid or group id from ever being signalled."""
    members = []
    wanted = os.fsencode(f"--home={home}")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as file:
                # Fields after the parenthesised command name: state, ppid, pgrp, …
                fields = file.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{entry}/cmdline", "rb") as file:
                argv = file.read().split(b"\0")
        except (FileNotFoundError, ProcessLookupError, IndexError):
            continue
        if fields[0] not in ("Z", "X") and int(fields[2]) == pgid and wanted in argv:
            members.append(int(entry))
    return members


def daemon_env(home):
    env = dict(os.environ)
    env.update(STNODEFAULTFOLDER="1", STNOUPGRADE="1", STNORESTART="1",
               # Nothing of Syncthing's may land in the tests' (or the user's) home: with
               # --home it uses none of these, but "~" in its defaults expands from HOME.
               HOME=home)
    for variable in ("STGUIADDRESS", "STGUIAPIKEY", "STHOMEDIR", "STTRACE"):
        env.pop(variable, None)
    return env


# Options that keep a daemon off the network beyond 127.0.0.1. Written into config.xml
# before the first start (so it never binds port 22000, announces, or dials a relay in the
# seconds before REST answers) and PATCHed again over REST once it runs.
def quiet_options(listen_port):
    return {
        "listenAddresses": [f"tcp://127.0.0.1:{listen_port}"],
        "globalAnnounceEnabled": False,
        "localAnnounceEnabled": False,
        "relaysEnabled": False,
        "natEnabled": False,
        "startBrowser": False,
        "urAccepted": -1,            # usage reporting declined for good
        "crashReportingEnabled": False,
        "autoUpgradeIntervalH": 0,
        "announceLANAddresses": False,
        "setLowPriority": False,
        # Restarts itself when its clock jumps by minutes (a suspended or starved VM).
        "restartOnWakeup": False,
        # A dropped link is redialled every reconnectionIntervalS (60 s by default; 1.19
        # raises anything lower to 5), unless it is redialled at once (see resume()).
        "reconnectionIntervalS": 5,
    }


def dial_addresses(side, peer):
    """Only A dials (B's static address); B waits for A ("dynamic", which resolves to nothing
    with discovery off). When both dial at once, as both do right after a resume, 1.19.2 can
    deadlock for 20 s: each daemon handles new connections one at a time
    (lib/connections/service.go handleConns) and waits up to 20 s in the Hello exchange of
    its own outgoing connection, while the peer does the same with the other one."""
    if side["name"] == "a":
        return [f"tcp://127.0.0.1:{peer['listenPort']}"]
    return ["dynamic"]


# config.xml spells a few options differently from the REST JSON.
XML_NAMES = {"listenAddresses": "listenAddress"}


def seed_config(home, listen_port, gui_port, api_key):
    path = os.path.join(home, "config.xml")
    tree = ET.parse(path)
    root = tree.getroot()
    options = root.find("options")
    for key, value in quiet_options(listen_port).items():
        tag = XML_NAMES.get(key, key)
        for old in options.findall(tag):
            options.remove(old)
        for item in (value if isinstance(value, list) else [value]):
            ET.SubElement(options, tag).text = (str(item).lower() if isinstance(item, bool)
                                                else str(item))
    gui = root.find("gui")
    gui.find("address").text = f"127.0.0.1:{gui_port}"
    gui.find("apikey").text = api_key
    tree.write(path)


def stop_processes(sides, patience=15):
    """Shut each side down over REST, then SIGTERM, then SIGKILL its process group; wait
    until none of its processes is left."""
    sides = [side for side in sides if side.get("pid")]
    for side in sides:
        if group_members(side["pid"], side["home"]):
            try:
                rest(side, "POST", "/rest/system/shutdown", timeout=3)
            except (urllib.error.URLError, ConnectionError, socket.timeout, ValueError):
                pass  # not answering: the signals below will do
    for sig, wait in ((None, patience), (signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        left = [side for side in sides if group_members(side["pid"], side["home"])]
        if not left:
            return
        for side in left:
            if sig is not None:
                for pid in group_members(side["pid"], side["home"]):
                    try:
                        os.kill(pid, sig)
                    except ProcessLookupError:
                        pass
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline and any(group_members(s["pid"], s["home"])
                                                  for s in left):
            time.sleep(0.1)
    left = [str(pid) for side in sides for pid in group_members(side["pid"], side["home"])]
    if left:
        raise Failure(f"syncthing still running: pid {', '.join(left)}")


# ---------------------------------------------------------------------------------------
# Waiting


def connected(side, peer):
    connections = rest(side, "GET", "/rest/system/connections")["connections"]
    return bool(connections.get(peer["deviceId"], {}).get("connected"))


def settled(pair, folder):
    """Whether both sides are connected, idle, need nothing, and see the other side as
    having everything (completion 100). A description of what is not, otherwise."""
    waiting = []
    for name in SIDES:
        side, peer = pair[name], peer_of(pair, name)
        if not connected(side, peer):
            waiting.append(f"{name} not connected to {peer['name']}")
            continue
        status = rest(side, "GET", "/rest/db/status", folder=folder)
        need = status.get("needTotalItems")  # files, directories, symlinks, deletes
        if status.get("state") != IDLE or need:
            waiting.append(f"{name}: folder {status.get('state')!r}, needs {need} items"
                           + (f" ({status.get('error')})" if status.get("error") else ""))
        # Computed from what this side knows of the peer's index: below 100 until the peer
        # has pulled everything this side has and told it so.
        completion = rest(side, "GET", "/rest/db/completion", folder=folder,
                          device=peer["deviceId"])
        if completion.get("completion") != 100:
            waiting.append(f"{name}: {peer['name']} at {completion.get('completion')}% "
                           f"({completion.get('needItems', '?')} items needed)")
    return waiting


def folder_errors(pair, folder):
    lines = []
    for name in SIDES:
        try:
            errors = rest(pair[name], "GET", "/rest/folder/errors", folder=folder)
        except Exception:  # diagnostics only
            continue
        for error in (errors or {}).get("errors") or []:
            lines.append(f"{name}: {error.get('path')}: {error.get('error')}")
    return lines


def wait_until(what, deadline, check):
    """Poll check() (a list of what is still missing; empty when done) until the deadline."""
    missing = ["(not checked)"]
    while True:
        try:
            missing = check()
        except (urllib.error.URLError, ConnectionError, socket.timeout) as error:
            missing = [f"REST: {error}"]
        if not missing:
            return
        if time.monotonic() > deadline:
            raise Failure(f"timed out waiting for {what}: " + "; ".join(missing))
        time.sleep(0.1)


def sequences(pair, folder):
    return tuple(rest(pair[name], "GET", "/rest/db/status", folder=folder).get("sequence")
                 for name in SIDES)


def barrier(pair, deadline):
    """Scan both sides, wait until settled; repeat until a round changes neither side's
    index sequence. A conflict copy is made by renaming on disk while pulling and enters
    the index (and travels to the peer) only with the scan that follows, so one round can
    end before it is on both sides."""
    folder = pair["folderId"]
    before = None
    while True:
        for name in SIDES:
            # Returns when the scan has finished.
            rest_retrying(pair[name], "POST", "/rest/db/scan", deadline=deadline, folder=folder)
        try:
            wait_until("the folder to be in sync", deadline, lambda: settled(pair, folder))
        except Failure as failure:
            errors = folder_errors(pair, folder)
            raise Failure(str(failure) + ("\nfolder errors:\n  " + "\n  ".join(errors)
                                          if errors else ""))
        after = sequences(pair, folder)
        if after == before:
            return
        before = after


# ---------------------------------------------------------------------------------------
# Commands


def start(args):
    state = os.path.abspath(args.state)
    os.makedirs(state, exist_ok=True)
    pids_path = os.path.join(state, "pids")
    if os.path.exists(os.path.join(state, "pair.json")):
        try:
            old = load(state)
            if any(old[n].get("pid") and group_members(old[n]["pid"], old[n]["home"])
                   for n in SIDES):
                raise Failure(f"a pair is already running in {state} (stop it first)")
        except (ValueError, KeyError):
            pass
        os.remove(os.path.join(state, "pair.json"))
    if not os.access(SYNCTHING, os.X_OK):
        raise Failure(f"{SYNCTHING} is missing (apt-get install syncthing)")

    deadline = time.monotonic() + args.timeout
    gui_a, gui_b, listen_a, listen_b = free_ports(4)
    pair = {"folderId": args.folder_id}
    for name, folder, gui_port, listen_port in (("a", args.folder_a, gui_a, listen_a),
                                                ("b", args.folder_b, gui_b, listen_b)):
        home = os.path.join(state, name)
        # A fresh identity and database each time; an old home would keep old indexes.
        shutil.rmtree(home, ignore_errors=True)
        folder = os.path.abspath(folder)
        os.makedirs(folder, exist_ok=True)
        pair[name] = {"name": name, "home": home, "folder": folder,
                      "apiKey": secrets.token_urlsafe(24), "guiPort": gui_port,
                      "listenPort": listen_port, "url": f"http://127.0.0.1:{gui_port}",
                      "log": os.path.join(state, f"{name}.log")}
        generated = subprocess.run(
            [SYNCTHING, "generate", f"--home={home}", "--no-default-folder",
             "--skip-port-probing"],
            env=daemon_env(home), stdin=subprocess.DEVNULL, capture_output=True, text=True)
        if generated.returncode != 0:
            raise Failure(f"syncthing generate for {name} failed:\n"
                          f"{generated.stdout}{generated.stderr}")
        seed_config(home, listen_port, gui_port, pair[name]["apiKey"])

    sides = [pair[name] for name in SIDES]
    try:
        for side in sides:
            with open(side["log"], "wb") as log:
                process = subprocess.Popen(
                    [SYNCTHING, "serve", f"--home={side['home']}", "--no-browser",
                     "--no-restart", "--no-upgrade", "--no-default-folder",
                     "--skip-port-probing", f"--gui-address=http://127.0.0.1:{side['guiPort']}",
                     f"--gui-apikey={side['apiKey']}", "--logfile=-"],
                    env=daemon_env(side["home"]), stdin=subprocess.DEVNULL, stdout=log,
                    stderr=subprocess.STDOUT, cwd=side["home"],
                    # Its own session: not killed with the caller's terminal or process group.
                    start_new_session=True)
            side["pid"] = process.pid
        with open(pids_path, "w") as file:
            file.write("".join(f"{side['pid']}\n" for side in sides))

        for side in sides:
            # The first answer takes a second or two (certificates, database migrations).
            while "deviceId" not in side:
                try:
                    side["deviceId"] = rest(side, "GET", "/rest/system/status")["myID"]
                except (urllib.error.URLError, ConnectionError, socket.timeout) as error:
                    if not group_members(side["pid"], side["home"]):
                        raise Failure(f"syncthing {side['name']} exited (see {side['log']})")
                    if time.monotonic() > deadline:
                        raise Failure(f"syncthing {side['name']} does not answer on "
                                      f"{side['url']} ({error})")
                    time.sleep(0.2)
        # B first: A dials B as soon as it knows B, and B turns away (then A retries only
        # 5 s later) a device it does not know yet.
        for side in reversed(sides):
            peer = peer_of(pair, side["name"])
            rest_retrying(side, "PATCH", "/rest/config/options",
                          quiet_options(side["listenPort"]), deadline=deadline)
            # Named "a" and "b" in each other's logs, not after the host.
            rest_retrying(side, "PATCH", f"/rest/config/devices/{side['deviceId']}",
                          {"deviceID": side["deviceId"], "name": side["name"]},
                          deadline=deadline)
            rest_retrying(side, "POST", "/rest/config/devices",
                          {"deviceID": peer["deviceId"], "name": peer["name"],
                           "addresses": dial_addresses(side, peer),
                           "autoAcceptFolders": False}, deadline=deadline)
            rest_retrying(side, "POST", "/rest/config/folders",
                          {"id": args.folder_id, "label": args.folder_id,
                           "path": side["folder"], "type": "sendreceive",
                           "devices": [{"deviceID": side["deviceId"]},
                                       {"deviceID": peer["deviceId"]}],
                           "fsWatcherEnabled": True, "fsWatcherDelayS": 1,
                           "rescanIntervalS": 3600}, deadline=deadline)
            restart = rest_retrying(side, "GET", "/rest/config/restart-required",
                                    deadline=deadline)
            if restart and restart.get("requiresRestart"):
                raise Failure(f"{side['name']}: the configuration needs a restart")

        wait_until("the devices to connect", deadline,
                   lambda: [f"{s['name']} not connected" for s in sides
                            if not connected(s, peer_of(pair, s["name"]))])
        barrier(pair, deadline)
    except BaseException as error:
        # Leave nothing running behind a failed start; keep the logs for the message.
        try:
            stop_processes(sides, patience=3)
        except Failure:
            pass
        if isinstance(error, Failure):
            tails = []
            for side in sides:
                try:
                    with open(side["log"], errors="replace") as file:
                        tails.append(f"--- {side['log']} (end) ---\n"
                                     + "".join(file.readlines()[-15:]))
                except FileNotFoundError:
                    pass
            raise Failure(f"start: {error}\n" + "\n".join(tails))
        raise

    saved = {"folderId": pair["folderId"]}
    for name in SIDES:
        saved[name] = {k: v for k, v in pair[name].items() if k != "name"}
    with open(os.path.join(state, "pair.json.tmp"), "w") as file:
        json.dump(saved, file, indent=2)
        file.write("\n")
    os.replace(os.path.join(state, "pair.json.tmp"), os.path.join(state, "pair.json"))


def sync(args):
    pair = running(args.state)
    try:
        barrier(pair, time.monotonic() + args.timeout)
    except Failure as failure:
        raise Failure(f"sync: {failure}")


def pause(args):
    pair = running(args.state)
    for name in SIDES:
        rest_retrying(pair[name], "POST", "/rest/system/pause",
                      device=peer_of(pair, name)["deviceId"])
    wait_until("the devices to disconnect", time.monotonic() + 30,
               lambda: [f"{n} still connected" for n in SIDES
                        if connected(pair[n], peer_of(pair, n))])


def resume(args):
    pair = running(args.state)
    # B first: it only listens, so it must accept A by the time A (resumed next) dials it.
    # A dials at once on the first resumes; 1.19.2 allows 3 such immediate dials per
    # device in 2 minutes (a closed link counts as one), later ones wait for the dial loop
    # (reconnectionIntervalS, 5 s here).
    for name in reversed(SIDES):
        rest_retrying(pair[name], "POST", "/rest/system/resume",
                      device=peer_of(pair, name)["deviceId"])
    wait_until("the devices to reconnect", time.monotonic() + args.timeout,
               lambda: [f"{n} not connected" for n in SIDES
                        if not connected(pair[n], peer_of(pair, n))])


def stop(args):
    state = os.path.abspath(args.state)
    try:
        pair = load(state)
        sides = [pair[name] for name in SIDES]
    except Failure:
        sides = []
    stop_processes(sides)
    try:
        os.remove(os.path.join(state, "pids"))
    except FileNotFoundError:
        pass


def conflicts(args):
    pair = load(args.state)
    found = []
    for name in SIDES:
        for directory, subdirectories, files in os.walk(pair[name]["folder"]):
            subdirectories[:] = [d for d in subdirectories if d != ".stfolder"]
            found += [os.path.join(directory, f) for f in files + subdirectories
                      if CONFLICT_MARK in f]
    for path in sorted(found):
        print(path)


def main(argv):
    parser = argparse.ArgumentParser(prog="syncthing-pair.py", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("start", "sync", "pause", "resume", "stop", "conflicts"):
        command = commands.add_parser(name)
        command.add_argument("--state", required=True, help="the pair's state directory")
        if name in ("start", "sync", "resume"):
            command.add_argument("--timeout", type=float, default=60, help="seconds")
        if name == "start":
            command.add_argument("--folder-a", required=True)
            command.add_argument("--folder-b", required=True)
            command.add_argument("--folder-id", default="tote")
    args = parser.parse_args(argv)
    globals()[args.command](args)


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except (Failure, OSError) as failure:
        print(f"syncthing-pair: {failure}", file=sys.stderr)
        sys.exit(1)
