// SPDX-License-Identifier: GPL-3.0-or-later
import CMarkGFM
import Foundation
import Synchronization

/// Markdown to rich text, through cmark-gfm (GitHub's parser, from Debian). Walks the
/// document with cmark's iterator, not recursion, so 100,000 nested quotes cost no stack.
///
/// Reads Tote's own form exactly (`MarkdownWriter`), and what other apps write as its
/// nearest form: a soft line break starts a paragraph (a line in the file is a line in the
/// note), quotes and code blocks become body text (code in monospace), tables a paragraph
/// per row with cells apart by tabs, raw HTML blocks their text, Nextcloud Text's
/// `__underline__` underline, Obsidian's `![[embed]]` the file it names.
struct MarkdownReader {
    let resolve: (MarkdownFormat.Embed) -> Attachment?

    private var paragraphs: [Paragraph] = []
    private var runs: [Run] = []
    private var paragraphStyle: ParagraphStyle = .body
    /// Whether a block is open whose text goes into `runs` (a `<br>` alone in one is an empty paragraph).
    private var blockIsOpen = false
    private var itemStyles: [ParagraphStyle] = []
    private var itemHasParagraph: [Bool] = []
    private var bold = 0, italic = 0, strikethrough = 0, underline = 0, monospace = 0
    private var links: [String?] = []
    private var spans: [TextStyle] = []
    /// An image or an attachment's link being read: its alt text or link text gathers here.
    private var embed: (target: String, title: String?, shownInPlace: Bool, name: String)?
    private var source = Data()
    /// The source's lines, split the first time a strong emphasis asks (most notes have none).
    private var sourceLines: [ArraySlice<UInt8>]?

    init(resolve: @escaping (MarkdownFormat.Embed) -> Attachment?) {
        self.resolve = resolve
    }

    /// cmark-gfm registers its extensions with no lock: once, through Swift's lazy `static let`.
    private static let extensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// cmark-gfm keeps the characters its extensions look for in one table for the whole
    /// process, added when a parser takes an extension and taken out when it is freed: two
    /// parsers at once (the notes folder's queue, a Markdown file dropped) lose each other's
    /// `~`. So one parses at a time.
    private static let parsing = Mutex(())

