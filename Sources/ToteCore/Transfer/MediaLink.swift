// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A reminder's link to a file kept in Tote's media folder, `tote:media/<digest>.<extension>`:
/// what a file dropped onto a list becomes (a reminder titled with the file's name). It is
/// opened as a copy named after the reminder, never as the stored file.
public enum MediaLink {
    private static let prefix = "tote:media/"

    public static func link(to reference: MediaReference) -> String {
        prefix + reference.fileName
    }

    /// The stored file a link names; nil for anything that is not exactly such a link.
    public static func reference(in link: String) -> MediaReference? {
        guard link.hasPrefix(prefix) else { return nil }
        let name = link.dropFirst(prefix.count)
        let parts = name.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let digest = String(parts[0])
        let fileExtension = parts.count > 1 ? String(parts[1]) : ""
        guard digest.count == 64, digest.allSatisfy({ $0.isASCII && $0.isHexDigit && !$0.isUppercase }),
              MediaReference.sanitized(fileExtension) == fileExtension, parts.count == 1 || !fileExtension.isEmpty
        else { return nil }
        return MediaReference(digest: digest, fileExtension: fileExtension)
    }
}

extension MediaLink {
    /// The name the copy of a reminder's file is opened under: the reminder's title (which
    /// may have been renamed) with the stored file's extension, fitting a file system's 255
    /// bytes.
    public static func fileName(forTitle title: String, of reference: MediaReference) -> String {
        var name = title
        let ending = "." + reference.fileExtension
        if !reference.fileExtension.isEmpty, name.lowercased().hasSuffix(ending) { name.removeLast(ending.count) }
        return Exports.fileName(name, fallback: "File", fileExtension: reference.fileExtension)
    }
}

extension Reminder {
    /// The link a reminder holds: its notes, when they are one web or mail address (a dropped
    /// link) or one stored file (a dropped file) and nothing else. Its row offers to open it.
    public var link: String? {
        // Most reminders have no notes: asked for every row bound, trimming cost more than binding.
        guard !notes.isEmpty else { return nil }
        // No link is longer than the rules let in: 10 MB of notes were scanned whole, a second a row.
        guard notes.utf8.count <= ContentRules.maximumLinkLength + Self.linkMargin else { return nil }
        let notes = notes.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !notes.contains(where: \.isWhitespace) else { return nil }
        return MediaLink.reference(in: notes) != nil ? notes : WebLinks.webAddress(notes)
    }

    /// Spaces and line breaks around a link in notes, beyond the longest link.
    private static let linkMargin = 1_024
}
