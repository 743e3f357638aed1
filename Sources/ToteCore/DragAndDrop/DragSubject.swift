// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What is being dragged, as the drop matrix sees it: whose content it is, never a widget.
public enum DragSubject: Hashable, Sendable {
    /// Text or media of a note: a range of its body.
    case noteContent(note: UUID, range: Range<Int>)
    /// Reminder rows of a list, in list order; `list` is nil for rows of several lists
    /// (dragged from a smart list).
    case reminders(list: UUID?, ids: [UUID])
    /// A whole note, dragged by its sidebar row.
    case note(UUID)
    /// A reminder list, dragged by its sidebar row.
    case reminderList(UUID)
    /// Files, text or pictures from another application.
    case otherApp
}
