import Foundation
import GRDB

/// One entry of a reminder list, ordered within it by `position`.
public struct Reminder: Codable, Identifiable, Hashable, Sendable {
    public enum Priority: Int, Codable, Sendable, CaseIterable {
        case none = 0, low = 1, medium = 5, high = 9
    }

    public var id: UUID
    public var listID: UUID
    public var title: String
    public var notes: String
    public var isDone: Bool
    public var due: Date?
    public var priority: Priority
    public var position: Int
    public var created: Date
    public var modified: Date

    public init(
        id: UUID, listID: UUID, title: String, notes: String = "", isDone: Bool = false,
        due: Date? = nil, priority: Priority = .none, position: Int, created: Date, modified: Date
    ) {
        self.id = id
        self.listID = listID
        self.title = title
        self.notes = notes
        self.isDone = isDone
        self.due = due
        self.priority = priority
        self.position = position
        self.created = created
        self.modified = modified
    }
}

extension Reminder: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "reminder"
}
