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

/// Issue 45: SIGTERM right after a 1 MB paste, or after typing into a 1 MB note still
/// filling, took 1–20 s to end Tote: its quit waited at the lowest priority, behind the
/// filling and GtkTextView's layout. Logging out must not wait on Tote, nor lose what it showed.
extension CrashSafetyTests {
    /// Tote showing the 1 MB note "Big", its body clicked into.
    private func launchOnBigNote() throws -> Process {
        try storeNote("Big", RichText(plain: Self.megabyteOfText))
        let tote = try session.launchTote()
        let window = try session.waitForWindow(of: tote)
        try session.place(window, x: 0, y: 0, width: 960, height: 700)
        try openNote("Big", in: 1, of: tote, window: window)
        let body = try session.center(of: tote, named: "frame=1/Note body", window: window)
        try session.input(["mousemove", "\(body.x)", "\(body.y)", "click", "1"])
        return tote
    }

    /// Sends SIGTERM and waits for Tote to end; returns how long that took.
    private func terminate(_ tote: Process, what: String) throws -> TimeInterval {
        let sent = Date()
        kill(tote.processIdentifier, SIGTERM)
        try session.waitUntil("Tote to quit", timeout: 30) { !tote.isRunning }
        let took = Date().timeIntervalSince(sent)
        print(String(format: "SIGTERM \(what): Tote ended %.2f s later", took))
        XCTAssertEqual(tote.terminationStatus, 0)
        return took
    }

    func testSIGTERMWhileABigNoteFillsEndsToteAtOnceAndKeepsTheTyping() throws {
        let tote = try launchOnBigNote()
        try session.key("ctrl+Home")
        try session.type("Lastword ")
        let took = try terminate(tote, what: "while a 1 MB note fills")
        XCTAssertEqual(try XCTUnwrap(session.store()).notes().first?.body.hasPrefix("Lastword pasted text"), true,
                       "the word typed before the SIGTERM is stored")
        XCTAssertLessThanOrEqual(took, 2, "a logout waits on Tote no more than 2 s")
    }

    func testSIGTERMRightAfterABigPasteEndsToteAtOnceAndKeepsThePasteWhole() throws {
        let tote = try launchOnBigNote()
        try session.key("ctrl+a", "ctrl+c")
        session.pace(1)
        try session.key("ctrl+n")
        try session.waitUntil("the new note") { (try? session.store()?.notes().count) == 2 }
        try session.key("Return", "ctrl+v")
        session.pace(0.3)
        let took = try terminate(tote, what: "0.3 s after a 1 MB paste")
        let pasted = try XCTUnwrap(session.store()?.notes().first { $0.title != "Big" }?.body)
        XCTAssertTrue(pasted.isEmpty || pasted == Self.megabyteOfText, "the paste is stored whole or not at all: \(pasted.count) characters")
        print("stored of the paste: \(pasted.count) of \(Self.megabyteOfText.count) characters")
        XCTAssertLessThanOrEqual(took, 2, "a logout waits on Tote no more than 2 s")
    }
}
