// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// A reminder list that mirrors a task list of an Evolution Data Server account: changes
/// made in Tote go to it through the outbox, changes made elsewhere come from it.
public struct SyncedList: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "syncedList"

    public var listID: UUID
    /// The EDS source (task list) it mirrors.
    public var sourceUID: String
    /// The account holding it, as the sidebar heads it ("On This Computer", a CalDAV account).
    public var accountUID: String
    public var accountName: String

    public init(listID: UUID, sourceUID: String, accountUID: String, accountName: String) {
        self.listID = listID
        self.sourceUID = sourceUID
        self.accountUID = accountUID
        self.accountName = accountName
    }
}
