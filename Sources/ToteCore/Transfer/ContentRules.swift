// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The rules every piece of content that enters Tote passes, whatever way it comes in
/// (paste, drop, file, command line, an old store): DESIGN.md, "Content that comes in".
/// Kept in one place so that no way in can skip one.
public enum ContentRules {
    // MARK: Links

    /// Schemes a link may have: web pages, mail, and Tote's own notes. Never `javascript:`,
    /// `file:`, `data:` or anything else a click could run or read.
    public static let linkSchemes: Set<String> = ["http", "https", "mailto", "tote"]

    /// Longer links are dropped: no real address is this long, and a run's style is kept
    /// for every character it covers.
    public static let maximumLinkLength = 8_192

    /// The link as Tote keeps it, or nil when it must not be kept. Surrounding white space
    /// goes; a link with control characters inside is refused (browsers drop tabs and line
    /// breaks from addresses, so "java\tscript:" would otherwise run).
    public static func safeLink(_ link: String?) -> String? {
        guard let link = link?.trimmingSpacesAndNewlines(), !link.isEmpty,
              link.utf8.count <= maximumLinkLength,
              !link.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) }),
              let colon = link.firstIndex(of: ":")
        else { return nil }
        let scheme = link[..<colon].lowercased()
        guard linkSchemes.contains(scheme) else { return nil }
        if scheme == "tote" {
            // tote:note/<uuid>, nothing else.
            let rest = link[link.index(after: colon)...]
            guard rest.hasPrefix("note/"), UUID(uuidString: String(rest.dropFirst(5))) != nil else { return nil }
        }
        return link
    }

    // MARK: Media types

    /// A MIME type as Tote stores and writes it: `type/subtype` in RFC 6838 token characters,
    /// lowercased; anything else becomes `application/octet-stream`.
    public static func safeMIMEType(_ mimeType: String) -> String {
        let lowered = mimeType.lowercased()
        let parts = lowered.split(separator: "/", omittingEmptySubsequences: false)
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789!#$&-^_.+")
        guard parts.count == 2, lowered.count <= 127,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed.contains) })
        else { return "application/octet-stream" }
        return lowered
    }

    // MARK: Pictures

    /// Pictures over this many pixels are not decoded: a 20,000 × 20,000 PNG takes 1.6 GB as
    /// pixels from a file of a few hundred kilobytes. 64 megapixels is 256 MB decoded, above
    /// any camera most people have.
    public static let maximumPicturePixels = 64_000_000
    /// Pictures stored in files larger than this are not decoded either.
    public static let maximumPictureBytes: Int64 = 200 << 20
    /// Neither side may be longer than this (GdkTexture's and most decoders' own limit).
    public static let maximumPictureSide = 32_767

    /// Why a picture is not shown as a picture.
    public enum PictureRefusal: Error, Equatable, Sendable {
        /// The bytes are not a picture Tote can read (truncated, or another kind of file).
        case unreadable
        /// Larger than the budget: its size in pixels, as the header says.
        case tooManyPixels(width: Int, height: Int)
        /// The file is larger than `maximumPictureBytes`.
        case fileTooLarge(Int64)
    }

    /// Whether a picture may be decoded and shown, judged from its first bytes and its size
    /// before anything decodes it. SVG has no fixed size: it is always drawn at a bounded
    /// size, so only its byte count is checked.
    public static func checkPicture(header: Data, byteCount: Int64) -> Result<PictureHeader, PictureRefusal> {
        guard byteCount <= maximumPictureBytes else { return .failure(.fileTooLarge(byteCount)) }
        guard let picture = PictureHeader(header) else { return .failure(.unreadable) }
        if picture.format == .svg { return .success(picture) }
        guard picture.width > 0, picture.height > 0 else { return .failure(.unreadable) }
        guard picture.width <= maximumPictureSide, picture.height <= maximumPictureSide,
              picture.width * picture.height <= maximumPicturePixels
        else { return .failure(.tooManyPixels(width: picture.width, height: picture.height)) }
        return .success(picture)
    }

    /// Whether the picture in a file may be decoded, from its first bytes and its size. Reads
    /// the file: call it off the main thread.
    public static func checkPicture(fileAt url: URL) -> Result<PictureHeader, PictureRefusal> {
        guard let handle = try? FileHandle(forReadingFrom: url),
              let header = try? handle.read(upToCount: pictureHeaderLength),
              let size = try? handle.seekToEnd()
        else { return .failure(.unreadable) }
        try? handle.close()
        return checkPicture(header: header, byteCount: Int64(clamping: size))
    }

    /// What an attachment with these first bytes is: pictures are told by their bytes, not
    /// by the name or type they came with; a picture that cannot be shown is a file chip.
    public static func attachmentKind(mimeType: String, header: Data, byteCount: Int64) -> Attachment.Kind {
        let declared = Attachment.kind(forMIMEType: mimeType)
        if declared == .image || PictureHeader(header) != nil {
            if case .success = checkPicture(header: header, byteCount: byteCount) { return .image }
            return .file
        }
        return declared
    }

    /// How many bytes of a file `PictureHeader` wants to see (JPEG keeps its size after the
    /// metadata segments, which can add up to a few hundred kilobytes).
    public static let pictureHeaderLength = 1 << 20
}
