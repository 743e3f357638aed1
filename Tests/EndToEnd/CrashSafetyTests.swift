// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Killing Tote with SIGKILL while someone types loses at most about the last second.
final class CrashSafetyTests: EndToEndTestCase {
    func testKillDashNineWhileTypingLosesAtMostTheLastSecond() throws {
        let tote = try launchToteWithNewNote()

        // Type in small chunks, remembering when each went out.
        var typed = ""
        var sentAt: [(length: Int, time: Date)] = []
        let start = Date()
        var chunk = 0
        while Date().timeIntervalSince(start) < 4 {
            let text = "w\(chunk) "
            try session.input(["type", "--delay", "30", text])
            typed += text
            sentAt.append((typed.count, Date()))
            chunk += 1
        }
        let killedAt = Date()
        kill(tote.processIdentifier, SIGKILL)
        try session.waitUntil("Tote to die") { !tote.isRunning }

        let store = try XCTUnwrap(session.store())
        XCTAssertEqual(try store.integrityCheck(), "ok")
        let saved = try XCTUnwrap(store.notes().first).body
        XCTAssertTrue(typed.hasPrefix(saved), "what was saved is what was typed: \(saved.suffix(40))")
        // Everything typed up to a second before the kill, with a quarter second for the
        // write itself and scheduling on this 2-core machine.
        let mustHave = sentAt.last { $0.time <= killedAt.addingTimeInterval(-1.25) }?.length ?? 0
        XCTAssertGreaterThanOrEqual(saved.count, mustHave,
            "typed \(typed.count) characters, \(mustHave) of them over 1.25 s before the kill; saved \(saved.count)")
        // The first keystroke lost went out with the chunk after the last one saved whole.
        let firstLost = sentAt.firstIndex { $0.length > saved.count }
        let age = firstLost.map { killedAt.timeIntervalSince($0 == 0 ? start : sentAt[$0 - 1].time) }
        print("kill -9: typed \(typed.count) characters, saved \(saved.count); \(mustHave) required;",
              "oldest lost keystroke \(age.map { String(format: "%.2f s", $0) } ?? "none") before the kill")
    }
}

extension CrashSafetyTests {
    /// What logging out does: SIGTERM. Edits typed just before it are all saved.
    func testSIGTERMRightAfterTypingSavesEverything() throws {
        let tote = try launchToteWithNewNote()
        let text = "typed just before logging out"
        try session.type(text)
        kill(tote.processIdentifier, SIGTERM)
        try session.waitUntil("Tote to quit") { !tote.isRunning }
        XCTAssertEqual(tote.terminationStatus, 0)
        XCTAssertEqual(try XCTUnwrap(session.store()).notes().first?.body, text)
    }
}
