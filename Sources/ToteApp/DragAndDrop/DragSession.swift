// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// A drag in progress that this process started: what it carries, and what its source asked
/// to be done there once a drop in Tote has taken it. Tote's drop targets find it by the
/// drop's GdkDrag (`of(_:)`) and take the content at hand instead of reading it as another
/// app's data; a destination never reaches into the source's widgets.
@MainActor
final class DragSession {
    /// What a drag carries, as the model knows it.
    enum Content {
        /// Text or media of a note: its range, and a copy with styles and media.
        case noteText(noteID: UUID, range: Range<Int>, fragment: RichText)
        /// Reminders of a list, in list order, or of several lists shown in a smart list
        /// (`listID` nil), in its order.
        case reminders(listID: UUID?, reminders: [Reminder])
        /// A sidebar row: `.note(id)` or `.reminderList(id)`.
        case sidebarRow(DragSubject)
    }

    /// The drag begun last; a source sets it when it prepares a drag and clears it when the
    /// drag ends.
    static var current: DragSession?

    let content: Content
    /// What a copy of dragged reminders out of their list holds, asked when a drop takes it:
    /// them with the subtasks their parents carry, in order (into a note, another app).
    var copiedReminders: (@MainActor () -> [Reminder])?
    /// Whether the dragged reminders may become subtasks (`DropPlanner.mayNest`), worked out
    /// at the first motion over a list.
    var mayNest: Bool?
    /// The GdkDrag, compared with a drop's `gdk_drop_get_drag` to know the drop is ours.
    var drag: UnsafeMutableRawPointer?
    /// The view the drag came from, known only by identity: a drop back into it selects what
    /// was dropped there, which clearing the source's selection would undo. Weak, as are the
    /// source's closures: a window closed during the drag goes.
    private(set) weak var source: AnyObject?
    private let clearSelection: (@MainActor () -> Void)?
    private let selectInNote: (@MainActor (UUID, TextSelection) -> Void)?

    /// - Parameters:
    ///   - clearSelection: what clearing the source's selection means.
    ///   - selectInNote: selects a range in the source when it still shows that note.
    init(
        _ content: Content, from source: AnyObject? = nil, clearSelection: (@MainActor () -> Void)? = nil,
        selectInNote: (@MainActor (UUID, TextSelection) -> Void)? = nil
    ) {
        self.content = content
        self.source = source
        self.clearSelection = clearSelection
        self.selectInNote = selectInNote
    }

    /// The session whose drag a drop belongs to, if it is one of ours.
    static func of(_ drop: UnsafeMutableRawPointer) -> DragSession? {
        guard let session = current, GDKDropActions.isDrop(drop, of: session.drag) else { return nil }
        return session
    }

    /// What the drag carries, as the drop matrix sees it.
    var subject: DragSubject {
        switch content {
        case .noteText(let noteID, let range, _): .noteContent(note: noteID, range: range)
        case .reminders(let listID, let reminders): .reminders(list: listID, ids: reminders.map(\.id))
        case .sidebarRow(let subject): subject
        }
    }

    var noteText: (noteID: UUID, range: Range<Int>, fragment: RichText)? {
        if case .noteText(let noteID, let range, let fragment) = content { (noteID, range, fragment) } else { nil }
    }

    var reminders: (listID: UUID?, reminders: [Reminder])? {
        if case .reminders(let listID, let reminders) = content { (listID, reminders) } else { nil }
    }

    var sidebarRow: DragSubject? {
        if case .sidebarRow(let subject) = content { subject } else { nil }
    }

    /// The list whose sidebar row is dragged (to reorder the lists).
    var listRow: UUID? {
        if case .reminderList(let id)? = sidebarRow { id } else { nil }
    }

    /// Clears the selection the drag was made from, as its source registered, unless the drop
    /// landed back in that source.
    func clearSourceSelection(droppedInto destination: AnyObject) {
        guard source !== destination else { return }
        clearSelection?()
    }

    /// Selects `selection` of `note` in the source, if it still shows that note: where a move
    /// out of it left the cursor.
    func selectInSource(_ selection: TextSelection, of note: UUID) {
        selectInNote?(note, selection)
    }
}
