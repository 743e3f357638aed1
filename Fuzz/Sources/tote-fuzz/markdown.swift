// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// MarkdownFormat.decode through cmark-gfm (the notes folder's files, Markdown dropped from
/// Files), every link resolved to an attachment as if its file were there. Whatever is read
/// is well formed, and written as Markdown and read again, it is the same text: Tote reads
/// back exactly what it writes.
func fuzzMarkdown(_ data: Data) {
    let files = LinkedFiles()
    let text = MarkdownFormat.decode(data, resolve: files.attachment)
    checkWellFormed(text)
    let markdown = MarkdownFormat.encode(text) { "attachments/" + $0.media.fileName }
    let again = MarkdownFormat.decode(Data(markdown.utf8), resolve: files.attachment)
    if again != text { printError("written as:\n\(markdown)") }
    require(again == text, "read Markdown written and read again changed: \(firstDifference(text, again))")
}

/// A file for every link: the first time a target is seen it gets a content name of its own,
/// which the written Markdown then links to.
private final class LinkedFiles {
    private var byTarget: [String: MediaReference] = [:]

    func attachment(for embed: MarkdownFormat.Embed) -> ToteCore.Attachment? {
        guard !embed.target.isEmpty, !embed.target.contains(":") else { return nil }
        let reference: MediaReference
        if let known = byTarget[embed.target] {
            reference = known
        } else {
            let digest = String(repeating: String(format: "%016llx", UInt64(bitPattern: Int64(byTarget.count + 1))), count: 4)
            let found = (embed.target as NSString).pathExtension.lowercased()
            let fileExtension = found.count <= 8 && found.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? found : ""
            reference = MediaReference(digest: digest, fileExtension: fileExtension)
            byTarget[embed.target] = reference
            byTarget["attachments/" + reference.fileName] = reference
        }
        let mimeType = embed.title ?? MarkdownFormat.mimeType(forExtension: reference.fileExtension)
        let attachment = Attachment(kind: .file, media: reference, fileName: embed.name, mimeType: mimeType, byteCount: 1)
        var kept = attachment
        kept.kind = embed.isShownInPlace ? Attachment.kind(forMIMEType: attachment.mimeType) : .file
        return kept
    }
}
