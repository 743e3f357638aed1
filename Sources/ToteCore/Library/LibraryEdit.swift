// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What one user action changes, applied at once through `Library.apply`: edits of notes'
/// texts (shown in an editor or not), a reminder command, or both — the shape a `DropPlan`
/// has.
public struct LibraryEdit: Sendable {
    public var noteEdits: [DropPlan.NoteEdit]
    public var reminders: ReminderCommand?
    /// Each edited note's selection before and after, which undo and redo put back (a note
    /// not named keeps a cursor at its start).
    public var selectionBefore: [UUID: TextSelection] = [:]
    public var selectionAfter: [UUID: TextSelection] = [:]

    public init(noteEdits: [DropPlan.NoteEdit] = [], reminders: ReminderCommand? = nil) {
        self.noteEdits = noteEdits
        self.reminders = reminders
        for edit in noteEdits { selectionAfter[edit.note] = edit.selectionAfter }
    }

    /// A drop's change; the destination's selection afterwards is the plan's.
    public init(_ plan: DropPlan) {
        self.init(noteEdits: plan.noteEdits, reminders: plan.reminderCommand)
        if case .text(let note, let selection) = plan.selection { selectionAfter[note] = selection }
    }
}
