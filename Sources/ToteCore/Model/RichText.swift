// SPDX-License-Identifier: GPL-3.0-or-later
/// A stretch of text in one style, or one attachment.
public struct Run: Hashable, Sendable {
    public private(set) var text: String
    public var style: TextStyle
    /// Held apart: few runs have one, and inline it made every run twice its size (the 1 MB
    /// note's 20,000 runs: 6.5 MB of model, 2 MB of it room for attachments; `./dev bench`).
    private var attachmentBox: AttachmentBox?
    /// Length in Unicode scalars, the unit of every offset in `RichText`.
    public private(set) var length: Int

    public var attachment: Attachment? { attachmentBox?.attachment }

    /// A run of text. Paragraph breaks and the attachment character are not allowed in it:
    /// `RichText(plain:)` splits and cleans text from outside.
    public init(_ text: String, style: TextStyle = .plain) {
        precondition(!text.unicodeScalars.contains { $0 == "\n" || $0 == Attachment.character },
                     "a run holds no paragraph break and no attachment character")
        self.text = text
        self.style = style
        self.length = text.unicodeScalars.count
    }

    /// Text already cleaned (no paragraph break, attachment character or control but tab)
    /// and its length in scalars.
    init(cleanText text: String, length: Int, style: TextStyle) {
        self.text = text
        self.style = style
        self.length = length
    }

    public init(attachment: Attachment, style: TextStyle = .plain) {
        self.text = String(Attachment.character)
        self.style = style
        self.attachmentBox = AttachmentBox(attachment)
        self.length = 1
    }

    /// The part of the run between two offsets within it.
    func slice(_ range: Range<Int>) -> Run {
        if range.lowerBound == 0 && range.upperBound == length { return self }
        var copy = self
        let scalars = text.unicodeScalars
        let start = scalars.index(scalars.startIndex, offsetBy: range.lowerBound)
        let end = scalars.index(start, offsetBy: range.count)
        copy.text = String(scalars[start..<end])
        copy.length = range.count
        return copy
    }

    /// Joins a following run of the same style onto this one; false when they cannot join.
    mutating func absorb(_ next: Run) -> Bool {
        guard attachmentBox == nil, next.attachmentBox == nil, style == next.style else { return false }
        text += next.text
        length += next.length
        return true
    }
}

/// A run's attachment, compared and hashed as the value it holds.
private final class AttachmentBox: Hashable, Sendable {
    let attachment: Attachment

    init(_ attachment: Attachment) {
        self.attachment = attachment
    }

    static func == (a: AttachmentBox, b: AttachmentBox) -> Bool {
        a === b || a.attachment == b.attachment
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(attachment)
    }
}

/// One paragraph: its style and its runs, kept canonical (no empty runs, no two neighbours
/// that could be one), so that equal content is equal as values.
public struct Paragraph: Hashable, Sendable {
    public var style: ParagraphStyle
    public private(set) var runs: [Run]
    public private(set) var length: Int

    public init(style: ParagraphStyle = .body, runs: [Run] = []) {
        self.style = style
        self.runs = []
        self.length = 0
        append(contentsOf: runs)
    }

    public var plainText: String { runs.map(\.text).joined() }

    mutating func append(contentsOf newRuns: [Run]) {
        for run in newRuns where run.length > 0 {
            length += run.length
            if let last = runs.indices.last, runs[last].absorb(run) { continue }
            runs.append(run)
        }
    }

    /// The runs between two offsets within the paragraph, cut at the ends.
    func runs(in range: Range<Int>) -> [Run] {
        var result: [Run] = []
        var start = 0
        for run in runs {
            let end = start + run.length
            defer { start = end }
            guard end > range.lowerBound else { continue }
            guard start < range.upperBound else { break }
            result.append(run.slice(max(range.lowerBound, start) - start..<min(range.upperBound, end) - start))
        }
        return result
    }
}

/// The body of a note: paragraphs of styled runs and attachments.
///
/// Offsets count Unicode scalars, as GtkTextIter counts characters; a paragraph break counts
/// one and an attachment counts one (U+FFFC), so an offset here is an offset in the
/// GtkTextBuffer that shows the text, with no conversion. There is always at least one
/// paragraph; an empty note is one empty body paragraph.
public struct RichText: Hashable, Sendable {
    /// Changed only in this file, each change followed by `indexParagraphs()`.
    public private(set) var paragraphs: [Paragraph]
    /// Where each paragraph starts. Finding an offset's paragraph (`locate`) is a binary search
    /// and the length a lookup: walking every paragraph instead, several times a keystroke,
    /// made typing in a 1 MB note (16,000 paragraphs) fall seconds behind.
    private var starts: [Int] = []

    public init() {
        paragraphs = [Paragraph()]
        indexParagraphs()
    }

    public init(paragraphs: [Paragraph]) {
        self.paragraphs = paragraphs.isEmpty ? [Paragraph()] : paragraphs
        indexParagraphs()
    }

