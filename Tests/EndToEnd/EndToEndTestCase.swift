// SPDX-License-Identifier: GPL-3.0-or-later
import ToteCore
import XCTest

/// Gives each test a fresh `DesktopSession` and closes it afterwards, keeping a screenshot
/// and logs when the test failed.
class EndToEndTestCase: XCTestCase {
    private(set) var session: DesktopSession!

    override func setUpWithError() throws {
        try super.setUpWithError()
        continueAfterFailure = false
        // "-[Class test]" on Darwin, "Class.test" on Linux: keep "Class.test".
        let name = self.name.trimmingCharacters(in: CharacterSet(charactersIn: "-[]"))
            .replacingOccurrences(of: " ", with: ".")
        session = try DesktopSession(name: name)
    }

    /// Starts Tote (with `extra` in its environment), waits for its window, and makes a note
    /// with Ctrl+N, leaving its title empty: Return goes from the title to the body, which
    /// then has focus.
    func launchToteWithNewNote(extra: [String: String] = [:], asAUser: Bool = false) throws -> Process {
        let tote = try session.launchTote(extra: extra, asAUser: asAUser)
        _ = try session.waitForWindow(of: tote)
        try session.key("ctrl+n")
        try session.waitUntil("the new note in the store") { (try? session.store()?.notes().count) == 1 }
        try session.key("Return")
        return tote
    }

    /// Starts Tote on what the store holds, its window at the left edge, `width` × 700.
    func launchTote(width: Int) throws -> (tote: Process, window: String) {
        let tote = try session.launchTote()
        let window = try session.waitForWindow(of: tote)
        try session.place(window, x: 0, y: 0, width: width, height: 700)
        return (tote, window)
    }

    /// Tote started on a store holding the note "Plans" ("Pack the tent") and the list
    /// "Groceries" (Apples, Bread), its window at the left edge, 900 × 700.
    func launchToteWithPlansAndGroceries() throws -> (tote: Process, window: String) {
        let store = try Store(location: session.storeLocation)
        let note = try store.createNote(title: "Plans")
        _ = try store.save(noteID: note.id, title: "Plans", body: RichText(plain: "Pack the tent"))
        _ = try makeList("Groceries", ["Apples", "Bread"], in: store)
        try store.checkpoint()
        return try launchTote(width: 900)
    }

    /// Clicks list `name`'s row in the first window's sidebar and waits for its reminder
    /// `first`; returns the middle of that reminder's row.
    func openList(_ name: String, showing first: String, of tote: Process, window: String) throws -> (x: Int, y: Int) {
        let row = try waitForCenter(of: tote, named: "frame=1/\(name)", window: window)
        try session.input(["mousemove", "\(row.x)", "\(row.y)", "click", "1"])
        let reminder = "frame=1/\(first), not done"
        // Under a headless mutter the first click in a window just tiled was once lost
        // (the row stayed unselected): a person would click again, and so does the test.
        do {
            try session.waitUntil("\(name) open", timeout: 4) { (try? session.center(of: tote, named: reminder, window: window)) != nil }
        } catch is DesktopSession.TimedOut where session.backend == .wayland {
            session.pace(0.6)
            try session.input(["click", "1"])
        }
        return try waitForCenter(of: tote, named: reminder, window: window)
    }

    /// About 1 MB of plain text, as a big paste leaves it: 16,000 lines of 63 characters.
    static let megabyteOfText: String = {
        let line = String(String(repeating: "pasted text of a long note ", count: 3).prefix(63))
        return Array(repeating: line, count: 16_000).joined(separator: "\n")
    }()

    /// Writes a note into the store, as while Tote is not running; returns its id.
    @discardableResult
    func storeNote(_ title: String, _ body: RichText) throws -> UUID {
        let store = try Store(location: session.storeLocation)
        let note = try store.createNote(title: title)
        _ = try store.save(noteID: note.id, title: title, body: body)
        return note.id
    }

