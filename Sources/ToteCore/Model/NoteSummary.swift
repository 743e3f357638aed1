// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A note as the sidebar shows it: its name and date, without its content.
public struct NoteSummary: Equatable, Sendable, Identifiable {
    public var id: UUID
    public var title: String
    /// The start of the plain body, enough to name a note without a title.
    public var opening: String
    public var modified: Date

    /// How much of the body a summary keeps.
    public static let openingLength = 4000

    public init(id: UUID, title: String, opening: String, modified: Date) {
        self.id = id
        self.title = title
        self.opening = opening
        self.modified = modified
    }

    public init(_ note: Note) {
        self.init(id: note.id, title: note.title, opening: String(note.body.prefix(Self.openingLength)),
                  modified: note.modified)
    }

    public var displayTitle: String? { Note.displayTitle(title: title, body: opening) }
}
