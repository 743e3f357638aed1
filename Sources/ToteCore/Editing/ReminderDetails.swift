// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The decisions behind a reminder's details view: what each of its fields shows of a
/// reminder, and the command an edit there makes. Each edit is one command, so one undo step;
/// an edit that changes nothing makes none.
public enum ReminderDetails {
    /// One change made in the details view.
    public enum Edit: Hashable, Sendable {
        /// A new title; an empty one keeps the old title, as renaming in the row does.
        case title(String)
        /// The notes as typed (committed when the field loses the focus or the view closes).
        case notes(String)
        /// A due day (its start, as chosen on a calendar) and an optional time on that day;
        /// no day removes the due date, time included.
        case due(day: Date?, time: TimeOfDay?)
        case priority(Reminder.Priority)
        /// How it repeats; nil: not at all.
        case repeatRule(RepeatRule?)
    }

    /// A time on the due day. A due date at midnight has no time: rows show the day alone,
    /// as they always did.
    public struct TimeOfDay: Hashable, Comparable, Sendable {
        public var hour: Int
        public var minute: Int

        public init(hour: Int, minute: Int) {
            self.hour = min(max(hour, 0), 23)
            self.minute = min(max(minute, 0), 59)
        }

        public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool {
            (a.hour, a.minute) < (b.hour, b.minute)
        }
    }

    /// Longest notes kept; longer text is cut (a pasted book does not make every row slow).
    public static let maximumNotesLength = 100_000

    /// How the details show a reminder's notes.
    public enum NotesShown: Hashable, Sendable {
        /// All of them, to be edited.
        case whole
        /// Too long to lay out at once (a calendar file's 10 MB summary): their beginning,
        /// read-only, and how many characters there are in all. The whole can be copied.
        case beginning(String, total: Int)
    }

    /// How many characters of notes too long to edit the details show.
    public static let notesBeginningLength = 2_000

    /// The longest run without a space or line break laid out for editing. Pango 1.50 wraps
    /// such a run by words, then by characters, in time that grows with its square (a 300 px
    /// GtkTextView: 1,000 characters 60 ms, 5,000 0.4 s, 20,000 5 s); by characters alone,
    /// 2,000 take 80 ms (docs/platform-findings.md).
    public static let longestUnbrokenRun = 2_000

    /// Notes up to `maximumNotesLength` characters without a run longer than
    /// `longestUnbrokenRun` are shown whole; others by their beginning.
    public static func notesShown(_ notes: String) -> NotesShown {
        let bytes = notes.utf8.count
        guard bytes > longestUnbrokenRun else { return .whole }
        var tooLong = bytes > 4 * maximumNotesLength
        if !tooLong {
            var run = 0
            for scalar in notes.unicodeScalars {
                let breaks = scalar.isASCII ? scalar == " " || scalar == "\n" || scalar == "\t" : scalar.properties.isWhitespace
                run = breaks ? 0 : run + 1
                if run > longestUnbrokenRun { break }
            }
            tooLong = run > longestUnbrokenRun || notes.count > maximumNotesLength
        }
        guard tooLong else { return .whole }
        return .beginning(String(notes.prefix(notesBeginningLength)), total: notes.unicodeScalars.count)
    }

    /// The command an edit of reminder `id` makes; nil when it changes nothing, the reminder
    /// is not in `rows`, or the title would be empty.
    public static func command(
        _ edit: Edit, of id: UUID, in rows: [Reminder], now: Date,
        calendar: Calendar = ReminderChoices.localGregorian
    ) -> ReminderCommand? {
        switch edit {
        case .title(let title):
            return ReminderEditing.retitling(id, to: title, in: rows, now: now)
        case .notes(let notes):
            let notes = cleanNotes(notes)
            return update(id, in: rows, now: now) { $0.notes = notes }
        case .due(let day, let time):
            let due = day.map { self.due(day: $0, time: time, calendar: calendar) }
            return ReminderEditing.settingDue([id], to: due, in: rows, now: now)
        case .priority(let priority):
            return ReminderEditing.settingPriority([id], to: priority, in: rows, now: now)
        case .repeatRule(let rule):
            return ReminderEditing.settingRepeat([id], to: rule, in: rows, now: now)
        }
    }

