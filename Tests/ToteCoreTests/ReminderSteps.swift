// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import ToteCore

/// A window's history holding reminder steps, taken as a window takes them: the step's
/// inverse (or its command) applied, and the entry moved only when that worked.
struct ReminderSteps {
    var history = WindowHistory()

    var canUndo: Bool { !history.undoEntries.isEmpty }
    var canRedo: Bool { !history.redoEntries.isEmpty }

    mutating func record(_ command: ReminderCommand, selectionBefore: ReminderSelection, selectionAfter: ReminderSelection) {
        history.record([.reminders(ReminderStep(command: command, selectionBefore: selectionBefore, selectionAfter: selectionAfter))])
    }

    mutating func undo(applying apply: (ReminderCommand) throws -> Void) throws -> (command: ReminderCommand, selection: ReminderSelection)? {
        try take(redoing: false, applying: apply)
    }

    mutating func redo(applying apply: (ReminderCommand) throws -> Void) throws -> (command: ReminderCommand, selection: ReminderSelection)? {
        try take(redoing: true, applying: apply)
    }

    private mutating func take(
        redoing: Bool, applying apply: (ReminderCommand) throws -> Void
    ) throws -> (command: ReminderCommand, selection: ReminderSelection)? {
        let next = redoing ? history.nextRedo { _, _ in .next } : history.nextUndo { _, _ in .next }
        guard case .entry(let entry) = next, case .reminders(let step)? = entry.parts.first else { return nil }
        let taken = step.taken(redoing: redoing)
        try apply(taken.command)
        if redoing { history.didRedo() } else { history.didUndo() }
        return taken
    }
}
