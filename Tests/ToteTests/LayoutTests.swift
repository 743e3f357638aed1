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
}
