// SPDX-License-Identifier: GPL-3.0-or-later

/// Which paragraph styles rich content keeps where it lands (dropped or pasted).
extension RichText {
    /// What a drag, a copy or a primary selection of `range` carries. A paragraph's style
    /// rides on its paragraph break, as in TextEdit and Pages: a paragraph held whole (from
    /// its start to its end, with or without its break) keeps its style; a piece of one (a
    /// word out of a heading) carries its character styles only, as body text, and takes the
    /// style of wherever it lands.
    public func copied(_ range: Range<Int>) -> RichText {
        var copied = fragment(range).paragraphs
        let (first, start) = locate(range.lowerBound)
        let (last, end) = locate(range.upperBound)
        if start > 0 || (first == last && end < paragraphs[last].length) { copied[0].style = .body }
        if first != last, end < paragraphs[last].length { copied[copied.count - 1].style = .body }
        return RichText(paragraphs: copied)
    }

    /// The command that puts `content` in place of `range`, one undo step.
    ///
    /// Content that lands inside a paragraph takes that paragraph's style, as `replace` gives
    /// it. Whole paragraphs keep their own:
    /// - content ending with a paragraph break that lands at a paragraph's start goes in
    ///   before that paragraph, which keeps its style;
    /// - content that fills an empty paragraph keeps its first paragraph's style, when it has
    ///   a paragraph style at all: body-only content (plain text) takes the empty line's, as
    ///   typed text does.
    /// The styles are set by a command of their own in the same step, so undo restores the
    /// destination exactly.
    public func placing(_ content: RichText, over range: Range<Int>) -> NoteCommand {
        let replace = NoteCommand.replace(range, with: content)
        guard let kept = paragraphStylesKept(placing: content, over: range) else { return replace }
        return .sequence([replace, .setParagraphStyles(kept.styles, from: kept.first)])
    }

    /// The paragraph styles, from paragraph `first` on, that `placing` sets after the
    /// replacement; nil where the replacement's own are right.
    func paragraphStylesKept(placing content: RichText, over range: Range<Int>)
        -> (styles: [ParagraphStyle], first: Int)?
    {
        guard range.lowerBound >= 0, range.upperBound <= length, content.length > 0 else { return nil }
        let (first, start) = locate(range.lowerBound)
        guard start == 0 else { return nil }
        let (last, end) = locate(range.upperBound)
        let inserted = content.paragraphs
        let wanted: [ParagraphStyle]
        if inserted.count > 1, inserted[inserted.count - 1].length == 0 {
            wanted = inserted.dropLast().map(\.style) + [paragraphs[last].style]
        } else if end == paragraphs[last].length, inserted.contains(where: { $0.style != .body }) {
            wanted = inserted.map(\.style)
        } else {
            return nil
        }
        // What `replace` gives: the first takes the destination's style, the others their own.
        let replaced = [paragraphs[first].style] + inserted.dropFirst().map(\.style)
        return wanted == replaced ? nil : (wanted, first)
    }
}
