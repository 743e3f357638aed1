import Foundation

/// A selection in a note body, as offsets: `anchor` where it started, `cursor` where the
/// insertion point is. Equal offsets are a plain cursor.
public struct TextSelection: Hashable, Codable, Sendable {
    public var anchor: Int
    public var cursor: Int

    public init(anchor: Int, cursor: Int) {
        self.anchor = anchor
        self.cursor = cursor
    }

    public init(_ range: Range<Int>) {
        self.init(anchor: range.lowerBound, cursor: range.upperBound)
    }

    public static func cursor(at offset: Int) -> TextSelection { .init(anchor: offset, cursor: offset) }

    public var range: Range<Int> { min(anchor, cursor)..<max(anchor, cursor) }
}
