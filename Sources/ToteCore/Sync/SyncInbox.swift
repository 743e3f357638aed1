// SPDX-License-Identifier: GPL-3.0-or-later
import Crypto
import Foundation

/// What a batch of changes from a task list's server (another device, another client)
/// does to its list in Tote: one command applied as a change from elsewhere (in no undo
/// history), the bases it brings, and the reminders changed on both sides, merged.
public struct SyncInbox: Sendable {
    /// The state a batch is read against.
    public struct Local {
        public var binding: SyncedList
        /// The list's reminders now.
        public var rows: [Reminder]
        /// The task list's bases, by UID.
        public var bases: [String: SyncBase]
        /// Reminders with changes waiting in the outbox (for any task list).
        public var pending: Set<UUID>
        /// A reminder in another list, by id (one moved in Tote, or by another client).
        public var elsewhere: (UUID) -> Reminder?
        /// Every list bound to a task list.
        public var syncedLists: Set<UUID>
        public var makeID: () -> UUID

        public init(binding: SyncedList, rows: [Reminder], bases: [String: SyncBase], pending: Set<UUID>,
                    syncedLists: Set<UUID>, elsewhere: @escaping (UUID) -> Reminder?, makeID: @escaping () -> UUID = UUID.init) {
            self.binding = binding
            self.rows = rows
            self.bases = bases
            self.pending = pending
            self.syncedLists = syncedLists.union([binding.listID])
            self.elsewhere = elsewhere
            self.makeID = makeID
        }
    }

    public var command: ReminderCommand?
    public var record = SyncRecord()
    /// Titles of reminders both sides changed (a toast names them).
    public var conflicts: [String] = []
    /// UIDs removed alone whose removal waits for EDS to say whether it still has them
    /// (`RemovalConfirmation`): their reminders stay for now.
    public var toConfirm: [String] = []

