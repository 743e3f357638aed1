// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// A sidebar row's context menu: Open in New Window, Rename…, Export… and Delete act on the
/// row's note or list, whichever is shown (issue 14, item 9).
final class SidebarRowMenuTests: GTKTestCase {
    func testTheRowMenuActsOnItsRowSNote() throws {
        try onMainActor {
            let dataHome = try TemporaryDataHome()
            let (app, window, editor, store, plans) = try Self.startAppWithNote(
                dataHome: dataHome, title: "Plans", body: "Pack the tent")
            defer { Self.close(app) }
            window.createNote()
            gtk_editable_set_text(editor.titleField.opaque, "Other")
            XCTAssertTrue(editor.saveNow(waitUntilWritten: true))
            let other = try XCTUnwrap(editor.note?.id)
            let sidebar = window.sidebarView
            // The menu opens on a row that is not shown, and does not open it; closed, it gives
            // the keyboard back to what had it (GTK 4.8 left it on the list).
            gtk_widget_grab_focus(editor.textView)
            waitFor("the row laid out") { sidebar.showRowMenu(for: .note(plans)) }
            let menu = try XCTUnwrap(sidebar.rowMenus.first?.popover)
            waitFor("the row menu") { gtk_widget_get_mapped(menu).isTrue }
            XCTAssertEqual(editor.note?.id, other, "opening the menu left the note shown")
            gtk_popover_popdown(menu.cast())
            waitFor("the menu gone") { !gtk_widget_get_mapped(menu).isTrue }
            XCTAssertTrue(gtk_widget_is_focus(editor.textView).isTrue, "typing goes on in the note")
            XCTAssertTrue(sidebar.showRowMenu(for: .note(plans)))
            waitFor("the row menu again") { gtk_widget_get_mapped(menu).isTrue }

            // Delete removes that note, not the one shown, and Undo brings it back.
            XCTAssertTrue(gtk_widget_activate_action_variant(menu, "row.delete", nil).isTrue)
            gtk_popover_popdown(menu.cast())
            XCTAssertNil(try store.note(id: plans))
            XCTAssertEqual(editor.note?.id, other)
            XCTAssertEqual(window.visiblePageName, "note")
            XCTAssertEqual(window.toastTitles.last, "“Plans” deleted")
            XCTAssertEqual(sidebar.noteRowNames, ["Other"])
            // Another note deleted before Plans' toast is undone: each Undo brings back its own.
            window.createNote()
            gtk_editable_set_text(editor.titleField.opaque, "Spare")
            XCTAssertTrue(editor.saveNow(waitUntilWritten: true))
            let spare = try XCTUnwrap(editor.note?.id)
            window.open(.note(other))
            waitFor("the row laid out") { sidebar.showRowMenu(for: .note(spare)) }
            XCTAssertTrue(gtk_widget_activate_action_variant(menu, "row.delete", nil).isTrue)
            gtk_popover_popdown(menu.cast())
            XCTAssertNil(try store.note(id: spare))
            XCTAssertTrue(gtk_widget_activate_action_variant(
                window.window, "win.undo-delete", g_variant_new_string(plans.uuidString)).isTrue)
            XCTAssertEqual(try store.note(id: plans)?.body, "Pack the tent")
            XCTAssertNil(try store.note(id: spare), "Plans' Undo brought back Plans only")

            // Rename asks for the name, with the title as it is.
            waitFor("the row laid out") { sidebar.showRowMenu(for: .note(plans)) }
            XCTAssertTrue(gtk_widget_activate_action_variant(menu, "row.rename", nil).isTrue)
            let dialog = try Self.messageDialog()
            let entry = try XCTUnwrap(adw_message_dialog_get_extra_child(dialog.cast()))
            XCTAssertEqual(String(cString: gtk_editable_get_text(OpaquePointer(entry))), "Plans")
            gtk_editable_set_text(OpaquePointer(entry), "  Camping trip ")
            adw_message_dialog_response(dialog.cast(), "confirm")
            gtk_window_close(dialog.cast())
            XCTAssertTrue(editor.saveNow(waitUntilWritten: true))
            XCTAssertEqual(try store.note(id: plans)?.title, "Camping trip")
            waitFor("the row renamed") { sidebar.noteRowNames.contains("Camping trip") }

            // Open in New Window moves the note shown here to a new window, steps and all.
            editor.perform(.insert(RichText(plain: "Stakes. "), at: 0))
            waitFor("the row laid out") { sidebar.showRowMenu(for: .note(plans)) }
            XCTAssertTrue(gtk_widget_activate_action_variant(menu, "row.open-in-new-window", nil).isTrue)
            XCTAssertEqual(app.windows.count, 2)
            let second = try XCTUnwrap(app.windows.last)
            XCTAssertEqual(second.noteEditor?.note?.id, plans)
            XCTAssertEqual(second.noteEditor?.text.plainText, "Stakes. Pack the tent")
            XCTAssertNil(editor.note, "one editor per note: the first window let it go")
            XCTAssertEqual(window.visiblePageName, "welcome")
            second.noteEditor?.onUndo?()
            XCTAssertEqual(second.noteEditor?.text.plainText, "Pack the tent", "the typing came along as a step")
        }
    }

