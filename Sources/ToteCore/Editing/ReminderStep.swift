// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One user action on reminders or lists, as a window's history records it: the command
/// (a move of 500 reminders across lists is one command), which the store applies in one
/// transaction, with its inverse and the selection before and after, so undo and redo also
/// put the selection back.
public struct ReminderStep: Hashable, Sendable {
    public var command: ReminderCommand
    public var selectionBefore: ReminderSelection
    public var selectionAfter: ReminderSelection

    public init(command: ReminderCommand, selectionBefore: ReminderSelection, selectionAfter: ReminderSelection) {
        self.command = command
        self.selectionBefore = selectionBefore
        self.selectionAfter = selectionAfter
    }

    /// What undoing (or redoing) the step applies, and the selection to show afterwards.
    public func taken(redoing: Bool) -> (command: ReminderCommand, selection: ReminderSelection) {
        redoing ? (command, selectionAfter) : (command.inverse, selectionBefore)
    }
}
