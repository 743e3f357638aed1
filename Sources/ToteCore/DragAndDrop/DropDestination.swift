// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where a drag would land.
public enum DropDestination: Hashable, Sendable {
    /// A character offset in a note's body.
    case note(UUID, offset: Int)
    /// A place in a list: before a row, or at the end (nil).
    case list(UUID, before: UUID?)
    /// The middle of a reminder's row in a list: dropped reminders become its subtasks.
    case reminder(UUID, list: UUID)
    /// A note's sidebar row: the content goes at the end of the note.
    case noteRow(UUID)
    /// A list's sidebar row: reminders go at the end of the list.
    case listRow(UUID)
    /// The sidebar's notes, not one of them: note files from another app become notes.
    case notes
    /// A smart list (its sidebar row or its view), or one of Scheduled's day groups (the
    /// day's start): what is dropped takes its meaning.
    case smartList(SmartList, day: Date?)
    /// An account's heading in the sidebar (its EDS uid): a list dropped there moves into it.
    case account(String)
    /// Another application: Files, Text Editor, a browser.
    case otherApp

    /// The note or list that receives the drop, if it is Tote's.
    public var container: Container? {
        switch self {
        case .note(let id, _), .noteRow(let id): return .note(id)
        case .list(let id, _), .listRow(let id), .reminder(_, let id): return .list(id)
        case .notes, .otherApp, .account, .smartList: return nil
        }
    }
}

/// A note or a reminder list: what holds content, receives drops and has undo steps.
public enum Container: Hashable, Sendable {
    case note(UUID)
    case list(UUID)
}
