// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// Another Tote on the same data folder (another login session, a development build) is
/// played by a second `Store` on the same file: what it writes is what another process writes.
final class SharedDataFolderTests: GTKTestCase {
    func testEditsOverANoteChangedByAnotherToteBecomeACopy() throws {
        try onMainActor(Self.changedElsewhere)
    }

    @MainActor
    private static func changedElsewhere() throws {
        let dataHome = try TemporaryDataHome()
        do {
            let (app, window, editor, store, id) = try startAppWithNote(dataHome: dataHome, title: "Plan", body: "mine")

            let other = try Store(location: store.location)
            try other.save(noteID: id, title: "Plan", body: RichText(plain: "theirs"))

            gtk_text_buffer_insert_at_cursor(editor.buffer, " and more", -1)
            editor.saveNow(waitUntilWritten: true)
            waitFor("the edits to become a copy") { editor.note?.id != id }

            let notes = try store.notes()
            XCTAssertEqual(Set(notes.map(\.body)), ["theirs", "mine and more"])
            XCTAssertEqual(try store.note(id: id)?.body, "theirs", "the other Tote's text is kept")
            XCTAssertEqual(editor.note?.title, "Plan (conflicting copy)")
            XCTAssertEqual(editor.bodyText, "mine and more", "the text shown is unchanged")
            XCTAssertEqual(window.toastTitles.last,
                           "“Plan” was changed elsewhere; your version is kept as “Plan (conflicting copy)”")
            waitFor("both in the sidebar") {
                Set(window.sidebarView.noteRowNames) == ["Plan", "Plan (conflicting copy)"]
            }

            // Further edits go to the copy, with no new conflict.
            gtk_text_buffer_insert_at_cursor(editor.buffer, "!", -1)
            editor.saveNow(waitUntilWritten: true)
            waitFor("the copy to be saved") { (try? store.notes().count) == 2 && editor.note?.body == "mine and more!" }
            XCTAssertEqual(try store.note(id: id)?.body, "theirs")
            close(app)
        }
    }

    func testEditsToANoteDeletedByAnotherToteAreKept() throws {
        try onMainActor(Self.deletedElsewhere)
    }

    @MainActor
    private static func deletedElsewhere() throws {
        let dataHome = try TemporaryDataHome()
        do {
            let (app, window, editor, store, id) = try startAppWithNote(dataHome: dataHome, title: "Trip", body: "")

            try Store(location: store.location).deleteNote(id: id)
            gtk_text_buffer_insert_at_cursor(editor.buffer, "passport", -1)
            editor.saveNow(waitUntilWritten: true)
            waitFor("the edits to become a new note") { editor.note?.id != id }
            XCTAssertEqual(try store.notes().map(\.body), ["passport"])
            XCTAssertEqual(window.toastTitles.last,
                           "“Trip” was deleted elsewhere; your text is kept as “Trip (conflicting copy)”")
            waitFor("only the copy in the sidebar") { window.sidebarView.noteRowNames == ["Trip (conflicting copy)"] }
            close(app)
        }
    }
}
