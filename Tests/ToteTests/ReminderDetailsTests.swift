// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// A reminder's details popover in a real window: its edits reach the store, each is one step
/// of the window's history, and it fits a 1000×700 window.
final class ReminderDetailsTests: GTKTestCase {
    /// A 1000×700 window showing a list of "Tent", "Stove", "Map".
    @MainActor
    private static func withList(
        _ body: (MainWindow, RemindersPane, Store, ReminderList) throws -> Void
    ) throws {
        let dataHome = try TemporaryDataHome()
        try withExtendedLifetime(dataHome) {
            let app = startApp(dataHome: dataHome)
            defer { close(app) }
            guard let window = app.windows.first, case .success(let store)? = app.store,
                  let pane = window.remindersPane else { return XCTFail("no window, store or pane") }
            gtk_window_set_default_size(window.window.cast(), 1000, 700)
            window.createReminderList()
            let list = try XCTUnwrap(store.reminderLists().first)
            for title in ["Tent", "Stove", "Map"] { pane.add(title: title) }
            waitFor("the rows laid out") {
                gtk_widget_get_width(window.window) > 900 && pane.view.rowWidget(showing: pane.view.shown[2].id)
                    .map { gtk_widget_get_mapped($0).isTrue } == true
            }
            try body(window, pane, store, list)
        }
    }

    @MainActor
    private static func reminder(_ title: String, _ store: Store, _ list: ReminderList) throws -> Reminder {
        try XCTUnwrap(store.reminders(inList: list.id).first { $0.title == title })
    }

    @MainActor
    private static func open(_ pane: RemindersPane, on title: String) throws -> ReminderDetailsPopover {
        let id = try XCTUnwrap(pane.view.shown.first { $0.title == title }?.id)
        pane.view.select([id])
        // As Details… in the row's menu does (Alt+Return calls the same).
        XCTAssertTrue(gtk_widget_activate_action_variant(pane.view.listView, "list.details", nil).isTrue)
        let details = try XCTUnwrap(pane.details)
        waitFor("the details shown") { details.popover.map { gtk_widget_get_mapped($0).isTrue } == true }
        XCTAssertEqual(details.reminder?.id, id)
        return details
    }

    /// The text on `widget`'s clipboard, read as a paste would.
    @MainActor
    private static func clipboardText(of widget: WidgetPointer) -> String? {
        final class Read { var text: String? }
        let read = Read()
        gdk_clipboard_read_text_async(gtk_widget_get_clipboard(widget), nil, { source, result, data in
            let text = gdk_clipboard_read_text_finish(OpaquePointer(source), result, nil)
            let read = Unmanaged<Read>.fromOpaque(data!).takeRetainedValue()
            read.text = text.map { String(cString: $0) } ?? ""
            g_free(text)
        }, Unmanaged.passRetained(read).toOpaque())
        waitFor("the clipboard read") { read.text != nil }
        return read.text
    }

    @MainActor
    private static func close(_ details: ReminderDetailsPopover) {
        let popover = details.popover
        details.close()
        waitFor("the details gone") { popover.map { !gtk_widget_get_mapped($0).isTrue } ?? true }
    }

