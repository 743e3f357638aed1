import Foundation

/// Tote's own serialisation of rich text (`application/x-tote-rich-text`, and the note body
/// in the store): versioned JSON, lossless for styles, paragraph styles and attachments.
public enum NativeFormat {
    public static let mimeType = "application/x-tote-rich-text"
    public static let currentVersion = 1

    public enum DecodingFailure: Error, Equatable, Sendable {
        /// Written by a newer Tote.
        case newerVersion(Int)
        /// Not Tote rich text, or damaged; the reason is for logs.
        case corrupt(String)
    }

    public static func encode(_ text: RichText) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain value types cannot fail.
        return try! encoder.encode(Document(version: currentVersion, paragraphs: text.paragraphs.map(StoredParagraph.init)))
    }

    public static func decode(_ data: Data) throws(DecodingFailure) -> RichText {
        let document: Document
        do {
            let header = try JSONDecoder().decode(Header.self, from: data)
            guard header.format == Header.formatName else { throw DecodingFailure.corrupt("not Tote rich text") }
            guard header.version <= currentVersion else { throw DecodingFailure.newerVersion(header.version) }
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch let failure as DecodingFailure {
            throw failure
        } catch {
            throw .corrupt(String(describing: error))
        }
        return RichText(paragraphs: document.paragraphs.map(\.paragraph))
    }

    private struct Header: Decodable {
        static let formatName = "tote-rich-text"
        var format: String
        var version: Int
    }

    private struct Document: Codable {
        var format = Header.formatName
        var version: Int
        var paragraphs: [StoredParagraph]

        init(version: Int, paragraphs: [StoredParagraph]) {
            self.version = version
            self.paragraphs = paragraphs
        }
    }

    private struct StoredParagraph: Codable {
        var style: ParagraphStyle
        var runs: [StoredRun]

        init(_ paragraph: Paragraph) {
            style = paragraph.style
            runs = paragraph.runs.map(StoredRun.init)
        }

        var paragraph: Paragraph {
            var style = style
            if case .heading(let level) = style { style = .heading(level: level) }
            return Paragraph(style: style, runs: runs.map(\.run))
        }
    }

    private struct StoredRun: Codable {
        var text: String?
        var style: TextStyle?
        var attachment: Attachment?

        init(_ run: Run) {
            text = run.attachment == nil ? run.text : nil
            style = run.style == .plain ? nil : run.style
            attachment = run.attachment
        }

        /// Text from the file is cleaned as text from outside is: a damaged or hostile file
        /// cannot put a paragraph break or a stray attachment character inside a run.
        var run: Run {
            if let attachment { return Run(attachment: attachment, style: style ?? .plain) }
            let clean = RichText(plain: text ?? "").plainText.replacingOccurrences(of: "\n", with: " ")
            return Run(clean, style: style ?? .plain)
        }
    }
}

/// Plain text in and out (`text/plain;charset=utf-8`). Attachments have no plain form and are
/// left out; paragraphs are lines.
public enum PlainTextFormat {
    public static func encode(_ text: RichText) -> String {
        text.paragraphs.map { paragraph in
            paragraph.runs.filter { $0.attachment == nil }.map(\.text).joined()
        }.joined(separator: "\n")
    }

    /// Bytes from outside: invalid UTF-8 becomes U+FFFD rather than failing.
    public static func decode(_ data: Data, style: TextStyle = .plain) -> RichText {
        RichText(plain: String(decoding: data, as: UTF8.self), style: style)
    }
}
