import Foundation

/// What a drop into a note changes: one command (one undo step) and the range to select.
public struct NoteDrop: Hashable, Sendable {
    public var command: NoteCommand
    /// The dropped content, selected after the drop.
    public var selection: TextSelection

    /// Whether a drop at `offset` of the note a range was dragged from would land on that
    /// range or right beside it, where a move changes nothing: no action is offered there.
    public static func isOntoItself(_ offset: Int, draggedFrom source: Range<Int>) -> Bool {
        (source.lowerBound...source.upperBound).contains(offset)
    }

    /// A drop of `fragment` at `offset` of `text`. With `movingFrom`, the range of the same
    /// text it was dragged from goes in the same step (a move within one note); the drop
    /// point is given in the text as it was before. Nil when the drop would change nothing
    /// (a move onto itself or right beside itself) or the offsets do not fit.
    public static func plan(
        dropping fragment: RichText, at offset: Int, into text: RichText, movingFrom source: Range<Int>? = nil
    ) -> NoteDrop? {
        guard offset >= 0, offset <= text.length, fragment.length > 0 else { return nil }
        guard let source else {
            return NoteDrop(
                command: .replace(offset..<offset, with: fragment),
                selection: TextSelection(offset..<(offset + fragment.length)))
        }
        guard source.lowerBound >= 0, source.upperBound <= text.length, !source.isEmpty,
              !isOntoItself(offset, draggedFrom: source)
        else { return nil }
        let landing = offset > source.upperBound ? offset - source.count : offset
        return NoteDrop(
            command: .sequence([
                .replace(source, with: RichText()),
                .replace(landing..<landing, with: fragment),
            ]),
            selection: TextSelection(landing..<(landing + fragment.length)))
    }
}