    func testNotesTypedInTheDetailsAreSavedWhenTheyCloseAndOneUndoRestoresThem() throws {
        try onMainActor {
            try Self.withList { window, pane, store, list in
                let before = try Self.reminder("Stove", store, list)
                let details = try Self.open(pane, on: "Stove")
                let notesView = try XCTUnwrap(details.notesView)
                let focus = gtk_root_get_focus(gtk_widget_get_root(notesView))
                XCTAssertEqual(focus, notesView, "the keyboard is in the notes")
                let buffer = gtk_text_view_get_buffer(notesView.cast())
                gtk_text_buffer_insert_at_cursor(buffer, "Bring the gas\ncartridges", -1)
                MainLoop.iterate(until: { false }, timeout: 0.05)
                XCTAssertEqual(try Self.reminder("Stove", store, list).notes, "", "not saved per keystroke")
                Self.close(details)
                XCTAssertEqual(try Self.reminder("Stove", store, list).notes, "Bring the gas\ncartridges")
                let root = try XCTUnwrap(gtk_widget_get_root(pane.view.listView))
                let after = try XCTUnwrap(gtk_root_get_focus(root))
                XCTAssertTrue(after == pane.view.listView || gtk_widget_is_ancestor(after, pane.view.listView).isTrue,
                              "the keyboard is back in the list")

                // Ctrl+Z in the list: the window's history.
                XCTAssertTrue(gtk_widget_activate_action_variant(pane.view.listView, "list.undo", nil).isTrue)
                XCTAssertEqual(try Self.reminder("Stove", store, list), before, "one undo restores it exactly")
                window.redo()
                XCTAssertEqual(try Self.reminder("Stove", store, list).notes, "Bring the gas\ncartridges")
            }
        }
    }

    /// The row's Details button opens that reminder's details, selecting it alone.
    func testTheRowsButtonOpensItsReminderAndSelectsIt() throws {
        try onMainActor {
            try Self.withList { _, pane, _, _ in
                let map = try XCTUnwrap(pane.view.shown.first { $0.title == "Map" }?.id)
                pane.view.select(pane.view.shown.filter { $0.title != "Map" }.map(\.id))
                let row = try XCTUnwrap(pane.view.rowWidget(showing: map))
                let button = try XCTUnwrap(Self.descendants(of: row).first {
                    Self.isA($0, gtk_button_get_type()) && gtk_widget_get_tooltip_text($0).map { String(cString: $0) } == "Details"
                })
                XCTAssertTrue(gtk_widget_get_visible(button).isTrue)
                // As a click: GtkButton's activation shows the press, then clicks.
                XCTAssertTrue(gtk_widget_activate(button).isTrue)
                waitFor("the details shown") { pane.details?.popover.map { gtk_widget_get_mapped($0).isTrue } == true }
                let details = try XCTUnwrap(pane.details)
                XCTAssertEqual(details.reminder?.id, map)
                XCTAssertEqual(pane.view.selectedIDs, [map])
                Self.close(details)
            }
        }
    }