    /// Notes as kept: line ends made "\n", controls other than tabs and line ends and the
    /// attachment character dropped, at most `maximumNotesLength` characters. Spaces and
    /// empty lines stay as typed.
    public static func cleanNotes(_ text: String) -> String {
        let unified = text.contains("\r") ? text.replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\r", with: "\n") : text
        var kept = unified
        if unified.unicodeScalars.contains(where: isDroppedFromNotes) {
            kept = String(String.UnicodeScalarView(unified.unicodeScalars.filter { !isDroppedFromNotes($0) }))
        }
        return kept.count > maximumNotesLength ? String(kept.prefix(maximumNotesLength)) : kept
    }

    private static func isDroppedFromNotes(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && ReminderEditing.isReplacedInTitles(scalar)
    }

    /// The start of the day a reminder is due, for the details view's date; nil when none.
    public static func day(of due: Date?, calendar: Calendar = ReminderChoices.localGregorian) -> Date? {
        due.map { calendar.startOfDay(for: $0) }
    }

    /// The time of day a reminder is due; nil when it has no due date or is due at midnight.
    public static func time(of due: Date?, calendar: Calendar = ReminderChoices.localGregorian) -> TimeOfDay? {
        guard let due else { return nil }
        let parts = calendar.dateComponents([.hour, .minute], from: due)
        let time = TimeOfDay(hour: parts.hour ?? 0, minute: parts.minute ?? 0)
        return time == TimeOfDay(hour: 0, minute: 0) ? nil : time
    }

    /// A due date: the day's start, or that time on it.
    public static func due(day: Date, time: TimeOfDay?, calendar: Calendar = ReminderChoices.localGregorian) -> Date {
        let start = calendar.startOfDay(for: day)
        guard let time else { return start }
        return calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: start) ?? start
    }

    /// The times the details view offers, in order: every half hour from 00:30 to 23:30
    /// (midnight is "no time"), and `current` among them when it falls between (a reminder
    /// imported at 10:15 keeps showing 10:15).
    public static func timeChoices(including current: TimeOfDay?) -> [TimeOfDay] {
        var times = (1..<48).map { TimeOfDay(hour: $0 / 2, minute: $0 % 2 * 30) }
        if let current, !times.contains(current) {
            times.insert(current, at: times.firstIndex { current < $0 } ?? times.count)
        }
        return times
    }

    /// What was typed in the details of `shown` and not yet applied when the reminder left
    /// the list (moved or deleted in another window): the typed title and notes that differ
    /// from what was shown.
    public struct Unapplied: Hashable, Sendable {
        public var title: String?
        public var notes: String?

        public init(shown: Reminder, typedTitle: String, typedNotes: String) {
            let title = ReminderEditing.cleanTitle(typedTitle)
            self.title = title.isEmpty || title == shown.title ? nil : title
            let notes = cleanNotes(typedNotes)
            self.notes = notes == shown.notes ? nil : notes
        }

        public var isEmpty: Bool { title == nil && notes == nil }

        /// The command that gives `current` (the reminder where it is now) what was typed;
        /// nil when it changes nothing.
        public func command(for current: Reminder, now: Date) -> ReminderCommand? {
            var changed = current
            if let title { changed.title = title }
            if let notes { changed.notes = notes }
            guard changed != current else { return nil }
            changed.modified = now
            return .update(before: [current], after: [changed])
        }

        /// The typed text to keep when the reminder is gone everywhere (the title's line, then
        /// the notes).
        public var text: String {
            [title, notes].compactMap { $0 }.joined(separator: "\n")
        }
    }

    private static func update(_ id: UUID, in rows: [Reminder], now: Date, _ change: (inout Reminder) -> Void)
        -> ReminderCommand? {
        guard let row = rows.first(where: { $0.id == id }) else { return nil }
        var changed = row
        change(&changed)
        guard changed != row else { return nil }
        changed.modified = now
        return .update(before: [row], after: [changed])
    }
}
