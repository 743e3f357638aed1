import Foundation

/// A drag of a note's sidebar row in progress: which note, so that the drop matrix sees a
/// whole note (never dropped into itself) rather than another app's text.
@MainActor
final class NoteRowDragSession {
    static var current: NoteRowDragSession?

    let noteID: UUID
    /// The GdkDrag, compared with a drop's `gdk_drop_get_drag` to know the drop is ours.
    var drag: UnsafeMutableRawPointer?

    init(noteID: UUID) {
        self.noteID = noteID
    }

    /// The session whose drag a drop belongs to, if it is one of ours.
    static func of(_ drop: UnsafeMutableRawPointer) -> NoteRowDragSession? {
        guard let session = current, GDKDropActions.isDrop(drop, of: session.drag) else { return nil }
        return session
    }
}
