// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// Repeating reminders: marked done they move on (one undo step), a synced one keeps its
/// RRULE and every property Tote does not know, and its DTSTART moves with its DUE.
@Suite struct RepeatingReminderTests {
    private let list = UUID()
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let berlin: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }()

    private func day(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        berlin.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    private func reminder(_ title: String, due: Date?, rule: String?, position: Int = 0, parent: UUID? = nil,
                          done: Bool = false) -> Reminder {
        Reminder(id: UUID(), listID: list, title: title, isDone: done, due: due, position: position, created: now,
                 modified: now, parentID: parent, repeatRule: rule.flatMap(RepeatRule.init(rrule:)))
    }

    private func after(_ command: ReminderCommand?, _ rows: [Reminder]) -> [Reminder] {
        command.map { $0.rows(of: list, from: rows) } ?? rows
    }

    @Test func markedDoneItMovesOnAndStaysOpenAcrossSummerTime() throws {
        // Saturday 27 March 2027, 09:00 in Berlin; summer time begins that night.
        let weekly = reminder("Water the plants", due: day(2027, 3, 27, 9), rule: "FREQ=WEEKLY")
        let command = try #require(ReminderEditing.settingDone([weekly.id], to: true, in: [weekly], now: now, calendar: berlin))
        let moved = after(command, [weekly])[0]
        #expect(!moved.isDone && moved.due == day(2027, 4, 3, 9) && moved.repeatRule == weekly.repeatRule)
        #expect(after(.sequence([command, command.inverse]), [weekly]) == [weekly])
    }

    @Test func aCountGoesDownAndTheLastOccurrenceCompletes() throws {
        let twice = reminder("Pay rent", due: day(2027, 1, 1), rule: "FREQ=MONTHLY;COUNT=2")
        let first = after(ReminderEditing.settingDone([twice.id], to: true, in: [twice], now: now, calendar: berlin), [twice])[0]
        #expect(!first.isDone && first.due == day(2027, 2, 1) && first.repeatRule?.rrule == "FREQ=MONTHLY;COUNT=1")
        let last = after(ReminderEditing.settingDone([first.id], to: true, in: [first], now: now, calendar: berlin), [first])[0]
        #expect(last.isDone && last.due == day(2027, 2, 1))
        // Past UNTIL, and with no due date to move on from: done.
        let ended = reminder("Old", due: day(2027, 1, 10), rule: "FREQ=DAILY;UNTIL=20270110T230000Z")
        #expect(after(ReminderEditing.settingDone([ended.id], to: true, in: [ended], now: now, calendar: berlin), [ended])[0].isDone)
        let undated = reminder("Someday", due: nil, rule: "FREQ=DAILY")
        #expect(after(ReminderEditing.settingDone([undated.id], to: true, in: [undated], now: now, calendar: berlin), [undated])[0].isDone)
    }

    @Test func aRepeatingParentMovesOnAndItsDoneSubtasksOpenAgain() throws {
        let parent = reminder("Weekly review", due: day(2027, 5, 3, 18), rule: "FREQ=WEEKLY")
        let done = reminder("Inbox zero", due: nil, rule: nil, position: 1, parent: parent.id, done: true)
        let open = reminder("Plan the week", due: nil, rule: nil, position: 2, parent: parent.id)
        let rows = [parent, done, open]
        let result = after(ReminderEditing.settingDone([parent.id], to: true, in: rows, now: now, calendar: berlin), rows)
        #expect(result.map(\.isDone) == [false, false, false] && result[0].due == day(2027, 5, 10, 18))
    }

    @Test func theRuleIsStoredAsItsText() throws {
        let folder = try TemporaryFolder()
        let store = try Store(location: StoreLocation(directory: folder.url))
        let kept = ReminderList(id: list, name: "Home", position: 0, created: now, modified: now)
        let custom = reminder("Book club", due: day(2027, 1, 11, 19), rule: "FREQ=MONTHLY;BYDAY=2MO")
        try store.apply(.sequence([.insertLists([kept]), .insert([custom])]))
        let read = try #require(try store.reminders(inList: list).first)
        #expect(read.repeatRule?.rrule == "FREQ=MONTHLY;BYDAY=2MO" && read.repeatRule?.isEditable == false)
    }

    // MARK: Sync

    /// A repeating to-do as python-caldav or Thunderbird makes it, with what Tote has no field for.
    private let repeating = """
        BEGIN:VTODO\r
        UID:rent@phone\r
        DTSTAMP:20261101T080000Z\r
        SUMMARY:Pay rent\r
        DTSTART:20270101T090000Z\r
        DUE:20270101T100000Z\r
        RRULE:FREQ=MONTHLY;BYMONTHDAY=1\r
        CATEGORIES:Home\r
        X-OTHER-CLIENT:kept\r
        STATUS:NEEDS-ACTION\r
        END:VTODO\r

        """

    @Test func markedDoneInToteTheServerGetsTheNextDueItsRuleAndItsStart() throws {
        let todo = try #require(VTodoMapping.read(repeating))
        #expect(todo.fields.repeatRule == "FREQ=MONTHLY;BYMONTHDAY=1")
        let base = Reminder(id: UUID(), listID: list, title: "", position: 0, created: now, modified: now)
        let current = todo.fields.applied(to: base)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let command = try #require(ReminderEditing.settingDone([current.id], to: true, in: [current], now: now, calendar: utc))
        let moved = after(command, [current]).first { $0.id == current.id }!
        let written = VTodoMapping.write(moved, uid: "rent@phone", over: todo.text, now: now)
        #expect(written.contains("DUE:20270201T100000Z") && written.contains("DTSTART:20270201T090000Z"))
        #expect(written.contains("RRULE:FREQ=MONTHLY;BYMONTHDAY=1") && written.contains("STATUS:NEEDS-ACTION"))
        #expect(!written.contains("COMPLETED") && written.contains("X-OTHER-CLIENT:kept") && written.contains("CATEGORIES:Home"))
    }

    @Test func aRepeatMadeInToteIsWrittenWithADtstart() throws {
        let weekly = reminder("Bins out", due: day(2027, 6, 7, 19), rule: "FREQ=WEEKLY")
        let written = VTodoMapping.write(weekly, uid: "bins", over: nil, now: now)
        #expect(written.contains("RRULE:FREQ=WEEKLY") && written.contains("DTSTART:20270607T170000Z"))
        // Taken away: the RRULE goes, nothing else.
        var plain = weekly
        plain.repeatRule = nil
        #expect(!VTodoMapping.write(plain, uid: "bins", over: written, now: now).contains("RRULE"))
    }

    // MARK: Drops onto smart lists

    @Test func droppedOntoTodayThisOccurrenceMovesAndTheRuleStays() throws {
        let weekly = reminder("Bins out", due: day(2027, 6, 10, 19), rule: "FREQ=WEEKLY")
        let today = day(2027, 6, 7, 12)
        let plan = try #require(SmartListDrop.reminders(
            [weekly.id], from: [list: [weekly]], action: .move, onto: .today, day: nil, makeID: UUID.init, now: today,
            calendar: berlin))
        let moved = after(plan.reminderCommand, [weekly])[0]
        #expect(moved.due == day(2027, 6, 7, 19) && moved.repeatRule == weekly.repeatRule && !moved.isDone)
        #expect(plan.toast == .repeating(title: "Bins out", due: moved.due, .due(day(2027, 6, 7))))
    }

    @Test func droppedOntoCompletedItMovesOnAndAtItsEndItIsDone() throws {
        let weekly = reminder("Bins out", due: day(2027, 6, 10, 19), rule: "FREQ=WEEKLY")
        let plan = try #require(SmartListDrop.reminders(
            [weekly.id], from: [list: [weekly]], action: .move, onto: .completed, day: nil, makeID: UUID.init, now: now,
            calendar: berlin))
        let moved = after(plan.reminderCommand, [weekly])[0]
        #expect(!moved.isDone && moved.due == day(2027, 6, 17, 19))
        #expect(plan.toast == .repeating(title: "Bins out", due: moved.due, .done))
        let last = reminder("Last", due: day(2027, 6, 10, 19), rule: "FREQ=WEEKLY;COUNT=1")
        let ending = try #require(SmartListDrop.reminders(
            [last.id], from: [list: [last]], action: .move, onto: .completed, day: nil, makeID: UUID.init, now: now,
            calendar: berlin))
        #expect(after(ending.reminderCommand, [last])[0].isDone && ending.toast == .tookMeaning(count: 1, .done))
    }

    // MARK: The menu

    @Test func theRepeatMenuShowsWhatTheSelectionSharesAndSetsPresets() throws {
        let weekly = reminder("A", due: nil, rule: "FREQ=WEEKLY")
        let alsoWeekly = reminder("B", due: nil, rule: "FREQ=WEEKLY;INTERVAL=1")
        let custom = reminder("C", due: nil, rule: "FREQ=MONTHLY;BYDAY=2MO")
        let none = reminder("D", due: nil, rule: nil)
        #expect(ReminderChoices.repeatChoice(of: [weekly, alsoWeekly]) == "weekly")
        #expect(ReminderChoices.repeatChoice(of: [custom]) == "custom")
        #expect(ReminderChoices.repeatChoice(of: [none]) == "none")
        #expect(ReminderChoices.repeatChoice(of: [weekly, none]) == "")
        #expect(ReminderChoices.repeatRule(named: "weekdays")?.rrule == "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        #expect(ReminderChoices.repeatRule(named: "none") == nil && ReminderChoices.repeatRule(named: "custom") == nil)
        let command = try #require(ReminderEditing.settingRepeat([none.id], to: .monthly, in: [none], now: now))
        #expect(after(command, [none])[0].repeatRule == .monthly)
    }
}
