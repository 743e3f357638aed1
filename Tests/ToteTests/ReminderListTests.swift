// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// The reminder list page in a real window: selection in the GtkListView, and the commands
/// that move, copy, reorder, complete, delete and paste, each one undo step.
final class ReminderListTests: GTKTestCase {
    /// A window showing list A (ten reminders "a0"…"a9") with list B ("b0", "b1") beside it.
    @MainActor
    private static func withTwoLists(
        _ body: (ToteApplication, MainWindow, RemindersPane, Store, ReminderList, ReminderList) throws -> Void
    ) throws {
        let dataHome = try TemporaryDataHome()
        try withExtendedLifetime(dataHome) {
            let app = startApp(dataHome: dataHome)
            defer { close(app) }
            guard let window = app.windows.first, case .success(let store)? = app.store,
                  let pane = window.remindersPane else { return XCTFail("no window, store or pane") }
            window.createReminderList()
            window.createReminderList()
            let lists = try store.reminderLists()
            XCTAssertEqual(lists.count, 2)
            let (a, b) = (lists[0], lists[1])
            XCTAssertTrue(pane.show(listID: b.id))
            for title in ["b0", "b1"] { pane.add(title: title) }
            window.sidebarView.select(.reminderList(a.id))
            XCTAssertTrue(pane.show(listID: a.id))
            for index in 0..<10 { pane.add(title: "a\(index)") }
            XCTAssertEqual(window.visiblePageName, "reminder-list")
            XCTAssertEqual(pane.view.shown.map(\.title), (0..<10).map { "a\($0)" })
            try body(app, window, pane, store, a, b)
        }
    }

    @MainActor
    private static func titles(_ store: Store, _ list: ReminderList) -> [String] {
        ((try? store.reminders(inList: list.id)) ?? []).map(\.title)
    }

    @MainActor
    private static func ids(_ pane: RemindersPane, _ titles: [String]) -> [UUID] {
        titles.compactMap { title in pane.view.shown.first { $0.title == title }?.id }
    }

    /// Rows keep their widgets when another list is shown or most rows change (GtkListView
    /// binds them again): every bound row shows the reminder at its position, through
    /// openings, a change of 600 rows, and small splices.
    func testEveryRowShowsTheReminderAtItsPositionThroughOpeningsAndChanges() throws {
        try onMainActor {
            try Self.withTwoLists { _, _, pane, store, a, b in
                @MainActor func check(_ moment: String) {
                    MainLoop.iterate(until: { false }, timeout: 0.05)
                    let bound = pane.view.boundRowTitles
                    XCTAssertFalse(bound.isEmpty, "\(moment): rows are bound")
                    for (position, title) in bound {
                        XCTAssertEqual(title, pane.view.shown[position].title, "\(moment): row \(position)")
                    }
                }
                let items = (0..<600).map { ReminderTransfer.Item(title: "many \($0)") }
                let (command, _) = try XCTUnwrap(ReminderEditing.inserting(
                    items, into: pane.rows, listID: a.id, at: 3, makeID: { UUID() }, now: Date()))
                XCTAssertTrue(pane.perform(command, selecting: []))
                check("600 inserted")
                XCTAssertTrue(pane.show(listID: b.id))
                check("the other list")
                XCTAssertEqual(pane.view.shown.map(\.title), ["b0", "b1"])
                XCTAssertTrue(pane.show(listID: a.id))
                check("the long list again")
                XCTAssertEqual(pane.view.shown.count, 610)
                let many = pane.view.shown.filter { $0.title.hasPrefix("many") }.map(\.id)
                let done = try XCTUnwrap(ReminderEditing.togglingDone(Array(many.prefix(550)), in: pane.rows, now: Date()))
                XCTAssertTrue(pane.perform(done, selecting: []))
                check("550 completed")
                XCTAssertTrue(gtk_widget_activate_action_variant(pane.view.listView, "list.show-completed", nil).isTrue)
                check("completed hidden")
                XCTAssertEqual(pane.view.shown.count, 60)
                pane.view.select(Self.ids(pane, ["a2", "a5"]))
                pane.deleteSelection()
                check("two deleted")
                pane.view.select(Self.ids(pane, ["a7"]))
                pane.reorderSelection(by: -1)
                check("one moved up")
                XCTAssertEqual(Self.titles(store, a).filter { !$0.hasPrefix("many") },
                               ["a0", "a1", "a3", "a4", "a7", "a6", "a8", "a9"])
                pane.undo()
                pane.undo()
                check("two undone")
            }
        }
    }

