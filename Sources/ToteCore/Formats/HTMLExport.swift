// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Rich text as a self-contained HTML document (`text/html`, and "Export…"): media inlined as
/// data URIs, nothing fetched when it is opened. Tote's own attributes (`data-tote-*`) and
/// `white-space: pre-wrap` on blocks let `HTMLImport` read it back exactly.
public enum HTMLExport {
    /// - Parameter mediaData: the bytes of an attachment's file; nil when it is missing, in
    ///   which case the attachment is exported by name only.
    public static func document(
        _ text: RichText, title: String, mediaData: (MediaReference) -> Data?
    ) -> String {
        var html = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><meta name="generator" content="\(generator)">
            <title>\(escape(title))</title>
            <style>p, h1, h2, h3, li { white-space: pre-wrap } ul[data-tote] { list-style: none }</style>
            </head><body>

            """
        html += body(text, mediaData: mediaData)
        html += "</body></html>\n"
        return html
    }

    static let generator = "Tote"

    /// The body's elements, one block per paragraph, list items grouped in their lists.
    public static func body(_ text: RichText, mediaData: (MediaReference) -> Data?) -> String {
        let text = text.withoutIncoming
        var html = ""
        var openList: String?
        for paragraph in text.paragraphs {
            let list = listElement(for: paragraph.style)
            if openList != list {
                if let openList { html += closing(openList) }
                if let list { html += list }
                openList = list
            }
            let content = paragraph.runs.map { run($0, mediaData: mediaData) }.joined()
            switch paragraph.style {
            case .body: html += "<p>\(content)</p>"
            case .heading(let level): html += "<h\(level)>\(content)</h\(level)>"
            case .bulleted, .numbered: html += "<li>\(content)</li>"
            case .checklist(let checked):
                html += "<li data-tote-checked=\"\(checked)\"><input type=\"checkbox\" disabled\(checked ? " checked" : "")>\(content)</li>"
            }
            html += "\n"
        }
        if let openList { html += closing(openList) }
        return html
    }

    private static func listElement(for style: ParagraphStyle) -> String? {
        switch style {
        case .bulleted: return "<ul>"
        case .numbered: return "<ol>"
        case .checklist: return "<ul data-tote=\"checklist\">"
        case .body, .heading: return nil
        }
    }

    private static func closing(_ list: String) -> String {
        list.hasPrefix("<ol") ? "</ol>" : "</ul>"
    }

    private static func run(_ run: Run, mediaData: (MediaReference) -> Data?) -> String {
        var html = run.attachment.map { attachment($0, data: mediaData($0.media)) } ?? escape(run.text)
        let style = run.style
        var css: [String] = []
        if let family = style.fontFamily { css.append("font-family: '\(escapeCSS(family))'") }
        if let size = style.fontSize { css.append("font-size: \(size)pt") }
        if let color = style.textColor { css.append("color: \(color.hex)") }
        if let color = style.highlight { css.append("background-color: \(color.hex)") }
        if !css.isEmpty { html = "<span style=\"\(escape(css.joined(separator: "; ")))\">\(html)</span>" }
        if style.monospace { html = "<code>\(html)</code>" }
        if style.strikethrough { html = "<s>\(html)</s>" }
        if style.underline { html = "<u>\(html)</u>" }
        if style.italic { html = "<em>\(html)</em>" }
        if style.bold { html = "<strong>\(html)</strong>" }
        // TextStyle holds only links ContentRules allows, so none written here can run.
        if let link = style.link { html = "<a href=\"\(escape(link))\">\(html)</a>" }
        return html
    }

    private static func attachment(_ attachment: Attachment, data: Data?) -> String {
        let source = escape(data.map { "data:\(attachment.mimeType);base64,\($0.base64EncodedString())" } ?? "")
        let tote = """
            data-tote-kind="\(attachment.kind.rawValue)" data-tote-name="\(escape(attachment.fileName))" \
            data-tote-mime="\(escape(attachment.mimeType))" data-tote-size="\(attachment.byteCount)" \
            data-tote-extension="\(escape(attachment.media.fileExtension))"
            """
        switch attachment.kind {
        case .image: return "<img \(tote) src=\"\(source)\" alt=\"\(escape(attachment.fileName))\">"
        case .video: return "<video \(tote) controls src=\"\(source)\"></video>"
        case .audio: return "<audio \(tote) controls src=\"\(source)\"></audio>"
        case .file:
            return "<a \(tote) download=\"\(escape(attachment.fileName))\" href=\"\(source)\">\(escape(attachment.fileName))</a>"
        case .incoming: return ""  // left out by `body`
        }
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    private static func escapeCSS(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "'" && $0 != "\\" && $0 != ";" && $0.value >= 0x20 }.map(Character.init))
    }
}
