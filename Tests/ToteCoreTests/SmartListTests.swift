// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// The smart lists' membership and order, with an injected clock and time zones, and what a
/// drop onto one does.
@Suite struct SmartListTests {
    private let listA = UUID(), listB = UUID()

    private func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    private func date(_ text: String, _ zone: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    private func reminder(_ title: String, in list: UUID, at position: Int, due: Date? = nil, done: Bool = false)
        -> Reminder {
        Reminder(id: UUID(), listID: list, title: title, isDone: done, due: due, position: position,
                 created: .distantPast, modified: .distantPast)
    }

    @Test func todayHoldsDueTodayAndOverdueButNotTomorrowNorOldDoneOnes() {
        let zone = "Europe/Berlin"
        let now = date("2026-11-27 23:30", zone)
        let day = SmartList.Day(containing: now, calendar: calendar(zone))
        let overdue = reminder("Overdue", in: listA, at: 0, due: date("2026-11-20 09:00", zone))
        let lastMinute = reminder("Last minute", in: listB, at: 0, due: date("2026-11-27 23:59", zone))
        let morning = reminder("Morning", in: listA, at: 1, due: date("2026-11-27 00:00", zone))
        let tomorrow = reminder("Tomorrow", in: listA, at: 2, due: date("2026-11-28 00:00", zone))
        let doneOverdue = reminder("Done long ago", in: listA, at: 3, due: date("2026-11-01 09:00", zone), done: true)
        let doneToday = reminder("Done today", in: listB, at: 1, due: date("2026-11-27 10:00", zone), done: true)
        let undated = reminder("Someday", in: listA, at: 4)
        let all = [overdue, lastMinute, morning, tomorrow, doneOverdue, doneToday, undated]
        #expect(SmartList.today.members(of: all, listOrder: [listA, listB], on: day).map(\.title)
                == ["Overdue", "Morning", "Done today", "Last minute"])
    }

    @Test func theDayBoundaryIsTheLocalMidnightOfTheZone() {
        // 23:30 in Berlin is already the next day in Tokyo, and still the same day in New York.
        let now = date("2026-11-27 23:30", "Europe/Berlin")
        let dueTomorrowInBerlin = reminder("Call", in: listA, at: 0, due: date("2026-11-28 08:00", "Europe/Berlin"))
        let tokyo = SmartList.Day(containing: now, calendar: calendar("Asia/Tokyo"))
        let berlin = SmartList.Day(containing: now, calendar: calendar("Europe/Berlin"))
        #expect(SmartList.today.contains(dueTomorrowInBerlin, on: tokyo))
        #expect(!SmartList.today.contains(dueTomorrowInBerlin, on: berlin))
        // Across a change to summer time the day is 23 hours long, and still one day.
        let spring = SmartList.Day(containing: date("2026-03-29 12:00", "Europe/Berlin"), calendar: calendar("Europe/Berlin"))
        #expect(spring.end.timeIntervalSince(spring.start) == 23 * 3600)
    }

    @Test func scheduledHoldsEveryDueDateByTimeAndGroupsByLocalDay() {
        let zone = "America/New_York"
        let now = date("2026-11-27 12:00", zone)
        let day = SmartList.Day(containing: now, calendar: calendar(zone))
        let later = reminder("Later", in: listB, at: 0, due: date("2026-12-03 18:00", zone))
        let early = reminder("Early", in: listA, at: 5, due: date("2026-12-03 07:00", zone))
        let sameTimeB = reminder("Same B", in: listB, at: 1, due: date("2026-12-01 00:00", zone))
        let sameTimeA = reminder("Same A", in: listA, at: 9, due: date("2026-12-01 00:00", zone))
        let undated = reminder("Undated", in: listA, at: 0)
        let members = SmartList.scheduled.members(of: [later, undated, early, sameTimeB, sameTimeA],
                                                  listOrder: [listA, listB], on: day)
        #expect(members.map(\.title) == ["Same A", "Same B", "Early", "Later"])
        let groups = members.map { SmartList.dayGroup(of: $0, calendar: calendar(zone)) }
        #expect(groups[2] == groups[3] && groups[2] == date("2026-12-03 00:00", zone))
    }

