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

    /// Turns a boolean character style on across a range, or off when all of it has it already.
    public func toggling(_ attribute: WritableKeyPath<TextStyle, Bool>, in range: Range<Int>) -> NoteCommand? {
        guard !range.isEmpty else { return nil }
        let current = fragment(range)
        let allHaveIt = current.paragraphs.allSatisfy { $0.runs.allSatisfy { $0.style[keyPath: attribute] } }
        return .replace(range, with: current.restyled { $0[keyPath: attribute] = !allHaveIt })
    }

    /// Whether every character of a non-empty range has a boolean style; for an empty range,
    /// whether text typed there would have it.
    public func has(_ attribute: KeyPath<TextStyle, Bool>, in range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return style(at: range.lowerBound)[keyPath: attribute] }
        return fragment(range).paragraphs.allSatisfy { paragraph in
            paragraph.runs.allSatisfy { $0.style[keyPath: attribute] }
        }
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

    /// The mark shown before a paragraph: a bullet, its number in its run of numbered
    /// paragraphs, or a checkbox.
    public func marker(forParagraph index: Int) -> String? {
        switch paragraphs[index].style {
        case .bulleted: return "•"
        case .checklist(let checked): return checked ? "☑" : "☐"
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
