// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// A list for every task list EDS knows; none lost when an account goes.
@Suite struct SyncAccountsTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let own = ReminderList(id: UUID(), name: "Groceries", position: 0, created: .distantPast, modified: .distantPast)
    private let work = EDSTaskList(uid: "src-work", name: "Work", accountUID: "acc-dav", accountName: "Radicale",
                                   isEnabled: true)
    private let personal = EDSTaskList(uid: "system-task-list", name: "Personal", accountUID: "local-stub",
                                       accountName: "On This Computer", isEnabled: true)

    @Test func aNewTaskListBecomesAListBoundToIt() {
        let plan = SyncAccounts(taskLists: [work, personal], lists: [own], bindings: [:], waiting: [],
                                rows: { _ in [] }, now: now)
        guard case .insertLists(let lists) = plan.command else { Issue.record("no lists made"); return }
        #expect(lists.map(\.name) == ["Work", "Personal"])
        #expect(lists.map(\.position) == [1, 2])
        #expect(plan.record.bindings.map(\.sourceUID) == ["src-work", "system-task-list"])
        #expect(plan.record.bindings.map(\.accountName) == ["Radicale", "On This Computer"])
        #expect(plan.record.bindings.map(\.listID) == lists.map(\.id))
    }

    @Test func aKnownTaskListChangesNothingUnlessRenamed() {
        let mirror = ReminderList(id: UUID(), name: "Work", position: 1, created: now, modified: now)
        let bindings = [mirror.id: SyncedList(listID: mirror.id, sourceUID: "src-work", accountUID: "acc-dav", accountName: "Radicale")]
        let same = SyncAccounts(taskLists: [work], lists: [own, mirror], bindings: bindings, waiting: [],
                                rows: { _ in [] }, now: now)
        #expect(same.command == nil)
        #expect(same.record.isEmpty)
        var renamedTaskList = work
        renamedTaskList.name = "Job"
        let renamed = SyncAccounts(taskLists: [renamedTaskList], lists: [own, mirror], bindings: bindings, waiting: [],
                                   rows: { _ in [] }, now: now)
        guard case .updateLists(_, let after) = renamed.command else { Issue.record("not renamed"); return }
        #expect(after.map(\.name) == ["Job"])
    }

    @Test func aTaskListGoneOrSwitchedOffTakesItsListUnlessChangesWait() {
        let mirror = ReminderList(id: UUID(), name: "Work", position: 1, created: now, modified: now)
        let row = Reminder(id: UUID(), listID: mirror.id, title: "Report", position: 0, created: now, modified: now)
        let bindings = [mirror.id: SyncedList(listID: mirror.id, sourceUID: "src-work", accountUID: "acc-dav", accountName: "Radicale")]
        var switchedOff = work
        switchedOff.isEnabled = false
        let gone = SyncAccounts(taskLists: [switchedOff], lists: [own, mirror], bindings: bindings, waiting: [],
                                rows: { $0 == mirror.id ? [row] : [] }, now: now)
        #expect(gone.command == .sequence([.delete([row]), .deleteLists([mirror])]))
        #expect(gone.record.unbound == [mirror.id])
        #expect(gone.switchedOff == [mirror.id], "its account was switched off: nothing deleted there")
        let removed = SyncAccounts(taskLists: [], lists: [own, mirror], bindings: bindings, waiting: [],
                                   rows: { $0 == mirror.id ? [row] : [] }, now: now)
        #expect(removed.command == gone.command)
        #expect(removed.switchedOff.isEmpty, "the task list itself was deleted")

        let kept = SyncAccounts(taskLists: [], lists: [own, mirror], bindings: bindings, waiting: ["src-work"],
                                rows: { $0 == mirror.id ? [row] : [] }, now: now)
        #expect(kept.command == nil)
        #expect(kept.keptAsOwn == [mirror])
        #expect(kept.record.unbound == [mirror.id])
    }

    @Test func aListMovedIntoAnAccountIsBoundToTheTaskListMadeForItAndSentWhole() {
        let rows = [Reminder(id: UUID(), listID: own.id, title: "Milk", position: 0, created: now, modified: now),
                    Reminder(id: UUID(), listID: own.id, title: "Eggs", position: 1, created: now, modified: now)]
        let made = EDSTaskList(uid: "new-src", name: "Groceries", accountUID: "acc-dav", accountName: "Radicale",
                               isEnabled: true)
        let plan = SyncAccounts(taskLists: [made], lists: [own], bindings: [:], waiting: [],
                                claims: [.init(listID: own.id, accountUID: "acc-dav", name: "Groceries")],
                                rows: { $0 == own.id ? rows : [] }, now: now)
        #expect(plan.command == nil)
        #expect(plan.record.bindings == [SyncedList(listID: own.id, sourceUID: "new-src", accountUID: "acc-dav", accountName: "Radicale")])
        #expect(plan.record.queue.map(\.reminderID) == rows.map(\.id))
        #expect(plan.claimed.count == 1)
    }

    @Test func aListHoldingFilesOnlyToteHasIsKeptWhenItsAccountGoes() {
        let mirror = ReminderList(id: UUID(), name: "Work", position: 1, created: now, modified: now)
        var row = Reminder(id: UUID(), listID: mirror.id, title: "Scan.pdf", position: 0, created: now, modified: now)
        row.notes = MediaLink.link(to: MediaReference(digest: String(repeating: "ef", count: 32), fileExtension: "pdf"))
        let bindings = [mirror.id: SyncedList(listID: mirror.id, sourceUID: "src-work", accountUID: "acc-dav", accountName: "Radicale")]
        let plan = SyncAccounts(taskLists: [], lists: [own, mirror], bindings: bindings, waiting: [],
                                rows: { $0 == mirror.id ? [row] : [] }, now: now)
        #expect(plan.command == nil)
        #expect(plan.keptAsOwn == [mirror])
    }
}
