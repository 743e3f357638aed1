/// Media embedded in a note: a picture, a video, a sound or any other file, stored in the
/// media folder under its content digest. In the text it takes one character, U+FFFC.
public struct Attachment: Hashable, Codable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case image, video, audio, file
    }

    public var kind: Kind
    public var media: MediaReference
    /// The name the file had, shown on its chip and used when it is exported.
    public var fileName: String
    public var mimeType: String
    public var byteCount: Int64

    public init(kind: Kind, media: MediaReference, fileName: String, mimeType: String, byteCount: Int64) {
        self.kind = kind
        self.media = media
        self.fileName = fileName
        self.mimeType = ContentRules.safeMIMEType(mimeType)
        self.byteCount = max(byteCount, 0)
    }

    /// What a file of this MIME type becomes in a note: pictures, videos and sounds play
    /// inline; everything else is a chip.
    public static func kind(forMIMEType mimeType: String) -> Kind {
        let type = mimeType.lowercased()
        if ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"].contains(type) { return .image }
        if type.hasPrefix("video/") { return .video }
        if type.hasPrefix("audio/") { return .audio }
        return .file
    }

    /// The character that stands for an attachment in the text, as in GtkTextBuffer.
    public static let character: Unicode.Scalar = "\u{FFFC}"
}
