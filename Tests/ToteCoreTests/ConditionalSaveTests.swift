// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// Two Totes on one data folder (two login sessions, an installed and a development build):
/// a save never overwrites what the other wrote since the note was read.
@Suite struct ConditionalSaveTests {
    private let copyTitle: (String?) -> String = { "\($0 ?? "Untitled") (conflicting copy)" }

    @Test func aSaveBasedOnTheStoredVersionWrites() throws {
        let folder = try TemporaryFolder()
        let store = try Store(location: StoreLocation(directory: folder.url))
        let note = try store.createNote()
        let outcome = try store.save(noteID: note.id, title: "Plan", body: RichText(plain: "one"),
                                     expecting: .init(note), copyTitle: copyTitle)
        guard case .saved(let saved) = outcome else { Issue.record("\(outcome)"); return }
        #expect(saved.body == "one")
        #expect(try store.notes().count == 1)
    }

    @Test func aSaveBasedOnAnOlderVersionKeepsBothTexts() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        let mine = try Store(location: location)
        let theirs = try Store(location: location)
        let note = try mine.createNote()
        let read = Store.NoteVersion(note)
        try theirs.save(noteID: note.id, title: "Plan", body: RichText(plain: "their words"))

        let outcome = try mine.save(noteID: note.id, title: "Plan", body: RichText(plain: "my words"),
                                    expecting: read, copyTitle: copyTitle)
        guard case .savedAsCopy(let copy, let original?) = outcome else { Issue.record("\(outcome)"); return }
        #expect(original.body == "their words")
        #expect(copy.body == "my words")
        #expect(copy.title == "Plan (conflicting copy)")
        #expect(copy.id != note.id)
        let stored = try mine.notes()
        #expect(Set(stored.map(\.body)) == ["their words", "my words"])
        #expect(try mine.note(id: note.id)?.body == "their words")
    }

    @Test func anUntitledCopyIsNamedAfterItsFirstLine() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        let mine = try Store(location: location)
        let theirs = try Store(location: location)
        let note = try mine.createNote()
        try theirs.save(noteID: note.id, title: "", body: RichText(plain: "theirs"))
        let outcome = try mine.save(noteID: note.id, title: "", body: RichText(plain: "Shopping\nmilk"),
                                    expecting: .init(note), copyTitle: copyTitle)
        guard case .savedAsCopy(let copy, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(copy.title == "Shopping (conflicting copy)")
    }

    @Test func aNoteDeletedElsewhereKeepsTheTextAsANewNote() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        let mine = try Store(location: location)
        let theirs = try Store(location: location)
        let note = try mine.createNote(title: "Trip")
        try theirs.deleteNote(id: note.id)
        let outcome = try mine.save(noteID: note.id, title: "Trip", body: RichText(plain: "passport"),
                                    expecting: .init(note), copyTitle: copyTitle)
        guard case .savedAsCopy(let copy, nil) = outcome else { Issue.record("\(outcome)"); return }
        #expect(try mine.notes().map(\.id) == [copy.id])
        #expect(copy.body == "passport")
    }

    @Test func theSameTextSavedByBothIsNoConflict() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        let mine = try Store(location: location)
        let theirs = try Store(location: location)
        let note = try mine.createNote()
        try theirs.save(noteID: note.id, title: "", body: RichText(plain: "same"))
        let outcome = try mine.save(noteID: note.id, title: "", body: RichText(plain: "same"),
                                    expecting: .init(note), copyTitle: copyTitle)
        guard case .saved = outcome else { Issue.record("\(outcome)"); return }
        #expect(try mine.notes().count == 1)
    }
}
