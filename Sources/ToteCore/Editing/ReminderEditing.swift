// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The decisions behind editing a reminder list: what adding, completing, retitling,
/// deleting and pasting change, as commands, and which rows are shown.
public enum ReminderEditing {
    /// Longest title kept; longer text is cut.
    public static let maximumTitleLength = ICalendarFormat.maximumTitleLength

    /// A title as a list shows it: one line, no control characters, trimmed, at most
    /// `maximumTitleLength` characters. Empty when nothing is left.
    public static func cleanTitle(_ text: String) -> String {
        var cleaned = text
        if text.unicodeScalars.contains(where: isReplacedInTitles) {
            cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map { isReplacedInTitles($0) ? " " : $0 }))
        }
        let trimmed = cleaned.trimmingSpacesAndNewlines()
        return String(trimmed.prefix(maximumTitleLength))
    }

    /// Controls (general category Cc, which is exactly these two ranges: asking the scalar's
    /// properties took a table lookup per character) and the attachment character.
    static func isReplacedInTitles(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{FFFC}"
    }

    /// The rows a list shows, in order (each parent followed by its subtasks, unless it folds
    /// them away): all of them, or those not done and the done parents of subtasks that are not.
    public static func visible(_ rows: [Reminder], showingCompleted: Bool) -> [Reminder] {
        visible(ReminderTree(rows), showingCompleted: showingCompleted)
    }

    /// The same, of a list whose tree is made already.
    public static func visible(_ tree: ReminderTree, showingCompleted: Bool) -> [Reminder] {
        guard tree.hasSubtasks else { return showingCompleted ? tree.ordered : tree.ordered.filter { !$0.isDone } }
        let folded = Set(tree.ordered.lazy.filter(\.subtasksHidden).map(\.id))
        let openParents = Set(tree.ordered.filter { !$0.isDone }.compactMap { tree.parent(of: $0.id) })
        return tree.ordered.filter { row in
            if let parent = tree.parent(of: row.id), folded.contains(parent) { return false }
            return showingCompleted || !row.isDone || openParents.contains(row.id)
        }
    }

    /// Folds the subtasks of the chosen parents, and of the parents of chosen subtasks, away
    /// (or shows them again), and what of `selected` stays selected: a selected subtask
    /// folded away gives its place to its parent. Nil when all are so already. A step of its
    /// own, as any change to a reminder (other clients show it: `X-OC-HIDESUBTASKS`).
    public static func foldingSubtasks(
        of ids: [UUID], _ hidden: Bool, in rows: [Reminder], selected: [UUID], now: Date
    ) -> (command: ReminderCommand, selecting: [UUID])? {
        let tree = ReminderTree(rows)
        var parents: [UUID] = []
        for id in ids {
            let parent = tree.parent(of: id) ?? id
            if !tree.subtasks(of: parent).isEmpty, !parents.contains(parent) { parents.append(parent) }
        }
        guard let command = update(parents, in: rows, now: now, { $0.subtasksHidden = hidden }) else { return nil }
        var selecting: [UUID] = []
        for id in selected {
            let kept = hidden ? tree.parent(of: id).flatMap { parents.contains($0) ? $0 : nil } ?? id : id
            if !selecting.contains(kept) { selecting.append(kept) }
        }
        return (command, selecting)
    }

    /// A new reminder at the end of the list; nil when the title is empty.
    public static func adding(
        title: String, to rows: [Reminder], listID: UUID, id: UUID, now: Date
    ) -> (command: ReminderCommand, reminder: Reminder)? {
        let title = cleanTitle(title)
        guard !title.isEmpty else { return nil }
        let position = (rows.map(\.position).max() ?? -1) + 1
        let reminder = Reminder(id: id, listID: listID, title: title, position: position, created: now, modified: now)
        return (.insert([reminder]), reminder)
    }

    /// Marks reminders done or not done; nil when all already are. A parent marked done takes
    /// its open subtasks along (as Tasks.org and GTG do); a subtask leaves its parent as it is.
    /// A repeating reminder marked done moves on to its next occurrence instead and stays
    /// open, its done subtasks open again for it (as Evolution, Tasks.org and Planify do);
    /// at its last occurrence it is done.
    public static func settingDone(
        _ ids: [UUID], to done: Bool, in rows: [Reminder], now: Date, calendar: Calendar = ReminderChoices.localGregorian
    ) -> ReminderCommand? {
        guard done else { return update(ids, in: rows, now: now) { $0.isDone = false } }
        let chosen = Set(ids)
        var next: [UUID: RepeatRule.Occurrence] = [:]
        for row in rows where chosen.contains(row.id) && !row.isDone {
            if let occurrence = nextOccurrence(of: row, calendar: calendar) { next[row.id] = occurrence }
        }
        let tree = ReminderTree(rows)
        let completing = tree.withSubtasks(ids.filter { next[$0] == nil })
        let reopening = Set(next.keys.flatMap { tree.subtasks(of: $0) }).subtracting(chosen)
        return update(completing + Array(next.keys) + Array(reopening), in: rows, now: now) { reminder in
            if let occurrence = next[reminder.id] {
                reminder.due = occurrence.due
                reminder.repeatRule = occurrence.rule
            } else {
                reminder.isDone = !reopening.contains(reminder.id)
            }
        }
    }

    /// Where a repeating reminder moves when it is marked done, in `calendar`'s time zone
    /// (a reminder at 09:00 stays at 09:00 across a change to summer time); nil when it does
    /// not repeat, has no due date to move on from, or is at its last occurrence.
    public static func nextOccurrence(of reminder: Reminder, calendar: Calendar = ReminderChoices.localGregorian)
        -> RepeatRule.Occurrence? {
        guard let rule = reminder.repeatRule, let due = reminder.due else { return nil }
        return rule.nextOccurrence(after: due, start: nil, isAllDay: ReminderDetails.time(of: due, calendar: calendar) == nil,
                                   timeZone: calendar.timeZone)
    }

    /// Sets how reminders repeat (nil: not at all).
    public static func settingRepeat(_ ids: [UUID], to rule: RepeatRule?, in rows: [Reminder], now: Date) -> ReminderCommand? {
        update(ids, in: rows, now: now) { $0.repeatRule = rule }
    }

    /// Marks them done unless all are, in which case not done (Ctrl+Return, the check box).
    public static func togglingDone(_ ids: [UUID], in rows: [Reminder], now: Date) -> ReminderCommand? {
        let chosen = rows.filter { ids.contains($0.id) }
        guard !chosen.isEmpty else { return nil }
        return settingDone(ids, to: !chosen.allSatisfy(\.isDone), in: rows, now: now)
    }

    /// A new title; nil when it is the same or empty (the old title stays).
    public static func retitling(_ id: UUID, to title: String, in rows: [Reminder], now: Date) -> ReminderCommand? {
        let title = cleanTitle(title)
        guard !title.isEmpty else { return nil }
        return update([id], in: rows, now: now) { $0.title = title }
    }

    public static func settingPriority(
        _ ids: [UUID], to priority: Reminder.Priority, in rows: [Reminder], now: Date
    ) -> ReminderCommand? {
        update(ids, in: rows, now: now) { $0.priority = priority }
    }

    public static func settingDue(_ ids: [UUID], to due: Date?, in rows: [Reminder], now: Date) -> ReminderCommand? {
        update(ids, in: rows, now: now) { $0.due = due }
    }

    /// Moves reminders to `day`, each keeping its time of day, as the details' quick choices
    /// and a drop onto a day of Scheduled do: a reminder at 09:00 moved to tomorrow is at 09:00
    /// tomorrow. Nil `day` takes the due date away.
    public static func settingDueDay(
        _ ids: [UUID], to day: Date?, in rows: [Reminder], now: Date, calendar: Calendar = ReminderChoices.localGregorian
    ) -> ReminderCommand? {
        update(ids, in: rows, now: now) { reminder in
            reminder.due = day.map {
                ReminderDetails.due(day: $0, time: ReminderDetails.time(of: reminder.due, calendar: calendar), calendar: calendar)
            }
        }
    }

    /// Deletes reminders, a parent with its subtasks. The others keep their positions (gaps
    /// are allowed), so deleting a few from a long list writes only those.
    public static func deleting(_ ids: [UUID], in rows: [Reminder]) -> ReminderCommand? {
        let chosen = Set(ReminderTree(rows).withSubtasks(ids))
        let deleted = rows.sorted { $0.position < $1.position }.filter { chosen.contains($0.id) }
        return deleted.isEmpty ? nil : .delete(deleted)
    }

    /// The same, of reminders chosen in a smart list, which shows a parent without the
    /// subtasks that are not due: `lists`, the whole of each list they are in.
    public static func deleting(_ ids: [UUID], inLists lists: [UUID: [Reminder]]) -> ReminderCommand? {
        let deleted = ReminderOrdering.carried(ids, in: lists)
        return deleted.isEmpty ? nil : .delete(deleted)
    }

    /// Pasted or dropped reminders from elsewhere (new ids, this list) inserted at `index`
    /// of the list's order (as it shows it). An item marked a subtask becomes one of the
    /// item before it that is not; `parent` (a drop among a parent's subtasks) makes every
    /// item its subtask. Returns the command and the new ids, to select.
    public static func inserting(
        _ incoming: [ReminderTransfer.Item], into rows: [Reminder], listID: UUID, at index: Int,
        under parent: UUID? = nil, makeID: () -> UUID, now: Date
    ) -> (command: ReminderCommand, ids: [UUID])? {
        var lastParent: UUID?
        let fresh = incoming.compactMap { item -> Reminder? in
            let title = cleanTitle(item.title)
            guard !title.isEmpty else { return nil }
            let id = makeID()
            let parentID = parent ?? (item.isSubtask ? lastParent : nil)
            if !item.isSubtask { lastParent = id }
            return Reminder(
                id: id, listID: listID, title: title, notes: item.notes, isDone: item.isDone,
                due: item.due, priority: item.priority, position: 0, created: now, modified: now, parentID: parentID,
                repeatRule: item.repeatRule, subtasksHidden: item.subtasksHidden)
        }
        guard !fresh.isEmpty else { return nil }
        var ordered = ReminderTree(rows).ordered
        ordered.insert(contentsOf: fresh, at: min(max(index, 0), ordered.count))
        let freshIDs = Set(fresh.map(\.id))
        let placed = ReminderOrdering.positioned(ordered, fresh: freshIDs)
        let old = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
        let inserted = placed.filter { freshIDs.contains($0.id) }
        let shifted = placed.filter { !freshIDs.contains($0.id) && old[$0.id] != $0 }
        return (.sequence([.update(before: shifted.map { old[$0.id]! }, after: shifted), .insert(inserted)]),
                inserted.map(\.id))
    }

    // MARK: Lists

    /// A new list at the end of the sidebar.
    public static func addingList(name: String, after lists: [ReminderList], id: UUID, now: Date) -> ReminderCommand {
        let position = (lists.map(\.position).max() ?? -1) + 1
        return .insertLists([ReminderList(id: id, name: listName(name), position: position, created: now, modified: now)])
    }

    /// A list name: one line, trimmed, at most 200 characters; "" means "keep the old one".
    public static func listName(_ text: String) -> String {
        String(cleanTitle(text).prefix(200))
    }

    public static func renamingList(_ list: ReminderList, to name: String, now: Date) -> ReminderCommand? {
        let name = listName(name)
        guard !name.isEmpty, name != list.name else { return nil }
        var renamed = list
        renamed.name = name
        renamed.modified = now
        return .updateLists(before: [list], after: [renamed])
    }

    /// Deletes a list with its reminders; undo brings both back.
    public static func deletingList(_ list: ReminderList, reminders: [Reminder]) -> ReminderCommand {
        .sequence([.delete(reminders), .deleteLists([list])])
    }

    /// Moves a list one place up (-1) or down (+1) in the sidebar; nil at the ends.
    public static func reorderingList(_ id: UUID, in lists: [ReminderList], by step: Int) -> ReminderCommand? {
        var ordered = lists.sorted { ($0.position, $0.created) < ($1.position, $1.created) }
        guard let index = ordered.firstIndex(where: { $0.id == id }) else { return nil }
        let target = index + (step < 0 ? -1 : 1)
        guard ordered.indices.contains(target) else { return nil }
        ordered.swapAt(index, target)
        return renumbering(ordered)
    }

    /// The lists in this order: each takes its index as its position; only those whose
    /// position changes are written.
    static func renumbering(_ ordered: [ReminderList]) -> ReminderCommand {
        var before: [ReminderList] = [], after: [ReminderList] = []
        for (position, list) in ordered.enumerated() where list.position != position {
            before.append(list)
            var moved = list
            moved.position = position
            after.append(moved)
        }
        return .updateLists(before: before, after: after)
    }

    private static func update(
        _ ids: [UUID], in rows: [Reminder], now: Date, _ change: (inout Reminder) -> Void
    ) -> ReminderCommand? {
        let chosen = Set(ids)
        var before: [Reminder] = [], after: [Reminder] = []
        for row in rows where chosen.contains(row.id) {
            var changed = row
            change(&changed)
            guard changed != row else { continue }
            changed.modified = now
            before.append(row)
            after.append(changed)
        }
        return before.isEmpty ? nil : .update(before: before, after: after)
    }
}
