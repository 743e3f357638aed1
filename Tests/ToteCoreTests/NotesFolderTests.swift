// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// The notes folder both ways, with a real store, library and folder: what another app or a
/// sync engine does to the files is done here to the files.
@MainActor @Suite struct NotesFolderTests {
    let temporary: TemporaryFolder
    let root: URL
    let store: Store
    let library: Library
    private let heard = Heard()

    final class Heard {
        var said: [NotesFolderChange] = []
    }

    init() throws {
        temporary = try TemporaryFolder()
        root = temporary.url.appendingPathComponent("Notes", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        store = try Store(location: StoreLocation(directory: temporary.url.appendingPathComponent("store")))
        library = Library(store: store)
        try library.load()
    }

    private func start() async -> NotesFolder {
        let heard = heard
        let (folder, _) = NotesFolder.following(
            library, root: root, words: .init(untitled: "New note", changedElsewhere: "Changed on another device:")
        ) { heard.said.append($0) }
        folder.scan()
        await folder.settled()
        return folder
    }

    private func file(_ name: String) -> String? {
        try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
    }

    private func write(_ name: String, _ text: String) throws {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        // A second apart, as another app's write is: the scan tells files apart by time and size.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(Double.random(in: 1...1000))],
                                              ofItemAtPath: url.path)
    }

    private func note(_ text: String, title: String = "") throws -> UUID {
        let note = try library.createNote()
        try store.save(noteID: note.id, title: title, body: RichText(plain: text))
        try library.load()
        return note.id
    }

    private func text(of id: UUID) throws -> String? {
        try library.bodies.body(id)?.text.plainText
    }

    /// Edits a note as a person would, and saves it.
    private func type(_ text: String, at offset: Int, into id: UUID, folder: NotesFolder) async throws {
        try library.apply(LibraryEdit(noteEdits: [.init(note: id, command: .insert(RichText(plain: text), at: offset))]))
        library.bodies.saveAll(waitUntilWritten: true)
        await folder.settled()
    }

    private func scan(_ folder: NotesFolder) async {
        folder.scan()
        await folder.settled()
    }

    @Test func theFirstTimeNotesBecomeFilesAndFilesBecomeNotes() async throws {
        let groceries = try note("milk\neggs")
        let titled = try note("text", title: "Plans: 2027/Q1")
        try write("From Obsidian.md", "# From Obsidian\n\nSome *text*\n")
        try write("Work/Meeting.md", "agenda\n")
        _ = await start()
        #expect(file("milk.md") == "milk\n\neggs\n")
        #expect(file("Plans 2027Q1.md") == "text\n")
        let notes = try store.notes()
        #expect(notes.count == 4)
        let obsidian = try #require(notes.first { $0.body.hasPrefix("From Obsidian") })
        #expect(obsidian.title == "")
        #expect(try obsidian.richText().paragraphs[0].style == .heading(1))
        #expect(notes.first { $0.body == "agenda" }?.title == "Meeting")
        #expect(try store.note(id: groceries)?.title == "")
        #expect(try store.note(id: titled)?.title == "Plans: 2027/Q1")
        // Another app's file is read, never rewritten for being read.
        #expect(file("From Obsidian.md") == "# From Obsidian\n\nSome *text*\n")
    }

    @Test func anEditInToteIsInTheFileAndARenameRenamesIt() async throws {
        let id = try note("milk")
        let folder = await start()
        try await type(" and honey", at: 4, into: id, folder: folder)
        #expect(file("milk and honey.md") == "milk and honey\n")
        #expect(file("milk.md") == nil)
    }

    @Test func aChangeElsewhereComesInWithoutUndoAndKeepsOtherAppsWriting() async throws {
        let id = try note("first\nsecond")
        let folder = await start()
        try write("first.md", "first\n\nsecond, changed on the phone\n")
        await scan(folder)
        #expect(try text(of: id) == "first\nsecond, changed on the phone")
        #expect(library.bodies.loaded(id)?.steps.canUndo == false)
        #expect(file("first.md") == "first\n\nsecond, changed on the phone\n")
    }

