// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Drops onto a smart list (its sidebar row, its view, or one of Scheduled's day groups): the
/// reminders take the smart list's meaning (due today, due that day, done). A move changes the
/// reminders where they are, in their own lists; a copy adds copies with that meaning at the
/// end of each one's list; note text becomes reminders in `list` (the first list) with it.
/// Each is one command, so one undo step.
public enum SmartListDrop {
    /// Reminders dropped onto a smart list. Nil when the smart list has no meaning there
    /// (All, Scheduled without a day) or a move would change nothing.
    public static func reminders(
        _ ids: [UUID], from lists: [UUID: [Reminder]], action: DropAction, onto smartList: SmartList,
        day: Date?, makeID: () -> UUID, now: Date, calendar: Calendar = ReminderChoices.localGregorian
    ) -> DropPlan? {
        guard let meaning = smartList.meaning(day: day, now: now, calendar: calendar) else { return nil }
        let dragged = ordered(ids, in: lists)
        guard !dragged.isEmpty else { return nil }
        switch action {
        case .move:
            let changed = dragged.map { meaning.applied(to: $0, now: now, calendar: calendar) }
            let pairs = zip(dragged, changed).filter { $0 != $1 }
            guard !pairs.isEmpty else { return nil }
            let toast: DropPlan.Toast = if pairs.count == 1, pairs[0].0.repeatRule != nil, !pairs[0].1.isDone {
                .repeating(title: pairs[0].1.title, due: pairs[0].1.due, meaning)
            } else {
                .tookMeaning(count: pairs.count, meaning)
            }
            return DropPlan(action: .move, noteEdits: [], reminderCommand: .update(before: pairs.map(\.0), after: pairs.map(\.1)),
                            selection: .smartList(smartList, ids: dragged.map(\.id)), source: .unchanged, toast: toast)
        case .copy:
            var commands: [ReminderCommand] = []
            var copies: [UUID] = []
            for listID in orderedLists(of: dragged) {
                let items = dragged.filter { $0.listID == listID }
                    .map { ReminderTransfer.Item(meaning.applied(to: $0, now: now, calendar: calendar)) }
                let rows = lists[listID] ?? []
                guard let (command, ids) = ReminderEditing.inserting(
                    items, into: rows, listID: listID, at: rows.count, makeID: makeID, now: now) else { continue }
                commands.append(command)
                copies += ids
            }
            guard !copies.isEmpty else { return nil }
            return DropPlan(action: .copy, noteEdits: [], reminderCommand: .sequence(commands),
                            selection: .smartList(smartList, ids: copies), source: .selectionCleared,
                            toast: .tookMeaning(count: copies.count, meaning))
        }
    }

    /// Note text dropped onto a smart list: a reminder per non-empty paragraph, as a drop into
    /// a list makes, at the end of `list` (whose reminders are `rows`), with the meaning.
    public static func text(
        _ fragment: RichText, onto smartList: SmartList, day: Date?, list: UUID, rows: [Reminder],
        makeID: () -> UUID, now: Date, calendar: Calendar = ReminderChoices.localGregorian
    ) -> DropPlan? {
        guard let meaning = smartList.meaning(day: day, now: now, calendar: calendar),
              let plan = DropPlanner.text(fragment, fromTote: true, into: list, rows: rows, before: nil,
                                          makeID: makeID, now: now),
              case .sequence(let parts)? = plan.reminderCommand,
              case .reminders(_, let ids) = plan.selection
        else { return nil }
        let given = parts.map { part -> ReminderCommand in
            guard case .insert(let fresh) = part else { return part }
            return .insert(fresh.map { meaning.applied(to: $0, now: now, calendar: calendar) })
        }
        return DropPlan(action: .copy, noteEdits: [], reminderCommand: .sequence(given),
                        selection: .smartList(smartList, ids: ids), source: .selectionCleared,
                        toast: .tookMeaning(count: ids.count, meaning))
    }

    /// Whether dropping these reminders would change none of them (they are due that day
    /// already, or done): a move there is offered no action.
    public static func changesNothing(
        _ reminders: [Reminder], onto smartList: SmartList, day: Date?, now: Date,
        calendar: Calendar = ReminderChoices.localGregorian
    ) -> Bool {
        guard let meaning = smartList.meaning(day: day, now: now, calendar: calendar) else { return true }
        return reminders.allSatisfy { meaning.applied(to: $0, now: now, calendar: calendar) == $0 }
    }

    /// The dragged reminders found in `lists`, in the order of the ids.
    private static func ordered(_ ids: [UUID], in lists: [UUID: [Reminder]]) -> [Reminder] {
        var byID: [UUID: Reminder] = [:]
        let wanted = Set(ids)
        for rows in lists.values { for row in rows where wanted.contains(row.id) { byID[row.id] = row } }
        return ids.compactMap { byID[$0] }
    }

    private static func orderedLists(of reminders: [Reminder]) -> [UUID] {
        var seen: Set<UUID> = []
        return reminders.map(\.listID).filter { seen.insert($0).inserted }
    }
}