    /// Clicks the note's row in the sidebar of window `frame` (1 is the first) and waits
    /// for its text, read through AT-SPI.
    func openNote(_ name: String, in frame: Int, of tote: Process, window: String) throws {
        let row = try waitForCenter(of: tote, named: "frame=\(frame)/\(name)", window: window)
        try session.input(["mousemove", "\(row.x)", "\(row.y)", "click", "1"])
        try session.waitUntil("\(name) shown") {
            (try? session.text(of: tote, in: "frame=\(frame)/Note body"))?.isEmpty == false
        }
    }

    /// Selects the first `count` characters of the note window `frame` shows, as a person
    /// does (a click in the text, Ctrl+Home, Shift+Right), and waits until a screen reader
    /// sees the selection; returns the middle of the character at `grab`, where a drag of
    /// the selection can start.
    @discardableResult
    func selectNoteStart(_ count: Int, grab: Int, in frame: Int, of tote: Process, window: String) throws -> (x: Int, y: Int) {
        let body = "frame=\(frame)/Note body"
        // No window manager: keyboard focus follows only an explicit focus request.
        try session.focus(window)
        let start = try session.characterCenters(of: tote, in: body, offsets: [0], window: window)[0]
        try session.input(["mousemove", "\(start.x)", "\(start.y)", "click", "1"])
        session.pace(0.5)
        try session.key("ctrl+Home")
        for _ in 0..<count { try session.key("shift+Right") }
        try session.waitUntil("the first \(count) characters selected") {
            try session.textSelection(of: tote, in: body) == 0..<count
        }
        return try session.characterCenters(of: tote, in: body, offsets: [grab], window: window)[0]
    }

    /// Clicks the reminder row named `label` and opens its details with Alt+Return, as a
    /// person does; returns once a screen reader can see them.
    func openDetails(ofRow label: String, _ tote: Process, window: String) throws {
        let row = try waitForCenter(of: tote, named: "frame=1/\(label)", window: window)
        try session.input(["mousemove", "\(row.x)", "\(row.y)", "click", "1"])
        session.pace(0.3)
        try session.key("alt+Return")
        try session.waitUntil("the details") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tReminder Details") } == true
        }
    }

    /// Opens a second window with Ctrl+Shift+N and places it right of the first (there is no
    /// window manager); returns it.
    func openSecondWindow(of tote: Process, besides first: String) throws -> String {
        try session.key("ctrl+shift+n")
        var second = ""
        try session.waitUntil("a second window") {
            second = (try? session.windows(of: tote).first { $0 != first }) ?? ""
            return !second.isEmpty
        }
        try session.place(second, x: 640, y: 0, width: 620, height: 700)
        return second
    }

    /// The screen point at the middle of the accessible object named `name`, once it exists.
    func waitForCenter(of tote: Process, named name: String, window: String) throws -> (x: Int, y: Int) {
        var center = (x: 0, y: 0)
        try session.waitUntil("\(name) on screen") {
            guard let point = try? session.center(of: tote, named: name, window: window) else { return false }
            center = point
            return true
        }
        return center
    }

    override func tearDown() {
        session?.close(failed: (testRun?.failureCount ?? 0) + (testRun?.unexpectedExceptionCount ?? 0) > 0)
        session = nil
        super.tearDown()
    }
}

/// Answers the New Reminder List dialog once a screen reader can see it (its name entry
/// has focus): types `name`, then Return.
func newListDialog(_ session: DesktopSession, of tote: Process, name: String) throws {
    // Generous: in the crash campaign, with both cores busy, it once took over 10 s.
    try session.waitUntil("the New Reminder List dialog", timeout: 30) {
        // Its entry, named "Name": the welcome page's button shows the dialog's heading too.
        (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tName") } == true
    }
    if !name.isEmpty { try session.type(name) }
    try session.key("Return")
}
