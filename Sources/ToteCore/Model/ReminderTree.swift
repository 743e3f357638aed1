// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How one list's reminders nest, as its rows show them: one level, as Apple Reminders
/// has it. Each subtask shows under its top parent (another client's deeper nesting is
/// flattened there, its own parent kept); a subtask whose parent is not in the list, or
/// whose parents make a loop, shows at the top level. Tote's commands keep a group's
/// positions together (the parent, then its subtasks), so the order shown is the order of
/// positions; rows from elsewhere that are not are gathered under their parent.
public struct ReminderTree: Sendable {
    /// The rows in the order shown: each top-level reminder followed by its subtasks.
    public let ordered: [Reminder]
    /// The top parent each shown subtask is under.
    private let topParent: [UUID: UUID]
    /// Each parent's subtasks, in order.
    private let children: [UUID: [UUID]]
    /// How many of each parent's subtasks are not done.
    private let open: [UUID: Int]

    /// `rows`: one list's reminders, in any order.
    public init(_ rows: [Reminder]) {
        let inOrder = DropPlanner.inOrder(rows)
        // A list with no subtask (most, and the ten thousand of the benchmark) costs one scan.
        guard inOrder.contains(where: { $0.parentID != nil }) else {
            ordered = inOrder
            topParent = [:]
            children = [:]
            open = [:]
            return
        }
        var byID: [UUID: Reminder] = Dictionary(minimumCapacity: inOrder.count)
        for row in inOrder { byID[row.id] = row }
        var topParent: [UUID: UUID] = [:]
        for row in inOrder {
            guard let top = Self.top(of: row, in: byID) else { continue }
            topParent[row.id] = top
        }
        var children: [UUID: [UUID]] = [:]
        var open: [UUID: Int] = [:]
        for row in inOrder {
            guard let top = topParent[row.id] else { continue }
            children[top, default: []].append(row.id)
            if !row.isDone { open[top, default: 0] += 1 }
        }
        var ordered: [Reminder] = []
        ordered.reserveCapacity(inOrder.count)
        for row in inOrder where topParent[row.id] == nil {
            ordered.append(row)
            for child in children[row.id] ?? [] { ordered.append(byID[child]!) }
        }
        self.ordered = ordered
        self.topParent = topParent
        self.children = children
        self.open = open
    }

    /// The top-level reminder `row` shows under: nil for a top-level row, a missing parent
    /// or a loop.
    private static func top(of row: Reminder, in byID: [UUID: Reminder]) -> UUID? {
        var seen: Set<UUID> = [row.id]
        var current = row
        while let parentID = current.parentID, let parent = byID[parentID] {
            guard seen.insert(parent.id).inserted else { return nil }
            current = parent
        }
        return current.id == row.id ? nil : current.id
    }

    /// The parent a row shows under, nil at the top level.
    public func parent(of id: UUID) -> UUID? { topParent[id] }

    /// 0 for a top-level row, 1 for a subtask.
    public func level(of id: UUID) -> Int { topParent[id] == nil ? 0 : 1 }

    /// A parent's subtasks in order (none for a subtask or a reminder without any).
    public func subtasks(of id: UUID) -> [UUID] { children[id] ?? [] }

    /// How many of a parent's subtasks are not done.
    public func openSubtasks(of id: UUID) -> Int { open[id] ?? 0 }

    public var hasSubtasks: Bool { !children.isEmpty }

    /// `ids` with the subtasks of those that are parents, in the order shown: what a move,
    /// a copy or a deletion of them takes along.
    public func withSubtasks(_ ids: [UUID]) -> [UUID] {
        guard hasSubtasks else { return ids }
        let chosen = Set(ids)
        var result: [UUID] = []
        var taken: Set<UUID> = []
        for id in ids where taken.insert(id).inserted {
            result.append(id)
            for child in subtasks(of: id) where !chosen.contains(child) && taken.insert(child).inserted {
                result.append(child)
            }
        }
        return result
    }
}
