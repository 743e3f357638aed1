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
    /// group must be on disk 3 s after the typing, at every opening. How soon each was (the
    /// promise: within a second) is printed here; the crash campaign asserts it, and
    /// `./dev bench` prints it for a release build.
    func testTypingIntoABigNoteOpenedAgainIsOnDiskAtOnce() throws {
        try storeNote("Small", RichText(plain: "a small note"))
        try storeNote("Big", RichText(plain: Self.megabyteOfText))
        let tote = try session.launchTote(extra: ["TOTE_SAVE_TRACE": "1"])
        let window = try session.waitForWindow(of: tote)
        try session.place(window, x: 0, y: 0, width: 960, height: 700)
        var worst: TimeInterval = 0
        for opening in 1...3 {
            try openNote("Small", in: 1, of: tote, window: window)
            try openNote("Big", in: 1, of: tote, window: window)
            let body = try session.center(of: tote, named: "frame=1/Note body", window: window)
            try session.input(["mousemove", "\(body.x)", "\(body.y)", "click", "1"])
            try session.key("ctrl+Home")
            let groups = (1...30).map { "R\(opening)k\($0)_" }
            let watch = StoreWatch(session: session, title: "Big", groups: groups)
            var typed: [Date] = []
            for group in groups {
                let start = Date()
                try session.input(["type", "--delay", "30", group])
                // When its last key went out, as the crash campaign counts: never later than it did.
                typed.append(start.addingTimeInterval(Double(group.count - 1) * 0.03))
            }
            let stored = watch.finish(after: 3)
            let late = zip(groups, typed).map { group, time in (stored[group] ?? .distantFuture).timeIntervalSince(time) }
            print("opening \(opening): \(stored.count) of \(groups.count) groups on disk 3 s after the last;",
                  String(format: "slowest %.2f s from its last key (goal ≤ 1 s)", late.max() ?? 0))
            XCTAssertEqual(stored.count, groups.count, "opening \(opening): typing not on disk 3 s after it")
            worst = max(worst, late.max() ?? 0)
        }
        print(String(format: "typing into a 1 MB note opened again: slowest group on disk %.2f s after its last key", worst))
    }
}

/// Reads the store every 50 ms on a thread of its own and notes when each group of typing
/// was first in the start of the note titled `title`.
private final class StoreWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [String: Date] = [:]
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    init(session: DesktopSession, title: String, groups: [String]) {
        let location = session.storeLocation
        Thread.detachNewThread { [self] in
            let store = try? Store(location: location, readOnly: true)
            while !lock.withLock({ stopped }) {
                if let whole = (try? store?.notes())?.first(where: { $0.title == title })?.body {
                    let now = Date()
                    // The typing is at the start: searching the whole megabyte for each group
                    // made a poll take longer than the saves it times.
                    let body = String(whole.prefix(4_000))
                    lock.withLock {
                        for group in groups where seen[group] == nil && body.contains(group) { seen[group] = now }
                    }
                }
                usleep(50_000)
            }
            done.signal()
        }
    }

    /// Stops `seconds` from now; returns when each group was first seen.
    func finish(after seconds: TimeInterval) -> [String: Date] {
        Thread.sleep(forTimeInterval: seconds)
        lock.withLock { stopped = true }
        done.wait()
        return lock.withLock { seen }
    }
}
