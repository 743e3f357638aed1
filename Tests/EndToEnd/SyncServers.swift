// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// The servers a sync test talks to, in one `DesktopSession`: Radicale serving CalDAV on
/// 127.0.0.1 (its storage under the session's root), the CalDAV account that Evolution Data
/// Server shows for it (a `.source` key file EDS reads at start), EDS itself reached
/// through python3-gi (its registry and calendar factory, D-Bus activated on the session's
/// bus), and "another device" (Helpers/caldav-peer.py). Everything it starts is a process
/// of the session, ended when the session closes.
///
/// Radicale takes anyone without a password and names a request's user from its Basic
/// credentials, or `user` when it has none: EDS's account has no user name, so EDS never
/// needs a password (there is no keyring in the session) and discovers the calendars at
/// once; Radicale itself refuses a principal's discovery to an anonymous client.
final class SyncServers {
    let session: DesktopSession
    let user: String
    let port: Int
    private(set) var radicale: Process?
    /// The EDS source uid of the CalDAV account `writeAccount` writes.
    let accountUID = "tote-radicale"

    /// http://127.0.0.1:PORT/USER/: the user's home, where calendars are discovered.
    var homeURL: URL { URL(string: "http://127.0.0.1:\(port)/\(user)/")! }

    private var folder: URL { session.root.appendingPathComponent("radicale") }

