// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a screen reader is told a drop did. A drop that shows a toast is said in the toast's
/// words; a move or copy within a note or a list shows none (the result is there, selected),
/// and a screen reader does not read a selection the pointer made, so it is told what moved.
public enum DropAnnouncement: Hashable, Sendable {
    case toast(DropPlan.Toast)
    /// Text moved or copied within a note: its start, at most `excerptLength` characters.
    case text(DropAction, excerpt: String)
    case reminders(DropAction, count: Int)

    public static let excerptLength = 60

    /// `text(note, range)` reads the note's text at the dropped selection, after the drop.
    public static func of(_ plan: DropPlan, text: (UUID, Range<Int>) -> String?) -> DropAnnouncement? {
        if let toast = plan.toast { return .toast(toast) }
        switch plan.selection {
        case .text(let note, let selection):
            guard let dropped = text(note, selection.range) else { return nil }
            // A picture or a file is a character of its own (U+FFFC): nothing to read.
            let words = dropped.replacingOccurrences(of: "\u{FFFC}", with: " ")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !words.isEmpty else { return nil }
            return .text(plan.action, excerpt: words.count > excerptLength ? String(words.prefix(excerptLength)) + "…" : words)
        case .reminders(_, let ids), .smartList(_, let ids):
            return ids.isEmpty ? nil : .reminders(plan.action, count: ids.count)
        }
    }
}
