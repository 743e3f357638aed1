// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The file name of a note in the notes folder, and which names in that folder are notes.
///
/// Names follow Nextcloud Notes (`lib/Service/NoteUtil.php`), so that a note Nextcloud's own
/// editor saves keeps the name Tote gave it: the title's first line with something in it, at
/// most 100 characters, without `* | / \ : " < > ?`, leading dots and spaces or control
/// characters, and " (2)", " (3)"… when the name is taken. Beyond Nextcloud's rules, a name is
/// also one that Windows can hold and that no sync client skips.
public enum NoteFileName {
    /// The longest name written, in bytes of UTF-8. Filesystems allow 255; the rest leaves room
    /// for the tag a conflict copy adds (38 bytes for Syncthing's, 36 and the user's name for
    /// Nextcloud's), since a copy whose name is too long cannot be made.
    static let maxNameBytes = 200
    static let titleLength = 100

    /// "Title.md", or "Title (2).md" and so on when `taken` holds the name. `taken`: the names
    /// in the note's folder (without the note's own when renaming it), compared ignoring case
    /// because the folder may reach Windows or macOS through Nextcloud. `fallback` (translated,
    /// "New note") names a note whose title leaves nothing.
    public static func fileName(forTitle title: String, fallback: String, taken: Set<String>) -> String {
        var stem = safeTitle(title)
        if stem.isEmpty { stem = safeTitle(fallback) }
        if stem.isEmpty { stem = "Note" }
        let takenNames = Set(taken.map { $0.lowercased() })
        var number = 1
        while true {
            let counter = number == 1 ? "" : " (\(number))"
            // One byte kept for the underscore below.
            var name = cut(stem, toBytes: maxNameBytes - counter.utf8.count - ".md".utf8.count - 1) + counter
            // A title can still spell a conflict copy ("Plan.sync-conflict-20230112-003022-FUKIKK4"):
            // ending it with an underscore breaks the pattern.
            if !isNoteFile(name + ".md") { name += "_" }
            let candidate = name + ".md"
            if !takenNames.contains(candidate.lowercased()) { return candidate }
            number += 1
        }
    }

    /// The name of the note a Syncthing or Nextcloud conflict copy is a copy of; nil for any
    /// other name. Tags added to a conflict copy's own copies are all removed.
    ///
    /// - Syncthing: `Name.sync-conflict-20230112-003022-FUKIKK4.md`, a date, a time and the
    ///   first 7 characters (base32) of the device's ID before the extension.
    /// - Nextcloud desktop client: `Name (conflicted copy 2018-04-10 093612).md`, with the
    ///   user's display name before the date when the server takes conflict copies
    ///   (`Name (conflicted copy Jane Doe 2018-04-10 093612).md`), and the form of clients before
    ///   2.5, `Name_conflict-20180410-093612.md`.
    public static func conflictOriginal(of name: String) -> String? {
        var original = Array(name.utf8)
        var found = false
        while let shorter = withoutConflictTag(original) {
            original = shorter
            found = true
        }
        return found ? String(decoding: original, as: UTF8.self) : nil
    }

    /// `.md`, `.markdown` or `.txt`, and neither hidden, a sync client's temporary or partial
    /// file, nor a conflict copy.
    public static func isNoteFile(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        // Hidden covers Syncthing's `.syncthing.*.tmp` and Nextcloud's `.~lock.*#` and
        // `.*.~*` downloads; the extension covers `*.part` and `*.tmp`.
        guard bytes.first != .dot, !bytes.starts(with: Array("~syncthing~".utf8)),
              !contains(bytes, Array(".~".utf8)),
              let dot = bytes.lastIndex(of: .dot),
              noteExtensions.contains(String(decoding: bytes[(dot + 1)...], as: UTF8.self).lowercased())
        else { return false }
        return conflictOriginal(of: name) == nil
    }

