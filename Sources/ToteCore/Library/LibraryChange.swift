import Foundation

/// What one change to the library changed, as every window needs to follow it.
public struct LibraryChange: Sendable {
    /// Notes created, saved or restored, as they are now.
    public var savedNotes: [NoteSummary] = []
    /// Notes deleted.
    public var removedNotes: [UUID] = []
    /// A change to reminders or lists (`listsChanged` when the sidebar's lists changed).
    public var reminders: ReminderCommand?
    /// Who made it (a window), so it does not follow its own change twice.
    public var origin: ObjectIdentifier?

    public init(savedNotes: [NoteSummary] = [], removedNotes: [UUID] = [], reminders: ReminderCommand? = nil,
                origin: ObjectIdentifier? = nil) {
        self.savedNotes = savedNotes
        self.removedNotes = removedNotes
        self.reminders = reminders
        self.origin = origin
    }

    public var listsChanged: Bool { reminders?.changesLists ?? false }
}
