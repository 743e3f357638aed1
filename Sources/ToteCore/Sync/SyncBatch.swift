// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a task list's view brought in since it was last applied, gathered into one batch:
/// EDS hands a list of 10,000 over in batches of 32, and each batch applied alone reads the
/// whole list again (the first sync of 10,000 took 24 s of main thread that way). The last
/// word on each UID wins: a to-do changed then removed is removed, removed then added again
/// is there.
public struct SyncBatch: Sendable {
    public private(set) var changed: [VTodoMapping.Todo] = []
    public private(set) var removed: [String] = []
    private var changedIndex: [String: Int] = [:]
    private var removedSet: Set<String> = []

    public init() {}

    public var isEmpty: Bool { changed.isEmpty && removed.isEmpty }

    public mutating func add(changed todos: [VTodoMapping.Todo], removed uids: [String]) {
        for todo in todos {
            if removedSet.remove(todo.uid) != nil { removed.removeAll { $0 == todo.uid } }
            if let index = changedIndex[todo.uid] {
                changed[index] = todo
            } else {
                changedIndex[todo.uid] = changed.count
                changed.append(todo)
            }
        }
        for uid in uids {
            if let index = changedIndex.removeValue(forKey: uid) {
                changed.remove(at: index)
                for (other, position) in changedIndex where position > index { changedIndex[other] = position - 1 }
            }
            if removedSet.insert(uid).inserted { removed.append(uid) }
        }
    }
}
