// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import Foundation

extension RepeatRule {
    /// Where a repeating reminder moves when it is marked done.
    public struct Occurrence: Hashable, Sendable {
        public var due: Date
        /// Nil when the reminder had no start.
        public var start: Date?
        /// The rule from then on: one occurrence fewer left when it ends after a count.
        public var rule: RepeatRule
    }

    /// The occurrence after the current one of a reminder due at `due` (starting at `start`),
    /// for when it is marked done; nil when that was the last: the reminder is then done.
    /// The caller marks a moved reminder not done.
    ///
    /// This is the decision of Evolution Data Server 3.46.4's
    /// `e_cal_util_mark_task_complete_sync` (src/calendar/libecal/e-cal-util.c) for a to-do
    /// with an `RRULE`, on a backend without `E_CAL_STATIC_CAPABILITY_TASK_HANDLE_RECUR`:
    /// - `COUNT=1` is the last occurrence; a greater `COUNT` goes down by one as the to-do moves
    ///   on (`COUNT` counts the occurrences left, the current one included).
    /// - Else the next occurrence is the rule's first occurrence, from `DTSTART`, strictly after
    ///   `DTSTART` (`e_cal_util_find_next_occurrence`, through libical's iterator as
    ///   `e_cal_recur_generate_instances_sync` uses it); there is none past `UNTIL`, which is
    ///   inclusive. A date `UNTIL` of a rule at a time of day counts to the end of that day
    ///   (EDS moves it a day on); a date-time `UNTIL` of an all-day rule counts to the end of
    ///   its UTC day (libical compares a date with a date-time by their days).
    /// - `DTSTART` moves to it, and `DUE` keeps its distance from `DTSTART` in wall-clock time
    ///   (EDS adds their difference to the new start as days, hours, minutes and seconds).
    ///
    /// It differs from EDS in two ways:
    /// - Without `start`, the rule repeats from `due`. EDS removes `DUE` before it searches,
    ///   so it finds nothing for a to-do without `DTSTART` and completes it: a repeating
    ///   reminder written to a server should carry a `DTSTART`.
    /// - EDS searches in windows of 8 days (weekly rules 7 × interval + 1, monthly 31 × interval
    ///   + 1, yearly 365 × interval + 2) and gives up at the first window with no occurrence, so
    ///   it completes a to-do whose occurrences are further apart (`FREQ=DAILY;INTERVAL=20`, a
    ///   yearly rule from February 29). Tote finds the next occurrence however far it is.
    ///
    /// Occurrences are reckoned in wall-clock time in `timeZone`, as libical reckons a
    /// `DTSTART` with a `TZID`: 09:00 stays 09:00 across a change to or from summer time. An
    /// all-day reminder's `due` and `start` are the starts of their days in `timeZone`, and so
    /// are the new ones. A time that does not exist on the new day (in the hour skipped in
    /// spring) is as Foundation's `Calendar` makes it.
    public func nextOccurrence(after due: Date, start: Date?, isAllDay: Bool, timeZone: TimeZone) -> Occurrence? {
        if case .after(let count) = end, count <= 1 { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let current = Self.wallClock(start ?? due, isDate: isAllDay, calendar: calendar)
        let until = iterationUntil(isAllDay: isAllDay, calendar: calendar)
        let next: icaltimetype?
        if let original, !isEditable {
            next = Self.withRule(original) { rule in
                rule.until = until
                return Self.firstOccurrence(of: rule, after: current)
            } ?? nil
        } else {
            var rule = built()
            rule.until = until
            next = Self.firstOccurrence(of: rule, after: current)
        }
        guard let next, let newStart = Self.date(next, calendar: calendar) else { return nil }

        var nextDue = next
        if start != nil {
            let gap = Int(icaltime_as_timet(Self.wallClock(due, isDate: isAllDay, calendar: calendar)))
                - Int(icaltime_as_timet(current))
            icaltime_adjust(&nextDue, Int32(clamping: gap / 86_400), Int32(gap / 3_600 % 24),
                            Int32(gap / 60 % 60), Int32(gap % 60))
        }
        guard let newDue = Self.date(nextDue, calendar: calendar) else { return nil }
        return Occurrence(due: newDue, start: start == nil ? nil : newStart, rule: counted())
    }

    /// The rule with one occurrence fewer left, when it ends after a count. Kept text is
    /// rewritten by libical, as EDS rewrites it (`i_cal_recurrence_set_count`).
    private func counted() -> RepeatRule {
        guard case .after(let count) = end else { return self }
        let text = original.flatMap { original in
            Self.withRule(original) { rule in
                rule.count = Int32(clamping: count - 1)
                return Self.text(of: &rule)
            } ?? nil
        }
        if let text, let rule = RepeatRule(rrule: text) { return rule }
        var rule = self
        rule.end = .after(count: count - 1)
        return rule
    }

    /// The first occurrence of `rule` started at `current` that is after it.
    private static func firstOccurrence(of rule: icalrecurrencetype, after current: icaltimetype) -> icaltimetype? {
        guard let iterator = icalrecur_iterator_new(rule, current) else { return nil }
        defer { icalrecur_iterator_free(iterator) }
        var previous: icaltimetype?
        // The first is `current` itself, or the rule's first day after it.
        for _ in 0..<1_000 {
            let next = icalrecur_iterator_next(iterator)
            if icaltime_is_null_time(next) != 0 { return nil }
            if let previous, icaltime_compare(next, previous) == 0 { return nil }
            if icaltime_compare(next, current) > 0 { return next }
            previous = next
        }
        return nil
    }

    /// `UNTIL` as the iterator compares it with floating wall-clock times.
    private func iterationUntil(isAllDay: Bool, calendar: Calendar) -> icaltimetype {
        switch end {
        case .never, .after:
            return icaltime_null_time()
        case .until(let moment):
            guard isAllDay else { return Self.wallClock(moment, isDate: false, calendar: calendar) }
            var utc = Calendar(identifier: .gregorian)
            utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
            return Self.wallClock(moment, isDate: true, calendar: utc)
        case .untilDay(let year, let month, let day):
            var until = Self.day(year: year, month: month, day: day)
            // e_cal_recur_generate_instances_sync: libical puts a date-time after a date of the
            // same day.
            if !isAllDay { icaltime_adjust(&until, 1, 0, 0, 0) }
            return until
        }
    }

    /// `date` as a floating time (or date) of `calendar`'s time zone.
    private static func wallClock(_ date: Date, isDate: Bool, calendar: Calendar) -> icaltimetype {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        var time = icaltime_null_time()
        time.year = Int32(clamping: parts.year ?? 0)
        time.month = Int32(clamping: parts.month ?? 0)
        time.day = Int32(clamping: parts.day ?? 0)
        if isDate {
            time.is_date = 1
        } else {
            time.hour = Int32(clamping: parts.hour ?? 0)
            time.minute = Int32(clamping: parts.minute ?? 0)
            time.second = Int32(clamping: parts.second ?? 0)
        }
        return time
    }

    private static func date(_ time: icaltimetype, calendar: Calendar) -> Date? {
        calendar.date(from: DateComponents(
            year: Int(time.year), month: Int(time.month), day: Int(time.day),
            hour: time.is_date != 0 ? 0 : Int(time.hour), minute: time.is_date != 0 ? 0 : Int(time.minute),
            second: time.is_date != 0 ? 0 : Int(time.second)))
    }
}
