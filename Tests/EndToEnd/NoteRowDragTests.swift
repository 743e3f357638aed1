// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Real drags onto a note's sidebar row (DESIGN.md: "reminders or note text → a note's
/// sidebar row"): what is dropped is appended to that note as a copy, the note is not
/// opened, a toast names it, and one Ctrl+Z in the window of the drop takes it out again.
final class NoteRowDragTests: EndToEndTestCase {
    private func body(_ id: UUID) -> String? {
        try? session.store()?.note(id: id)?.body
    }

    /// A drag from `start` that comes onto the row at `row` from `approach` and is released
    /// there at once: before the row springs its note open (500 ms).
    private func dropQuickly(from start: (x: Int, y: Int), onto row: (x: Int, y: Int), from approach: (x: Int, y: Int)) throws {
        try session.press(at: start)
        try session.glide(from: start, to: (start.x + 16, start.y + 8), steps: 4)
        try session.glide(from: start, to: approach, steps: 10)
        session.pace(0.1)
        try session.input(["mousemove", "\(row.x)", "\(row.y)"])
        session.pace(0.05)
        try session.input(["mousemove", "\(row.x + 2)", "\(row.y)"])
        session.pace(0.05)
        try session.input(["mouseup", "1"])
    }

    private func toast(_ text: String, in tote: Process) throws {
        try session.waitUntil("the toast “\(text)”") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.contains(text) } == true
        }
    }

    /// "Copy me", selected in one window's note, dropped onto the row of a third note in
    /// the second window's sidebar (quickly: before the row springs open).
    func testNoteTextOntoANotesRowInAnotherWindowIsAppendedThereWithoutOpeningIt() throws {
        let store = try Store(location: session.storeLocation)
        let first = try store.createNote(), second = try store.createNote(), third = try store.createNote()
        _ = try store.save(noteID: first.id, title: "First note", body: RichText(plain: "Copy me please"))
        _ = try store.save(noteID: second.id, title: "Second note", body: RichText(plain: "Landing:"))
        _ = try store.save(noteID: third.id, title: "Third note", body: RichText(plain: "Ideas"))
        try store.checkpoint()
        let (tote, left) = try launchTote(width: 620)
        try openNote("First note", in: 1, of: tote, window: left)
        let right = try openSecondWindow(of: tote, besides: left)
        try openNote("Second note", in: 2, of: tote, window: right)

        let from = try selectNoteStart(7, grab: 3, in: 1, of: tote, window: left)
        let row = try waitForCenter(of: tote, named: "frame=2/Third note", window: right)
        try dropQuickly(from: from, onto: row, from: (row.x - 160, row.y))

        try session.waitUntil("the text appended to the third note") { body(third.id) == "Ideas\nCopy me" }
        try toast("Added to “Third note”", in: tote)
        session.pace(0.6)  // past the spring-loading delay
        XCTAssertEqual(try session.text(of: tote, in: "frame=2/Note body"), "Landing:", "the second window still shows its note")
        XCTAssertEqual(try session.text(of: tote, in: "frame=1/Note body"), "Copy me please", "a copy")
        XCTAssertEqual(body(first.id), "Copy me please")
        XCTAssertEqual(body(second.id), "Landing:")

        // Ctrl+Z in the window of the drop takes it out of the note no window shows.
        try session.focus(right)
        let landing = try session.characterCenters(of: tote, in: "frame=2/Note body", offsets: [2], window: right)[0]
        try session.input(["mousemove", "\(landing.x)", "\(landing.y)", "click", "1"])
        session.pace(0.3)
        try session.key("ctrl+z")
        try session.waitUntil("one Ctrl+Z takes the text out") { body(third.id) == "Ideas" }
        XCTAssertEqual(body(second.id), "Landing:", "the note shown there is untouched")
        XCTAssertEqual(body(first.id), "Copy me please")
    }

    /// Two reminders, Ctrl-selected, dropped onto a note's row in the sidebar of the window
    /// showing their list.
    func testRemindersOntoANotesRowBecomeChecklistItemsAtItsEndAndStayInTheirList() throws {
        let store = try Store(location: session.storeLocation)
        let note = try store.createNote()
        _ = try store.save(noteID: note.id, title: "Plans", body: RichText(plain: "Pack the tent"))
        let groceries = try makeList("Groceries", ["Apples", "Bread", "Cheese"], in: store)
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        let apples = try openList("Groceries", showing: "Apples", of: tote, window: window)
        try session.focus(window)
        try session.input(["mousemove", "\(apples.x)", "\(apples.y)", "click", "1"])
        let cheese = try waitForCenter(of: tote, named: "frame=1/Cheese, not done", window: window)
        try session.input(["mousemove", "\(cheese.x)", "\(cheese.y)", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
        session.pace(0.3)
        let row = try waitForCenter(of: tote, named: "frame=1/Plans", window: window)
        try dropQuickly(from: cheese, onto: row, from: (row.x + 200, row.y))

        try session.waitUntil("two checklist items at the note's end") { body(note.id) == "Pack the tent\nApples\nCheese" }
        let stored = try XCTUnwrap(session.store()?.note(id: note.id)?.richText())
        XCTAssertEqual(stored.paragraphs.map(\.style), [.body, .checklist(checked: false), .checklist(checked: false)])
        try toast("Added to “Plans”", in: tote)
        XCTAssertEqual(try session.store()?.reminders(inList: groceries).map(\.title), ["Apples", "Bread", "Cheese"], "a copy")
        session.pace(0.6)  // past the spring-loading delay
        XCTAssertEqual((try? session.text(of: tote, in: "frame=1/Note body")) ?? "", "", "the note is not opened: the list stays")

        try session.key("ctrl+z")
        try session.waitUntil("one Ctrl+Z takes both out") { body(note.id) == "Pack the tent" }
        XCTAssertEqual(try session.store()?.reminders(inList: groceries).map(\.title), ["Apples", "Bread", "Cheese"])
    }

    /// Resting on a note's row opens the note under the drag (spring loading, unchanged); a
    /// drop on the row then still appends, now selected in the note shown.
    func testADropOnANotesRowThatSprangOpenStillAppendsAndSelectsIt() throws {
        let store = try Store(location: session.storeLocation)
        let note = try store.createNote()
        _ = try store.save(noteID: note.id, title: "Plans", body: RichText(plain: "Pack the tent"))
        _ = try makeList("Groceries", ["Apples", "Bread"], in: store)
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        let apples = try openList("Groceries", showing: "Apples", of: tote, window: window)
        try session.focus(window)
        let row = try waitForCenter(of: tote, named: "frame=1/Plans", window: window)
        try session.press(at: apples)
        try session.glide(from: apples, to: (apples.x + 16, apples.y + 8), steps: 4)
        try session.glide(from: apples, to: row, steps: 10)
        try session.waitUntil("the note shown during the drag") {
            (try? session.text(of: tote, in: "frame=1/Note body")) == "Pack the tent"
        }
        try session.input(["mousemove", "\(row.x + 2)", "\(row.y)"])
        session.pace(0.1)
        try session.input(["mouseup", "1"])

        try session.waitUntil("the reminder appended") { body(note.id) == "Pack the tent\nApples" }
        try toast("Added to “Plans”", in: tote)
        XCTAssertEqual(try session.textSelection(of: tote, in: "frame=1/Note body"), 14..<20, "the appended item is selected")
        try session.key("ctrl+z")
        try session.waitUntil("one Ctrl+Z takes it out") { body(note.id) == "Pack the tent" }
    }
}
