// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Tote's own serialisation of rich text (`application/x-tote-rich-text`, and the note body
/// in the store), lossless for styles, paragraph styles and attachments. Version 2 is the
/// binary layout of `NativeBinary` (JSONSerialization alone took 260 ms for a 1 MB note);
/// version 1, JSON, is still read.
public enum NativeFormat {
    public static let currentVersion = 2

    public enum DecodingFailure: Error, Equatable, Sendable {
        /// Written by a newer Tote.
        case newerVersion(Int)
        /// Not Tote rich text, or damaged; the reason is for logs.
        case corrupt(String)
    }

    /// Placeholders of files still being copied are left out: they never leave Tote.
    public static func encode(_ text: RichText) -> Data {
        NativeBinary.encode(text.withoutIncoming)
    }

    /// Version 1, JSON: what Tote wrote before version 2. Kept for tests of reading it.
    static func encodeVersion1(_ text: RichText) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain value types cannot fail.
        return try! encoder.encode(Document(version: 1, paragraphs: text.paragraphs.map(StoredParagraph.init)))
    }

    /// Decodes the native format. Reads the JSON with JSONSerialization and maps it by hand:
    /// JSONDecoder's keyed containers took half a second for a 1 MB note.
    public static func decode(_ data: Data) throws(DecodingFailure) -> RichText {
        if data.starts(with: NativeBinary.magic) { return try NativeBinary.decode(data) }
        return try decodeVersion1(data)
    }

    private static func decodeVersion1(_ data: Data) throws(DecodingFailure) -> RichText {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .corrupt(String(describing: error))
        }
        guard let document = object as? [String: Any], document["format"] as? String == Header.formatName,
              let version = document["version"] as? Int
        else { throw .corrupt("not Tote rich text") }
        guard version <= currentVersion else { throw .newerVersion(version) }
        guard let storedParagraphs = document["paragraphs"] as? [Any] else { throw .corrupt("no paragraphs") }
        var paragraphs: [Paragraph] = []
        paragraphs.reserveCapacity(storedParagraphs.count)
        for stored in storedParagraphs {
            guard let stored = stored as? [String: Any], let runs = stored["runs"] as? [Any] else {
                throw .corrupt("a paragraph without runs")
            }
            var paragraph = Paragraph(style: try paragraphStyle(stored["style"]))
            paragraph.append(contentsOf: try runs.map(run))
            paragraphs.append(paragraph)
        }
        return RichText(paragraphs: paragraphs)
    }

    private static func paragraphStyle(_ value: Any?) throws(DecodingFailure) -> ParagraphStyle {
        guard let value = value as? [String: Any], let (kind, payload) = value.first, value.count == 1 else {
            throw .corrupt("paragraph style")
        }
        let fields = payload as? [String: Any] ?? [:]
        switch kind {
        case "body": return .body
        case "bulleted": return .bulleted
        case "numbered": return .numbered
        case "heading": return .heading(level: (fields["_0"] as? Int) ?? 1)
        case "checklist": return .checklist(checked: (fields["checked"] as? Bool) ?? false)
        default: throw .corrupt("paragraph style \(kind)")
        }
    }

    private static func run(_ value: Any) throws(DecodingFailure) -> Run {
        guard let value = value as? [String: Any] else { throw .corrupt("run") }
        let style = try value["style"].map(textStyle) ?? .plain
        if let stored = value["attachment"] {
            return Run(attachment: try attachment(stored), style: style)
        }
        // Text from the file is cleaned as text from outside is: a damaged or hostile file
        // cannot put a paragraph break or a stray attachment character inside a run.
        let text = value["text"] as? String ?? ""
        if text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0 != Attachment.character && !(0x7f...0x9f).contains($0.value) || $0 == "\t" }) {
            return Run(text, style: style)
        }
        // Not replacingOccurrences(of: "\n", …): it leaves a "\n" followed by a combining mark.
        return Run(RichText(plain: text).paragraphs.map(\.plainText).joined(separator: " "), style: style)
    }

    private static func textStyle(_ value: Any) throws(DecodingFailure) -> TextStyle {
        guard let value = value as? [String: Any] else { throw .corrupt("text style") }
        var style = TextStyle()
        style.bold = value["bold"] as? Bool ?? false
        style.italic = value["italic"] as? Bool ?? false
        style.underline = value["underline"] as? Bool ?? false
        style.strikethrough = value["strikethrough"] as? Bool ?? false
        style.monospace = value["monospace"] as? Bool ?? false
        style.fontFamily = value["fontFamily"] as? String
        style.fontSize = (value["fontSize"] as? Double).flatMap { $0.isFinite && $0 > 0 ? min($0, 1000) : nil }
        style.textColor = try color(value["textColor"])
        style.highlight = try color(value["highlight"])
        style.link = value["link"] as? String
        return style
    }

    private static func color(_ value: Any?) throws(DecodingFailure) -> RGBAColor? {
        guard let value else { return nil }
        guard let text = value as? String, let color = RGBAColor(hex: text) else { throw .corrupt("colour") }
        return color
    }

    private static func attachment(_ value: Any) throws(DecodingFailure) -> Attachment {
        guard let value = value as? [String: Any],
              let kind = (value["kind"] as? String).flatMap(Attachment.Kind.init(named:)),
              let media = value["media"] as? [String: Any], let digest = (media["digest"] as? String)?.lowercased(),
              // ASCII hex as MediaStore names files and version 2 stores it (isHexDigit took "Ａ").
              digest.utf8.count == 64, digest.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }),
              let fileName = value["fileName"] as? String, let mimeType = value["mimeType"] as? String,
              let byteCount = value["byteCount"] as? Int64
        else { throw .corrupt("attachment") }
        let fileExtension = MediaReference.sanitized(media["fileExtension"] as? String ?? "")
        return Attachment(kind: kind, media: MediaReference(digest: digest, fileExtension: fileExtension),
                          fileName: fileName, mimeType: mimeType, byteCount: byteCount)
    }

    private enum Header {
        static let formatName = "tote-rich-text"
    }

    private struct Document: Encodable {
        var format = Header.formatName
        var version: Int
        var paragraphs: [StoredParagraph]

        init(version: Int, paragraphs: [StoredParagraph]) {
            self.version = version
            self.paragraphs = paragraphs
        }
    }

    private struct StoredParagraph: Encodable {
        var style: ParagraphStyle
        var runs: [StoredRun]

        init(_ paragraph: Paragraph) {
            style = paragraph.style
            runs = paragraph.runs.map(StoredRun.init)
        }
    }

    private struct StoredRun: Encodable {
        var text: String?
        var style: TextStyle?
        var attachment: Attachment?

        init(_ run: Run) {
            text = run.attachment == nil ? run.text : nil
            style = run.style == .plain ? nil : run.style
            attachment = run.attachment
        }
    }
}

/// Plain text in and out (`text/plain;charset=utf-8`). Attachments have no plain form and are
/// left out; paragraphs are lines.
public enum PlainTextFormat {
    public static func encode(_ text: RichText) -> String {
        // Appended into one string: every save of a note encodes it whole.
        var plain = ""
        for (index, paragraph) in text.paragraphs.enumerated() {
            if index > 0 { plain.append("\n") }
            for run in paragraph.runs where run.attachment == nil { plain.append(run.text) }
        }
        return plain
    }

    /// Bytes from outside: invalid UTF-8 becomes U+FFFD rather than failing.
    public static func decode(_ data: Data, style: TextStyle = .plain) -> RichText {
        RichText(plain: String(decoding: data, as: UTF8.self), style: style)
    }
}
