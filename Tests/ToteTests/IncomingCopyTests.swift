import CAdw
import CShim
import Foundation
@testable import ToteApp
@testable import ToteCore
import XCTest

/// Files dropped or inserted into a note show a placeholder at once, with their progress
/// and a Cancel button, while the copy runs off the main thread.
final class IncomingCopyTests: GTKTestCase {
    func testAPlaceholderShowsProgressAndCancelLeavesNothing() throws { try onMainActor(Self.cancel) }
    func testLeavingTheNoteCancelsItsCopiesAndSaysSo() throws { try onMainActor(Self.leave) }

    /// A 4 GB file that takes no disk to read from: its copy runs long enough to watch.
    static func bigFile(in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent("Holiday video.iso")
        XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 4 << 30)
        try handle.close()
        return file
    }

    @MainActor private static func cancel() throws {
        let dataHome = try TemporaryDataHome()
        let (app, window, editor, store, id) = try startAppWithNote(dataHome: dataHome, title: "Trip", body: "Before ")
        let file = try bigFile(in: dataHome.url)
        editor.select(.cursor(at: 7))
        editor.insertFiles(atPaths: [file.path])
        XCTAssertTrue(editor.text.holdsIncoming, "the placeholder is there at once")
        XCTAssertEqual(editor.text.offset(ofIncoming: try XCTUnwrap(editor.text.attachments.first?.transfer)), 7)
        let bar = try XCTUnwrap(descendant(of: editor.textView, typed: gtk_progress_bar_get_type()))
        waitFor("progress") { gtk_progress_bar_get_fraction(bar.opaque) > 0 }
        let shown = String(cString: gtk_progress_bar_get_text(bar.opaque))
        XCTAssertTrue(shown.contains(" of 4.3"), shown)

        // Typing goes on meanwhile, before the placeholder; the copy stays where it was dropped.
        editor.select(.cursor(at: 0))
        gtk_text_buffer_insert_at_cursor(editor.buffer, "Now ", -1)
        XCTAssertEqual(editor.bodyText, "Now Before \u{FFFC}")

        let button = try XCTUnwrap(descendant(of: editor.textView, typed: gtk_button_get_type()))
        XCTAssertEqual(String(cString: gtk_button_get_label(button.cast())), "Cancel")
        gtk_widget_activate(button)
        waitFor("the placeholder to go") { !editor.text.holdsIncoming }
        XCTAssertEqual(editor.bodyText, "Now Before ")
        XCTAssertTrue(window.toastTitles.isEmpty, "a cancel is no failure")
        let media = store.media.directory.path
        waitFor("no file left") { ((try? FileManager.default.contentsOfDirectory(atPath: media)) ?? []).isEmpty }
        XCTAssertTrue(editor.saveNow(waitUntilWritten: true))
        XCTAssertEqual(try store.note(id: id)?.body, "Now Before ")
        // The drop left no step, and no placeholder comes back: undo takes back the typing.
        editor.undo()
        XCTAssertEqual(editor.bodyText, "Before ")
        close(app)
    }

    @MainActor private static func leave() throws {
        let dataHome = try TemporaryDataHome()
        let (app, window, editor, store, id) = try startAppWithNote(dataHome: dataHome, title: "Trip", body: "Kept")
        let file = try bigFile(in: dataHome.url)
        editor.insertFiles(atPaths: [file.path])
        // Saved meanwhile: the placeholder never reaches the store.
        XCTAssertTrue(editor.saveNow(waitUntilWritten: true))
        XCTAssertEqual(try store.note(id: id)?.body, "Kept")
        XCTAssertTrue(try XCTUnwrap(store.note(id: id)).richText().attachments.isEmpty)
        window.createNote()
        XCTAssertEqual(window.toastTitles, ["Could not insert “Holiday video.iso”: its note was closed before the copy ended"])
        let media = store.media.directory.path
        waitFor("no file left") {
            ((try? FileManager.default.contentsOfDirectory(atPath: media)) ?? []).isEmpty
        }
        XCTAssertEqual(try store.note(id: id)?.body, "Kept")
        close(app)
    }

    /// The first widget of `type` under `widget`, depth first.
    @MainActor static func descendant(of widget: WidgetPointer, typed type: GType) -> WidgetPointer? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(UnsafeMutableRawPointer(current).assumingMemoryBound(to: GTypeInstance.self), type) != 0 {
                return current
            }
            if let found = descendant(of: current, typed: type) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}