    func testTheRowMenuExportsANoteAsAPageAndActsOnLists() throws {
        try onMainActor {
            let dataHome = try TemporaryDataHome()
            let (app, window, editor, store, plans) = try Self.startAppWithNote(
                dataHome: dataHome, title: "Plans", body: "Pack the tent")
            defer { Self.close(app) }
            window.createReminderList(named: "Groceries")
            window.createReminderList(named: "Work")
            let groceries = try XCTUnwrap(try store.reminderLists().first { $0.name == "Groceries" })
            let sidebar = window.sidebarView
            waitFor("the rows laid out") { sidebar.showRowMenu(for: .reminderList(groceries.id)) }

            // Rename… on a list's row shows that list and asks for its new name.
            waitFor("the row laid out") { sidebar.showRowMenu(for: .reminderList(groceries.id)) }
            let menu = try XCTUnwrap(sidebar.rowMenus.last?.popover)
            XCTAssertTrue(gtk_widget_activate_action_variant(menu, "row.rename", nil).isTrue)
            XCTAssertEqual(window.remindersPane?.list?.id, groceries.id)
            let dialog = try Self.messageDialog()
            let entry = try XCTUnwrap(adw_message_dialog_get_extra_child(dialog.cast()))
            XCTAssertEqual(String(cString: gtk_editable_get_text(OpaquePointer(entry))), "Groceries")
            gtk_editable_set_text(OpaquePointer(entry), "Market")
            adw_message_dialog_response(dialog.cast(), "confirm")
            gtk_window_close(dialog.cast())
            XCTAssertEqual(try store.reminderLists().map(\.name), ["Market", "Work"])
            XCTAssertEqual(sidebar.reminderListNames, ["Market", "Work"])

            // Delete on a list's row deletes that list.
            waitFor("the row laid out") { sidebar.showRowMenu(for: .reminderList(groceries.id)) }
            XCTAssertTrue(gtk_widget_activate_action_variant(menu, "row.delete", nil).isTrue)
            XCTAssertEqual(try store.reminderLists().map(\.name), ["Work"])
            XCTAssertEqual(sidebar.reminderListNames, ["Work"])

            // A note exported as a page reads back as the same note, typed text included.
            editor.perform(.insert(RichText(plain: "Stakes. "), at: 0))
            let page = dataHome.url.appendingPathComponent("Plans.html")
            var written = false
            window.exportNote(plans, to: page) { written = true }
            waitFor("the page written") { written }
            XCTAssertEqual(window.toastTitles.last, "Exported “Plans”")
            let back = try WholeNoteTransfer.note(fromFileAt: page.path, media: store.media)
            XCTAssertEqual(back.title, "Plans")
            XCTAssertEqual(try back.richText().plainText, "Stakes. Pack the tent")

            // Where no file can be written, the toast says so.
            written = false
            window.exportNote(plans, to: URL(fileURLWithPath: "/etc/hostname/Plans.html")) { written = true }
            waitFor("the export to fail") { written }
            XCTAssertTrue(window.toastTitles.last?.hasPrefix("Could not export to “Plans.html”: ") == true,
                          window.toastTitles.last ?? "")
        }
    }
}
