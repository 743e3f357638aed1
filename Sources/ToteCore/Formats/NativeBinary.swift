// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The binary layout of the native format, version 2: a style table, an attachment table,
/// then paragraphs of runs that refer to them. Every read is bounds-checked; damaged or
/// hostile bytes give `NativeFormat.DecodingFailure.corrupt`, never a crash.
///
///     "TOTERT" u16:version
///     u32:styleCount   { u8:flags [str:family] [f64:size] [u32:color] [u32:highlight] [str:link] }
///     u32:attachmentCount { u8:kind 32×u8:digest str:extension str:name str:mime i64:size }
///     u32:paragraphCount { u8:style u32:runCount { u8:0 u32:style str:text | u8:1 u32:style u32:attachment } }
///
/// Integers are little-endian; `str` is u32 byte length + UTF-8.
enum NativeBinary {
    static let magic = Array("TOTERT".utf8)

    /// One pass over the runs: the paragraphs are written while the tables are gathered, then
    /// the tables go before them. A 1 MB note is encoded on every save, so this is hot.
    static func encode(_ text: RichText) -> Data {
        var paragraphs = Writer()
        var styleIndex: [TextStyle: UInt32] = [:]
        var styles: [TextStyle] = []
        var attachmentIndex: [Attachment: UInt32] = [:]
        var attachments: [Attachment] = []
        // Runs mostly share the style of the run before them: an equality test is cheaper
        // than hashing a style.
        var lastStyle: (style: TextStyle, index: UInt32)?
        paragraphs.u32(UInt32(text.paragraphs.count))
        for paragraph in text.paragraphs {
            paragraphs.u8(paragraphCode(paragraph.style))
            paragraphs.u32(UInt32(paragraph.runs.count))
            for run in paragraph.runs {
                let style: UInt32
                if let lastStyle, lastStyle.style == run.style {
                    style = lastStyle.index
                } else if let known = styleIndex[run.style] {
                    style = known
                } else {
                    style = UInt32(styles.count)
                    styleIndex[run.style] = style
                    styles.append(run.style)
                }
                lastStyle = (run.style, style)
                if let attachment = run.attachment {
                    let index: UInt32
                    if let known = attachmentIndex[attachment] {
                        index = known
                    } else {
                        index = UInt32(attachments.count)
                        attachmentIndex[attachment] = index
                        attachments.append(attachment)
                    }
                    paragraphs.u8(1)
                    paragraphs.u32(style)
                    paragraphs.u32(index)
                } else {
                    paragraphs.u8(0)
                    paragraphs.u32(style)
                    paragraphs.string(run.text)
                }
            }
        }
        var header = Writer()
        header.bytes(magic)
        header.u16(UInt16(NativeFormat.currentVersion))
        header.u32(UInt32(styles.count))
        for style in styles { header.style(style) }
        header.u32(UInt32(attachments.count))
        for attachment in attachments { header.attachment(attachment) }
        var data = Data(header.bytes)
        data.append(contentsOf: paragraphs.bytes)
        return data
    }

    static func decode(_ data: Data) throws(NativeFormat.DecodingFailure) -> RichText {
        var reader = Reader(data)
        guard Array(try reader.bytes(magic.count)) == magic else { throw .corrupt("not Tote rich text") }
        let version = Int(try reader.u16())
        guard version <= NativeFormat.currentVersion else { throw .newerVersion(version) }
        let styles = try (0..<reader.count(minimumBytesEach: 1)).map { _ throws(NativeFormat.DecodingFailure) in try reader.style() }
        let attachments = try (0..<reader.count(minimumBytesEach: 57)).map { _ throws(NativeFormat.DecodingFailure) in try reader.attachment() }
        let paragraphCount = try reader.count(minimumBytesEach: 5)
        var paragraphs: [Paragraph] = []
        paragraphs.reserveCapacity(paragraphCount)
        for _ in 0..<paragraphCount {
            var paragraph = Paragraph(style: try paragraphStyle(reader.u8()))
            let runCount = try reader.count(minimumBytesEach: 9)
            var runs: [Run] = []
            runs.reserveCapacity(runCount)
            for _ in 0..<runCount {
                let kind = try reader.u8()
                let style = try reader.element(of: styles)
                switch kind {
                case 0: runs.append(cleanRun(try reader.string(), style: style))
                case 1: runs.append(Run(attachment: try reader.element(of: attachments), style: style))
                default: throw .corrupt("run kind \(kind)")
                }
            }
            paragraph.append(contentsOf: runs)
            paragraphs.append(paragraph)
        }
        guard reader.isAtEnd else { throw .corrupt("bytes after the last paragraph") }
        return RichText(paragraphs: paragraphs)
    }

