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
        self.details = details
        return details
    }

    private func applyDetails(_ edit: ReminderDetails.Edit, of id: UUID) {
        guard let command = ReminderDetails.command(edit, of: id, in: rows, now: Date()) else { return }
        perform(command, selecting: [id])
    }
}
