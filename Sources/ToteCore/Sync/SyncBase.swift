// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// The version of a to-do last read from (or written to) its task list: the text the next
/// write changes only where Tote's fields differ, and the base of a three-way merge.
public struct SyncBase: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "syncBase"

    public var sourceUID: String
    /// The to-do's UID on the server: the reminder's id for one made in Tote, another
    /// client's own otherwise.
    public var uid: String
    public var reminderID: UUID
    public var text: String

    public init(sourceUID: String, uid: String, reminderID: UUID, text: String) {
        self.sourceUID = sourceUID
        self.uid = uid
        self.reminderID = reminderID
        self.text = text
    }

    /// Nil also for overrides whose master has not come yet (`SyncInbox` keeps them here).
    public var fields: TodoFields? {
        guard let todo = VTodoMapping.read(text), todo.recurrenceID == nil else { return nil }
        return todo.fields
    }
}
