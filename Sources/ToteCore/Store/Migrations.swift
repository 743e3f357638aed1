// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// The store's schema, one registered migration per version. Never edit a shipped one:
/// add the next.
enum Migrations {
    /// Written to `PRAGMA user_version` after migrating, so that a store from a newer Tote
    /// is recognised even by a tool that does not read GRDB's migrations table.
    static let schemaVersion = 6

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: notes, reminder lists, reminders") { db in
            try db.create(table: Note.databaseTableName) { t in
                t.primaryKey("id", .blob)
                t.column("title", .text).notNull().defaults(to: "")
                t.column("body", .text).notNull().defaults(to: "")
                t.column("created", .datetime).notNull()
                t.column("modified", .datetime).notNull().indexed()
            }
            try db.create(table: ReminderList.databaseTableName) { t in
                t.primaryKey("id", .blob)
                t.column("name", .text).notNull()
                t.column("position", .integer).notNull()
                t.column("created", .datetime).notNull()
                t.column("modified", .datetime).notNull()
            }
            try db.create(table: Reminder.databaseTableName) { t in
                t.primaryKey("id", .blob)
                t.column("listID", .blob).notNull().indexed()
                    .references(ReminderList.databaseTableName, onDelete: .cascade)
                t.column("title", .text).notNull()
                t.column("notes", .text).notNull().defaults(to: "")
                t.column("isDone", .boolean).notNull().defaults(to: false)
                t.column("due", .datetime)
                t.column("priority", .integer).notNull().defaults(to: 0)
                t.column("position", .integer).notNull()
                t.column("created", .datetime).notNull()
                t.column("modified", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2: rich note bodies") { db in
            try db.alter(table: Note.databaseTableName) { t in
                t.add(column: "content", .blob).notNull().defaults(to: Data())
            }
            let rows = try Row.fetchAll(db, sql: "SELECT id, body FROM note")
            for row in rows {
                let body: String = row["body"]
                try db.execute(
                    sql: "UPDATE note SET content = ? WHERE id = ?",
                    arguments: [NativeFormat.encode(RichText(plain: body)), row["id"] as DatabaseValue])
            }
        }
        migrator.registerMigration("v3: reminder and list dates as numbers") { db in
            // GRDB wrote dates as text ("2024-05-01 09:30:00.000"); parsing that through
            // Foundation's calendar was most of reading a list of 10,000 (18 ms). Seconds since
            // 1970 as a REAL keep the millisecond and read back as they are. A value that does
            // not read as a date stays as it was: nothing is lost, and reading that row fails as
            // it did before.
            try convertDates(in: Reminder.databaseTableName, columns: ["due", "created", "modified"], db: db)
            try convertDates(in: ReminderList.databaseTableName, columns: ["created", "modified"], db: db)
        }
        migrator.registerMigration("v4: lists synced through Evolution Data Server") { db in
            // A list that mirrors a task list of an EDS account.
            try db.create(table: SyncedList.databaseTableName) { t in
                t.primaryKey("listID", .blob).references(ReminderList.databaseTableName, onDelete: .cascade)
                t.column("sourceUID", .text).notNull().unique()
                t.column("accountUID", .text).notNull()
                t.column("accountName", .text).notNull()
            }
            // The version of each to-do last read from the server: what a write changes and a
            // merge starts from. Not tied to a reminder: one deleted in Tote keeps its base
            // until the server has removed it too.
            try db.create(table: SyncBase.databaseTableName) { t in
                t.column("sourceUID", .text).notNull()
                t.column("uid", .text).notNull()
                t.column("reminderID", .blob).notNull().indexed()
                t.column("text", .text).notNull()
                t.primaryKey(["sourceUID", "uid"])
            }
            // Changes not yet on the server, written in the transaction that made them.
            try db.create(table: OutboxEntry.databaseTableName) { t in
                t.column("reminderID", .blob).notNull()
                t.column("sourceUID", .text).notNull()
                t.column("queued", .double).notNull()
                t.column("attempts", .integer).notNull().defaults(to: 0)
                t.column("lastError", .text)
                t.primaryKey(["reminderID", "sourceUID"])
            }
        }
        migrator.registerMigration("v5: reminders announced") { db in
            // The due date each reminder was last announced for (a notification): announced
            // once, and again only when its due date changes. No foreign key: a reminder
            // deleted and brought back by Undo is not announced a second time.
            try db.create(table: "announcement") { t in
                t.primaryKey("reminderID", .blob)
                t.column("due", .double).notNull()
            }
            // Reminders overdue by more than a day were due before Tote announced anything:
            // they count as announced, so the first start does not bring a flood of them.
            try db.execute(sql: """
                INSERT INTO announcement (reminderID, due) SELECT id, due FROM reminder
                WHERE isDone = 0 AND due IS NOT NULL AND due < CAST(strftime('%s', 'now') AS REAL) - 86400
                """)
        }
        migrator.registerMigration("v6: the notes folder") { db in
            // Each note's file in the notes folder (NoteFileRecord). No foreign key: a note
            // deleted in Tote keeps its record until its file is gone too.
            try db.create(table: NoteFileRecord.databaseTableName) { t in
                t.primaryKey("noteID", .blob)
                t.column("path", .text).notNull().unique()
                t.column("base", .text).notNull()
                t.column("noteDigest", .text).notNull()
                t.column("elsewhere", .text).notNull()
                t.column("previousElsewhere", .text)
                t.column("fileModified", .double).notNull()
                t.column("fileSize", .integer).notNull()
            }
        }
        migrator.registerMigration("v7: subtasks and repeats") { db in
            // No foreign key: a subtask whose parent is gone (deleted on another device) keeps
            // its parent's id, as its RELATED-TO keeps the UID, and shows at the top level.
            // A repeat is its RRULE's value, as read or as Tote writes it (RepeatRule).
            try db.alter(table: Reminder.databaseTableName) { t in
                t.add(column: "parentID", .blob)
                t.add(column: "repeatRule", .text)
            }
        }
        migrator.registerMigration("v8: folded subtasks") { db in
            try db.alter(table: Reminder.databaseTableName) { t in
                t.add(column: "subtasksHidden", .boolean).notNull().defaults(to: false)
            }
        }
        return migrator
    }

    /// Rewrites every date written as text in `columns` of `table` as seconds since 1970.
    private static func convertDates(in table: String, columns: [String], db: Database) throws {
        let update = try db.makeStatement(
            sql: "UPDATE \(table) SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE rowid = ?")
        let rows = try Row.fetchCursor(db, sql: "SELECT rowid, \(columns.joined(separator: ", ")) FROM \(table)")
        while let row = try rows.next() {
            let values: [DatabaseValue] = columns.indices.map { index in
                let value: DatabaseValue = row[index + 1]
                guard case .string = value.storage, let date = Date.fromDatabaseValue(value) else { return value }
                return date.timeIntervalSince1970.databaseValue
            }
            try update.execute(arguments: StatementArguments(values + [row[0] as DatabaseValue]))
        }
    }
}