    /// Picks a free port and writes Radicale's configuration; `start()` starts it.
    init(session: DesktopSession, user: String = "tester") throws {
        self.session = session
        self.user = user
        port = try Self.freePort()
        let plugin = folder.appendingPathComponent("plugin")
        try FileManager.default.createDirectory(at: plugin, withIntermediateDirectories: true)
        try """
            [server]
            hosts = 127.0.0.1:\(port)
            [auth]
            type = tote_e2e_auth
            [storage]
            filesystem_folder = \(folder.appendingPathComponent("collections").path)
            [web]
            type = none
            [logging]
            level = info
            """.write(to: folder.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        // An authentication plugin of Radicale's own kind (`type` names its module).
        try """
            from radicale.auth import none

            class Auth(none.Auth):
                def get_external_login(self, environ):
                    return () if environ.get("HTTP_AUTHORIZATION") else (\(Self.pythonString(user)), "")
            """.write(to: plugin.appendingPathComponent("tote_e2e_auth.py"), atomically: true, encoding: .utf8)
    }

    // MARK: Radicale

    /// Starts Radicale on `port` and waits until it answers: again after `stop()`, on the
    /// same port and storage (a server that was down and came back).
    func start(timeout: TimeInterval = 10) throws {
        guard radicale?.isRunning != true else { return }
        let process = try session.launch(
            URL(fileURLWithPath: "/usr/bin/radicale"),
            ["--config", folder.appendingPathComponent("config").path],
            logName: "radicale", extra: ["PYTHONPATH": folder.appendingPathComponent("plugin").path])
        radicale = process
        try session.waitUntil("Radicale on port \(port)", timeout: timeout) {
            guard process.isRunning else { throw SyncServersError("Radicale exited: \(session.output(of: process))") }
            return Self.answers(port: port)
        }
    }

    /// Stops Radicale ("server down") and waits until its port is closed.
    func stop() {
        guard let radicale, radicale.isRunning else { return }
        radicale.terminate()
        radicale.waitUntilExit()
        try? session.waitUntil("Radicale's port closed", timeout: 5) { !Self.answers(port: port) }
    }

    /// Makes a calendar collection `id` (its last URL segment) named `name` in the user's
    /// home, holding `components` (VTODO: a task list); returns its URL.
    @discardableResult
    func makeCalendar(_ name: String, id: String? = nil, components: [String] = ["VTODO"]) throws -> URL {
        let id = id ?? name.lowercased()
        let script = """
            import caldav, requests, sys
            client = caldav.DAVClient(sys.argv[1], auth=requests.auth.HTTPBasicAuth(sys.argv[2], "peer"))
            made = client.principal().make_calendar(
                name=sys.argv[3], cal_id=sys.argv[4], supported_calendar_component_set=sys.argv[5].split(","))
            print(made.url)
            """
        _ = try python(["-c", script, homeURL.absoluteString, user, name, id, components.joined(separator: ",")])
        return homeURL.appendingPathComponent(id + "/")
    }

    // MARK: Evolution Data Server

    /// Writes the CalDAV account "`displayName`" for EDS: a collection source whose webdav
    /// backend discovers the user's calendars and task lists (and where a client can make
    /// new ones, e_source_remote_create). Write it before anything starts EDS on the bus.
    func writeAccount(displayName: String = "Radicale") throws {
        let sources = session.root.appendingPathComponent("config/evolution/sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try """
            [Data Source]
            DisplayName=\(displayName)
            Enabled=true
            Parent=

            [Collection]
            BackendName=webdav
            CalendarEnabled=true
            ContactsEnabled=false
            MailEnabled=false
            CalendarUrl=\(homeURL.absoluteString)
            Identity=

            [Authentication]
            Host=127.0.0.1
            Port=\(port)
            User=
            Method=none

            [Offline]
            StaySynchronized=true

            """.write(to: sources.appendingPathComponent("\(accountUID).source"), atomically: true, encoding: .utf8)
    }

    /// A task list as EDS's registry lists it.
    struct TaskList: Decodable, Equatable {
        let uid: String
        let name: String
        /// The account's source uid ("local-stub" for On This Computer, `accountUID`), and name.
        let accountUID: String
        let account: String
        /// "local", "caldav", …
        let backend: String
        let enabled: Bool
    }

    /// Every task list EDS's registry has (starting the registry when the bus has not yet).
    func edsTaskLists() throws -> [TaskList] {
        try decode([TaskList].self, try python(["-c", Self.eds, "lists"]))
    }

    /// Waits until EDS lists task list `name` in `account` (default: this server's account);
    /// returns it.
    @discardableResult
    func waitForTaskList(named name: String, inAccount account: String? = nil, timeout: TimeInterval = 15) throws -> TaskList {
        let data = try python(["-c", Self.eds, "wait", account ?? accountUID, name, "\(timeout)"], timeout: timeout + 10)
        guard let list = try decode([TaskList].self, data).first else {
            throw SyncServersError("EDS did not list \(name) in \(account ?? accountUID) within \(timeout) s: \(try edsTaskLists())")
        }
        return list
    }

    /// The to-dos of EDS task list `list` (a source uid) as EDS has them, after asking it to
    /// refresh from the server (the refresh runs on, so a later call sees its result).
    func edsTodos(list: String) throws -> [Todo] {
        try decode([Todo].self, try python(["-c", Self.eds, "todos", list]))
    }

    /// Creates a to-do in EDS task list `list` through libecal, as an app does.
    func edsCreate(list: String, uid: String, summary: String) throws {
        _ = try python(["-c", Self.eds, "create", list, uid, summary])
    }

    /// Switches an account (an EDS source) on or off through the registry, as Settings does.
    func edsSetEnabled(_ uid: String, _ enabled: Bool) throws {
        _ = try python(["-c", Self.eds, "enable", uid, enabled ? "1" : "0"])
    }

    // MARK: The other device

    /// A to-do as a CalDAV client (or EDS) holds it.
    struct Todo: Decodable, Equatable {
        let uid: String
        let summary: String?
        let status: String?
        let description: String?
        /// X-APPLE-SORT-ORDER, Apple Reminders' place in the list.
        let sortOrder: Int?
        /// The whole iCalendar text.
        let ics: String
    }

    func peerList(_ calendar: String) throws -> [Todo] {
        try decode([Todo].self, try peer(["list", homeURL.absoluteString, calendar]))
    }

    /// `properties`: whole content lines added to the VTODO ("RRULE:FREQ=MONTHLY").
    func peerCreate(_ calendar: String, uid: String, summary: String, sortOrder: Int? = nil, properties: [String] = []) throws {
        _ = try peer(["create", homeURL.absoluteString, calendar, uid, summary] + (sortOrder.map { ["--sort", "\($0)"] } ?? [])
            + properties.flatMap { ["--prop", $0] })
    }

    /// Changes fields of to-do `uid`: "summary", "status" (COMPLETED, NEEDS-ACTION: with the
    /// completion time, as a phone does), "description", "sort" (X-APPLE-SORT-ORDER) or any
    /// property name; "" removes the field.
    func peerModify(_ calendar: String, uid: String, _ fields: KeyValuePairs<String, String>) throws {
        _ = try peer(["modify", homeURL.absoluteString, calendar, uid] + fields.map { "\($0.key)=\($0.value)" })
    }

    func peerDelete(_ calendar: String, uid: String) throws {
        _ = try peer(["delete", homeURL.absoluteString, calendar, uid])
    }

    func peerCount(_ calendar: String) throws -> Int {
        let text = String(decoding: try peer(["count", homeURL.absoluteString, calendar]), as: UTF8.self)
        guard let count = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw SyncServersError("caldav-peer count said \(text)")
        }
        return count
    }

    // MARK: Helpers

    private static let peerScript = DesktopSession.repositoryRoot.appendingPathComponent("Tests/EndToEnd/Helpers/caldav-peer.py")

    private func peer(_ arguments: [String]) throws -> Data {
        try python([Self.peerScript.path] + arguments)
    }

    /// Runs Debian's python3 (not one earlier on PATH: gi and caldav are Debian's) in the
    /// session, its errors appended to logs/sync-python.log; returns what it printed.
    private func python(_ arguments: [String], timeout: TimeInterval = 30) throws -> Data {
        let logs = session.root.appendingPathComponent("logs")
        let output = logs.appendingPathComponent("sync-python.out")
        let errors = logs.appendingPathComponent("sync-python.log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        if !FileManager.default.fileExists(atPath: errors.path) {
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        }
        let outputHandle = try FileHandle(forWritingTo: output)
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer {
            try? outputHandle.close()
            try? errorHandle.close()
        }
        try errorHandle.seekToEnd()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = arguments
        process.environment = session.environment.merging(
            ["TOTE_CALDAV_PEER": Self.peerScript.path]) { _, new in new }
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        let started = try errorHandle.offset()
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { session.pace(0.02) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let said = (try? Data(contentsOf: output)) ?? Data()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let complaint = (try? Data(contentsOf: errors))?.dropFirst(Int(started)) ?? Data()
            let what = arguments.first == "-c" ? Array(arguments.dropFirst(2)) : arguments
            throw SyncServersError("python3 \(what) failed (\(process.terminationStatus)): \(String(decoding: complaint, as: UTF8.self))")
        }
        return said
    }

    private func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        do { return try JSONDecoder().decode(type, from: data) } catch {
            throw SyncServersError("could not read \(String(decoding: data, as: UTF8.self)): \(error)")
        }
    }

    private static func pythonString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A port nobody listens on now, from the kernel.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SyncServersError("socket: \(errno)") }
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw SyncServersError("bind: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    private static func answers(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    /// EDS through its own client libraries (gi: EDataServer, ECal), the way Tote reaches it:
    ///   lists                        every task list, JSON
    ///   wait ACCOUNT NAME SECONDS    [the task list] once the registry has it, or []
    ///   todos LIST                   the list's to-dos, JSON, then a refresh from the server
    ///   create LIST UID SUMMARY      a new to-do
    ///   enable SOURCE 1|0            switches a source (an account) on or off
    private static let eds = #"""
        import gi, importlib.util, json, os, sys, time
        gi.require_version("EDataServer", "1.2")
        gi.require_version("ECal", "2.0")
        gi.require_version("ICalGLib", "3.0")
        from gi.repository import ECal, EDataServer, GLib, ICalGLib

        def described(source):
            parent = registry.ref_source(source.get_parent()) if source.get_parent() else None
            return {"uid": source.get_uid(), "name": source.get_display_name(),
                    "accountUID": source.get_parent() or "", "account": parent.get_display_name() if parent else "",
                    "backend": source.get_extension(EDataServer.SOURCE_EXTENSION_TASK_LIST).get_backend_name() or "",
                    "enabled": source.get_enabled()}

        def task_lists():
            return [described(s) for s in registry.list_sources(EDataServer.SOURCE_EXTENSION_TASK_LIST)]

        # The VTODO's properties as caldav-peer.py reads them (the same parse for both sides).
        spec = importlib.util.spec_from_file_location("caldav_peer", os.environ["TOTE_CALDAV_PEER"])
        peer = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(peer)
        props = peer.unfolded

        def todo(component):
            ics = component.as_ical_string()
            p = props(ics)
            order = p.get("X-APPLE-SORT-ORDER")
            return {"uid": p.get("UID"), "summary": p.get("SUMMARY"), "status": p.get("STATUS"),
                    "description": p.get("DESCRIPTION"),
                    "sortOrder": int(order) if order and order.lstrip("-").isdigit() else None, "ics": ics}

        def client(uid):
            source = registry.ref_source(uid)
            if source is None:
                sys.exit(f"no EDS source {uid}")
            # 0xFFFFFFFF (-1): do not wait for the backend to report itself connected.
            # 0 would wait for ever: a CalDAV list can stay "disconnected" while it syncs.
            return ECal.Client.connect_sync(source, ECal.ClientSourceType.TASKS, 0xFFFFFFFF, None)

        registry = EDataServer.SourceRegistry.new_sync(None)
        command = sys.argv[1]
        if command == "lists":
            print(json.dumps(task_lists()))
        elif command == "wait":
            account, name, deadline = sys.argv[2], sys.argv[3], time.time() + float(sys.argv[4])
            found = []
            while not found and time.time() < deadline:
                while GLib.MainContext.default().iteration(False):
                    pass
                found = [l for l in task_lists() if l["accountUID"] == account and l["name"] == name]
                if not found:
                    time.sleep(0.05)
            print(json.dumps(found))
        elif command == "todos":
            c = client(sys.argv[2])
            ok, components = c.get_object_list_sync("#t", None)
            print(json.dumps([todo(component) for component in components]))
            if c.check_refresh_supported():  # a list On This Computer has no server
                c.refresh_sync(None)
        elif command == "enable":
            source = registry.ref_source(sys.argv[2])
            source.set_enabled(sys.argv[3] == "1")
            source.write_sync(None)
        elif command == "create":
            component = ICalGLib.Component.new_from_string(
                "BEGIN:VTODO\r\nUID:%s\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\n" % sys.argv[3])
            component.set_summary(sys.argv[4])
            client(sys.argv[2]).create_object_sync(component, ECal.OperationFlags.NONE, None)
        else:
            sys.exit(f"unknown command {command}")
        """#
}

struct SyncServersError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
