// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a task list's view brought in since it was last applied, gathered into one batch:
/// EDS hands a list of 10,000 over in batches of 32, and each batch applied alone reads the
/// whole list again (the first sync of 10,000 took 24 s of main thread that way). The last
/// word on each UID wins: a to-do changed then removed is removed, removed then added again
/// is there. A repeating to-do's master and its overrides (`RECURRENCE-ID`, which the view
/// hands over apart) are each kept, for `SyncInbox` to join; the master's removal takes them
/// all, an override's removal that override only (its master stays, and so does the to-do).
public struct SyncBatch: Sendable {
    public private(set) var changed: [VTodoMapping.Todo] = []
    public private(set) var removed: [RemovedTodo] = []
    /// By UID and `RECURRENCE-ID` (`key(of:)`).
    private var changedIndex: [String: Int] = [:]
    private var removedSet: Set<RemovedTodo> = []

    public init() {}

    public var isEmpty: Bool { changed.isEmpty && removed.isEmpty }

    public mutating func add(changed todos: [VTodoMapping.Todo], removed removals: [RemovedTodo]) {
        for todo in todos {
            // Back again: any part of a to-do brings it back; an override, its own removal too.
            var back: Set<RemovedTodo> = [RemovedTodo(uid: todo.uid)]
            if let recurrenceID = todo.recurrenceID { back.insert(RemovedTodo(uid: todo.uid, recurrenceID: recurrenceID)) }
            if !removedSet.isDisjoint(with: back) {
                removedSet.subtract(back)
                removed.removeAll { back.contains($0) }
            }
            let key = Self.key(of: todo)
            if let index = changedIndex[key] {
                changed[index] = todo
            } else {
                changedIndex[key] = changed.count
                changed.append(todo)
            }
        }
        if !removals.isEmpty {
            let whole = Set(removals.filter(\.isWhole).map(\.uid))
            let occurrences = Set(removals.filter { !$0.isWhole })
            let count = changed.count
            changed.removeAll { todo in
                whole.contains(todo.uid)
                    || todo.recurrenceID.map { occurrences.contains(RemovedTodo(uid: todo.uid, recurrenceID: $0)) } == true
            }
            if changed.count != count {
                changedIndex = Dictionary(uniqueKeysWithValues: changed.enumerated().map { (Self.key(of: $0.element), $0.offset) })
            }
        }
        for removal in removals where removedSet.insert(removal).inserted { removed.append(removal) }
    }

    private static func key(of todo: VTodoMapping.Todo) -> String {
        todo.uid + "\u{0}" + (todo.recurrenceID ?? "")
    }
}
