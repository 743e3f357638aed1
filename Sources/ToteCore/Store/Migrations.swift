import Foundation
import GRDB

/// The store's schema, one registered migration per version. Never edit a shipped one:
/// add the next.
enum Migrations {
    /// Written to `PRAGMA user_version` after migrating, so that a store from a newer Tote
    /// is recognised even by a tool that does not read GRDB's migrations table.
    static let schemaVersion = 2

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
        return migrator
    }
}
