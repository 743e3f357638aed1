// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// What Tote does with a damaged store: sets it aside untouched so that work can go on in a
/// fresh one, and, when asked, copies into the fresh store what SQLite can still read of it.
public enum StoreRecovery {
    /// What a recovery brought back.
    public struct Report: Equatable, Sendable {
        public var notes = 0
        public var lists = 0
        public var reminders = 0
        /// Notes whose rich text was damaged and were brought back from their plain copy.
        public var notesFromPlainText = 0

        public init() {}
    }

    public enum Failure: Error, Equatable, Sendable {
        /// Nothing could be read; the reason is for logs.
        case unreadable(String)
    }

    /// Renames the damaged database and its write-ahead files to `tote-damaged-<time>.sqlite3`
    /// beside them, byte for byte as they are, so a fresh store can take the usual name.
    /// Returns the new path of the database file.
    public static func setAside(_ location: StoreLocation, now: Date = Date()) throws -> URL {
        let manager = FileManager.default
        let stamp = ISO8601DateFormatter.string(
            from: now, timeZone: .current, formatOptions: [.withFullDate, .withTime])
        var target = location.directory.appendingPathComponent("tote-damaged-\(stamp).sqlite3")
        var counter = 1
        while manager.fileExists(atPath: target.path) {
            counter += 1
            target = location.directory.appendingPathComponent("tote-damaged-\(stamp)-\(counter).sqlite3")
        }
        let source = location.databaseURL.path
        // The logs first: a database moved without its log would lose what only the log holds.
        for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: source + suffix) {
            try manager.moveItem(atPath: source + suffix, toPath: target.path + suffix)
        }
        try manager.moveItem(atPath: source, toPath: target.path)
        return target
    }

    /// Adds to `store` every note, list and reminder that can still be read from `damaged`,
    /// which is only read: a copy of it is opened. Rows already in the store are kept as they
    /// are. Reminders whose list is lost go to a new list named `orphanListName`.
    ///
    /// SQLite's own `.recover` reads pages the tree no longer reaches, but Debian 12's sqlite3
    /// is built without the page table it needs and writes nothing; so each table is read in
    /// order of its rows, stepping over the rows a damaged page holds.
    public static func recover(
        from damaged: URL, into store: Store, orphanListName: String
    ) throws(Failure) -> Report {
        let manager = FileManager.default
        let work = manager.temporaryDirectory.appendingPathComponent("tote-recovery-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: work) }
        let copy = work.appendingPathComponent("damaged.sqlite3")
        do {
            try manager.createDirectory(at: work, withIntermediateDirectories: true)
            try manager.copyItem(at: damaged, to: copy)
            if manager.fileExists(atPath: damaged.path + "-wal") {
                try manager.copyItem(atPath: damaged.path + "-wal", toPath: copy.path + "-wal")
            }
            var configuration = Configuration()
            configuration.readonly = true
            let source = try DatabaseQueue(path: copy.path, configuration: configuration)
            defer { try? source.close() }
            // Outside a transaction: committing one fails on a damaged file.
            let rows = try source.inDatabase { db in try RecoveredRows(db) }
            return try store.addRecovered(rows, orphanListName: orphanListName)
        } catch {
            throw .unreadable(String(describing: error))
        }
    }
}

/// The rows that can still be read from a damaged database, each checked as it is read: a
/// row with a missing or mistyped column is skipped, not the table.
struct RecoveredRows {
    var notes: [Note] = []
    var lists: [ReminderList] = []
    var reminders: [Reminder] = []
    var notesFromPlainText = 0

