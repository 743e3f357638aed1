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

    @Test func aDayChosenOnTheCalendarStartsAtMidnightThere() throws {
        let day = try #require(ReminderChoices.startOfDay(year: 2026, month: 12, day: 24, calendar: calendar))
        #expect(calendar.dateComponents([.year, .month, .day, .hour, .minute], from: day)
                    == DateComponents(year: 2026, month: 12, day: 24, hour: 0, minute: 0))
    }
}
