// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Rich text as Tote's canonical Markdown: the same text always gives the same bytes, so a
/// note synced back and forth makes no spurious change (and so no false conflict).
///
/// Paragraphs are separated by a blank line, list items by a line break. Character styles
/// nest in one fixed order (link, span, bold, italic, strikethrough, underline, monospace);
/// `**`, `*` and `~~` are used where CommonMark's flanking rules let them open and close
/// (the styled stretch starts and ends with a letter or digit), HTML tags elsewhere.
struct MarkdownWriter {
    let attachmentTarget: (Attachment) -> String

    func write(_ text: RichText) -> String {
        var markdown = ""
        var previous: ParagraphStyle?
        var number = 0
        for paragraph in text.withoutIncoming.paragraphs {
            if let previous {
                markdown += Self.isSameList(previous, paragraph.style) ? "\n" : "\n\n"
            }
            number = paragraph.style == .numbered && previous == .numbered ? number + 1 : 1
            markdown += Self.marker(paragraph.style, number: number)
            var content = inline(paragraph.runs)
            if content.isEmpty {
                content = "<br>"
            } else {
                content = Self.escapingBlockStart(content)
                if case .heading = paragraph.style, Self.endsWithUnescapedHash(content) {
                    // A heading's closing `#`s are not its text.
                    content.insert("\\", at: content.index(before: content.endIndex))
                }
            }
            markdown += content
            previous = paragraph.style
        }
        return markdown + "\n"
    }

    private static func endsWithUnescapedHash(_ content: String) -> Bool {
        guard content.hasSuffix("#") else { return false }
        let backslashes = content.unicodeScalars.dropLast().reversed().prefix { $0 == "\\" }.count
        return backslashes % 2 == 0
    }

    private static func isSameList(_ a: ParagraphStyle, _ b: ParagraphStyle) -> Bool {
        switch (a, b) {
        case (.bulleted, .bulleted), (.numbered, .numbered), (.checklist, .checklist): return true
        default: return false
        }
    }

    private static func marker(_ style: ParagraphStyle, number: Int) -> String {
        switch style {
        case .body: return ""
        case .heading(let level): return String(repeating: "#", count: level) + " "
        case .bulleted: return "- "
        case .numbered: return "\(number). "
        case .checklist(let checked): return checked ? "- [x] " : "- [ ] "
        }
    }

    /// What would start a block if it began a line: `#`, `>`, `-`, `+`, `=` and `1.`.
    /// (`*`, `_`, `` ` ``, `~`, `|`, `<` and `[` are escaped wherever they are.)
    private static func escapingBlockStart(_ content: String) -> String {
        guard let first = content.unicodeScalars.first else { return content }
        if "#>-+=".unicodeScalars.contains(first) { return "\\" + content }
        let digits = content.unicodeScalars.prefix(while: { ("0"..."9").contains($0) })
        if !digits.isEmpty, digits.count <= 9 {
            let rest = content.unicodeScalars.dropFirst(digits.count)
            if let next = rest.first, next == "." || next == ")" {
                return String(String.UnicodeScalarView(digits)) + "\\" + String(String.UnicodeScalarView(rest))
            }
        }
        return content
    }

    // MARK: Character styles

    /// One character style as it nests: the stretch of runs it covers is written inside it.
    private enum Mark: Hashable {
        case link(String)
        case span(String)
        case bold, italic, strikethrough, underline, monospace
    }

    private static func marks(of run: Run) -> [Mark] {
        let style = run.style
        var marks: [Mark] = []
        if let link = style.link { marks.append(.link(link)) }
        if let css = spanStyle(style) { marks.append(.span(css)) }
        if style.bold { marks.append(.bold) }
        if style.italic { marks.append(.italic) }
        if style.strikethrough { marks.append(.strikethrough) }
        if style.underline { marks.append(.underline) }
        if style.monospace { marks.append(.monospace) }
        return marks
    }

    /// Font, size and colours, the styles Markdown has no syntax for, as CSS that
    /// `MarkdownReader.spanStyle` reads back.
    static func spanStyle(_ style: TextStyle) -> String? {
        var declarations: [String] = []
        if let family = style.fontFamily {
            let quoted = family.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            declarations.append("font-family: '\(quoted)'")
        }
        if let size = style.fontSize { declarations.append("font-size: \(size)pt") }
        if let color = style.textColor { declarations.append("color: \(color.hex)") }
        if let highlight = style.highlight { declarations.append("background-color: \(highlight.hex)") }
        return declarations.isEmpty ? nil : declarations.joined(separator: "; ")
    }