    /// While a short list is shown, rows are made ahead until its rows and the spare ones are
    /// as many as GtkListView 4.8 keeps; a list made long takes the spare ones, each showing
    /// the reminder at its position and its check box working; made short again, its torn-down
    /// rows are freed over the idle turns that follow, and the pool fills again.
    func testRowsMadeAheadAreGivenToAListMadeLong() throws {
        try onMainActor {
            try Self.withTwoLists { _, _, pane, store, _, b in
                XCTAssertTrue(pane.show(listID: b.id))
                let view = pane.view
                let kept = ReminderRowPool.listItemsKept
                XCTAssertTrue(MainLoop.iterate(until: { view.rowPool.spareCount + view.rows.count >= kept }, timeout: 10),
                              "the pool fills: \(view.rowPool.spareCount) spare, \(view.rows.count) rows")
                let spare = view.rowPool.spareCount
                XCTAssertGreaterThan(spare, kept / 2)
                let items = (0..<500).map { ReminderTransfer.Item(title: "long \($0)") }
                let (command, ids) = try XCTUnwrap(ReminderEditing.inserting(
                    items, into: pane.rows, listID: b.id, at: 2, makeID: { UUID() }, now: Date()))
                XCTAssertTrue(pane.perform(command, selecting: ids))
                XCTAssertLessThan(view.rowPool.spareCount, spare / 2, "the new rows came from the pool")
                let bound = view.boundRowTitles
                XCTAssertGreaterThan(bound.count, 100)
                for (position, title) in bound { XCTAssertEqual(title, view.shown[position].title, "row \(position)") }
                // A pooled row's check box completes its reminder.
                let inserted = Set(ids)
                let row = try XCTUnwrap(view.rows.values.first { $0.id.map(inserted.contains) == true })
                let id = try XCTUnwrap(row.id)
                view.select([id])
                gtk_check_button_set_active(row.check.cast(), true.g)
                XCTAssertEqual(try store.reminders(inList: b.id).first { $0.id == id }?.isDone, true)
                let boxesBefore = view.rows.values.map(\.box.raw)
                pane.undo()
                pane.undo()
                XCTAssertEqual(view.shown.map(\.title), ["b0", "b1"])
                // The rows GTK tore down are freed later, a few at a time, not in the undo.
                XCTAssertGreaterThan(view.rowPool.retiredCount, 100)
                let staying = Set(view.rows.values.map(\.box.raw))
                // One of the rows that went, still there, watched until GTK's object is freed.
                var watched = boxesBefore.first { !staying.contains($0) }
                XCTAssertNotNil(watched)
                if let box = watched { g_object_add_weak_pointer(box.assumingMemoryBound(to: GObject.self), &watched) }
                XCTAssertTrue(MainLoop.iterate(until: { view.rowPool.retiredCount == 0 && watched == nil }, timeout: 10),
                              "the torn-down rows are freed")
                XCTAssertTrue(MainLoop.iterate(until: { view.rowPool.spareCount + view.rows.count >= kept }, timeout: 10),
                              "the pool fills again")
            }
        }
    }

