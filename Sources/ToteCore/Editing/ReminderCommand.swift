// SPDX-License-Identifier: GPL-3.0-or-later
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
    public var listsTouched: Set<UUID> { Set(listsInOrder) }

    /// The same, each once, in the order the command names them (a reminder's list before
    /// the change first): what a screen reader is told an undo changed.
    public var listsInOrder: [UUID] {
        let named: [UUID]
        switch self {
        case .insert(let reminders), .delete(let reminders): named = reminders.map(\.listID)
        case .update(let before, let after): named = (before + after).map(\.listID)
        case .insertLists(let lists), .deleteLists(let lists): named = lists.map(\.id)
        case .updateLists(let before, let after): named = (before + after).map(\.id)
        case .sequence(let commands): named = commands.flatMap(\.listsInOrder)
        }
        var seen = Set<UUID>()
        return named.filter { seen.insert($0).inserted }
    }

    /// The lists the command makes.
    public var listsMade: Set<UUID> {
        switch self {
        case .insertLists(let lists): Set(lists.map(\.id))
        case .insert, .delete, .update, .deleteLists, .updateLists: []
        case .sequence(let commands): commands.reduce(into: []) { $0.formUnion($1.listsMade) }
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

    /// This command, then those of `parents` that it leaves folded in list `listID` unfolded,
    /// as one step: reminders dropped or indented under a folded parent stay in sight,
    /// selected. `rows`: the list's reminders before the command.
    public func unfolding(_ parents: Set<UUID>, in listID: UUID, from rows: [Reminder], now: Date) -> ReminderCommand {
        guard !parents.isEmpty, rows.contains(where: { $0.subtasksHidden && parents.contains($0.id) }) else { return self }
        let folded = self.rows(of: listID, from: rows).filter { $0.subtasksHidden && parents.contains($0.id) }
        guard !folded.isEmpty else { return self }
        let unfolded = folded.map { parent -> Reminder in
            var shown = parent
            shown.subtasksHidden = false
            shown.modified = now
            return shown
        }
        return .sequence([self, .update(before: folded, after: unfolded)])
    }

    /// The reminders of list `listID` once the command is applied, in order, worked out from
    /// `rows` (the list's reminders before it, in order) without reading the store: what the
    /// store holds after the command, as the list is shown while it is written. Positions are
    /// unique within a list, as every command leaves them.
    public func rows(of listID: UUID, from rows: [Reminder]) -> [Reminder] {
        var byID: [UUID: Reminder] = Dictionary(minimumCapacity: rows.count)
        for row in rows { byID[row.id] = row }
        apply(to: &byID, in: listID)
        return byID.values.sorted { $0.position < $1.position }
    }

    private func apply(to rows: inout [UUID: Reminder], in listID: UUID) {
        switch self {
        case .insert(let reminders):
            for reminder in reminders where reminder.listID == listID { rows[reminder.id] = reminder }
        case .delete(let reminders):
            for reminder in reminders { rows[reminder.id] = nil }
        case .update(let before, let after):
            for reminder in before { rows[reminder.id] = nil }
            for reminder in after where reminder.listID == listID { rows[reminder.id] = reminder }
        case .deleteLists(let lists) where lists.contains(where: { $0.id == listID }):
            rows = [:]
        case .insertLists, .deleteLists, .updateLists:
            break
        case .sequence(let commands):
            for command in commands { command.apply(to: &rows, in: listID) }
        }
    }
}
