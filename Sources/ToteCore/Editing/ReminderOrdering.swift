// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where reminders go when they are moved, copied or reordered: the decisions behind
/// "Move to List…", "Copy to List…", Alt+Up/Down, cut and paste, and (later) drops.
/// Positions order a list; they may have gaps, so taking reminders out of a list changes
/// nothing else in it, and every command changes as few rows as it can (a move of 500 out
/// of a list of 10,000 updates 500 rows, not 10,000).
public enum ReminderOrdering {
    /// Moves reminders to `index` of the destination list (in its order without them, as it
    /// shows it), keeping their relative order; a parent takes its subtasks along. The moved
    /// reminders become subtasks of `parent` (a drop onto its row, or among its subtasks), or
    /// top-level ones, but a subtask moving with its parent stays its subtask. The moved ids
    /// stay selected.
    public static func move(
        _ ids: [UUID], from lists: [UUID: [Reminder]], to destination: UUID, at index: Int, under parent: UUID? = nil
    ) -> ReminderCommand {
        let moving = carried(ids, in: lists)
        let movingIDs = Set(moving.map(\.id))
        var target = ReminderTree(lists[destination] ?? []).ordered.filter { !movingIDs.contains($0.id) }
        let dragged = Set(ids)
        let moved = moving.map { reminder -> Reminder in
            var copy = reminder
            copy.listID = destination
            let parentMoves = reminder.parentID.map(movingIDs.contains) ?? false
            if parent != nil || (dragged.contains(reminder.id) && !parentMoves) { copy.parentID = parent }
            return copy
        }
        target.insert(contentsOf: moved, at: min(max(index, 0), target.count))
        return updates(from: lists, to: positioned(target, fresh: movingIDs))
    }

    /// Copies reminders (new ids, otherwise as they are; a parent with its subtasks) to
    /// `index` of a list: the same as pasting them there.
    public static func copy(
        _ ids: [UUID], from lists: [UUID: [Reminder]], to destination: UUID, at index: Int, under parent: UUID? = nil,
        makeID: () -> UUID, now: Date
    ) -> (command: ReminderCommand, copies: [UUID]) {
        let copying = carried(ids, in: lists)
        let copyingIDs = Set(copying.map(\.id))
        let items = copying.map { reminder in
            var item = ReminderTransfer.Item(reminder)
            item.isSubtask = reminder.parentID.map(copyingIDs.contains) ?? false
            return item
        }
        return ReminderEditing.inserting(
            items, into: lists[destination] ?? [], listID: destination, at: index, under: parent, makeID: makeID, now: now)
            .map { ($0.command, $0.ids) } ?? (.sequence([]), [])
    }

    /// Moves reminders one place up (-1) or down (+1) within their list, as a block that
    /// stops at the ends; nil when they are there already. A parent moves with its subtasks
    /// past whole groups; subtasks move among their parent's. Only the rows that trade places
    /// change: they trade position values.
    public static func reorder(_ ids: [UUID], in list: [Reminder], by step: Int) -> ReminderCommand? {
        let tree = ReminderTree(list)
        let chosen = Set(ids)
        let shownChosen = tree.ordered.filter { chosen.contains($0.id) }
        guard let first = shownChosen.first, let listID = list.first?.listID else { return nil }
        // The units that trade places: groups at the top level, or one parent's subtasks.
        var units: [[Reminder]] = []
        if let parent = tree.parent(of: first.id) {
            guard shownChosen.allSatisfy({ tree.parent(of: $0.id) == parent }) else { return nil }
            units = tree.ordered.filter { tree.parent(of: $0.id) == parent }.map { [$0] }
        } else {
            guard shownChosen.allSatisfy({ tree.parent(of: $0.id) == nil || chosen.contains(tree.parent(of: $0.id)!) })
            else { return nil }
            for row in tree.ordered {
                if tree.parent(of: row.id) == nil { units.append([row]) } else { units[units.count - 1].append(row) }
            }
        }
        let picked = units.indices.filter { chosen.contains(units[$0][0].id) }
        guard let low = picked.first, let high = picked.last else { return nil }
        var moved = units
        if step < 0 {
            guard low > 0 else { return nil }
            for index in picked { moved.swapAt(index, index - 1) }
        } else {
            guard high < units.count - 1 else { return nil }
            for index in picked.reversed() { moved.swapAt(index, index + 1) }
        }
        let before = units.flatMap { $0 }
        var after = moved.flatMap { $0 }
        let values = before.map(\.position).sorted()
        for index in after.indices { after[index].position = values[index] }
        return updates(from: [listID: list], to: after)
    }

    /// Positions for `rows` in their new order, changing as few as possible: a row keeps its
    /// position while it is above the previous row's; `fresh` rows (arriving from elsewhere)
    /// and rows that would fall out of order take the next value.
    public static func positioned(_ rows: [Reminder], fresh: Set<UUID>) -> [Reminder] {
        var last = Int.min
        return rows.map { row in
            var placed = row
            if fresh.contains(row.id) || row.position <= last {
                placed.position = last == Int.min ? 0 : last + 1
            }
            last = placed.position
            return placed
        }
    }

    /// The reminders `ids` name with the subtasks their parents take along, list by list in a
    /// stable order, each list's as it shows them.
    public static func carried(_ ids: [UUID], in lists: [UUID: [Reminder]]) -> [Reminder] {
        let wanted = Set(ids)
        // Chosen first, then ordered: sorting all 10,000 rows of a list to move 500 cost 2 ms.
        return lists.keys.sorted { $0.uuidString < $1.uuidString }.flatMap { listID -> [Reminder] in
            let rows = lists[listID] ?? []
            guard rows.contains(where: { $0.parentID != nil }) else {
                return rows.filter { wanted.contains($0.id) }.sorted { $0.position < $1.position }
            }
            let tree = ReminderTree(rows)
            let taken = Set(tree.withSubtasks(tree.ordered.map(\.id).filter(wanted.contains)))
            return tree.ordered.filter { taken.contains($0.id) }
        }
    }

    /// An update of exactly the rows of `after` that differ from `before`.
    private static func updates(from before: [UUID: [Reminder]], to after: [Reminder]) -> ReminderCommand {
        // Only the rows of `after` are looked up: indexing every row of both lists (10,600
        // for a drop of 500) was most of planning a drop.
        var wanted = Set<UUID>(minimumCapacity: after.count)
        for index in after.indices { wanted.insert(after[index].id) }
        var old: [UUID: Reminder] = Dictionary(minimumCapacity: after.count)
        for rows in before.values {
            for index in rows.indices where wanted.contains(rows[index].id) { old[rows[index].id] = rows[index] }
        }
        let changed = after.filter { old[$0.id] != nil && old[$0.id] != $0 }
        return .update(before: changed.map { old[$0.id]! }, after: changed)
    }
}