    /// Priority and Due are radio items showing what the selected reminders share.
    func testPriorityAndDueShowTheSelectionsValue() throws {
        try onMainActor {
            try Self.withTwoLists { _, _, pane, store, a, _ in
                @MainActor func shown(_ name: String) -> String {
                    guard let action = pane.actions[name] else { return "?" }
                    let state = g_action_get_state(action)
                    defer { g_variant_unref(state) }
                    return String(cString: g_variant_get_string(state, nil))
                }
                pane.view.select(Self.ids(pane, ["a2"]))
                XCTAssertEqual([shown("priority"), shown("due")], ["none", "none"])
                XCTAssertTrue(gtk_widget_activate_action_variant(pane.view.listView, "list.priority", g_variant_new_string("high")).isTrue)
                XCTAssertTrue(gtk_widget_activate_action_variant(pane.view.listView, "list.due", g_variant_new_string("tomorrow")).isTrue)
                XCTAssertEqual([shown("priority"), shown("due")], ["high", "tomorrow"])
                let stored = try XCTUnwrap(store.reminders(inList: a.id).first { $0.title == "a2" })
                XCTAssertEqual(stored.priority, .high)
                XCTAssertEqual(stored.due, ReminderChoices.dueDate(named: "tomorrow", now: Date()))
                pane.view.select(Self.ids(pane, ["a2", "a3"]))
                XCTAssertEqual([shown("priority"), shown("due")], ["", ""], "they differ: no item chosen")
                pane.view.select(Self.ids(pane, ["a3"]))
                XCTAssertEqual([shown("priority"), shown("due")], ["none", "none"])
            }
        }
    }

    /// Choose Date… shows a calendar; the day chosen there becomes the selection's due date.
    func testADueDateChosenOnTheCalendarIsSet() throws {
        try onMainActor {
            try Self.withTwoLists { _, _, pane, store, a, _ in
                pane.view.select(Self.ids(pane, ["a4"]))
                XCTAssertTrue(gtk_widget_activate_action_variant(pane.view.listView, "list.choose-due", nil).isTrue)
                let found = try Self.messageDialog()
                let calendar = try XCTUnwrap(adw_message_dialog_get_extra_child(UnsafeMutableRawPointer(found).assumingMemoryBound(to: AdwMessageDialog.self)))
                let christmasEve = g_date_time_new_local(2026, 12, 24, 0, 0, 0)!
                gtk_calendar_select_day(OpaquePointer(calendar), christmasEve)
                g_date_time_unref(christmasEve)
                adw_message_dialog_response(UnsafeMutableRawPointer(found).assumingMemoryBound(to: AdwMessageDialog.self), "confirm")
                gtk_window_close(UnsafeMutableRawPointer(found).assumingMemoryBound(to: GtkWindow.self))  // as its button would
                let stored = try XCTUnwrap(store.reminders(inList: a.id).first { $0.title == "a4" })
                XCTAssertEqual(stored.due, ReminderChoices.startOfDay(year: 2026, month: 12, day: 24))
            }
        }
    }

    func testSelectionFollowsTheListViewAndSelectAll() throws {
        try onMainActor {
            try Self.withTwoLists { _, _, pane, _, _, _ in
                let chosen = Self.ids(pane, ["a2", "a5", "a7"])
                pane.view.select(chosen)
                XCTAssertEqual(pane.view.selectedIDs, chosen)
                // Ctrl+A is GtkListView's own list.select-all.
                pane.view.focusList()
                gtk_widget_activate_action_variant(pane.view.listView, "list.select-all", nil)
                XCTAssertEqual(pane.view.selectedIDs.count, 10)
                // Selecting a row in GtkListView's way (a click) replaces the selection.
                gtk_widget_activate_action_variant(
                    pane.view.listView, "list.select-item",
                    g_variant_new_tuple([g_variant_new_uint32(3), g_variant_new_boolean(0), g_variant_new_boolean(0)], 3))
                XCTAssertEqual(pane.view.selectedIDs, Self.ids(pane, ["a3"]))
                // Ctrl+click adds to it.
                gtk_widget_activate_action_variant(
                    pane.view.listView, "list.select-item",
                    g_variant_new_tuple([g_variant_new_uint32(8), g_variant_new_boolean(1), g_variant_new_boolean(0)], 3))
                XCTAssertEqual(pane.view.selectedIDs, Self.ids(pane, ["a3", "a8"]))
            }
        }
    }

