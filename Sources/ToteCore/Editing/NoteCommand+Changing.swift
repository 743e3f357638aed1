// SPDX-License-Identifier: GPL-3.0-or-later
extension NoteCommand {
    /// The command that turns `old` into `new` touching only the paragraphs that differ, so
    /// that an editor showing the note keeps its cursor and selection on the same text (a
    /// change from a notes folder's file, where the whole note is all there is).
    public static func changing(_ old: RichText, to new: RichText) -> NoteCommand {
        let oldParagraphs = old.paragraphs
        let newParagraphs = new.paragraphs
        var prefix = 0
        while prefix < oldParagraphs.count, prefix < newParagraphs.count, oldParagraphs[prefix] == newParagraphs[prefix] {
            prefix += 1
        }
        var suffix = 0
        while suffix < oldParagraphs.count - prefix, suffix < newParagraphs.count - prefix,
              oldParagraphs[oldParagraphs.count - 1 - suffix] == newParagraphs[newParagraphs.count - 1 - suffix] {
            suffix += 1
        }
        if prefix == oldParagraphs.count && prefix == newParagraphs.count { return .sequence([]) }
        let oldEnd = oldParagraphs.count - suffix
        let middle = Array(newParagraphs[prefix..<(newParagraphs.count - suffix)])
        let replace: NoteCommand
        if prefix < oldEnd && !middle.isEmpty {
            // Paragraphs changed: their text replaced.
            let end = old.startOffset(ofParagraph: oldEnd - 1) + oldParagraphs[oldEnd - 1].length
            replace = .replace(old.startOffset(ofParagraph: prefix)..<end, with: RichText(paragraphs: middle))
        } else if !middle.isEmpty {
            // Paragraphs added, before the unchanged ones or at the end.
            replace = prefix < oldParagraphs.count
                ? .insert(RichText(paragraphs: middle + [Paragraph()]), at: old.startOffset(ofParagraph: prefix))
                : .insert(RichText(paragraphs: [Paragraph()] + middle), at: old.length)
        } else {
            // Paragraphs removed, with the break after them (or before them, at the end).
            replace = suffix > 0
                ? .delete(old.startOffset(ofParagraph: prefix)..<old.startOffset(ofParagraph: oldEnd))
                : .delete((old.startOffset(ofParagraph: prefix) - 1)..<old.length)
        }
        var result = old
        guard (try? result.apply(replace)) != nil, result.paragraphs.count == newParagraphs.count else {
            return .sequence([.replace(0..<old.length, with: new), .setParagraphStyles(newParagraphs.map(\.style), from: 0)])
        }
        // A replace keeps the style of the paragraph it starts in: the styles around it are set.
        let window = max(prefix - 1, 0)..<min(prefix + middle.count + 1, newParagraphs.count)
        let styles = NoteCommand.setParagraphStyles(newParagraphs[window].map(\.style), from: window.lowerBound)
        _ = try? result.apply(styles)
        guard result == new else {
            return .sequence([.replace(0..<old.length, with: new), .setParagraphStyles(newParagraphs.map(\.style), from: 0)])
        }
        return .sequence([replace, styles])
    }
}