    private mutating func indexParagraphs() {
        var starts: [Int] = []
        starts.reserveCapacity(paragraphs.count)
        var offset = 0
        paragraphs.withUnsafeBufferPointer { paragraphs in
            for index in paragraphs.indices {
                starts.append(offset)
                offset += paragraphs[index].length + 1
            }
        }
        self.starts = starts
    }

    /// Text from outside: line breaks of every convention become paragraph breaks; the
    /// attachment character and control characters other than tab are dropped.
    /// Whether `RichText(plain:)` drops this scalar from a line or ends the line at it: line
    /// breaks, controls but tab, and the attachment character.
    static func isDroppedFromLines(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value) || scalar == Attachment.character
            || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// One pass over the UTF-8 bytes (a String's are valid): a scalar-by-scalar filter, split
    /// and join took about 25 ms for 64 KB in the fuzz target.
    public init(plain text: String, style: TextStyle = .plain, paragraphStyle: ParagraphStyle = .body) {
        var text = text
        paragraphs = text.withUTF8 { bytes in
            var paragraphs: [Paragraph] = []
            var line: [UInt8] = []
            line.reserveCapacity(min(bytes.count, 4096))
            var scalars = 0
            func endLine() {
                let run = Run(cleanText: String(decoding: line, as: UTF8.self), length: scalars, style: style)
                paragraphs.append(Paragraph(style: paragraphStyle, runs: [run]))
                line.removeAll(keepingCapacity: true)
                scalars = 0
            }
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte < 0x80 {
                    switch byte {
                    case 0x0D:  // CR, and CR LF
                        endLine()
                        if index + 1 < count && bytes[index + 1] == 0x0A { index += 1 }
                    case 0x0A:
                        endLine()
                    case 0x09, 0x20..<0x7F:
                        line.append(byte)
                        scalars += 1
                    default:  // C0 controls and DEL
                        break
                    }
                    index += 1
                    continue
                }
                let width = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                switch (byte, bytes[index + 1], width == 3 ? bytes[index + 2] : 0) {
                case (0xC2, 0x85, _), (0xE2, 0x80, 0xA8), (0xE2, 0x80, 0xA9):  // NEL, LS, PS
                    endLine()
                case (0xC2, 0x80...0x9F, _), (0xEF, 0xBF, 0xBC):  // C1 controls, the attachment character
                    break
                default:
                    line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + width]))
                    scalars += 1
                }
                index += width
            }
            endLine()
            return paragraphs
        }
        indexParagraphs()
    }

    public var length: Int { starts[starts.count - 1] + paragraphs[paragraphs.count - 1].length }

    public var isEmpty: Bool { paragraphs.count == 1 && paragraphs[0].length == 0 }

    /// The text with U+FFFC for attachments and "\n" between paragraphs.
    public var plainText: String { paragraphs.map(\.plainText).joined(separator: "\n") }

    /// The paragraph holding an offset and the offset within it. An offset at a paragraph
    /// break belongs to the paragraph the break ends.
    public func locate(_ offset: Int) -> (paragraph: Int, offset: Int) {
        precondition(offset >= 0 && offset <= length, "offset \(offset) outside 0…\(length)")
        // The last paragraph starting at or before the offset.
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low, offset - starts[low])
    }

    /// The offset where a paragraph starts (one past the end, past the last paragraph).
    public func startOffset(ofParagraph index: Int) -> Int {
        index < starts.count ? starts[index] : length + 1
    }

    /// A self-contained copy of a range: its text, styles, paragraph styles and attachments.
    public func fragment(_ range: Range<Int>) -> RichText {
        let (first, start) = locate(range.lowerBound)
        let (last, end) = locate(range.upperBound)
        if first == last {
            return RichText(paragraphs: [Paragraph(
                style: paragraphs[first].style, runs: paragraphs[first].runs(in: start..<end))])
        }
        var result = [Paragraph(
            style: paragraphs[first].style,
            runs: paragraphs[first].runs(in: start..<paragraphs[first].length))]
        result += paragraphs[(first + 1)..<last]
        result.append(Paragraph(style: paragraphs[last].style, runs: paragraphs[last].runs(in: 0..<end)))
        return RichText(paragraphs: result)
    }

    /// Replaces a range with other rich text and returns what was there.
    ///
    /// The paragraph where the range starts keeps its style. When the new text has several
    /// paragraphs, the text after the range joins the last of them and takes its style. So
    /// replacing the new text with the returned text restores the original exactly.
    @discardableResult
    public mutating func replace(_ range: Range<Int>, with replacement: RichText) -> RichText {
        let removed = fragment(range)
        let (first, start) = locate(range.lowerBound)
        let (last, end) = locate(range.upperBound)
        let head = paragraphs[first].runs(in: 0..<start)
        let tail = paragraphs[last].runs(in: end..<paragraphs[last].length)
        let inserted = replacement.paragraphs
        var result: [Paragraph]
        if inserted.count == 1 {
            result = [Paragraph(style: paragraphs[first].style, runs: head + inserted[0].runs + tail)]
        } else {
            result = [Paragraph(style: paragraphs[first].style, runs: head + inserted[0].runs)]
            result += inserted[1..<(inserted.count - 1)]
            result.append(Paragraph(style: inserted[inserted.count - 1].style,
                                    runs: inserted[inserted.count - 1].runs + tail))
        }
        paragraphs.replaceSubrange(first...last, with: result)
        indexParagraphs()
        return removed
    }

    /// Sets the styles of consecutive paragraphs and returns their previous styles.
    @discardableResult
    public mutating func setParagraphStyles(_ styles: [ParagraphStyle], from first: Int) -> [ParagraphStyle] {
        let previous = paragraphs[first..<(first + styles.count)].map(\.style)
        for (index, style) in zip(first..., styles) { paragraphs[index].style = style }
        return previous
    }

    /// The same text with `change` applied to the character style of every run.
    public func restyled(_ change: (inout TextStyle) -> Void) -> RichText {
        RichText(paragraphs: paragraphs.map { paragraph in
            Paragraph(style: paragraph.style, runs: paragraph.runs.map { run in
                var run = run
                change(&run.style)
                return run
            })
        })
    }

    /// Every attachment, in order.
    public var attachments: [Attachment] {
        paragraphs.flatMap { $0.runs.compactMap(\.attachment) }
    }
}

