// SPDX-License-Identifier: GPL-3.0-or-later
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
    func testFilesDroppedOnAListShowPlaceholdersAndCancelLeavesNothing() throws { try onMainActor(Self.cancelInList) }

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

    /// Files dropped onto a list are copied into the store as a note's are: each shows a
    /// placeholder below the rows at once, with its progress and a Cancel button, while the
    /// list stays usable; a cancelled file is left out without a toast and leaves no file, the
    /// others arrive as reminders linking their copies.
    @MainActor private static func cancelInList() throws {
        let dataHome = try TemporaryDataHome()
        let app = startApp(dataHome: dataHome)
        defer { close(app) }
        guard let window = app.windows.first, case .success(let store)? = app.store, let pane = window.remindersPane
        else { return XCTFail("no window, store or pane") }
        window.createReminderList()
        let list = try XCTUnwrap(store.reminderLists().first)
        XCTAssertTrue(pane.show(listID: list.id))
        pane.add(title: "Kept")
        let big = try bigFile(in: dataHome.url)
        let small = dataHome.url.appendingPathComponent("Ticket.pdf")
        try Data("%PDF-1.4 a ticket".utf8).write(to: small)
        XCTAssertFalse(gtk_widget_get_visible(pane.view.incomingBox).isTrue, "no placeholders before a drop")
        pane.insertReminderFiles(atPaths: [big.path, small.path], into: list.id, before: nil)
        XCTAssertTrue(gtk_widget_get_visible(pane.view.incomingBox).isTrue, "the placeholders are there at once")
        let bars = GTKTestCase.descendants(of: pane.view.incomingBox).filter { isA($0, gtk_progress_bar_get_type()) }
        XCTAssertEqual(bars.count, 2, "one placeholder a file")
        let bar = try XCTUnwrap(bars.first)
        waitFor("progress") { gtk_progress_bar_get_fraction(bar.opaque) > 0 }
        let shown = String(cString: gtk_progress_bar_get_text(bar.opaque))
        XCTAssertTrue(shown.contains(" of 4.3"), shown)

        // The list takes a new reminder meanwhile.
        pane.add(title: "Typed meanwhile")
        let button = try XCTUnwrap(descendant(of: pane.view.incomingBox, typed: gtk_button_get_type()))
        XCTAssertEqual(String(cString: gtk_button_get_label(button.cast())), "Cancel")
        gtk_widget_activate(button)
        waitFor("the placeholders to go", timeout: 20) { !gtk_widget_get_visible(pane.view.incomingBox).isTrue }
        waitFor("the other file's reminder") { ((try? store.reminders(inList: list.id)) ?? []).count == 3 }
        let reminders = try store.reminders(inList: list.id)
        XCTAssertEqual(reminders.map(\.title), ["Kept", "Typed meanwhile", "Ticket.pdf"])
        XCTAssertNotNil(MediaLink.reference(in: reminders[2].notes), "the reminder links the stored copy")
        XCTAssertFalse(window.toastTitles.contains { $0.contains("Holiday video") }, "a cancel is no failure: \(window.toastTitles)")
        let media = store.media.directory.path
        waitFor("only the ticket's copy left") {
            ((try? FileManager.default.contentsOfDirectory(atPath: media)) ?? []).count == 1
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: media)) ?? []
        XCTAssertTrue(left.allSatisfy { !$0.hasPrefix(".incoming-") }, "\(left)")
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
