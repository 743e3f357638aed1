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
            waitFor("the rows laid out") { sidebar.showRowMenu(for: .note(plans)) }

            // The menu opens on a row that is not shown, and does not open it.
            waitFor("the row laid out") { sidebar.showRowMenu(for: .note(plans)) }
            let menu = try XCTUnwrap(sidebar.rowMenus.first?.popover)
            waitFor("the row menu") { gtk_widget_get_mapped(menu).isTrue }
            XCTAssertEqual(editor.note?.id, other, "opening the menu left the note shown")

            // Delete removes that note, not the one shown, and Undo brings it back.
            XCTAssertTrue(gtk_widget_activate_action_variant(menu, "row.delete", nil).isTrue)
            gtk_popover_popdown(menu.cast())
            XCTAssertNil(try store.note(id: plans))
            XCTAssertEqual(editor.note?.id, other)
            XCTAssertEqual(window.visiblePageName, "note")
            XCTAssertEqual(window.toastTitles.last, "“Plans” deleted")
            XCTAssertEqual(sidebar.noteRowNames, ["Other"])
            XCTAssertTrue(gtk_widget_activate_action_variant(window.window, "win.undo-delete", nil).isTrue)
            XCTAssertEqual(try store.note(id: plans)?.body, "Pack the tent")

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
            let dialog = try SidebarRowMenuTests.messageDialog()
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

    /// The message dialog (a name to ask for) Tote shows.
    @MainActor
    static func messageDialog() throws -> UnsafeMutablePointer<GtkWidget> {
        var dialog: UnsafeMutableRawPointer?
        waitFor("the dialog") {
            let toplevels = gtk_window_get_toplevels()
            for index in 0..<g_list_model_get_n_items(toplevels) {
                let window = g_list_model_get_item(toplevels, index)!
                defer { g_object_unref(window) }
                if g_type_check_instance_is_a(window.assumingMemoryBound(to: GTypeInstance.self),
                                              adw_message_dialog_get_type()).isTrue,
                   gtk_widget_get_visible(window.assumingMemoryBound(to: GtkWidget.self)).isTrue {
                    dialog = window
                }
            }
            return dialog != nil
        }
        return try XCTUnwrap(dialog).assumingMemoryBound(to: GtkWidget.self)
    }
}
