// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteCore

/// Announces reminders as they come due, as `ReminderAnnouncements` decides: a GNotification
/// per reminder (id `reminder-UUID`) with Mark Done and Open, sent from a GLib timeout set to
/// the next due time, and withdrawn when the reminder is done, deleted or rescheduled. Every
/// change to the library (any window, sync) makes it look again.
@MainActor
final class ReminderNotifier {
    private let application: UnsafeMutablePointer<AdwApplication>
    private let library: Library
    private var observation: UUID?
    private var timer: Timeout?

    /// The app actions the buttons activate, with the reminder's id as target.
    static let markDoneAction = "mark-reminder-done"
    static let openAction = "open-reminder"

    init(application: UnsafeMutablePointer<AdwApplication>, library: Library) {
        self.application = application
        self.library = library
    }

    /// Announces what came due while Tote was not running, and follows the library from now on.
    func start() {
        guard observation == nil else { return }
        observation = library.observe { [weak self] change in self?.follow(change) }
        look()
    }

    /// Whether it follows the library (from the first window's first frame on).
    var isFollowing: Bool { observation != nil }

    func stop() {
        if let observation { library.stopObserving(observation) }
        observation = nil
        timer?.cancel()
        timer = nil
    }

    private func follow(_ change: LibraryChange) {
        guard let command = change.reminders else { return }
        let now = Date()
        for id in ReminderAnnouncements.withdrawn(by: command, now: now) {
            g_application_withdraw_notification(application.cast(), ReminderAnnouncements.notificationID(of: id))
        }
        try? library.store.markAnnounced(ReminderAnnouncements.alreadyKnown(after: command, now: now))
        // Once for a burst of changes (a drop of 500 reminders is one change, a sync batch a few).
        lookSoon()
    }

    private func lookSoon() {
        timer?.cancel()
        timer = Timeout(after: 0, priority: G_PRIORITY_LOW) { [weak self] in self?.look() }
    }

    /// Reads what is not announced yet off the main thread (5 ms for 10,000 reminders),
    /// then announces what is due and sets the timeout to the next due time.
    private func look() {
        timer?.cancel()
        timer = nil
        // A read waits for the writes begun in the background (a 500-row move): looked at
        // once they are done, the read never holds them up.
        guard !library.isWritingInBackground else {
            schedule(after: 0.25)
            return
        }
        looks += 1
        let look = looks
        let store = library.store
        Task.detached {
            let pending = Result { try store.remindersToAnnounce() }
            await MainActor.run { [weak self] in self?.announce(pending, look: look) }
        }
    }

    /// Looks begun; a read's result is used only when no later look began meanwhile.
    private var looks = 0

    private func announce(_ pending: Result<[Reminder], any Error>, look: Int) {
        // A change meanwhile set another look going: it reads again.
        guard look == looks, observation != nil, timer == nil else { return }
        guard case .success(let pending) = pending else {
            // A store that cannot be read now (damaged, busy) is tried again later.
            schedule(after: ReminderAnnouncements.longestWait)
            return
        }
        let now = Date()
        let names = Dictionary(library.lists.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let plan = ReminderAnnouncements.plan(pending, listNames: names, now: now)
        do {
            // Recorded before sending: a reminder is announced at most once, even if Tote
            // ends between the two.
            try library.store.markAnnounced(plan.announced)
            for announcement in plan.separate { send(announcement, now: now) }
            if plan.counted > 0 { sendCount(plan.counted) }
        } catch {
            // Not recorded: not sent either, so that it is not announced at every look.
        }
        schedule(after: plan.wait(now: now))
    }

    private func schedule(after seconds: TimeInterval) {
        timer = Timeout(after: seconds, priority: G_PRIORITY_DEFAULT) { [weak self] in self?.look() }
    }

    // MARK: Notifications

    private func send(_ announcement: ReminderAnnouncements.Announcement, now: Date) {
        let notification = g_notification_new(announcement.title)!
        g_notification_set_body(notification, format(tr("{list} · {when}"), [
            "list": announcement.listName, "when": Self.describe(announcement.when, now: now),
        ]))
        let target = announcement.reminderID.uuidString
        g_notification_set_default_action_and_target_value(
            notification, "app.\(Self.openAction)", g_variant_new_string(target))
        g_notification_add_button_with_target_value(
            notification, tr("Mark Done"), "app.\(Self.markDoneAction)", g_variant_new_string(target))
        g_notification_add_button_with_target_value(
            notification, tr("Open"), "app.\(Self.openAction)", g_variant_new_string(target))
        g_application_send_notification(application.cast(), announcement.notificationID, notification)
        g_object_unref(UnsafeMutableRawPointer(notification))
    }

    /// One notification for the reminders beyond the first few; choosing it opens Tote.
    private func sendCount(_ count: Int) {
        let title = format(trn("{count} more reminder is due", "{count} more reminders are due", count),
                           ["count": count.formatted()])
        let notification = g_notification_new(title)!
        g_application_send_notification(application.cast(), ReminderAnnouncements.countNotificationID, notification)
        g_object_unref(UnsafeMutableRawPointer(notification))
    }

    /// When it was due, as the body says it: the time today, "Today" for a day without a
    /// time, or the earlier day (and time).
    private static func describe(_ when: ReminderAnnouncements.Announcement.When, now: Date) -> String {
        let calendar = ReminderChoices.localGregorian
        func time(_ at: ReminderDetails.TimeOfDay, on day: Date) -> String {
            let date = ReminderDetails.due(day: day, time: at, calendar: calendar)
            return ReminderListView.timeFormatter.string(from: date)
        }
        switch when {
        case .today(let at?):
            return time(at, on: now)
        case .today(nil):
            return tr("Today")
        case .earlier(let day, let at):
            let name = calendar.isDateInYesterday(day) ? tr("Yesterday") : ReminderListView.dayFormatter.string(from: day)
            return at.map { "\(name) \(time($0, on: day))" } ?? name
        }
    }
}
