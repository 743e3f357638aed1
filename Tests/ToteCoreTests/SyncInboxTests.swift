// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// Changes from a task list's server become one change from elsewhere to its list.
@Suite struct SyncInboxTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let binding = SyncedList(listID: UUID(), sourceUID: "src", accountUID: "acc", accountName: "Radicale")

    private func todo(_ uid: String, _ title: String, sort: Int? = nil, done: Bool = false,
                      modified: Date? = nil, extra: String = "") -> VTodoMapping.Todo {
        var text = "BEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(title)\r\nSTATUS:\(done ? "COMPLETED" : "NEEDS-ACTION")\r\n"
        if let sort { text += "X-APPLE-SORT-ORDER:\(sort)\r\n" }
        if let modified {
            text += "LAST-MODIFIED:\(ISO8601DateFormatter().string(from: modified).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: ""))\r\n"
        }
        text += extra + "END:VTODO\r\n"
        return VTodoMapping.read(text)!
    }

    private func local(_ rows: [Reminder], bases: [SyncBase] = [], pending: Set<UUID> = []) -> SyncInbox.Local {
        SyncInbox.Local(binding: binding, rows: rows, bases: Dictionary(uniqueKeysWithValues: bases.map { ($0.uid, $0) }),
                        pending: pending, syncedLists: [], elsewhere: { _ in nil })
    }

    private func describe(_ kept: [TodoMerge.Kept]) -> String { "kept \(kept.map(\.loser.title))" }

    @Test func newToDosFromAnotherDeviceAreInsertedInTheirOrder() throws {
        let inbox = SyncInbox(changed: [todo("phone-1", "Milk", sort: 2), todo("phone-2", "Eggs", sort: 1)],
                              removed: [], local: local([]), now: now, describe: describe)
        guard case .insert(let inserted) = inbox.command else { Issue.record("not an insert"); return }
        #expect(inserted.sorted { $0.position < $1.position }.map(\.title) == ["Eggs", "Milk"])
        #expect(inserted.allSatisfy { $0.listID == binding.listID })
        #expect(inserted[0].id == SyncInbox.reminderID(forUID: "phone-1"))
        #expect(inbox.record.bases.map(\.uid) == ["phone-1", "phone-2"])
        #expect(inbox.record.queue.isEmpty)
        #expect(inbox.conflicts.isEmpty)
    }

    @Test func aUIDIsTheSameReminderAtEveryStart() {
        #expect(SyncInbox.reminderID(forUID: "abc@phone") == SyncInbox.reminderID(forUID: "abc@phone"))
        #expect(SyncInbox.reminderID(forUID: "abc@phone") != SyncInbox.reminderID(forUID: "abd@phone"))
        let id = UUID()
        #expect(SyncInbox.reminderID(forUID: id.uuidString) == id)
    }

    @Test func aToDoWithoutOrderOrWithATakenOneGoesLastAndIsSentBack() throws {
        let existing = Reminder(id: UUID(), listID: binding.listID, title: "Old", position: 4, created: now, modified: now)
        let inbox = SyncInbox(changed: [todo("a", "No order"), todo("b", "Same order", sort: 4)], removed: [],
                              local: local([existing]), now: now, describe: describe)
        guard case .insert(let inserted) = inbox.command else { Issue.record("not an insert"); return }
        #expect(inserted.map(\.position) == [5, 6])
        #expect(Set(inbox.record.queue.map(\.reminderID)) == Set(inserted.map(\.id)))
    }

    @Test func aChangeFromAnotherDeviceUpdatesTheReminderAndItsEchoChangesNothing() throws {
        let id = UUID()
        let mine = Reminder(id: id, listID: binding.listID, title: "Milk", position: 0, created: now, modified: now)
        let base = SyncBase(sourceUID: "src", uid: id.uuidString, reminderID: id,
                            text: VTodoMapping.write(mine, uid: id.uuidString, over: nil, now: now))
        // EDS gives Tote's write a LAST-MODIFIED of its own.
        var echoed = VTodoMapping.read(base.text)!
        echoed.modified = now.addingTimeInterval(5)
        let echo = SyncInbox(changed: [echoed], removed: [], local: local([mine], bases: [base]),
                             now: now, describe: describe)
        #expect(echo.command == nil)
        #expect(echo.record.bases.count == 1)

        let changed = SyncInbox(changed: [todo(id.uuidString, "Oat milk", sort: 0, done: true)], removed: [],
                                local: local([mine], bases: [base]), now: now, describe: describe)
        guard case .update(let before, let after) = changed.command else { Issue.record("not an update"); return }
        #expect(before == [mine])
        #expect(after.map(\.title) == ["Oat milk"])
        #expect(after.map(\.isDone) == [true])
    }

    @Test func bothSidesChangedIsMergedAndNamedAndStaysQueued() throws {
        let id = UUID()
        let old = Reminder(id: id, listID: binding.listID, title: "Milk", position: 0, created: now,
                           modified: Date(timeIntervalSince1970: 1_700_000_000))
        let base = SyncBase(sourceUID: "src", uid: "u", reminderID: id, text: VTodoMapping.write(old, uid: "u", over: nil, now: now))
        var mine = old
        mine.title = "Milk and bread"
        mine.modified = Date(timeIntervalSince1970: 1_750_000_000)
        let theirs = todo("u", "Oat milk", sort: 0, done: true, modified: Date(timeIntervalSince1970: 1_760_000_000))
        let inbox = SyncInbox(changed: [theirs], removed: [], local: local([mine], bases: [base], pending: [id]),
                              now: now, describe: describe)
        guard case .update(_, let after) = inbox.command else { Issue.record("not an update"); return }
        #expect(after[0].title == "Oat milk")
        #expect(after[0].isDone)
        #expect(after[0].notes == "kept [\"Milk and bread\"]")
        #expect(inbox.conflicts == ["Oat milk"])
        #expect(inbox.record.bases.map(\.text) == [theirs.text])
    }

    @Test func aToDoRemovedElsewhereIsRemovedUnlessChangedInTote() throws {
        let kept = Reminder(id: UUID(), listID: binding.listID, title: "Changed here", position: 0, created: now, modified: now)
        let gone = Reminder(id: UUID(), listID: binding.listID, title: "Gone", position: 1, created: now, modified: now)
        let bases = [SyncBase(sourceUID: "src", uid: "k", reminderID: kept.id, text: ""),
                     SyncBase(sourceUID: "src", uid: "g", reminderID: gone.id, text: "")]
        let inbox = SyncInbox(changed: [], removed: ["k", "g", "never-known"], local: local([kept, gone], bases: bases, pending: [kept.id]),
                              now: now, describe: describe)
        #expect(inbox.command == .delete([gone]))
        #expect(Set(inbox.record.removedBases.map(\.uid)) == ["k", "g"])
    }

    @Test func aReminderMovedAwayInToteIsNotBroughtBackByItsOldCopy() {
        let id = UUID()
        let elsewhere = Reminder(id: id, listID: UUID(), title: "Moved", position: 0, created: now, modified: now)
        var state = local([], bases: [SyncBase(sourceUID: "src", uid: "m", reminderID: id, text: "")], pending: [id])
        state.elsewhere = { $0 == id ? elsewhere : nil }
        let inbox = SyncInbox(changed: [todo("m", "Moved")], removed: [], local: state, now: now, describe: describe)
        #expect(inbox.command == nil)
    }

    @Test func onlyToDosKnownWhenTheViewBeganCanHaveBeenRemovedWhileAway() {
        // "sent" was created while the view populated: in neither set, never taken for removed.
        #expect(SyncInbox.removedWhileAway(known: ["kept", "gone"], seen: ["kept", "new-elsewhere"]) == ["gone"])
        #expect(SyncInbox.removedWhileAway(known: [], seen: ["sent"]).isEmpty)
    }

    @Test func aReminderDeletedInToteWhoseRemovalWaitsIsNotBroughtBack() {
        let id = UUID()
        let inbox = SyncInbox(changed: [todo(id.uuidString, "Deleted here", sort: 0)], removed: [],
                              local: local([], bases: [SyncBase(sourceUID: "src", uid: id.uuidString, reminderID: id, text: "")],
                                           pending: [id]),
                              now: now, describe: describe)
        #expect(inbox.command == nil)
        #expect(inbox.record.bases.count == 1)
    }

    @Test func aReminderOfAListThatSyncsWithNothingStaysAndTheServersToDoBecomesANewOne() throws {
        let id = UUID()
        let kept = Reminder(id: id, listID: UUID(), title: "Kept in Tote", position: 0, created: now, modified: now)
        var state = local([])
        state.elsewhere = { $0 == id ? kept : nil }
        let fresh = UUID()
        state.makeID = { fresh }
        let inbox = SyncInbox(changed: [todo(id.uuidString, "On the server", sort: 0)], removed: [], local: state,
                              now: now, describe: describe)
        guard case .insert(let inserted) = inbox.command else { Issue.record("not an insert"); return }
        #expect(inserted.map(\.id) == [fresh])
        #expect(inserted.map(\.listID) == [binding.listID])
        #expect(inbox.record.bases.map(\.reminderID) == [fresh])
    }

    @Test func aReminderMovedToAnotherSyncedListTakesTheOtherDevicesChangeWhereItIs() throws {
        let id = UUID()
        let otherList = UUID()
        let old = Reminder(id: id, listID: binding.listID, title: "Milk", position: 0, created: now,
                           modified: Date(timeIntervalSince1970: 1_700_000_000))
        let base = SyncBase(sourceUID: "src", uid: "m", reminderID: id, text: VTodoMapping.write(old, uid: "m", over: nil, now: now))
        var moved = old
        moved.listID = otherList
        moved.position = 7
        var state = local([], bases: [base], pending: [id])
        state.syncedLists.insert(otherList)
        state.elsewhere = { $0 == id ? moved : nil }
        let inbox = SyncInbox(changed: [todo("m", "Milk", sort: 0, done: true)], removed: [], local: state,
                              now: now, describe: describe)
        guard case .update(_, let after) = inbox.command else { Issue.record("not an update"); return }
        #expect(after.map(\.isDone) == [true])
        #expect(after.map(\.listID) == [otherList])
        #expect(after.map(\.position) == [7])
    }

    @Test func oneReminderNamedTwiceInABatchIsTakenOnce() throws {
        let id = UUID()
        let inbox = SyncInbox(changed: [todo(id.uuidString.lowercased(), "One"), todo(id.uuidString, "Two")], removed: [],
                              local: local([]), now: now, describe: describe)
        guard case .insert(let inserted) = inbox.command else { Issue.record("not an insert"); return }
        #expect(inserted.map(\.title) == ["One"])
    }

    @Test func aStoredFilesLinkStaysThroughTheServersChangesAndMerges() throws {
        let id = UUID()
        var withFile = Reminder(id: id, listID: binding.listID, title: "Scan", position: 0, created: now,
                                modified: Date(timeIntervalSince1970: 1_700_000_000))
        withFile.notes = MediaLink.link(to: MediaReference(digest: String(repeating: "cd", count: 32), fileExtension: "pdf"))
        let base = SyncBase(sourceUID: "src", uid: "s", reminderID: id, text: VTodoMapping.write(withFile, uid: "s", over: nil, now: now))
        let theirs = todo("s", "Scan it", sort: 0, modified: Date(timeIntervalSince1970: 1_760_000_000),
                          extra: "DESCRIPTION:from the phone\r\n")
        for pending in [Set<UUID>(), [id]] {
            var mine = withFile
            if !pending.isEmpty { mine.title = "Scan this" }
            let inbox = SyncInbox(changed: [theirs], removed: [], local: local([mine], bases: [base], pending: pending),
                                  now: now, describe: describe)
            guard case .update(_, let after) = inbox.command else { Issue.record("not an update"); return }
            #expect(after[0].notes == withFile.notes)
            #expect(after[0].title == "Scan it")
        }
        // And what Tote sends leaves the other device's notes as they are.
        var renamed = withFile
        renamed.title = "Scan it twice"
        let sent = VTodoMapping.write(renamed, uid: "s", over: theirs.text, now: now)
        #expect(VTodoMapping.read(sent)?.fields.notes == "from the phone")
        #expect(!sent.contains(String(repeating: "cd", count: 32)))
    }
}
