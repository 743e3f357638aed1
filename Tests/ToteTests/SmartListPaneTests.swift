// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// A smart list in a real window: it shows the reminders of every list it holds, and every
/// command works on them where they are (done, rename, due date, delete, Move to List…,
/// adding one), each one undo step that puts the smart list back on screen.
final class SmartListPaneTests: GTKTestCase {
    func testEveryCommandWorksInASmartListOnTheRemindersOfEveryList() throws {
        try onMainActor {
            let dataHome = try TemporaryDataHome()
            try withExtendedLifetime(dataHome) {
                let app = Self.startApp(dataHome: dataHome)
                defer { Self.close(app) }
                guard let window = app.windows.first, case .success(let store)? = app.store,
                      let pane = window.remindersPane else { return XCTFail("no window, store or pane") }
                window.createReminderList(named: "Home")
                window.createReminderList(named: "Work")
                let lists = try store.reminderLists()
                let (home, work) = (lists[0], lists[1])
                XCTAssertTrue(pane.show(listID: home.id))
                for title in ["Milk", "Bread"] { pane.add(title: title) }
                XCTAssertTrue(pane.show(listID: work.id))
                pane.add(title: "Report")
                @MainActor func titles(_ list: ReminderList) -> [String] {
                    ((try? store.reminders(inList: list.id)) ?? []).map(\.title)
                }
                @MainActor func id(_ title: String) throws -> UUID {
                    try XCTUnwrap(pane.view.shown.first { $0.title == title }?.id, "\(title) shown")
                }

                // All shows both lists, Home's first as in the sidebar; each row names its list.
                window.open(smartList: .all)
                XCTAssertEqual(pane.smartList, .all)
                XCTAssertNil(pane.list)
                XCTAssertEqual(pane.view.shown.map(\.title), ["Milk", "Bread", "Report"])
                XCTAssertEqual(pane.view.listNames[work.id], "Work")

                // Due today, from two lists at once: both in Today, still in their lists.
                pane.view.select([try id("Milk"), try id("Report")])
                XCTAssertTrue(gtk_widget_activate_action_variant(pane.view.listView, "list.due", g_variant_new_string("today")).isTrue)
                window.open(smartList: .today)
                XCTAssertEqual(pane.view.shown.map(\.title), ["Milk", "Report"])
                XCTAssertEqual(titles(home), ["Milk", "Bread"])

                // Done and renamed where they are.
                pane.view.select([try id("Report")])
                pane.toggleSelectionDone()
                XCTAssertEqual(try store.reminders(inList: work.id).first?.isDone, true)
                let milk = try id("Milk")
                let retitled = try XCTUnwrap(ReminderEditing.retitling(milk, to: "Oat milk", in: pane.rows, now: Date()))
                XCTAssertTrue(pane.perform(retitled, selecting: [milk]))
                XCTAssertEqual(titles(home), ["Oat milk", "Bread"])
                XCTAssertEqual(pane.smartList, .today, "the smart list stays shown")

                // Move to List… from a smart list: the reminder goes to Work, Today still shows it
                // (both due at the same time: in the sidebar's order of their lists). Moved to
                // the list it is in, nothing changes.
                let report = try id("Report")
                pane.transfer([milk, report], to: work.id, copying: false)
                XCTAssertEqual(titles(home), ["Bread"])
                XCTAssertEqual(titles(work), ["Report", "Oat milk"])
                XCTAssertEqual(pane.smartList, .today)
                XCTAssertEqual(pane.view.shown.map(\.title), ["Report", "Oat milk"])
                pane.transfer([report], to: work.id, copying: false)
                XCTAssertEqual(titles(work), ["Report", "Oat milk"])

                // One undo puts it back in Home, with Today still on screen.
                pane.undo()
                XCTAssertEqual(titles(home), ["Oat milk", "Bread"])
                XCTAssertEqual(titles(work), ["Report"])
                XCTAssertEqual(pane.smartList, .today)
                XCTAssertEqual(pane.view.shown.map(\.title), ["Oat milk", "Report"])

                // Typed in Today: in the first list, due today.
                pane.add(title: "Call Ann")
                let added = try XCTUnwrap(store.reminders(inList: home.id).last)
                XCTAssertEqual(added.title, "Call Ann")
                XCTAssertEqual(added.due, Calendar.current.startOfDay(for: Date()))
                XCTAssertTrue(pane.view.shown.contains { $0.title == "Call Ann" })

                // Completed holds Report; deleting it there deletes it from Work, and undo
                // brings it back.
                window.open(smartList: .completed)
                XCTAssertEqual(pane.view.shown.map(\.title), ["Report"])
                pane.view.select([try id("Report")])
                pane.deleteSelection()
                XCTAssertEqual(titles(work), [])
                XCTAssertEqual(pane.view.shown, [])
                pane.undo()
                XCTAssertEqual(titles(work), ["Report"])
                XCTAssertEqual(pane.view.shown.map(\.title), ["Report"])

                // In a smart list the list's own commands are off.
                for name in ["rename-list", "delete-list", "move-up", "move-down", "export"] {
                    XCTAssertFalse(g_action_get_enabled(pane.actions[name]).isTrue, name)
                }

                // A list chosen again leaves the smart list.
                XCTAssertTrue(pane.show(listID: home.id))
                XCTAssertNil(pane.smartList)
                XCTAssertEqual(pane.view.shown.map(\.title), ["Oat milk", "Bread", "Call Ann"])
            }
        }
    }
}
