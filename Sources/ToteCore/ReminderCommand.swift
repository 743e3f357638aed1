import Foundation

/// One change to reminders or lists, as a value carrying whole records, so its inverse is
/// exact and needs no reading: inserting and deleting swap, an update swaps before and after.
/// Moves, reorders, completing, editing and renaming are updates. The store applies one in
/// one transaction.
public indirect enum ReminderCommand: Hashable, Sendable {
    case insert([Reminder])
    case delete([Reminder])
    /// The same reminders (by id) before and after the change.
    case update(before: [Reminder], after: [Reminder])
    case insertLists([ReminderList])
    case deleteLists([ReminderList])
    case updateLists(before: [ReminderList], after: [ReminderList])
    case sequence([ReminderCommand])

    /// The lists whose reminders or names the command changes.
    public var listsTouched: Set<UUID> {
        switch self {
        case .insert(let reminders), .delete(let reminders): return Set(reminders.map(\.listID))
        case .update(let before, let after): return Set((before + after).map(\.listID))
        case .insertLists(let lists), .deleteLists(let lists): return Set(lists.map(\.id))
        case .updateLists(let before, let after): return Set((before + after).map(\.id))
        case .sequence(let commands): return commands.reduce(into: []) { $0.formUnion($1.listsTouched) }
        }
    }

    /// Whether the command adds, removes, renames or reorders lists (the sidebar changes).
    public var changesLists: Bool {
        switch self {
        case .insert, .delete, .update: return false
        case .insertLists, .deleteLists, .updateLists: return true
        case .sequence(let commands): return commands.contains(where: \.changesLists)
        }
    }

    public var inverse: ReminderCommand {
        switch self {
        case .insert(let reminders): return .delete(reminders)
        case .delete(let reminders): return .insert(reminders)
        case .update(let before, let after): return .update(before: after, after: before)
        case .insertLists(let lists): return .deleteLists(lists)
        case .deleteLists(let lists): return .insertLists(lists)
        case .updateLists(let before, let after): return .updateLists(before: after, after: before)
        case .sequence(let commands): return .sequence(commands.reversed().map(\.inverse))
        }
    }
}

/// Where reminders go when they are moved, copied or reordered: the decisions behind
/// "Move to List…", "Copy to List…", Alt+Up/Down, cut and paste, and (later) drops.
/// Positions within a list are 0, 1, 2, … and every command keeps them so.
public enum ReminderOrdering {
    /// Moves reminders to `index` of the destination list (in its order without them),
    /// keeping their relative order. Returns the command and the moved ids, which stay selected.
    public static func move(
        _ ids: [UUID], from lists: [UUID: [Reminder]], to destination: UUID, at index: Int
    ) -> ReminderCommand {
        let moving = ordered(ids, in: lists)
        let movingIDs = Set(moving.map(\.id))
        var result: [UUID: [Reminder]] = [:]
        for (listID, reminders) in lists {
            result[listID] = reminders.sorted { $0.position < $1.position }.filter { !movingIDs.contains($0.id) }
        }
        var target = result[destination] ?? []
        let moved = moving.map { reminder -> Reminder in
            var copy = reminder
            copy.listID = destination
            return copy
        }
        target.insert(contentsOf: moved, at: min(max(index, 0), target.count))
        result[destination] = target
        return updates(from: lists, to: renumbered(result))
    }

    /// Copies reminders (new ids, otherwise as they are) to `index` of a list.
    public static func copy(
        _ ids: [UUID], from lists: [UUID: [Reminder]], to destination: UUID, at index: Int,
        makeID: () -> UUID, now: Date
    ) -> (command: ReminderCommand, copies: [UUID]) {
        let copies = ordered(ids, in: lists).map { original -> Reminder in
            var copy = original
            copy.id = makeID()
            copy.listID = destination
            copy.created = now
            copy.modified = now
            return copy
        }
        var target = (lists[destination] ?? []).sorted { $0.position < $1.position }
        target.insert(contentsOf: copies, at: min(max(index, 0), target.count))
        let numbered = renumbered([destination: target])[destination]!
        let inserted = numbered.filter { copy in copies.contains { $0.id == copy.id } }
        let shifted = updates(from: [destination: lists[destination] ?? []], to: [destination: numbered.filter { row in
            !copies.contains { $0.id == row.id }
        }])
        return (.sequence([shifted, .insert(inserted)]), inserted.map(\.id))
    }

    /// Moves reminders one place up (-1) or down (+1) within their list, as a block that
    /// stops at the ends; nil when they are there already.
    public static func reorder(_ ids: [UUID], in list: [Reminder], by step: Int) -> ReminderCommand? {
        var rows = list.sorted { $0.position < $1.position }
        let chosen = Set(ids)
        let indexes = rows.indices.filter { chosen.contains(rows[$0].id) }
        guard let first = indexes.first, let last = indexes.last else { return nil }
        if step < 0 {
            guard first > 0 else { return nil }
            for index in indexes { rows.swapAt(index, index - 1) }
        } else {
            guard last < rows.count - 1 else { return nil }
            for index in indexes.reversed() { rows.swapAt(index, index + 1) }
        }
        guard let listID = rows.first?.listID else { return nil }
        return updates(from: [listID: list], to: renumbered([listID: rows]))
    }

    private static func ordered(_ ids: [UUID], in lists: [UUID: [Reminder]]) -> [Reminder] {
        let wanted = Set(ids)
        // Relative order: lists in a stable order, then position within each.
        return lists.keys.sorted { $0.uuidString < $1.uuidString }.flatMap { listID in
            (lists[listID] ?? []).sorted { $0.position < $1.position }.filter { wanted.contains($0.id) }
        }
    }

    private static func renumbered(_ lists: [UUID: [Reminder]]) -> [UUID: [Reminder]] {
        lists.mapValues { rows in
            rows.enumerated().map { index, row in
                var copy = row
                copy.position = index
                return copy
            }
        }
    }

    /// An update of exactly the rows that differ.
    private static func updates(from before: [UUID: [Reminder]], to after: [UUID: [Reminder]]) -> ReminderCommand {
        let old = Dictionary(before.values.flatMap { $0 }.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let changed = after.values.flatMap { $0 }.filter { old[$0.id] != $0 }.sorted { $0.id.uuidString < $1.id.uuidString }
        return .update(before: changed.map { old[$0.id]! }, after: changed)
    }
}