    @Test func allFollowsTheSidebarsOrderAndCompletedHoldsOnlyDoneOnes() {
        let day = SmartList.Day(containing: Date(), calendar: calendar("UTC"))
        let b0 = reminder("B0", in: listB, at: 0, done: true)
        let a1 = reminder("A1", in: listA, at: 1)
        let a0 = reminder("A0", in: listA, at: 0, done: true)
        let elsewhere = reminder("Elsewhere", in: UUID(), at: 0)
        #expect(SmartList.all.members(of: [b0, elsewhere, a1, a0], listOrder: [listA, listB], on: day).map(\.title)
                == ["A0", "A1", "B0", "Elsewhere"])
        #expect(SmartList.completed.members(of: [b0, a1, a0], listOrder: [listA, listB], on: day).map(\.title)
                == ["A0", "B0"])
    }

    @Test func movedOntoTodayRemindersOfTwoListsBecomeDueTodayKeepingTheirTimeAndLists() throws {
        let zone = "Asia/Tokyo"
        let now = date("2026-11-27 15:00", zone)
        let withTime = reminder("Dentist", in: listA, at: 0, due: date("2026-12-10 09:30", zone))
        let undated = reminder("Milk", in: listA, at: 1)
        let other = reminder("Taxes", in: listB, at: 0, due: date("2026-11-01 00:00", zone))
        let plan = try #require(SmartListDrop.reminders(
            [withTime.id, undated.id, other.id], from: [listA: [withTime, undated], listB: [other]], action: .move,
            onto: .today, day: nil, makeID: { UUID() }, now: now, calendar: calendar(zone)))
        guard case .update(let before, let after)? = plan.reminderCommand else { Issue.record("no update"); return }
        #expect(before == [withTime, undated, other])
        #expect(after.map(\.due) == [date("2026-11-27 09:30", zone), date("2026-11-27 00:00", zone),
                                     date("2026-11-27 00:00", zone)])
        #expect(after.map(\.listID) == [listA, listA, listB])
        #expect(after.allSatisfy { $0.modified == now })
        #expect(plan.selection == .smartList(.today, ids: [withTime.id, undated.id, other.id]))
        #expect(plan.toast == .tookMeaning(count: 3, .due(date("2026-11-27 00:00", zone))))
        #expect(plan.source == .unchanged)
    }

    @Test func copiedOntoCompletedTheCopiesAreDoneAtTheEndOfTheirOwnLists() throws {
        let a = reminder("A", in: listA, at: 0), a2 = reminder("A2", in: listA, at: 1)
        let b = reminder("B", in: listB, at: 0)
        var ids = [UUID(), UUID()].makeIterator()
        let plan = try #require(SmartListDrop.reminders(
            [a.id, b.id], from: [listA: [a, a2], listB: [b]], action: .copy, onto: .completed, day: nil,
            makeID: { ids.next()! }, now: Date()))
        let inserted = inserts(plan.reminderCommand)
        #expect(inserted.map(\.title) == ["A", "B"] && inserted.allSatisfy(\.isDone))
        #expect(inserted.map(\.listID) == [listA, listB])
        #expect(inserted[0].position > a2.position && inserted[1].position > b.position)
        #expect(plan.source == .selectionCleared)
    }

    @Test func aDayGroupOfScheduledSetsThatDayAndADropChangingNothingIsNoPlan() throws {
        let zone = "UTC"
        let now = date("2026-11-27 10:00", zone)
        let due = reminder("Report", in: listA, at: 0, due: date("2026-11-30 16:00", zone))
        let plan = try #require(SmartListDrop.reminders(
            [due.id], from: [listA: [due]], action: .move, onto: .scheduled, day: date("2026-12-02 00:00", zone),
            makeID: { UUID() }, now: now, calendar: calendar(zone)))
        guard case .update(_, let after)? = plan.reminderCommand else { Issue.record("no update"); return }
        #expect(after.first?.due == date("2026-12-02 16:00", zone))
        #expect(SmartListDrop.reminders([due.id], from: [listA: [due]], action: .move, onto: .scheduled,
                                        day: date("2026-11-30 00:00", zone), makeID: { UUID() }, now: now,
                                        calendar: calendar(zone)) == nil)
        #expect(SmartListDrop.changesNothing([due], onto: .scheduled, day: date("2026-11-30 00:00", zone), now: now,
                                             calendar: calendar(zone)))
        #expect(SmartListDrop.reminders([due.id], from: [listA: [due]], action: .move, onto: .all, day: nil,
                                        makeID: { UUID() }, now: now) == nil)
    }

    @Test func noteTextOntoTodayMakesRemindersDueTodayInTheGivenList() throws {
        let zone = "UTC"
        let now = date("2026-11-27 10:00", zone)
        let existing = reminder("Existing", in: listA, at: 0)
        let text = RichText(paragraphs: [Paragraph(runs: [Run("Buy stamps")]), Paragraph(),
                                         Paragraph(style: .checklist(checked: true), runs: [Run("Post letter")])])
        let plan = try #require(SmartListDrop.text(text, onto: .today, day: nil, list: listA, rows: [existing],
                                                   makeID: { UUID() }, now: now, calendar: calendar(zone)))
        let inserted = inserts(plan.reminderCommand)
        #expect(inserted.map(\.title) == ["Buy stamps", "Post letter"])
        #expect(inserted.map(\.isDone) == [false, true])
        #expect(inserted.allSatisfy { $0.due == date("2026-11-27 00:00", zone) && $0.listID == listA })
        #expect(plan.toast == .tookMeaning(count: 2, .due(date("2026-11-27 00:00", zone))))
    }

    @Test func aReminderDueThatDayAlreadyIsLeftAsItIsAndACopyOfItStillTakesTheMeaning() throws {
        let zone = "UTC"
        let now = date("2026-11-27 08:00", zone)
        var dueToday = reminder("Standup", in: listA, at: 0, due: date("2026-11-27 10:15", zone))
        dueToday.due = dueToday.due?.addingTimeInterval(30)  // 10:15:30, from another app
        #expect(SmartList.Meaning.due(date("2026-11-27 00:00", zone)).applied(to: dueToday, now: now, calendar: calendar(zone))
                == dueToday)
        #expect(SmartListDrop.changesNothing([dueToday], onto: .today, day: nil, now: now, calendar: calendar(zone)))
        let copy = try #require(SmartListDrop.reminders([dueToday.id], from: [listA: [dueToday]], action: .copy, onto: .today,
                                                        day: nil, makeID: { UUID() }, now: now, calendar: calendar(zone)))
        #expect(inserts(copy.reminderCommand).map(\.due) == [dueToday.due])
    }

    @Test func aSmartListsRowSpringsOpenForRemindersAndNoteTextOnly() {
        #expect(DragFeedback.smartListSpringsOpen(dragging: .reminders(list: nil, ids: [])))
        #expect(DragFeedback.smartListSpringsOpen(dragging: .noteContent(note: UUID(), range: 0..<1)))
        for subject in [DragSubject.note(UUID()), .reminderList(UUID()), .otherApp] {
            #expect(!DragFeedback.smartListSpringsOpen(dragging: subject))
        }
        #expect(!DragFeedback.smartListSpringsOpen(dragging: nil))
    }

    private func inserts(_ command: ReminderCommand?) -> [Reminder] {
        switch command {
        case .insert(let reminders)?: return reminders
        case .sequence(let parts)?: return parts.flatMap { inserts($0) }
        default: return []
        }
    }
}
