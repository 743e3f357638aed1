// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A view over every real list, above them in the sidebar: which reminders it shows, in
/// what order, and what a reminder dropped or added there takes on (its meaning).
/// A smart list holds nothing of its own: each reminder it shows stays in its list.
public enum SmartList: String, CaseIterable, Hashable, Sendable, Codable {
    /// Due today, or overdue and not done.
    case today
    /// Any due date, grouped by day.
    case scheduled
    case all
    case completed

    /// Whether it shows `reminder`, with `day` giving today's bounds.
    public func contains(_ reminder: Reminder, on day: Day) -> Bool {
        switch self {
        case .today: reminder.due.map { $0 < day.end && ($0 >= day.start || !reminder.isDone) } ?? false
        case .scheduled: reminder.due != nil
        case .all: true
        case .completed: reminder.isDone
        }
    }

    /// The reminders it shows among `reminders`, in its order: by due time for Today and
    /// Scheduled, by list (as the sidebar orders them, `listOrder`) and place in it for All
    /// and Completed. Reminders of lists not in `listOrder` go last.
    public func members(of reminders: [Reminder], listOrder: [UUID], on day: Day) -> [Reminder] {
        let rank = Dictionary(listOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let found = reminders.filter { contains($0, on: day) }
        func place(_ reminder: Reminder) -> (Int, Int) { (rank[reminder.listID] ?? Int.max, reminder.position) }
        switch self {
        case .today, .scheduled:
            return found.sorted { a, b in
                let (dueA, dueB) = (a.due ?? .distantFuture, b.due ?? .distantFuture)
                return dueA != dueB ? dueA < dueB : place(a) < place(b)
            }
        case .all, .completed:
            return found.sorted { place($0) < place($1) }
        }
    }

    /// What a reminder dropped or added here becomes; nil where nothing changes (All).
    /// Scheduled's meaning needs a day (the day group dropped on); Today's is `now`'s.
    public func meaning(day: Date?, now: Date, calendar: Calendar = ReminderChoices.localGregorian) -> Meaning? {
        switch self {
        case .today: .due(calendar.startOfDay(for: now))
        case .scheduled: day.map { .due(calendar.startOfDay(for: $0)) }
        case .all: nil
        case .completed: .done
        }
    }

    /// Whether a drop there means something: not on All, nor on Scheduled but on a day.
    public func hasMeaning(day: Date?) -> Bool {
        self == .today || self == .completed || (self == .scheduled && day != nil)
    }

    /// What a drop onto a smart list sets.
    public enum Meaning: Hashable, Sendable {
        /// Due on the day that starts then, keeping the time of day a reminder had.
        case due(Date)
        case done

        /// `reminder` with the meaning applied; `modified` is set only when it changed.
        public func applied(to reminder: Reminder, now: Date, calendar: Calendar = ReminderChoices.localGregorian)
            -> Reminder {
            var changed = reminder
            switch self {
            case .due(let day):
                // Due that day already: left to the second.
                if let due = reminder.due, calendar.startOfDay(for: due) == day { break }
                changed.due = ReminderDetails.due(day: day, time: ReminderDetails.time(of: reminder.due, calendar: calendar),
                                                  calendar: calendar)
            case .done:
                // Marked done, a repeating reminder moves on to its next occurrence.
                if !reminder.isDone, let next = ReminderEditing.nextOccurrence(of: reminder, calendar: calendar) {
                    changed.due = next.due
                    changed.repeatRule = next.rule
                } else {
                    changed.isDone = true
                }
            }
            if changed != reminder { changed.modified = now }
            return changed
        }
    }

    /// Today's bounds, worked out once for a whole list (the calendar per reminder is slow).
    public struct Day: Hashable, Sendable {
        public var start: Date
        public var end: Date

        public init(containing now: Date, calendar: Calendar = ReminderChoices.localGregorian) {
            start = calendar.startOfDay(for: now)
            end = calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
        }
    }

    /// The day a heading names above `rows[position]` in Scheduled: its day when the row before
    /// it falls in another (or none does); nil otherwise.
    public static func dayStarting(at position: Int, in rows: [Reminder],
                                   calendar: Calendar = ReminderChoices.localGregorian) -> Date? {
        guard rows.indices.contains(position), let day = dayGroup(of: rows[position], calendar: calendar) else { return nil }
        return position > 0 && dayGroup(of: rows[position - 1], calendar: calendar) == day ? nil : day
    }

    /// The start of the day group a reminder falls in, in Scheduled; nil without a due date.
    public static func dayGroup(of reminder: Reminder, calendar: Calendar = ReminderChoices.localGregorian) -> Date? {
        reminder.due.map { calendar.startOfDay(for: $0) }
    }
}
