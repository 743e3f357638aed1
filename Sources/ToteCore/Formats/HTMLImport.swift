// SPDX-License-Identifier: GPL-3.0-or-later
import CHTMLParser
import Foundation

/// HTML to rich text, through libxml2's HTML parser (which is forgiving of the HTML found in
/// the wild and never touches the network here).
///
/// Keeps bold, italic, underline, strikethrough, code, links (http, https, mailto), headings,
/// lists and checklists; from HTML that Tote exported, also fonts, sizes, colours and inlined
/// media, exactly. Ignores scripts, styles, event attributes and every remote resource:
/// nothing is fetched, an `<img src="http://…">` is dropped.
public enum HTMLImport {
    public enum Failure: Error, Equatable, Sendable {
        /// libxml2 could not make a document of it at all.
        case unreadable
    }

    /// Deeper nesting than this is flattened: its text is kept, its structure ignored.
    /// (libxml2 alone stopped reading at 256 and lost everything after.)
    static let maximumDepth = 200

    /// - Parameter storeMedia: keeps an inlined file's bytes (in the media store) and returns
    ///   its reference; a failure drops that attachment, not the import.
    public static func richText(
        fromHTML data: Data, storeMedia: (Data, _ fileExtension: String) throws -> MediaReference
    ) throws(Failure) -> RichText {
        let document: OpaquePointer? = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
            return tote_html_parse(base.assumingMemoryBound(to: CChar.self), bytes.count, UInt32(maximumDepth))
        }
        guard let document else {
            if data.isEmpty { return RichText() }
            throw .unreadable
        }
        defer { tote_html_free(document) }
        return withoutActuallyEscaping(storeMedia) { storeMedia in
            let root = tote_html_root(document).map(HTMLNode.init)
            var reader = Reader(storeMedia: storeMedia, isToteDocument: root.map(isTote) ?? false)
            if let root { reader.walk(root, style: TextStyle.plain, depth: 0) }
            reader.finishParagraph()
            return RichText(paragraphs: reader.paragraphs)
        }
    }

    private static func isTote(_ root: HTMLNode) -> Bool {
        func visit(_ node: HTMLNode?, depth: Int) -> Bool {
            var node = node
            while let current = node, depth < 4 {
                if current.name == "meta", current.attribute("name") == "generator",
                   current.attribute("content") == HTMLExport.generator
                {
                    return true
                }
                if visit(current.firstChild, depth: depth + 1) { return true }
                node = current.next
            }
            return false
        }
        return visit(root, depth: 0)
    }

    private struct Reader {
        let storeMedia: (Data, String) throws -> MediaReference
        let isToteDocument: Bool

        init(storeMedia: @escaping (Data, String) throws -> MediaReference, isToteDocument: Bool) {
            self.storeMedia = storeMedia
            self.isToteDocument = isToteDocument
        }

        var paragraphs: [Paragraph] = []
        var runs: [Run] = []
        var paragraphStyle: ParagraphStyle = .body
        var listStyles: [ParagraphStyle] = []
        var preformatted = 0
        /// Whether the open paragraph was started by an element (so that it is kept even
        /// when empty, as Tote's `<p></p>` is an empty paragraph).
        var paragraphIsOpen = false

        mutating func walk(_ node: HTMLNode, style: TextStyle, depth: Int) {
            var child: HTMLNode? = node
            // Siblings iteratively; children by recursion, bounded by maximumDepth.
            while let current = child {
                visit(current, style: style, depth: depth)
                child = current.next
            }
        }

        private mutating func visit(_ node: HTMLNode, style: TextStyle, depth: Int) {
            switch tote_html_node_kind(node.pointer) {
            case TOTE_HTML_NODE_TEXT:
                textStyle = style
                appendText(node.text)
            case TOTE_HTML_NODE_ELEMENT:
                element(node, style: style, depth: depth)
            default:
                break
            }
        }

        private mutating func element(_ node: HTMLNode, style: TextStyle, depth: Int) {
            let name = node.name
            if ["script", "style", "head", "title", "noscript", "template", "iframe", "object",
                "embed", "svg", "math", "button", "select", "textarea", "input"].contains(name)
            {
                return
            }
            if name == "a", isToteDocument, node.attribute("data-tote-kind") != nil {
                appendAttachment(node, style: style)  // a file chip: <a download href="data:…">
                return
            }
            var style = style
            var block: ParagraphStyle?
            switch name {
            case "b", "strong": style.bold = true
            case "i", "em", "cite", "var": style.italic = true
            case "u", "ins": style.underline = true
            case "s", "strike", "del": style.strikethrough = true
            case "code", "tt", "kbd", "samp": style.monospace = true
            case "a": style.link = ContentRules.safeLink(node.attribute("href")) ?? style.link
            case "span", "font": break
            case "br":
                lineBreak()
                return
            case "img", "video", "audio":
                appendAttachment(node, style: style)
                return
            case "h1", "h2", "h3", "h4", "h5", "h6":
                block = .heading(level: Int(String(name.last!))!)
            case "p", "div", "blockquote", "section", "article", "header", "footer", "tr", "dt", "dd",
                 "figure", "figcaption", "address", "aside", "nav", "main":
                block = listStyles.last.map { _ in paragraphStyle } ?? .body
            case "pre":
                block = .body
                style.monospace = true
            case "li":
                block = listStyles.last ?? .bulleted
                if let checked = node.attribute("data-tote-checked") {
                    block = .checklist(checked: checked == "true")
                }
            default: break
            }
            if let css = node.attribute("style") { Self.apply(css: css, to: &style, tote: isToteDocument) }

            let list: ParagraphStyle? = switch name {
            case "ul": node.attribute("data-tote") == "checklist" ? .checklist(checked: false) : .bulleted
            case "ol": .numbered
            default: nil
            }
            if let list { listStyles.append(list) }
            if name == "pre" { preformatted += 1 }
            if let block {
                finishParagraph()
                paragraphStyle = block
                paragraphIsOpen = true
            }
            if depth < maximumDepth, let children = node.firstChild {
                walk(children, style: style, depth: depth + 1)
            }
            if block != nil { finishParagraph(keepEmpty: isToteDocument) }
            if name == "pre" { preformatted -= 1 }
            if list != nil { listStyles.removeLast() }
        }

        private mutating func appendText(_ raw: String) {
            guard !raw.isEmpty else { return }
            if isToteDocument && !paragraphIsOpen && runs.isEmpty
                && raw.allSatisfy(\.isWhitespace)
            {
                return  // the line breaks Tote writes between blocks
            }
            if isToteDocument || preformatted > 0 {
                // Literal text; line breaks inside are paragraph breaks.
                let lines = raw.replacingLineBreaks().split(separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() {
                    if index > 0 { lineBreak() }
                    appendRun(String(line))
                }
                return
            }
            // As a browser shows it: runs of white space are one space.
            var collapsed = ""
            var lastWasSpace = runs.last.map { $0.text.last?.isWhitespace ?? false } ?? true
            for character in raw {
                if character.isWhitespace {
                    if !lastWasSpace { collapsed.append(" ") }
                    lastWasSpace = true
                } else {
                    collapsed.append(character)
                    lastWasSpace = false
                }
            }
            appendRun(collapsed)
        }

        /// The character style of the text being read.
        private var textStyle: TextStyle = .plain

        private mutating func appendRun(_ text: String) {
            // Most text nodes hold nothing to clean: reading each as a RichText was half of a
            // 1 MB page's import.
            let clean = text.unicodeScalars.contains(where: RichText.isDroppedFromLines) ? RichText(plain: text).plainText : text
            guard !clean.isEmpty else { return }
            runs.append(Run(clean, style: textStyle))
        }

        private mutating func appendAttachment(_ node: HTMLNode, style: TextStyle) {
            let source = node.attribute("src") ?? node.attribute("href") ?? ""
            guard let (mime, data) = Self.decodeDataURI(source) else { return }  // remote: ignored
            var kind = node.attribute("data-tote-kind").flatMap(Attachment.Kind.init(named:))
                ?? (node.name == "img" ? .image : node.name == "video" ? .video : node.name == "audio" ? .audio : .file)
            if kind == .image {
                // A picture too large to decode (a decompression bomb) stays a file.
                kind = ContentRules.attachmentKind(mimeType: mime, header: data, byteCount: Int64(data.count))
            }
            let fileExtension = node.attribute("data-tote-extension") ?? Self.fileExtension(forMIME: mime)
            guard let reference = try? storeMedia(data, fileExtension) else { return }
            let name = node.attribute("data-tote-name") ?? node.attribute("alt").flatMap { $0.isEmpty ? nil : $0 }
                ?? "\(kind.rawValue).\(fileExtension)"
            let attachment = Attachment(
                kind: kind, media: reference, fileName: name,
                mimeType: node.attribute("data-tote-mime") ?? mime,
                byteCount: Int64(data.count))
            runs.append(Run(attachment: attachment, style: style))
        }

        /// Ends the open paragraph. An empty one is kept only with `keepEmpty` and when an
        /// element opened it (Tote's `<p></p>`, a line after `<br>`).
        mutating func finishParagraph(keepEmpty: Bool = false) {
            var content = runs
            if !isToteDocument && preformatted == 0 { Self.trimSpaces(&content) }
            if !content.isEmpty || (keepEmpty && paragraphIsOpen) {
                paragraphs.append(Paragraph(style: paragraphStyle, runs: content))
            }
            runs = []
            paragraphIsOpen = false
            paragraphStyle = listStyles.last ?? .body
        }

        /// A line break inside a block: the next line is a paragraph of the same style.
        private mutating func lineBreak() {
            let style = paragraphStyle
            paragraphIsOpen = true
            finishParagraph(keepEmpty: true)
            paragraphStyle = style
            paragraphIsOpen = true
        }

        private static func trimSpaces(_ runs: inout [Run]) {
            while let first = runs.first, first.attachment == nil, first.text.first == " " {
                let rest = String(first.text.dropFirst())
                if rest.isEmpty { runs.removeFirst() } else { runs[0] = Run(rest, style: first.style) }
            }
            while let last = runs.last, last.attachment == nil, last.text.last == " " {
                let rest = String(last.text.dropLast())
                if rest.isEmpty { runs.removeLast() } else { runs[runs.count - 1] = Run(rest, style: last.style) }
            }
        }

        static func apply(css: String, to style: inout TextStyle, tote: Bool) {
            for declaration in css.split(separator: ";") {
                let parts = declaration.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let property = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
                let value = parts[1].trimmingCharacters(in: .whitespaces)
                switch property {
                case "font-weight": if value == "bold" || (Int(value) ?? 400) >= 600 { style.bold = true }
                case "font-style": if value == "italic" { style.italic = true }
                case "text-decoration", "text-decoration-line":
                    if value.contains("underline") { style.underline = true }
                    if value.contains("line-through") { style.strikethrough = true }
                case "font-family" where tote:
                    style.fontFamily = value.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
                case "font-size" where tote && value.hasSuffix("pt"):
                    style.fontSize = Double(value.dropLast(2)).flatMap { $0 > 0 && $0 <= 1000 ? $0 : nil }
                case "color" where tote: style.textColor = RGBAColor(hex: value)
                case "background-color" where tote: style.highlight = RGBAColor(hex: value)
                default: break
                }
            }
        }

        static func decodeDataURI(_ uri: String) -> (String, Data)? {
            guard uri.hasPrefix("data:"), let comma = uri.firstIndex(of: ",") else { return nil }
            let header = uri[uri.index(uri.startIndex, offsetBy: 5)..<comma]
            let payload = uri[uri.index(after: comma)...]
            let parts = header.split(separator: ";")
            let mime = parts.first.map(String.init).flatMap { $0.contains("/") ? $0 : nil } ?? "application/octet-stream"
            if parts.contains("base64") {
                guard let data = Data(base64Encoded: String(payload), options: .ignoreUnknownCharacters) else { return nil }
                return (mime, data)
            }
            return (mime, Data((String(payload).removingPercentEncoding ?? "").utf8))
        }

        static func fileExtension(forMIME mime: String) -> String {
            ["image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp",
             "image/svg+xml": "svg", "video/mp4": "mp4", "video/webm": "webm", "audio/ogg": "ogg",
             "audio/mpeg": "mp3"][mime] ?? ""
        }
    }
}

/// A node of a parsed HTML document, valid while the document is.
struct HTMLNode {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    var name: String { tote_html_node_name(pointer).map { String(cString: $0).lowercased() } ?? "" }
    var text: String { tote_html_node_text(pointer).map { String(cString: $0) } ?? "" }
    var firstChild: HTMLNode? { tote_html_node_first_child(pointer).map(HTMLNode.init) }
    var next: HTMLNode? { tote_html_node_next(pointer).map(HTMLNode.init) }

    func attribute(_ name: String) -> String? {
        guard let value = tote_html_node_attribute(pointer, name) else { return nil }
        defer { tote_html_string_free(value) }
        return String(cString: value)
    }
}
