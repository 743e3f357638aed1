// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Note text on the clipboard and in drags: the representations offered (DESIGN.md,
/// "Representations"), richest first, how each is written, and which one a note takes.
public enum NoteTransfer {
    public static let toteMIMEType = "application/x-tote-rich-text"
    public static let htmlMIMEType = "text/html"
    public static let plainMIMEType = "text/plain;charset=utf-8"

    /// What a drag or copy of note text offers, richest first.
    public static let offered = [toteMIMEType, htmlMIMEType, plainMIMEType, "text/plain", "UTF8_STRING"]
    public static let fileListMIMEType = FileList.mimeType

    /// What a drag or copy of `fragment` offers, richest first. A single image, video, sound
    /// or file also goes as its own bytes (images) and as a real file, so Files and image
    /// editors take it (DESIGN.md, "Representations").
    public static func offered(for fragment: RichText) -> [String] {
        guard let attachment = soleAttachment(of: fragment) else { return offered }
        let ownBytes = attachment.kind == .image ? [attachment.mimeType.lowercased()] : []
        return [toteMIMEType] + ownBytes + [fileListMIMEType] + offered.dropFirst()
    }

    /// The attachment a fragment consists of, when it is nothing else.
    public static func soleAttachment(of fragment: RichText) -> Attachment? {
        guard fragment.paragraphs.count == 1, fragment.paragraphs[0].runs.count == 1 else { return nil }
        return fragment.paragraphs[0].runs[0].attachment.flatMap { $0.kind == .incoming ? nil : $0 }
    }

    /// A safe name to export an attachment's file under: its own name's last component,
    /// without path separators or control characters; "file" when nothing is left.
    public static func exportName(for attachment: Attachment) -> String {
        let last = attachment.fileName.split(separator: "/").last.map(String.init) ?? ""
        let cleaned = String(last.unicodeScalars.filter { $0.properties.generalCategory != .control && $0 != "\\" })
            .trimmingCharacters(in: .whitespaces)
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "file" : String(cleaned.prefix(200))
    }
    /// A picture's own bytes, as image editors, browsers and screenshots offer them.
    public static let pictureMIMETypes = ["image/png", "image/jpeg"]

    static let plainMIMETypes = [plainMIMEType, "text/plain", "UTF8_STRING"]

    /// What a paste into a note takes, richest first: files copied in Files come in as files,
    /// not as their paths in text.
    public static let accepted = [toteMIMEType, htmlMIMEType, WebLinks.mozURLMIMEType] + pictureMIMETypes
        + [fileListMIMEType] + plainMIMETypes

    /// More than this is refused rather than read (the note would not show it anyway).
    public static let maximumBytes = 64 << 20

    /// Where Tote rich text came from: the note and range, so a drop in Tote can move it.
    public struct Origin: Hashable, Sendable {
        public var noteID: UUID
        public var range: Range<Int>

        public init(noteID: UUID, range: Range<Int>) {
            self.noteID = noteID
            self.range = range
        }
    }

    public enum Failure: Error, Equatable, Sendable {
        case unreadable
        case tooLarge(Int)
        /// Picture bytes that are not shown: too large to decode, or not a picture.
        case pictureRefused(ContentRules.PictureRefusal)
    }

    /// What a drop into a note takes, richest first: files come after HTML and a browser's
    /// titled link, and before text (Files offers both a file list and the paths as text).
    public static let acceptedOnDrop = [toteMIMEType, htmlMIMEType, WebLinks.mozURLMIMEType, fileListMIMEType]
        + pictureMIMETypes + plainMIMETypes

    /// A picture from its own bytes (a pasted screenshot, an image dragged from a browser),
    /// checked before anything decodes it; `storeMedia` keeps the bytes.
    public static func picture(
        from data: Data, storeMedia: (Data, String) throws -> MediaReference
    ) throws(Failure) -> RichText {
        let header: PictureHeader
        switch ContentRules.checkPicture(header: data, byteCount: Int64(data.count)) {
        case .success(let checked) where checked.format == .png || checked.format == .jpeg: header = checked
        case .success: throw .pictureRefused(.unreadable)
        case .failure(let refusal): throw .pictureRefused(refusal)
        }
        let (fileExtension, mimeType) = header.format == .png ? ("png", "image/png") : ("jpg", "image/jpeg")
        let reference: MediaReference
        do { reference = try storeMedia(data, fileExtension) } catch { throw .unreadable }
        let attachment = Attachment(kind: .image, media: reference, fileName: "Picture.\(fileExtension)",
                                    mimeType: mimeType, byteCount: Int64(data.count))
        return RichText(paragraphs: [Paragraph(runs: [Run(attachment: attachment)])])
    }

