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

        second.sidebarView.select(.reminderList(lists[0].id))
        XCTAssertTrue(secondPane.show(listID: lists[0].id))
        firstPane.add(title: "Call the office")
        XCTAssertEqual(secondPane.rows.map(\.title), ["Call the office"], "a reminder added in the first")

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
