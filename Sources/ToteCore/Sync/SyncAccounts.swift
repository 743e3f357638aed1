// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Which lists Tote shows for the task lists Evolution Data Server knows: one list each,
/// made when a task list appears (an account added or enabled), gone when it goes — unless
/// changes made in Tote are still waiting to reach it, or it holds files only Tote has: then
/// the list stays, as Tote's own, because nothing may be lost.
public struct SyncAccounts: Sendable {
    /// A Tote list being moved into an account: the task list made for it is bound to it
    /// (and every reminder queued) when it appears, instead of becoming a list of its own.
    public struct Claim: Hashable, Sendable {
        public var listID: UUID
        public var accountUID: String
        public var name: String

        public init(listID: UUID, accountUID: String, name: String) {
            self.listID = listID
            self.accountUID = accountUID
            self.name = name
        }
    }

    /// New lists for new task lists, and lists renamed with their task list.
    public var command: ReminderCommand?
    public var record = SyncRecord()
    /// Lists that lost their task list with changes still waiting: kept as Tote's own.
    public var keptAsOwn: [ReminderList] = []
    /// Lists that went because their account was switched off (the task list is still
    /// there, disabled): nothing was deleted from the account, and a view showing one says so.
    public var switchedOff: Set<UUID> = []

    /// `lists`: every list now; `bindings` the synced ones; `waiting`: task lists with
    /// changes in the outbox; `rows`: a list's reminders (for a list that goes).
    /// Claims this change took.
    public var claimed: [Claim] = []

    /// `taskLists`: what the registry lists; a disabled one (its account switched off) is as
    /// good as gone.
    public init(taskLists all: [EDSTaskList], lists: [ReminderList], bindings: [UUID: SyncedList], waiting: Set<String>,
                claims: [Claim] = [], rows: (UUID) -> [Reminder], now: Date, makeID: () -> UUID = UUID.init) {
        let taskLists = all.filter(\.isEnabled)
        let bySource = Dictionary(bindings.values.map { ($0.sourceUID, $0) }, uniquingKeysWith: { first, _ in first })
        let listsByID = Dictionary(lists.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var commands: [ReminderCommand] = []
        var nextPosition = (lists.map(\.position).max() ?? -1) + 1
        var inserted: [ReminderList] = []
        var renamedBefore: [ReminderList] = []
        var renamedAfter: [ReminderList] = []
        for taskList in taskLists {
            if let binding = bySource[taskList.uid] {
                if binding.accountName != taskList.accountName || binding.accountUID != taskList.accountUID {
                    record.bindings.append(SyncedList(listID: binding.listID, sourceUID: taskList.uid,
                                                      accountUID: taskList.accountUID, accountName: taskList.accountName))
                }
                if let list = listsByID[binding.listID], list.name != taskList.name {
                    var renamed = list
                    renamed.name = taskList.name
                    renamed.modified = now
                    renamedBefore.append(list)
                    renamedAfter.append(renamed)
                }
                continue
            }
            if let claim = claims.first(where: {
                $0.accountUID == taskList.accountUID && $0.name == taskList.name && !claimed.contains($0)
            }), listsByID[claim.listID] != nil, bindings[claim.listID] == nil {
                claimed.append(claim)
                record.bindings.append(SyncedList(listID: claim.listID, sourceUID: taskList.uid,
                                                  accountUID: taskList.accountUID, accountName: taskList.accountName))
                record.queue += rows(claim.listID).map { .init(sourceUID: taskList.uid, reminderID: $0.id) }
                continue
            }
            let list = ReminderList(id: makeID(), name: taskList.name, position: nextPosition, created: now, modified: now)
            nextPosition += 1
            inserted.append(list)
            record.bindings.append(SyncedList(listID: list.id, sourceUID: taskList.uid,
                                              accountUID: taskList.accountUID, accountName: taskList.accountName))
        }
        let present = Set(taskLists.map(\.uid))
        let disabled = Set(all.filter { !$0.isEnabled }.map(\.uid))
        var deletedReminders: [Reminder] = []
        var deletedLists: [ReminderList] = []
        for binding in bindings.values where !present.contains(binding.sourceUID) {
            record.unbound.append(binding.listID)
            guard let list = listsByID[binding.listID] else { continue }
            let reminders = rows(list.id)
            // Changes that had not reached it, or files only Tote holds: nothing may be lost.
            if waiting.contains(binding.sourceUID) || reminders.contains(where: VTodoMapping.keepsNotesInTote) {
                keptAsOwn.append(list)
            } else {
                deletedReminders += reminders
                deletedLists.append(list)
                if disabled.contains(binding.sourceUID) { switchedOff.insert(list.id) }
            }
        }
        if !inserted.isEmpty { commands.append(.insertLists(inserted)) }
        if !renamedAfter.isEmpty { commands.append(.updateLists(before: renamedBefore, after: renamedAfter)) }
        if !deletedReminders.isEmpty { commands.append(.delete(deletedReminders)) }
        if !deletedLists.isEmpty { commands.append(.deleteLists(deletedLists)) }
        command = commands.count > 1 ? .sequence(commands) : commands.first
    }
}
