// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct NoteSearchTests {
    private let note = Note(id: UUID(), title: "Café plans", body: RichText(plain: "Bring the TENT\nand stove"),
                            created: .distantPast, modified: .distantPast)

    @Test func everyWordMustAppearIgnoringCaseAndAccents() {
        #expect(note.matches("cafe tent"))
        #expect(note.matches("  STOVE "))
        #expect(note.matches(""))
        #expect(!note.matches("tent canoe"))
    }

    @Test func mediaTypesChooseTheAttachmentKind() {
        #expect(Attachment.kind(forMIMEType: "image/PNG") == .image)
        #expect(Attachment.kind(forMIMEType: "image/x-xcf") == .file, "only images GTK can show inline")
        #expect(Attachment.kind(forMIMEType: "video/webm") == .video)
        #expect(Attachment.kind(forMIMEType: "audio/ogg") == .audio)
        #expect(Attachment.kind(forMIMEType: "application/pdf") == .file)
    }

    @Test func aDeletedNoteComesBackExactly() throws {
        let folder = try TemporaryFolder()
        let store = try Store(location: StoreLocation(directory: folder.url))
        let created = try store.createNote()
        try store.save(noteID: created.id, title: "Keep", body: Sample.document)
        let before = try #require(try store.note(id: created.id))
        let deleted = try #require(try store.deleteNote(id: created.id))
        #expect(try store.notes().isEmpty)
        try store.restore(deleted)
        #expect(try store.note(id: created.id) == before)
    }
}
