// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Notes carried to another device through the notes folder and two real Syncthing daemons:
/// Tote on device A with `notes-folder` set, device B edited as another app would.
final class NotesFolderSyncTests: EndToEndTestCase {
    private var pair: SyncthingPair?

    override func tearDown() {
        pair?.stop()
        super.tearDown()
    }

    private func text(_ folder: URL, _ name: String) -> String? {
        try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Writes a file on device B, as another app does.
    private func write(onB name: String, _ text: String, pair: SyncthingPair) throws {
        try Data(text.utf8).write(to: pair.b.appendingPathComponent(name))
    }

    /// Waits, syncing the devices again and again, until `condition` holds.
    private func waitForSync(_ what: String, pair: SyncthingPair, timeout: TimeInterval = 40,
                             _ condition: () throws -> Bool) throws {
        do {
            try session.waitUntil(what, timeout: timeout) {
                try pair.sync()
                return try condition()
            }
        } catch {
            XCTFail("\(error): A holds \(files(pair.a)), B holds \(files(pair.b))")
            throw error
        }
    }

    /// Every file in a folder with its text, for a failure's message.
    private func files(_ folder: URL) -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Dictionary(uniqueKeysWithValues: names.map { ($0, text(folder, $0) ?? "(folder or unreadable)") })
    }

