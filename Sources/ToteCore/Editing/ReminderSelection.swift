// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Which reminders are selected, and in which list or smart list: what undo and redo put back.
public struct ReminderSelection: Hashable, Sendable {
    public var listID: UUID?
    public var ids: [UUID]
    /// The smart list the reminders were selected in (`listID` is then nil).
    public var smartList: SmartList?

    public init(listID: UUID?, ids: [UUID] = [], smartList: SmartList? = nil) {
        self.listID = listID
        self.ids = ids
        self.smartList = smartList
    }
}