    init(_ db: Database) throws {
        let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        if tables.contains(Note.databaseTableName) {
            for row in Self.readableRows(db, table: Note.databaseTableName) {
                guard var note = try? Note(row: row) else { continue }
                // A note whose rich text cannot be read comes back from its plain copy.
                if (try? note.richText()) == nil {
                    note.content = NativeFormat.encode(RichText(plain: note.body))
                    notesFromPlainText += 1
                }
                notes.append(note)
            }
        }
        if tables.contains(ReminderList.databaseTableName) {
            lists = Self.readableRows(db, table: ReminderList.databaseTableName).compactMap { try? ReminderList(row: $0) }
        }
        if tables.contains(Reminder.databaseTableName) {
            reminders = Self.readableRows(db, table: Reminder.databaseTableName).compactMap { try? Reminder(row: $0) }
        }
    }

    /// Every row of `table` that can be read, in rowid order. Where reading fails (a damaged
    /// page), the first rowid at which reading works again is searched for, exponentially
    /// then by halving, so that only the rows of damaged pages are lost.
    static func readableRows(_ db: Database, table: String) -> [Row] {
        var rows: [Row] = []
        var next = Int64.min
        while true {
            var failed = false
            do {
                let cursor = try Row.fetchCursor(
                    db, sql: "SELECT *, rowid FROM \(table) WHERE rowid >= ? ORDER BY rowid", arguments: [next])
                while let row = try cursor.next() {
                    guard let rowID = try? row.decode(Int64.self, atIndex: row.count - 1) else { break }
                    rows.append(row.copy())  // a cursor reuses its row
                    guard rowID < Int64.max else { return rows }
                    next = rowID + 1
                }
            } catch {
                failed = true
            }
            guard failed, let resume = firstReadableRowID(db, table: table, after: next) else { return rows }
            next = resume
        }
    }

    /// The smallest rowid past `start` from which a read of `table` works, if any.
    private static func firstReadableRowID(_ db: Database, table: String, after start: Int64) -> Int64? {
        func readable(_ rowID: Int64) -> Bool {
            (try? Row.fetchOne(db, sql: "SELECT rowid FROM \(table) WHERE rowid >= ? ORDER BY rowid LIMIT 1",
                               arguments: [rowID])) != nil
        }
        var low = start, step: Int64 = 1
        var high: Int64?
        while high == nil {
            let (candidate, overflow) = start.addingReportingOverflow(step)
            if overflow { return nil }
            if readable(candidate) { high = candidate } else { low = candidate }
            step = step.multipliedReportingOverflow(by: 2).overflow ? Int64.max : step * 2
        }
        guard var high else { return nil }
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if readable(middle) { high = middle } else { low = middle }
        }
        return high
    }
}

extension Store {
    /// Adds recovered rows in one transaction, keeping any row the store already has.
    func addRecovered(_ rows: RecoveredRows, orphanListName: String) throws -> StoreRecovery.Report {
        var report = StoreRecovery.Report()
        report.notesFromPlainText = rows.notesFromPlainText
        try write { db in
            for note in rows.notes where try !note.exists(db) {
                try note.insert(db)
                report.notes += 1
            }
            var listIDs = Set(try UUID.fetchAll(db, sql: "SELECT id FROM \(ReminderList.databaseTableName)"))
            var nextPosition = (try Int.fetchOne(
                db, sql: "SELECT MAX(position) FROM \(ReminderList.databaseTableName)") ?? -1) + 1
            for var list in rows.lists.sorted(by: { $0.position < $1.position }) where !listIDs.contains(list.id) {
                list.position = nextPosition
                nextPosition += 1
                try list.insert(db)
                listIDs.insert(list.id)
                report.lists += 1
            }
            var orphanage: ReminderList?
            for var reminder in rows.reminders.sorted(by: { $0.position < $1.position }) where try !reminder.exists(db) {
                if !listIDs.contains(reminder.listID) {
                    let list = orphanage ?? ReminderList(
                        id: UUID(), name: orphanListName, position: nextPosition, created: Date(), modified: Date())
                    if orphanage == nil {
                        try list.insert(db)
                        report.lists += 1
                        orphanage = list
                    }
                    reminder.listID = list.id
                }
                try reminder.insert(db)
                report.reminders += 1
            }
        }
        return report
    }
}
