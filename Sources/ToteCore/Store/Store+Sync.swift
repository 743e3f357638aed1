// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// What the store keeps for lists synced through Evolution Data Server: bindings, the
/// server's versions (bases) and the outbox.
extension Store {
    public func syncedLists() throws -> [SyncedList] {
        try read { db in try SyncedList.fetchAll(db) }
    }

    /// The outbox, oldest change first, entries that failed more often later.
    public func outbox() throws -> [OutboxEntry] {
        // Entries that keep failing go after the others, so that one refused for good does
        // not hold up the rest of its list.
        try read { db in try OutboxEntry.order(Column("attempts"), Column("queued")).fetchAll(db) }
    }

    public func bases(inSource sourceUID: String) throws -> [SyncBase] {
        try read { db in try Self.bases(inSource: sourceUID, in: db) }
    }

    static func bases(inSource sourceUID: String, in db: Database) throws -> [SyncBase] {
        try SyncBase.filter(Column("sourceUID") == sourceUID).fetchAll(db)
    }

    /// The server's versions of a reminder, in every task list that has one.
    public func bases(ofReminder id: UUID) throws -> [SyncBase] {
        try read { db in try SyncBase.filter(Column("reminderID") == id).fetchAll(db) }
    }

    public func reminder(id: UUID) throws -> Reminder? {
        try read { db in try Reminder.fetchOne(db, key: id) }
    }

    public func reminders(ids: [UUID]) throws -> [Reminder] {
        try read { db in try Reminder.fetchAll(db, keys: ids) }
    }

    /// Applies a change from the server (no outbox entry for it) with its record, in one
    /// transaction.
    public func apply(_ command: ReminderCommand?, record: SyncRecord) throws {
        let now = clock()
        try write { db in
            // Unbound first: a list the command deletes takes its binding with it.
            try Self.unbind(record.unbound, in: db)
            if let command { try Self.apply(command, in: db) }
            try Self.write(record, in: db, at: now)
        }
    }

    /// Plans a batch from a task list's server against the store as it is when its turn on
    /// the writer queue comes, and writes it in that same transaction, without waiting for
    /// it: nothing written between the plan's reads and its write can be written over.
    /// `plan` gets the list's reminders, the task list's bases, the reminders with changes
    /// in the outbox and any other reminder by id (read through the transaction: `plan` must
    /// not keep them). A list no longer bound to `binding`'s task list takes nothing. `done`
    /// is called on the writer queue with what was planned.
    public func applyFromServerInBackground(
        _ binding: SyncedList, syncedLists: Set<UUID>, plan: @escaping @Sendable (SyncInbox.Local) -> SyncInbox,
        done: @escaping @Sendable (Result<SyncInbox?, any Error>) -> Void
    ) {
        let now = clock()
        writeInBackground({ db -> SyncInbox? in
            guard try SyncedList.fetchOne(db, key: binding.listID)?.sourceUID == binding.sourceUID else { return nil }
            let rows = try Self.reminders(inList: binding.listID, in: db)
            let bases = try Self.bases(inSource: binding.sourceUID, in: db)
            let pending = Set(try OutboxEntry.fetchAll(db).map(\.reminderID))
            let inbox = plan(SyncInbox.Local(
                binding: binding, rows: rows, bases: Dictionary(bases.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first }),
                pending: pending, syncedLists: syncedLists, elsewhere: { try? Reminder.fetchOne(db, key: $0) }))
            if let command = inbox.command { try Self.apply(command, in: db) }
            try Self.write(inbox.record, in: db, at: now)
            return inbox
        }, done: done)
    }

    /// A push that the server took: its base is the version sent (nil: removed), unless the
    /// server's own version (with its new ETag) came back through the view meanwhile — the
    /// base is then no longer `startedFrom`, the text the push was written over; and the outbox
    /// entry goes unless a change was queued since the push began.
    public func recordPush(of entry: OutboxEntry, base: SyncBase?, startedFrom: String?,
                           removing removed: SyncRecord.SourceUID?) throws {
        try write { db in
            if let removed {
                try SyncBase.deleteOne(db, key: ["sourceUID": removed.sourceUID, "uid": removed.uid])
            }
            if let base {
                let now = try SyncBase.fetchOne(db, key: ["sourceUID": base.sourceUID, "uid": base.uid])
                if now?.text == startedFrom { try base.save(db) }
            }
            try db.execute(sql: "DELETE FROM outbox WHERE reminderID = ? AND sourceUID = ? AND queued = ?",
                           arguments: [entry.reminderID, entry.sourceUID, entry.queued])
        }
    }

    /// A push that failed: counted, with EDS's reason, for the sidebar to say.
    public func recordFailure(of entry: OutboxEntry, reason: String) throws {
        try write { db in
            try db.execute(sql: "UPDATE outbox SET attempts = attempts + 1, lastError = ? WHERE reminderID = ? AND sourceUID = ?",
                           arguments: [reason, entry.reminderID, entry.sourceUID])
        }
    }

    private static func unbind(_ lists: [UUID], in db: Database) throws {
        for listID in lists {
            guard let binding = try SyncedList.fetchOne(db, key: listID) else { continue }
            try SyncBase.filter(Column("sourceUID") == binding.sourceUID).deleteAll(db)
            try OutboxEntry.filter(Column("sourceUID") == binding.sourceUID).deleteAll(db)
            try binding.delete(db)
        }
    }

    private static func write(_ record: SyncRecord, in db: Database, at now: Date) throws {
        for binding in record.bindings { try binding.save(db) }
        for removed in record.removedBases {
            try SyncBase.deleteOne(db, key: ["sourceUID": removed.sourceUID, "uid": removed.uid])
        }
        for base in record.bases { try base.save(db) }
        for item in record.queue { try queue(item.reminderID, in: item.sourceUID, db: db, at: now) }
    }

    /// The task list each synced list mirrors, read before a command (one deleting a list
    /// takes its binding with it).
    static func syncSources(in db: Database) throws -> [UUID: String] {
        try Dictionary(Row.fetchAll(db, sql: "SELECT listID, sourceUID FROM syncedList").map { row in
            (row["listID"] as UUID, row["sourceUID"] as String)
        }, uniquingKeysWith: { first, _ in first })
    }

    /// Queues every reminder a command touched in a synced list (the list before and after
    /// a move: a move between two task lists is a create in one and a remove in the other).
    static func queueSync(of command: ReminderCommand, sources: [UUID: String], in db: Database, at now: Date) throws {
        guard !sources.isEmpty else { return }
        for reminder in command.remindersTouched {
            if let source = sources[reminder.listID] { try queue(reminder.id, in: source, db: db, at: now) }
        }
    }

    private static func queue(_ reminderID: UUID, in sourceUID: String, db: Database, at now: Date) throws {
        try db.execute(sql: """
            INSERT INTO outbox (reminderID, sourceUID, queued, attempts) VALUES (?, ?, ?, 0)
            ON CONFLICT (reminderID, sourceUID) DO UPDATE SET queued = MAX(excluded.queued, outbox.queued + 0.000001),
                attempts = 0
            """, arguments: [reminderID, sourceUID, now.timeIntervalSince1970])
    }
}

extension ReminderCommand {
    /// Every reminder record the command names, before and after.
    var remindersTouched: [Reminder] {
        switch self {
        case .insert(let reminders), .delete(let reminders): return reminders
        case .update(let before, let after): return before + after
        case .insertLists, .deleteLists, .updateLists: return []
        case .sequence(let commands): return commands.flatMap(\.remindersTouched)
        }
    }
}
