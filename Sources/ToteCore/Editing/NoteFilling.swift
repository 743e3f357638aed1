// SPDX-License-Identifier: GPL-3.0-or-later
/// A long note fills its view a slice at a time: the start at once, the rest between frames.
/// It can be edited meanwhile, because the view always holds the start of the text, so an
/// edit there is an edit of both. Only what may reach past the part filled so far has the
/// rest filled in first: anything with Ctrl or Alt (Ctrl+End, Ctrl+A, commands over the
/// whole note), the context menu (its Select All), moving down within a screen of the end
/// of the part filled, and any key on its last line (Delete and Right there would find
/// nothing after the caret; an input method's text would be moved by every slice).
public enum NoteFilling {
    /// Where the caret is, against the end of the part filled so far.
    public enum CaretPlace: Sendable {
        case onTheLastLine
        case withinAScreenOfTheEnd
        case further
    }

    /// Whether a key (named as GDK names keys: "a", "Down", "Page_Down") needs all of the note
    /// in the view before it is handled.
    public static func keyNeedsWholeNote(named name: String, control: Bool, alt: Bool, caret: CaretPlace) -> Bool {
        if control || alt || menuKeys.contains(name) { return true }
        switch caret {
        case .onTheLastLine: return true
        case .withinAScreenOfTheEnd: return downwardKeys.contains(name)
        case .further: return false
        }
    }

    private static let menuKeys: Set<String> = ["Menu", "F10"]
    private static let downwardKeys: Set<String> = [
        "Down", "KP_Down", "Page_Down", "KP_Page_Down", "Next", "KP_Next",
    ]
}
