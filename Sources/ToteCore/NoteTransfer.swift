import Foundation

/// Note text on the clipboard and in drags: the representations offered (DESIGN.md,
/// "Representations"), richest first, how each is written, and which one a note takes.
public enum NoteTransfer {
    public static let toteMIMEType = "application/x-tote-rich-text"
    public static let htmlMIMEType = "text/html"
    public static let plainMIMEType = "text/plain;charset=utf-8"

    /// What a drag or copy of note text offers, richest first.
    public static let offered = [toteMIMEType, htmlMIMEType, plainMIMEType, "text/plain", "UTF8_STRING"]
    /// What a note takes, richest first.
    public static let accepted = [toteMIMEType, htmlMIMEType, plainMIMEType, "text/plain", "UTF8_STRING"]

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
    }

    /// The richest of `offered` a note takes; nil when it takes none.
    public static func preferredFormat(among offered: [String]) -> String? {
        let normalized = Set(offered.map { $0.lowercased() })
        return accepted.first { normalized.contains($0.lowercased()) }
    }

    /// The bytes of one representation of `fragment`.
    public static func data(
        for mimeType: String, of fragment: RichText, origin: Origin?, mediaData: (MediaReference) -> Data?
    ) -> Data? {
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
