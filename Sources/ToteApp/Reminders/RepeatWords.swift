// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// A repeat rule in words, as a reminder's row and its details show it: "Every 2 weeks on
/// Monday and Thursday, until 3 Jan 2027".
///
/// Each phrase is one message with placeholders, so that a translation can order it as its
/// language needs: the rule ("Every {count} weeks on {days}"), then its end around it
/// ("{rule}, until {date}"). A rule Tote cannot show exactly (`isEditable` false) is "Custom
/// repeat": its fields are only the nearest Tote has.
@MainActor
enum RepeatWords {
    static func describe(_ rule: RepeatRule, calendar: Calendar = .current) -> String {
        guard rule.isEditable else { return tr("Custom repeat") }
        let phrase = every(rule, calendar: calendar)
        switch rule.end {
        case .never:
            return phrase
        case .after(let count):
            // Translators: {rule} is a repeat such as “Every 2 weeks”; {count} is how many times it comes, this time included.
            return format(trn("{rule}, {count} time", "{rule}, {count} times", count),
                          ["rule": phrase, "count": count.formatted()])
        case .until(let moment):
            // Translators: {rule} is a repeat such as “Every 2 weeks”; {date} is its last day.
            return format(tr("{rule}, until {date}"), ["rule": phrase, "date": dayText(moment, calendar: calendar)])
        case .untilDay(let year, let month, let day):
            // The day as iCalendar names it (Gregorian), at noon: no time zone skips that hour.
            var gregorian = Calendar(identifier: .gregorian)
            gregorian.timeZone = calendar.timeZone
            guard let noon = gregorian.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
            else { return phrase }
            return format(tr("{rule}, until {date}"), ["rule": phrase, "date": dayText(noon, calendar: calendar)])
        }
    }

    /// The items of the repeat menu.
    static func presetLabel(_ preset: RepeatRule.Preset) -> String {
        switch preset {
        case .daily: tr("_Daily")
        case .weekdays: tr("_Weekdays")
        case .weekly: tr("W_eekly")
        case .monthly: tr("_Monthly")
        case .yearly: tr("_Yearly")
        }
    }

    /// The rule without its end.
    private static func every(_ rule: RepeatRule, calendar: Calendar) -> String {
        let interval = rule.interval
        let count = interval.formatted()
        switch rule.frequency {
        case .daily:
            if interval == 1 { return tr("Every day") }
            return format(trn("Every {count} day", "Every {count} days", interval), ["count": count])
        case .weekly where rule.weekdays.isEmpty:
            if interval == 1 { return tr("Every week") }
            return format(trn("Every {count} week", "Every {count} weeks", interval), ["count": count])
        case .weekly where interval == 1 && rule.weekdays == RepeatRule.weekdays.weekdays:
            // Translators: Monday to Friday.
            return tr("Every weekday")
        case .weekly:
            let days = dayList(rule.weekdays, calendar: calendar)
            // Translators: {days} lists names of days as a calendar shows them, such as “Monday and Thursday”.
            if interval == 1 { return format(tr("Every week on {days}"), ["days": days]) }
            // Translators: {days} lists names of days as a calendar shows them, such as “Monday and Thursday”.
            return format(trn("Every {count} week on {days}", "Every {count} weeks on {days}", interval),
                          ["count": count, "days": days])
        case .monthly:
            if interval == 1 { return tr("Every month") }
            return format(trn("Every {count} month", "Every {count} months", interval), ["count": count])
        case .yearly:
            if interval == 1 { return tr("Every year") }
            return format(trn("Every {count} year", "Every {count} years", interval), ["count": count])
        }
    }

    /// The days' names in the order of the calendar's week ("Monday and Thursday"), as its
    /// locale lists them.
    private static func dayList(_ days: Set<RepeatRule.Weekday>, calendar: Calendar) -> String {
        let names = calendar.standaloneWeekdaySymbols
        guard names.count == 7 else { return "" }
        let listed = weekOrder(calendar).filter(days.contains).map { names[$0.calendarWeekday - 1] }
        return listed.formatted(.list(type: .and).locale(calendar.locale ?? .current))
    }

    /// The days of the week from the calendar's first.
    static func weekOrder(_ calendar: Calendar) -> [RepeatRule.Weekday] {
        (0..<7).compactMap { RepeatRule.Weekday(calendarWeekday: (calendar.firstWeekday - 1 + $0) % 7 + 1) }
    }

    /// Made once, as `ReminderListView.dayFormatter` is (a formatter costs milliseconds).
    private static let dayFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter
    }()

    private static func dayText(_ date: Date, calendar: Calendar) -> String {
        if dayFormatter.timeZone != calendar.timeZone { dayFormatter.timeZone = calendar.timeZone }
        return dayFormatter.string(from: date)
    }
}
