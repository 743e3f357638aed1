// SPDX-License-Identifier: GPL-3.0-or-later
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

extension TextSelection {
    /// The selection once `command` has changed the text under it (a change made elsewhere:
    /// another window, an undo, a drop into a note shown here). Text before it moves it; text
    /// replaced around an end leaves that end after the replacement; restyling moves nothing.
    public func adjusted(through command: NoteCommand) -> TextSelection {
        switch command {
        case .setParagraphStyles:
            return self
        case .sequence(let commands):
            return commands.reduce(self) { $0.adjusted(through: $1) }
        case .replace(let range, let replacement):
            func moved(_ position: Int) -> Int {
                if position <= range.lowerBound { return position }
                if position >= range.upperBound { return position - range.count + replacement.length }
                return range.lowerBound + replacement.length
            }
            return TextSelection(anchor: moved(anchor), cursor: moved(cursor))
        }
    }
}