extension String {
    /// CR LF, CR, NEL, LS and PS become LF.
    func replacingLineBreaks() -> String {
        var scalars = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in unicodeScalars {
            switch scalar {
            case "\r":
                scalars.append("\n")
                previousWasCR = true
                continue
            case "\n" where previousWasCR:
                break
            case "\u{85}", "\u{2028}", "\u{2029}":
                scalars.append("\n")
            default:
                scalars.append(scalar)
            }
            previousWasCR = false
        }
        return String(scalars)
    }
}

extension String {
    /// Without any U+0000, for a reader of C strings (libical, EVCard), where one would end the
    /// text. Not `replacingOccurrences(of: "\u{0}", with: "")`: it leaves a NUL that a
    /// combining mark follows, and bridges the whole text through NSString even when there is
    /// no NUL at all.
    func removingNULs() -> String {
        guard utf8.contains(0) else { return self }
        // A zero byte in UTF-8 is U+0000 and nothing else: the bytes stay valid without it.
        return String(decoding: utf8.filter { $0 != 0 }, as: UTF8.self)
    }
}

extension String {
    /// The lines, split where `Character.isNewline` splits (at LF, VT, FF, CR, CR LF, NEL, LS
    /// and PS; a newline never joins a grapheme but CR LF), walking scalars: splitting by
    /// Characters found every grapheme boundary of every line, most of the readers' time.
    /// At most `limit` lines.
    func lines(omittingEmpty: Bool, limit: Int = .max) -> [Substring] {
        var lines: [Substring] = []
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var index = start
        while index != scalars.endIndex, lines.count < limit {
            let scalar = scalars[index]
            guard scalar.isFoundationNewline else {
                index = scalars.index(after: index)
                continue
            }
            if !omittingEmpty || start != index { lines.append(Substring(scalars[start..<index])) }
            index = scalars.index(after: index)
            if scalar == "\r", index != scalars.endIndex, scalars[index] == "\n" { index = scalars.index(after: index) }
            start = index
        }
        if lines.count < limit, !omittingEmpty || start != scalars.endIndex {
            lines.append(Substring(scalars[start..<scalars.endIndex]))
        }
        return lines
    }
}

extension StringProtocol where SubSequence == Substring {
    /// `trimmingCharacters(in: .whitespaces)` without Foundation: the same scalars go (tab,
    /// the space separators and U+200B, as Foundation's set has them), about ten times
    /// faster. Foundation bridges every call to an NSString and back through UTF-16; the
    /// readers trim every line of what comes in, several times.
    func trimmingSpaces() -> String {
        trimmingScalars { $0.isFoundationWhitespace }
    }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)` without Foundation, as `trimmingSpaces`.
    func trimmingSpacesAndNewlines() -> String {
        trimmingScalars { $0.isFoundationWhitespace || $0.isFoundationNewline }
    }

    private func trimmingScalars(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }),
              let last = scalars.lastIndex(where: { !drop($0) })
        else { return "" }
        return String(self[first..<scalars.index(after: last)])
    }
}

extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.whitespaces`: tab, the space separators (Zs) and U+200B,
    /// a space separator in older Unicode that Foundation's table still holds.
    var isFoundationWhitespace: Bool {
        if value < 0x80 { return value == 0x20 || value == 0x09 }
        return value == 0x200B || properties.generalCategory == .spaceSeparator
    }

    /// What `CharacterSet.whitespacesAndNewlines` adds: U+000A–U+000D, U+0085, and the line
    /// and paragraph separators.
    var isFoundationNewline: Bool {
        (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }
}