    /// A paragraph's runs, each mark opened where its stretch starts and closed where it ends.
    private func inline(_ runs: [Run]) -> String {
        let marks = runs.map(Self.marks)
        var output = ""
        var open: [(mark: Mark, closing: String)] = []
        for (index, run) in runs.enumerated() {
            let wanted = marks[index]
            var kept = 0
            while kept < open.count, kept < wanted.count, open[kept].mark == wanted[kept] { kept += 1 }
            while open.count > kept { output += open.removeLast().closing }
            for depth in kept..<wanted.count {
                let mark = wanted[depth]
                // The stretch this mark covers: from here while each run keeps this prefix.
                var end = index + 1
                while end < runs.count, marks[end].count > depth, Array(marks[end][...depth]) == Array(wanted[...depth]) {
                    end += 1
                }
                // `**`, `*` and `~~` open and close only against a letter or digit of their own
                // text (CommonMark's flanking rules), and never against another `*` or `~`.
                let touchesText = depth == wanted.count - 1 && marks[end - 1].count == depth + 1
                    && Self.isWordCharacter(run.text.unicodeScalars.first)
                    && Self.isWordCharacter(runs[end - 1].text.unicodeScalars.last)
                let touchesDelimiter = output.unicodeScalars.last.map { "*~".unicodeScalars.contains($0) } ?? false
                let (opening, closing) = delimiters(
                    mark, stretch: runs[index..<end], markdownEmphasis: touchesText && !touchesDelimiter)
                output += opening
                open.append((mark, closing))
            }
            if let attachment = run.attachment {
                output += embed(attachment)
            } else if open.last?.closing.hasSuffix("`") == true {
                output += run.text
            } else {
                output += Self.escaped(run.text)
            }
        }
        while let last = open.popLast() { output += last.closing }
        return Self.protectingEdges(output)
    }

    private func delimiters(_ mark: Mark, stretch: ArraySlice<Run>, markdownEmphasis markdown: Bool) -> (String, String) {
        switch mark {
        case .link(let target):
            return ("[", "](\(Self.destination(target)))")
        case .span(let css):
            return ("<span style=\"\(Self.attributeEscaped(css))\">", "</span>")
        case .bold: return markdown ? ("**", "**") : ("<b>", "</b>")
        case .italic: return markdown ? ("*", "*") : ("<i>", "</i>")
        case .strikethrough: return markdown ? ("~~", "~~") : ("<s>", "</s>")
        case .underline: return ("<u>", "</u>")
        case .monospace:
            // A code span holds its text literally; one with an attachment in it cannot.
            guard stretch.allSatisfy({ $0.attachment == nil }) else { return ("<code>", "</code>") }
            let text = stretch.map(\.text).joined()
            let longest = Self.longestBacktickRun(text)
            let fence = String(repeating: "`", count: longest + 1)
            let scalars = text.unicodeScalars
            let pad = scalars.first == "`" || scalars.last == "`"
                || (scalars.first == " " && scalars.last == " " && scalars.contains { $0 != " " })
            return (pad ? fence + " " : fence, pad ? " " + fence : fence)
        }
    }

    private func embed(_ attachment: Attachment) -> String {
        let implied = MarkdownFormat.mimeType(forExtension: attachment.media.fileExtension)
        var title = ""
        if attachment.mimeType != implied {
            let quoted = attachment.mimeType.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"")
            title = " \"\(quoted)\""
        }
        // Nextcloud Text writes every attachment as an image; a file Tote shows as a chip
        // although its type is a picture's (too large to decode) is a plain link.
        let shownInPlace = attachment.kind != .file || Attachment.kind(forMIMEType: attachment.mimeType) == .file
        return (shownInPlace ? "![" : "[") + Self.escaped(attachment.fileName) + "](\(Self.destination(attachmentTarget(attachment)))\(title))"
    }

    /// A link's target in angle brackets, where spaces and parentheses need no escape.
    private static func destination(_ target: String) -> String {
        "<" + target.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "<", with: "\\<").replacingOccurrences(of: ">", with: "\\>") + ">"
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    private static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0
        var current = 0
        for scalar in text.unicodeScalars {
            current = scalar == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }

    /// Markdown's punctuation in text, escaped where it could mean something: `_` only
    /// outside words, where it could open emphasis.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\", "`", "*", "[", "]", "<", "~":
                result.unicodeScalars.append("\\")
            case "&":
                // Only where it could start a character reference.
                if index + 1 < scalars.count, scalars[index + 1] == "#" || scalars[index + 1].properties.isAlphabetic {
                    result.unicodeScalars.append("\\")
                }
            case "_":
                let inWord = index > 0 && index + 1 < scalars.count
                    && isWordCharacter(scalars[index - 1]) && isWordCharacter(scalars[index + 1])
                if !inWord { result.unicodeScalars.append("\\") }
            default:
                break
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    private static func attributeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// Spaces and tabs at a line's ends, which Markdown drops, written as character references.
    private static func protectingEdges(_ content: String) -> String {
        let scalars = content.unicodeScalars
        let isBlank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
        let leading = scalars.prefix(while: isBlank)
        guard leading.count < scalars.count else {
            return scalars.map { $0 == " " ? "&#32;" : "&#9;" }.joined()
        }
        let trailing = scalars.reversed().prefix(while: isBlank)
        guard !leading.isEmpty || !trailing.isEmpty else { return content }
        let middle = scalars.dropFirst(leading.count).dropLast(trailing.count)
        return leading.map { $0 == " " ? "&#32;" : "&#9;" }.joined() + String(String.UnicodeScalarView(middle))
            + trailing.reversed().map { $0 == " " ? "&#32;" : "&#9;" }.joined()
    }
}
