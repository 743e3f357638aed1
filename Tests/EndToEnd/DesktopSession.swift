// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// A private desktop for end-to-end tests: its own display server (Xvfb, or a headless
/// mutter on Wayland: see `DisplayBackend`), its own D-Bus session bus and a throw-away HOME
/// and XDG folders. Everything it starts is ended by PID when it closes, and so is anything
/// the bus activated (found by the session's runtime folder in its environment).
/// Screenshots of failures are left under `artifacts/e2e/`.
final class DesktopSession {
    let root: URL
    let backend = DisplayBackend.current
    /// The X display (":101") or the Wayland socket's name.
    let display: String
    let environment: [String: String]
    private var processes: [Process] = []
    private var remoteDesktop: RemoteDesktopInput?
    /// Where each Wayland window was put: clients cannot place themselves there.
    private var tiles: [String: Tile] = [:]
    private var lastFocusClick = Date.distantPast
    private var logs: [Int32: URL] = [:]
    private let artifacts: URL
    private let name: String

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The `tote` binary under test: $TOTE_BINARY (meson sets it), else SwiftPM's debug build.
    static var toteBinary: URL {
        if let path = ProcessInfo.processInfo.environment["TOTE_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return repositoryRoot.appendingPathComponent(".build/debug/tote")
    }

    init(name: String) throws {
        self.name = name
        // Short: sockets under XDG_RUNTIME_DIR (gvfsd's, which Files needs) must fit in the
        // 108 bytes of a Unix socket path, or gvfsd fails and Files never lists a folder.
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("tote-e2e-\(UUID().uuidString.prefix(8))", isDirectory: true)
        artifacts = Self.repositoryRoot.appendingPathComponent("artifacts/e2e/\(name)", isDirectory: true)
        for folder in ["home", "run", "data", "config", "cache", "schemas", "logs"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o700], ofItemAtPath: root.appendingPathComponent("run").path)

        var environment: [String: String] = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": root.appendingPathComponent("home").path,
            "XDG_RUNTIME_DIR": root.appendingPathComponent("run").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            // Settings kept in the session's own config folder: they outlive a relaunch.
            "GSETTINGS_BACKEND": "keyfile",
            "GSETTINGS_SCHEMA_DIR": root.appendingPathComponent("schemas").path,
            "GDK_BACKEND": backend.rawValue,
            // data/icons holds the app's icons, which the uninstalled binary would otherwise miss.
            "XDG_DATA_DIRS": Self.repositoryRoot.appendingPathComponent("data").path + ":/usr/local/share:/usr/share",
            "LANG": "C.UTF-8",
            "GTK_A11Y": "atspi",
        ]
        let compile = try Self.run(
            "glib-compile-schemas",
            ["--targetdir=\(environment["GSETTINGS_SCHEMA_DIR"]!)",
             Self.repositoryRoot.appendingPathComponent("data").path])
        XCTAssertEqual(compile, 0, "glib-compile-schemas")
        // No account's task lists unless a test adds them (`useAccounts`): Tote's own only.
        try Self.writeSettings(syncAccounts: false, root: root)

