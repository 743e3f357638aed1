// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// When Tote announces a reminder (a desktop notification) and what the notification says.
///
/// A reminder that is not done is announced once for its due date, when that time comes: at
/// its time, or at 09:00 of its day when it has no time (due at local midnight). One that
/// came due while Tote was not running is announced at the next start; one whose due date
/// changes is announced again for the new date. A reminder given a due date already past
/// (typed, pasted, undone, or changed on another device) is not announced: whoever set it
/// knows. More than five due at once are five notifications and one that counts the rest.
public enum ReminderAnnouncements {
    /// The hour a reminder due on a day without a time is announced.
    public static let dayHour = 9
    /// The most notifications of their own at once; the rest are counted in one.
    public static let maximumSeparate = 5
    /// The longest Tote waits before looking again, even when nothing comes due sooner: a
    /// suspended machine, a changed clock or time zone is noticed within it.
    public static let longestWait: TimeInterval = 600
    /// The notification counting the reminders beyond `maximumSeparate`.
    public static let countNotificationID = "reminders-due"

    /// One reminder's notification.
    public struct Announcement: Hashable, Sendable {
        /// When it was due, as the notification says it.
        public enum When: Hashable, Sendable {
            /// Today at this time.
            case today(at: ReminderDetails.TimeOfDay?)
            /// An earlier day (it came due while Tote was not running), at this time or none.
            case earlier(day: Date, at: ReminderDetails.TimeOfDay?)
        }

        public var reminderID: UUID
        public var listID: UUID
        /// The notification's title.
        public var title: String
        /// The notification's body: the list's name and `when`.
        public var listName: String
        public var when: When

        public var notificationID: String { ReminderAnnouncements.notificationID(of: reminderID) }
    }

    /// What to do now, and when to look again.
    public struct Plan: Hashable, Sendable {
        /// Notifications of their own, latest due first.
        public var separate: [Announcement] = []
        /// How many more came due, said in one notification.
        public var counted = 0
        /// Every reminder announced now (separate or counted), to record as announced.
        public var announced: [UUID] = []
        /// When the next reminder comes due; nil when none will.
        public var nextDue: Date?

        /// Seconds until Tote looks again: at the next due time, at most `longestWait`.
        public func wait(now: Date) -> TimeInterval {
            min(max(nextDue.map { $0.timeIntervalSince(now) } ?? longestWait, 0), longestWait)
        }
    }

    /// The notification id of a reminder's announcement (one per reminder: a second replaces it).
    public static func notificationID(of reminder: UUID) -> String {
        "reminder-\(reminder.uuidString)"
    }

    /// The moment a reminder due at `due` is announced.
    public static func moment(of due: Date, calendar: Calendar = ReminderChoices.localGregorian) -> Date {
        guard ReminderDetails.time(of: due, calendar: calendar) == nil else { return due }
        let day = calendar.startOfDay(for: due)
        return calendar.date(bySettingHour: dayHour, minute: 0, second: 0, of: day) ?? due
    }

    /// What to announce at `now` among `pending` (`Store.remindersToAnnounce`: not done, due,
    /// not announced for that due date), and when to look again.
    public static func plan(
        _ pending: [Reminder], listNames: [UUID: String], now: Date,
        calendar: Calendar = ReminderChoices.localGregorian
    ) -> Plan {
        var plan = Plan()
        var due: [(moment: Date, reminder: Reminder)] = []
        for reminder in pending where !reminder.isDone {
            guard let date = reminder.due else { continue }
            let moment = moment(of: date, calendar: calendar)
            if moment <= now {
                due.append((moment, reminder))
            } else if plan.nextDue.map({ moment < $0 }) ?? true {
                plan.nextDue = moment
            }
        }
        due.sort { ($0.moment, $0.reminder.position) > ($1.moment, $1.reminder.position) }
        plan.announced = due.map(\.reminder.id)
        plan.separate = due.prefix(maximumSeparate).map { item in
            announcement(of: item.reminder, listName: listNames[item.reminder.listID] ?? "", now: now, calendar: calendar)
        }
        plan.counted = max(due.count - maximumSeparate, 0)
        return plan
    }

    /// A reminder's notification, as it is said at `now`.
    public static func announcement(
        of reminder: Reminder, listName: String, now: Date, calendar: Calendar = ReminderChoices.localGregorian
    ) -> Announcement {
        let due = reminder.due ?? now
        let time = ReminderDetails.time(of: due, calendar: calendar)
        let when: Announcement.When = calendar.isDate(due, inSameDayAs: now)
            ? .today(at: time) : .earlier(day: calendar.startOfDay(for: due), at: time)
        return Announcement(reminderID: reminder.id, listID: reminder.listID, title: reminder.title,
                            listName: listName, when: when)
    }

    /// The reminders a change gave a due date already past, or made not done with one: they
    /// count as announced (nobody needs telling what they just set).
    public static func alreadyKnown(
        after command: ReminderCommand, now: Date, calendar: Calendar = ReminderChoices.localGregorian
    ) -> [UUID] {
        func isPast(_ reminder: Reminder) -> Bool {
            guard !reminder.isDone, let due = reminder.due else { return false }
            return moment(of: due, calendar: calendar) <= now
        }
        switch command {
        case .insert(let reminders):
            return reminders.filter(isPast).map(\.id)
        case .update(let before, let after):
            let old = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return after.filter { reminder in
                guard isPast(reminder), let was = old[reminder.id] else { return isPast(reminder) }
                return was.due != reminder.due || was.isDone
            }.map(\.id)
        case .sequence(let commands):
            return commands.flatMap { alreadyKnown(after: $0, now: now, calendar: calendar) }
        case .delete, .insertLists, .deleteLists, .updateLists:
            return []
        }
    }

    /// The reminders whose notification a change makes stale: deleted, done, or due at
    /// another time, among those that could have been announced by `now` (their moment had
    /// come). A notification from an earlier run may still be on the desktop: these are
    /// withdrawn whether or not this run sent them.
    public static func withdrawn(
        by command: ReminderCommand, now: Date, calendar: Calendar = ReminderChoices.localGregorian
    ) -> Set<UUID> {
        func couldBeShown(_ reminder: Reminder) -> Bool {
            reminder.due.map { moment(of: $0, calendar: calendar) <= now } ?? false
        }
        switch command {
        case .delete(let reminders):
            return Set(reminders.filter(couldBeShown).map(\.id))
        case .update(let before, let after):
            let old = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            return Set(after.filter { reminder in
                guard let was = old[reminder.id], couldBeShown(was) else { return false }
                return reminder.isDone || was.due != reminder.due
            }.map(\.id))
        case .sequence(let commands):
            return commands.reduce(into: []) { $0.formUnion(withdrawn(by: $1, now: now, calendar: calendar)) }
        case .insert, .insertLists, .deleteLists, .updateLists:
            return []
        }
    }
}
