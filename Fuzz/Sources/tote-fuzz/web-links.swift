// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// A browser's links (`text/x-moz-url`, and a `text/uri-list` naming no local file) dropped
/// or pasted into a note and onto a list. In a note: well-formed text whose runs are all links
/// Tote keeps; in a list: one-line titles no longer than the maximum, the address in the notes.
func fuzzWebLinks(_ data: Data) {
    for mimeType in [WebLinks.mozURLMIMEType, FileList.mimeType] {
        let links = WebLinks.links(in: data, mimeType: mimeType)
        require(links.count <= WebLinks.maximumLinks, "\(mimeType): more than maximumLinks")
        if let text = try? NoteTransfer.richText(from: data, mimeType: mimeType, storeMedia: { _, _ in
            fatalError("\(mimeType): a link stored media")
        }).text {
            checkWellFormed(text)
            require(text.paragraphs.allSatisfy { $0.runs.allSatisfy { $0.style.link != nil } }, "\(mimeType): a run without its link")
        }
        guard let found = try? ReminderTransfer.items(from: data, mimeType: mimeType) else { continue }
        for item in found.items {
            require(!item.title.isEmpty && item.title.count <= ReminderEditing.maximumTitleLength,
                    "\(mimeType): a title empty or too long")
            require(!item.title.unicodeScalars.contains { $0.properties.generalCategory == .control || $0 == "\u{FFFC}" },
                    "\(mimeType): a title with a control or attachment character: \(item.title.debugDescription)")
        }
    }
}
