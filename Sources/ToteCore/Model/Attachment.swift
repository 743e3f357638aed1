// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Media embedded in a note: a picture, a video, a sound or any other file, stored in the
/// media folder under its content digest. In the text it takes one character, U+FFFC.
public struct Attachment: Hashable, Codable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case image, video, audio, file
        /// A file still being copied in: its placeholder, which never leaves Tote (it is not
        /// saved, copied or exported) and becomes the file's attachment when the copy ends.
        case incoming

        /// A kind named in a file or on the clipboard: never a placeholder.
        public init?(named name: String) {
            guard let kind = Kind(rawValue: name), kind != .incoming else { return nil }
            self = kind
        }
    }

    public var kind: Kind
    public var media: MediaReference
    /// The name the file had, shown on its chip and used when it is exported.
    public var fileName: String
    public var mimeType: String
    public var byteCount: Int64
    /// The copy an incoming placeholder stands for (`FileCopy.id`); nil for every other kind.
    public private(set) var transfer: UUID?

    public init(kind: Kind, media: MediaReference, fileName: String, mimeType: String, byteCount: Int64) {
        self.kind = kind
        self.media = media
        self.fileName = fileName
        self.mimeType = ContentRules.safeMIMEType(mimeType)
        self.byteCount = max(byteCount, 0)
    }

    /// The placeholder of a file being copied in.
    public static func incoming(_ copy: FileCopy) -> Attachment {
        var placeholder = Attachment(
            kind: .incoming, media: MediaReference(digest: "", fileExtension: ""), fileName: copy.fileName,
            mimeType: "application/octet-stream", byteCount: copy.totalBytes)
        placeholder.transfer = copy.id
        return placeholder
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
