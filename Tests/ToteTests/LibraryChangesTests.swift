// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// The library owns every open note: a drop moves text out of a note no window shows, and
/// one undo puts both notes back; a change from elsewhere shows in every editor showing the
/// note, keeps their selections on the same text, and is in no window's history.
final class LibraryChangesTests: GTKTestCase {
    func testAMoveOutOfANoteNoWindowShowsTakesTheTextAndOneUndoPutsBothBack() throws {
        try onMainActor(Self.moveFromUnshownNote)
    }

    func testAMoveWhoseSourceChangedDuringTheDragLeavesTheSourceAndCopies() throws {
        try onMainActor(Self.sourceChangedDuringTheDrag)
    }

    func testAChangeFromElsewhereShowsInEveryEditorAndInNoHistory() throws {
        try onMainActor(Self.changeFromElsewhere)
    }

    @MainActor
    private static func moveFromUnshownNote() throws {
        let dataHome = try TemporaryDataHome()
        let (app, window, editor, store, source) = try startAppWithNote(dataHome: dataHome, title: "Source", body: "keep move me")
        defer { close(app) }
        let library = try XCTUnwrap(app.library)
        window.createNote()
        let target = try XCTUnwrap(editor.note?.id)
        gtk_text_buffer_insert_at_cursor(editor.buffer, "target", -1)
        XCTAssertTrue(editor.saveNow(waitUntilWritten: true))
        XCTAssertNil(app.windows.first { $0.noteEditorIfMade?.note?.id == source }, "no window shows the source")
        let entries = window.history.undoEntries.count

        // The drag's session as a drag of "move me" out of the source gives it, its editor gone.
        let sourceText = try XCTUnwrap(store.note(id: source)?.richText())
        let session = DragSession(.noteText(noteID: source, range: 5..<12, fragment: sourceText.fragment(5..<12)))
        XCTAssertTrue(editor.dropFromTote(session, action: .move, at: 6))
        XCTAssertEqual(editor.bodyText, "target move me" , "smart spacing puts a space between the words")
        XCTAssertEqual(editor.selection.range, 7..<14, "the dropped text is selected")
        XCTAssertEqual(library.bodies.loaded(source)?.text.plainText, "keep ", "the source lost it")

        func stored() throws -> [String?] {
            library.bodies.saveAll(waitUntilWritten: true)
            return [try store.note(id: source)?.body, try store.note(id: target)?.body]
        }
        XCTAssertEqual(try stored(), ["keep ", "target move me"])
        XCTAssertEqual(window.history.undoEntries.count, entries + 1, "the move is one step")
        window.undo()
        XCTAssertEqual(try stored(), ["keep move me", "target"], "one undo puts both back")
        XCTAssertEqual(editor.note?.id, target, "the note shown stays")
        window.redo()
        XCTAssertEqual(try stored(), ["keep ", "target move me"])
    }

    @MainActor
    private static func sourceChangedDuringTheDrag() throws {
        let dataHome = try TemporaryDataHome()
        let (app, window, editor, store, source) = try startAppWithNote(dataHome: dataHome, title: "Source", body: "keep move me")
        defer { close(app) }
        let library = try XCTUnwrap(app.library)
        let sourceText = try XCTUnwrap(store.note(id: source)?.richText())
        let session = DragSession(.noteText(noteID: source, range: 5..<12, fragment: sourceText.fragment(5..<12)))
        window.createNote()
        // Meanwhile another Tote puts words before the dragged ones.
        try library.applyFromElsewhere(LibraryEdit(noteEdits: [.init(note: source, command: .insert(RichText(plain: "Do "), at: 0))]))
        XCTAssertTrue(editor.dropFromTote(session, action: .move, at: 0))
        XCTAssertEqual(editor.bodyText, "move me")
        library.bodies.saveAll(waitUntilWritten: true)
        XCTAssertEqual(try store.note(id: source)?.body, "Do keep move me", "nothing taken from the wrong place")
    }

    @MainActor
    private static func changeFromElsewhere() throws {
        let dataHome = try TemporaryDataHome()
        let (app, window, editor, _, id) = try startAppWithNote(dataHome: dataHome, title: "Shared", body: "alpha beta gamma")
        defer { close(app) }
        let library = try XCTUnwrap(app.library)
        // A second editor on the same library showing the same note, as a second view would.
        let other = NoteEditor(library: library)
        let holder = gtk_window_new()!
        gtk_window_set_child(holder.cast(), other.widget)
        gtk_window_present(holder.cast())
        defer { gtk_window_destroy(holder.cast()) }
        XCTAssertTrue(other.show(try XCTUnwrap(library.note(id: id))))
        editor.select(TextSelection(6..<10))  // "beta"
        other.select(.cursor(at: 16))  // after "gamma"
        let entries = window.history.undoEntries
        let steps = try XCTUnwrap(library.bodies.loaded(id)).steps.undoSteps.count

        try library.applyFromElsewhere(LibraryEdit(noteEdits: [
            .init(note: id, command: .insert(RichText(plain: "omega "), at: 0)),
        ]))

        for shown in [editor, other] {
            XCTAssertEqual(shown.bodyText, "omega alpha beta gamma")
            XCTAssertEqual(bufferText(shown), "omega alpha beta gamma", "the buffer shows it too")
        }
        XCTAssertEqual(editor.selection.range, 12..<16, "still “beta”")
        XCTAssertEqual(other.selection.range, 22..<22, "still after “gamma”")
        XCTAssertEqual(window.history.undoEntries, entries, "in no window's history")
        XCTAssertEqual(library.bodies.loaded(id)?.steps.undoSteps.count, steps, "in no undo step")

        // The note's own steps would now write over it: undo refuses, and says so.
        window.undo()
        XCTAssertEqual(editor.bodyText, "omega alpha beta gamma")
        XCTAssertEqual(window.toastTitles.last, "Nothing was undone: “Shared” was changed elsewhere since")
        library.bodies.saveAll(waitUntilWritten: true)
        XCTAssertEqual(try library.note(id: id)?.body, "omega alpha beta gamma")
    }

    @MainActor
    private static func bufferText(_ editor: NoteEditor) -> String {
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(editor.buffer, &start, &end)
        let chars = gtk_text_buffer_get_text(editor.buffer, &start, &end, 0)!
        defer { g_free(chars) }
        return String(cString: chars)
    }
}
