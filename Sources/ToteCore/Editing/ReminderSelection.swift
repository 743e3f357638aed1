// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Which reminders are selected, and in which list: what undo and redo put back.
public struct ReminderSelection: Hashable, Sendable {
    public var listID: UUID?
    public var ids: [UUID]

    public init(listID: UUID?, ids: [UUID] = []) {
        self.listID = listID
        self.ids = ids
    }
}
