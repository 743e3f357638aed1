// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Keystrokes are never dropped, however soon after a big note opens they come.
final class BigNoteTypingTests: EndToEndTestCase {
    /// The report: in 2 of 14 opens of a 1 MB note, keys typed 0.20–0.26 s after clicking
    /// into it were never stored (the view was read-only while it filled). Here the note is
    /// opened three times and typed into at once each time; every word must be stored.
    func testTypingRightAfterOpeningABigNoteIsKept() throws {
        try storeNote("Small", RichText(plain: "a small note"))
        try storeNote("Big", RichText(paragraphs: (0..<8_000).map { index in
            Paragraph(runs: [Run("Paragraph \(index) of a long note, "),
                             Run("with bold words", style: TextStyle(bold: true)), Run(" and plain ones.")])
        }))
        let tote = try session.launchTote()
        let window = try session.waitForWindow(of: tote)
        try openNote("Small", in: 1, of: tote, window: window)
        let body = try session.center(of: tote, named: "frame=1/Note body", window: window)

        for attempt in 1...3 {
            // Rows move: the sidebar puts the note changed last first.
            let bigRow = try session.center(of: tote, named: "frame=1/Big", window: window)
            try session.input(["mousemove", "\(bigRow.x)", "\(bigRow.y)", "click", "1"])
            session.pace(0.05)
            // Into the first screen of the body, at once: the note is still filling.
            try session.input(["mousemove", "\(body.x)", "\(body.y)", "click", "1"])
            try session.input(["type", "--delay", "30", " Typed\(attempt) "])
            try session.waitUntil("Typed\(attempt) in the store", timeout: 20) {
                (try? session.store()?.notes().first { $0.title == "Big" }?.body.contains("Typed\(attempt)")) == true
            }
            let smallRow = try session.center(of: tote, named: "frame=1/Small", window: window)
            try session.input(["mousemove", "\(smallRow.x)", "\(smallRow.y)", "click", "1"])
            try session.waitUntil("the small note shown") {
                (try? session.text(of: tote, in: "frame=1/Note body")) == "a small note"
            }
        }
        let stored = try XCTUnwrap(session.store()?.notes().first { $0.title == "Big" }?.body)
        for attempt in 1...3 { XCTAssertTrue(stored.contains(" Typed\(attempt) "), "attempt \(attempt) whole") }
    }

    /// The report (issue 45): a 1 MB note opened again after another note, typed into for
    /// about 6 s; 3 s after the last key only 16–21 of 60 groups were in the store. Every
    /// group must be on disk 3 s after the typing, at every opening. How soon each keystroke
    /// is (the promise: within a second) the crash campaign asserts, and `./dev bench` prints.
    func testTypingIntoABigNoteOpenedAgainIsOnDiskAtOnce() throws {
        try storeNote("Small", RichText(plain: "a small note"))
        try storeNote("Big", RichText(plain: Self.megabyteOfText))
        // The save trace goes to the logs kept when the test fails: where the time went.
        let tote = try session.launchTote(extra: ["TOTE_SAVE_TRACE": "1"])
        let window = try session.waitForWindow(of: tote)
        try session.place(window, x: 0, y: 0, width: 960, height: 700)
        for opening in 1...3 {
            try openNote("Small", in: 1, of: tote, window: window)
            try openNote("Big", in: 1, of: tote, window: window)
            let body = try session.center(of: tote, named: "frame=1/Note body", window: window)
            try session.input(["mousemove", "\(body.x)", "\(body.y)", "click", "1"])
            try session.key("ctrl+Home")
            let groups = (1...30).map { "R\(opening)k\($0)_" }
            for group in groups { try session.input(["type", "--delay", "30", group]) }
            let typed = Date()
            // The typing is at the start: the note's first characters are enough to read.
            try session.waitUntil("opening \(opening): all of the typing on disk", timeout: 3) {
                guard let start = (try? session.store()?.notes())?.first(where: { $0.title == "Big" })?.body.prefix(4_000)
                else { return false }
                return groups.allSatisfy { start.contains($0) }
            }
            print(String(format: "opening %d: all %d groups on disk %.2f s after the last key", opening, groups.count,
                         Date().timeIntervalSince(typed)))
        }
    }
}