    /// Text from the bytes is cleaned as text from outside is: damaged or hostile data cannot
    /// put a paragraph break or a stray attachment character inside a run.
    private static func cleanRun(_ text: String, style: TextStyle) -> Run {
        let fine = text.unicodeScalars.allSatisfy {
            ($0.value >= 0x20 && $0 != Attachment.character && !(0x7f...0x9f).contains($0.value)) || $0 == "\t"
        }
        if fine { return Run(text, style: style) }
        // Not replacingOccurrences(of: "\n", …): it leaves a "\n" followed by a combining mark.
        return Run(RichText(plain: text).paragraphs.map(\.plainText).joined(separator: " "), style: style)
    }

    private static func paragraphCode(_ style: ParagraphStyle) -> UInt8 {
        switch style {
        case .body: return 0
        case .heading(let level): return UInt8(min(max(level, 1), 3))
        case .bulleted: return 4
        case .numbered: return 5
        case .checklist(let checked): return checked ? 7 : 6
        }
    }

    private static func paragraphStyle(_ code: UInt8) throws(NativeFormat.DecodingFailure) -> ParagraphStyle {
        switch code {
        case 0: return .body
        case 1...3: return .heading(Int(code))
        case 4: return .bulleted
        case 5: return .numbered
        case 6: return .checklist(checked: false)
        case 7: return .checklist(checked: true)
        default: throw .corrupt("paragraph style \(code)")
        }
    }

    private static let kinds: [Attachment.Kind] = [.image, .video, .audio, .file]

    private struct Writer {
        private(set) var bytes: [UInt8] = []

        mutating func bytes(_ more: [UInt8]) { bytes.append(contentsOf: more) }
        mutating func u8(_ value: UInt8) { bytes.append(value) }
        mutating func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }

        mutating func string(_ text: String) {
            u32(UInt32(text.utf8.count))
            bytes.append(contentsOf: text.utf8)
        }

        mutating func color(_ color: RGBAColor) {
            bytes([color.red, color.green, color.blue, color.alpha])
        }

        mutating func style(_ style: TextStyle) {
            var flags: UInt8 = 0
            for (bit, on) in [style.bold, style.italic, style.underline, style.strikethrough, style.monospace,
                              style.fontFamily != nil, style.fontSize != nil, style.link != nil].enumerated() where on {
                flags |= 1 << bit
            }
            u8(flags)
            var colors: UInt8 = 0
            if style.textColor != nil { colors |= 1 }
            if style.highlight != nil { colors |= 2 }
            u8(colors)
            if let family = style.fontFamily { string(family) }
            if let size = style.fontSize { u64(size.bitPattern) }
            if let color = style.textColor { self.color(color) }
            if let color = style.highlight { self.color(color) }
            if let link = style.link { string(link) }
        }