    func testMovingToAnotherListKeepsOrderSelectsThemThereAndUndoesInOneStep() throws {
        try onMainActor {
            try Self.withTwoLists { _, window, pane, store, a, b in
                let before = try store.reminders(inList: a.id) + store.reminders(inList: b.id)
                let moving = Self.ids(pane, ["a6", "a1", "a4"])
                pane.view.select(moving)
                pane.transfer(pane.view.selectedIDs, to: b.id, copying: false)
                XCTAssertEqual(Self.titles(store, a), ["a0", "a2", "a3", "a5", "a7", "a8", "a9"])
                XCTAssertEqual(Self.titles(store, b), ["b0", "b1", "a1", "a4", "a6"])
                XCTAssertEqual(pane.list?.id, b.id, "the destination is shown")
                XCTAssertEqual(Set(pane.view.selectedIDs), Set(moving), "the moved reminders stay selected")

                pane.undo()
                XCTAssertEqual(try store.reminders(inList: a.id) + store.reminders(inList: b.id), before)
                XCTAssertEqual(pane.list?.id, a.id, "undo goes back to where they were")
                XCTAssertEqual(Set(pane.view.selectedIDs), Set(moving))
                pane.redo()
                XCTAssertEqual(Self.titles(store, b), ["b0", "b1", "a1", "a4", "a6"])
                XCTAssertEqual(window.sidebarView.reminderListNames.count, 2)
            }
        }
    }

    /// A drop is shown at once (destination, selection, focus) while the store writes it off the
    /// main thread; the step, the source's cleared selection and the toast follow once written,
    /// and one undo takes it back. A drop the store refuses shows the list as it was, says why,
    /// and records nothing.
    func testADropIsShownAtOnceAndRecordedOnceWrittenOrUndoneWhenRefused() throws {
        try onMainActor {
            try Self.withTwoLists { _, window, pane, store, a, b in
                let moving = Self.ids(pane, ["a7", "a2"])
                let lists = [a.id: pane.rows, b.id: try store.reminders(inList: b.id)]
                let plan = try XCTUnwrap(DropPlanner.reminders(
                    moving, from: lists, action: .move, into: b.id, before: nil, makeID: { UUID() }, now: Date()))
                let toasts = window.toastTitles.count
                XCTAssertTrue(DropExecutor.carryOut(plan, at: .list(pane, rows: lists[b.id]!)))
                XCTAssertEqual(pane.list?.id, b.id, "the destination is shown at once")
                XCTAssertEqual(pane.view.shown.map(\.title), ["b0", "b1", "a2", "a7"])
                XCTAssertEqual(Set(pane.view.selectedIDs), Set(moving))
                let focus = gtk_root_get_focus(gtk_widget_get_root(pane.view.listView))
                XCTAssertTrue(focus == pane.view.listView || (focus.map { gtk_widget_is_ancestor($0, pane.view.listView).isTrue } ?? false),
                              "the list has the focus")
                // Reads wait for the write; the toast and the step follow it.
                XCTAssertEqual(Self.titles(store, b), ["b0", "b1", "a2", "a7"])
                waitFor("the drop to be written and followed up", timeout: 10) { window.toastTitles.count > toasts }
                XCTAssertFalse(pane.library.isWritingInBackground)
                XCTAssertFalse(window.history.undoEntries.isEmpty)
                pane.undo()
                XCTAssertEqual(Self.titles(store, a), (0..<10).map { "a\($0)" })
                XCTAssertEqual(Self.titles(store, b), ["b0", "b1"])
                XCTAssertEqual(pane.list?.id, a.id, "undo goes back to where they were")

                // Planned on rows that another window has changed since: nothing is written.
                let stale = [a.id: pane.rows, b.id: try store.reminders(inList: b.id)]
                let stalePlan = try XCTUnwrap(DropPlanner.reminders(
                    moving, from: stale, action: .move, into: b.id, before: nil, makeID: { UUID() }, now: Date()))
                let elsewhere = try XCTUnwrap(ReminderEditing.retitling(moving[0], to: "renamed", in: pane.rows, now: Date()))
                try store.apply(elsewhere)
                pane.view.select([moving[1]])
                let steps = window.history.undoEntries.count
                XCTAssertTrue(DropExecutor.carryOut(stalePlan, at: .list(pane, rows: stale[b.id]!)))
                pane.library.settle(waiting: true)
                XCTAssertEqual(window.history.undoEntries.count, steps, "nothing recorded")
                XCTAssertEqual(pane.list?.id, a.id, "the list shown before comes back")
                XCTAssertEqual(pane.view.selectedIDs, [moving[1]], "with its selection")
                XCTAssertEqual(pane.view.shown.map(\.title), Self.titles(store, a))
                XCTAssertEqual(Self.titles(store, b), ["b0", "b1"])
                XCTAssertTrue(window.toastTitles.last?.hasPrefix("Could not change the list") == true,
                              "\(window.toastTitles.last ?? "no toast")")
            }
        }
    }

