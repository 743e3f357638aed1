// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What sync writes beside a change, in the change's own transaction: lists bound to or
/// unbound from task lists, the server's versions now known, and reminders to send again.
public struct SyncRecord: Hashable, Sendable {
    public var bindings: [SyncedList] = []
    /// Lists no longer synced: their bindings, bases and outbox entries go.
    public var unbound: [UUID] = []
    public var bases: [SyncBase] = []
    /// (source, uid) of to-dos no longer on the server.
    public var removedBases: [SourceUID] = []
    /// Reminders to send to a task list (an outbox entry each), besides those the change's
    /// command queues.
    public var queue: [SourceReminder] = []

    public struct SourceUID: Hashable, Sendable {
        public var sourceUID: String
        public var uid: String
        public init(sourceUID: String, uid: String) {
            self.sourceUID = sourceUID
            self.uid = uid
        }
    }

    public struct SourceReminder: Hashable, Sendable {
        public var sourceUID: String
        public var reminderID: UUID
        public init(sourceUID: String, reminderID: UUID) {
            self.sourceUID = sourceUID
            self.reminderID = reminderID
        }
    }

    public init(bindings: [SyncedList] = [], unbound: [UUID] = [], bases: [SyncBase] = [],
                removedBases: [SourceUID] = [], queue: [SourceReminder] = []) {
        self.bindings = bindings
        self.unbound = unbound
        self.bases = bases
        self.removedBases = removedBases
        self.queue = queue
    }

    public var isEmpty: Bool {
        bindings.isEmpty && unbound.isEmpty && bases.isEmpty && removedBases.isEmpty && queue.isEmpty
    }

    /// Whether lists became synced or stopped being (the sidebar regroups).
    public var changesBindings: Bool { !bindings.isEmpty || !unbound.isEmpty }
}