    @Test func editsOnBothSidesMergeLineByLine() async throws {
        let id = try note("one\ntwo\nthree")
        let folder = await start()
        try write("one.md", "one\n\ntwo\n\nthree, from the laptop\n")
        // Typed before the folder's change was seen.
        try await type("zero\n", at: 0, into: id, folder: folder)
        await scan(folder)
        #expect(try text(of: id) == "zero\none\ntwo\nthree, from the laptop")
        #expect(file("one.md") == "zero\n\none\n\ntwo\n\nthree, from the laptop\n")
        #expect(!heard.said.contains { if case .keptBoth = $0 { true } else { false } })
        // Its next save names the file after the first line again.
        try await type("!", at: 4, into: id, folder: folder)
        #expect(file("zero!.md") != nil && file("one.md") == nil)
    }

    @Test func overlappingEditsKeepBothTextsAndSaySo() async throws {
        let id = try note("list\nbuy milk")
        let folder = await start()
        try write("list.md", "list\n\nbuy oat milk\n")
        try await type(" today", at: 13, into: id, folder: folder)
        await scan(folder)
        let text = try #require(try text(of: id))
        #expect(text.contains("buy milk today") && text.contains("buy oat milk") && text.contains("Changed on another device:"))
        #expect(heard.said.contains { if case .keptBoth("list") = $0 { true } else { false } })
    }

    @Test func aSyncthingConflictCopyIsMergedAndGoes() async throws {
        let id = try note("a\nb\nc")
        let folder = await start()
        // The devices were apart: this one changed the first line, the other the last; the
        // other's file won and this one's became the conflict copy.
        try write("a.md", "a\n\nb\n\nc from B\n")
        try write("a.sync-conflict-20261128-182517-HB5KGKO.md", "a from A\n\nb\n\nc\n")
        await scan(folder)
        #expect(try text(of: id) == "a from A\nb\nc from B")
        #expect(file("a.sync-conflict-20261128-182517-HB5KGKO.md") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["a.md"])
    }

    @Test func aNextcloudConflictCopyIsMergedToo() async throws {
        let id = try note("x\ny")
        let folder = await start()
        try write("x (conflicted copy 2026-11-28 093612).md", "x\n\ny and z\n")
        await scan(folder)
        #expect(try text(of: id) == "x\ny and z")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["x.md"])
    }