        switch backend {
        case .x11:
            let xvfb: Process
            (xvfb, display) = try Self.startXvfb(root)
            processes.append(xvfb)
            environment["DISPLAY"] = display
        case .wayland:
            display = "wayland-tote"
            environment["WAYLAND_DISPLAY"] = display
            environment["XDG_SESSION_TYPE"] = "wayland"
        }
        let (bus, address) = try Self.start(
            "/usr/bin/dbus-daemon", ["--session", "--nofork", "--nopidfile", "--print-address=1"],
            environment: environment, log: try Self.logFile(root, "dbus"))
        processes.append(bus)
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        if backend == .wayland {
            // After the bus: mutter offers RemoteDesktop on it, and PipeWire the screen.
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/wireplumber") {
                for daemon in ["pipewire", "wireplumber"] {
                    processes.append(try Self.startDaemon("/usr/bin/\(daemon)", environment: environment, log: try Self.logFile(root, daemon)))
                }
            }
            let (mutter, input) = try Self.startMutter(root, display: display, environment: environment)
            processes += [mutter, input.process]
            remoteDesktop = input
        }
        self.environment = environment
    }

    /// Starts Xvfb on a display number of its own; returns it and the display (":101").
    private static func startXvfb(_ root: URL) throws -> (Process, String) {
        // A display number the previous test's server has just given up can lose its socket
        // to that server's exit after the new one took it (seen once: "cannot open display"
        // for the first program of a test). So the new display is checked, and started again.
        // Each session takes a display number no earlier session of this process used, so a
        // server on its way out can never take a new server's socket with it.
        for _ in 0..<5 {
            displaysUsed += 1
            let wanted = 100 + Int(getpid() % 100) * 20 + displaysUsed
            guard let (xvfb, number) = try? start(
                "/usr/bin/Xvfb", [":\(wanted)", "-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp",
                                  // Without it the server resets when its last client (the
                                  // readiness check) leaves, and the next one to connect
                                  // can meet "cannot open display".
                                  "-noreset"],
                environment: nil, log: try logFile(root, "xvfb"))
            else { continue }  // taken: the next number
            usleep(100_000)
            if try run("xdotool", ["getdisplaygeometry"], environment: ["DISPLAY": ":\(number)", "PATH": "/usr/bin:/bin"]) == 0 {
                return (xvfb, ":\(number)")
            }
            xvfb.terminate()
            xvfb.waitUntilExit()
        }
        throw SessionError.failedToStart("Xvfb")
    }

    /// Starts a headless mutter (GNOME's compositor, without X11) with one 1280 × 800
    /// monitor, and the input driver once its socket and RemoteDesktop are there.
    private static func startMutter(
        _ root: URL, display: String, environment: [String: String]
    ) throws -> (Process, RemoteDesktopInput) {
        let mutter = try startDaemon(
            "/usr/bin/mutter",
            ["--headless", "--wayland", "--no-x11", "--wayland-display", display, "--virtual-monitor", "1280x800"],
            environment: environment, log: try logFile(root, "mutter"))
        let socket = root.appendingPathComponent("run/\(display)").path
        let screencast = FileManager.default.isExecutableFile(atPath: "/usr/bin/wireplumber")
        let inputLog = try logFile(root, "remote-desktop")
        let deadline = Date().addingTimeInterval(20)
        while true {
            if FileManager.default.fileExists(atPath: socket),
               let input = try? RemoteDesktopInput(environment: environment, screencast: screencast, log: inputLog) {
                return (mutter, input)
            }
            guard Date() < deadline, mutter.isRunning else {
                mutter.terminate()
                mutter.waitUntilExit()
                throw SessionError.failedToStart("mutter")
            }
            usleep(100_000)
        }
    }

    private static func startDaemon(
        _ path: String, _ arguments: [String] = [], environment: [String: String], log: FileHandle
    ) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = log
        process.standardError = log
        try process.run()
        return process
    }

    private nonisolated(unsafe) static var displaysUsed = 0

    enum SessionError: Error {
        case failedToStart(String)
    }

    /// The preferences for showing the desktop's task lists and running in the background,
    /// in the keyfile GSettings reads.
    static func writeSettings(syncAccounts: Bool, runInBackground: Bool = false, notesFolder: URL? = nil, root: URL) throws {
        let folder = root.appendingPathComponent("config/glib-2.0/settings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var keys = "[io/github/totenotes/Tote]\nsync-accounts=\(syncAccounts)\nrun-in-background=\(runInBackground)\n"
        if let notesFolder { keys += "notes-folder='\(notesFolder.path)'\n" }
        try keys.write(to: folder.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
    }

    /// The settings as the keyfile holds them now.
    var settingsFile: String {
        (try? String(contentsOf: root.appendingPathComponent("config/glib-2.0/settings/keyfile"), encoding: .utf8)) ?? ""
    }

    // MARK: Tote

    /// Starts `tote` in this session, with `extra` added to its environment; its output goes
    /// to logs/tote-N.log.
    /// `asAUser`: without root's power to read and write any file (CI runs as root), so that
    /// a file a user could not read is one Tote cannot read either.
    func launchTote(_ arguments: [String] = [], extra: [String: String] = [:], asAUser: Bool = false) throws -> Process {
        guard asAUser, getuid() == 0 else { return try launch(Self.toteBinary, arguments, logName: "tote", extra: extra) }
        let dropped = "-dac_override,-dac_read_search"
        return try launch(URL(fileURLWithPath: "/usr/bin/setpriv"),
                          ["--bounding-set", dropped, "--inh-caps", dropped, "--", Self.toteBinary.path] + arguments,
                          logName: "tote", extra: extra)
    }

    /// Starts another program in this session (GNOME Text Editor, Files), with `extra`
    /// added to its environment; output to logs/NAME-N.log.
    func launch(_ executable: URL, _ arguments: [String], logName: String, extra: [String: String] = [:]) throws -> Process {
        let tote = Process()
        tote.executableURL = executable
        tote.arguments = arguments
        tote.environment = environment.merging(extra) { _, new in new }
        let name = "\(logName)-\(processes.count)"
        let log = try Self.logFile(root, name)
        tote.standardOutput = log
        tote.standardError = log
        try tote.run()
        processes.append(tote)
        logs[tote.processIdentifier] = root.appendingPathComponent("logs/\(name).log")
        return tote
    }

    /// The GLib warnings and criticals (GTK's among them) every Tote of this session wrote.
    func toteComplaints() throws -> [String] {
        let folder = root.appendingPathComponent("logs")
        var complaints: [String] = []
        for log in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where log.hasPrefix("tote-") {
            let text = try String(contentsOf: folder.appendingPathComponent(log), encoding: .utf8)
            complaints += text.split(separator: "\n").map(String.init)
                .filter { $0.contains("-WARNING **") || $0.contains("-CRITICAL **") }
        }
        return complaints
    }

    /// What a process started by `launch` has written so far.
    func output(of process: Process) -> String {
        logs[process.processIdentifier].flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
    }

    /// The processor time `process` has used so far, in seconds (user and system).
    func processorTime(of process: Process) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")")
        else { return 0 }
        // After "pid (name)": state is field 3, utime and stime fields 14 and 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The windows of `process`, oldest first: X window ids, or "wayland:PID:N" for its N-th
    /// window as AT-SPI lists them.
    func windows(of process: Process) throws -> [String] {
        switch backend {
        case .x11:
            return try xdotool(["search", "--onlyvisible", "--pid", "\(process.processIdentifier)", "--name", "."])
                .split(separator: "\n").map(String.init).sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }
        case .wayland:
            return try waylandWindows(pid: process.processIdentifier).map(\.id)
        }
    }

    /// Waits for a visible window whose title contains `name` and gives it keyboard focus.
    func waitForWindow(named name: String, timeout: TimeInterval = 20) throws -> String {
        var window: String?
        try waitUntil("a window named \(name)", timeout: timeout) {
            switch backend {
            case .x11:
                window = try? xdotool(["search", "--onlyvisible", "--name", name])
                    .split(separator: "\n").first.map(String.init)
            case .wayland:
                window = try? waylandWindows(pid: nil).first { $0.title.contains(name) }?.id
            }
            return window != nil
        }
        try takeKeyboard(window!)
        return window!
    }

    /// Waits for a visible window of `process` and gives it keyboard focus; returns its id.
    func waitForWindow(of process: Process, timeout: TimeInterval = 20) throws -> String {
        var window: String?
        try waitUntil("a window of pid \(process.processIdentifier)", timeout: timeout) {
            window = try? windows(of: process).first
            return window != nil
        }
        try takeKeyboard(window!)
        return window!
    }

    /// Gives `window` the keyboard: X11 sets the focus; on Wayland, where no client can, a
    /// window that has just appeared is tiled to the left half (mutter gives a new window the
    /// keyboard, and a window's place must be known to aim at it), and one already placed is
    /// clicked in its title bar.
    private func takeKeyboard(_ window: String) throws {
        if backend == .wayland, tiles[window] == nil {
            try tile(window, .left)
        } else {
            try focus(window)
        }
    }

    /// Gives `window` the keyboard, as a click on its title bar does.
    func focus(_ window: String) throws {
        switch backend {
        case .x11: try xdotool(["windowfocus", "--sync", window])
        case .wayland:
            let tile = tiles[window] ?? .left
            // Two clicks in the title bar within the double-click time would maximize.
            let since = Date().timeIntervalSince(lastFocusClick)
            if since < 0.6 { pace(0.6 - since) }
            // 2 px from the top: above the header bar's buttons, on the bar itself.
            try input(["mousemove", "\(tile.frame.x + tile.frame.width / 2)", "2", "click", "1"])
            lastFocusClick = Date()
            pace(0.1)
        }
    }

    /// The places a Wayland window is put in (by mutter's own shortcuts), on the 1280 × 800
    /// monitor.
    enum Tile {
        case left, right

        var frame: (x: Int, y: Int, width: Int, height: Int) {
            switch self {
            case .left: (0, 0, 640, 800)
            case .right: (640, 0, 640, 800)
            }
        }

        var shortcut: String {
            switch self {
            case .left: "super+Left"
            case .right: "super+Right"
            }
        }
    }

    /// Puts the focused `window` in `tile` and waits until it has that size.
    private func tile(_ window: String, _ tile: Tile) throws {
        let parts = window.split(separator: ":")
        try input(["key", tile.shortcut])
        tiles[window] = tile
        // From one half to the other the size stays: let mutter move it first.
        pace(0.3)
        try waitUntil("\(window) tiled \(tile)") {
            let numbers = try atspi(["framebox", String(parts[1]), String(parts[2])]).first?
                .split(separator: " ").compactMap { Int($0) } ?? []
            return numbers.count == 4 && numbers[2] == tile.frame.width
        }
    }

    private struct WaylandWindow {
        let id: String
        let title: String
    }

    /// Windows as AT-SPI lists them, of one process or of every one.
    private func waylandWindows(pid: Int32?) throws -> [WaylandWindow] {
        try atspi(["frames"] + (pid.map { ["\($0)"] } ?? [])).compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
            return WaylandWindow(id: "wayland:\(fields[0]):\(fields[1])", title: String(fields[2]))
        }
    }

    /// The folder of the store the app under test uses (its app id is the installed one).
    var storeLocation: StoreLocation {
        StoreLocation(directory: root.appendingPathComponent("data/io.github.totenotes.Tote"))
    }

    /// The store the app writes, opened read-only; nil until the app has created it.
    func store() -> Store? {
        let data = root.appendingPathComponent("data")
        guard let folder = try? FileManager.default.contentsOfDirectory(atPath: data.path)
            .first(where: { FileManager.default.fileExists(atPath: "\(data.path)/\($0)/tote.sqlite3") })
        else { return nil }
        return try? Store(
            location: StoreLocation(directory: data.appendingPathComponent(folder)), readOnly: true)
    }

    // MARK: Input

    /// Pointer and keyboard input in xdotool's command language ("mousemove X Y click 1"),
    /// through XTEST on X11 and mutter's RemoteDesktop on Wayland.
    func input(_ arguments: [String]) throws {
        switch backend {
        case .x11: try xdotool(arguments)
        case .wayland: try remoteDesktop!.run(arguments)
        }
    }

    @discardableResult
    private func xdotool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw XdotoolError(arguments: arguments, status: process.terminationStatus)
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct XdotoolError: Error {
        let arguments: [String]
        let status: Int32
    }

    func key(_ keys: String...) throws {
        try input(["key", "--delay", "40"] + keys)
    }

    func type(_ text: String) throws {
        try input(["type", "--delay", "40", text])
    }

    /// A real pointer drag: press at `start`, pass the drag threshold in small steps, travel
    /// to `end`, wiggle, release. `modifier` ("ctrl", "shift") is held from after the drag
    /// starts to the release. Events are 40 ms apart: XTEST drags with 10 ms gaps fail.
    func drag(from start: (x: Int, y: Int), to end: (x: Int, y: Int), steps: Int = 12, modifier: String? = nil) throws {
        try press(at: start)
        try glide(from: start, to: (start.x + 16, start.y + 8), steps: 4)
        if let modifier { try input(["keydown", modifier]) }
        try glide(from: start, to: end, steps: steps)
        pace(0.04)
        try input(["mousemove", "\(end.x + 1)", "\(end.y)"])
        pace(0.04)
        try input(["mousemove", "\(end.x)", "\(end.y)"])
        pace(0.3)
        try input(["mouseup", "1"])
        if let modifier { try input(["keyup", modifier]) }
    }

    /// Moves the pointer to `point` and presses the first button there: the start of a drag
    /// a test goes on with `glide` (pausing where it likes) and ends with `mouseup`.
    func press(at point: (x: Int, y: Int)) throws {
        // Wayland's pointer moves by relative steps, tracked by the driver: each drag starts
        // from the corner, where the pointer's place is certain, so no drift can carry over.
        if backend == .wayland { try input(["mousehome"]) }
        try input(["mousemove", "\(point.x)", "\(point.y)"])
        pace(0.2)
        try input(["mousedown", "1"])
    }

    /// Moves the pointer from `start` to `end` in `steps` even steps 40 ms apart (the last
    /// one at `end`), as a hand does.
    func glide(from start: (x: Int, y: Int), to end: (x: Int, y: Int), steps: Int) throws {
        for step in 1...steps {
            pace(0.04)
            let x = start.x + (end.x - start.x) * step / steps
            let y = start.y + (end.y - start.y) * step / steps
            try input(["mousemove", "\(x)", "\(y)"])
        }
    }

    /// Short pacing between input events (never a wait for a result: use `waitUntil`).
    func pace(_ seconds: TimeInterval) {
        usleep(useconds_t(seconds * 1_000_000))
    }

    // MARK: Reading the screen

    /// Accessible objects of `process` as "role<TAB>name" lines, read through AT-SPI as a
    /// screen reader would.
    func accessibleObjects(of process: Process) throws -> [String] {
        try atspi(["tree", "\(process.processIdentifier)"])
    }

    /// "ROLE<TAB>NAME" for every accessible object of `process` that is selected.
    func selectedObjects(of process: Process) throws -> [String] {
        try atspi(["selected", "\(process.processIdentifier)"])
    }

    /// "ROLE<TAB>NAME" of the objects of `process` that say they have the keyboard focus.
    func focusedObjects(of process: Process) throws -> [String] {
        try atspi(["focused", "\(process.processIdentifier)"])
    }

    /// "ROLE<TAB>NAME<TAB>DESCRIPTION" for every accessible object of `process` that has a
    /// description (what a screen reader says after the name).
    func accessibleDescriptions(of process: Process) throws -> [String] {
        try atspi(["descriptions", "\(process.processIdentifier)"])
    }

    /// Reads every accessible object of `process` as a screen reader walking it does, after
    /// asking for one window past the count (Helpers/atspi.py `read`): "window ROLE<TAB>NAME"
    /// lines and "objects N", or no "objects" line when the application stopped answering.
    func readEverything(of process: Process) throws -> [String] {
        try atspi(["read", "\(process.processIdentifier)"])
    }

    /// Screen points at the middle of characters of the text object named `name` (AT-SPI
    /// gives window coordinates in GTK 4.8; the window's position is added).
    func characterCenters(of process: Process, in name: String, offsets: [Int], window: String) throws -> [(x: Int, y: Int)] {
        let origin = try windowOrigin(window)
        let lines = try atspi(["extents", "\(process.processIdentifier)", name] + offsets.map(String.init))
        // A line that is not four numbers (the app went away mid-answer) gives no point.
        return lines.compactMap { line in
            let numbers = line.split(separator: " ").compactMap { Int($0) }
            guard numbers.count == 4 else { return nil }
            return (origin.x + numbers[0] + numbers[2] / 2, origin.y + numbers[1] + numbers[3] / 2)
        }
    }

    /// The screen point at the middle of the accessible object named `name` (a sidebar row).
    func center(of process: Process, named name: String, window: String) throws -> (x: Int, y: Int) {
        let box = try box(of: process, named: name, window: window)
        return (box.x + box.width / 2, box.y + box.height / 2)
    }

    /// The screen rectangle of the accessible object named `name`.
    func box(of process: Process, named name: String, window: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let origin = try windowOrigin(window)
        let numbers = try atspi(["box", "\(process.processIdentifier)", name]).first?
            .split(separator: " ").compactMap { Int($0) } ?? []
        guard numbers.count == 4 else { throw SessionError.failedToStart("no accessible object named \(name)") }
        return (origin.x + numbers[0], origin.y + numbers[1], numbers[2], numbers[3])
    }

    /// The screen point at the middle of the accessible object named `name` of a GTK 3
    /// program (its extents are on the screen: notification-daemon's popup).
    func screenCenter(of process: Process, named name: String) throws -> (x: Int, y: Int) {
        let numbers = try atspi(["screenbox", "\(process.processIdentifier)", name]).first?
            .split(separator: " ").compactMap { Int($0) } ?? []
        guard numbers.count == 4 else { throw SessionError.failedToStart("no accessible object named \(name)") }
        return (numbers[0] + numbers[2] / 2, numbers[1] + numbers[3] / 2)
    }

    /// The text of the text object named `name` (or "role=text"), as a screen reader reads it.
    func text(of process: Process, in name: String) throws -> String {
        try atspi(["text", "\(process.processIdentifier)", name]).joined(separator: "\n")
    }

    /// The text attributes a screen reader reads at each offset of the text object named
    /// `name`: "start end key:value;…" per offset.
    func textAttributes(of process: Process, in name: String, offsets: [Int], includingDefaults: Bool) throws -> [String] {
        try atspi(["attributes", "\(process.processIdentifier)", name, includingDefaults ? "1" : "0"] + offsets.map(String.init))
    }

    /// Places a window. X11 has no window manager (every window maps at 0,0), so it takes the
    /// place asked for; on Wayland the window is tiled to the half of the screen the place
    /// starts in (a click raises a window there, so two may not overlap).
    func place(_ window: String, x: Int, y: Int, width: Int, height: Int) throws {
        switch backend {
        case .x11:
            try xdotool(["windowsize", "--sync", window, "\(width)", "\(height)"])
            try xdotool(["windowmove", "--sync", window, "\(x)", "\(y)"])
        case .wayland:
            let wanted: Tile = x >= 640 ? .right : .left
            guard tiles[window] != wanted else { return }
            // One never placed has just appeared, where mutter chose, and has the keyboard.
            if tiles[window] != nil { try focus(window) }
            try tile(window, wanted)
        }
    }

    /// The selected range of the text object named `name`, as a screen reader reads it.
    func textSelection(of process: Process, in name: String) throws -> Range<Int> {
        let numbers = try atspi(["selection", "\(process.processIdentifier)", name]).first?
            .split(separator: " ").compactMap { Int($0) } ?? []
        guard numbers.count == 2 else { return 0..<0 }
        return min(numbers[0], numbers[1])..<max(numbers[0], numbers[1])
    }

    /// The screen position of the window's top left corner.
    func windowOrigin(_ window: String) throws -> (x: Int, y: Int) {
        let frame = try windowFrame(window)
        return (frame.x, frame.y)
    }

    /// Where the window is on the screen, and its size.
    func windowFrame(_ window: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        if backend == .wayland { return (tiles[window] ?? .left).frame }
        let geometry = try xdotool(["getwindowgeometry", window]).split(separator: "\n")
        func numbers(_ label: String, _ separator: Character) -> [Int] {
            guard let line = geometry.first(where: { $0.contains(label) }) else { return [] }
            return line.replacingOccurrences(of: label, with: "").split(separator: " ")[0]
                .split(separator: separator).compactMap { Int($0) }
        }
        let position = numbers("Position:", ","), size = numbers("Geometry:", "x")
        return (position.first ?? 0, position.last ?? 0, size.first ?? 0, size.last ?? 0)
    }

    private func atspi(_ arguments: [String]) throws -> [String] {
        let script = Self.repositoryRoot.appendingPathComponent("Tests/EndToEnd/Helpers/atspi.py")
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        run.arguments = [script.path] + arguments
        run.environment = environment
        let output = Pipe()
        run.standardOutput = output
        run.standardError = try Self.logFile(root, "atspi")
        try run.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        run.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @discardableResult
    func screenshot(_ name: String) -> URL? {
        try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let file = artifacts.appendingPathComponent("\(name).png")
        if backend == .wayland {
            // Read through a ScreenCast stream (PipeWire).
            return (try? input(["screenshot", file.path])) == nil ? nil : file
        }
        let status = try? Self.run("import", ["-display", display, "-window", "root", file.path], environment: environment)
        return status == 0 ? file : nil
    }

    // MARK: Waiting

    /// Polls `condition` every 50 ms until it holds; throws after `timeout` seconds.
    func waitUntil(_ what: String, timeout: TimeInterval = 10, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try !condition() {
            if Date() > deadline { throw TimedOut(what: what, seconds: timeout) }
            pace(0.05)
        }
    }

    struct TimedOut: Error, CustomStringConvertible {
        let what: String
        let seconds: TimeInterval
        var description: String { "timed out after \(seconds) s waiting for \(what)" }
    }

    // MARK: Closing

    /// Ends every process of the session. On failure, first keeps a screenshot and the logs.
    func close(failed: Bool) {
        if failed {
            screenshot("failure")
            try? FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
            let logs = root.appendingPathComponent("logs")
            for log in (try? FileManager.default.contentsOfDirectory(atPath: logs.path)) ?? [] {
                try? FileManager.default.removeItem(at: artifacts.appendingPathComponent(log))
                try? FileManager.default.copyItem(
                    at: logs.appendingPathComponent(log), to: artifacts.appendingPathComponent(log))
            }
        }
        for process in processes.reversed() where process.isRunning {
            kill(-process.processIdentifier, SIGTERM)
            kill(process.processIdentifier, SIGTERM)
        }
        let deadline = Date().addingTimeInterval(3)
        while processes.contains(where: \.isRunning), Date() < deadline { pace(0.05) }
        for process in processes where process.isRunning {
            kill(-process.processIdentifier, SIGKILL)
            kill(process.processIdentifier, SIGKILL)
        }
        // Gone for good before the next test starts its own server and bus.
        let killed = Date().addingTimeInterval(5)
        while processes.contains(where: \.isRunning), Date() < killed { pace(0.05) }
        killProcessesOfThisSession()
        unmountDisksOfThisSession()
        try? FileManager.default.removeItem(at: root)
    }

    /// Small disks a test mounted in this session's folders (`mountSmallDisk`), whatever
    /// became of the test.
    private func unmountDisksOfThisSession() {
        guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return }
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 1, fields[1].hasPrefix(root.path + "/") else { continue }
            _ = try? Self.run("/bin/umount", ["-l", String(fields[1])])
        }
    }

    /// Mounts a `megabytes` tmpfs over `folder` of this session, unmounted when the session
    /// closes; throws when it cannot (mounting needs root and a system that allows it).
    func mountSmallDisk(megabytes: Int, over folder: URL) throws {
        let status = try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tote-e2e-disk", folder.path])
        guard status == 0 else { throw SmallDiskUnavailable(status: status) }
    }

    struct SmallDiskUnavailable: Error {
        let status: Int32
    }

    /// Services the bus activated (AT-SPI, portals, …) carry this session's runtime folder in
    /// their environment; end them too.
    private func killProcessesOfThisSession() {
        let marker = Data("XDG_RUNTIME_DIR=\(environment["XDG_RUNTIME_DIR"]!)\0".utf8)
        let own = getpid()
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), pid != own,
                  let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                  environ.range(of: marker) != nil
            else { continue }
            kill(pid, SIGKILL)
        }
    }

    // MARK: Helpers

    /// Starts a program that prints one line when it is ready (Xvfb's display number,
    /// the bus address) and returns it with that line.
    private static func start(
        _ path: String, _ arguments: [String], environment: [String: String]?, log: FileHandle
    ) throws -> (Process, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = log
        try process.run()
        guard let line = readLine(output), !line.isEmpty else {
            process.terminate()
            throw SessionError.failedToStart(path)
        }
        return (process, line)
    }

    private static func readLine(_ pipe: Pipe) -> String? {
        var bytes = Data()
        while !bytes.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            bytes.append(chunk)
        }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func logFile(_ root: URL, _ name: String) throws -> FileHandle {
        let url = root.appendingPathComponent("logs/\(name).log")
        FileManager.default.createFile(atPath: url.path, contents: nil)
        return try FileHandle(forWritingTo: url)
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String], environment: [String: String]? = nil) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        if let environment { process.environment = environment }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
