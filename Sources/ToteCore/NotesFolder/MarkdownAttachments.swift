// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The files a Markdown note links to, found beside it and kept in the media store as its
/// attachments. Only files under `root` are taken (a note's links cannot reach the rest of
/// the disk); a content-named file the media store has already is found without a copy.
public struct MarkdownAttachments: Sendable {
    public let root: URL
    public let media: MediaStore

    public init(root: URL, media: MediaStore) {
        self.root = root.standardizedFileURL
        self.media = media
    }

    /// The attachment a link or embed names, relative to `directory` (the note's folder),
    /// the notes folder's `attachments/` or `root` (Obsidian's `![[name]]`); nil for anything
    /// else (web addresses, files elsewhere, files missing).
    public func attachment(for embed: MarkdownFormat.Embed, from directory: URL) -> Attachment? {
        let target = embed.target.removingPercentEncoding ?? embed.target
        guard !target.isEmpty, !target.hasPrefix("/"), !target.contains(":") else { return nil }
        let candidates = [directory.appendingPathComponent(target),
                          root.appendingPathComponent(NotesFolder.attachmentsFolder).appendingPathComponent(target),
                          root.appendingPathComponent(target)]
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard let file = candidates.map(\.standardizedFileURL).first(where: { url in
            var isFolder: ObjCBool = false
            return url.path.hasPrefix(rootPath) && FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }) else { return nil }
        let name = file.lastPathComponent
        let fileExtension = MediaReference.sanitized((name as NSString).pathExtension.lowercased())
        let stem = (name as NSString).deletingPathExtension
        var reference = MediaReference(digest: stem, fileExtension: fileExtension)
        if stem.count != 64 || !stem.allSatisfy(\.isHexDigit) || !media.contains(reference) {
            guard let stored = try? media.store(contentsOf: file) else { return nil }
            reference = stored
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int64) ?? 0
        let mimeType = embed.title ?? MarkdownFormat.mimeType(forExtension: fileExtension)
        var kind = Attachment.Kind.file
        if embed.isShownInPlace {
            let header = (try? FileHandle(forReadingFrom: file)).flatMap { handle in
                defer { try? handle.close() }
                return try? handle.read(upToCount: ContentRules.pictureHeaderLength)
            } ?? Data()
            kind = ContentRules.attachmentKind(mimeType: mimeType, header: header, byteCount: size)
        }
        return Attachment(kind: kind, media: reference, fileName: embed.name.isEmpty ? name : embed.name,
                          mimeType: mimeType, byteCount: size)
    }

    /// A Markdown file from outside (dropped from Files) as rich text, its linked files
    /// taken from its folder; call it off the main thread.
    public static func richText(fromFileAt url: URL, media: MediaStore) throws(FileProblem) -> RichText {
        let data = try IncomingFile(opening: url).readAll(limit: 64 << 20)
        let files = MarkdownAttachments(root: url.deletingLastPathComponent(), media: media)
        return MarkdownFormat.decode(data) { files.attachment(for: $0, from: url.deletingLastPathComponent()) }
    }

    /// Whether a file is Markdown, by its name.
    public static func isMarkdownFile(_ path: String) -> Bool {
        ["md", "markdown"].contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }
}
