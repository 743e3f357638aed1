// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// The toolbar's character styles are toggles that show the style at the cursor or across
/// the selection, as in Text Editor and every word processor; the Paragraph Style menu holds
/// paragraph styles, each with its shortcut.
final class FormattingToolbarTests: GTKTestCase {
    func testStyleTogglesShowTheStyleAtTheCursor() throws {
        try onMainActor {
            let body = RichText(paragraphs: [Paragraph(runs: [
                Run("plain "), Run("bold", style: TextStyle(bold: true)), Run(" both", style: TextStyle(bold: true, italic: true)),
            ])])
            let (editor, _, home) = try NoteEditorTests.makeEditorForExtension(body)
            _ = home
            let bold = try XCTUnwrap(Self.toggle(named: "editor.bold", in: editor.widget), "Bold is a toggle button")
            let italic = try XCTUnwrap(Self.toggle(named: "editor.italic", in: editor.widget))
            XCTAssertNotNil(Self.toggle(named: "editor.monospace", in: editor.widget), "Monospace is a character style")

            @MainActor func active() -> (bold: Bool, italic: Bool) {
                (gtk_toggle_button_get_active(bold.cast()).isTrue, gtk_toggle_button_get_active(italic.cast()).isTrue)
            }
            // Moving the cursor updates the toggles once the main loop is idle.
            editor.select(.cursor(at: 8))
            waitFor("Bold shown at the caret in bold text") { active() == (true, false) }
            // The rest without iterating the main loop: between steps that did, a selection here
            // now and then collapsed to its caret, as a GtkTextBuffer's does when it loses the
            // X11 PRIMARY selection (cause not found; no one else selects in this process).
            @MainActor func shows(at selection: TextSelection) -> (bold: Bool, italic: Bool) {
                editor.select(selection)
                editor.showStylesAtCursor()
                return active()
            }
            XCTAssertTrue(shows(at: .cursor(at: 3)) == (false, false), "plain at the caret")
            XCTAssertTrue(shows(at: TextSelection(12..<14)) == (true, true), "bold and italic across the selection")
            XCTAssertTrue(shows(at: TextSelection(2..<14)) == (false, false), "a selection only partly bold")

            // Toggled at the caret: what will be typed there.
            _ = shows(at: .cursor(at: 3))
            XCTAssertTrue(gtk_widget_activate_action_variant(editor.textView, "editor.bold", nil).isTrue)
            XCTAssertTrue(active() == (true, false), "bold turned on for typing")
            // Clicking the toggle makes the whole selection bold, and it shows so.
            XCTAssertTrue(shows(at: TextSelection(0..<5)) == (false, false), "a plain selection")
            Self.click(bold)
            XCTAssertTrue(editor.text.has(\.bold, in: 0..<5), "the selection made bold")
            XCTAssertTrue(active() == (true, false), "and shown so")
        }
    }

    func testTheParagraphStyleMenuHoldsParagraphStylesWithTheirShortcuts() throws {
        try onMainActor {
            let (editor, _, home) = try NoteEditorTests.makeEditorForExtension(RichText(plain: "text"))
            _ = home
            let button = try XCTUnwrap(Self.descendants(of: editor.widget).first { Self.isA($0, gtk_menu_button_get_type()) })
            let model = try XCTUnwrap(gtk_menu_button_get_menu_model(button.opaque))
            var items: [(String, String?)] = []
            for index in 0..<g_menu_model_get_n_items(model) {
                func attribute(_ name: String) -> String? {
                    guard let value = g_menu_model_get_item_attribute_value(model, index, name, nil) else { return nil }
                    defer { g_variant_unref(value) }
                    return String(cString: g_variant_get_string(value, nil))
                }
                items.append((attribute("action") ?? "", attribute("accel")))
            }
            XCTAssertEqual(items.map(\.0), ["editor.body", "editor.heading-1", "editor.heading-2", "editor.heading-3",
                                            "editor.bulleted", "editor.numbered", "editor.checklist"])
            XCTAssertFalse(items.contains { $0.1 == nil }, "every item shows its shortcut: \(items)")
        }
    }

    @MainActor private static func toggle(named action: String, in root: WidgetPointer) -> WidgetPointer? {
        descendants(of: root).first { widget in
            Self.isA(widget, gtk_toggle_button_get_type())
                && gtk_actionable_get_action_name(widget.opaque).map { String(cString: $0) } == action
        }
    }

    /// Emits "clicked" now, as a click does (gtk_widget_activate clicks only after a 250 ms
    /// timeout).
    @MainActor private static func click(_ button: WidgetPointer) {
        var instance = GValue()
        g_value_init(&instance, gtk_button_get_type())
        g_value_set_object(&instance, button.raw)
        g_signal_emitv(&instance, g_signal_lookup("clicked", gtk_button_get_type()), 0, nil)
        g_value_unset(&instance)
    }

}
