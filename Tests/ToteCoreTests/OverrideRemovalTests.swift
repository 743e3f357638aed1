// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// EDS's view reports the removal of one override of a repeating to-do (Thunderbird reopening
/// an occurrence it had completed) as that override's id, its UID and `RECURRENCE-ID`
/// (e-cal-backend-file.c, e-cal-meta-backend.c `ecmb_put_instances`): the reminder stays,
/// read again of its master and the overrides left; only the master's removal takes it.
@Suite struct OverrideRemovalTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let binding = SyncedList(listID: UUID(), sourceUID: "src", accountUID: "acc", accountName: "Nextcloud")
    private let uid = "bins@thunderbird"

    private func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// Thunderbird's master: weekly on Mondays 09:00–10:00 in Berlin from 16 March 2026, with
    /// the order Tote sent it.
    private func master() -> String {
        """
        BEGIN:VTODO\r
        CREATED:20260301T100000Z\r
        LAST-MODIFIED:20260323T100000Z\r
        DTSTAMP:20260323T100000Z\r
        UID:bins@thunderbird\r
        SUMMARY:Take out the bins\r
        RRULE:FREQ=WEEKLY\r
        DTSTART;TZID=Europe/Berlin:20260316T090000\r
        DUE;TZID=Europe/Berlin:20260316T100000\r
        X-MOZ-GENERATION:3\r
        X-APPLE-SORT-ORDER:0\r
        END:VTODO\r

        """
    }

    /// The completed override of the occurrence starting on that March day.
    private func override(day: Int) -> String {
        let date = String(format: "202603%02d", day)
        return """
            BEGIN:VTODO\r
            LAST-MODIFIED:\(date)T093000Z\r
            DTSTAMP:\(date)T093000Z\r
            UID:bins@thunderbird\r
            SUMMARY:Take out the bins\r
            RECURRENCE-ID;TZID=Europe/Berlin:\(date)T090000\r
            DTSTART;TZID=Europe/Berlin:\(date)T090000\r
            DUE;TZID=Europe/Berlin:\(date)T100000\r
            STATUS:COMPLETED\r
            COMPLETED:\(date)T093000Z\r
            PERCENT-COMPLETE:100\r
            X-MOZ-GENERATION:1\r
            END:VTODO\r

            """
    }

    /// The id EDS reports for that override: its rid is `i_cal_time_as_ical_string` of the
    /// `RECURRENCE-ID`, the local time without its `TZID`.
    private func removal(day: Int) -> RemovedTodo {
        RemovedTodo(uid: uid, recurrenceID: String(format: "202603%02dT090000", day))
    }

    private func local(_ rows: [Reminder] = [], bases: [SyncBase] = [], pending: Set<UUID> = []) -> SyncInbox.Local {
        SyncInbox.Local(binding: binding, rows: rows, bases: Dictionary(uniqueKeysWithValues: bases.map { ($0.uid, $0) }),
                        pending: pending, syncedLists: [], elsewhere: { _ in nil })
    }

    private func describe(_ kept: [TodoMerge.Kept]) -> String { "" }

    /// The reminder and base Tote has once the view handed these parts over.
    private func synced(_ parts: [String]) throws -> (reminder: Reminder, base: SyncBase) {
        var batch = SyncBatch()
        batch.add(changed: parts.map { VTodoMapping.read($0)! }, removed: [])
        let inbox = SyncInbox(changed: batch.changed, removed: [], local: local(), now: now, describe: describe)
        guard case .insert(let inserted) = inbox.command else { throw Failure.notInserted }
        return (try #require(inserted.first), try #require(inbox.record.bases.first))
    }

    private enum Failure: Error { case notInserted }

    private func overrides(in text: String) -> Int {
        text.components(separatedBy: "RECURRENCE-ID").count - 1
    }

    // MARK: One override removed

    @Test func reopeningTheLastCompletedOccurrenceMakesItTheOpenOneAgain() throws {
        let (shown, base) = try synced([master(), override(day: 16), override(day: 23)])
        #expect(shown.due == utc("2026-03-30T08:00:00Z"))
        let inbox = SyncInbox(changed: [], removed: [removal(day: 23)], local: local([shown], bases: [base]),
                              now: now, describe: describe)
        guard case .update(let before, let after) = inbox.command else { Issue.record("not an update: \(String(describing: inbox.command))"); return }
        #expect(before == [shown])
        #expect(after.count == 1 && after[0].id == shown.id)
        #expect(after[0].due == utc("2026-03-23T09:00:00Z") && !after[0].isDone)
        #expect(after[0].repeatRule?.rrule == "FREQ=WEEKLY" && after[0].title == "Take out the bins")
        #expect(after[0].modified == now)
        // The base keeps the master and the override left; nothing removed.
        #expect(inbox.record.removedBases.isEmpty)
        let kept = try #require(inbox.record.bases.first)
        #expect(inbox.record.bases.count == 1 && kept.reminderID == shown.id)
        #expect(overrides(in: kept.text) == 1 && kept.text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20260316T090000"))
        #expect(kept.text.contains("RRULE:FREQ=WEEKLY") && kept.text.contains("X-MOZ-GENERATION:3"))
        #expect(kept.fields?.due == after[0].due)
        #expect(inbox.record.queue.isEmpty)
    }

    @Test func reopeningTheFirstOccurrenceBringsItBackBeforeALaterCompletedOne() throws {
        let (shown, base) = try synced([master(), override(day: 16), override(day: 23)])
        let inbox = SyncInbox(changed: [], removed: [removal(day: 16)], local: local([shown], bases: [base]),
                              now: now, describe: describe)
        guard case .update(_, let after) = inbox.command else { Issue.record("not an update"); return }
        #expect(after.map(\.due) == [utc("2026-03-16T09:00:00Z")])
        #expect(inbox.record.bases.first.map { overrides(in: $0.text) } == 1)
    }

    @Test func theLastOverrideRemovedLeavesTheMasterAlone() throws {
        let (shown, base) = try synced([master(), override(day: 16)])
        #expect(shown.due == utc("2026-03-23T09:00:00Z"))
        let inbox = SyncInbox(changed: [], removed: [removal(day: 16)], local: local([shown], bases: [base]),
                              now: now, describe: describe)
        guard case .update(_, let after) = inbox.command else { Issue.record("not an update"); return }
        #expect(after.map(\.due) == [utc("2026-03-16T09:00:00Z")])
        let kept = try #require(inbox.record.bases.first)
        #expect(overrides(in: kept.text) == 0 && !kept.text.contains("BEGIN:VCALENDAR"))
        #expect(kept.text.contains("UID:bins@thunderbird") && kept.text.contains("RRULE:FREQ=WEEKLY"))
        #expect(inbox.record.removedBases.isEmpty)
    }

    @Test func severalOverridesRemovedAtOnce() throws {
        let (shown, base) = try synced([master(), override(day: 16), override(day: 23), override(day: 30)])
        #expect(shown.due == utc("2026-04-06T08:00:00Z"))
        let inbox = SyncInbox(changed: [], removed: [removal(day: 23), removal(day: 30)],
                              local: local([shown], bases: [base]), now: now, describe: describe)
        guard case .update(_, let after) = inbox.command else { Issue.record("not an update"); return }
        #expect(after.map(\.due) == [utc("2026-03-23T09:00:00Z")])
        #expect(inbox.record.bases.first.map { overrides(in: $0.text) } == 1)
    }

    /// EDS's CalDAV backend reports the object's other parts modified beside the removal
    /// (`ecmb_put_instances`): the master, joined over the base without the removed override.
    @Test func theMasterModifiedBesideTheRemovalJoinsWithoutTheRemovedOverride() throws {
        let (shown, base) = try synced([master(), override(day: 16), override(day: 23)])
        var batch = SyncBatch()
        batch.add(changed: [master(), override(day: 16)].map { VTodoMapping.read($0)! }, removed: [])
        batch.add(changed: [], removed: [removal(day: 23)])
        #expect(batch.changed.count == 2 && batch.removed == [removal(day: 23)])
        let inbox = SyncInbox(changed: batch.changed, removed: batch.removed, local: local([shown], bases: [base]),
                              now: now, describe: describe)
        guard case .update(_, let after) = inbox.command else { Issue.record("not an update"); return }
        #expect(after.map(\.due) == [utc("2026-03-23T09:00:00Z")])
        #expect(inbox.record.bases.count == 1 && inbox.record.bases.first.map { overrides(in: $0.text) } == 1)
        #expect(inbox.record.removedBases.isEmpty)
    }

    @Test func changedInToteMeanwhileBothChangesAreKept() throws {
        let (shown, base) = try synced([master(), override(day: 16), override(day: 23)])
        var renamed = shown
        renamed.title = "Bins and glass"
        let inbox = SyncInbox(changed: [], removed: [removal(day: 23)],
                              local: local([renamed], bases: [base], pending: [shown.id]), now: now, describe: describe)
        guard case .update(_, let after) = inbox.command else { Issue.record("not an update"); return }
        #expect(after.map(\.title) == ["Bins and glass"])
        #expect(after.map(\.due) == [utc("2026-03-23T09:00:00Z")])
        #expect(inbox.record.bases.first.map { overrides(in: $0.text) } == 1)
    }

    @Test func unchangedWhereToteLooksOnlyTheBaseChanges() throws {
        // A completed override of a later occurrence, not the first open one, moves nothing.
        let (shown, base) = try synced([master(), override(day: 23)])
        #expect(shown.due == utc("2026-03-16T09:00:00Z"))
        let inbox = SyncInbox(changed: [], removed: [removal(day: 23)], local: local([shown], bases: [base]),
                              now: now, describe: describe)
        #expect(inbox.command == nil)
        #expect(inbox.record.bases.first.map { overrides(in: $0.text) } == 0)
        #expect(inbox.record.removedBases.isEmpty)
    }

    @Test func anOverrideTheBaseDoesNotHoldChangesNothing() throws {
        let (shown, base) = try synced([master(), override(day: 16)])
        let inbox = SyncInbox(changed: [], removed: [removal(day: 30), RemovedTodo(uid: "never-known", recurrenceID: "20260316T090000")],
                              local: local([shown], bases: [base]), now: now, describe: describe)
        #expect(inbox.command == nil && inbox.record.isEmpty)
    }

    @Test func overridesWaitingForTheirMasterGoWithTheLastOfThem() throws {
        let early = SyncInbox(changed: [VTodoMapping.read(override(day: 16))!], removed: [], local: local(),
                              now: now, describe: describe)
        let waiting = try #require(early.record.bases.first)
        let gone = SyncInbox(changed: [], removed: [removal(day: 16)], local: local(bases: [waiting]),
                             now: now, describe: describe)
        #expect(gone.command == nil)
        #expect(gone.record.removedBases == [.init(sourceUID: "src", uid: uid)])
        #expect(gone.record.bases.isEmpty)
    }

    // MARK: The master removed

    /// Once EDS has confirmed it (`RemovalConfirmation`): a removal of the UID alone may be an
    /// override's whose rid EDS 3.46 lost.
    @Test func theMastersRemovalStillRemovesTheReminder() throws {
        let (shown, base) = try synced([master(), override(day: 16), override(day: 23)])
        let alone = SyncInbox(changed: [], removed: [RemovedTodo(uid: uid)], confirmed: [uid], local: local([shown], bases: [base]),
                              now: now, describe: describe)
        #expect(alone.command == .delete([shown]))
        #expect(alone.record.removedBases == [.init(sourceUID: "src", uid: uid)])
        // The whole object removed: EDS reports each part, overrides before the master or after.
        for removed in [[removal(day: 16), RemovedTodo(uid: uid), removal(day: 23)],
                        [RemovedTodo(uid: uid, recurrenceID: ""), removal(day: 23)]] {
            let whole = SyncInbox(changed: [], removed: removed, confirmed: [uid], local: local([shown], bases: [base]),
                                  now: now, describe: describe)
            #expect(whole.command == .delete([shown]))
            #expect(whole.record.removedBases == [.init(sourceUID: "src", uid: uid)])
            #expect(whole.record.bases.isEmpty)
        }
    }

    // MARK: A removal without its rid (EDS 3.46 loses it on the way)

    @Test func aRemovalOfTheUIDAloneWaitsForEDSWhenTheBaseHoldsOverrides() throws {
        let (shown, base) = try synced([master(), override(day: 16), override(day: 23)])
        let inbox = SyncInbox(changed: [], removed: [RemovedTodo(uid: uid), RemovedTodo(uid: uid, recurrenceID: "")],
                              local: local([shown], bases: [base]), now: now, describe: describe)
        #expect(inbox.command == nil && inbox.record.isEmpty)
        #expect(inbox.toConfirm == [uid])
        #expect(RemovalConfirmation.isDoubtful(RemovedTodo(uid: uid), base: base))
        #expect(!RemovalConfirmation.isDoubtful(removal(day: 16), base: base))
        #expect(!RemovalConfirmation.isDoubtful(RemovedTodo(uid: uid), base: nil))
    }

    @Test func aToDoWithoutOverridesIsRemovedAtOnce() throws {
        let (shown, base) = try synced([master()])
        let inbox = SyncInbox(changed: [], removed: [RemovedTodo(uid: uid)], local: local([shown], bases: [base]),
                              now: now, describe: describe)
        #expect(inbox.command == .delete([shown]))
        #expect(inbox.toConfirm.isEmpty)
        #expect(!RemovalConfirmation.isDoubtful(RemovedTodo(uid: uid), base: base))
    }

    @Test func overridesRemovedWithTheirRidGoAheadBesideTheOneThatWaits() throws {
        let (shown, base) = try synced([master(), override(day: 16), override(day: 23)])
        let inbox = SyncInbox(changed: [], removed: [removal(day: 23), RemovedTodo(uid: uid)],
                              local: local([shown], bases: [base]), now: now, describe: describe)
        guard case .update(_, let after) = inbox.command else { Issue.record("not an update"); return }
        #expect(after.map(\.due) == [utc("2026-03-23T09:00:00Z")])
        #expect(inbox.toConfirm == [uid] && inbox.record.removedBases.isEmpty)
    }

    @Test func edsHasNothingUnderTheUIDTheRemovalStands() throws {
        let (shown, base) = try synced([master(), override(day: 16), override(day: 23)])
        let outcome = RemovalConfirmation.answer(uid: uid, found: nil, base: base)
        #expect(outcome.changed.isEmpty && outcome.removed == [RemovedTodo(uid: uid)] && outcome.confirmed == [uid])
        let inbox = SyncInbox(changed: outcome.changed, removed: outcome.removed, confirmed: outcome.confirmed,
                              local: local([shown], bases: [base]), now: now, describe: describe)
        #expect(inbox.command == .delete([shown]))
        #expect(inbox.record.removedBases == [.init(sourceUID: "src", uid: uid)])
        #expect(inbox.toConfirm.isEmpty)
    }

    @Test func overridesLeftWithoutTheirMasterAreNoToDo() throws {
        let (_, base) = try synced([master(), override(day: 16), override(day: 23)])
        let outcome = RemovalConfirmation.answer(uid: uid, found: VTodoMapping.read(override(day: 16)), base: base)
        #expect(outcome.removed == [RemovedTodo(uid: uid)] && outcome.confirmed == [uid])
    }

    /// One override removed on another device: the reminder stays, read again from the parts
    /// EDS still has, and the base loses the override EDS no longer holds.
    @Test func edsStillHasItTheReminderIsReadAgainFromItsParts() throws {
        let (shown, base) = try synced([master(), override(day: 16), override(day: 23)])
        let found = VTodoMapping.joined([master(), override(day: 16)])
        let outcome = RemovalConfirmation.answer(uid: uid, found: found, base: base)
        #expect(outcome.changed == [try #require(found)] && outcome.confirmed.isEmpty)
        #expect(outcome.removed == [removal(day: 23)])
        let inbox = SyncInbox(changed: outcome.changed, removed: outcome.removed, confirmed: outcome.confirmed,
                              local: local([shown], bases: [base]), now: now, describe: describe)
        guard case .update(let before, let after) = inbox.command else { Issue.record("not an update"); return }
        #expect(before == [shown] && after.map(\.id) == [shown.id])
        #expect(after.map(\.due) == [utc("2026-03-23T09:00:00Z")] && after.map(\.isDone) == [false])
        let kept = try #require(inbox.record.bases.first)
        #expect(inbox.record.bases.count == 1 && overrides(in: kept.text) == 1)
        #expect(kept.text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20260316T090000"))
        #expect(inbox.record.removedBases.isEmpty && inbox.toConfirm.isEmpty)
    }

    @Test func edsHoldingEverythingTheBaseHoldsChangesNothing() throws {
        let (shown, base) = try synced([master(), override(day: 16), override(day: 23)])
        let found = VTodoMapping.joined([master(), override(day: 16), override(day: 23)])
        let outcome = RemovalConfirmation.answer(uid: uid, found: found, base: base)
        #expect(outcome.removed.isEmpty && outcome.confirmed.isEmpty)
        let inbox = SyncInbox(changed: outcome.changed, removed: outcome.removed, local: local([shown], bases: [base]),
                              now: now, describe: describe)
        #expect(inbox.command == nil && inbox.toConfirm.isEmpty)
    }

    // MARK: Batches

    @Test func anOverridesRemovalTakesOnlyThatOverrideFromABatch() {
        var batch = SyncBatch()
        batch.add(changed: [master(), override(day: 16), override(day: 23)].map { VTodoMapping.read($0)! }, removed: [])
        batch.add(changed: [], removed: [removal(day: 16)])
        #expect(batch.changed.map(\.recurrenceID) == [nil, "20260323T090000"])
        #expect(batch.removed == [removal(day: 16)])
        // Completed again: the override is back, its removal gone; the master's removal stays
        // until a part of the to-do comes again.
        batch.add(changed: [VTodoMapping.read(override(day: 16))!], removed: [])
        #expect(batch.changed.count == 3 && batch.removed.isEmpty)
        batch.add(changed: [], removed: [RemovedTodo(uid: uid)])
        #expect(batch.changed.isEmpty && batch.removed == [RemovedTodo(uid: uid)])
        batch.add(changed: [VTodoMapping.read(master())!], removed: [])
        #expect(batch.changed.count == 1 && batch.removed.isEmpty)
    }

    @Test func aMastersChangeDoesNotUndoAnOverridesRemoval() {
        var batch = SyncBatch()
        batch.add(changed: [], removed: [removal(day: 16)])
        batch.add(changed: [VTodoMapping.read(master())!], removed: [])
        #expect(batch.removed == [removal(day: 16)] && batch.changed.count == 1)
    }

    @Test func edsRidForTheMasterIsTheWholeToDo() {
        #expect(RemovedTodo(uid: uid, recurrenceID: "").isWhole)
        #expect(RemovedTodo(uid: uid, recurrenceID: nil) == "bins@thunderbird")
        #expect(!removal(day: 16).isWhole)
        #expect(SyncInbox.removedWhileAway(known: ["a", "b"], seen: ["a"]) == [RemovedTodo(uid: "b")])
    }
}
