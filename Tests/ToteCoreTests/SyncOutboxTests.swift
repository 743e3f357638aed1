// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB
import Testing
@testable import ToteCore

/// Changes to synced lists are queued in the transaction that makes them, and what a push
/// sends is worked out from the reminder as it is when it is sent.
@Suite struct SyncOutboxTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func makeStore(_ folder: TemporaryFolder) throws -> Store {
        let ticks = Ticks(start: Date(timeIntervalSince1970: 1_000))
        return try Store(location: StoreLocation(directory: folder.url.appendingPathComponent("data")),
                         clock: { ticks.next() })
    }

    /// A store with a list bound to task list "src-1".
    private func storeWithSyncedList(_ folder: TemporaryFolder) throws -> (Store, ReminderList) {
        let store = try makeStore(folder)
        let synced = try store.createReminderList(name: "Synced")
        try store.apply(nil, record: SyncRecord(bindings: [
            SyncedList(listID: synced.id, sourceUID: "src-1", accountUID: "acc", accountName: "Radicale")]))
        return (store, synced)
    }

    private func reminder(_ title: String, in list: ReminderList, position: Int) -> Reminder {
        Reminder(id: UUID(), listID: list.id, title: title, position: position, created: now, modified: now)
    }

    @Test func aChangeToASyncedListIsQueuedInItsOwnTransactionAndALocalOneIsNot() throws {
        let folder = try TemporaryFolder()
        let store = try makeStore(folder)
        let local = try store.createReminderList(name: "Local")
        let synced = try store.createReminderList(name: "Synced")
        try store.apply(nil, record: SyncRecord(bindings: [
            SyncedList(listID: synced.id, sourceUID: "src-1", accountUID: "acc", accountName: "Radicale")]))
        let a = reminder("A", in: local, position: 0)
        let b = reminder("B", in: synced, position: 0)
        try store.apply(.insert([a, b]))
        #expect(try store.outbox().map(\.reminderID) == [b.id])

        // A move out of the synced list queues it again for that task list (to be removed).
        var moved = b
        moved.listID = local.id
        try store.apply(.update(before: [b], after: [moved]))
        let entries = try store.outbox()
        #expect(entries.map(\.reminderID) == [b.id])
        #expect(entries[0].queued > 0)
    }

    @Test func aPushBegunBeforeAChangeLeavesTheEntryForTheChange() throws {
        let folder = try TemporaryFolder()
        let (store, synced) = try storeWithSyncedList(folder)
        let a = reminder("A", in: synced, position: 0)
        try store.apply(.insert([a]))
        let sent = try #require(try store.outbox().first)
        var renamed = a
        renamed.title = "A, renamed while it was being sent"
        try store.apply(.update(before: [a], after: [renamed]))
        try store.recordPush(of: sent, base: SyncBase(sourceUID: "src-1", uid: a.id.uuidString, reminderID: a.id,
                                                      text: "BEGIN:VTODO\r\nUID:x\r\nEND:VTODO\r\n"), startedFrom: nil, removing: nil)
        #expect(try store.outbox().map(\.reminderID) == [a.id])
        let again = try #require(try store.outbox().first)
        try store.recordPush(of: again, base: nil, startedFrom: nil, removing: nil)
        #expect(try store.outbox().isEmpty)
        #expect(try store.bases(inSource: "src-1").count == 1)
    }

    @Test func theServersVersionThatCameBackDuringAPushIsNotWrittenOver() throws {
        let folder = try TemporaryFolder()
        let (store, synced) = try storeWithSyncedList(folder)
        let a = reminder("A", in: synced, position: 0)
        try store.apply(.insert([a]))
        let entry = try #require(try store.outbox().first)
        // The view brought the server's version (with its new ETag) while the create was on its way.
        let echo = SyncBase(sourceUID: "src-1", uid: "a", reminderID: a.id, text: "BEGIN:VTODO\r\nUID:a\r\nX-EVOLUTION-CALDAV-ETAG:2\r\nEND:VTODO\r\n")
        try store.apply(nil, record: SyncRecord(bases: [echo]))
        try store.recordPush(of: entry, base: SyncBase(sourceUID: "src-1", uid: "a", reminderID: a.id, text: "sent"),
                             startedFrom: nil, removing: nil)
        #expect(try store.bases(inSource: "src-1").map(\.text) == [echo.text])
        #expect(try store.outbox().isEmpty)
    }

    @Test func anEntryThatKeepsFailingGoesAfterTheOthersUntilItChangesAgain() throws {
        let folder = try TemporaryFolder()
        let (store, synced) = try storeWithSyncedList(folder)
        let a = reminder("A", in: synced, position: 0), b = reminder("B", in: synced, position: 1)
        try store.apply(.insert([a]))
        try store.apply(.insert([b]))
        try store.recordFailure(of: try #require(try store.outbox().first), reason: "refused")
        #expect(try store.outbox().map(\.reminderID) == [b.id, a.id])
        #expect(try store.outbox().last?.lastError == "refused")
        var renamed = a
        renamed.title = "A again"
        try store.apply(.update(before: [a], after: [renamed]))
        #expect(try store.outbox().first { $0.reminderID == a.id }?.attempts == 0)
    }

    @Test func unbindingAListForgetsItsBasesAndOutbox() throws {
        let folder = try TemporaryFolder()
        let (store, synced) = try storeWithSyncedList(folder)
        let a = reminder("A", in: synced, position: 0)
        try store.apply(.insert([a]), record: SyncRecord(bases: [
            SyncBase(sourceUID: "src-1", uid: "a", reminderID: a.id, text: "")], queue: [.init(sourceUID: "src-1", reminderID: a.id)]))
        #expect(try store.outbox().count == 1)
        try store.apply(nil, record: SyncRecord(unbound: [synced.id]))
        #expect(try store.outbox().isEmpty)
        #expect(try store.bases(inSource: "src-1").isEmpty)
        #expect(try store.syncedLists().isEmpty)
        #expect(try store.reminders(inList: synced.id).map(\.id) == [a.id])
    }

    // MARK: What a push sends

    private let list = ReminderList(id: UUID(), name: "L", position: 0, created: .distantPast, modified: .distantPast)

    @Test func aNewReminderIsCreatedUnderItsOwnID() {
        let a = reminder("A", in: list, position: 0)
        guard case .create(let uid, let text) = SyncPush.plan(reminder: a, inSource: true, base: nil, otherBases: [], now: now)
        else { Issue.record("not a create"); return }
        #expect(uid == a.id.uuidString)
        #expect(VTodoMapping.read(text)?.fields == TodoFields(a))
    }

    @Test func aChangedReminderModifiesOverItsBaseAndAnUnchangedOneSendsNothing() throws {
        let a = reminder("A", in: list, position: 0)
        let base = SyncBase(sourceUID: "s", uid: "phone-uid", reminderID: a.id,
                            text: VTodoMapping.write(a, uid: "phone-uid", over: nil, now: now))
        #expect(SyncPush.plan(reminder: a, inSource: true, base: base, otherBases: [], now: now) == .nothing)
        var renamed = a
        renamed.title = "B"
        guard case .modify(let uid, let text) = SyncPush.plan(reminder: renamed, inSource: true, base: base, otherBases: [], now: now)
        else { Issue.record("not a modify"); return }
        #expect(uid == "phone-uid")
        #expect(VTodoMapping.read(text)?.fields.title == "B")
    }

    @Test func aReminderMovedBetweenTaskListsKeepsItsUIDAndIsRemovedFromTheFirst() {
        let a = reminder("A", in: list, position: 0)
        let old = SyncBase(sourceUID: "first", uid: "phone-uid", reminderID: a.id,
                           text: "BEGIN:VTODO\r\nUID:phone-uid\r\nSUMMARY:A\r\nCATEGORIES:Kept\r\nEND:VTODO\r\n")
        guard case .create(let uid, let text) = SyncPush.plan(reminder: a, inSource: true, base: nil, otherBases: [old], now: now)
        else { Issue.record("not a create"); return }
        #expect(uid == "phone-uid")
        #expect(text.contains("CATEGORIES:Kept"))
        #expect(SyncPush.plan(reminder: a, inSource: false, base: old, otherBases: [], now: now) == .remove(uid: "phone-uid"))
        #expect(SyncPush.plan(reminder: nil, inSource: false, base: nil, otherBases: [], now: now) == .nothing)
    }

    @Test func createsAreSentBeforeRemoves() {
        let entries = (0..<4).map { OutboxEntry(reminderID: UUID(), sourceUID: "s\($0)", queued: Double($0)) }
        let ordered = SyncPush.order(entries) { $0.sourceUID == "s0" || $0.sourceUID == "s2" }
        #expect(ordered.map(\.sourceUID) == ["s1", "s3", "s0", "s2"])
    }

    @Test func aReminderMovedBetweenTaskListsLeavesTheFirstOnlyOnceItIsInTheSecond() {
        let moved = UUID()
        let remove = OutboxEntry(reminderID: moved, sourceUID: "first", queued: 1)
        let create = OutboxEntry(reminderID: moved, sourceUID: "second", queued: 1)
        #expect(SyncPush.order([remove, create]) { $0.sourceUID == "first" } == [create])
        #expect(SyncPush.order([remove]) { $0.sourceUID == "first" } == [remove])
    }

    @Test func edsErrorsAreReadByDomainAndCode() {
        #expect(SyncFailure(domain: "e-client-error-quark", code: 21, message: "Object is out of sync") == .outOfDate)
        #expect(SyncFailure(domain: "e-cal-client-error-quark", code: 1, message: "Object not found") == .notFound)
        #expect(SyncFailure(domain: "other", code: 99, message: "Object is out of sync") == .outOfDate)
        #expect(SyncFailure(domain: "g-io-error-quark", code: 39, message: "Connection refused").isTemporary)
    }

    /// Batches from the server are planned and written off the main thread, each against the
    /// store as its write finds it: a batch sees the one before it, an edit made in Tote
    /// meanwhile is merged rather than written over, the library publishes each once written,
    /// in order, and a list unbound meanwhile takes nothing.
    @MainActor @Test func serverBatchesArePlannedAgainstTheStoreAsTheirWriteFindsIt() throws {
        let folder = try TemporaryFolder()
        let (store, synced) = try storeWithSyncedList(folder)
        let library = Library(store: store)
        try library.load()
        let binding = try #require(library.syncedLists[synced.id])
        var published: [ReminderCommand?] = []
        _ = library.observe { published.append($0.reminders) }
        func todo(_ uid: String, _ title: String) -> VTodoMapping.Todo {
            VTodoMapping.read("BEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(title)\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\n")!
        }
        let now = self.now
        func plan(_ todos: [VTodoMapping.Todo]) -> @Sendable (SyncInbox.Local) -> SyncInbox {
            { local in SyncInbox(changed: todos, removed: [], local: local, now: now, describe: { "kept " + $0.map(\.loser.title).joined() }) }
        }
        var outcomes: [String] = []
        library.applyFromServerInBackground(binding, plan: plan((0..<300).map { todo("u\($0)", "First \($0)") })) {
            outcomes.append((try? $0.get())??.command == nil ? "first: nothing" : "first")
        }
        // Planned before the first is written: it must see the first's 300 to place its own after them.
        library.applyFromServerInBackground(binding, plan: plan([todo("u300", "Second")])) {
            outcomes.append((try? $0.get())??.command == nil ? "second: nothing" : "second")
        }
        library.settle(waiting: true)
        #expect(outcomes == ["first", "second"])
        #expect(published.count == 2)
        let rows = try store.reminders(inList: synced.id)
        #expect(rows.count == 301)
        #expect(rows.last?.title == "Second")
        #expect(Set(rows.map(\.position)).count == 301)

        // An edit made in Tote while the server's change of the same to-do waits is kept:
        // both changed it, so they are merged and named, never written over.
        let edited = try #require(rows.first { $0.title == "First 0" })
        var mine = edited
        mine.title = "Mine"
        try library.apply(.update(before: [edited], after: [mine]))
        library.applyFromServerInBackground(binding, plan: plan([todo("u0", "Theirs")])) { result in
            outcomes.append((try? result.get())??.conflicts.count == 1 ? "merged" : "written over? \(result)")
        }
        library.settle(waiting: true)
        #expect(outcomes.last == "merged")
        #expect(try store.reminder(id: edited.id)?.notes.contains("kept Mine") == true)

        // A list no longer bound to the task list takes nothing from it.
        try library.applyFromElsewhere(LibraryEdit(), sync: SyncRecord(unbound: [synced.id]))
        let before = published.count
        library.applyFromServerInBackground(binding, plan: plan([todo("u999", "Too late")])) { result in
            outcomes.append(((try? result.get()) ?? nil) == nil ? "unbound: nothing" : "unbound: written")
        }
        library.settle(waiting: true)
        #expect(outcomes.last == "unbound: nothing")
        #expect(published.count == before)
        #expect(try store.reminders(inList: synced.id).count == 301)
    }
}
