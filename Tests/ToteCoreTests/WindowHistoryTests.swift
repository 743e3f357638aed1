import Foundation
import Testing
@testable import ToteCore

/// One history per window: the order of steps across notes and lists, one entry per user
/// action, and stale entries never undoing something else.
@Suite struct WindowHistoryTests {
    private let noteA = UUID(), noteB = UUID()

    @Test func undoTakesTheWindowsLatestStepWhateverItChanged() {
        var history = WindowHistory()
        let (a1, b1) = (UUID(), UUID())
        history.record([.note(noteA, step: a1)])
        history.record([.reminders])
        history.record([.note(noteB, step: b1)])
        let next = [noteA: a1, noteB: b1]
        #expect(history.nextUndo { next[$0] }?.parts == [.note(noteB, step: b1)])
        history.didUndo()
        #expect(history.nextUndo { next[$0] }?.parts == [.reminders])
        history.didUndo()
        #expect(history.nextUndo { next[$0] }?.parts == [.note(noteA, step: a1)])
        #expect(history.nextRedo { _ in b1 }?.parts == [.reminders])
    }

    @Test func aMoveBetweenNotesIsOneEntry() {
        var history = WindowHistory()
        let (drop, removal) = (UUID(), UUID())
        history.record([.note(noteB, step: drop)])
        history.extendLatest(with: [.note(noteB, step: drop), .note(noteA, step: removal)])
        #expect(history.undoEntries.count == 1)
        #expect(history.undoEntries[0].parts == [.note(noteB, step: drop), .note(noteA, step: removal)])
    }

    @Test func anEntryWhoseStepIsNoLongerNextIsDroppedNotUndone() {
        var history = WindowHistory()
        let (a1, b1) = (UUID(), UUID())
        history.record([.note(noteA, step: a1)])
        history.record([.note(noteB, step: b1), .note(noteA, step: UUID())])
        // Another window undid the move: note B's next step is no longer b1.
        #expect(history.nextUndo { $0 == noteA ? a1 : nil }?.parts == [.note(noteA, step: a1)])
        #expect(history.undoEntries.count == 1)
    }

    @Test func aNewStepDropsWhatCouldBeRedoneEverywhere() {
        var history = WindowHistory()
        let a1 = UUID()
        history.record([.note(noteA, step: a1)])
        history.record([.reminders])
        _ = history.nextUndo { _ in a1 }
        history.didUndo()
        _ = history.nextUndo { _ in a1 }
        history.didUndo()
        let dropped = history.record([.note(noteB, step: UUID())])
        #expect(dropped.notes == [noteA] && dropped.reminders)
        #expect(history.redoEntries.isEmpty)
    }

    @Test func aDeletedNotesStepsGo() {
        var history = WindowHistory()
        history.record([.note(noteA, step: UUID())])
        history.record([.reminders])
        history.forget(note: noteA)
        #expect(history.undoEntries.map(\.parts) == [[.reminders]])
    }
}
