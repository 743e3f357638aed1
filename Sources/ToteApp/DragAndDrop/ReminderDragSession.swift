// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
import ToteCore

/// A drag of reminders in progress from some list of this process: which ones, from which
/// list, so that a drop in Tote can move them (and one undo put them back).
@MainActor
final class ReminderDragSession {
    static var current: ReminderDragSession?

    let listID: UUID
    /// In list order.
    let reminders: [Reminder]
    weak var pane: RemindersPane?
    /// The GdkDrag, compared with a drop's `gdk_drop_get_drag` to know the drop is ours.
    var drag: UnsafeMutableRawPointer?

    init(listID: UUID, reminders: [Reminder], pane: RemindersPane) {
        self.listID = listID
        self.reminders = reminders
        self.pane = pane
    }

    var ids: [UUID] { reminders.map(\.id) }

    /// The session whose drag a drop belongs to, if it is one of ours.
    static func of(_ drop: UnsafeMutableRawPointer) -> ReminderDragSession? {
        guard let session = current, GDKDropActions.isDrop(drop, of: session.drag) else { return nil }
        return session
    }
}
