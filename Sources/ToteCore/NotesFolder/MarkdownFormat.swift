// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A note as a Markdown file in the notes folder: CommonMark with GitHub's strikethrough and
/// task lists, read by Obsidian, Nextcloud Notes, iA Writer and any text editor.
///
/// Tote writes one canonical form (`MarkdownWriter`) and reads it back exactly
/// (`MarkdownReader`): bold `**`, italic `*`, strikethrough `~~`, monospace in backticks,
/// underline as `<u>` (Obsidian's way), fonts, sizes and colours as `<span style>`, empty
/// paragraphs as `<br>`, pictures, video and sound as `![name](attachments/<digest>.<ext>)`
/// and other files as `[name](attachments/…)`. What other apps write becomes its nearest
/// Tote form, with no text lost.
public enum MarkdownFormat {
    /// A link or embed that may name an attachment's file: what the reader asks the notes
    /// folder to resolve.
    public struct Embed: Hashable, Sendable {
        /// The link as written (a relative path, percent-encoded or not).
        public var target: String
        /// The alt text of an image, the text of a link.
        public var name: String
        /// The link's title; Tote writes a MIME type there when the extension does not imply it.
        public var title: String?
        /// `![…](…)` (a picture, video or sound shown in place) rather than `[…](…)`.
        public var isShownInPlace: Bool

        public init(target: String, name: String, title: String?, isShownInPlace: Bool) {
            self.target = target
            self.name = name
            self.title = title
            self.isShownInPlace = isShownInPlace
        }
    }

    /// `attachmentTarget`: where an attachment's file is, as a link relative to the note's file.
    public static func encode(_ text: RichText, attachmentTarget: (Attachment) -> String) -> String {
        withoutActuallyEscaping(attachmentTarget) { MarkdownWriter(attachmentTarget: $0).write(text) }
    }

    /// Never fails: damaged Markdown (and invalid UTF-8) reads as the text it holds.
    /// `resolve` turns a link into an attachment when it names a file beside the notes.
    public static func decode(_ markdown: Data, resolve: (Embed) -> Attachment?) -> RichText {
        withoutActuallyEscaping(resolve) { resolve in
            var reader = MarkdownReader(resolve: resolve)
            return reader.read(markdown)
        }
    }

    /// The MIME type a media file's extension implies, the one written without a title.
    public static func mimeType(forExtension fileExtension: String) -> String {
        knownTypes[fileExtension.lowercased()] ?? "application/octet-stream"
    }

    private static let knownTypes = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "svg": "image/svg+xml", "mp4": "video/mp4", "m4v": "video/mp4",
        "webm": "video/webm", "mkv": "video/x-matroska", "ogv": "video/ogg", "mov": "video/quicktime",
        "ogg": "audio/ogg", "oga": "audio/ogg", "opus": "audio/ogg", "mp3": "audio/mpeg",
        "m4a": "audio/mp4", "flac": "audio/flac", "wav": "audio/x-wav", "pdf": "application/pdf",
        "txt": "text/plain", "ics": "text/calendar", "vcf": "text/vcard", "zip": "application/zip",
    ]
}
