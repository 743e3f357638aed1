// SPDX-License-Identifier: GPL-3.0-or-later
/// Spaces around whole words dragged within text, as Apple's text views do: a word dragged
/// out of a sentence leaves one space behind, not two ("on  so"), and a word dropped beside
/// another is kept apart from it by a space ("traffic. Saturday", not "traffic.Saturday").
/// Only a fragment within one paragraph and without attachments is treated so. It is taken
/// out with a space only when it starts and ends with a letter or digit; when it is dropped,
/// each of its ends that is a letter or digit is kept apart from a word beside it ("Pack "
/// dropped after "stove" gives "stove Pack ", as NSTextView's smart insert does).
public enum SmartSpacing {
    /// The range a move takes out of `text`: `source`, and when it is whole words, the one
    /// space that removing it alone would leave doubled, or stranded before punctuation or at
    /// the end of a paragraph.
    public static func removal(of source: Range<Int>, in text: RichText) -> Range<Int> {
        guard isWordLike(text, source) else { return source }
        let before = scalar(in: text, at: source.lowerBound - 1)
        let after = scalar(in: text, at: source.upperBound)
        guard !isWordCharacter(before), !isWordCharacter(after) else { return source }
        if after == " ", before == " " || before == nil {
            return source.lowerBound..<(source.upperBound + 1)
        }
        if before == " ", after.map(closingPunctuation.contains) ?? true {
            return (source.lowerBound - 1)..<source.upperBound
        }
        return source
    }

    /// Whether `fragment` dropped at `offset` of `text` needs a space before it and after it.
    public static func padding(for fragment: RichText, at offset: Int, in text: RichText) -> (before: Bool, after: Bool) {
        padding(for: fragment) { scalar(in: text, at: offset + $0) }
    }

    /// The same, where `neighbour(-1)` and `neighbour(0)` read the characters before and after
    /// the drop point (nil at a paragraph's edge).
    static func padding(for fragment: RichText, neighbour: (Int) -> Unicode.Scalar?) -> (before: Bool, after: Bool) {
        guard let ends = wordEnds(fragment) else { return (false, false) }
        let previous = neighbour(-1), next = neighbour(0)
        let before = ends.first && (isWordCharacter(previous) || previous.map(closingPunctuation.contains) == true)
        return (before, ends.last && isWordCharacter(next))
    }

    private static let closingPunctuation: Set<Unicode.Scalar> = [".", ",", ";", ":", "!", "?", ")", "]", "}", "”", "’", "»"]

    /// A letter or digit of a script written with spaces between words (not Chinese,
    /// Japanese kana, Thai, Lao, Khmer or Myanmar, whose words run together).
    private static func isWordCharacter(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar, scalar.properties.isAlphabetic || scalar.properties.numericType != nil else { return false }
        return !unspacedScripts.contains { $0.contains(scalar.value) }
    }

    private static let unspacedScripts: [ClosedRange<UInt32>] = [
        0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x2E80...0x2FDF, 0x3000...0x30FF, 0x31F0...0x31FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF,
    ]

    /// One paragraph of text without attachments, a word character at each end.
    private static func isWordLike(_ text: RichText, _ range: Range<Int>) -> Bool {
        wordEnds(text, range).map { $0.first && $0.last } ?? false
    }

    /// For one paragraph of text without attachments: whether its first and its last
    /// character are word characters. Nil for anything else.
    private static func wordEnds(_ text: RichText, _ range: Range<Int>? = nil) -> (first: Bool, last: Bool)? {
        let range = range ?? 0..<text.length
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= text.length else { return nil }
        let (first, start) = text.locate(range.lowerBound)
        let (last, _) = text.locate(range.upperBound)
        guard first == last, text.paragraphs[first].runs.allSatisfy({ $0.attachment == nil }) else { return nil }
        let scalars = Array(text.paragraphs[first].plainText.unicodeScalars)
        return (isWordCharacter(scalars[start]), isWordCharacter(scalars[start + range.count - 1]))
    }

    /// The character at `offset` of `text`: nil outside it and at a paragraph break, the
    /// object replacement character on an attachment.
    static func scalar(in text: RichText, at offset: Int) -> Unicode.Scalar? {
        guard offset >= 0, offset < text.length else { return nil }
        let (index, within) = text.locate(offset)
        var remaining = within
        for run in text.paragraphs[index].runs {
            if remaining < run.length {
                return run.text.unicodeScalars.dropFirst(remaining).first
            }
            remaining -= run.length
        }
        return nil // the paragraph break
    }
}
