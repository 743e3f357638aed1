// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import Testing
@testable import ToteCore

@Suite struct StoreTests {
    private func makeStore(in folder: TemporaryFolder, start: Date = Date(timeIntervalSince1970: 1_000))
        throws -> Store
    {
        let ticks = Ticks(start: start)
        return try Store(
            location: StoreLocation(directory: folder.url.appendingPathComponent("data")),
            clock: { ticks.next() })
    }

    @Test func createsTheFolderTheDatabaseAndWAL() throws {
        let folder = try TemporaryFolder()
        let store = try makeStore(in: folder)
        #expect(FileManager.default.fileExists(atPath: store.location.databaseURL.path))
        let mode = try store.database.read { db in
            try String.fetchOne(db, sql: "PRAGMA journal_mode")
        }
        #expect(mode == "wal")
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func notesSurviveReopeningNewestFirst() throws {
        let folder = try TemporaryFolder()
        let first: Note
        let second: Note
        do {
            let store = try makeStore(in: folder)
            first = try store.createNote()
            second = try store.createNote()
            try store.save(noteID: first.id, title: "Groceries", body: RichText(plain: "milk\neggs"))
        }
        let reopened = try makeStore(in: folder, start: Date(timeIntervalSince1970: 5_000))
        let notes = try reopened.notes()
        #expect(notes.map(\.id) == [first.id, second.id])
        #expect(notes.first?.title == "Groceries")
        #expect(notes.first?.body == "milk\neggs")
        #expect(try notes.first?.richText() == RichText(plain: "milk\neggs"))
    }

    @Test func plainBodiesFromVersionOneBecomeRichText() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        let queue = try DatabaseQueue(path: location.databaseURL.path)
        try Migrations.migrator.migrate(queue, upTo: "v1: notes, reminder lists, reminders")
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO note (id, title, body, created, modified) VALUES (?, 'Old', ?, ?, ?)",
                arguments: [UUID(), "first line\nsecond", Date(), Date()])
        }
        try queue.close()
        let note = try #require(try Store(location: location).notes().first)
        #expect(try note.richText() == RichText(plain: "first line\nsecond"))
    }

    /// A store as Tote wrote it before v3 (dates as GRDB's text) opens with every list and
    /// reminder as it was, to the millisecond, its dates now numbers; a value that was not
    /// a date is left as it was.
    @Test func remindersAndListsFromVersionTwoUpgradeAndLoseNothing() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        let queue = try DatabaseQueue(path: location.databaseURL.path)
        try Migrations.migrator.migrate(queue, upTo: "v2: rich note bodies")
        let moment = Date(timeIntervalSince1970: 1_714_555_800.123)
        let list = ReminderList(id: UUID(), name: "Errands", position: 0, created: moment,
                                modified: moment.addingTimeInterval(60.456))
        let other = ReminderList(id: UUID(), name: "Odd", position: 1, created: moment, modified: moment)
        let reminders = (0..<5).map { (index: Int) -> Reminder in
            let offset = Double(index)
            let due: Date? = index == 3 ? nil : moment.addingTimeInterval(offset * 86_400.5)
            let notes = index == 2 ? "with notes" : ""
            let priority: Reminder.Priority = index == 1 ? .high : .none
            return Reminder(id: UUID(), listID: list.id, title: "Item \(index)", notes: notes, isDone: index % 2 == 0,
                            due: due, priority: priority, position: index, created: moment.addingTimeInterval(offset),
                            modified: moment.addingTimeInterval(0.001 * offset))
        }
        try queue.write { db in
            for item in [list, other] {
                // What version 2 wrote: GRDB's dates as text.
                try db.execute(sql: "INSERT INTO reminderList (id, name, position, created, modified) VALUES (?, ?, ?, ?, ?)",
                               arguments: [item.id, item.name, item.position, item.created, item.modified])
            }
            for reminder in reminders {
                try db.execute(sql: """
                    INSERT INTO reminder (id, listID, title, notes, isDone, due, priority, position, created, modified)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [reminder.id, reminder.listID, reminder.title, reminder.notes, reminder.isDone,
                                     reminder.due, reminder.priority.rawValue, reminder.position, reminder.created,
                                     reminder.modified])
            }
            try db.execute(sql: """
                INSERT INTO reminder (id, listID, title, isDone, due, priority, position, created, modified)
                VALUES (?, ?, 'Not a date', 0, 'someday', 0, 0, ?, ?)
                """, arguments: [UUID(), other.id, moment, moment])
        }
        #expect(try queue.read { try String.fetchOne($0, sql: "SELECT typeof(created) FROM reminder LIMIT 1") } == "text")
        try queue.close()

        let store = try Store(location: location)
        let lists = try store.reminderLists()
        #expect(lists.count == 2)
        #expect(lists.first.map { $0.isStoredVersion(of: list) } == true)
        let read = try store.reminders(inList: list.id)
        #expect(read.count == reminders.count)
        for (stored, original) in zip(read, reminders) {
            #expect(stored.isStoredVersion(of: original), "\(stored) is \(original)")
        }
        let types = try store.database.read { db in
            try String.fetchAll(db, sql: """
                SELECT DISTINCT typeof(created) || typeof(modified) FROM reminder
                UNION SELECT DISTINCT typeof(created) || typeof(modified) FROM reminderList
                """)
        }
        #expect(types == ["realreal"])
        let odd = try store.database.read { try String.fetchOne($0, sql: "SELECT due FROM reminder WHERE title = 'Not a date'") }
        #expect(odd == "someday")
        // Written again after the upgrade, the dates stay numbers and read back the same.
        var changed = read[0]
        changed.title = "Changed"
        try store.apply(.update(before: [read[0]], after: [changed]))
        #expect(try store.reminders(inList: list.id)[0].isStoredVersion(of: changed))
        #expect(try store.database.read { try String.fetchOne($0, sql: "SELECT typeof(due) FROM reminder WHERE title = 'Changed'") }
            == "real")
    }

    @Test func savingStylesKeepsThemAndThePlainCopy() throws {
        let folder = try TemporaryFolder()
        let store = try makeStore(in: folder)
        let note = try store.createNote()
        try store.save(noteID: note.id, title: "T", body: Sample.document)
        let saved = try #require(try store.note(id: note.id))
        #expect(try saved.richText() == Sample.document)
        #expect(saved.body == "Hello bold world\nTitle\nitem")
    }

    @Test func savingUnchangedTextKeepsTheModificationTime() throws {
        let folder = try TemporaryFolder()
        let store = try makeStore(in: folder)
        let note = try store.createNote()
        let saved = try store.save(noteID: note.id, title: "", body: RichText())
        #expect(saved?.modified == note.modified)
    }

    @Test func savingAVanishedNoteChangesNothing() throws {
        let folder = try TemporaryFolder()
        let store = try makeStore(in: folder)
        #expect(try store.save(noteID: UUID(), title: "x", body: RichText(plain: "y")) == nil)
        #expect(try store.notes().isEmpty)
    }

    @Test func reminderListsKeepTheirOrder() throws {
        let folder = try TemporaryFolder()
        let store = try makeStore(in: folder)
        _ = try store.createReminderList(name: "Errands")
        _ = try store.createReminderList(name: "Work")
        _ = try store.createReminderList(name: "Garden")
        #expect(try store.reminderLists().map(\.name) == ["Errands", "Work", "Garden"])
        #expect(try store.reminderLists().map(\.position) == [0, 1, 2])
    }

    @Test func aFileThatIsNotADatabaseIsReportedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: location.databaseURL)

        #expect(throws: StoreError.self) { try Store(location: location) }
        do {
            _ = try Store(location: location)
        } catch {
            guard case .notADatabase(let path) = error else {
                Issue.record("expected notADatabase, got \(error)")
                return
            }
            #expect(path == location.databaseURL.path)
        }
        #expect(try Data(contentsOf: location.databaseURL) == garbage)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .filter { $0 != StoreLocation.databaseFileName && $0 != StoreLocation.mediaFolderName }
        #expect(leftovers.isEmpty, "no -wal or -shm file beside the damaged one")
    }

    @Test func aDatabaseWithADamagedHeaderIsReportedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        do {
            let store = try Store(location: location)
            _ = try store.createNote()
            try store.checkpoint()
        }
        var bytes = try Data(contentsOf: location.databaseURL)
        bytes.replaceSubrange(0..<16, with: Data(repeating: 0x41, count: 16))
        try bytes.write(to: location.databaseURL)
        try? FileManager.default.removeItem(atPath: location.databaseURL.path + "-wal")
        try? FileManager.default.removeItem(atPath: location.databaseURL.path + "-shm")

        #expect(throws: StoreError.self) { try Store(location: location) }
        #expect(try Data(contentsOf: location.databaseURL) == bytes)
    }

    @Test func aFolderInPlaceOfTheDatabaseIsUnreadable() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        try FileManager.default.createDirectory(at: location.databaseURL, withIntermediateDirectories: true)
        do {
            _ = try Store(location: location)
            Issue.record("opened a folder as a database")
        } catch {
            #expect(error == .unreadable(path: location.databaseURL.path, problem: .folder))
        }
    }

    @Test func aDatabaseFromANewerToteIsRefusedAndKept() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        do {
            let store = try Store(location: location)
            try store.database.write { db in
                try db.execute(
                    sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v999: from the future')")
            }
            try store.checkpoint()
        }
        let before = try Data(contentsOf: location.databaseURL)
        #expect(throws: StoreError.writtenByNewerVersion(path: location.databaseURL.path)) {
            try Store(location: location)
        }
        #expect(try Data(contentsOf: location.databaseURL) == before)
    }

    @Test func aReadOnlyStoreSeesWhatTheAppWrote() throws {
        let folder = try TemporaryFolder()
        let location = StoreLocation(directory: folder.url)
        let writer = try Store(location: location)
        let note = try writer.createNote()
        try writer.save(noteID: note.id, title: "", body: RichText(plain: "hello"))
        let reader = try Store(location: location, readOnly: true)
        #expect(try reader.notes().map(\.body) == ["hello"])
    }
}

/// A clock that advances one second per reading, so modification order is deterministic.
final class Ticks: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(start: Date) { current = start }

    func next() -> Date {
        lock.lock()
        defer { lock.unlock() }
        current = current.addingTimeInterval(1)
        return current
    }
}