    func testNotesTravelToAnotherDeviceAndBackThroughSyncthing() throws {
        let pair = try SyncthingPair(session: session)
        self.pair = pair
        // A note with a picture, made before the folder was chosen.
        let picture = session.root.appendingPathComponent("cat.png")
        XCTAssertEqual(try DesktopSession.run("convert", ["-size", "40x30", "xc:orange", picture.path]), 0)
        let store = try Store(location: session.storeLocation)
        let reference = try store.media.store(contentsOf: picture)
        let pictureBytes = try Data(contentsOf: picture)
        let attachment = Attachment(kind: .image, media: reference, fileName: "cat.png", mimeType: "image/png",
                                    byteCount: Int64(pictureBytes.count))
        storeNoteWithPicture(store, attachment)
        try DesktopSession.writeSettings(syncAccounts: false, notesFolder: pair.a, root: session.root)

        let tote = try session.launchTote()
        let window = try session.waitForWindow(of: tote)
        try session.place(window, x: 0, y: 0, width: 900, height: 700)

        // The picture's note, and its attachment, arrive on B.
        try waitForSync("the picture's note on B", pair: pair) { text(pair.b, "Cat.md") != nil }
        XCTAssertEqual(text(pair.b, "Cat.md"), "Our cat\n\n![cat.png](<attachments/\(reference.fileName)>)\n")
        XCTAssertEqual(FileManager.default.contents(atPath: pair.b.appendingPathComponent("attachments/\(reference.fileName)").path),
                       pictureBytes)

        // A note typed in Tote arrives on B as Markdown.
        try session.key("ctrl+n")
        try session.type("Groceries")
        try session.key("Return")
        try session.type("oat milk")
        try waitForSync("the typed note on B", pair: pair) { text(pair.b, "Groceries.md") == "oat milk\n" }

        // B's edit comes back into the same note, in the editor showing it.
        try write(onB: "Groceries.md", "oat milk\n\nrye bread\n", pair: pair)
        try pair.sync()
        try session.waitUntil("B's edit in the editor", timeout: 20) {
            (try? session.text(of: tote, in: "Note body")) == "oat milk\nrye bread"
        }

        // Apart, both devices edit the note; together again, both edits are on both, and no
        // conflict copy is left.
        try pair.pause()
        try session.key("ctrl+End")
        try session.key("Return")
        try session.type("honey")
        try session.waitUntil("Tote's edit in its file", timeout: 10) {
            text(pair.a, "Groceries.md") == "oat milk\n\nrye bread\n\nhoney\n"
        }
        try write(onB: "Groceries.md", "fresh oat milk\n\nrye bread\n", pair: pair)
        try pair.resume()
        let merged = "fresh oat milk\n\nrye bread\n\nhoney\n"
        try waitForSync("both edits on both devices", pair: pair) {
            let noConflicts = try pair.conflicts().isEmpty
            return noConflicts && text(pair.a, "Groceries.md") == merged && text(pair.b, "Groceries.md") == merged
        }
        try session.waitUntil("both edits in the editor", timeout: 10) {
            (try? session.text(of: tote, in: "Note body")) == "fresh oat milk\nrye bread\nhoney"
        }
        XCTAssertEqual(try pair.conflicts(), [])

        // A file made on B becomes a note.
        try write(onB: "Ideas.md", "Ideas\n\nfly a *kite*\n", pair: pair)
        try waitForSync("B's new file as a note", pair: pair) {
            (try session.store()?.notes().contains { $0.body == "Ideas\nfly a kite" }) == true
        }
        session.screenshot("synced")

        try session.key("ctrl+q")
        try session.waitUntil("Tote to quit") { !tote.isRunning }
        let notes = try XCTUnwrap(session.store()).notes()
        XCTAssertEqual(Set(notes.map(\.body)), ["Our cat\n", "fresh oat milk\nrye bread\nhoney", "Ideas\nfly a kite"])
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: pair.b.path).filter { !$0.hasPrefix(".") }),
                       ["Cat.md", "Groceries.md", "Ideas.md", "attachments"])
    }

    private func storeNoteWithPicture(_ store: Store, _ attachment: Attachment) {
        let body = RichText(paragraphs: [Paragraph(runs: [Run("Our cat")]), Paragraph(runs: [Run(attachment: attachment)])])
        let note = try? store.createNote(title: "Cat")
        if let note { _ = try? store.save(noteID: note.id, title: "Cat", body: body) }
        try? store.checkpoint()
    }

    /// kill -9 while Tote writes the folder for the first time: every file there is whole,
    /// and the next start writes the rest and leaves no temporary file.
    func testKillDuringTheFirstWriteLosesNothingAndLeavesNoPartialFile() throws {
        let store = try Store(location: session.storeLocation)
        let paragraph = String(repeating: "Some words in a long note. ", count: 400)
        for index in 0..<300 {
            let note = try store.createNote()
            _ = try store.save(noteID: note.id, title: "", body: RichText(plain: "Note \(index)\n" + paragraph))
        }
        try store.checkpoint()
        let folder = session.root.appendingPathComponent("notes", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try DesktopSession.writeSettings(syncAccounts: false, notesFolder: folder, root: session.root)
        let expected = "\n\n" + paragraph.trimmingCharacters(in: .whitespaces) + "&#32;\n"

        let first = try session.launchTote()
        _ = try session.waitForWindow(of: first)
        try session.waitUntil("the first files written", timeout: 20) {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.count ?? 0) >= 20
        }
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
        XCTAssertLessThan(written.count, 300, "killed before the end of the first write")
        for name in written {
            XCTAssertEqual(text(folder, name), "\(name.dropLast(3))" + expected, "\(name) is whole")
        }

        let second = try session.launchTote()
        _ = try session.waitForWindow(of: second)
        try session.waitUntil("every note in the folder", timeout: 30) {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.filter { $0.hasSuffix(".md") }.count ?? 0) == 300
        }
        try session.key("ctrl+q")
        try session.waitUntil("Tote to quit") { !second.isRunning }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(names.filter { !$0.hasSuffix(".md") }, [], "no temporary file left")
        for name in names {
            XCTAssertEqual(text(folder, name), "\(name.dropLast(3))" + expected, "\(name) is whole")
        }
        XCTAssertEqual(try XCTUnwrap(session.store()).notes().count, 300, "no note doubled")
    }

    /// Preferences shows the folder; Turn Off stops writing to it and leaves its files.
    func testPreferencesShowTheFolderAndTurnOffLeavesTheFiles() throws {
        let folder = session.root.appendingPathComponent("notes", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try DesktopSession.writeSettings(syncAccounts: false, notesFolder: folder, root: session.root)
        try storeNote("Plans", RichText(plain: "Pack the tent"))
        let tote = try session.launchTote()
        _ = try session.waitForWindow(of: tote)
        try session.waitUntil("the note in the folder") { text(folder, "Plans.md") == "Pack the tent\n" }

        try session.key("ctrl+comma")
        let preferences = try session.waitForWindow(named: "Preferences")
        try session.waitUntil("the folder in Preferences") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\t" + folder.path) } == true
        }
        let off = try waitForCenter(of: tote, named: "frame=2/Turn Off", window: preferences)
        try session.input(["mousemove", "\(off.x)", "\(off.y)", "click", "1"])
        try session.waitUntil("the folder turned off") { !session.settingsFile.contains(folder.path) }
        try session.waitUntil("Preferences saying so") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tNone: notes are kept in Tote only") } == true
        }
        session.screenshot("turned-off")
        try session.key("Escape")
        try session.key("ctrl+n")
        try session.type("Not in the folder")
        session.pace(1.5)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["Plans.md"], "the files stay, no new one")
    }

    /// The first gesture of a cold start (a fresh session, Tote's first run in it) with a
    /// notes folder being written for the first time: a new note typed at a person's pace as
    /// soon as the window is there is kept, and is in the folder with every other note.
    func testTheFirstKeystrokesOfAColdStartLandWhileTheFolderIsFirstWritten() throws {
        let store = try Store(location: session.storeLocation)
        for index in 0..<300 {
            let note = try store.createNote()
            _ = try store.save(noteID: note.id, title: "", body: RichText(plain: "Note \(index)\n" + String(repeating: "words ", count: 300)))
        }
        try store.checkpoint()
        let folder = session.root.appendingPathComponent("notes", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try DesktopSession.writeSettings(syncAccounts: false, notesFolder: folder, root: session.root)

        let tote = try session.launchTote()
        _ = try session.waitForWindow(of: tote)
        try session.key("ctrl+n")
        try session.type("Groceries")
        try session.key("Return")
        try session.type("oat milk")
        try session.waitUntil("the typed note in the store", timeout: 20) {
            (try? session.store()?.notes().contains { $0.title == "Groceries" && $0.body == "oat milk" }) == true
        }
        try session.waitUntil("every note in the folder", timeout: 30) {
            text(folder, "Groceries.md") == "oat milk\n"
                && ((try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.count ?? 0) == 301
        }
        XCTAssertEqual(try session.text(of: tote, in: "Note body"), "oat milk")
    }
}
