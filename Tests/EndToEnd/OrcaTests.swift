// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// What a blind user hears from Orca 43, the real screen reader, running in the session: after
/// a move by the keyboard, a drag onto another list, a drop onto Today, a move within a note
/// and its undo, a refused file, and a formatting toggle. Every toast's words are said, with
/// "Undo with Ctrl+Z" where there is an Undo, and nothing is read by a widget's type name.
final class OrcaTests: EndToEndTestCase {
    private var avocet = UUID(), bittern = UUID()

    /// Orca on, then Tote started on "Avocet" (Godwit, Knot) and "Bittern" (Dunlin), Avocet
    /// open, its window focused.
    private func start() throws -> (orca: Orca, tote: Process, window: String) {
        let orca = try Orca(in: session)
        let store = try Store(location: session.storeLocation)
        avocet = try makeList("Avocet", ["Godwit", "Knot"], in: store)
        bittern = try makeList("Bittern", ["Dunlin"], in: store)
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        _ = try openList("Avocet", showing: "Godwit", of: tote, window: window)
        try session.focus(window)
        return (orca, tote, window)
    }

    /// Orca on, then Tote showing the note "Plans" holding `text`.
    private func start(withNote text: String) throws -> (orca: Orca, tote: Process, window: String) {
        let orca = try Orca(in: session)
        try storeNote("Plans", RichText(plain: text))
        let (tote, window) = try launchTote(width: 900)
        try openNote("Plans", in: 1, of: tote, window: window)
        return (orca, tote, window)
    }

    private func titles(_ list: UUID) -> [String] {
        ((try? session.store()?.reminders(inList: list)) ?? []).map(\.title)
    }

    /// Nothing Orca said names a GTK or libadwaita type ("GtkStackPage panel").
    private func assertNoTypeNames(_ said: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(said.filter { $0.contains("Gtk") || $0.contains("Adw") }, [], "read by a widget's type name: \(said)",
                       file: file, line: line)
    }

    /// Drags the reminder `title` onto the sidebar row `row`; returns what Orca said from
    /// then until it said `sentence`, with no type name among it.
    private func drag(_ title: String, onto row: String, hearing sentence: String,
                      _ orca: Orca, _ tote: Process, _ window: String) throws -> [String] {
        let reminder = try waitForCenter(of: tote, named: "frame=1/\(title), not done", window: window)
        let target = try waitForCenter(of: tote, named: "frame=1/\(row)", window: window)
        let mark = orca.mark()
        try session.drag(from: reminder, to: target)
        let said = try orca.waitToSay(sentence, since: mark)
        print("ORCA SAID after \(title) dropped on \(row): \(said)")
        assertNoTypeNames(said)
        return said
    }

    func testAReminderDraggedOntoAnotherListIsSaidWithItsUndo() throws {
        let (orca, tote, window) = try start()
        _ = try drag("Godwit", onto: "Bittern", hearing: "Moved 1 reminder to “Bittern”. Undo with Ctrl+Z.", orca, tote, window)
        XCTAssertEqual(titles(bittern), ["Dunlin", "Godwit"])
    }

