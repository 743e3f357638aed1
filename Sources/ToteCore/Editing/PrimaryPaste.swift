// SPDX-License-Identifier: GPL-3.0-or-later
/// What a middle click pastes into a note: the X11 and Wayland primary selection, which GTK
/// reads and inserts itself, tags included, behind the model's back.
public enum PrimaryPaste: Equatable, Sendable {
    /// A copy of the note's own selection, styles and pictures kept (files still arriving
    /// are never copied).
    case selection(RichText)
    /// The primary selection's plain text, in the style where it lands.
    case plainText

    /// `primaryIsLocal`: the primary selection is this process's own (a selection in one of
    /// Tote's text views). With a selection in this note, that is the one pasted.
    public static func decide(primaryIsLocal: Bool, in text: RichText, selection: Range<Int>) -> PrimaryPaste {
        guard primaryIsLocal, !selection.isEmpty, selection.upperBound <= text.length else { return .plainText }
        return .selection(text.copied(selection).withoutIncoming)
    }
}
