// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What Tote keeps of a to-do, as a VTODO holds it and as a reminder holds it: the fields a
/// merge compares one by one.
public struct TodoFields: Hashable, Sendable {
    public enum Field: String, CaseIterable, Sendable {
        case title, notes, isDone, due, priority, sortOrder, parent, repeatRule
    }

    public var title: String
    public var notes: String
    public var isDone: Bool
    /// To the second, as iCalendar keeps it.
    public var due: Date?
    public var priority: Reminder.Priority
    /// `X-APPLE-SORT-ORDER`, which other clients (Apple's, Thunderbird, Tasks.org) read: the
    /// reminder's position.
    public var sortOrder: Int?
    /// The parent of a subtask: `RELATED-TO;RELTYPE=PARENT` (or with no RELTYPE), its UID
    /// read as a reminder id (`SyncInbox.reminderID(forUID:)`).
    public var parent: UUID?
    /// `RRULE`'s value, as the server has it or Tote writes it (`RepeatRule.rrule`).
    public var repeatRule: String?
    /// `X-OC-HIDESUBTASKS:1`: the parent's row folds its subtasks away. Compared with `==`
    /// but not a `Field`: a merge never keeps a losing value of it in the notes, and the app
    /// names every `Field` it could keep there (`TodoMerge` takes the side that changed it).
    public var subtasksHidden: Bool

    public init(title: String, notes: String = "", isDone: Bool = false, due: Date? = nil,
                priority: Reminder.Priority = .none, sortOrder: Int? = nil, parent: UUID? = nil,
                repeatRule: String? = nil, subtasksHidden: Bool = false) {
        self.title = title
        self.notes = notes
        self.isDone = isDone
        self.due = due.map(Self.wholeSecond)
        self.priority = priority
        self.sortOrder = sortOrder
        self.parent = parent
        self.repeatRule = repeatRule
        self.subtasksHidden = subtasksHidden
    }

    public init(_ reminder: Reminder) {
        self.init(title: reminder.title, notes: reminder.notes, isDone: reminder.isDone, due: reminder.due,
                  priority: reminder.priority, sortOrder: reminder.position, parent: reminder.parentID,
                  repeatRule: reminder.repeatRule?.rrule, subtasksHidden: reminder.subtasksHidden)
    }

    /// The fields where `other` differs.
    public func differences(from other: TodoFields) -> Set<Field> {
        var fields: Set<Field> = []
        if title != other.title { fields.insert(.title) }
        if notes != other.notes { fields.insert(.notes) }
        if isDone != other.isDone { fields.insert(.isDone) }
        if due != other.due { fields.insert(.due) }
        if priority != other.priority { fields.insert(.priority) }
        if sortOrder != other.sortOrder { fields.insert(.sortOrder) }
        if parent != other.parent { fields.insert(.parent) }
        if repeatRule != other.repeatRule { fields.insert(.repeatRule) }
        return fields
    }

    /// `field` as `other` has it.
    mutating func take(_ field: Field, from other: TodoFields) {
        switch field {
        case .title: title = other.title
        case .notes: notes = other.notes
        case .isDone: isDone = other.isDone
        case .due: due = other.due
        case .priority: priority = other.priority
        case .sortOrder: sortOrder = other.sortOrder
        case .parent: parent = other.parent
        case .repeatRule: repeatRule = other.repeatRule
        }
    }

    /// `reminder` with these fields (its position only when there is a sort order).
    public func applied(to reminder: Reminder) -> Reminder {
        var result = reminder
        result.title = title
        result.notes = notes
        result.isDone = isDone
        if due.map(Self.wholeSecond) != reminder.due.map(Self.wholeSecond) { result.due = due }
        result.priority = priority
        if let sortOrder { result.position = sortOrder }
        result.parentID = parent
        if reminder.repeatRule?.rrule != repeatRule { result.repeatRule = repeatRule.flatMap(RepeatRule.init(rrule:)) }
        result.subtasksHidden = subtasksHidden
        return result
    }

    static func wholeSecond(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }
}