    func testAMoveToListByTheKeyboardAndItsUndoAreSaid() throws {
        let (orca, tote, window) = try start()
        let godwit = try waitForCenter(of: tote, named: "frame=1/Godwit, not done", window: window)
        try session.input(["mousemove", "\(godwit.x)", "\(godwit.y)", "click", "1"])
        try session.key("ctrl+shift+m")
        try session.waitUntil("the list chooser") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.contains("Move 1 Reminder to List") } == true
        }
        var mark = orca.mark()
        try session.key("Return")
        try session.waitUntil("Godwit moved to Bittern") { titles(bittern) == ["Dunlin", "Godwit"] }
        var said = try orca.waitToSay("Moved 1 reminder to “Bittern”. Undo with Ctrl+Z.", since: mark)
        print("ORCA SAID after the move: \(said)")
        assertNoTypeNames(said)

        mark = orca.mark()
        try session.key("ctrl+z")
        try session.waitUntil("Godwit back in Avocet") { titles(avocet) == ["Godwit", "Knot"] }
        said = try orca.waitToSay("Undone in “Avocet” and “Bittern”", since: mark)
        print("ORCA SAID after the undo: \(said)")
        assertNoTypeNames(said)
    }

    func testADropOntoTodayIsSaid() throws {
        let (orca, tote, window) = try start()
        _ = try drag("Knot", onto: "Today", hearing: "1 reminder is now due today. Undo with Ctrl+Z.", orca, tote, window)
    }

    func testTextMovedWithinANoteAndItsUndoAreSaid() throws {
        let (orca, tote, window) = try start(withNote: "Pack the tent and the stove")
        let grab = try selectNoteStart(4, grab: 2, in: 1, of: tote, window: window)  // "Pack"
        let end = try session.characterCenters(of: tote, in: "frame=1/Note body", offsets: [26], window: window)[0]
        var mark = orca.mark()
        try session.drag(from: grab, to: (end.x + 8, end.y))
        do {
            try session.waitUntil("the move in the store") {
                (try? session.store()?.notes().first?.richText().plainText) == "the tent and the stove Pack"
            }
        } catch {
            XCTFail("the note holds \(String(describing: try? session.store()?.notes().first?.richText().plainText))")
            throw error
        }
        var said = try orca.waitToSay("Moved “Pack”. Undo with Ctrl+Z.", since: mark)
        print("ORCA SAID after the move: \(said)")
        assertNoTypeNames(said)

        mark = orca.mark()
        try session.key("ctrl+z")
        try session.waitUntil("the note as it was") {
            (try? session.store()?.notes().first?.richText().plainText) == "Pack the tent and the stove"
        }
        said = try orca.waitToSay("Undone in “Plans”", since: mark)
        print("ORCA SAID after the undo: \(said)")
        assertNoTypeNames(said)
    }

    func testTheBoldToggleSaysItsState() throws {
        let (orca, tote, window) = try start(withNote: "Pack the tent")
        let mark = orca.mark()
        // Back from the note's text to its toolbar, as a keyboard user goes (Tab alone
        // would be typed into the text).
        let body = try waitForCenter(of: tote, named: "frame=1/Note body", window: window)
        try session.input(["mousemove", "\(body.x)", "\(body.y)", "click", "1"])
        for _ in 0..<15 where !orca.said(since: mark).contains(where: { $0.hasPrefix("Bold") }) {
            try session.key("ctrl+shift+Tab")
            session.pace(0.4)
        }
        print("ORCA SAID on the way: \(orca.said(since: mark))")
        try orca.waitToSay("Bold check box not checked", since: mark)
        let pressed = orca.mark()
        try session.key("space")
        let said = try orca.waitToSay("checked", since: pressed)
        print("ORCA SAID after Space: \(said)")
        assertNoTypeNames(orca.said(since: mark))
    }

    /// A named pipe dragged from Files with a real file: the refusal's toast, said with its
    /// reason when the person comes back to Tote (Files had the focus during the drag, and a
    /// screen reader listens to the focused app only).
    func testAFileThatCouldNotComeInIsSaidWithItsReason() throws {
        let orca = try Orca(in: session)
        let (tote, toteWindow, files, filesWindow, folder) = try noteBesideFiles(typing: "Inbox: ", folder: "Odd")
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("pipe").path, 0o644), 0)
        try dragIntoNoteWithKept("pipe", from: files, filesWindow, to: tote, toteWindow)
        try session.waitUntil("the toast naming the pipe", timeout: 15) {
            ((try? session.accessibleObjects(of: tote)) ?? []).contains { $0.contains("Could not insert “pipe”") }
        }
        let mark = orca.mark()
        try session.focus(toteWindow)
        let said = try orca.waitToSay("Could not insert “pipe”: it is a pipe, not a file", since: mark)
        print("ORCA SAID back in Tote: \(said)")
        assertNoTypeNames(said)
    }

    /// Down from a parent onto its subtask: the row says what it is, its state, its priority,
    /// its due day and its parent (Orca 43 does not read a list item's level).
    func testARemindersRowIsReadWithItsStateDueDayPriorityAndParent() throws {
        let orca = try Orca(in: session)
        let store = try Store(location: session.storeLocation)
        let list = try makeList("Groceries", ["Bread", "Cheese"], in: store)
        let rows = try store.reminders(inList: list)
        var cheese = rows[1]
        cheese.parentID = rows[0].id
        cheese.priority = .high
        cheese.due = Calendar.current.startOfDay(for: Date())
        try store.apply(.update(before: [rows[1]], after: [cheese]))
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        let listRow = try waitForCenter(of: tote, named: "frame=1/Groceries", window: window)
        try session.input(["mousemove", "\(listRow.x)", "\(listRow.y)", "click", "1"])
        let bread = try waitForCenter(of: tote, named: "frame=1/Bread, not done, 1 open subtask", window: window)
        try session.focus(window)
        try session.input(["mousemove", "\(bread.x)", "\(bread.y)", "click", "1"])
        session.pace(0.5)
        let mark = orca.mark()
        try session.key("Down")
        let said = try orca.waitToSay("Cheese, not done", since: mark)
        print("ORCA SAID on the subtask: \(said)")
        let row = try XCTUnwrap(said.first { $0.hasPrefix("Cheese, not done") })
        for part in ["Today", "High priority", "subtask of “Bread”"] {
            XCTAssertTrue(row.contains(part), "\(part) in \(row)")
        }
        assertNoTypeNames(said)
    }
}
