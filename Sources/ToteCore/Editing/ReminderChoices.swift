// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What the reminder menu's Priority and Due items show as chosen (radio items) for the
/// selected reminders, and what each choice sets. A choice is named as the menu's action
/// target names it; "" is no choice (the reminders differ, or none is selected).
public enum ReminderChoices {
    public static func priorityName(_ priority: Reminder.Priority) -> String {
        switch priority {
        case .high: "high"
        case .medium: "medium"
        case .low: "low"
        case .none: "none"
        }
    }

    public static func priority(named name: String) -> Reminder.Priority {
        Reminder.Priority.allCases.first { priorityName($0) == name } ?? .none
    }

    /// The priority the reminders share.
    public static func priority(of reminders: [Reminder]) -> String {
        shared(reminders.map { priorityName($0.priority) })
    }

    /// The names of the repeat menu's choices: "none", a preset's, and "custom" for any
    /// other rule.
    public static func repeatName(_ rule: RepeatRule?) -> String {
        guard let rule else { return "none" }
        switch rule.preset {
        case .daily?: return "daily"
        case .weekdays?: return "weekdays"
        case .weekly?: return "weekly"
        case .monthly?: return "monthly"
        case .yearly?: return "yearly"
        case nil: return "custom"
        }
    }

    /// The rule a repeat choice sets: nil for "none" (and for "custom", which asks first).
    public static func repeatRule(named name: String) -> RepeatRule? {
        RepeatRule.Preset.allCases.map { RepeatRule($0) }.first { repeatName($0) == name }
    }

    /// The repeat the reminders share.
    public static func repeatChoice(of reminders: [Reminder]) -> String {
        shared(reminders.map { repeatName($0.repeatRule) })
    }

    /// The due date the reminders share, as Today, Tomorrow, Next Week (its first day) or
    /// None; "" for any other date. Tomorrow when next week starts tomorrow.
    public static func due(of reminders: [Reminder], now: Date, calendar: Calendar = localGregorian) -> String {
        // The days' bounds once, not the calendar per reminder: asked at every selection
        // change, 500 selected reminders took 1,500 calendar calls.
        let today = calendar.startOfDay(for: now)
        guard let tomorrow = calendar.date(byAdding: .day, value: 1, to: today),
              let dayAfter = calendar.date(byAdding: .day, value: 2, to: today),
              let nextWeek = dueDate(named: "next-week", now: now, calendar: calendar),
              let nextWeekEnd = calendar.date(byAdding: .day, value: 1, to: nextWeek)
        else { return "" }
        return shared(reminders.map { reminder in
            guard let due = reminder.due else { return "none" }
            if due >= today, due < tomorrow { return "today" }
            if due >= tomorrow, due < dayAfter { return "tomorrow" }
            if due >= nextWeek, due < nextWeekEnd { return "next-week" }
            return ""
        })
    }

    /// The day a choice sets (the reminders keep their times of day on it: see
    /// `ReminderEditing.settingDueDay`); nil for None. "next-week" is the
    /// first day of next week, as the calendar's locale starts weeks (a Monday in most of
    /// Europe, a Sunday in the United States).
    public static func dueDate(named name: String, now: Date, calendar: Calendar = localGregorian) -> Date? {
        let today = calendar.startOfDay(for: now)
        if name == "next-week" {
            return calendar.nextDate(after: today, matching: DateComponents(weekday: calendar.firstWeekday),
                                     matchingPolicy: .nextTime)
        }
        let days = name == "today" ? 0 : name == "tomorrow" ? 1 : nil
        return days.flatMap { calendar.date(byAdding: .day, value: $0, to: today) }
    }

    /// The quick choices of the due-date picker, by name, in order.
    public static let quickDueChoices = ["today", "tomorrow", "next-week"]

    /// The start of a day chosen on a calendar, in `calendar`'s time zone.
    public static func startOfDay(year: Int, month: Int, day: Int, calendar: Calendar = localGregorian) -> Date? {
        calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    /// GLib's calendar (GtkCalendar's days) in the local time zone, whatever calendar the
    /// locale prefers: a day chosen on it means the same day here. Weeks start as the
    /// locale starts them (Next Week).
    public static var localGregorian: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        calendar.locale = .current
        return calendar
    }

    private static func shared(_ names: [String]) -> String {
        guard let first = names.first, names.allSatisfy({ $0 == first }) else { return "" }
        return first
    }
}
