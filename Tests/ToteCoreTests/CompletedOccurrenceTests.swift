// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// A repeating to-do whose occurrences Thunderbird completes one at a time (a `RECURRENCE-ID`
/// override with `STATUS:COMPLETED` beside a master that keeps its `RRULE`) shows as its first
/// occurrence not completed, from EDS and from an `.ics` file, and Tote's writes keep the rule,
/// the overrides and what Tote does not know.
@Suite struct CompletedOccurrenceTests {
    private let list = UUID()
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let binding = SyncedList(listID: UUID(), sourceUID: "src", accountUID: "acc", accountName: "Nextcloud")

    private func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// Thunderbird's master: weekly on Mondays 09:00–10:00 in Berlin from 16 March 2026 (summer
    /// time begins on the 29th), with what Tote has no field for.
    private func master(rule: String = "FREQ=WEEKLY", extra: String = "") -> String {
        """
        BEGIN:VTODO\r
        CREATED:20260301T100000Z\r
        LAST-MODIFIED:20260323T100000Z\r
        DTSTAMP:20260323T100000Z\r
        UID:bins@thunderbird\r
        SUMMARY:Take out the bins\r
        RRULE:\(rule)\r
        DTSTART;TZID=Europe/Berlin:20260316T090000\r
        DUE;TZID=Europe/Berlin:20260316T100000\r
        X-MOZ-GENERATION:3\r
        CATEGORIES:Home\r
        \(extra)END:VTODO\r

        """
    }

    /// An override of the occurrence starting on that March day, completed or only renamed.
    private func override(day: Int, completed: Bool = true, summary: String = "Take out the bins") -> String {
        let date = String(format: "202603%02d", day)
        return """
            BEGIN:VTODO\r
            LAST-MODIFIED:\(date)T093000Z\r
            DTSTAMP:\(date)T093000Z\r
            UID:bins@thunderbird\r
            SUMMARY:\(summary)\r
            RECURRENCE-ID;TZID=Europe/Berlin:\(date)T090000\r
            DTSTART;TZID=Europe/Berlin:\(date)T090000\r
            DUE;TZID=Europe/Berlin:\(date)T100000\r
            \(completed ? "STATUS:COMPLETED\r\nCOMPLETED:\(date)T093000Z\r\nPERCENT-COMPLETE:100\r\n" : "STATUS:NEEDS-ACTION\r\n")\
            X-MOZ-GENERATION:1\r
            END:VTODO\r

            """
    }

