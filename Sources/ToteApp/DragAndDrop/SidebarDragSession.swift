// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// A drag of a sidebar row in progress: a whole note or a reminder list, as the drop matrix
/// sees it, so that Tote's own drop targets know what came (never a note into itself; lists
/// reorder) rather than taking it for another app's data.
@MainActor
final class SidebarDragSession {
    static var current: SidebarDragSession?

    /// `.note(id)` or `.reminderList(id)`.
    let subject: DragSubject
    /// The GdkDrag, compared with a drop's `gdk_drop_get_drag` to know the drop is ours.
    var drag: UnsafeMutableRawPointer?

    init(subject: DragSubject) {
        self.subject = subject
    }

    /// The session whose drag a drop belongs to, if it is one of ours.
    static func of(_ drop: UnsafeMutableRawPointer) -> SidebarDragSession? {
        guard let session = current, GDKDropActions.isDrop(drop, of: session.drag) else { return nil }
        return session
    }

    /// The list a drop reorders, when it is a list's row being dragged.
    static func list(of drop: UnsafeMutableRawPointer) -> UUID? {
        if case .reminderList(let id)? = of(drop)?.subject { id } else { nil }
    }
}
