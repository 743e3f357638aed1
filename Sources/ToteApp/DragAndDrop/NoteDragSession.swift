// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// A drag of note text in progress from some editor of this process: what was dragged,
/// from where, so a drop in Tote can move it (and one undo can put it back).
@MainActor
final class NoteDragSession {
    static var current: NoteDragSession?

    weak var editor: NoteEditor?
    let noteID: UUID
    let range: Range<Int>
    let fragment: RichText
    /// The GdkDrag, compared with a drop's `gdk_drop_get_drag` to know the drop is ours.
    var drag: UnsafeMutableRawPointer?

    init(editor: NoteEditor?, noteID: UUID, range: Range<Int>, fragment: RichText) {
        self.editor = editor
        self.noteID = noteID
        self.range = range
        self.fragment = fragment
    }

    /// The session whose drag a drop belongs to, if it is one of ours.
    static func of(_ drop: UnsafeMutableRawPointer) -> NoteDragSession? {
        guard let session = current, GDKDropActions.isDrop(drop, of: session.drag) else { return nil }
        return session
    }
}