    /// The richest of `offered` a drop into a note takes; nil when it takes none.
    public static func preferredDropFormat(among offered: [String]) -> String? {
        let normalized = Set(offered.map { $0.lowercased() })
        return acceptedOnDrop.first { normalized.contains($0.lowercased()) }
    }

    /// Whether content of this type is plain text, pasted as typed text.
    public static func isPlainText(_ mimeType: String) -> Bool {
        plainMIMETypes.contains(mimeType)
    }

    /// The richest of `offered` a note takes; nil when it takes none.
    public static func preferredFormat(among offered: [String]) -> String? {
        let normalized = Set(offered.map { $0.lowercased() })
        return accepted.first { normalized.contains($0.lowercased()) }
    }

    /// The bytes of one representation of `fragment`.
    /// - Parameter exportFile: writes an attachment's file where another app can read it,
    ///   under its own name, and returns where (for the file list).
    public static func data(
        for mimeType: String, of fragment: RichText, origin: Origin?, mediaData: (MediaReference) -> Data?,
        exportFile: (Attachment) -> URL? = { _ in nil }
    ) -> Data? {
        if let attachment = soleAttachment(of: fragment) {
            if mimeType == fileListMIMEType {
                return exportFile(attachment).map { FileList.data(for: [$0]) }
            }
            if attachment.kind == .image, mimeType == attachment.mimeType.lowercased() {
                return mediaData(attachment.media)
            }
        }
        switch mimeType {
        case toteMIMEType:
            var data = Data("TOTE-RICH-1\n".utf8)
            if let origin {
                data.append(Data("\(origin.noteID.uuidString) \(origin.range.lowerBound) \(origin.range.upperBound)\n".utf8))
            } else {
                data.append(Data("-\n".utf8))
            }
            data.append(NativeFormat.encode(fragment))
            return data
        case htmlMIMEType:
            return Data(HTMLExport.document(fragment, title: "", mediaData: mediaData).utf8)
        case plainMIMEType, "text/plain", "UTF8_STRING":
            return Data(PlainTextFormat.encode(fragment).utf8)
        default:
            return nil
        }
    }

    /// Rich text from the bytes of one representation. HTML keeps bold, italic, underline,
    /// links, headings and lists; media inlined in it go to `storeMedia`.
    public static func richText(
        from data: Data, mimeType: String, storeMedia: (Data, String) throws -> MediaReference
    ) throws(Failure) -> (text: RichText, origin: Origin?) {
        guard data.count <= maximumBytes else { throw .tooLarge(data.count) }
        switch mimeType.lowercased() {
        case toteMIMEType:
            return try decodeTote(data)
        case htmlMIMEType:
            do { return (try HTMLImport.richText(fromHTML: data, storeMedia: storeMedia), nil) } catch {
                throw .unreadable
            }
        case let type where pictureMIMETypes.contains(type):
            return (try picture(from: data, storeMedia: storeMedia), nil)
        case WebLinks.mozURLMIMEType, fileListMIMEType:
            // A file list here names no local file (those are copied in as files): web pages.
            guard let links = WebLinks.richText(WebLinks.links(in: data, mimeType: mimeType)) else { throw .unreadable }
            return (links, nil)
        default:
            return (PlainTextFormat.decode(data), nil)
        }
    }

    private static func decodeTote(_ data: Data) throws(Failure) -> (text: RichText, origin: Origin?) {
        let bytes = [UInt8](data)
        guard let first = bytes.firstIndex(of: 0x0A), String(decoding: bytes[..<first], as: UTF8.self) == "TOTE-RICH-1",
              let second = bytes[(first + 1)...].firstIndex(of: 0x0A)
        else { throw .unreadable }
        let header = String(decoding: bytes[(first + 1)..<second], as: UTF8.self).split(separator: " ")
        var origin: Origin?
        if header.count == 3, let id = UUID(uuidString: String(header[0])), let lower = Int(header[1]),
           let upper = Int(header[2]), lower >= 0, lower <= upper {
            origin = Origin(noteID: id, range: lower..<upper)
        }
        do {
            return (try NativeFormat.decode(Data(bytes[(second + 1)...])), origin)
        } catch {
            throw .unreadable
        }
    }
}
