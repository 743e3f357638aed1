// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// What a reminder's notification does, and running in the background.
extension ToteApplication {
    /// The actions a notification's buttons activate (with the reminder's id), and
    /// Preferences.
    func addNotificationActions() {
        Actions.add(ReminderNotifier.markDoneAction, to: application.opaque, parameter: "s") { [weak self] id in
            self?.markDone(reminderNamed: id)
        }
        Actions.add(ReminderNotifier.openAction, to: application.opaque, parameter: "s") { [weak self] id in
            self?.openReminder(named: id)
        }
        Actions.add("preferences", to: application.opaque) { [weak self] _ in self?.showPreferences() }
        withCStringArray(["<Control>comma"]) { gtk_application_set_accels_for_action(application.cast(), "app.preferences", $0) }
    }

    private func reminder(named id: String?) -> Reminder? {
        guard let id = id.flatMap(UUID.init(uuidString:)) else { return nil }
        library?.settle(waiting: true)
        return try? library?.store.reminder(id: id)
    }

    /// Marks the reminder done through the library, as its check box does (every window
    /// shows it), in no window's history. A reminder gone or done already stays as it is.
    private func markDone(reminderNamed id: String?) {
        guard let library, let reminder = reminder(named: id),
              let command = ReminderEditing.settingDone([reminder.id], to: true, in: [reminder], now: Date())
        else { return }
        do {
            try library.apply(command)
        } catch {
            // With no window open, the reason goes to the log: no toast can say it.
            let text = format(tr("Could not mark “{reminder}” done: {reason}"),
                              ["reminder": reminder.title, "reason": Reasons.text(forStoreError: error)])
            if let window = activeWindow { window.showToast(text) } else { tote_shim_log_message(text) }
        }
    }

    /// Shows the reminder's list with it selected, in the window already showing that list,
    /// else the active one, else a new one.
    private func openReminder(named id: String?) {
        if windows.isEmpty { g_application_activate(application.cast()) }
        guard let reminder = reminder(named: id) else {
            activeWindow.map { gtk_window_present($0.window.cast()) }
            return
        }
        let window = windows.first { $0.remindersPane?.list?.id == reminder.listID
            && $0.visiblePageName == MainWindow.Page.reminderList.rawValue } ?? activeWindow
        window?.showReminder(reminder)
    }

    // MARK: Running in the background

    /// Keeps the app running with no window while `run-in-background` is on, and follows
    /// the key as Preferences changes it.
    func followRunInBackground() {
        guard let settings else { return }
        holdWhileRunningInBackground()
        settings.connect("changed::run-in-background") { [weak self] (_: UnsafeMutableRawPointer?) in
            self?.holdWhileRunningInBackground()
        }
        // Turned on in Preferences, sync starts at once. Turned off, it stops at the next
        // start (its lists, and changes waiting to reach the accounts, stay until then): the
        // windows say so, not only Preferences.
        settings.connect("changed::sync-accounts") { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self, !self.windows.isEmpty else { return }
            guard g_settings_get_boolean(settings, "sync-accounts").isTrue else {
                guard self.sync != nil else { return }
                for window in self.windows {
                    window.showToast(tr("Sync stops when Tote next starts; the accounts’ lists stay until then, and nothing is deleted"))
                }
                return
            }
            self.startSync()
        }
    }

    private func holdWhileRunningInBackground() {
        let wanted = settings.map { g_settings_get_boolean($0, "run-in-background").isTrue } ?? false
        guard wanted != isHeldInBackground else { return }
        isHeldInBackground = wanted
        if wanted { g_application_hold(application.cast()) } else { g_application_release(application.cast()) }
    }

    private func showPreferences() {
        guard let settings else { return }
        PreferencesWindow(settings: settings, parent: activeWindow?.window, notesFolderProblem: notesFolder?.problem) {
            [weak self] url in self?.chooseNotesFolder(url)
        }.present()
    }
}
