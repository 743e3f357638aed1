// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Two real Syncthing daemons (Debian's) on 127.0.0.1 sharing one folder between "device A"
/// (`a`) and "device B" (`b`), run by Helpers/syncthing-pair.py in the session's folder:
/// no discovery, relays or NAT, the link between them cut and restored at will.
final class SyncthingPair {
    let a: URL
    let b: URL
    private let state: URL
    private let logs: URL

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(session: DesktopSession) throws {
        a = session.root.appendingPathComponent("notes-a", isDirectory: true)
        b = session.root.appendingPathComponent("notes-b", isDirectory: true)
        state = session.root.appendingPathComponent("syncthing", isDirectory: true)
        logs = session.root.appendingPathComponent("logs/syncthing-pair.log")
        _ = FileManager.default.createFile(atPath: logs.path, contents: nil)
        try run("start", "--folder-a", a.path, "--folder-b", b.path)
    }

    /// Returns once what either side wrote before the call is on the other side.
    func sync() throws {
        try run("sync")
    }

    func pause() throws {
        try run("pause")
    }

    func resume() throws {
        try run("resume")
    }

    /// The conflict copies in either folder. Not Syncthing's own hidden `.syncthing.*.tmp`
    /// files: one for a conflict copy removed before the other device had pulled it stays
    /// (for resuming, Syncthing keeps temporary files a day), and no app shows it.
    func conflicts() throws -> [String] {
        try run("conflicts").split(separator: "\n").map(String.init)
            .filter { !($0 as NSString).lastPathComponent.hasPrefix(".syncthing.") }
    }

    func stop() {
        _ = try? run("stop")
    }

    @discardableResult
    private func run(_ command: String, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.script.path, command, "--state", state.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        let log = try FileHandle(forWritingTo: logs)
        defer { try? log.close() }
        try log.seekToEnd()
        process.standardError = log
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "syncthing-pair.py \(command) failed: see \(logs.path)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static let script = DesktopSession.repositoryRoot.appendingPathComponent("Tests/EndToEnd/Helpers/syncthing-pair.py")
}
