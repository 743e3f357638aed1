// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Everything a drop does, decided before anything changes: the change (one undo step,
/// whatever it spans), what is selected afterwards and where, what becomes of the source,
/// and what the person is told. Views carry it out; they decide none of it.
public struct DropPlan: Hashable, Sendable {
    /// A command on one note's body.
    public struct NoteEdit: Hashable, Sendable {
        public var note: UUID
        public var command: NoteCommand
        /// The selection this note shows afterwards, when it is not the drop's destination.
        public var selectionAfter: TextSelection?

        public init(note: UUID, command: NoteCommand, selectionAfter: TextSelection? = nil) {
            self.note = note
            self.command = command
            self.selectionAfter = selectionAfter
        }
    }

    /// What happens to the content where it came from.
    public enum SourceEffect: Hashable, Sendable {
        /// A move: it goes from its place (in the same step as the drop).
        case removed
        /// A copy, or a drop into another container: the source keeps it, unselected.
        case selectionCleared
        /// Another app's, or nothing to do.
        case unchanged
    }

    /// What is selected after the drop, in the destination, which also takes the focus.
    public enum Selection: Hashable, Sendable {
        case text(note: UUID, TextSelection)
        case reminders(list: UUID, ids: [UUID])
        /// Reminders shown in a smart list (they stay in their own lists).
        case smartList(SmartList, ids: [UUID])
    }

    /// The toast a drop between two containers shows (with Undo): what went where, and how
    /// many (reminders dropped, or reminders made; 1 for text).
    public enum Toast: Hashable, Sendable {
        case moved(count: Int, to: Container)
        case copied(count: Int, to: Container)
        /// Reminders dropped onto a smart list took its meaning (due that day, done).
        case tookMeaning(count: Int, SmartList.Meaning)
        /// One repeating reminder took a smart list's meaning: due that day, this occurrence
        /// only (the rule stays), or done, which moved it on to `due`.
        case repeating(title: String, due: Date?, SmartList.Meaning)
        /// Appended to a note by a drop on its sidebar row: the note is named, not shown.
        case added(to: UUID)
    }

    public var action: DropAction
    /// Note edits in the order to apply them; the destination's is first.
    public var noteEdits: [NoteEdit]
    /// The reminders and lists change, in one transaction.
    public var reminderCommand: ReminderCommand?
    public var selection: Selection
    public var source: SourceEffect
    public var toast: Toast?
}
