// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a task list's view brought in since it was last applied, gathered into one batch:
/// EDS hands a list of 10,000 over in batches of 32, and each batch applied alone reads the
/// whole list again (the first sync of 10,000 took 24 s of main thread that way). The last
/// word on each UID wins: a to-do changed then removed is removed, removed then added again
/// is there. A repeating to-do's master and its overrides (`RECURRENCE-ID`, which the view
/// hands over apart) are each kept, for `SyncInbox` to join; a removal takes them all.
public struct SyncBatch: Sendable {
    public private(set) var changed: [VTodoMapping.Todo] = []
    public private(set) var removed: [String] = []
    /// By UID and `RECURRENCE-ID` (`key(of:)`).
    private var changedIndex: [String: Int] = [:]
    private var removedSet: Set<String> = []

    public init() {}

    public var isEmpty: Bool { changed.isEmpty && removed.isEmpty }

    public mutating func add(changed todos: [VTodoMapping.Todo], removed uids: [String]) {
        for todo in todos {
            if removedSet.remove(todo.uid) != nil { removed.removeAll { $0 == todo.uid } }
            let key = Self.key(of: todo)
            if let index = changedIndex[key] {
                changed[index] = todo
            } else {
                changedIndex[key] = changed.count
                changed.append(todo)
            }
        }
        let gone = uids.isEmpty ? [] : Set(uids).intersection(changed.map(\.uid))
        if !gone.isEmpty {
            changed.removeAll { gone.contains($0.uid) }
            changedIndex = Dictionary(uniqueKeysWithValues: changed.enumerated().map { (Self.key(of: $0.element), $0.offset) })
        }
        for uid in uids where removedSet.insert(uid).inserted { removed.append(uid) }
    }

    private static func key(of todo: VTodoMapping.Todo) -> String {
        todo.uid + "\u{0}" + (todo.recurrenceID ?? "")
    }
}
