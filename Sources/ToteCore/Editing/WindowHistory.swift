// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One history per window: the order of everything done in it, whatever it changed.
///
/// Each note keeps its own steps in the library (`NoteBody.steps`, whichever window made
/// them); reminder changes are recorded here with their inverses (`ReminderStep`). This
/// says which step Ctrl+Z and Ctrl+Shift+Z take next. An entry is one user action, so a move between two notes is one
/// entry with a part in each. A note's part names its step: once the note's history no
/// longer has that step next (another window undid it, or the note was deleted), the entry
/// is stale and is dropped rather than undoing something else.
public struct WindowHistory: Sendable {
    public enum Part: Hashable, Sendable {
        /// A step of a note's history.
        case note(UUID, step: UUID)
        /// A change to reminders or lists, with its inverse.
        case reminders(ReminderStep)
    }

    public struct Entry: Hashable, Sendable {
        /// In the order they were made; undone in reverse.
        public var parts: [Part]

        public var notes: [UUID] {
            parts.compactMap { if case .note(let id, _) = $0 { id } else { nil } }
        }

        /// The notes and lists it changes, each once, in the order its parts changed them:
        /// what a screen reader is told undoing or redoing it changed.
        public var places: [Container] {
            var seen = Set<Container>()
            return parts.flatMap { part -> [Container] in
                switch part {
                case .note(let id, _): [.note(id)]
                case .reminders(let step): step.command.listsInOrder.map { .list($0) }
                }
            }.filter { seen.insert($0).inserted }
        }

        public var changesReminders: Bool {
            parts.contains { if case .reminders = $0 { true } else { false } }
        }

        /// The parts in the order to take them: as made to redo, last first to undo.
        public func parts(redoing: Bool) -> [Part] {
            redoing ? parts : parts.reversed()
        }
    }

    public private(set) var undoEntries: [Entry] = []
    public private(set) var redoEntries: [Entry] = []

    public init() {}

    /// Records a new user action. What could be redone is gone: returns the notes whose
    /// redo steps go with it.
    @discardableResult
    public mutating func record(_ parts: [Part]) -> Set<UUID> {
        guard !parts.isEmpty else { return [] }
        let dropped = redoEntries
        redoEntries.removeAll()
        undoEntries.append(Entry(parts: parts))
        return Set(dropped.flatMap(\.notes))
    }

    /// Where a note's step stands in that note's history now.
    public enum StepPosition: Sendable {
        /// It is the step undo (or redo) would take next.
        case next
        /// Other steps came after it: the note changed since, and undoing it would write
        /// over that.
        case buried
        /// It is no longer there: undone (or redone) from another window, or the steps were
        /// replaced.
        case gone
    }

    /// What Ctrl+Z (or Ctrl+Shift+Z) takes next.
    public enum Next: Hashable, Sendable {
        case entry(Entry)
        /// The latest entry's note changed since: nothing may be undone now.
        case refused(note: UUID)
        case nothing
    }

    /// The entry Ctrl+Z takes next. Entries whose steps are gone are dropped on the way; an
    /// entry whose note changed since is refused, and stays (once the other change is
    /// undone, it can be). `position` says where a note's step stands among its undo steps.
    public mutating func nextUndo(position: (_ note: UUID, _ step: UUID) -> StepPosition) -> Next {
        Self.next(in: &undoEntries, position: position)
    }

    /// The same for Ctrl+Shift+Z; `position` looks among the note's redo steps.
    public mutating func nextRedo(position: (_ note: UUID, _ step: UUID) -> StepPosition) -> Next {
        Self.next(in: &redoEntries, position: position)
    }

    private static func next(in entries: inout [Entry], position: (UUID, UUID) -> StepPosition) -> Next {
        entryLoop: while let entry = entries.last {
            for part in entry.parts {
                guard case .note(let id, let step) = part else { continue }
                switch position(id, step) {
                case .next: continue
                case .buried: return .refused(note: id)
                case .gone:
                    entries.removeLast()
                    continue entryLoop
                }
            }
            return .entry(entry)
        }
        return .nothing
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

    /// What a note that moves to another window takes along: the entries that change it
    /// alone, in their order. Entries that also change something else stay here.
    public struct HandedOver: Sendable, Equatable {
        public var undoEntries: [Entry]
        public var redoEntries: [Entry]
    }

    /// Takes out the entries that change only note `id`, for the window it moves to.
    public mutating func handOver(note id: UUID) -> HandedOver {
        func onlyIt(_ entry: Entry) -> Bool { !entry.changesReminders && Set(entry.notes) == [id] }
        let handed = HandedOver(undoEntries: undoEntries.filter(onlyIt), redoEntries: redoEntries.filter(onlyIt))
        undoEntries.removeAll(where: onlyIt)
        redoEntries.removeAll(where: onlyIt)
        return handed
    }

    /// Takes on the entries of a note that moved here, before anything done here since.
    public mutating func adopt(_ handed: HandedOver) {
        undoEntries.insert(contentsOf: handed.undoEntries, at: 0)
        redoEntries.insert(contentsOf: handed.redoEntries, at: 0)
    }
}
