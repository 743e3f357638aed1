// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// One entry of a reminder list, ordered within it by `position`. A subtask names its
/// parent: the reminder whose row it shows under (`ReminderTree`).
public struct Reminder: Codable, Identifiable, Hashable, Sendable {
    public enum Priority: Int, Codable, Sendable, CaseIterable {
        case none = 0, low = 1, medium = 5, high = 9
    }

    public var id: UUID
    public var listID: UUID
    public var title: String
    public var notes: String
    public var isDone: Bool
    public var due: Date?
    public var priority: Priority
    public var position: Int
    public var created: Date
    public var modified: Date
    /// The reminder this one is a subtask of. Another client's deeper nesting, or a parent
    /// that is gone, is kept as it came: `ReminderTree` decides what a row shows.
    public var parentID: UUID?
    /// How it repeats: marked done, it moves on to its next due date (`ReminderEditing`).
    public var repeatRule: RepeatRule?
    /// Whether its row folds its subtasks away (a parent's disclosure triangle). Synced as
    /// Nextcloud Tasks and Tasks.org keep it, `X-OC-HIDESUBTASKS`.
    public var subtasksHidden: Bool

    public init(
        id: UUID, listID: UUID, title: String, notes: String = "", isDone: Bool = false,
        due: Date? = nil, priority: Priority = .none, position: Int, created: Date, modified: Date,
        parentID: UUID? = nil, repeatRule: RepeatRule? = nil, subtasksHidden: Bool = false
    ) {
        self.id = id
        self.listID = listID
        self.title = title
        self.notes = notes
        self.isDone = isDone
        self.due = due
        self.priority = priority
        self.position = position
        self.created = created
        self.modified = modified
        self.parentID = parentID
        self.repeatRule = repeatRule
        self.subtasksHidden = subtasksHidden
    }
}

/// Rows are read and written column by column rather than through Codable: a list of ten
/// thousand is fetched in a few milliseconds instead of a hundred.
extension Reminder: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "reminder"

    /// Throws for a row with a missing or mistyped value (a damaged store), never traps.
    public init(row: Row) throws {
        id = try row.decode(atIndex: 0)
        listID = try row.decode(atIndex: 1)
        title = try row.decode(atIndex: 2)
        notes = try row.decode(atIndex: 3)
        isDone = try row.decode(atIndex: 4)
        due = try row.decode(Date?.self, atIndex: 5)
        priority = Priority(rawValue: try row.decode(atIndex: 6)) ?? .none
        position = try row.decode(atIndex: 7)
        created = try row.decode(atIndex: 8)
        modified = try row.decode(atIndex: 9)
        // Absent from a store read before migration v7 (a recovery reads `SELECT *, rowid`);
        // an unreadable parent makes a top-level reminder rather than a lost one.
        parentID = row.count > 10 ? (try? row.decode(UUID?.self, atIndex: 10)) ?? nil : nil
        repeatRule = row.count > 11 ? ((try? row.decode(String?.self, atIndex: 11)) ?? nil).flatMap(RepeatRule.init(rrule:)) : nil
        // By name when the row is not this selection: a recovery's `*, rowid` ends in the rowid.
        let hidden = row.count == Self.databaseSelection.count
            ? try? row.decode(Bool?.self, atIndex: 12) : try? row.decode(Bool?.self, forColumn: "subtasksHidden")
        subtasksHidden = (hidden ?? nil) ?? false
    }

    /// The columns in the order `init(row:)` reads them.
    public static var databaseSelection: [any SQLSelectable] { [
        Column("id"), Column("listID"), Column("title"), Column("notes"), Column("isDone"), Column("due"),
        Column("priority"), Column("position"), Column("created"), Column("modified"), Column("parentID"),
        Column("repeatRule"), Column("subtasksHidden"),
    ] }

    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        for (column, value) in zip(Self.storedColumns, storedValues) { container[column] = value }
    }

    /// The columns but `id`, in the order of `storedValues`.
    static let storedColumns = [
        "listID", "title", "notes", "isDone", "due", "priority", "position", "created", "modified", "parentID",
        "repeatRule", "subtasksHidden",
    ]

    /// What is stored of a reminder but its id. Dates are seconds since 1970, as migration v3
    /// left them: read back without parsing text.
    var storedValues: [(any DatabaseValueConvertible)?] {
        [listID, title, notes, isDone, due?.timeIntervalSince1970, priority.rawValue, position,
         created.timeIntervalSince1970, modified.timeIntervalSince1970, parentID, repeatRule?.rrule, subtasksHidden]
    }
}

extension Reminder {
    /// Whether this record, read from the store, is `other` as written: the store keeps
    /// times to the millisecond.
    func isStoredVersion(of other: Reminder) -> Bool {
        var rounded = other
        rounded.created = created
        rounded.modified = modified
        rounded.due = due
        return rounded == self && Date.sameMillisecond(created, other.created)
            && Date.sameMillisecond(modified, other.modified) && Date.sameMillisecond(due, other.due)
    }
}

extension Date {
    static func sameMillisecond(_ a: Date?, _ b: Date?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?): return abs(a.timeIntervalSince(b)) < 0.001
        default: return false
        }
    }
}
