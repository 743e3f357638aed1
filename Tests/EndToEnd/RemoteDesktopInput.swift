// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Pointer and keyboard input to a headless mutter through `Helpers/remote-desktop.py`, one
/// long-lived process: mutter ends a RemoteDesktop session when the D-Bus connection that
/// made it closes. It speaks xdotool's command language, so a test's input reads the same on
/// both backends.
final class RemoteDesktopInput {
    let process = Process()
    private let commands = Pipe()
    private let answers = Pipe()
    private var pending = Data()

    /// `screencast`: with a stream of the screen, for screenshots (PipeWire must be running).
    init(environment: [String: String], screencast: Bool, log: FileHandle) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [DesktopSession.repositoryRoot.appendingPathComponent("Tests/EndToEnd/Helpers/remote-desktop.py").path]
            + (screencast ? ["--screencast"] : [])
        process.environment = environment
        process.standardInput = commands
        process.standardOutput = answers
        process.standardError = log
        try process.run()
        let ready = readLine()
        guard ready == "ready" else { throw DesktopSession.SessionError.failedToStart("remote-desktop.py: \(ready ?? "no answer")") }
    }

    /// Runs one xdotool-style command line (commands may be chained) and waits for mutter to
    /// have taken every event.
    func run(_ arguments: [String]) throws {
        let line = try JSONSerialization.data(withJSONObject: arguments) + Data("\n".utf8)
        // A driver that has gone (it printed why in its log) fails this test, not the run.
        signal(SIGPIPE, SIG_IGN)
        try commands.fileHandleForWriting.write(contentsOf: line)
        let answer = readLine() ?? "no answer"
        guard answer == "ok" else { throw Failed(arguments: arguments, answer: answer) }
    }

    struct Failed: Error, CustomStringConvertible {
        let arguments: [String]
        let answer: String
        var description: String { "input \(arguments): \(answer)" }
    }

    private func readLine() -> String? {
        while !pending.contains(UInt8(ascii: "\n")) {
            let chunk = answers.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            pending.append(chunk)
        }
        let end = pending.firstIndex(of: UInt8(ascii: "\n"))!
        let line = String(decoding: pending[..<end], as: UTF8.self)
        pending.removeSubrange(...end)
        return line
    }
}
