// SPDX-License-Identifier: GPL-3.0-or-later
/// The decisions behind everyday editing: what typed text looks like, what a style toggle
/// does, how paragraph styles change. The editor turns each into a command.
extension RichText {
    /// The character style at an insertion point: that of the character before it in the
    /// paragraph, else of the one after it, else plain. Links do not extend to typed text,
    /// and attachments lend their style but are not copied.
    public func style(at offset: Int) -> TextStyle {
        let (index, position) = locate(offset)
        let paragraph = paragraphs[index]
        var start = 0
        var chosen: TextStyle?
        for run in paragraph.runs {
            let end = start + run.length
            if position > start && position <= end { chosen = run.style; break }
            if position == 0 { chosen = run.style; break }
            start = end
        }
        var style = chosen ?? .plain
        style.link = nil
        return style
    }

    /// The rich text that typing (or pasting plain) `typed` at `offset` inserts. Text takes
    /// `typingStyle` or the style at the insertion point; a paragraph break continues a list
    /// or checklist (unchecked) and ends a heading.
    public func typing(_ typed: String, at offset: Int, typingStyle: TextStyle? = nil) -> RichText {
        let style = typingStyle ?? self.style(at: offset)
        var inserted = RichText(plain: typed, style: style)
        if inserted.paragraphs.count > 1 {
            let current = paragraphs[locate(offset).paragraph].style
            let next: ParagraphStyle
            switch current {
            case .heading: next = .body
            case .checklist: next = .checklist(checked: false)
            default: next = current
            }
            inserted.setParagraphStyles(
                Array(repeating: next, count: inserted.paragraphs.count - 1), from: 1)
        }
        return inserted
    }

    /// Whether `command` only changes the character styles of text that stays as it is (the
    /// same characters, attachments and paragraph styles). A view can then restyle in place:
    /// deleting and inserting the text drops the selection for a moment, and on X11 the
    /// primary selection's late "lost" notice then collapsed it for good.
    public func onlyRestyles(_ command: NoteCommand) -> Bool {
        guard case .replace(let range, let replacement) = command, !range.isEmpty,
              range.lowerBound >= 0, range.upperBound <= length, replacement.length == range.count
        else { return false }
        let current = fragment(range)
        return current.plainText == replacement.plainText && current.attachments == replacement.attachments
            && current.paragraphs.map(\.style) == replacement.paragraphs.map(\.style)
    }

    /// Turns a boolean character style on across a range, or off when all of it has it already.
    public func toggling(_ attribute: WritableKeyPath<TextStyle, Bool>, in range: Range<Int>) -> NoteCommand? {
        guard !range.isEmpty else { return nil }
        let current = fragment(range)
        let allHaveIt = current.paragraphs.allSatisfy { $0.runs.allSatisfy { $0.style[keyPath: attribute] } }
        return .replace(range, with: current.restyled { $0[keyPath: attribute] = !allHaveIt })
    }

    /// Whether every character of a non-empty range has a boolean style; for an empty range,
    /// whether text typed there would have it.
    /// Walks the runs in place: the toolbar asks on every selection change, and copying a
    /// fragment of a whole long note each time would make selecting it slow.
    /// A range of paragraph breaks alone holds no character: what typed text would have.
    public func has(_ attribute: KeyPath<TextStyle, Bool>, in range: Range<Int>) -> Bool {
        var holdsCharacters = false
        var paragraphStart = 0
        for paragraph in paragraphs where !range.isEmpty {
            guard paragraphStart < range.upperBound else { break }
            var runStart = paragraphStart
            for run in paragraph.runs {
                let runEnd = runStart + run.length
                if runEnd > range.lowerBound, runStart < range.upperBound {
                    if !run.style[keyPath: attribute] { return false }
                    holdsCharacters = true
                }
                runStart = runEnd
            }
            paragraphStart += paragraph.length + 1
        }
        return holdsCharacters || style(at: range.lowerBound)[keyPath: attribute]
    }

    /// Whether the formatting controls show a style as on: every character of a selection
    /// has it; at the caret, text typed there would have it (the style toggled for typing,
    /// when there is one).
    public func showsOn(_ attribute: KeyPath<TextStyle, Bool>, in range: Range<Int>, typingStyle: TextStyle?) -> Bool {
        if range.isEmpty, let typingStyle { return typingStyle[keyPath: attribute] }
        return has(attribute, in: range)
    }