    private static func parse(_ data: Data) -> OpaquePointer? {
        _ = extensionsRegistered
        return parsing.withLock { _ in
            guard let parser = cmark_parser_new(CMARK_OPT_VALIDATE_UTF8) else { return nil }
            defer { cmark_parser_free(parser) }
            for name in ["strikethrough", "tasklist", "table"] {
                if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
            }
            data.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { cmark_parser_feed(parser, base.assumingMemoryBound(to: CChar.self), bytes.count) }
            }
            return cmark_parser_finish(parser)
        }
    }

    mutating func read(_ data: Data) -> RichText {
        guard let document = Self.parse(data) else { return RichText() }
        defer { cmark_node_free(document) }
        cmark_consolidate_text_nodes(document)
        source = data
        guard let iterator = cmark_iter_new(document) else { return RichText() }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            guard event != CMARK_EVENT_DONE, let node = cmark_iter_get_node(iterator) else { break }
            if event == CMARK_EVENT_ENTER { enter(node) } else { exit(node) }
        }
        finishParagraph()
        return RichText(paragraphs: paragraphs.flatMap(Self.withinMaximumLength))
    }

    /// A line longer than a note's paragraphs may be (GtkTextView lays out a paragraph as one
    /// piece) is kept whole, as consecutive paragraphs of the longest length.
    private static func withinMaximumLength(_ paragraph: Paragraph) -> [Paragraph] {
        let maximum = RichText.maximumParagraphLength
        guard paragraph.length > maximum else { return [paragraph] }
        return stride(from: 0, to: paragraph.length, by: maximum).map { start in
            Paragraph(style: paragraph.style, runs: paragraph.runs(in: start..<min(start + maximum, paragraph.length)))
        }
    }

    private func typeName(_ node: OpaquePointer) -> String {
        cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
    }

    private func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    // MARK: Blocks and inlines

    private mutating func enter(_ node: OpaquePointer) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            let isItemsFirst = itemHasParagraph.last == false
            startBlock(isItemsFirst ? itemStyles.last ?? .body : .body)
            if isItemsFirst { itemHasParagraph[itemHasParagraph.count - 1] = true }
        case CMARK_NODE_HEADING:
            startBlock(.heading(level: Int(cmark_node_get_heading_level(node))))
        case CMARK_NODE_LIST:
            // An item that only holds a nested list is not an empty paragraph of its own.
            if !itemHasParagraph.isEmpty { itemHasParagraph[itemHasParagraph.count - 1] = true }
        case CMARK_NODE_ITEM:
            let ordered = cmark_node_get_list_type(cmark_node_parent(node)) == CMARK_ORDERED_LIST
            let style: ParagraphStyle = typeName(node) == "tasklist"
                ? .checklist(checked: cmark_gfm_extensions_get_tasklist_item_checked(node))
                : ordered ? .numbered : .bulleted
            itemStyles.append(style)
            itemHasParagraph.append(false)
        case CMARK_NODE_CODE_BLOCK:
            monospace += 1
            appendLines(literal(node).hasSuffix("\n") ? String(literal(node).dropLast()) : literal(node))
            monospace -= 1
        case CMARK_NODE_HTML_BLOCK:
            let html = literal(node).trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if ["<br>", "<br/>", "<br />"].contains(html) {
                // Tote's empty paragraph: alone on its line, `<br>` is an HTML block.
                let isItemsFirst = itemHasParagraph.last == false
                startBlock(isItemsFirst ? itemStyles.last ?? .body : .body)
                if isItemsFirst { itemHasParagraph[itemHasParagraph.count - 1] = true }
                finishParagraph()
            } else {
                appendHTMLBlock(literal(node))
            }
        case CMARK_NODE_TEXT:
            appendText(literal(node))
        case CMARK_NODE_CODE:
            monospace += 1
            appendText(literal(node))
            monospace -= 1
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            if embed != nil { embed?.name += " " } else { breakLine() }
        case CMARK_NODE_HTML_INLINE:
            htmlTag(literal(node))
        case CMARK_NODE_EMPH:
            italic += 1
        case CMARK_NODE_STRONG:
            // Nextcloud Text writes underline as `__x__`, which CommonMark reads as strong.
            if startsWithUnderscores(node) { underline += 1 } else { bold += 1 }
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            let target = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let title = cmark_node_get_title(node).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            let shownInPlace = cmark_node_get_type(node) == CMARK_NODE_IMAGE
            if embed == nil, shownInPlace || !target.contains(":") {
                embed = (target, title, shownInPlace, "")
            } else {
                links.append(target)
            }
        default:
            switch typeName(node) {
            case "strikethrough": strikethrough += 1
            case "table_row": startBlock(.body)
            case "table_cell": if !runs.isEmpty { appendText("\t") }
            default: break
            }
        }
    }

    private mutating func exit(_ node: OpaquePointer) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
            finishParagraph()
        case CMARK_NODE_ITEM:
            if itemHasParagraph.last == false {
                startBlock(itemStyles.last ?? .bulleted)
                finishParagraph()
            }
            itemStyles.removeLast()
            itemHasParagraph.removeLast()
        case CMARK_NODE_EMPH:
            italic -= 1
        case CMARK_NODE_STRONG:
            if startsWithUnderscores(node) { underline -= 1 } else { bold -= 1 }
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            if let embed {
                finishEmbed(embed)
            } else if !links.isEmpty {
                links.removeLast()
            }
        default:
            switch typeName(node) {
            case "strikethrough": strikethrough -= 1
            case "table_row": finishParagraph()
            default: break
            }
        }
    }

    private mutating func finishEmbed(_ found: (target: String, title: String?, shownInPlace: Bool, name: String)) {
        embed = nil
        let request = MarkdownFormat.Embed(target: found.target, name: found.name, title: found.title,
                                           isShownInPlace: found.shownInPlace)
        if let attachment = resolve(request) {
            runs.append(Run(attachment: attachment, style: style))
            return
        }
        // Not a file beside the notes (a web picture, a missing file): its text stays, as a
        // link where the target is one Tote allows.
        links.append(found.target)
        appendText(found.name.isEmpty ? found.target : found.name)
        links.removeLast()
    }

    private mutating func startsWithUnderscores(_ node: OpaquePointer) -> Bool {
        let line = Int(cmark_node_get_start_line(node)) - 1
        let column = Int(cmark_node_get_start_column(node)) - 1
        let lines = sourceLines ?? Array(source).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        sourceLines = lines
        guard lines.indices.contains(line) else { return false }
        let bytes = lines[line]
        let start = bytes.startIndex + column
        return start >= bytes.startIndex && start + 1 < bytes.endIndex
            && bytes[start] == UInt8(ascii: "_") && bytes[start + 1] == UInt8(ascii: "_")
    }

    // MARK: Text

    private var style: TextStyle {
        var style = spans.last ?? .plain
        style.bold = bold > 0
        style.italic = italic > 0
        style.strikethrough = strikethrough > 0
        style.underline = underline > 0
        style.monospace = monospace > 0
        style.link = links.last(where: { $0 != nil }) ?? nil
        return style
    }

    private mutating func startBlock(_ style: ParagraphStyle) {
        finishParagraph()
        paragraphStyle = style
        blockIsOpen = true
    }

    private mutating func finishParagraph() {
        if blockIsOpen || !runs.isEmpty {
            paragraphs.append(Paragraph(style: paragraphStyle, runs: runs))
        }
        runs = []
        blockIsOpen = false
    }

    /// A line break inside a block: the next line is a paragraph of the same style, as in the file.
    private mutating func breakLine() {
        let style = paragraphStyle
        finishParagraph()
        paragraphStyle = style
    }

    private mutating func appendText(_ text: String) {
        if embed != nil {
            embed?.name += text
            return
        }
        var remaining = Substring(text)
        // Obsidian's embeds, `![[file.png]]` and `![[file.png|300]]` (most text has no "!").
        while remaining.utf8.contains(UInt8(ascii: "!")), let open = remaining.firstRange(of: "![["),
              let close = remaining[open.upperBound...].firstRange(of: "]]") {
            appendCleanText(remaining[..<open.lowerBound])
            let inside = remaining[open.upperBound..<close.lowerBound]
            let name = String(inside.split(separator: "|", maxSplits: 1).first ?? inside)
            let request = MarkdownFormat.Embed(target: name, name: name, title: nil, isShownInPlace: true)
            if let attachment = resolve(request) {
                runs.append(Run(attachment: attachment, style: style))
            } else {
                appendCleanText(remaining[open.lowerBound..<close.upperBound])
            }
            remaining = remaining[close.upperBound...]
        }
        appendCleanText(remaining)
    }

    private mutating func appendCleanText(_ text: Substring) {
        guard !text.isEmpty else { return }
        if !text.unicodeScalars.contains(where: RichText.isDroppedFromLines) {
            runs.append(Run(cleanText: String(text), length: text.unicodeScalars.count, style: style))
            return
        }
        let lines = RichText(plain: String(text)).paragraphs
        for (index, line) in lines.enumerated() {
            if index > 0 { breakLine() }
            let clean = line.plainText
            if !clean.isEmpty { runs.append(Run(clean, style: style)) }
        }
    }

    /// Literal lines (a code block, an HTML block): one paragraph each.
    private mutating func appendLines(_ text: String) {
        startBlock(.body)
        appendText(text)
        finishParagraph()
    }

    // MARK: Raw HTML

    /// The tags Tote writes and a few common others; any other tag is left out, its text kept.
    private mutating func htmlTag(_ tag: String) {
        let lowered = tag.lowercased()
        let closing = lowered.hasPrefix("</")
        let name = lowered.drop(while: { $0 == "<" || $0 == "/" }).prefix(while: { $0.isLetter || $0.isNumber })
        let step = closing ? -1 : 1
        switch name {
        case "br":
            if runs.isEmpty && blockIsOpen {
                // `<br>` alone in a block: Tote's empty paragraph.
                finishParagraph()
                blockIsOpen = false
            } else {
                breakLine()
            }
        case "b", "strong": bold = max(bold + step, 0)
        case "i", "em": italic = max(italic + step, 0)
        case "s", "del", "strike": strikethrough = max(strikethrough + step, 0)
        case "u", "ins": underline = max(underline + step, 0)
        case "code", "kbd", "tt", "samp": monospace = max(monospace + step, 0)
        case "span":
            if closing {
                if !spans.isEmpty { spans.removeLast() }
            } else {
                spans.append(Self.spanStyle(Self.attribute("style", in: tag) ?? "", over: spans.last ?? .plain))
            }
        default: break
        }
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let start = tag.range(of: name + "=\"", options: .caseInsensitive),
              let end = tag[start.upperBound...].firstIndex(of: "\"")
        else { return nil }
        return String(tag[start.upperBound..<end]).replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The declarations `MarkdownWriter.spanStyle` writes; others are ignored.
    static func spanStyle(_ css: String, over outer: TextStyle) -> TextStyle {
        var style = outer
        for declaration in Self.declarations(css) {
            let value = declaration.value
            switch declaration.property {
            case "font-family":
                style.fontFamily = value
            case "font-size":
                if value.hasSuffix("pt"), let size = Double(value.dropLast(2)), size.isFinite, size > 0 {
                    style.fontSize = min(size, 1000)
                }
            case "color": style.textColor = RGBAColor(hex: value) ?? style.textColor
            case "background-color": style.highlight = RGBAColor(hex: value) ?? style.highlight
            default: break
            }
        }
        return style
    }

    /// `property: value` pairs, a value in single quotes taken with its `\` escapes.
    private static func declarations(_ css: String) -> [(property: String, value: String)] {
        var result: [(String, String)] = []
        var scalars = Substring(css).unicodeScalars[...]
        while !scalars.isEmpty {
            let property = String(String.UnicodeScalarView(scalars.prefix(while: { $0 != ":" && $0 != ";" })))
            scalars = scalars.dropFirst(property.unicodeScalars.count)
            guard scalars.first == ":" else { scalars = scalars.dropFirst(); continue }
            scalars = scalars.dropFirst().drop(while: { $0 == " " })
            var value = String.UnicodeScalarView()
            if scalars.first == "'" {
                scalars = scalars.dropFirst()
                while let scalar = scalars.first, scalar != "'" {
                    scalars = scalars.dropFirst()
                    if scalar == "\\", let escaped = scalars.first {
                        value.append(escaped)
                        scalars = scalars.dropFirst()
                    } else {
                        value.append(scalar)
                    }
                }
                scalars = scalars.dropFirst()
                scalars = scalars.drop(while: { $0 != ";" })
            } else {
                value.append(contentsOf: scalars.prefix(while: { $0 != ";" }))
                scalars = scalars.dropFirst(value.count)
            }
            scalars = scalars.dropFirst()
            result.append((property.trimmingCharacters(in: .whitespaces).lowercased(),
                           String(value).trimmingCharacters(in: .whitespaces)))
        }
        return result
    }

    /// An HTML block, through the HTML import: styles, lists and links kept, media and
    /// scripts dropped; its source as text when libxml2 makes nothing of it.
    private mutating func appendHTMLBlock(_ html: String) {
        finishParagraph()
        guard let text = try? HTMLImport.richText(fromHTML: Data(html.utf8), storeMedia: { _, _ in throw CancellationError() })
        else {
            appendLines(html)
            return
        }
        paragraphs += text.paragraphs.filter { $0.length > 0 }
    }
}