    /// The name without its extension.
    public static func title(ofFileName name: String) -> String {
        guard let dot = name.unicodeScalars.lastIndex(of: "."), dot != name.unicodeScalars.startIndex else {
            return name
        }
        return String(name.unicodeScalars[..<dot])
    }

    // MARK: - Titles

    private static let noteExtensions: Set<String> = ["md", "markdown", "txt"]
    private static let forbidden: Set<Unicode.Scalar> = ["*", "|", "/", "\\", ":", "\"", "<", ">", "?"]
    /// PHP's `\R`, which Nextcloud splits the first line off with.
    private static let lineBreaks: Set<Unicode.Scalar> = [
        "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
    ]

    /// The part of a title a name is made of, "" when nothing is left: the first line that has
    /// something left once cleaned, as Nextcloud trims the blank lines before it.
    static func safeTitle(_ title: String) -> String {
        var line = String.UnicodeScalarView()
        for scalar in title.precomposedStringWithCanonicalMapping.unicodeScalars {
            if lineBreaks.contains(scalar) {
                if !cleaned(line).isEmpty { break }
                line = String.UnicodeScalarView()
            } else if scalar == "\t" {
                line.append(" ")
            } else if !forbidden.contains(scalar), !isHiddenControl(scalar) {
                line.append(scalar)
            }
        }
        // At most 100 characters as Nextcloud counts them (code points), cut between graphemes.
        var short = ""
        var length = 0
        for character in cleaned(line) {
            length += character.unicodeScalars.count
            if length > titleLength { break }
            short.append(character)
        }
        return windowsSafe(notSkipped(trimmingSpaces(short)))
    }

    private static func cleaned(_ line: String.UnicodeScalarView) -> String {
        trimmingSpaces(String(line.drop { $0 == "." || $0 == " " }))
    }

