// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a person did, for grouping edits into undo steps.
public enum EditKind: Hashable, Sendable {
    /// Typing a character: consecutive typing at the insertion point is one step.
    case typing
    /// Backspace or Delete: consecutive ones are one step.
    case deletion
    /// Everything else is a step of its own: paste, drop, formatting, insertion of a file.
    case other

    /// An insertion the buffer reports: one character is typing; Enter and anything longer
    /// (a paste, an input method's commit) are steps of their own.
    public static func insertion(of text: String) -> EditKind {
        text.unicodeScalars.count == 1 && text != "\n" ? .typing : .other
    }

    /// A deletion the buffer reports: one character is Backspace or Delete; a range is a step.
    public static func deletion(ofLength length: Int) -> EditKind {
        length == 1 ? .deletion : .other
    }
}
