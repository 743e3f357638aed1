// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import Testing
@testable import ToteCore

/// A damaged store is never written: not at opening, not once damage shows later, and what
/// is still readable can be brought into a fresh store.
@Suite struct DamagedStoreTests {
    /// 300 notes of about 3 KB, checkpointed into the main file, then closed.
    private func makeStoreWithNotes(at location: StoreLocation, count: Int = 300) throws -> [UUID] {
        let store = try Store(location: location)
        var ids: [UUID] = []
        for index in 0..<count {
            let note = try store.createNote()
            let body = (0..<30).map { "Note \(index) line \($0) with some words to fill it up to a size." }
            try store.save(noteID: note.id, title: "Note \(index)", body: RichText(plain: body.joined(separator: "\n")))
            ids.append(note.id)
        }
        let list = try store.createReminderList(name: "Errands")
        try store.apply(.insert([Reminder(id: UUID(), listID: list.id, title: "Milk", position: 0,
                                          created: Date(), modified: Date())]))
        try store.checkpoint()
        return ids
    }

    /// Overwrites one 4 KB page in the middle of the file with random bytes.
    private func damageMiddlePage(of url: URL, seed: UInt64 = 7) throws -> Data {
        var bytes = try Data(contentsOf: url)
        let pages = bytes.count / 4096
        let page = pages / 2
        var random = SeededGenerator(seed: seed)
        bytes.replaceSubrange(page * 4096..<(page + 1) * 4096,
                              with: Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }))
        try bytes.write(to: url)
        return bytes
    }

    private func leftovers(beside url: URL) -> [String] {
        ["-wal", "-shm"].filter { FileManager.default.fileExists(atPath: url.path + $0) }
    }

    /// The report: "SQLite error 11", an empty sidebar, and a new note written into the file.
    @Test func aPageDamagedInTheMiddleIsFoundAtOpeningAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        _ = try makeStoreWithNotes(at: location)
        let damaged = try damageMiddlePage(of: location.databaseURL)

        #expect(throws: StoreError.damaged(path: location.databaseURL.path)) { try Store(location: location) }
        #expect(throws: StoreError.damaged(path: location.databaseURL.path)) {
            try Store(location: location, readOnly: true)
        }
        #expect(try Data(contentsOf: location.databaseURL) == damaged)
        #expect(leftovers(beside: location.databaseURL).isEmpty, "no -wal or -shm beside a refused file")
    }

    @Test func damageFoundAfterOpeningStopsEveryWrite() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        let ids = try makeStoreWithNotes(at: location)
        let store = try Store(location: location)
        _ = try damageMiddlePage(of: location.databaseURL)
        // Reading every note runs into the damaged page.
        var found: (any Error)?
        for id in ids {
            do { _ = try store.note(id: id) } catch { found = error; break }
        }
        if found == nil {
            do { _ = try store.notes() } catch { found = error }
        }
        #expect(found as? StoreError == .damaged(path: location.databaseURL.path))
        #expect(store.damageFound == .damaged(path: location.databaseURL.path))
        let before = try Data(contentsOf: location.databaseURL)
        #expect(throws: StoreError.damaged(path: location.databaseURL.path)) { try store.createNote() }
        #expect(throws: StoreError.damaged(path: location.databaseURL.path)) {
            try store.save(noteID: ids[0], title: "changed", body: RichText(plain: "x"))
        }
        #expect(try Data(contentsOf: location.databaseURL) == before)
    }

    @Test func aStoreWhoseUserVersionIsFromTheFutureIsRefusedAndKept() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        do {
            let store = try Store(location: location)
            try store.database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 99") }
            try store.checkpoint()
        }
        let before = try Data(contentsOf: location.databaseURL)
        #expect(throws: StoreError.writtenByNewerVersion(path: location.databaseURL.path)) {
            try Store(location: location)
        }
        #expect(try Data(contentsOf: location.databaseURL) == before)
        #expect(leftovers(beside: location.databaseURL).isEmpty)
    }

    @Test func aStoreRecordsItsSchemaVersion() throws {
        let folder = try TemporaryFolder()
        let store = try Store(location: StoreLocation(directory: folder.url))
        #expect(try store.database.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == Migrations.schemaVersion)
    }

    @Test func settingAsideKeepsTheDamagedFileByteForByte() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        _ = try makeStoreWithNotes(at: location, count: 20)
        let damaged = try damageMiddlePage(of: location.databaseURL)
        let aside = try StoreRecovery.setAside(location, now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(aside.deletingLastPathComponent().standardizedFileURL == location.directory.standardizedFileURL)
        #expect(aside.lastPathComponent.hasPrefix("tote-damaged-"))
        #expect(try Data(contentsOf: aside) == damaged)
        #expect(!FileManager.default.fileExists(atPath: location.databaseURL.path))
        let fresh = try Store(location: location)
        #expect(try fresh.notes().isEmpty)
        #expect(try Data(contentsOf: aside) == damaged)
        let second = try StoreRecovery.setAside(location, now: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(second != aside, "a second damaged file does not replace the first")
    }

    @Test func recoveryBringsBackWhatCanBeRead() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        let ids = try makeStoreWithNotes(at: location)
        let damaged = try damageMiddlePage(of: location.databaseURL)
        let aside = try StoreRecovery.setAside(location)
        let fresh = try Store(location: location)
        let kept = try fresh.createNote(title: "Written after the damage")

        let report = try StoreRecovery.recover(from: aside, into: fresh, orphanListName: "Recovered")
        let notes = try fresh.notes()
        print("recovery after one damaged page of \(ids.count) notes: \(report)")
        #expect(report.notes > 250, "most of 300 notes come back: \(report)")
        #expect(report.notes <= 300)
        #expect(notes.count == report.notes + 1)
        #expect(notes.contains { $0.id == kept.id && $0.title == "Written after the damage" })
        #expect(Set(notes.map(\.id)).subtracting([kept.id]).isSubset(of: ids))
        for note in notes { _ = try note.richText() }
        #expect(try Data(contentsOf: aside) == damaged, "recovery only reads the damaged file")
        #expect(try fresh.integrityCheck() == "ok")

        let again = try StoreRecovery.recover(from: aside, into: fresh, orphanListName: "Recovered")
        #expect(again.notes == 0, "recovering twice adds nothing twice")
    }
}
