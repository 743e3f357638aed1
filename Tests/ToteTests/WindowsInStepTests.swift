// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// Two windows (Ctrl+Shift+N) show the same notes and lists: a change in one shows in the
/// other at once, and a window showing a list deleted in the other goes to its empty state.
final class WindowsInStepTests: GTKTestCase {
    func testNotesAndListsStayInStepAcrossWindows() throws {
        try onMainActor(Self.inStep)
    }

    func testANoteDeletedElsewhereLeavesItsEditorWithAToastAndTypedTextIsKept() throws {
        try onMainActor(Self.noteDeletedElsewhere)
    }

    @MainActor
    private static func noteDeletedElsewhere() throws {
        let dataHome = try TemporaryDataHome()
        let app = startApp(dataHome: dataHome)
        defer { close(app) }
        let window = try XCTUnwrap(app.windows.first), library = try XCTUnwrap(app.library)
        let editor = try XCTUnwrap(window.noteEditor)

        window.createNote()
        gtk_editable_set_text(editor.titleField.opaque, "Plans")
        editor.saveNow(waitUntilWritten: true)
        let plans = try XCTUnwrap(editor.note?.id)
        XCTAssertNotNil(try library.deleteNote(id: plans))  // as another window or Tote would
        XCTAssertEqual(window.visiblePageName, "welcome")
        XCTAssertNil(editor.note)
        XCTAssertEqual(window.toastTitles.last, "“Plans” was deleted in another window")
        XCTAssertEqual(window.sidebarView.noteRowNames, [])

        // With text typed and not yet saved, the text is kept as a copy, shown in its place.
        window.createNote()
        gtk_editable_set_text(editor.titleField.opaque, "Draft")
        let draft = try XCTUnwrap(editor.note?.id)
        XCTAssertTrue(editor.hasUnsavedEdits)
        _ = try library.deleteNote(id: draft)
        XCTAssertEqual(window.visiblePageName, "note")
        XCTAssertNotEqual(editor.note?.id, draft)
        XCTAssertEqual(try library.note(id: try XCTUnwrap(editor.note?.id))?.title, "Draft (conflicting copy)")
    }

    @MainActor
    private static func inStep() throws {
        let dataHome = try TemporaryDataHome()
        let app = startApp(dataHome: dataHome)
        defer { close(app) }
        guard case .success(let store)? = app.store else { return XCTFail("no store") }
        app.openNewWindow()
        let (first, second) = (app.windows[0], app.windows[1])

        // A note created, named and deleted in the first shows in the second.
        first.createNote()
        let note = try XCTUnwrap(first.noteEditor?.note)
        gtk_text_buffer_insert_at_cursor(try XCTUnwrap(first.noteEditor).buffer, "Shared plans", -1)
        first.saveNow(waitUntilWritten: true)
        waitFor("the second sidebar to name the note") { second.sidebarView.noteRowNames == ["Shared plans"] }
        first.deleteShownNote()
        XCTAssertEqual(second.sidebarView.noteRowNames, [], "deleted in the first, gone from the second")
        XCTAssertEqual(try store.notes().map(\.id).contains(note.id), false)

        // Lists: created, renamed and filled in the first; the second follows.
        first.createReminderList()
        first.createReminderList()
        XCTAssertEqual(second.sidebarView.reminderListNames, ["New List", "New List"])
        let lists = try store.reminderLists()
        let firstPane = try XCTUnwrap(first.remindersPane), secondPane = try XCTUnwrap(second.remindersPane)
        XCTAssertTrue(firstPane.show(listID: lists[0].id))
        let rename = try XCTUnwrap(ReminderEditing.renamingList(lists[0], to: "Work", now: Date()))
        XCTAssertTrue(firstPane.perform(rename, selecting: []))
        XCTAssertEqual(second.sidebarView.reminderListNames, ["Work", "New List"])
        firstPane.moveList(by: 1)
        XCTAssertEqual(second.sidebarView.reminderListNames, ["New List", "Work"], "reordered in the first")
        firstPane.moveList(by: -1)

        second.sidebarView.select(.reminderList(lists[0].id))
        XCTAssertTrue(secondPane.show(listID: lists[0].id))
        firstPane.add(title: "Call the office")
        XCTAssertEqual(secondPane.rows.map(\.title), ["Call the office"], "a reminder added in the first")
        firstPane.view.selectAll()
        firstPane.toggleSelectionDone()
        XCTAssertEqual(secondPane.rows.map(\.isDone), [true], "ticked in the first")

        // The list deleted in the first: the second goes to its empty state and says so.
        let work = try XCTUnwrap(try store.reminderLists().first { $0.name == "Work" })
        XCTAssertTrue(firstPane.perform(ReminderEditing.deletingList(work, reminders: try store.reminders(inList: work.id)),
                                        selecting: []))
        XCTAssertEqual(second.sidebarView.reminderListNames, ["New List"])
        XCTAssertNil(secondPane.list)
        XCTAssertEqual(second.visiblePageName, "welcome")
        XCTAssertEqual(second.toastTitles.last, "“Work” was deleted in another window")
    }
}
