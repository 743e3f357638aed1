// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// A reminder whose state in Tote is not yet on one task list's server: written in the same
/// transaction as the change, so it survives kill -9; removed once the server has that state.
/// What is sent is worked out from the reminder as it is when it is sent (`SyncPush`), so
/// several changes in a row make one write.
public struct OutboxEntry: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "outbox"

    public var reminderID: UUID
    public var sourceUID: String
    /// When the last change was made: a write begun before it does not empty the entry.
    public var queued: Double
    public var attempts: Int
    /// Why the last attempt failed, as EDS said it.
    public var lastError: String?

    public init(reminderID: UUID, sourceUID: String, queued: Double, attempts: Int = 0, lastError: String? = nil) {
        self.reminderID = reminderID
        self.sourceUID = sourceUID
        self.queued = queued
        self.attempts = attempts
        self.lastError = lastError
    }
}
