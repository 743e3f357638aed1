// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// One history per window: Ctrl+Z takes the window's latest step whatever it changed,
/// showing it; a note keeps its steps while another is shown; a move between notes in two
/// windows is one step from either; undo never writes over a change made elsewhere.
final class WindowHistoryTests: GTKTestCase {
    func testCtrlZTakesTheWindowsStepsInOrderAcrossNotesAndLists() throws {
        try onMainActor(Self.acrossNotesAndLists)
    }

    func testUndoRefusesWhenAnotherWindowChangedTheNoteSince() throws {
        try onMainActor(Self.refusal)
    }

    func testAMoveBetweenNotesInTwoWindowsIsOneStepFromEither() throws {
        try onMainActor(Self.moveBetweenWindows)
    }

    @MainActor
    private static func type(_ text: String, in window: MainWindow) throws {
        let editor = try XCTUnwrap(window.noteEditor)
        editor.focusBody()
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(editor.buffer, &end)
        gtk_text_buffer_place_cursor(editor.buffer, &end)
        gtk_text_buffer_insert_at_cursor(editor.buffer, text, -1)
        editor.saveNow(waitUntilWritten: true)
    }

    /// Ctrl+Z as a person presses it: the shortcut's action in the note editor.
    @MainActor
    private static func pressUndo(in window: MainWindow) throws {
        let editor = try XCTUnwrap(window.noteEditor)
        XCTAssertTrue(gtk_widget_activate_action_variant(editor.textView, "editor.undo", nil).isTrue)
    }

    @MainActor
    private static func acrossNotesAndLists() throws {
        let dataHome = try TemporaryDataHome()
        let app = startApp(dataHome: dataHome)
        defer { close(app) }
        let window = try XCTUnwrap(app.windows.first)
        let library = try XCTUnwrap(app.library)
        let editor = try XCTUnwrap(window.noteEditor)

        window.createNote()
        try type("Alpha", in: window)
        let alpha = try XCTUnwrap(editor.note?.id)
        window.createReminderList()
        let pane = try XCTUnwrap(window.remindersPane)
        pane.add(title: "Milk")
        let list = try XCTUnwrap(pane.list)
        window.createNote()
        try type("Beta", in: window)
        let beta = try XCTUnwrap(editor.note?.id)

        // Showing another note and coming back keeps that note's steps.
        window.open(.note(alpha))
        window.open(.note(beta))
        XCTAssertEqual(editor.bodyText, "Beta")

        try pressUndo(in: window)
        XCTAssertEqual(editor.bodyText, "")
        try pressUndo(in: window)
        XCTAssertEqual(window.visiblePageName, "reminder-list", "the list it changes is shown")
        XCTAssertEqual(try library.reminders(inList: list.id).map(\.title), [])
        pane.undo()  // Ctrl+Z in the list goes to the window too
        XCTAssertNil(library.list(list.id), "creating the list was the step before")
        XCTAssertEqual(window.visiblePageName, "welcome")
        window.undo()
        XCTAssertEqual(window.visiblePageName, "note", "the note it changes is shown")
        XCTAssertEqual(editor.note?.id, alpha)
        XCTAssertEqual(editor.bodyText, "")

        window.redo()
        XCTAssertEqual(editor.bodyText, "Alpha")
        window.redo()
        XCTAssertNotNil(library.list(list.id))
        window.redo()
        XCTAssertEqual(try library.reminders(inList: list.id).map(\.title), ["Milk"])
        window.redo()
        XCTAssertEqual(editor.note?.id, beta)
        XCTAssertEqual(editor.bodyText, "Beta")
        editor.saveNow(waitUntilWritten: true)
        XCTAssertEqual(try library.note(id: beta)?.body, "Beta")
    }

    /// Tote with two windows (Ctrl+Shift+N), and its library.
    @MainActor
    private static func twoWindows(_ dataHome: TemporaryDataHome) throws
        -> (ToteApplication, MainWindow, MainWindow, Library) {
        let app = startApp(dataHome: dataHome)
        app.openNewWindow()
        return (app, app.windows[0], app.windows[1], try XCTUnwrap(app.library))
    }

    @MainActor
    private static func refusal() throws {
        let dataHome = try TemporaryDataHome()
        let (app, first, second, library) = try twoWindows(dataHome)
        defer { close(app) }

        first.createNote()
        try type("one", in: first)
        let note = try XCTUnwrap(first.noteEditor?.note?.id)
        first.createNote()  // the first window moves on to another note

        second.open(.note(note))
        XCTAssertEqual(second.noteEditor?.note?.id, note)
        try type(" two", in: second)

        first.undo()
        XCTAssertEqual(first.toastTitles.last, "Nothing was undone: “one two” was changed elsewhere since")
        XCTAssertEqual(try library.note(id: note)?.body, "one two", "nothing was written over")

        // Once the other window's change is undone, this one can be.
        second.undo()
        second.noteEditor?.saveNow(waitUntilWritten: true)
        XCTAssertEqual(try library.note(id: note)?.body, "one")
        first.undo()  // the note is shown in the second window: undone there
        second.noteEditor?.saveNow(waitUntilWritten: true)
        XCTAssertEqual(try library.note(id: note)?.body, "")
    }

    @MainActor
    private static func moveBetweenWindows() throws {
        let dataHome = try TemporaryDataHome()
        let (app, first, second, library) = try twoWindows(dataHome)
        defer { close(app) }
        first.createNote()
        try type("move me", in: first)
        second.createNote()
        try type("target", in: second)
        let source = try XCTUnwrap(first.noteEditor), target = try XCTUnwrap(second.noteEditor)
        let (sourceID, targetID) = (try XCTUnwrap(source.note?.id), try XCTUnwrap(target.note?.id))

        let session = try XCTUnwrap(source.dragSession(of: 0..<5))
        XCTAssertTrue(target.dropFromTote(session, action: .move, at: 6))
        XCTAssertEqual(source.bodyText, "me")
        // "move " keeps its word end apart from "target" (smart spacing).
        XCTAssertEqual(target.bodyText, "target move ")
        XCTAssertEqual(second.toastTitles.last, "Moved to “target”")

        func stored() throws -> [String?] {
            source.saveNow(waitUntilWritten: true)
            target.saveNow(waitUntilWritten: true)
            return [try library.note(id: sourceID)?.body, try library.note(id: targetID)?.body]
        }
        first.undo()  // from the window the text came from
        XCTAssertEqual(try stored(), ["move me", "target"])
        second.redo()  // that window's entry was undone there: nothing to redo here
        XCTAssertEqual(try stored(), ["move me", "target"])
        first.redo()
        XCTAssertEqual(try stored(), ["me", "target move "])
        second.undo()  // from the window it was dropped in
        XCTAssertEqual(try stored(), ["move me", "target"])
        XCTAssertEqual(target.selection.range, 6..<6)
    }
}