    func testCopyingLeavesTheOriginalsAndSelectsTheCopies() throws {
        try onMainActor {
            try Self.withTwoLists { _, _, pane, store, a, b in
                let originals = Self.ids(pane, ["a0", "a9"])
                pane.view.select(originals)
                pane.transfer(originals, to: b.id, copying: true)
                XCTAssertEqual(Self.titles(store, a).count, 10)
                XCTAssertEqual(Self.titles(store, b), ["b0", "b1", "a0", "a9"])
                let copies = try store.reminders(inList: b.id).suffix(2).map(\.id)
                XCTAssertEqual(Set(pane.view.selectedIDs), Set(copies))
                XCTAssertTrue(Set(copies).isDisjoint(with: originals))
                pane.undo()
                XCTAssertEqual(Self.titles(store, b), ["b0", "b1"])
            }
        }
    }

    func testAltArrowsReorderTheSelectionAsABlock() throws {
        try onMainActor {
            try Self.withTwoLists { _, _, pane, store, a, _ in
                pane.view.select(Self.ids(pane, ["a1", "a2"]))
                pane.reorderSelection(by: -1)
                pane.reorderSelection(by: -1)
                XCTAssertEqual(Self.titles(store, a).prefix(4), ["a1", "a2", "a0", "a3"])
                XCTAssertEqual(pane.view.selectedIDs, Self.ids(pane, ["a1", "a2"]))
                pane.undo()
                XCTAssertEqual(Self.titles(store, a).prefix(3), ["a0", "a1", "a2"])
            }
        }
    }

    func testCompletingHidingAndDeletingAreUndoable() throws {
        try onMainActor {
            try Self.withTwoLists { _, window, pane, store, a, _ in
                pane.view.select(Self.ids(pane, ["a3", "a4"]))
                pane.toggleSelectionDone()
                XCTAssertEqual(try store.reminders(inList: a.id).filter(\.isDone).map(\.title), ["a3", "a4"])
                gtk_widget_activate_action_variant(pane.view.listView, "list.show-completed", nil)
                XCTAssertEqual(pane.view.shown.count, 8, "completed reminders are hidden")
                gtk_widget_activate_action_variant(pane.view.listView, "list.show-completed", nil)
                XCTAssertEqual(pane.view.shown.count, 10)

                pane.view.select(Self.ids(pane, ["a0", "a9"]))
                pane.deleteSelection()
                XCTAssertEqual(Self.titles(store, a), ["a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"])
                pane.undo()
                pane.undo()
                XCTAssertEqual(Self.titles(store, a), (0..<10).map { "a\($0)" })
                XCTAssertTrue(try store.reminders(inList: a.id).allSatisfy { !$0.isDone })
            }
        }
    }

