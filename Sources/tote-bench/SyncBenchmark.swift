// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore

/// A world of its own for the sync benchmark: a throw-away folder that is HOME and the XDG
/// folders of a private D-Bus session bus, on which Evolution Data Server's services are
/// activated (they take the bus's environment, not the bench's), and Radicale serving CalDAV
/// on 127.0.0.1 with its storage in the same folder. Made before GTK or GIO touch the
/// session bus: the bench's process then uses this bus, so nothing reaches the user's own
/// EDS or ~/.config/evolution. Everything it starts, and everything the bus activated (found
/// by the folder in their environment), is ended by pid in `stop()`.
@MainActor
final class SyncWorld {
    let folder: URL
    let port: Int
    /// Radicale's user (anyone without credentials is this user, as in the end-to-end tests).
    let user = "bench"
    /// The EDS source uid of the CalDAV account.
    let accountUID = "tote-bench-radicale"
    /// The task list's collection: collection-root/USER/ID.
    let calendarID = "tasks"
    let calendarName = "Ten thousand on the server"
    private let bus: Process
    private var radicale: Process?
    private var radicaleLog: URL { folder.appendingPathComponent("radicale.log") }
    private var radicaleFolder: URL { folder.appendingPathComponent("radicale") }

    /// Makes the folder and starts the bus; points this process's DBUS_SESSION_BUS_ADDRESS at it.
    init() throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tote-bench-sync-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        for name in ["home", "config", "data", "cache", "run", "radicale/plugin"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        port = try Self.freePort()
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["HOME"] = folder.appendingPathComponent("home").path
        environment["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
        environment["XDG_RUNTIME_DIR"] = folder.appendingPathComponent("run").path
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["TOTE_BENCH_WORLD"] = folder.path
        let bus = Process()
        bus.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        bus.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1",
                         "--address=unix:path=\(folder.appendingPathComponent("run/bus").path)"]
        bus.environment = environment
        let address = Pipe()
        bus.standardOutput = address
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        self.bus = bus
        let line = String(decoding: address.fileHandleForReading.availableData, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix("unix:") else {
            stop()
            throw SyncBenchmarkError("dbus-daemon did not start: \(line)")
        }
        setenv("DBUS_SESSION_BUS_ADDRESS", line, 1)
    }

    // MARK: Radicale

    /// Writes `count` to-dos straight into Radicale's storage, as a task list
    /// (collection-root/USER/ID/UID.ics and its .Radicale.props). Before Radicale starts.
    func writeTodos(count: Int) throws {
        let calendar = radicaleFolder.appendingPathComponent("collections/collection-root/\(user)/\(calendarID)")
        try FileManager.default.createDirectory(at: calendar, withIntermediateDirectories: true)
        try Data(#"{"C:supported-calendar-component-set": "VTODO", "D:displayname": "\#(calendarName)", "tag": "VCALENDAR"}"#.utf8)
            .write(to: calendar.appendingPathComponent(".Radicale.props"))
        // strftime and write(2): with DateFormatter and Data.write this took 26 s.
        func stamp(_ date: Date) -> String {
            var time = time_t(date.timeIntervalSince1970)
            var parts = tm()
            gmtime_r(&time, &parts)
            var text = [CChar](repeating: 0, count: 20)
            let length = strftime(&text, text.count, "%Y%m%dT%H%M%SZ", &parts)
            return String(decoding: text.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let now = Date()
        let created = stamp(now.addingTimeInterval(-86_400))
        for index in 0..<count {
            // As the local benchmark's list: every 7th done, every 5th with a due date, every 11th high priority.
            let uid = UUID().uuidString.lowercased()
            var lines = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tote//bench//EN", "BEGIN:VTODO",
                "UID:\(uid)", "DTSTAMP:\(created)", "CREATED:\(created)", "LAST-MODIFIED:\(created)",
                "SUMMARY:Reminder number \(index) with a few words",
            ]
            if index % 7 == 0 {
                lines += ["STATUS:COMPLETED", "COMPLETED:\(created)", "PERCENT-COMPLETE:100"]
            } else {
                lines.append("STATUS:NEEDS-ACTION")
            }
            if index % 5 == 0 { lines.append("DUE:\(stamp(now.addingTimeInterval(Double(index) * 3600)))") }
            if index % 11 == 0 { lines.append("PRIORITY:1") }
            lines += ["X-APPLE-SORT-ORDER:\(index)", "END:VTODO", "END:VCALENDAR", ""]
            let path = calendar.appendingPathComponent("\(uid).ics").path
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard fd >= 0 else { throw SyncBenchmarkError("could not write \(path): \(errno)") }
            let text = Array(lines.joined(separator: "\r\n").utf8)
            let wrote = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            guard wrote == text.count else { throw SyncBenchmarkError("could not write \(path): \(errno)") }
        }
    }

    /// Starts Radicale (its configuration and the authentication plugin of the end-to-end
    /// tests: no credentials is USER) and waits until it answers.
    func startRadicale() throws {
        let config = radicaleFolder.appendingPathComponent("config")
        try """
            [server]
            hosts = 127.0.0.1:\(port)
            [auth]
            type = tote_bench_auth
            [storage]
            filesystem_folder = \(radicaleFolder.appendingPathComponent("collections").path)
            [web]
            type = none
            [logging]
            level = info
            """.write(to: config, atomically: true, encoding: .utf8)
        try """
            from radicale.auth import none

            class Auth(none.Auth):
                def get_external_login(self, environ):
                    return () if environ.get("HTTP_AUTHORIZATION") else ("\(user)", "")
            """.write(to: radicaleFolder.appendingPathComponent("plugin/tote_bench_auth.py"), atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: radicaleLog.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/radicale")
        process.arguments = ["--config", config.path]
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONPATH"] = radicaleFolder.appendingPathComponent("plugin").path
        environment["TOTE_BENCH_WORLD"] = folder.path
        process.environment = environment
        let log = try FileHandle(forWritingTo: radicaleLog)
        process.standardOutput = log
        process.standardError = log
        try process.run()
        radicale = process
        let deadline = Date().addingTimeInterval(15)
        while !Self.answers(port: port) {
            guard process.isRunning, Date() < deadline else {
                throw SyncBenchmarkError("Radicale did not start: \((try? String(contentsOf: radicaleLog, encoding: .utf8)) ?? "")")
            }
            usleep(20_000)
        }
    }

    /// Asks Radicale for every to-do's etag (PROPFIND, depth 1), as a client's first look
    /// does: Radicale parses each file once and keeps it in its cache. Returns how many it
    /// listed and how long that took.
    func listOnServer() throws -> (count: Int, seconds: Double) {
        let script = """
            import sys, time, urllib.request
            request = urllib.request.Request(sys.argv[1], method="PROPFIND", headers={"Depth": "1"},
                data=b'<?xml version="1.0"?><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>')
            start = time.monotonic()
            body = urllib.request.urlopen(request, timeout=600).read().decode()
            print(body.count(".ics</href>"), time.monotonic() - start)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, "http://127.0.0.1:\(port)/\(user)/\(calendarID)/"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let parts = said.split(separator: " ")
        guard process.terminationStatus == 0, parts.count == 2, let count = Int(parts[0]),
              let seconds = Double(parts[1].trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw SyncBenchmarkError("Radicale's listing failed: \(said)") }
        return (count, seconds)
    }

    /// A request Radicale answered, as its log says: when (to the second), what, and how long it took.
    struct Response {
        var at: Date
        var method: String
        var seconds: Double
    }

    /// Every request Radicale has answered since it started, in order.
    func radicaleResponses() -> [Response] {
        let log = (try? String(contentsOf: radicaleLog, encoding: .utf8)) ?? ""
        let pattern = try! NSRegularExpression(
            pattern: #"^\[([0-9-]+ [0-9:]+ [+-][0-9]+)\] .*\] ([A-Z]+) response status for .* in ([0-9.]+) seconds"#)
        let time = DateFormatter()
        time.locale = Locale(identifier: "en_US_POSIX")
        time.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        return log.split(separator: "\n").compactMap { line in
            guard line.contains("response status") else { return nil }
            let text = String(line)
            guard let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                  let at = Range(match.range(at: 1), in: text), let method = Range(match.range(at: 2), in: text),
                  let seconds = Range(match.range(at: 3), in: text), let date = time.date(from: String(text[at]))
            else { return nil }
            return Response(at: date, method: String(text[method]), seconds: Double(text[seconds]) ?? 0)
        }
    }

    // MARK: Evolution Data Server

    /// The CalDAV account for EDS (as the end-to-end tests' `SyncServers.writeAccount`): a
    /// collection source whose webdav backend discovers the user's task lists. Before EDS starts.
    func writeAccount() throws {
        let sources = folder.appendingPathComponent("config/evolution/sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try """
            [Data Source]
            DisplayName=Radicale (bench)
            Enabled=true
            Parent=

            [Collection]
            BackendName=webdav
            CalendarEnabled=true
            ContactsEnabled=false
            MailEnabled=false
            CalendarUrl=http://127.0.0.1:\(port)/\(user)/
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

    /// The processes the bus activated (EDS's registry and factories, …), by pid and name.
    func activated() -> [(pid: pid_t, name: String)] {
        let marker = Data("TOTE_BENCH_WORLD=\(folder.path)\0".utf8)
        let own = [getpid(), bus.processIdentifier, radicale?.processIdentifier ?? 0]
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = pid_t(entry), !own.contains(pid),
                  let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ"),
                  environment.range(of: marker) != nil
            else { return nil }
            let name = (try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            return (pid, name)
        }
    }

    /// The processor time (user + system, seconds) of each process the bus activated, and of Radicale.
    func processorTimes() -> [String: Double] {
        var times: [String: Double] = [:]
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        var all = activated()
        if let radicale { all.append((radicale.processIdentifier, "radicale")) }
        for (pid, name) in all {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "pid (comm) ": state is field 3; utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            times[name, default: 0] += (user + system) / ticks
        }
        return times
    }

    /// Ends what the bus activated, Radicale and the bus (by pid), and removes the folder.
    func stop() {
        for (pid, _) in activated() { kill(pid, SIGTERM) }
        if let radicale, radicale.isRunning {
            radicale.terminate()
            radicale.waitUntilExit()
        }
        let deadline = Date().addingTimeInterval(3)
        while !activated().isEmpty, Date() < deadline { usleep(50_000) }
        for (pid, _) in activated() { kill(pid, SIGKILL) }
        if bus.isRunning {
            bus.terminate()
            bus.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: Helpers

    /// A port nobody listens on now, from the kernel.
    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SyncBenchmarkError("socket: \(errno)") }
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw SyncBenchmarkError("bind: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

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
}

struct SyncBenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A list of 10,000 to-dos on a CalDAV server (Radicale), synced into Tote through EDS by
/// Tote's own `SyncService`, all real processes: how long the first sync takes, and then
/// opening the synced list beside a Tote-only list of the same reminders, to first paint.
@MainActor
final class SyncBenchmark {
    nonisolated static let count = 10_000
    /// How long the first sync may take before the benchmark gives up on it.
    static let timeout = 180.0

    let world: SyncWorld
    private let folder: URL

    init(world: SyncWorld) {
        self.world = world
        folder = world.folder.appendingPathComponent("tote")
    }

    /// One sync into a fresh store, from `SyncService.start()` until the list holds all
    /// `count` reminders, watched through the library's changes.
    struct Sync {
        var library: Library
        var service: SyncService
        var listID: UUID?
        var seconds: Double
        /// From the start to the list made (the registry read) and to the first reminders.
        var listMade: Double?
        var firstReminders: Double?
        /// The library's changes that added reminders to the list (one per batch of the view).
        var batches: [Int] = []
        var reminders = 0
        var mainThreadCPU: Double
        /// From each applied change to the next.
        var intervals: [Double] = []
        /// The longest the main loop did not answer meanwhile (ms).
        var longestStall = 0.0
        var complete: Bool { reminders >= SyncBenchmark.count }
    }

    /// The task list's EDS uid, once the registry lists it in the benchmark's account.
    func waitForTaskList(timeout: Double) throws -> String {
        var opened: EDSRegistry?
        var failure: EDSFailure?
        EDSRegistry.open { result in
            switch result {
            case .success(let registry): opened = registry
            case .failure(let error): failure = error
            }
        }
        var uid: String?
        MainLoop.iterate(until: {
            uid = opened?.taskLists.first { $0.accountUID == world.accountUID && $0.name == world.calendarName }?.uid
            return uid != nil || failure != nil
        }, timeout: timeout)
        if let failure { throw SyncBenchmarkError("EDS's registry: \(failure.message)") }
        guard let uid else {
            throw SyncBenchmarkError("EDS did not list “\(world.calendarName)” within \(timeout) s: "
                                     + "\(opened?.taskLists.map { "\($0.accountName)/\($0.name)" } ?? [])")
        }
        return uid
    }

    /// Starts a `SyncService` over a new store in `name` and waits until the task list's
    /// reminders are all in it (or `timeout`).
    func sync(into name: String, source: String) throws -> Sync {
        let store = try Store(location: StoreLocation(directory: folder.appendingPathComponent(name)))
        let library = Library(store: store)
        try library.load()
        let service = SyncService(library: library)
        final class Watch {
            var listID: UUID?
            var listMade: ContinuousClock.Instant?
            var first: ContinuousClock.Instant?
            var batches: [Int] = []
            var reminders = 0
            var last: ContinuousClock.Instant?
            var times: [ContinuousClock.Instant] = []
        }
        let watch = Watch()
        let token = library.observe { [library] change in
            if watch.listID == nil, let binding = library.syncedLists.values.first(where: { $0.sourceUID == source }) {
                watch.listID = binding.listID
                watch.listMade = .now
            }
            guard let listID = watch.listID, let command = change.reminders else { return }
            let added = Self.added(to: listID, by: command)
            guard added != 0 else { return }
            if watch.first == nil { watch.first = .now }
            watch.batches.append(added)
            watch.reminders += added
            watch.last = .now
            watch.times.append(.now)
        }
        defer { library.stopObserving(token) }
        let cpuStart = mainThreadCPU()
        let timeline = MainLoopTimeline(window: nil)
        let start = ContinuousClock.now
        service.start()
        MainLoop.iterate(until: { watch.reminders >= Self.count }, timeout: Self.timeout)
        let end = watch.reminders >= Self.count ? (watch.last ?? .now) : .now
        let longestStall = timeline.stopLongest()
        return Sync(library: library, service: service, listID: watch.listID, seconds: milliseconds(end - start) / 1000,
                    listMade: watch.listMade.map { milliseconds($0 - start) / 1000 },
                    firstReminders: watch.first.map { milliseconds($0 - start) / 1000 },
                    batches: watch.batches, reminders: watch.reminders, mainThreadCPU: (mainThreadCPU() - cpuStart) / 1000,
                    intervals: zip(watch.times.dropFirst(), watch.times).map { milliseconds($0 - $1) }, longestStall: longestStall)
    }

    /// Reminders `command` adds to list `id` (less those it takes out).
    static func added(to id: UUID, by command: ReminderCommand) -> Int {
        switch command {
        case .insert(let rows): return rows.count(where: { $0.listID == id })
        case .delete(let rows): return -rows.count(where: { $0.listID == id })
        case .update(let before, let after): return after.count(where: { $0.listID == id }) - before.count(where: { $0.listID == id })
        case .sequence(let commands): return commands.reduce(0) { $0 + added(to: id, by: $1) }
        case .insertLists, .deleteLists, .updateLists: return 0
        }
    }

    /// A new view of the task list straight from EDS (its cache warm): how long until it has
    /// given every to-do, and in what batches.
    func viewFromCache(source: String) -> (seconds: Double, complete: Double?, batches: [Int]) {
        var registry: EDSRegistry?
        EDSRegistry.open { registry = try? $0.get() }
        MainLoop.iterate(until: { registry != nil }, timeout: 30)
        var client: EDSTaskClient?
        registry?.connect(listUID: source) { client = try? $0.get() }
        MainLoop.iterate(until: { client != nil }, timeout: 30)
        guard let client else { return (.nan, nil, []) }
        final class Batches {
            var sizes: [Int] = []
            var received = 0
            var last: ContinuousClock.Instant?
            var complete: ContinuousClock.Instant?
        }
        let batches = Batches()
        let start = ContinuousClock.now
        client.startView(
            added: { objects in
                batches.sizes.append(objects.count)
                batches.received += objects.count
                batches.last = .now
            }, modified: { _ in }, removed: { _ in },
            complete: { _ in batches.complete = .now })
        MainLoop.iterate(until: { batches.received >= Self.count && batches.complete != nil }, timeout: 60)
        client.stopView()
        return (milliseconds((batches.last ?? .now) - start) / 1000, batches.complete.map { milliseconds($0 - start) / 1000 },
                batches.sizes)
    }

    /// A reminder page in a window over `library`, opening lists as `ReminderBenchmark` does.
    @MainActor
    final class Opening {
        let window: UnsafeMutablePointer<GtkWidget>
        let pane: RemindersPane

        init(library: Library) {
            window = gtk_window_new()
            pane = RemindersPane(library: library, window: window)
            gtk_window_set_default_size(gtkWindow, 700, 800)
            gtk_window_set_child(gtkWindow, pane.view.widget)
            gtk_window_present(gtkWindow)
            MainLoop.iterate(until: { gtk_widget_get_mapped(self.window) != 0 }, timeout: 10)
            waitForNextPaint(of: window)
        }

        private var gtkWindow: UnsafeMutablePointer<GtkWindow> {
            UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        }

        /// From asking for list `id` (after `other` was shown and painted) to the end of the
        /// first frame showing it.
        func openToFirstPaint(_ id: UUID, after other: UUID) -> Double {
            pane.show(listID: other)
            waitForNextPaint(of: window)
            let start = ContinuousClock.now
            pane.show(listID: id)
            waitForNextPaint(of: window)
            return milliseconds(ContinuousClock.now - start)
        }

        func close() {
            gtk_window_destroy(gtkWindow)
        }
    }

    /// The whole benchmark, its figures printed.
    func run() throws {
        let writeStart = ContinuousClock.now
        try world.writeTodos(count: Self.count)
        let written = milliseconds(ContinuousClock.now - writeStart) / 1000
        try world.startRadicale()
        let listing = try world.listOnServer()
        print(String(format: "sync: %d to-dos written into Radicale's storage in %.1f s; Radicale lists %d of them "
                     + "(its first listing, parsing each file into its cache: %.1f s)",
                     Self.count, written, listing.count, listing.seconds))
        guard listing.count == Self.count else { throw SyncBenchmarkError("Radicale lists \(listing.count) to-dos") }
        try world.writeAccount()
        let registryStart = ContinuousClock.now
        let source = try waitForTaskList(timeout: 60)
        print(String(format: "sync: EDS lists the server's task list %.1f s after the registry was asked (its collection backend discovered it)",
                     milliseconds(ContinuousClock.now - registryStart) / 1000))
        let before = world.processorTimes()
        let answeredBefore = world.radicaleResponses().count
        let syncStart = Date()

        // (a) The first sync: EDS's CalDAV backend fetches the 10,000 and Tote applies them.
        let first = try sync(into: "first", source: source)
        guard first.complete, let listID = first.listID else {
            print(String(format: "sync: first sync of %d to-dos from the server into Tote: NOT DONE — %d of them after %.0f s "
                         + "(timeout; list made: %@, %d batches)",
                         Self.count, first.reminders, Self.timeout, first.listID == nil ? "no" : "yes", first.batches.count))
            return
        }
        let after = world.processorTimes()
        let responses = world.radicaleResponses().dropFirst(answeredBefore)
        report("first sync of 10,000 to-dos from the server into Tote", [first.seconds * 1000], goal: nil)
        StallCensus.shared.record("the first sync of a list of 10,000 from the CalDAV server, EDS's cache cold", first.longestStall)
        describe(first)
        let cpu = after.keys.sorted().map { name in String(format: "%@ %.1f s", name, after[name]! - (before[name] ?? 0)) }
        print(String(format: "  processor time meanwhile: Tote's main thread %.1f s; ", first.mainThreadCPU) + cpu.joined(separator: ", "))
        let serverSide = Set(responses.map(\.method)).sorted().map { method in
            let these = responses.filter { $0.method == method }
            return String(format: "%d %@ (%.1f s in Radicale)", these.count, method, these.reduce(0) { $0 + $1.seconds })
        }
        print("  the requests EDS made of Radicale meanwhile: " + serverSide.joined(separator: ", "))
        if let firstReport = responses.first(where: { $0.method == "REPORT" }), let lastReport = responses.last(where: { $0.method == "REPORT" }) {
            print(String(format: "  EDS's fetch: its REPORTs answered from %.0f s to %.0f s after the start (to the second, "
                         + "Radicale's log)", firstReport.at.timeIntervalSince(syncStart), lastReport.at.timeIntervalSince(syncStart)))
        }

        // The same task list again, EDS's cache now warm: a new view of it, and a second sync
        // into another fresh store (EDS's part without the server, and Tote's).
        MainLoop.iterate(until: { false }, timeout: 2)
        let view = viewFromCache(source: source)
        let sizes = view.batches.sorted()
        print(String(format: "sync: a new EDS view of the list, cache warm: %d to-dos in %.2f s, %d batches "
                     + "(smallest %d, median %d, largest %d); its \"complete\" after %.2f s",
                     view.batches.reduce(0, +), view.seconds, view.batches.count, sizes.first ?? 0,
                     sizes.isEmpty ? 0 : sizes[sizes.count / 2], sizes.last ?? 0, view.complete ?? .nan))
        let second = try sync(into: "second", source: source)
        if second.complete {
            report("the same sync into a second fresh store, EDS's cache warm", [second.seconds * 1000], goal: nil)
            StallCensus.shared.record("the same sync into a fresh store, EDS's cache warm", second.longestStall)
            describe(second)
            // EDS gives everything within about a second: after that the changes follow each
            // other as fast as Tote applies them.
            let early = second.intervals.prefix(30).sorted(), late = second.intervals.suffix(30).sorted()
            if !early.isEmpty, !late.isEmpty {
                print(String(format: "  from one applied change to the next: median %.0f ms over the first 30, %.0f ms over the last 30; "
                             + "Tote's main thread %.1f s of processor time", early[early.count / 2], late[late.count / 2],
                             second.mainThreadCPU))
            }
        } else {
            print(String(format: "sync: the second sync, cache warm: NOT DONE — %d of %d after %.0f s",
                         second.reminders, Self.count, Self.timeout))
        }

        // (b) and (c): opening the synced list, and a Tote-only copy of it, to first paint.
        MainLoop.iterate(until: { false }, timeout: 1)
        let library = first.library
        let store = library.store
        let local = try store.createReminderList(name: "Ten thousand in Tote")
        let small = try store.createReminderList(name: "Other")
        let rows = try store.reminders(inList: listID)
        try store.apply(.insert(rows.map { row in
            var copy = row
            copy.id = UUID()
            copy.listID = local.id
            return copy
        }))
        let now = Date()
        try store.apply(.insert((0..<100).map {
            Reminder(id: UUID(), listID: small.id, title: "Other reminder \($0)", isDone: false, due: nil, priority: .none,
                     position: $0, created: now, modified: now)
        }))
        try library.load()
        let opening = Opening(library: library)
        var synced: [Double] = []
        var own: [Double] = []
        for run in 0..<7 {
            // Alternating which goes first.
            if run % 2 == 0 {
                synced.append(opening.openToFirstPaint(listID, after: small.id))
                own.append(opening.openToFirstPaint(local.id, after: small.id))
            } else {
                own.append(opening.openToFirstPaint(local.id, after: small.id))
                synced.append(opening.openToFirstPaint(listID, after: small.id))
            }
        }
        opening.close()
        let ownMedian = own.sorted()[own.count / 2]
        report("open the synced list of 10,000 to first paint (EDS's cache warm)", synced, goal: ownMedian)
        report("open a Tote-only list of the same 10,000 to first paint", own, goal: nil)
        print(String(format: "  synced against Tote-only, medians: %.2f×", synced.sorted()[synced.count / 2] / ownMedian))
    }

    private func describe(_ sync: Sync) {
        let sizes = sync.batches.sorted()
        print(String(format: "  the list made after %.2f s, its first reminders after %.2f s, all %d after %.2f s; "
                     + "%d changes applied (smallest %d, median %d, largest %d reminders)",
                     sync.listMade ?? .nan, sync.firstReminders ?? .nan, sync.reminders, sync.seconds, sync.batches.count,
                     sizes.first ?? 0, sizes.isEmpty ? 0 : sizes[sizes.count / 2], sizes.last ?? 0))
    }
}
