import Foundation

/// One history per window: the order of everything done in it, whatever it changed.
///
/// Each note keeps its own steps (`UndoHistory`, kept while another note is shown) and the
/// window's reminders theirs (`ReminderHistory`); this says which step Ctrl+Z and
/// Ctrl+Shift+Z take next. An entry is one user action, so a move between two notes is one
/// entry with a part in each. A note's part names its step: once the note's history no
/// longer has that step next (another window undid it, or the note was deleted), the entry
/// is stale and is dropped rather than undoing something else.
public struct WindowHistory: Sendable {
    public enum Part: Hashable, Sendable {
        /// A step of a note's history.
        case note(UUID, step: UUID)
        /// The next step of the window's reminder history.
        case reminders
    }

    public struct Entry: Hashable, Sendable {
        /// In the order they were made; undone in reverse.
        public var parts: [Part]

        public var notes: [UUID] {
            parts.compactMap { if case .note(let id, _) = $0 { id } else { nil } }
        }

        public var changesReminders: Bool { parts.contains(.reminders) }
    }

    public private(set) var undoEntries: [Entry] = []
    public private(set) var redoEntries: [Entry] = []

    public init() {}

    /// Records a new user action. What could be redone is gone: returns the notes whose
    /// redo steps go with it, and whether the reminders' do.
    @discardableResult
    public mutating func record(_ parts: [Part]) -> (notes: Set<UUID>, reminders: Bool) {
        guard !parts.isEmpty else { return ([], false) }
        let dropped = redoEntries
        redoEntries.removeAll()
        if undoEntries.last?.parts == parts { return ([], false) }
        undoEntries.append(Entry(parts: parts))
        return (Set(dropped.flatMap(\.notes)), dropped.contains(where: \.changesReminders))
    }

    /// Adds parts to the latest entry: more of the same user action (the source side of a
    /// drop made in another note).
    public mutating func extendLatest(with parts: [Part]) {
        guard !undoEntries.isEmpty else {
            record(parts)
            return
        }
        for part in parts where !undoEntries[undoEntries.count - 1].parts.contains(part) {
            undoEntries[undoEntries.count - 1].parts.append(part)
        }
    }

    /// The entry Ctrl+Z takes next, dropping stale ones on the way. `nextUndoStep` gives a
    /// note's next undo step (nil when it has none).
    public mutating func nextUndo(nextUndoStep: (UUID) -> UUID?) -> Entry? {
        while let entry = undoEntries.last {
            if Self.isNext(entry, nextStep: nextUndoStep) { return entry }
            undoEntries.removeLast()
        }
        return nil
    }

    public mutating func nextRedo(nextRedoStep: (UUID) -> UUID?) -> Entry? {
        while let entry = redoEntries.last {
            if Self.isNext(entry, nextStep: nextRedoStep) { return entry }
            redoEntries.removeLast()
        }
        return nil
    }

    /// The entry from `nextUndo` was undone.
    public mutating func didUndo() {
        guard let entry = undoEntries.popLast() else { return }
        redoEntries.append(entry)
    }

    /// The entry from `nextRedo` was redone.
    public mutating func didRedo() {
        guard let entry = redoEntries.popLast() else { return }
        undoEntries.append(entry)
    }

    /// A note was deleted: its steps can no longer be taken.
    public mutating func forget(note id: UUID) {
        undoEntries.removeAll { $0.notes.contains(id) }
        redoEntries.removeAll { $0.notes.contains(id) }
    }

    private static func isNext(_ entry: Entry, nextStep: (UUID) -> UUID?) -> Bool {
        entry.parts.allSatisfy { part in
            guard case .note(let id, let step) = part else { return true }
            return nextStep(id) == step
        }
    }
}
