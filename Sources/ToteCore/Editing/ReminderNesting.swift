// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Making subtasks and taking them out with the keyboard or the menu (Tab and Shift+Tab,
/// Indent and Outdent, as Apple Reminders on the Mac), one level deep.
public enum ReminderNesting {
    /// Why a reminder cannot become a subtask: the app says it in a toast.
    public enum Refusal: Hashable, Sendable {
        /// It has subtasks of its own (its title).
        case hasSubtasks(String)
        /// It is the list's first row: there is nothing above it to go under.
        case nothingAbove(String)
    }

    public enum Outcome: Hashable, Sendable {
        case command(ReminderCommand)
        case refused(Refusal)
    }

    /// The chosen top-level reminders become subtasks of the parent shown above them (the
    /// row above, or the parent of the subtask above). Nil when nothing changes (all are
    /// subtasks already).
    public static func indenting(_ ids: [UUID], in rows: [Reminder], now: Date) -> Outcome? {
        let tree = ReminderTree(rows)
        let chosen = Set(ids)
        var parent: UUID?
        var changed: [UUID: UUID] = [:]
        for row in tree.ordered {
            let isChosen = chosen.contains(row.id) && tree.parent(of: row.id) == nil
            if isChosen {
                guard tree.subtasks(of: row.id).isEmpty else { return .refused(.hasSubtasks(row.title)) }
                guard let parent else { return .refused(.nothingAbove(row.title)) }
                changed[row.id] = parent
            } else {
                parent = tree.parent(of: row.id) ?? row.id
            }
        }
        guard let command = command(tree, parents: changed.mapValues { Optional($0) }, now: now),
              let listID = rows.first?.listID
        else { return nil }
        return .command(command.unfolding(Set(changed.values), in: listID, from: rows, now: now))
    }

    /// The chosen subtasks become top-level reminders right after their parent's group (the
    /// subtasks below them stay their parent's). Nil when none is a subtask.
    public static func outdenting(_ ids: [UUID], in rows: [Reminder], now: Date) -> ReminderCommand? {
        let tree = ReminderTree(rows)
        let chosen = Set(ids.filter { tree.parent(of: $0) != nil })
        guard !chosen.isEmpty else { return nil }
        var order: [Reminder] = []
        var leaving: [Reminder] = []
        for row in tree.ordered {
            if tree.parent(of: row.id) == nil, !leaving.isEmpty {
                order += leaving
                leaving = []
            }
            if chosen.contains(row.id) { leaving.append(row) } else { order.append(row) }
        }
        order += leaving
        return command(tree, parents: Dictionary(uniqueKeysWithValues: chosen.map { ($0, nil) }), order: order, now: now)
    }

    /// The rows in `order` (the order shown when nil) with new parents, positioned as few as
    /// possible: one update of what differs.
    private static func command(
        _ tree: ReminderTree, parents: [UUID: UUID?], order: [Reminder]? = nil, now: Date
    ) -> ReminderCommand? {
        guard !parents.isEmpty else { return nil }
        let values = tree.ordered.map(\.position).sorted()
        var before: [Reminder] = [], after: [Reminder] = []
        for (index, row) in (order ?? tree.ordered).enumerated() {
            var changed = row
            changed.position = values[index]
            if let parent = parents[row.id] {
                changed.parentID = parent
                changed.modified = now
            }
            guard changed != row else { continue }
            before.append(row)
            after.append(changed)
        }
        return before.isEmpty ? nil : .update(before: before, after: after)
    }
}
