// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import GRDB

/// A rich-text document: a title and a body. The body is stored in the native format
/// (`content`) and as plain text (`body`) for the sidebar and for search.
public struct Note: Codable, Identifiable, Equatable, Sendable {
    public var id: UUID
    public var title: String
    public var body: String
    public var content: Data
    public var created: Date
    public var modified: Date

    public init(id: UUID, title: String = "", body: RichText = RichText(), created: Date, modified: Date) {
        self.id = id
        self.title = title
        self.body = PlainTextFormat.encode(body)
        self.content = NativeFormat.encode(body)
        self.created = created
        self.modified = modified
    }

    /// The body as rich text. Throws when the stored content is damaged or from a newer Tote;
    /// the note is then shown read-only from `body` so that nothing overwrites it.
    public func richText() throws(NativeFormat.DecodingFailure) -> RichText {
        try NativeFormat.decode(content)
    }
}

extension Note: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "note"
}

extension Note {
    /// What the sidebar shows: the title, else the first non-blank line of the body, else nil
    /// (the app shows a translated "Untitled Note"). Cut to a length a sidebar can show.
    public var displayTitle: String? { Self.displayTitle(title: title, body: body) }

    public static func displayTitle(title: String, body: String) -> String? {
        let candidates = [title] + body.lines(omittingEmpty: true, limit: 50).map(String.init)
        guard let line = candidates.lazy
            .map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) })
            .first(where: { !$0.isEmpty })
        else { return nil }
        return line.count > 80 ? String(line.prefix(80)) + "…" : line
    }
}

extension Note {
    /// Whether a search finds this note: every word of the query appears in the title or the
    /// body, ignoring case and accents. An empty query finds every note.
    public func matches(_ query: String) -> Bool {
        Self.matches(query, title: title, body: body)
    }

    static func matches(_ query: String, title: String, body: String) -> Bool {
        let words = query.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return true }
        return words.allSatisfy { word in
            [title, body].contains { $0.range(of: word, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        }
    }
}
