// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct ReminderChoicesTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        return calendar
    }

    private func reminder(_ priority: Reminder.Priority = .none, due: Date? = nil) -> Reminder {
        Reminder(id: UUID(), listID: UUID(), title: "T", due: due, priority: priority, position: 0, created: now, modified: now)
    }

    @Test func priorityShowsWhatTheSelectionShares() {
        #expect(ReminderChoices.priority(of: [reminder(.high), reminder(.high)]) == "high")
        #expect(ReminderChoices.priority(of: [reminder()]) == "none")
        #expect(ReminderChoices.priority(of: [reminder(.high), reminder(.low)]) == "")
        #expect(ReminderChoices.priority(of: []) == "")
        for priority in Reminder.Priority.allCases {
            #expect(ReminderChoices.priority(named: ReminderChoices.priorityName(priority)) == priority)
        }
    }

    @Test func dueShowsTodayTomorrowOrNoneWhenShared() throws {
        let today = try #require(ReminderChoices.dueDate(named: "today", now: now, calendar: calendar))
        let tomorrow = try #require(ReminderChoices.dueDate(named: "tomorrow", now: now, calendar: calendar))
        #expect(calendar.isDate(today, inSameDayAs: now) && calendar.startOfDay(for: now) == today)
        #expect(ReminderChoices.dueDate(named: "none", now: now, calendar: calendar) == nil)
        #expect(ReminderChoices.due(of: [reminder(due: today)], now: now, calendar: calendar) == "today")
        #expect(ReminderChoices.due(of: [reminder(due: tomorrow.addingTimeInterval(3_600))], now: now, calendar: calendar) == "tomorrow")
        #expect(ReminderChoices.due(of: [reminder(), reminder()], now: now, calendar: calendar) == "none")
        #expect(ReminderChoices.due(of: [reminder(due: today), reminder()], now: now, calendar: calendar) == "")
        #expect(ReminderChoices.due(of: [reminder(due: today.addingTimeInterval(5 * 86_400))], now: now, calendar: calendar) == "")
    }

    /// A due date is today from midnight to the last instant before the next one, tomorrow
    /// likewise, here and across a daylight-saving change (Berlin, 29 March 2026: 23 hours).
    @Test func todayAndTomorrowEndAtMidnight() throws {
        for now in [now, try #require(calendar.date(from: DateComponents(year: 2026, month: 3, day: 28, hour: 12)))] {
            let today = calendar.startOfDay(for: now)
            let tomorrow = try #require(calendar.date(byAdding: .day, value: 1, to: today))
            let dayAfter = try #require(calendar.date(byAdding: .day, value: 2, to: today))
            func due(_ date: Date) -> String { ReminderChoices.due(of: [reminder(due: date)], now: now, calendar: calendar) }
            #expect(due(today.addingTimeInterval(-1)) == "")
            #expect(due(today) == "today")
            #expect(due(tomorrow.addingTimeInterval(-0.001)) == "today")
            #expect(due(tomorrow) == "tomorrow")
            #expect(due(dayAfter.addingTimeInterval(-0.001)) == "tomorrow")
            // Unless next week starts then (28 March 2026 is a Saturday).
            let nextWeek = ReminderChoices.dueDate(named: "next-week", now: now, calendar: calendar)
            #expect(due(dayAfter) == (dayAfter == nextWeek ? "next-week" : ""))
        }
    }

    /// Next Week is the first day of the next week as the locale starts weeks, never today.
    @Test func nextWeekIsTheFirstDayOfTheNextWeek() throws {
        var monday = calendar
        monday.firstWeekday = 2
        var sunday = calendar
        sunday.firstWeekday = 1
        let friday = try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: 27, hour: 15)))
        let aMonday = try #require(calendar.date(from: DateComponents(year: 2026, month: 11, day: 30, hour: 8)))
        func day(_ date: Date?) -> DateComponents? {
            date.map { calendar.dateComponents([.month, .day, .hour, .minute], from: $0) }
        }
        #expect(day(ReminderChoices.dueDate(named: "next-week", now: friday, calendar: monday))
                == DateComponents(month: 11, day: 30, hour: 0, minute: 0))
        #expect(day(ReminderChoices.dueDate(named: "next-week", now: friday, calendar: sunday))
                == DateComponents(month: 11, day: 29, hour: 0, minute: 0))
        #expect(day(ReminderChoices.dueDate(named: "next-week", now: aMonday, calendar: monday))
                == DateComponents(month: 12, day: 7, hour: 0, minute: 0))
        #expect(ReminderChoices.quickDueChoices.allSatisfy { ReminderChoices.dueDate(named: $0, now: friday) != nil })
    }

    @Test func aDayChosenOnTheCalendarStartsAtMidnightThere() throws {
        let day = try #require(ReminderChoices.startOfDay(year: 2026, month: 12, day: 24, calendar: calendar))
        #expect(calendar.dateComponents([.year, .month, .day, .hour, .minute], from: day)
                    == DateComponents(year: 2026, month: 12, day: 24, hour: 0, minute: 0))
    }

    /// Issue 45: the menu's Next Week was never shown chosen.
    @Test func nextWeekIsShownChosenForItsFirstDayAtAnyTime() throws {
        let nextWeek = try #require(ReminderChoices.dueDate(named: "next-week", now: now, calendar: calendar))
        #expect(ReminderChoices.due(of: [reminder(due: nextWeek)], now: now, calendar: calendar) == "next-week")
        #expect(ReminderChoices.due(of: [reminder(due: nextWeek.addingTimeInterval(9 * 3_600))], now: now, calendar: calendar)
                == "next-week")
        #expect(ReminderChoices.due(of: [reminder(due: nextWeek.addingTimeInterval(86_400))], now: now, calendar: calendar) == "")
    }

    /// Issue 45: the menu's Due choices dropped a reminder's time of day, which the details'
    /// quick choices and a drop onto Scheduled keep. The same rule everywhere: the day
    /// changes, the time stays; None takes both away.
    @Test func aDueDayChosenKeepsEachRemindersTimeOfDay() throws {
        let today = calendar.startOfDay(for: now)
        let nine = today.addingTimeInterval(9 * 3_600), allDay = today
        let timed = reminder(due: nine), untimed = reminder(due: allDay), none = reminder()
        let tomorrow = try #require(ReminderChoices.dueDate(named: "tomorrow", now: now, calendar: calendar))
        let command = try #require(ReminderEditing.settingDueDay([timed.id, untimed.id, none.id], to: tomorrow,
                                                                 in: [timed, untimed, none], now: now, calendar: calendar))
        guard case .update(_, let after) = command else { Issue.record("not an update"); return }
        #expect(after.map(\.due) == [tomorrow.addingTimeInterval(9 * 3_600), tomorrow, tomorrow])
        let cleared = try #require(ReminderEditing.settingDueDay([timed.id], to: nil, in: [timed], now: now, calendar: calendar))
        guard case .update(_, let gone) = cleared else { Issue.record("not an update"); return }
        #expect(gone.map(\.due) == [nil])
    }
}