    /// The indexes of the paragraphs a range touches.
    public func paragraphIndexes(touching range: Range<Int>) -> ClosedRange<Int> {
        locate(range.lowerBound).paragraph...locate(range.upperBound).paragraph
    }

    /// Gives the paragraphs a range touches a style, or body text when all have it already.
    /// Checklist items keep their checked state when they stay checklist items.
    public func settingParagraphStyle(_ style: ParagraphStyle, touching range: Range<Int>) -> NoteCommand {
        let indexes = paragraphIndexes(touching: range)
        let current = indexes.map { paragraphs[$0].style }
        let allHaveIt = current.allSatisfy { $0.isSameKind(as: style) }
        let styles = current.map { existing -> ParagraphStyle in
            if allHaveIt { return .body }
            if existing.isSameKind(as: style) { return existing }
            return style
        }
        return .setParagraphStyles(styles, from: indexes.lowerBound)
    }

    /// Checks or unchecks the checklist items a range touches (all become checked unless all
    /// are checked already); nil when it touches none.
    public func togglingChecked(touching range: Range<Int>) -> NoteCommand? {
        let indexes = paragraphIndexes(touching: range)
        let items = indexes.filter { if case .checklist = paragraphs[$0].style { true } else { false } }
        guard !items.isEmpty else { return nil }
        let allChecked = items.allSatisfy { paragraphs[$0].style == .checklist(checked: true) }
        let styles = indexes.map { index -> ParagraphStyle in
            guard case .checklist = paragraphs[index].style else { return paragraphs[index].style }
            return .checklist(checked: !allChecked)
        }
        return .setParagraphStyles(styles, from: indexes.lowerBound)
    }

    /// The mark drawn before a paragraph: a bullet, or its number in its run of numbered
    /// paragraphs. A checklist item has a check box, a widget of its own.
    public func marker(forParagraph index: Int) -> String? {
        switch paragraphs[index].style {
        case .bulleted: return "•"
        case .checklist: return nil  // a real check box (ToteApp's ChecklistBoxes)
        case .numbered:
            var number = 1
            var previous = index - 1
            while previous >= 0, paragraphs[previous].style == .numbered {
                number += 1
                previous -= 1
            }
            return "\(number)."
        case .body, .heading: return nil
        }
    }
}

extension ParagraphStyle {
    /// Same kind, ignoring heading level and checked state: heading 2 is "a heading" like 1.
    func isSameKind(as other: ParagraphStyle) -> Bool {
        switch (self, other) {
        case (.body, .body), (.bulleted, .bulleted), (.numbered, .numbered), (.checklist, .checklist):
            return true
        case (.heading(let a), .heading(let b)):
            return a == b
        default:
            return false
        }
    }
}

extension RichText {
    /// Longest paragraph, in characters, that Tote lets into a note: GtkTextView lays out a
    /// paragraph as one piece, and far longer ones take seconds per change.
    public static let maximumParagraphLength = 100_000

    /// The length of the longest paragraph that replacing `range` with `fragment` would make,
    /// when it is over `maximumParagraphLength`; nil when the result is fine.
    public func overlongParagraph(replacing range: Range<Int>, with fragment: RichText) -> Int? {
        overlongParagraph(replacing: range, withLengths: fragment.paragraphs.map(\.length))
    }

    /// The same for plain text from outside, measured on its bytes before any work is done
    /// with it (a line break of any convention ends a paragraph; lengths are upper bounds,
    /// as characters the model drops are counted).
    public func overlongParagraph(replacing range: Range<Int>, withPlain plain: String) -> Int? {
        var lengths = [0]
        var previousWasCR = false
        for byte in plain.utf8 {
            if byte == 0x0A && previousWasCR { previousWasCR = false; continue }
            previousWasCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                lengths.append(0)
            } else if byte & 0xC0 != 0x80 {
                lengths[lengths.count - 1] += 1
            }
        }
        return overlongParagraph(replacing: range, withLengths: lengths)
    }

    private func overlongParagraph(replacing range: Range<Int>, withLengths inserted: [Int]) -> Int? {
        let (first, start) = locate(range.lowerBound)
        let (last, end) = locate(range.upperBound)
        let head = start
        let tail = paragraphs[last].length - end
        var lengths = inserted
        if lengths.count == 1 {
            lengths[0] += head + tail
        } else {
            lengths[0] += head
            lengths[lengths.count - 1] += tail
        }
        _ = first
        let longest = lengths.max() ?? 0
        return longest > Self.maximumParagraphLength ? longest : nil
    }
}
