// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Undo and redo of reminder and list changes for one window. Every step is one command
/// (a move of 500 reminders across lists is one step) with the selection before and after.
/// The store applies the commands; a step moves between the stacks only when that worked.
public struct ReminderHistory: Sendable {
    public struct Step: Hashable, Sendable {
        public var command: ReminderCommand
        public var selectionBefore: ReminderSelection
        public var selectionAfter: ReminderSelection
    }

    public private(set) var undoSteps: [Step] = []
    public private(set) var redoSteps: [Step] = []

    public init() {}

    public var canUndo: Bool { !undoSteps.isEmpty }
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// Forgets what could be redone: the window made a new step elsewhere.
    public mutating func discardRedo() {
        redoSteps.removeAll()
    }

    /// Records a command already applied.
    public mutating func record(
        _ command: ReminderCommand, selectionBefore: ReminderSelection, selectionAfter: ReminderSelection
    ) {
        undoSteps.append(Step(command: command, selectionBefore: selectionBefore, selectionAfter: selectionAfter))
        redoSteps.removeAll()
    }

    /// Applies the inverse of the last step through `apply`; returns the selection to show,
    /// or nil with nothing to undo. When `apply` throws, the history is unchanged.
    public mutating func undo(
        applying apply: (ReminderCommand) throws -> Void
    ) throws -> (command: ReminderCommand, selection: ReminderSelection)? {
        guard let step = undoSteps.last else { return nil }
        try apply(step.command.inverse)
        undoSteps.removeLast()
        redoSteps.append(step)
        return (step.command.inverse, step.selectionBefore)
    }

    public mutating func redo(
        applying apply: (ReminderCommand) throws -> Void
    ) throws -> (command: ReminderCommand, selection: ReminderSelection)? {
        guard let step = redoSteps.last else { return nil }
        try apply(step.command)
        redoSteps.removeLast()
        undoSteps.append(step)
        return (step.command, step.selectionAfter)
    }
}