    func testTitleDayPriorityAndTimeAreEachOneStep() throws {
        try onMainActor {
            try Self.withList { window, pane, store, list in
                let stove = try Self.reminder("Stove", store, list)
                let steps = window.history.undoEntries.count
                let details = try Self.open(pane, on: "Stove")
                let titleRow = try XCTUnwrap(details.titleRow)
                XCTAssertEqual(String(cString: gtk_editable_get_text(titleRow.opaque)), "Stove")
                let text = try XCTUnwrap(Self.descendants(of: titleRow).first { Self.isA($0, gtk_text_get_type()) })
                XCTAssertTrue(gtk_widget_grab_focus(text).isTrue)
                gtk_editable_set_text(titleRow.opaque, "Camping stove")
                // Going on from the title to the notes.
                XCTAssertEqual(try Self.reminder("Stove", store, list).title, "Stove", "not per keystroke")
                XCTAssertTrue(gtk_widget_grab_focus(try XCTUnwrap(details.notesView)).isTrue)
                XCTAssertEqual(try Self.reminder("Camping stove", store, list).id, stove.id)
                // A day on the calendar, taken when its popover closes.
                let timeRow = try XCTUnwrap(details.timeRow)
                XCTAssertFalse(gtk_widget_get_sensitive(timeRow).isTrue, "no day: no time")
                let dueButton = try XCTUnwrap(details.dueButton)
                gtk_menu_button_popup(dueButton.opaque)
                let dayPopover = try XCTUnwrap(gtk_menu_button_get_popover(dueButton.opaque))
                waitFor("the calendar shown") { gtk_widget_get_mapped(UnsafeMutableRawPointer(dayPopover).assumingMemoryBound(to: GtkWidget.self)).isTrue }
                let christmasEve = g_date_time_new_local(2026, 12, 24, 0, 0, 0)!
                gtk_calendar_select_day(try XCTUnwrap(details.calendar).opaque, christmasEve)
                g_date_time_unref(christmasEve)
                XCTAssertNil(try Self.reminder("Camping stove", store, list).due, "not while the calendar shows")
                gtk_menu_button_popdown(dueButton.opaque)
                let christmas = try XCTUnwrap(ReminderChoices.startOfDay(year: 2026, month: 12, day: 24))
                waitFor("the day set") { (try? Self.reminder("Camping stove", store, list).due) == christmas }
                XCTAssertTrue(details.isOpen, "the details stay open")
                adw_combo_row_set_selected(try XCTUnwrap(details.priorityRow).cast(), 3)
                XCTAssertEqual(try Self.reminder("Camping stove", store, list).priority, .high)
                XCTAssertTrue(gtk_widget_get_sensitive(timeRow).isTrue, "a day is set: a time can be")
                adw_combo_row_set_selected(timeRow.cast(), 19)  // 09:30
                let due = try XCTUnwrap(try Self.reminder("Camping stove", store, list).due)
                XCTAssertEqual(ReminderDetails.time(of: due), ReminderDetails.TimeOfDay(hour: 9, minute: 30))
                XCTAssertEqual(ReminderDetails.day(of: due), christmas)
                Self.close(details)
                XCTAssertEqual(window.history.undoEntries.count, steps + 4, "four edits, four steps")

                for _ in 0..<4 { window.undo() }
                XCTAssertEqual(try Self.reminder("Stove", store, list), stove, "undone exactly")
            }
        }
    }

    /// The popover fits a 1000×700 window: every label whole, nothing squeezed below the size
    /// it asks for, and inside the screen, wherever its row is.
    func testTheDetailsAreNotClippedInA1000By700Window() throws {
        try onMainActor {
            try Self.withList { window, pane, _, _ in
                for title in ["Tent", "Map"] {
                    let details = try Self.open(pane, on: title)
                    let popover = try XCTUnwrap(details.popover)
                    let child = try XCTUnwrap(gtk_popover_get_child(popover.cast()))
                    let labels = Self.descendants(of: popover).filter {
                        Self.isA($0, gtk_label_get_type()) && gtk_widget_get_mapped($0).isTrue
                    }
                    waitFor("the details laid out") {
                        !labels.isEmpty && labels.allSatisfy { gtk_widget_get_width($0) > 0 }
                    }
                    var clipped: [String] = []
                    for label in labels {
                        var textWidth: Int32 = 0
                        pango_layout_get_pixel_size(gtk_label_get_layout(label.opaque), &textWidth, nil)
                        if gtk_widget_get_width(label) < textWidth {
                            clipped.append(String(cString: gtk_label_get_label(label.opaque)))
                        }
                    }
                    XCTAssertEqual(clipped, [], title)
                    var minimum: Int32 = 0, natural: Int32 = 0
                    gtk_widget_measure(child, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width(child), &minimum, &natural,
                                       nil, nil)
                    // A measure includes the margins; a widget's height does not.
                    let margins = gtk_widget_get_margin_top(child) + gtk_widget_get_margin_bottom(child)
                    XCTAssertGreaterThanOrEqual(gtk_widget_get_height(child) + margins, minimum, "\(title): not squeezed")
                    // Where GTK puts it (it fits, so nothing slides): centred under what it
                    // points at, below the row or above it.
                    var rect = GdkRectangle()
                    XCTAssertTrue(gtk_popover_get_pointing_to(popover.cast(), &rect).isTrue)
                    var x = 0.0, y = 0.0
                    XCTAssertTrue(gtk_widget_translate_coordinates(pane.view.listView, window.window, Double(rect.x),
                                                                   Double(rect.y), &x, &y).isTrue)
                    // What shows of the popover: its contents and their frame (its surface has
                    // room for a shadow around them besides).
                    let frame: Int32 = 14
                    let (width, height) = (gtk_widget_get_width(child) + 2 * frame, gtk_widget_get_height(child) + 2 * frame)
                    let centre = x + Double(rect.width) / 2
                    XCTAssertGreaterThanOrEqual(centre - Double(width) / 2, 0, "\(title): inside on the left")
                    XCTAssertLessThanOrEqual(centre + Double(width) / 2, Double(gtk_widget_get_width(window.window)),
                                             "\(title): inside on the right")
                    let below = y + Double(rect.height) + Double(height) <= Double(gtk_widget_get_height(window.window))
                    let above = y - Double(height) >= 0
                    XCTAssertTrue(below || above, "\(title): room below or above its row")
                    Self.close(details)
                }
                _ = window
            }
        }
    }

