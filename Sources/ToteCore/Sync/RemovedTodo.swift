// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a task list's view reports removed (EDS's `ECalComponentId`): a to-do, or only one
/// occurrence's override of a repeating one. EDS reports a master and each of its overrides
/// apart, under the same UID: an override removed (Thunderbird reopening an occurrence it had
/// completed) leaves the to-do, which only the master's removal takes.
public struct RemovedTodo: Hashable, Sendable, ExpressibleByStringLiteral {
    public var uid: String
    /// The override's `RECURRENCE-ID` value, as `VTodoMapping.Todo.recurrenceID` and EDS's rid
    /// give it (`20260316T090000`, `…Z` in UTC, a date alone); nil for the master: the whole to-do.
    public var recurrenceID: String?

    /// An empty `recurrenceID` (EDS's rid for a master) is nil.
    public init(uid: String, recurrenceID: String? = nil) {
        self.uid = uid
        self.recurrenceID = recurrenceID?.isEmpty == false ? recurrenceID : nil
    }

    /// A UID alone: the whole to-do.
    public init(stringLiteral uid: String) {
        self.init(uid: uid)
    }

    /// Whether this takes the whole to-do (its master), not one override.
    public var isWhole: Bool { recurrenceID == nil }
}
