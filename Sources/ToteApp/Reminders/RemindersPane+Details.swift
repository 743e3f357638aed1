// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteCore

/// A reminder's details (title, notes, due date and time, priority) in a popover at its row:
/// by the row's Details button, Alt+Return on the selected row, or Details… in its menu.
/// Each edit there is a ToteCore command applied by `perform`, so one step of the window's
/// history, written to the store.
extension RemindersPane {
    /// The first selected reminder's details.
    func openDetailsOfSelection() {
        guard let id = view.selectedIDs.first else { return }
        openDetails(of: id)
    }

    func openDetails(of id: UUID) {
        guard let reminder = rows.first(where: { $0.id == id }) else { return }
        // The details are of one reminder: it alone is selected, as a click on its row would.
        if view.selectedIDs != [id] { view.select([id]) }
        let details = self.details ?? makeDetails()
        details.open(reminder, pointingTo: view.detailsAnchor(of: id, width: ReminderDetailsPopover.width + 24))
    }

    /// What the popover shows follows the list as read: after an edit, an undo, a change in
    /// another window; it closes when its reminder is gone from the list.
    func followDetails() {
        guard let details, let id = details.reminder?.id else { return }
        details.follow(rows.first { $0.id == id })
    }

    private func makeDetails() -> ReminderDetailsPopover {
        let details = ReminderDetailsPopover(on: view.listView)
        details.onEdit = { [weak self] id, edit in self?.applyDetails(edit, of: id) }
        details.onClosed = { [weak self] in self?.view.focusList() }
        details.onCustomRepeat = { [weak self] id in
            guard let self else { return }
            if self.view.selectedIDs != [id] { self.view.select([id]) }
            self.chooseRepeat()
        }
        details.onGone = { [weak self] shown, unapplied in self?.keep(unapplied, typedFor: shown) }
        self.details = details
        return details
    }

    /// What was typed in the details of a reminder that left this list meanwhile is not lost:
    /// it goes to the reminder in the list it moved to, one step; when it was deleted, onto
    /// the clipboard, and a toast says so.
    private func keep(_ unapplied: ReminderDetails.Unapplied, typedFor shown: Reminder) {
        for other in library.lists where other.id != list?.id {
            guard let current = (try? library.reminders(inList: other.id))?.first(where: { $0.id == shown.id }) else {
                continue
            }
            if let command = unapplied.command(for: current, now: Date()) {
                _ = perform(command, selecting: view.selectedIDs)
            }
            return
        }
        gdk_clipboard_set_text(gtk_widget_get_clipboard(view.listView), unapplied.text)
        onToast(format(tr("“{reminder}” was deleted elsewhere: what you typed in its details is on the clipboard"),
                       ["reminder": shown.title]), false)
    }

    private func applyDetails(_ edit: ReminderDetails.Edit, of id: UUID) {
        guard let command = ReminderDetails.command(edit, of: id, in: rows, now: Date()) else { return }
        perform(command, selecting: [id])
    }
}