    func testCopyAndPasteBetweenListsThroughTheClipboard() throws {
        try onMainActor {
            try Self.withTwoLists { _, window, pane, store, a, b in
                pane.view.select(Self.ids(pane, ["a2", "a3"]))
                pane.copySelection()
                let offered = ContentTransfer.clipboardTypes(of: pane.view.listView)
                XCTAssertEqual(offered.first, ReminderTransfer.toteMIMEType)
                window.sidebarView.select(.reminderList(b.id))
                pane.show(listID: b.id)
                pane.view.select(Self.ids(pane, ["b0"]))
                pane.paste()
                waitFor("the paste") { Self.titles(store, b).count == 4 }
                XCTAssertEqual(Self.titles(store, b), ["b0", "a2", "a3", "b1"], "pasted after the selection")
                XCTAssertEqual(pane.view.selectedIDs.count, 2)
                XCTAssertEqual(Self.titles(store, a).count, 10)
            }
        }
    }

    func testDeletingAListShowsTheWelcomePageAndUndoBringsItBack() throws {
        try onMainActor {
            try Self.withTwoLists { _, window, pane, store, a, _ in
                pane.deleteList()
                XCTAssertEqual(try store.reminderLists().count, 1)
                XCTAssertEqual(window.visiblePageName, "welcome")
                XCTAssertEqual(window.sidebarView.reminderListNames.count, 1)
                pane.undo()
                XCTAssertEqual(try store.reminderLists().count, 2)
                XCTAssertEqual(Self.titles(store, a).count, 10)
                XCTAssertEqual(window.sidebarView.reminderListNames.count, 2)
                pane.renameList(to: "Groceries")
                XCTAssertEqual(window.sidebarView.reminderListNames.first, "Groceries")
            }
        }
    }

    func testSearchFindsRemindersByTitleAndListsByNameAndSelectsWhatMatches() throws {
        try onMainActor {
            try Self.withTwoLists { _, window, pane, _, _, b in
                pane.renameList(to: "Groceries")  // list A, shown
                searchSidebar(window, for: "B1") { $0.visibleReminderListNames.count == 1 }
                XCTAssertEqual(window.sidebarView.visibleReminderListNames, [b.name], "a reminder's title matched")
                XCTAssertEqual(window.sidebarView.notesPlaceholderText, "No notes found")
                window.open(.reminderList(b.id))
                XCTAssertEqual(pane.view.selectedIDs, Self.ids(pane, ["b1"]), "the match is selected")

                searchSidebar(window, for: "grocer") { $0.visibleReminderListNames == ["Groceries"] }
                searchSidebar(window, for: "zebra crossing") { $0.visibleReminderListNames.isEmpty }
                XCTAssertEqual(window.sidebarView.listsPlaceholderText, "No lists found")
                searchSidebar(window, for: "") { $0.visibleReminderListNames.count == 2 }
                XCTAssertEqual(window.sidebarView.listsPlaceholderText, "No lists yet")
            }
        }
    }
}

/// Calendar files that are damaged, huge or hostile: a clear toast or a bounded result,
/// never a crash or hang, and nothing existing lost.
final class ReminderImportTests: GTKTestCase {
    @MainActor
    private static func importing(_ contents: Data, name: String = "Trip.ics") throws
        -> (toasts: [String], lists: [ReminderList], reminders: [[Reminder]])
    {
        let dataHome = try TemporaryDataHome()
        return try withExtendedLifetime(dataHome) {
            let app = startApp(dataHome: dataHome)
            defer { close(app) }
            guard let window = app.windows.first, case .success(let store)? = app.store,
                  let pane = window.remindersPane else { throw XCTSkip("no window") }
            window.createReminderList()
            pane.add(title: "Existing")
            let before = try store.reminders(inList: try store.reminderLists()[0].id)
            let file = dataHome.url.appendingPathComponent(name)
            try contents.write(to: file)
            let toastsBefore = window.toastTitles.count
            pane.importAsNewList(path: file.path)
            waitFor("the import to finish", timeout: 60) { window.toastTitles.count > toastsBefore }
            let lists = try store.reminderLists()
            XCTAssertEqual(try store.reminders(inList: lists[0].id), before, "the existing list is untouched")
            return (Array(window.toastTitles[toastsBefore...]), lists, try lists.map { try store.reminders(inList: $0.id) })
        }
    }

