// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One undo step: the commands that made it and their inverses, and the selection before
/// and after, so undo and redo also put the selection back.
public struct UndoStep: Hashable, Sendable {
    /// Names the step for a window's history, which refers to it (WindowHistory).
    public var id = UUID()
    public var kind: EditKind
    /// Commands in the order they were applied.
    public var forward: [NoteCommand]
    /// Their inverses, in the order to apply them for undo (last command's inverse first).
    public var backward: [NoteCommand]
    public var selectionBefore: TextSelection
    public var selectionAfter: TextSelection
    public var time: Date
}

/// Undo and redo for one note. The note's text changes only through `perform`, `undo` and
/// `redo`, so the history and the text never disagree.
public struct UndoHistory: Sendable {
    public internal(set) var undoSteps: [UndoStep] = []
    public internal(set) var redoSteps: [UndoStep] = []
    /// Typing pauses longer than this start a new step.
    public var groupingInterval: TimeInterval = 1.0
    private var groupingClosed = true

    public init() {}

    public var canUndo: Bool { !undoSteps.isEmpty }
    public var canRedo: Bool { !redoSteps.isEmpty }
    /// The step undo would undo next, and the one redo would redo.
    public var nextUndoID: UUID? { undoSteps.last?.id }
    public var nextRedoID: UUID? { redoSteps.last?.id }

    /// Forgets what could be redone: a window made a new step elsewhere.
    public mutating func discardRedo() {
        redoSteps.removeAll()
    }

    /// Applies a command to `text` and records it. Typing and deleting extend the previous step
    /// of the same kind when they continue where it left off within the grouping interval.
    public mutating func perform(
        _ command: NoteCommand, on text: inout RichText, kind: EditKind,
        selectionBefore: TextSelection, selectionAfter: TextSelection, at time: Date = Date()
    ) throws(NoteCommandError) {
        let inverse = try text.apply(command)
        redoSteps.removeAll()
        if kind != .other, !groupingClosed, var last = undoSteps.last, last.kind == kind,
           last.selectionAfter == selectionBefore, time.timeIntervalSince(last.time) < groupingInterval
        {
            last.forward.append(command)
            last.backward.insert(inverse, at: 0)
            last.selectionAfter = selectionAfter
            last.time = time
            undoSteps[undoSteps.count - 1] = last
        } else {
            undoSteps.append(UndoStep(
                kind: kind, forward: [command], backward: [inverse],
                selectionBefore: selectionBefore, selectionAfter: selectionAfter, time: time))
        }
        groupingClosed = kind == .other
    }

    /// Ends the current group: the next edit starts a new step (after a click, a cursor move).
    public mutating func closeGroup() {
        groupingClosed = true
    }

    /// What undo or redo did: the commands applied to the text, in order (a view showing the
    /// text applies the same), and the selection to show.
    public struct Change: Sendable {
        public var commands: [NoteCommand]
        public var selection: TextSelection
    }

    /// Undoes the last step on `text`; nil with nothing to undo.
    public mutating func undo(on text: inout RichText) -> Change? {
        guard let step = undoSteps.popLast() else { return nil }
        // The recorded inverses fit: the text changes only through this history.
        for command in step.backward { _ = try? text.apply(command) }
        redoSteps.append(step)
        groupingClosed = true
        return Change(commands: step.backward, selection: step.selectionBefore)
    }

    /// Redoes the last undone step on `text`; nil with nothing to redo.
    public mutating func redo(on text: inout RichText) -> Change? {
        guard let step = redoSteps.popLast() else { return nil }
        var undone = step
        undone.backward = []
        for command in step.forward {
            guard let inverse = try? text.apply(command) else { continue }
            undone.backward.insert(inverse, at: 0)
        }
        undoSteps.append(undone)
        groupingClosed = true
        return Change(commands: step.forward, selection: step.selectionAfter)
    }
}
