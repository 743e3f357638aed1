// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// The window works down to GNOME's small-screen width, 360 px, with a note or a list shown
/// (the toolbar gives what does not fit to a menu), and the sidebar keeps its width whatever
/// the note holds (issue 14, item 11).
final class LayoutTests: GTKTestCase {
    func testTheWindowWorksAt360PixelsAndTheSidebarKeepsItsWidth() throws {
        try onMainActor {
            let dataHome = try TemporaryDataHome()
            let long = String(repeating: "A very long title that goes on and on ", count: 4)
            let (app, window, editor, _, first) = try Self.startAppWithNote(
                dataHome: dataHome, title: long, body: "Pack the tent and everything else we need for the weekend")
            defer { Self.close(app) }
            window.createNote()
            gtk_editable_set_text(editor.titleField.opaque, "Tent")
            XCTAssertTrue(editor.saveNow(waitUntilWritten: true))
            let second = try XCTUnwrap(editor.note?.id)
            window.createReminderList(named: long)

            @MainActor func minimumWidth() -> Int32 {
                // The window's content: the window itself asks for 360 and adds its shadow.
                var minimum: Int32 = 0, natural: Int32 = 0
                let content = adw_application_window_get_content(window.window.cast())
                gtk_widget_measure(content, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
                return minimum
            }
            // GtkStack measures every page: the welcome page counts too.
            XCTAssertLessThanOrEqual(minimumWidth(), 360, "a list shown")
            window.open(.note(first))
            XCTAssertLessThanOrEqual(minimumWidth(), 360, "a note with a long title shown")

            gtk_window_set_default_size(window.window.cast(), 1000, 600)
            @MainActor func sidebarWidth(showing id: UUID) -> Int32 {
                window.open(.note(id))
                var width: Int32 = 0, steady = 0
                waitFor("the layout") {
                    let now = gtk_widget_get_width(window.sidebarView.widget)
                    steady = now > 0 && now == width && gtk_widget_get_width(window.window) > 900 ? steady + 1 : 0
                    width = now
                    return steady > 5
                }
                return width
            }
            let withLong = sidebarWidth(showing: first), withShort = sidebarWidth(showing: second)
            XCTAssertEqual(withLong, withShort, "the sidebar keeps its width whatever the note holds")
            XCTAssertLessThan(withLong, 400)
        }
    }

    /// Every menu, opened in a window 360 px wide, shows each item's label whole (issue 14,
    /// item 10): GTK 4.8's popovers are surfaces of their own, sized to what they hold.
    func testNoMenuItemIsClippedInANarrowWindow() throws {
        try onMainActor {
            let dataHome = try TemporaryDataHome()
            let (app, window, editor, _, id) = try Self.startAppWithNote(dataHome: dataHome, title: "Plans", body: "Tent")
            defer { Self.close(app) }
            var clipped: [String] = [], menus = 0
            @MainActor func check(_ popover: WidgetPointer) {
                waitFor("the menu shown") { gtk_widget_get_mapped(popover).isTrue }
                menus += 1
                let labels = Self.descendants(of: popover).filter {
                    Self.isA($0, gtk_label_get_type()) && gtk_widget_get_mapped($0).isTrue
                }
                waitFor("the menu laid out") { !labels.isEmpty && labels.allSatisfy { gtk_widget_get_width($0) > 0 } }
                for label in labels {
                    // The text's own width against the room the label was given.
                    var textWidth: Int32 = 0
                    pango_layout_get_pixel_size(gtk_label_get_layout(label.opaque), &textWidth, nil)
                    if gtk_widget_get_width(label) < textWidth {
                        clipped.append(String(cString: gtk_label_get_label(label.opaque)))
                    }
                }
                gtk_popover_popdown(popover.cast())
                waitFor("the menu gone") { !gtk_widget_get_mapped(popover).isTrue }
            }
            // The sidebar rows' menu, while the sidebar shows; then every other menu at 360 px.
            waitFor("the row laid out") { window.sidebarView.showRowMenu(for: .note(id)) }
            check(try XCTUnwrap(window.sidebarView.rowMenus.first?.popover))
            gtk_window_set_default_size(window.window.cast(), 360, 600)
            waitFor("the narrow window") { gtk_widget_get_width(window.window) <= 400 }
            // Folded, one page shows at a time: the menus of the page shown (the note's), then,
            // after Back, the sidebar's. A menu button of the page not shown can still count as
            // mapped, and its menu, opened there, was never laid out (a few runs in twelve).
            @MainActor func checkMenus(of page: WidgetPointer) {
                waitFor("the page shown and still") {
                    adw_leaflet_get_visible_child(window.leaflet.opaque) == page
                        && !adw_leaflet_get_child_transition_running(window.leaflet.opaque).isTrue
                }
                for _ in 0..<10 { g_main_context_iteration(nil, false.g) }
                // Picked out before any menu opens: a closed context menu is freed at a later
                // idle, and a list of every widget taken before would still hold it.
                let buttons = Self.descendants(of: page).filter { Self.isA($0, gtk_menu_button_get_type()) }
                for button in buttons where gtk_widget_get_mapped(button).isTrue {
                    gtk_menu_button_popup(button.opaque)
                    if let popover = gtk_menu_button_get_popover(button.opaque) {
                        check(UnsafeMutableRawPointer(popover).assumingMemoryBound(to: GtkWidget.self))
                    }
                }
            }
            waitFor("the leaflet folded") { adw_leaflet_get_folded(window.leaflet.opaque).isTrue }
            checkMenus(of: try XCTUnwrap(adw_leaflet_get_visible_child(window.leaflet.opaque)))
            window.navigate(toContent: false)
            checkMenus(of: window.sidebarPane)
            window.navigate(toContent: true)
            waitFor("the note shown again") {
                adw_leaflet_get_visible_child(window.leaflet.opaque) != window.sidebarPane
                    && !adw_leaflet_get_child_transition_running(window.leaflet.opaque).isTrue
            }
            editor.showContextMenu(atX: 30, y: 10, placingCaret: true)
            if let popover = editor.contextMenu.popover { check(popover) }
            XCTAssertGreaterThanOrEqual(menus, 4)
            XCTAssertEqual(clipped, [])
        }
    }

    /// A menu's items all show, none cut off at its bottom: GTK 4.8's popover menus scroll
    /// when given less height than they ask for. Checked for the menus a right click opens,
    /// on a reminder row and in a note, in a window of 1000 × 700 (issue 28: the reminder
    /// row's Delete was drawn half outside its menu).
    func testEveryContextMenuShowsAllItsItems() throws {
        try onMainActor {
            let dataHome = try TemporaryDataHome()
            let (app, window, editor, _, _) = try Self.startAppWithNote(dataHome: dataHome, title: "Plans", body: "Tent")
            defer { Self.close(app) }
            gtk_window_set_default_size(window.window.cast(), 1000, 700)
            var cut: [String] = []
            @MainActor func check(_ name: String, _ popover: WidgetPointer?) {
                guard let popover else { return XCTFail("\(name): no menu") }
                waitFor("\(name) shown") { gtk_widget_get_mapped(popover).isTrue }
                MainLoop.iterate(until: { false }, timeout: 0.3)
                let scrolledWindows = Self.descendants(of: popover).filter { Self.isA($0, gtk_scrolled_window_get_type()) }
                XCTAssertFalse(scrolledWindows.isEmpty, "\(name): GTK's popover menu scrolls in a scrolled window")
                for scrolled in scrolledWindows {
                    let adjustment = gtk_scrolled_window_get_vadjustment(scrolled.opaque)
                    let asked = gtk_adjustment_get_upper(adjustment), given = gtk_adjustment_get_page_size(adjustment)
                    if asked > given + 0.5 { cut.append("\(name): \(Int(given)) of \(Int(asked)) px shown") }
                }
                gtk_popover_popdown(popover.cast())
                waitFor("\(name) gone") { !gtk_widget_get_mapped(popover).isTrue }
            }
            // Where the whole menu fits on the 800 px screen: lower, GTK rightly makes it scroll.
            for (x, y) in [(30.0, 10.0), (200.0, 40.0)] {
                editor.showContextMenu(atX: x, y: y, placingCaret: true)
                check("the note's menu at \(Int(x)), \(Int(y))", editor.contextMenu.popover)
            }
            window.createReminderList()
            let pane = try XCTUnwrap(window.remindersPane)
            for title in ["Apples", "Bread", "Cheese"] { pane.add(title: title) }
            MainLoop.iterate(until: { false }, timeout: 0.2)
            for row in [0, 2] {
                pane.view.select([pane.view.shown[row].id])
                pane.contextMenu.show(atX: 60, y: Double(row * 30 + 15))
                check("row \(row)'s menu", pane.contextMenu.popover)
            }
            XCTAssertEqual(cut, [])
        }
    }
}
