// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// Which reminders were announced (a notification at their due time), for which due date.
extension Store {
    /// The reminders not done, with a due date, not announced for that due date: those
    /// `ReminderAnnouncements` announces now or wakes for.
    public func remindersToAnnounce() throws -> [Reminder] {
        try read { db in
            try Reminder.filter(sql: """
                isDone = 0 AND due IS NOT NULL AND NOT EXISTS
                (SELECT 1 FROM announcement WHERE announcement.reminderID = reminder.id AND announcement.due = reminder.due)
                """).fetchAll(db)
        }
    }

    /// Records reminders as announced for the due date each has in the store now.
    public func markAnnounced(_ ids: [UUID]) throws {
        guard !ids.isEmpty else { return }
        try write { db in
            // Copied from the row, not converted from a Date: the value compares equal.
            let statement = try db.cachedStatement(sql: """
                INSERT OR REPLACE INTO announcement (reminderID, due)
                SELECT id, due FROM reminder WHERE id = ? AND due IS NOT NULL
                """)
            for id in ids { try statement.execute(arguments: [id]) }
        }
    }
}
