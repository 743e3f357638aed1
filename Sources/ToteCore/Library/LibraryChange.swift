// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What one change to the library changed, as every window and editor needs to follow it.
public struct LibraryChange: Sendable {
    /// A note's text changed: the commands applied, in order, for every editor showing it
    /// to apply too.
    public struct EditedNote: Sendable {
        public var note: UUID
        public var commands: [NoteCommand]
        /// For each command, whether it only restyles what it replaces (judged on the text
        /// before it), so that a view can restyle in place.
        public var restylesOnly: [Bool]
        /// The undo step the edit made (nil when it grew the latest one, or was an undo).
        public var newStep: UUID?
        /// The editor whose buffer made the edit (typing): it shows it already.
        public var shownBy: ObjectIdentifier?
    }

    /// A save found the note changed or deleted by another Tote since it was read: the edits
    /// became `copy`; `original` is the note as stored now, if it still exists.
    public struct KeptAsCopy: Sendable {
        public var copy: Note
        public var original: Note?
        public var attempted: Note
    }

    public struct SaveFailure: Sendable {
        public var note: Note
        public var error: any Error
    }

    /// Notes created, saved or restored, as they are now.
    public var savedNotes: [NoteSummary] = []
    /// Notes deleted.
    public var removedNotes: [UUID] = []
    /// A change to reminders or lists (`listsChanged` when the sidebar's lists changed).
    public var reminders: ReminderCommand?
    public var editedNotes: [EditedNote] = []
    public var keptAsCopy: KeptAsCopy?
    public var saveFailure: SaveFailure?
    /// Lists became synced through an account, or stopped being (the sidebar regroups).
    public var syncedListsChanged = false
    /// Lists gone because their account was switched off (`SyncAccounts.switchedOff`).
    public var listsWithAccountSwitchedOff: Set<UUID> = []
    /// A batch from a task list's server (`Library.applyFromServerInBackground`): whoever
    /// began it follows up what it queued for the server.
    public var fromServer = false
    /// Who made it (a window), so it does not follow its own change twice. For a change
    /// from elsewhere (another Tote), nil.
    public var origin: ObjectIdentifier?

    public init(savedNotes: [NoteSummary] = [], removedNotes: [UUID] = [], reminders: ReminderCommand? = nil,
                editedNotes: [EditedNote] = [], origin: ObjectIdentifier? = nil) {
        self.savedNotes = savedNotes
        self.removedNotes = removedNotes
        self.reminders = reminders
        self.editedNotes = editedNotes
        self.origin = origin
    }

    public var listsChanged: Bool { reminders?.changesLists ?? false }

    /// The undo steps this change made, as a window's history names them: one user action.
    public var newSteps: [WindowHistory.Part] {
        editedNotes.compactMap { edit in edit.newStep.map { .note(edit.note, step: $0) } }
    }
}
