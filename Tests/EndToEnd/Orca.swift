// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Orca 43, the GNOME screen reader, running in a test's session as a blind user's: started
/// before the app (as a user has it on), with its settings in the session's own folders and
/// no speech synthesizer; every utterance is read from the log Helpers/orca-speech.py writes.
final class Orca {
    private let session: DesktopSession
    private let speech: URL

    init(in session: DesktopSession) throws {
        self.session = session
        let settings = session.root.appendingPathComponent("data/orca", isDirectory: true)
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        // Speech on (it is logged whatever the synthesizer); braille and key echo off, so
        // that only what Orca says about the app is heard.
        try Data("""
            {"general": {"enableSpeech": true, "enableBraille": false, "enableKeyEcho": false,
                         "enableEchoByCharacter": false, "enableEchoByWord": false,
                         "enableTutorialMessages": false, "speechServerFactory": "speechdispatcherfactory",
                         "profile": ["Default", "default"], "startingProfile": ["Default", "default"]},
             "pronunciations": {}, "keybindings": {},
             "profiles": {"default": {"profile": ["Default", "default"], "pronunciations": {}, "keybindings": {}}}}
            """.utf8).write(to: settings.appendingPathComponent("user-settings.conf"))
        // In logs/: kept with the others when a test fails.
        speech = session.root.appendingPathComponent("logs/orca-speech.log")
        FileManager.default.createFile(atPath: speech.path, contents: nil)
        let helper = DesktopSession.repositoryRoot.appendingPathComponent("Tests/EndToEnd/Helpers/orca-speech.py")
        _ = try session.launch(URL(fileURLWithPath: "/usr/bin/python3"),
                               [helper.path, speech.path, settings.path,
                                session.root.appendingPathComponent("logs/orca-debug.log").path],
                               logName: "orca")
        try session.waitUntil("Orca to start", timeout: 30) { utterances.contains("Screen reader on.") }
    }

    /// Everything Orca has said, one utterance each, in order.
    var utterances: [String] {
        let log = (try? String(contentsOf: speech, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            guard let start = line.range(of: "SPEECH OUTPUT: '"), line.hasSuffix("'") else { return nil }
            return String(line[start.upperBound..<line.index(before: line.endIndex)])
        }
    }

    /// Where "since" starts: what has been said so far.
    func mark() -> Int { utterances.count }

    /// What Orca has said since `mark`.
    func said(since mark: Int) -> [String] { Array(utterances.dropFirst(mark)) }

    /// Waits until Orca has said, since `mark`, an utterance containing `text`; returns all it
    /// said since then.
    @discardableResult
    func waitToSay(_ text: String, since mark: Int, timeout: TimeInterval = 10) throws -> [String] {
        do {
            try session.waitUntil("Orca to say “\(text)”", timeout: timeout) { said(since: mark).contains { $0.contains(text) } }
        } catch {
            XCTFail("Orca said instead: \(said(since: mark))")
            throw error
        }
        return said(since: mark)
    }
}
