// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
@testable import ToteApp
import XCTest

/// `setTooltip` sets what GTK shows, and leaves a widget as visible as it was, in a window or
/// not (it skips GTK's pointer query for widgets in none: `./dev bench` shows the time).
final class TooltipTests: GTKTestCase {
    func testTheTooltipIsSetAndVisibilityIsKept() throws {
        try onMainActor {
            let loose = gtk_button_new()!
            g_object_ref_sink(UnsafeMutableRawPointer(loose))
            defer { g_object_unref(UnsafeMutableRawPointer(loose)) }
            setTooltip(loose, "Details")
            XCTAssertEqual(gtk_widget_get_tooltip_text(loose).map { String(cString: $0) }, "Details")
            XCTAssertTrue(gtk_widget_get_visible(loose).isTrue, "a widget in no window stays visible")
            XCTAssertTrue(gtk_widget_get_has_tooltip(loose).isTrue)

            let hidden = gtk_label_new("x")!
            g_object_ref_sink(UnsafeMutableRawPointer(hidden))
            defer { g_object_unref(UnsafeMutableRawPointer(hidden)) }
            gtk_widget_set_visible(hidden, 0)
            setTooltip(hidden, "Hidden")
            XCTAssertFalse(gtk_widget_get_visible(hidden).isTrue, "a hidden widget stays hidden")
            XCTAssertEqual(gtk_widget_get_tooltip_text(hidden).map { String(cString: $0) }, "Hidden")

            let window = gtk_window_new()!
            defer { gtk_window_destroy(window.cast()) }
            let shown = gtk_button_new()!
            gtk_window_set_child(window.cast(), shown)
            gtk_window_present(window.cast())
            setTooltip(shown, "In a window")
            XCTAssertTrue(gtk_widget_get_visible(shown).isTrue)
            XCTAssertEqual(gtk_widget_get_tooltip_text(shown).map { String(cString: $0) }, "In a window")
            setTooltip(shown, nil)
            XCTAssertFalse(gtk_widget_get_has_tooltip(shown).isTrue, "no text, no tooltip")
        }
    }
}
