// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteCore

extension MainWindow {
    /// Shows a reminder's list with the reminder selected (a notification's Open).
    func showReminder(_ reminder: Reminder) {
        sidebar.select(.reminderList(reminder.listID))
        open(.reminderList(reminder.listID))
        _ = reminders?.show(listID: reminder.listID, selecting: [reminder.id])
        gtk_window_present(window.cast())
    }
}