    /// `changed`: to-dos added or modified on the server; `removed`: to-dos removed there, or
    /// single overrides of repeating ones (`RemovedTodo`), which leave the reminder: it is
    /// read again of its master and the overrides left. `confirmed`: UIDs whose removal alone
    /// EDS has confirmed (`RemovalConfirmation`); any other such removal of a to-do with
    /// overrides waits (`toConfirm`). `describe` writes a merge's kept values into the notes.
    public init(changed: [VTodoMapping.Todo], removed: [RemovedTodo], confirmed: Set<String> = [], local: Local, now: Date,
                describe: ([TodoMerge.Kept]) -> String) {
        let source = local.binding.sourceUID
        for removal in removed where !confirmed.contains(removal.uid) && !toConfirm.contains(removal.uid)
            && RemovalConfirmation.isDoubtful(removal, base: local.bases[removal.uid]) {
            toConfirm.append(removal.uid)
        }
        let removed = toConfirm.isEmpty ? removed : removed.filter { !($0.isWhole && toConfirm.contains($0.uid)) }
        let (parts, joinBases, emptied) = Self.removingOverrides(removed, changed: changed, bases: local.bases)
        // Read again for an override's removal alone: a change seen now (the parts left are older).
        let reread = Set(parts[changed.count...].map(\.uid))
        var changed = Self.joined(parts, bases: joinBases)
        for index in changed.indices where reread.contains(changed[index].uid) {
            changed[index].modified = max(changed[index].modified ?? now, now)
        }
        record.removedBases = emptied.map { .init(sourceUID: source, uid: $0) }
        let listID = local.binding.listID
        var rows = Dictionary(local.rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var inserted: [Reminder] = []
        var before: [Reminder] = []
        var after: [Reminder] = []
        var deleted: [Reminder] = []
        var taken = Set(local.rows.map(\.position))
        var nextPosition = (local.rows.map(\.position).max() ?? -1) + 1

        var handled: Set<UUID> = []
        for var todo in changed {
            if todo.recurrenceID != nil {
                // Overrides whose master has not come yet: kept as the base it will join.
                record.bases.append(SyncBase(sourceUID: source, uid: todo.uid,
                                             reminderID: local.bases[todo.uid]?.reminderID ?? Self.reminderID(forUID: todo.uid),
                                             text: todo.text))
                continue
            }
            // A parent Tote knows under another id (a to-do once made its own) is found by its base.
            if let parentUID = todo.parentUID, let parent = local.bases[parentUID] { todo.fields.parent = parent.reminderID }
            var id = local.bases[todo.uid]?.reminderID ?? Self.reminderID(forUID: todo.uid)
            var found = rows[id] ?? local.elsewhere(id)
            if let other = found, other.listID != listID, !local.syncedLists.contains(other.listID) {
                if local.pending.contains(id) {
                    // Moved out of this list in Tote, its removal from here not yet sent.
                    record.bases.append(SyncBase(sourceUID: source, uid: todo.uid, reminderID: id, text: todo.text))
                    continue
                }
                // In a list that syncs with nothing (Tote's own, or one kept when its account
                // went): that reminder is Tote's now and stays as it is; the server's to-do
                // becomes a reminder of its own here.
                id = local.makeID()
                found = nil
            }
            // Two UIDs for one reminder in a batch (UUIDs differing in case): the first only.
            guard handled.insert(id).inserted else { continue }
            record.bases.append(SyncBase(sourceUID: source, uid: todo.uid, reminderID: id, text: todo.text))
            let modified = todo.modified ?? now
            let pending = local.pending.contains(id)
            guard let current = found else {
                // Deleted in Tote, its removal not yet sent: not brought back.
                if pending { continue }
                var fields = todo.fields
                if let order = fields.sortOrder, taken.contains(order) { fields.sortOrder = nil }
                let position = fields.sortOrder ?? nextPosition
                if fields.sortOrder == nil { record.queue.append(.init(sourceUID: source, reminderID: id)) }
                taken.insert(position)
                nextPosition = max(nextPosition, position + 1)
                let reminder = Reminder(
                    id: id, listID: listID, title: fields.title, notes: fields.notes, isDone: fields.isDone, due: fields.due,
                    priority: fields.priority, position: position, created: todo.created ?? now, modified: modified,
                    parentID: fields.parent, repeatRule: fields.repeatRule.flatMap(RepeatRule.init(rrule:)),
                    subtasksHidden: fields.subtasksHidden)
                inserted.append(reminder)
                rows[id] = reminder
                continue
            }
            // Moved to another synced list in Tote, its removal from here not yet sent: the
            // other device's change is merged into it where it is now.
            let movedAway = current.listID != listID && pending
            let base = local.bases[todo.uid]?.fields
            var updated = current
            if pending {
                var remote = todo.fields
                if movedAway { remote.sortOrder = current.position }
                let merge = TodoMerge(
                    base: base, local: VTodoMapping.syncedFields(of: current, over: base),
                    localModified: current.modified, remote: remote, remoteModified: todo.modified, describe: describe)
                updated = Self.keepingLocalNotes(current, merge.fields).applied(to: current)
                if merge.hadConflict {
                    conflicts.append(merge.fields.title)
                    updated.modified = max(current.modified, modified)
                }
            } else {
                let fields = Self.keepingLocalNotes(current, todo.fields)
                // Tote's own write coming back (EDS gives it a LAST-MODIFIED of its own) changes nothing.
                if current.listID == listID, fields == TodoFields(current) { continue }
                updated = fields.applied(to: current)
                updated.listID = listID
                updated.modified = modified
            }
            if !movedAway, updated.position != current.position || current.listID != listID {
                if taken.contains(updated.position) && !(current.listID == listID && updated.position == current.position) {
                    updated.position = nextPosition
                    record.queue.append(.init(sourceUID: source, reminderID: id))
                }
                if current.listID == listID { taken.remove(current.position) }
                taken.insert(updated.position)
                nextPosition = max(nextPosition, updated.position + 1)
            }
            guard updated != current else { continue }
            before.append(current)
            after.append(updated)
            rows[id] = updated
        }

        for uid in removed.filter(\.isWhole).map(\.uid) {
            guard let base = local.bases[uid] else { continue }
            record.removedBases.append(.init(sourceUID: source, uid: uid))
            // Changed in Tote meanwhile: kept, and sent again as a new to-do.
            guard let current = rows[base.reminderID], current.listID == listID,
                  !local.pending.contains(base.reminderID) else { continue }
            if let index = after.firstIndex(where: { $0.id == current.id }) {
                deleted.append(before[index])
                before.remove(at: index)
                after.remove(at: index)
            } else if let index = inserted.firstIndex(where: { $0.id == current.id }) {
                inserted.remove(at: index)
            } else {
                deleted.append(current)
            }
            rows[current.id] = nil
        }

        var commands: [ReminderCommand] = []
        if !deleted.isEmpty { commands.append(.delete(deleted)) }
        if !after.isEmpty { commands.append(.update(before: before, after: after)) }
        if !inserted.isEmpty { commands.append(.insert(inserted)) }
        command = commands.count > 1 ? .sequence(commands) : commands.first
    }

    /// The overrides removed alone taken from their bases: `bases` without them (what
    /// `joined` starts from; a merge's base stays the one Tote last saw), and each to-do
    /// that lost one and has no part in `changed` appended to it, read again from its master
    /// and the overrides left, so that it is updated as any change is.
    /// `emptied`: bases of overrides without their master that lost the last one. A to-do
    /// the batch removes whole is left to that removal.
    static func removingOverrides(_ removed: [RemovedTodo], changed: [VTodoMapping.Todo], bases: [String: SyncBase])
        -> (changed: [VTodoMapping.Todo], bases: [String: SyncBase], emptied: [String]) {
        let whole = Set(removed.filter(\.isWhole).map(\.uid))
        var occurrences: [String: Set<String>] = [:]
        var order: [String] = []
        for removal in removed {
            guard let recurrenceID = removal.recurrenceID, !whole.contains(removal.uid) else { continue }
            if occurrences[removal.uid] == nil { order.append(removal.uid) }
            occurrences[removal.uid, default: []].insert(recurrenceID)
        }
        guard !order.isEmpty else { return (changed, bases, []) }
        var changed = changed
        var bases = bases
        var emptied: [String] = []
        let inBatch = Set(changed.map(\.uid))
        for uid in order {
            guard let base = bases[uid], let ids = occurrences[uid],
                  let text = CompletedOccurrences.removing(ids, from: base.text) else { continue }
            guard !text.isEmpty else {
                bases[uid] = nil
                if !inBatch.contains(uid) { emptied.append(uid) }
                continue
            }
            bases[uid]?.text = text
            if !inBatch.contains(uid), let todo = VTodoMapping.read(text) { changed.append(todo) }
        }
        return (changed, bases, emptied)
    }

    /// One to-do per UID, in the order of their last mention. EDS can name one to-do twice in
    /// a batch (the last is the newest), and its view hands a repeating to-do's master and
    /// each of its overrides (`RECURRENCE-ID`) over apart: those are joined, over the base's
    /// (a master changed alone keeps the overrides Tote knows, as EDS keeps them).
    static func joined(_ todos: [VTodoMapping.Todo], bases: [String: SyncBase]) -> [VTodoMapping.Todo] {
        var parts: [String: [VTodoMapping.Todo]] = [:]
        var latest: [String: Int] = [:]
        for (index, todo) in todos.enumerated() {
            parts[todo.uid, default: []].append(todo)
            latest[todo.uid] = index
        }
        return todos.enumerated().compactMap { index, todo in
            guard latest[todo.uid] == index, let parts = parts[todo.uid] else { return nil }
            let base = bases[todo.uid]?.text
            let overridden = parts.contains { $0.recurrenceID != nil || $0.text.contains("RECURRENCE-ID") }
                || base?.contains("RECURRENCE-ID") == true
            guard overridden else { return todo }
            return VTodoMapping.joined((base.map { [$0] } ?? []) + parts.map(\.text)) ?? todo
        }
    }

    /// `fields` for `reminder`: notes Tote does not send (a stored file's link) stay as they
    /// are, whatever the server's say (what a merge kept has nowhere to go beside a link).
    private static func keepingLocalNotes(_ reminder: Reminder, _ fields: TodoFields) -> TodoFields {
        var fields = fields
        if VTodoMapping.keepsNotesInTote(reminder) { fields.notes = reminder.notes }
        return fields
    }

    /// The to-dos removed from the server while Tote was not looking: known there when a
    /// view began (`known`, the bases then) and not in its first population (`seen`). Only
    /// those: a to-do Tote sends while the view populates is not in either, and stays.
    public static func removedWhileAway(known: Set<String>, seen: Set<String>) -> [RemovedTodo] {
        known.subtracting(seen).sorted().map { RemovedTodo(uid: $0) }
    }

    /// The reminder id for a UID: the UUID itself when it is one (a to-do made by Tote),
    /// else a name-based UUID of it, the same at every start.
    public static func reminderID(forUID uid: String) -> UUID {
        if let id = UUID(uuidString: uid) { return id }
        var bytes = Array(Insecure.SHA1.hash(data: Data(("tote-caldav-uid:" + uid).utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
