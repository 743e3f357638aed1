// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// One history per window: the order of steps across notes and lists, one entry per user
/// action, and stale entries never undoing something else.
@Suite struct WindowHistoryTests {
    private let noteA = UUID(), noteB = UUID()
    /// A reminder change, as the window records it (with its inverse).
    private let reminders = WindowHistory.Part.reminders(
        ReminderStep(command: .insert([]), selectionBefore: .init(listID: UUID()), selectionAfter: .init(listID: nil)))

    @Test func undoTakesTheWindowsLatestStepWhateverItChanged() {
        var history = WindowHistory()
        let (a1, b1) = (UUID(), UUID())
        history.record([.note(noteA, step: a1)])
        history.record([reminders])
        history.record([.note(noteB, step: b1)])
        let next: (UUID, UUID) -> WindowHistory.StepPosition = { _, _ in .next }
        #expect(history.nextUndo(position: next) == .entry(.init(parts: [.note(noteB, step: b1)])))
        history.didUndo()
        #expect(history.nextUndo(position: next) == .entry(.init(parts: [reminders])))
        history.didUndo()
        #expect(history.nextUndo(position: next) == .entry(.init(parts: [.note(noteA, step: a1)])))
        #expect(history.nextRedo(position: next) == .entry(.init(parts: [reminders])))
    }

    @Test func everyReminderStepIsAnEntryOfItsOwn() {
        var history = WindowHistory()
        history.record([reminders])
        history.record([reminders])
        #expect(history.undoEntries.count == 2)
    }

    @Test func aMoveBetweenNotesIsOneEntry() {
        var history = WindowHistory()
        let (drop, removal) = (UUID(), UUID())
        history.record([.note(noteB, step: drop), .note(noteA, step: removal)])
        #expect(history.undoEntries.count == 1)
        #expect(history.undoEntries[0].parts == [.note(noteB, step: drop), .note(noteA, step: removal)])
    }

    @Test func anEntryUndoneFromAnotherWindowIsDroppedNotUndoneAgain() {
        var history = WindowHistory()
        let (a1, b1) = (UUID(), UUID())
        history.record([.note(noteA, step: a1)])
        history.record([.note(noteB, step: b1), .note(noteA, step: UUID())])
        // Another window undid the move: its steps are gone from the notes' undo steps.
        let next = history.nextUndo { _, step in step == a1 ? .next : .gone }
        #expect(next == .entry(.init(parts: [.note(noteA, step: a1)])))
        #expect(history.undoEntries.count == 1)
    }

    @Test func anEntryWhoseNoteChangedSinceIsRefusedAndKept() {
        var history = WindowHistory()
        let a1 = UUID()
        history.record([.note(noteA, step: a1)])
        // Another window typed in note A since: a1 is buried under its steps.
        #expect(history.nextUndo { _, _ in .buried } == .refused(note: noteA))
        #expect(history.undoEntries.count == 1)
        #expect(history.nextUndo { _, _ in .next } == .entry(.init(parts: [.note(noteA, step: a1)])))
    }

    @Test func aNewStepDropsWhatCouldBeRedoneEverywhere() {
        var history = WindowHistory()
        let a1 = UUID()
        history.record([.note(noteA, step: a1)])
        history.record([reminders])
        _ = history.nextUndo { _, _ in .next }
        history.didUndo()
        _ = history.nextUndo { _, _ in .next }
        history.didUndo()
        let dropped = history.record([.note(noteB, step: UUID())])
        #expect(dropped == [noteA], "the note's redo steps go; the reminders' went with their entry")
        #expect(history.redoEntries.isEmpty)
    }

    @Test func aDeletedNotesStepsGo() {
        var history = WindowHistory()
        history.record([.note(noteA, step: UUID())])
        history.record([reminders])
        history.forget(note: noteA)
        #expect(history.undoEntries.map(\.parts) == [[reminders]])
    }

    @Test func aNoteMovingToAnotherWindowTakesItsOwnEntriesAlong() {
        var history = WindowHistory()
        let (a1, a2, a3, b1, move) = (UUID(), UUID(), UUID(), UUID(), UUID())
        history.record([.note(noteA, step: a1)])
        history.record([reminders])
        history.record([.note(noteA, step: a2), .note(noteB, step: move)])
        history.record([.note(noteB, step: b1)])
        history.record([.note(noteA, step: a3)])
        let next: (UUID, UUID) -> WindowHistory.StepPosition = { _, _ in .next }
        _ = history.nextUndo(position: next)
        history.didUndo()

        let handed = history.handOver(note: noteA)
        #expect(handed.undoEntries == [.init(parts: [.note(noteA, step: a1)])])
        #expect(handed.redoEntries == [.init(parts: [.note(noteA, step: a3)])])
        // What also changed something else stays where it was done.
        #expect(history.undoEntries.map(\.parts) == [[reminders], [.note(noteA, step: a2), .note(noteB, step: move)],
                                                      [.note(noteB, step: b1)]])
        #expect(history.redoEntries.isEmpty)

        var other = WindowHistory()
        let c1 = UUID()
        other.record([.note(noteB, step: c1)])
        other.adopt(handed)
        #expect(other.undoEntries.map(\.parts) == [[.note(noteA, step: a1)], [.note(noteB, step: c1)]])
        #expect(other.nextRedo(position: next) == .entry(.init(parts: [.note(noteA, step: a3)])))
    }

    @Test func anEntryNamesTheNotesAndListsItChangesOnceEachInTheOrderItChangedThem() {
        let (avocet, bittern) = (UUID(), UUID())
        let now = Date(timeIntervalSince1970: 0)
        let godwit = Reminder(id: UUID(), listID: avocet, title: "Godwit", isDone: false, due: nil, priority: .none,
                              position: 0, created: now, modified: now)
        var moved = godwit
        moved.listID = bittern
        let move = WindowHistory.Part.reminders(ReminderStep(
            command: .sequence([.update(before: [godwit], after: [moved]), .update(before: [moved], after: [moved])]),
            selectionBefore: .init(listID: avocet), selectionAfter: .init(listID: bittern)))
        let entry = WindowHistory.Entry(parts: [.note(noteA, step: UUID()), move, .note(noteA, step: UUID()), .note(noteB, step: UUID())])
        #expect(entry.places == [.note(noteA), .list(avocet), .list(bittern), .note(noteB)])
    }
}