    /// Control characters, and the bidirectional embeddings, overrides and isolates that can
    /// make a name read backwards (as `…exe.txt`); marks (U+200E, U+200F) and joiners stay.
    private static func isHiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value) || scalar == "\u{FEFF}"
    }

    private static func trimmingSpaces(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }), let last = scalars.lastIndex(where: { $0 != " " })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Names a sync client passes over without a word, so that the note would never leave the
    /// computer: the Nextcloud desktop client's default exclude list (`sync-exclude.lst`: `~$*`,
    /// `*.~*`, `*_conflict-*`), the "(conflicted copy" it does not upload by default, and
    /// Syncthing's temporary files on Windows (`~syncthing~*`).
    private static func notSkipped(_ title: String) -> String {
        var title = title
        while title.hasPrefix("~$") || title.lowercased().hasPrefix("~syncthing~") { title.removeFirst() }
        while let range = title.range(of: ".~") { title.replaceSubrange(range, with: "~") }
        while let range = title.range(of: "_conflict-", options: .caseInsensitive) {
            title.replaceSubrange(range, with: title[range].dropLast() + " ")
        }
        while let range = title.range(of: "(conflicted copy") { title.replaceSubrange(range, with: "(conflicted-copy") }
        return title
    }

    private static let reservedNames: Set<String> = {
        let numbers: [String] = "0123456789¹²³".map { String($0) }
        let numbered: [String] = ["COM", "LPT"].flatMap { device in numbers.map { device + $0 } }
        return Set(["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"] + numbered)
    }()

    /// Windows cannot hold a file named after a device (`CON`, `NUL`, `COM1`…), whatever its
    /// extension and spaces before it: such a note would sync from Linux and then fail on every
    /// Windows computer, and a Nextcloud server with "Windows compatible filenames" on (Nextcloud
    /// 31) refuses it. Nextcloud Notes does not check this; an underscore after the device's name
    /// avoids it. (Trailing dots and spaces, Windows' other limit, cannot happen: the extension
    /// follows.)
    private static func windowsSafe(_ title: String) -> String {
        let device = trimmingSpaces(String(title.prefix { $0 != "." }))
        guard reservedNames.contains(device.uppercased()) else { return title }
        return device + "_" + title.dropFirst(device.count)
    }

    /// The longest start of `title` that fits in `bytes` of UTF-8, cut between graphemes.
    private static func cut(_ title: String, toBytes bytes: Int) -> String {
        guard title.utf8.count > bytes else { return title }
        var short = ""
        var count = 0
        for character in title {
            count += character.utf8.count
            if count > bytes { break }
            short.append(character)
        }
        return trimmingSpaces(short)
    }

    // MARK: - Conflict copies

    private static func withoutConflictTag(_ name: [UInt8]) -> [UInt8]? {
        // The tag stands just before the extension, or at the end of a name without one.
        var ends = [name.count]
        if let dot = name.lastIndex(of: .dot), dot > 0 { ends.insert(dot, at: 0) }
        for end in ends {
            let stem = name[..<end]
            if let original = withoutSyncthingTag(stem) ?? withoutNextcloudTag(stem) ?? withoutOldNextcloudTag(stem) {
                return Array(original + name[end...])
            }
        }
        return nil
    }

    /// `.sync-conflict-YYYYMMDD-HHMMSS-XXXXXXX` (`conflictName` in Syncthing's `folder_sendrecv.go`).
    private static func withoutSyncthingTag(_ stem: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let pattern = Array(".sync-conflict-99999999-999999-AAAAAAA".utf8)
        guard stem.count >= pattern.count else { return nil }
        let tag = stem.suffix(pattern.count)
        for (byte, expected) in zip(tag, pattern) {
            switch expected {
            case UInt8(ascii: "9"): guard byte.isDigit else { return nil }
            case UInt8(ascii: "A"): guard byte.isBase32 else { return nil }
            default: guard byte == expected else { return nil }
            }
        }
        return stem.dropLast(pattern.count)
    }

    /// ` (conflicted copy [user ]YYYY-MM-DD HHMMSS)` (`makeConflictFileName` in the Nextcloud
    /// desktop client's `src/common/utility.cpp`; the user's name has no parentheses).
    private static func withoutNextcloudTag(_ stem: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let opening = Array(" (conflicted copy ".utf8)
        guard stem.last == UInt8(ascii: ")"), let parenthesis = stem.lastIndex(of: UInt8(ascii: "(")),
              parenthesis > stem.startIndex, stem[(parenthesis - 1)...].starts(with: opening)
        else { return nil }
        let inside = stem[(parenthesis - 1 + opening.count)..<(stem.endIndex - 1)]
        let dateTime = inside.suffix(17)
        guard dateTime.count == 17, inside.count == 17 || inside.count > 18 && inside[inside.endIndex - 18] == .space
        else { return nil }
        for (byte, expected) in zip(dateTime, "9999-99-99 999999".utf8) {
            guard expected == UInt8(ascii: "9") ? byte.isDigit : byte == expected else { return nil }
        }
        return stem[..<(parenthesis - 1)]
    }

    /// `_conflict-YYYYMMDD-HHMMSS`, from Nextcloud and ownCloud clients before 2.5.
    private static func withoutOldNextcloudTag(_ stem: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let pattern = Array("_conflict-99999999-999999".utf8)
        guard stem.count >= pattern.count else { return nil }
        for (byte, expected) in zip(stem.suffix(pattern.count), pattern) {
            guard expected == UInt8(ascii: "9") ? byte.isDigit : byte == expected else { return nil }
        }
        return stem.dropLast(pattern.count)
    }

    private static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        bytes.indices.contains { bytes[$0...].starts(with: part) }
    }
}

private extension UInt8 {
    static let dot = UInt8(ascii: ".")
    static let space = UInt8(ascii: " ")
    var isDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
    /// RFC 4648's alphabet, as Syncthing writes device IDs.
    var isBase32: Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) || (UInt8(ascii: "2")...UInt8(ascii: "7")).contains(self)
    }
}