    /// The calendar object as Thunderbird puts it on the server: the master and its overrides.
    private func calendar(_ components: [String]) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r\n"
            + components.joined() + "END:VCALENDAR\r\n"
    }

    private func reminder(from fields: TodoFields) -> Reminder {
        fields.applied(to: Reminder(id: UUID(), listID: list, title: "", position: 0, created: now, modified: now))
    }

    private func local(_ rows: [Reminder] = [], bases: [SyncBase] = []) -> SyncInbox.Local {
        SyncInbox.Local(binding: binding, rows: rows, bases: Dictionary(uniqueKeysWithValues: bases.map { ($0.uid, $0) }),
                        pending: [], syncedLists: [], elsewhere: { _ in nil })
    }

    private func describe(_ kept: [TodoMerge.Kept]) -> String { "" }

    // MARK: Reading

    @Test func twoCompletedOccurrencesMakeTheThirdTheOpenOne() throws {
        let todo = try #require(VTodoMapping.read(calendar([master(), override(day: 16), override(day: 23)])))
        #expect(todo.uid == "bins@thunderbird" && todo.recurrenceID == nil)
        #expect(todo.fields.isDone == false)
        // 30 March, 10:00 in Berlin, summer time: the hour of the rule stays as the clock has it.
        #expect(todo.fields.due == utc("2026-03-30T08:00:00Z"))
        #expect(todo.fields.repeatRule == "FREQ=WEEKLY")
        #expect(todo.fields.title == "Take out the bins")
        // The newest of the parts: an occurrence completed is a change of the to-do.
        #expect(todo.modified == utc("2026-03-23T10:00:00Z"))
    }

    @Test func everyOccurrenceOfACountedRuleCompletedIsDone() throws {
        let todo = try #require(VTodoMapping.read(calendar([
            master(rule: "FREQ=WEEKLY;COUNT=2"), override(day: 16), override(day: 23),
        ])))
        #expect(todo.fields.isDone)
        #expect(todo.fields.due == utc("2026-03-23T09:00:00Z"))
        // One completed of two: open at the second, the last.
        let half = try #require(VTodoMapping.read(calendar([master(rule: "FREQ=WEEKLY;COUNT=2"), override(day: 16)])))
        #expect(!half.fields.isDone && half.fields.due == utc("2026-03-23T09:00:00Z"))
        #expect(half.fields.repeatRule == "FREQ=WEEKLY;COUNT=1")
    }

    @Test func anOverrideThatIsNotCompletedMovesNothing() throws {
        let todo = try #require(VTodoMapping.read(calendar([
            master(), override(day: 16, completed: false, summary: "Bins, and the glass"),
        ])))
        #expect(!todo.fields.isDone)
        #expect(todo.fields.due == utc("2026-03-16T09:00:00Z"))
        #expect(todo.fields.title == "Take out the bins")
        // A completed override of a later occurrence leaves the first open one where it is.
        let later = try #require(VTodoMapping.read(calendar([master(), override(day: 23)])))
        #expect(later.fields.due == utc("2026-03-16T09:00:00Z"))
    }

    @Test func anOverrideAloneReadsAsOneToJoinToItsMaster() throws {
        let alone = try #require(VTodoMapping.read(override(day: 16)))
        #expect(alone.recurrenceID == "20260316T090000")
        #expect(SyncBase(sourceUID: "src", uid: alone.uid, reminderID: UUID(), text: alone.text).fields == nil)
        let joined = try #require(VTodoMapping.joined([master(), override(day: 16), override(day: 23)]))
        #expect(joined.recurrenceID == nil && joined.fields.due == utc("2026-03-30T08:00:00Z"))
        // A later version of an occurrence replaces the earlier: reopened, it is the open one again.
        let reopened = try #require(VTodoMapping.joined([joined.text, override(day: 16, completed: false)]))
        #expect(reopened.fields.due == utc("2026-03-16T09:00:00Z"))
    }

    // MARK: From EDS

    /// EDS's view hands over each component apart (e-cal-backend-file.c `match_object_sexp`,
    /// e-cal-meta-backend.c `ecmb_put_instances`), overrides before their master or after it.
    @Test func theViewsComponentsHandedOverApartAreJoined() throws {
        let parts = [override(day: 16), master(), override(day: 23)].map { VTodoMapping.read($0)! }
        var batch = SyncBatch()
        for part in parts { batch.add(changed: [part], removed: []) }
        #expect(batch.changed.count == 3)
        let inbox = SyncInbox(changed: batch.changed, removed: [], local: local(), now: now, describe: describe)
        guard case .insert(let inserted) = inbox.command else { Issue.record("not an insert"); return }
        #expect(inserted.count == 1)
        #expect(inserted[0].due == utc("2026-03-30T08:00:00Z") && !inserted[0].isDone)
        #expect(inserted[0].repeatRule?.rrule == "FREQ=WEEKLY")
        // The base keeps every part, for the next write and the next override.
        let base = try #require(inbox.record.bases.first)
        #expect(inbox.record.bases.count == 1)
        #expect(base.text.components(separatedBy: "RECURRENCE-ID").count == 3)
        #expect(base.fields?.due == inserted[0].due)
    }

    @Test func anOccurrenceCompletedLaterMovesTheReminderOn() throws {
        let first = SyncInbox(changed: [VTodoMapping.read(master())!], removed: [], local: local(), now: now, describe: describe)
        guard case .insert(let inserted) = first.command else { Issue.record("not an insert"); return }
        #expect(inserted[0].due == utc("2026-03-16T09:00:00Z"))
        // Thunderbird completes the first occurrence: the view brings the override alone.
        let second = SyncInbox(changed: [VTodoMapping.read(override(day: 16))!], removed: [],
                               local: local(inserted, bases: first.record.bases), now: now, describe: describe)
        guard case .update(_, let after) = second.command else { Issue.record("not an update"); return }
        #expect(after[0].due == utc("2026-03-23T09:00:00Z") && !after[0].isDone)
        // Then the master alone (another change there): the override Tote knows still counts.
        let base = try #require(second.record.bases.first)
        let third = SyncInbox(changed: [VTodoMapping.read(master())!], removed: [],
                              local: local(after, bases: [base]), now: now, describe: describe)
        #expect(third.command == nil)
    }

    @Test func overridesBeforeTheirMasterWaitInTheBase() throws {
        let early = SyncInbox(changed: [VTodoMapping.read(override(day: 16))!], removed: [], local: local(),
                              now: now, describe: describe)
        #expect(early.command == nil)
        let kept = try #require(early.record.bases.first)
        #expect(kept.reminderID == SyncInbox.reminderID(forUID: "bins@thunderbird"))
        let late = SyncInbox(changed: [VTodoMapping.read(master())!], removed: [], local: local(bases: [kept]),
                             now: now, describe: describe)
        guard case .insert(let inserted) = late.command else { Issue.record("not an insert"); return }
        #expect(inserted.map(\.due) == [utc("2026-03-23T09:00:00Z")])
        #expect(inserted.map(\.id) == [kept.reminderID])
    }

    @Test func aRemovalTakesTheMasterAndItsOverridesFromABatch() {
        var batch = SyncBatch()
        batch.add(changed: [master(), override(day: 16)].map { VTodoMapping.read($0)! }, removed: [])
        batch.add(changed: [], removed: ["bins@thunderbird"])
        #expect(batch.changed.isEmpty && batch.removed == ["bins@thunderbird"])
    }

    // MARK: Writing back

    @Test func aRoundTripKeepsTheRuleTheOverridesAndWhatToteDoesNotKnow() throws {
        let object = calendar([master(), override(day: 16), override(day: 23)])
        let todo = try #require(VTodoMapping.read(object))
        var renamed = reminder(from: todo.fields)
        renamed.title = "Take out the bins and the glass"
        let written = VTodoMapping.write(renamed, uid: todo.uid, over: todo.text, now: now)
        // The master alone goes to EDS, which keeps the overrides beside it (E_CAL_OBJ_MOD_ALL).
        #expect(!written.contains("RECURRENCE-ID") && !written.contains("BEGIN:VCALENDAR"))
        for kept in ["RRULE:FREQ=WEEKLY", "X-MOZ-GENERATION:3", "CATEGORIES:Home", "UID:bins@thunderbird",
                     "SUMMARY:Take out the bins and the glass"] {
            #expect(written.contains(kept), "\(kept) kept")
        }
        // Moved on to the occurrence Tote shows, DTSTART an hour before DUE as it was.
        #expect(written.contains("DUE:20260330T080000Z") && written.contains("DTSTART:20260330T070000Z"))
        // The master alone says what Tote shows; with the overrides EDS kept, the same.
        let alone = try #require(VTodoMapping.read(written))
        #expect(alone.fields == TodoFields(renamed))
        let onServer = try #require(VTodoMapping.joined([object, written]))
        #expect(onServer.fields == TodoFields(renamed))
        #expect(onServer.text.components(separatedBy: "RECURRENCE-ID").count == 3)
        #expect(onServer.text.contains("X-MOZ-GENERATION:1"))
    }

    @Test func unchangedInToteNothingIsSent() throws {
        // With an order (Tote sends one to a to-do without), as Tasks.org writes it.
        let object = calendar([master(extra: "X-APPLE-SORT-ORDER:4\r\n"), override(day: 16), override(day: 23)])
        let todo = try #require(VTodoMapping.read(object))
        let shown = reminder(from: todo.fields)
        let base = SyncBase(sourceUID: "src", uid: todo.uid, reminderID: shown.id, text: todo.text)
        #expect(SyncPush.plan(reminder: shown, inSource: true, base: base, otherBases: [], now: now) == .nothing)
    }

    @Test func aCountedRuleWrittenBackCountsFromTheOccurrenceShown() throws {
        let object = calendar([master(rule: "FREQ=WEEKLY;COUNT=5"), override(day: 16), override(day: 23)])
        let todo = try #require(VTodoMapping.read(object))
        #expect(todo.fields.repeatRule == "FREQ=WEEKLY;COUNT=3")
        var renamed = reminder(from: todo.fields)
        renamed.title = "Bins"
        let written = VTodoMapping.write(renamed, uid: todo.uid, over: todo.text, now: now)
        #expect(written.contains("RRULE:FREQ=WEEKLY;COUNT=3") && written.contains("DTSTART:20260330T070000Z"))
        let onServer = try #require(VTodoMapping.joined([object, written]))
        #expect(onServer.fields == TodoFields(renamed))
    }

    @Test func markedDoneInToteItMovesOnFromTheOccurrenceShown() throws {
        let object = calendar([master(), override(day: 16), override(day: 23)])
        let todo = try #require(VTodoMapping.read(object))
        let current = reminder(from: todo.fields)
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let command = try #require(ReminderEditing.settingDone([current.id], to: true, in: [current], now: now, calendar: berlin))
        guard case .update(_, let after) = command else { Issue.record("not an update"); return }
        #expect(after[0].due == utc("2026-04-06T08:00:00Z") && !after[0].isDone)
        let written = VTodoMapping.write(after[0], uid: todo.uid, over: todo.text, now: now)
        #expect(written.contains("DUE:20260406T080000Z") && written.contains("DTSTART:20260406T070000Z"))
        #expect(written.contains("RRULE:FREQ=WEEKLY") && !written.contains("COMPLETED"))
        let onServer = try #require(VTodoMapping.joined([object, written]))
        #expect(onServer.fields == TodoFields(after[0]))
    }

    // MARK: From a file

    @Test func anICSFileWithCompletedOccurrencesImportsTheOpenOneOnce() throws {
        let imported = try ICalendarFormat.importItems(from: Data(calendar([
            master(), override(day: 16), override(day: 23),
        ]).utf8))
        #expect(imported.items.count == 1)
        let item = try #require(imported.items.first)
        #expect(item.title == "Take out the bins" && !item.isDone)
        #expect(item.due == utc("2026-03-30T08:00:00Z"))
        #expect(item.repeatRule?.rrule == "FREQ=WEEKLY")
        let done = try ICalendarFormat.importItems(from: Data(calendar([
            master(rule: "FREQ=WEEKLY;COUNT=2"), override(day: 16), override(day: 23),
        ]).utf8))
        #expect(done.items.map(\.isDone) == [true])
        // An override without its master in the file is a to-do of its own.
        let orphan = try ICalendarFormat.importItems(from: Data(calendar([override(day: 16, completed: false)]).utf8))
        #expect(orphan.items.map(\.title) == ["Take out the bins"])
    }
}