        mutating func attachment(_ attachment: Attachment) {
            // Placeholders never get here (NativeFormat.encode leaves them out); were one to,
            // it would be written as a file, not crash.
            u8(UInt8(NativeBinary.kinds.firstIndex(of: attachment.kind) ?? NativeBinary.kinds.firstIndex(of: .file)!))
            let digest = attachment.media.digest
            var index = digest.startIndex
            for _ in 0..<32 {
                let next = digest.index(index, offsetBy: 2)
                u8(UInt8(digest[index..<next], radix: 16) ?? 0)
                index = next
            }
            string(attachment.media.fileExtension)
            string(attachment.fileName)
            string(attachment.mimeType)
            u64(UInt64(bitPattern: attachment.byteCount))
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        init(_ data: Data) { bytes = [UInt8](data) }

        var isAtEnd: Bool { position == bytes.count }

        mutating func bytes(_ count: Int) throws(NativeFormat.DecodingFailure) -> ArraySlice<UInt8> {
            guard count >= 0, count <= bytes.count - position else { throw .corrupt("truncated") }
            defer { position += count }
            return bytes[position..<(position + count)]
        }

        mutating func u8() throws(NativeFormat.DecodingFailure) -> UInt8 { try bytes(1).first! }

        mutating func u16() throws(NativeFormat.DecodingFailure) -> UInt16 {
            try bytes(2).reversed().reduce(0) { $0 << 8 | UInt16($1) }
        }

        mutating func u32() throws(NativeFormat.DecodingFailure) -> UInt32 {
            try bytes(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
        }

        mutating func u64() throws(NativeFormat.DecodingFailure) -> UInt64 {
            try bytes(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }

        /// A count of items, refused when the bytes left could not hold that many.
        mutating func count(minimumBytesEach: Int) throws(NativeFormat.DecodingFailure) -> Int {
            let count = Int(try u32())
            guard count <= (bytes.count - position) / minimumBytesEach else { throw .corrupt("count \(count)") }
            return count
        }

        mutating func string() throws(NativeFormat.DecodingFailure) -> String {
            let length = Int(try u32())
            guard let text = String(validating: try bytes(length), as: UTF8.self) else {
                throw .corrupt("invalid UTF-8")
            }
            return text
        }

        mutating func element<T>(of table: [T]) throws(NativeFormat.DecodingFailure) -> T {
            let index = Int(try u32())
            guard index < table.count else { throw .corrupt("index \(index) of \(table.count)") }
            return table[index]
        }

        mutating func color() throws(NativeFormat.DecodingFailure) -> RGBAColor {
            let channels = try bytes(4).map { $0 }
            return RGBAColor(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3])
        }

        mutating func style() throws(NativeFormat.DecodingFailure) -> TextStyle {
            let flags = try u8()
            let colors = try u8()
            var style = TextStyle()
            style.bold = flags & 1 != 0
            style.italic = flags & 2 != 0
            style.underline = flags & 4 != 0
            style.strikethrough = flags & 8 != 0
            style.monospace = flags & 16 != 0
            if flags & 32 != 0 { style.fontFamily = try string() }
            if flags & 64 != 0 {
                let size = Double(bitPattern: try u64())
                style.fontSize = size.isFinite && size > 0 ? min(size, 1000) : nil
            }
            if colors & 1 != 0 { style.textColor = try color() }
            if colors & 2 != 0 { style.highlight = try color() }
            if flags & 128 != 0 { style.link = try string() }
            return style
        }

        mutating func attachment() throws(NativeFormat.DecodingFailure) -> Attachment {
            let kindCode = Int(try u8())
            guard kindCode < NativeBinary.kinds.count else { throw .corrupt("attachment kind \(kindCode)") }
            let digest = try bytes(32).map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
            let fileExtension = MediaReference.sanitized(try string())
            let name = try string()
            let mime = try string()
            let size = Int64(bitPattern: try u64())
            return Attachment(kind: NativeBinary.kinds[kindCode],
                              media: MediaReference(digest: digest, fileExtension: fileExtension),
                              fileName: name, mimeType: mime, byteCount: max(size, 0))
        }
    }
}