    func testAMalformedFileIsReportedByName() throws {
        try onMainActor {
            let result = try Self.importing(Data("BEGIN:VCALENDAR\r\nthis is not\u{0}a calendar".utf8), name: "Broken.ics")
            XCTAssertEqual(result.lists.count, 1, "no list is made")
            XCTAssertTrue(result.toasts[0].contains("Broken.ics"), result.toasts[0])
        }
    }

    func testAHundredThousandComponentsAreBoundedAndSaid() throws {
        try onMainActor {
            var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
            for index in 0..<100_000 { text += "BEGIN:VTODO\r\nSUMMARY:Task \(index)\r\nEND:VTODO\r\n" }
            text += "END:VCALENDAR\r\n"
            let result = try Self.importing(Data(text.utf8))
            XCTAssertEqual(result.lists.map(\.name), ["New List", "Trip"])
            XCTAssertEqual(result.reminders[1].count, ICalendarFormat.maximumItems)
            XCTAssertTrue(result.toasts[0].contains("90,000") || result.toasts[0].contains("90000"), result.toasts[0])
        }
    }

    func testOverlongLinesAndInvalidUTF8AreMadeSafe() throws {
        try onMainActor {
            var bytes = Data("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:".utf8)
            bytes.append(Data(String(repeating: "long ", count: 400_000).utf8))
            bytes.append(contentsOf: [0xff, 0xfe, 0xc3])
            bytes.append(Data("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8))
            let result = try Self.importing(bytes)
            XCTAssertEqual(result.reminders.count, 2)
            let title = try XCTUnwrap(result.reminders[1].first?.title)
            XCTAssertLessThanOrEqual(title.count, ReminderEditing.maximumTitleLength)
            XCTAssertTrue(title.hasPrefix("long long"))
        }
    }

    func testAMissingFileIsReportedByName() throws {
        try onMainActor {
            let dataHome = try TemporaryDataHome()
            try withExtendedLifetime(dataHome) {
                let app = Self.startApp(dataHome: dataHome)
                defer { Self.close(app) }
                let window = try XCTUnwrap(app.windows.first)
                window.remindersPane?.importAsNewList(path: "/nonexistent/Gone.ics")
                waitFor("the toast") { !window.toastTitles.isEmpty }
                XCTAssertTrue(window.toastTitles[0].contains("Gone.ics"), window.toastTitles[0])
            }
        }
    }
}

extension ReminderListTests {
    /// Two windows on one list: undo in the window that has not seen the other's newer
    /// change refuses, says so, and leaves the newer change in place.
    func testUndoNeverWritesOverAChangeMadeInAnotherWindow() throws {
        try onMainActor {
            try Self.withTwoLists { app, window, pane, store, a, _ in
                app.openNewWindow()
                let other = try XCTUnwrap(app.windows.last)
                let otherPane = try XCTUnwrap(other.remindersPane)
                XCTAssertTrue(otherPane.show(listID: a.id))

                let a0 = Self.ids(pane, ["a0"])
                pane.view.select(a0)
                pane.toggleSelectionDone()
                XCTAssertEqual(try store.reminders(inList: a.id).first?.isDone, true)

                XCTAssertTrue(otherPane.show(listID: a.id))
                let current = try XCTUnwrap(try store.reminders(inList: a.id).first)
                let retitle = try XCTUnwrap(ReminderEditing.retitling(current.id, to: "a0 with oat milk", in: [current], now: Date()))
                XCTAssertTrue(otherPane.perform(retitle, selecting: [current.id]))
                let newest = try store.reminders(inList: a.id)

                pane.undo()
                XCTAssertEqual(try store.reminders(inList: a.id), newest, "the newer change stays")
                XCTAssertEqual(window.toastTitles.last, "Nothing was undone: “New List” was changed elsewhere since")
                XCTAssertEqual(pane.view.shown.first?.title, "a0 with oat milk", "the window shows what is stored")
            }
        }
    }
}