    @Test func aFileDeletedElsewhereTakesItsNoteUnlessTheNoteWasEdited() async throws {
        let kept = try note("kept")
        let gone = try note("gone")
        _ = try note("untouched")
        let folder = await start()
        try FileManager.default.removeItem(at: root.appendingPathComponent("gone.md"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("kept.md"))
        try await type(" edited", at: 4, into: kept, folder: folder)
        await scan(folder)
        #expect(try store.note(id: gone) == nil)
        #expect(try text(of: kept) == "kept edited")
        #expect(file("kept edited.md") == "kept edited\n")
    }

    @Test func aNoteDeletedInToteTakesItsFileUnlessTheFileWasEdited() async throws {
        let plain = try note("plain")
        let edited = try note("edited")
        let folder = await start()
        try write("edited.md", "edited\n\nelsewhere\n")
        _ = try library.deleteNote(id: plain)
        _ = try library.deleteNote(id: edited)
        await folder.settled()
        #expect(file("plain.md") == nil)
        #expect(try store.notes().map(\.body) == ["edited\nelsewhere"])
    }

    /// Chosen again after Tote forgot it (another folder was chosen meanwhile): each note
    /// finds its own file, and nothing is doubled.
    @Test func theSameFolderChosenAgainDoublesNothing() async throws {
        _ = try note("milk\neggs")
        _ = try note("plans", title: "Trip")
        let first = await start()
        first.stop()
        try store.forgetNoteFiles()
        _ = await start()
        #expect(try store.notes().count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() == ["Trip.md", "milk.md"])
    }

    @Test(arguments: [["a", "b", "c", "d"], ["only"]])
    func aFolderEmptiedAllAtOnceDeletesNothing(names: [String]) async throws {
        for name in names { _ = try note(name) }
        let folder = await start()
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path) {
            try FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
        await scan(folder)
        #expect(try store.notes().count == names.count)
    }

    @Test func aFolderThatIsGoneLeavesEveryNoteAndIsSaid() async throws {
        _ = try note("safe")
        let folder = await start()
        try FileManager.default.removeItem(at: root)
        await scan(folder)
        #expect(try store.notes().map(\.body) == ["safe"])
        #expect(heard.said.contains { if case .reachable(false) = $0 { true } else { false } })
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        await scan(folder)
        #expect(heard.said.contains { if case .reachable(true) = $0 { true } else { false } })
    }

    @Test func picturesTravelAsContentNamedFilesBesideTheNotes() async throws {
        let png = PictureBytes.png(width: 2, height: 2)
        let reference = try store.media.store(png, fileExtension: "png")
        let picture = Attachment(kind: .image, media: reference, fileName: "cat.png", mimeType: "image/png",
                                 byteCount: Int64(png.count))
        let note = try library.createNote()
        try store.save(noteID: note.id, title: "Cat", body: RichText(paragraphs: [Paragraph(runs: [Run(attachment: picture)])]))
        try library.load()
        _ = await start()
        #expect(file("Cat.md") == "![cat.png](<attachments/\(reference.fileName)>)\n")
        #expect(FileManager.default.contents(atPath: root.appendingPathComponent("attachments/\(reference.fileName)").path) == png)
        // The same note on a second device, from the same folder.
        let other = try Store(location: StoreLocation(directory: temporary.url.appendingPathComponent("other")))
        let otherLibrary = Library(store: other)
        let (otherFolder, _) = NotesFolder.following(otherLibrary, root: root, words: .init(untitled: "", changedElsewhere: "")) { _ in }
        otherFolder.scan()
        await otherFolder.settled()
        let arrived = try #require(try other.notes().first)
        #expect(arrived.title == "Cat")
        #expect(try arrived.richText() == (try store.note(id: note.id)?.richText()))
    }

    /// A Markdown file from Files takes the pictures beside it, never a file elsewhere on the disk.
    @Test func aMarkdownFileFromOutsideTakesOnlyFilesBesideIt() throws {
        let trip = root.appendingPathComponent("Trip", isDirectory: true)
        try FileManager.default.createDirectory(at: trip, withIntermediateDirectories: true)
        try PictureBytes.png(width: 2, height: 2).write(to: trip.appendingPathComponent("map.png"))
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try write("Trip/Trip.md", "![map](map.png) [key](../secret.txt) ![home](/etc/hostname)\n")
        let text = try MarkdownAttachments.richText(fromFileAt: trip.appendingPathComponent("Trip.md"), media: store.media)
        #expect(text.paragraphs[0].runs.compactMap(\.attachment).map(\.fileName) == ["map"])
        #expect(text.plainText == "\u{FFFC} key home")
    }

    /// Hostile files: a line of 250,000 characters comes in whole as paragraphs a note can lay
    /// out; a file too large to be a note stays out, said once, and nothing else is held up.
    @Test func hostileFilesCostNoTextAndNoHang() async throws {
        let line = String(repeating: "word ", count: 50_000)
        try write("Long.md", line + "\n")
        let huge = root.appendingPathComponent("Huge.md")
        _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(NotesFolder.largestNote + 1))
        try handle.close()
        try write("Fine.md", "fine\n")
        let folder = await start()
        await scan(folder)
        let notes = try store.notes()
        // The line without its last space (Markdown drops it), in three paragraphs.
        #expect(Set(notes.map(\.body.count)) == [4, 249_999 + 2])
        let long = try #require(try notes.first { $0.body.count > 4 }?.richText())
        #expect(long.paragraphs.allSatisfy { $0.length <= RichText.maximumParagraphLength })
        #expect(long.paragraphs.map(\.plainText).joined() == String(line.dropLast()))
        let said = heard.said.filter { if case .failed("Huge.md", .tooLarge) = $0 { true } else { false } }
        #expect(said.count == 1)
    }

    /// Many new files arrive in batches, each shown: the library knows every one.
    @Test func aThousandFilesAllArriveAndAreShown() async throws {
        for index in 0..<1000 { try write("Note \(index).md", "note \(index)\n") }
        var shown = 0
        let token = library.observe { shown += $0.savedNotes.count }
        defer { library.stopObserving(token) }
        _ = await start()
        #expect(try store.notes().count == 1000)
        #expect(shown == 1000)
        #expect(library.notes.count == 1000)
    }
}
