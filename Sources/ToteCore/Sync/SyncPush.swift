// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What one outbox entry sends, worked out from the reminder as it is now: the task list
/// gets Tote's state, however many changes led to it.
public enum SyncPush: Hashable, Sendable {
    /// A to-do new to the task list, under `uid`.
    case create(uid: String, text: String)
    /// A to-do the server has (its base), changed. Refused when the server's version is
    /// newer than the base: then `SyncInbox` merges and the entry is sent again.
    case modify(uid: String, text: String)
    case remove(uid: String)
    /// The server has Tote's state already.
    case nothing

    /// The to-do's UID on the server; nil when nothing is sent.
    public var uid: String? {
        switch self {
        case .create(let uid, _), .modify(let uid, _), .remove(let uid): return uid
        case .nothing: return nil
        }
    }

    /// `reminder`: the reminder now (nil when deleted); `inSource`: whether it is in a list
    /// bound to the entry's task list; `base`: the server's version there; `otherBases`: its
    /// versions in other task lists (a reminder moved between two keeps its UID);
    /// `parentUID`: its parent's UID in the task list (`parentUID(of:bases:)`).
    public static func plan(reminder: Reminder?, inSource: Bool, base: SyncBase?, otherBases: [SyncBase],
                            parentUID: String? = nil, now: Date) -> SyncPush {
        guard let reminder, inSource else {
            return base.map { .remove(uid: $0.uid) } ?? .nothing
        }
        if let base {
            if let fields = base.fields, fields == VTodoMapping.syncedFields(of: reminder, over: fields) { return .nothing }
            return .modify(uid: base.uid, text: VTodoMapping.write(
                reminder, uid: base.uid, over: base.text, parentUID: parentUID, now: now))
        }
        // Moved from another task list: the same to-do, with what Tote does not know of it.
        let other = otherBases.first
        let uid = other?.uid ?? reminder.id.uuidString
        return .create(uid: uid, text: VTodoMapping.write(reminder, uid: uid, over: other?.text, parentUID: parentUID, now: now))
    }

    /// The UID a parent has, or will have, in a task list: its base there (`inSource`), else
    /// the one it keeps from another task list it was moved from (`elsewhere`), else the UID
    /// Tote gives a to-do it makes: its id.
    public static func parentUID(of parent: UUID, inSource: SyncBase?, elsewhere: [SyncBase]) -> String {
        inSource?.uid ?? elsewhere.first?.uid ?? parent.uuidString
    }

    /// Entries in the order they are sent (`entries` as the outbox gives them), creates and
    /// changes before removes; a remove waits while the same reminder has an entry for another
    /// task list (moved between two: never on neither). `removing`: whether an entry takes
    /// its reminder out of its task list.
    public static func order(_ entries: [OutboxEntry], removing: (OutboxEntry) -> Bool) -> [OutboxEntry] {
        var entriesPerReminder: [UUID: Int] = [:]
        for entry in entries { entriesPerReminder[entry.reminderID, default: 0] += 1 }
        let removals = entries.map(removing)
        let puts = entries.indices.filter { !removals[$0] }.map { entries[$0] }
        let removes = entries.indices.filter { removals[$0] && entriesPerReminder[entries[$0].reminderID] == 1 }
            .map { entries[$0] }
        return puts + removes
    }
}