    /// Notes typed in the details of a reminder that another window then moves or deletes are
    /// not lost: they reach the moved reminder in its new list; for a deleted one they are
    /// put on the clipboard and a toast says so.
    func testWhatWasTypedForAReminderMovedOrDeletedElsewhereIsKept() throws {
        try onMainActor {
            try Self.withList { window, pane, store, list in
                let library = pane.library
                let elsewhere = NSObject()  // another window's changes
                let other = try store.createReminderList(name: "Camp")
                try library.load()
                var toasts: [String] = []
                pane.onToast = { title, _ in toasts.append(title) }

                // Moved to another list while notes are being typed.
                let stove = try Self.reminder("Stove", store, list)
                var details = try Self.open(pane, on: "Stove")
                gtk_text_buffer_insert_at_cursor(gtk_text_view_get_buffer(try XCTUnwrap(details.notesView).cast()), "Gas", -1)
                let rows = try store.reminders(inList: list.id)
                try library.apply(ReminderOrdering.move([stove.id], from: [list.id: rows, other.id: []], to: other.id, at: 0),
                                  origin: elsewhere)
                waitFor("the moved reminder's notes") {
                    (try? store.reminders(inList: other.id).first?.notes) == "Gas"
                }
                XCTAssertEqual(try store.reminders(inList: other.id).map(\.title), ["Stove"])
                waitFor("the details closed") { details.popover.map { !gtk_widget_get_mapped($0).isTrue } ?? true }

                // Deleted while notes are being typed.
                let map = try Self.reminder("Map", store, list)
                details = try Self.open(pane, on: "Map")
                gtk_text_buffer_insert_at_cursor(gtk_text_view_get_buffer(try XCTUnwrap(details.notesView).cast()), "Trail 4", -1)
                try library.apply(try XCTUnwrap(ReminderEditing.deleting([map.id], in: try store.reminders(inList: list.id))),
                                  origin: elsewhere)
                waitFor("the toast") { toasts.contains { $0.contains("Map") && $0.contains("clipboard") } }
                XCTAssertEqual(Self.clipboardText(of: pane.view.listView), "Trail 4")

                // The whole list deleted while notes are being typed.
                details = try Self.open(pane, on: "Tent")
                gtk_text_buffer_insert_at_cursor(gtk_text_view_get_buffer(try XCTUnwrap(details.notesView).cast()), "Pegs", -1)
                try library.apply(ReminderEditing.deletingList(list, reminders: try store.reminders(inList: list.id)),
                                  origin: elsewhere)
                waitFor("the toast for Tent") { toasts.contains { $0.contains("Tent") && $0.contains("clipboard") } }
                XCTAssertFalse(toasts.contains { $0.contains("Could not") }, "no failed write: \(toasts)")
                XCTAssertEqual(Self.clipboardText(of: pane.view.listView), "Pegs")
                _ = window
            }
        }
    }
}
