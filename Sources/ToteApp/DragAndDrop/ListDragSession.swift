import Foundation

/// A drag of a reminder list's sidebar row in progress: which list, so that a drop on another
/// list's row reorders the lists.
@MainActor
final class ListDragSession {
    static var current: ListDragSession?

    let listID: UUID
    /// The GdkDrag, compared with a drop's `gdk_drop_get_drag` to know the drop is ours.
    var drag: UnsafeMutableRawPointer?

    init(listID: UUID) {
        self.listID = listID
    }

    /// The session whose drag a drop belongs to, if it is one of ours.
    static func of(_ drop: UnsafeMutableRawPointer) -> ListDragSession? {
        guard let session = current, GDKDropActions.isDrop(drop, of: session.drag) else { return nil }
        return session
    }
}
