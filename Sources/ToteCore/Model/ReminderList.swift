// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// A named list of reminders, ordered in the sidebar by `position`.
public struct ReminderList: Codable, Identifiable, Hashable, Sendable {
    public var id: UUID
    public var name: String
    public var position: Int
    public var created: Date
    public var modified: Date

    public init(id: UUID, name: String, position: Int, created: Date, modified: Date) {
        self.id = id
        self.name = name
        self.position = position
        self.created = created
        self.modified = modified
    }
}

extension ReminderList: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "reminderList"

    /// Seconds since 1970, as migration v3 left them (text before it: both read back).
    public static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSince1970
    }
}

extension ReminderList {
    /// Whether this record, read from the store, is `other` as written (times to the
    /// millisecond).
    func isStoredVersion(of other: ReminderList) -> Bool {
        id == other.id && name == other.name && position == other.position
            && Date.sameMillisecond(created, other.created) && Date.sameMillisecond(modified, other.modified)
    }
}
