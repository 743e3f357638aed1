// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
@testable import ToteCore
import XCTest

/// The note's right-click menu is Tote's: Undo and Redo that work, the clipboard, the styles
/// and Insert File.
final class NoteContextMenuTests: GTKTestCase {
    func testTheMenuIsToteSAndItsItemsWork() throws {
        try onMainActor {
            let (editor, _, home) = try NoteEditorTests.makeEditorForExtension(RichText(plain: "Buy milk"))
            defer { withExtendedLifetime(home) {} }
            waitFor("the layout") { gtk_widget_get_height(editor.textView) > 20 }
            editor.perform(.insert(RichText(plain: "Then "), at: 0))
            XCTAssertEqual(editor.text.plainText, "Then Buy milk")

            // A right click outside the selection moves the caret there and shows the menu; the
            // note takes the focus, as a click in it would give it (the title had it).
            gtk_widget_grab_focus(editor.titleField)
            editor.showContextMenu(atX: 60, y: 10, placingCaret: true)
            let menu = try XCTUnwrap(editor.contextMenu.popover)
            waitFor("the menu") { gtk_widget_get_mapped(menu).isTrue }
            XCTAssertTrue(editor.selection.range.isEmpty)

            let actions = Self.actions(in: NoteEditor.contextMenuModel())
            XCTAssertFalse(actions.contains { $0.hasPrefix("text.") }, "GtkTextView's own Undo stays greyed: not used")
            for action in ["editor.undo", "editor.redo", "clipboard.cut", "clipboard.copy", "clipboard.paste",
                           "selection.select-all", "editor.bold", "editor.heading-1", "editor.insert-file"] {
                XCTAssertTrue(actions.contains(action), action)
            }
            // The items act on the note from where the menu is (the text view).
            XCTAssertTrue(gtk_widget_activate_action_variant(menu, "editor.undo", nil).isTrue)
            XCTAssertEqual(editor.text.plainText, "Buy milk", "Undo from the menu undid the edit")
            XCTAssertTrue(gtk_widget_activate_action_variant(menu, "editor.redo", nil).isTrue)
            XCTAssertEqual(editor.text.plainText, "Then Buy milk")
            XCTAssertTrue(gtk_widget_activate_action_variant(menu, "selection.select-all", nil).isTrue)
            XCTAssertEqual(editor.selection.range, 0..<13)
            XCTAssertTrue(gtk_widget_activate_action_variant(menu, "editor.bold", nil).isTrue)
            XCTAssertTrue(editor.text.paragraphs[0].runs.allSatisfy(\.style.bold), "Bold from the menu")
            gtk_popover_popdown(menu.cast())
            waitFor("the menu gone") { !gtk_widget_get_mapped(menu).isTrue }
            XCTAssertTrue(gtk_widget_is_focus(editor.textView).isTrue, "typing goes to the note after the menu")
        }
    }

    private static func actions(in menu: OpaquePointer) -> [String] {
        var names: [String] = []
        func walk(_ model: UnsafeMutablePointer<GMenuModel>) {
            for index in 0..<g_menu_model_get_n_items(model) {
                if let value = g_menu_model_get_item_attribute_value(model, index, "action", nil) {
                    names.append(String(cString: g_variant_get_string(value, nil)))
                    g_variant_unref(value)
                }
                for link in ["section", "submenu"] {
                    if let inner = g_menu_model_get_item_link(model, index, link) {
                        walk(inner)
                        g_object_unref(UnsafeMutableRawPointer(inner))
                    }
                }
            }
        }
        walk(UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self))
        g_object_unref(UnsafeMutableRawPointer(menu))
        return names
    }
}
