// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The drop matrix of DESIGN.md: the action of every drag onto every destination.
///
/// The toolkit tells the destination which actions the drag offers: all of them normally,
/// COPY only while Ctrl is held and MOVE only while Shift is held (GDK on X11, mutter on
/// Wayland), so the modifiers arrive as `offered`.
public enum DropMatrix {
    /// A row of the matrix.
    public enum Row: Hashable, Sendable, CaseIterable {
        case withinNote
        case noteToNote
        case withinList
        /// Reminders onto the middle of a reminder's row: they become its subtasks.
        case ontoReminder
        case listToList
        case noteToList
        case remindersToNote
        /// Reminders or note text onto a note's sidebar row: appended to that note, unopened.
        case toNoteRow
        /// A whole note (its sidebar row) into a note or a list: its content, copied.
        case wholeNote
        /// A list's sidebar row onto another: the lists reorder.
        case reorderLists
        /// A list's sidebar row onto an account's heading: the list moves into that account.
        case listToAccount
        /// Reminders onto a smart list: they take its meaning (due today, done).
        case remindersToSmartList
        /// Note text onto a smart list: new reminders with its meaning.
        case noteToSmartList
        case toOtherApp
        case fromOtherApp
    }

    /// How a row treats the modifiers.
    enum Rule {
        /// Move; Ctrl copies; Shift moves.
        case moveByDefault
        /// Copy; Ctrl copies; Shift moves.
        case copyByDefault
        /// Copy, whatever is held.
        case alwaysCopy
        /// Move, and nothing else makes sense (a copy of a list's place is nothing).
        case moveOnly
    }

    /// What a drop does, and what the toolkit is told.
    public struct Decision: Hashable, Sendable {
        public var row: Row
        /// What the drop does.
        public var action: DropAction
        /// The action answered to the toolkit: one it offered. It differs from `action` only
        /// for a copy between two of Tote's own containers while Shift offers only MOVE:
        /// Tote's source removes nothing unless the plan of the drop says move.
        public var answer: DropAction
        /// The actions Tote says it could take, told to the toolkit with the answer. From
        /// another app that is the copy alone. On Wayland the compositor, not Tote, picks the
        /// action among those declared: with MOVE declared, Shift would pick MOVE, which Tote
        /// refuses, the compositor would fall back to none, GTK would offer both again, and
        /// the two would go round thousands of times a second while the pointer rests.
        public var declared: Set<DropAction>
    }

    /// The row a drag onto a destination falls in; nil where nothing may be dropped.
    public static func row(dragging subject: DragSubject, onto destination: DropDestination) -> Row? {
        switch (subject, destination) {
        // An account's heading takes one of Tote's lists, nothing else.
        case (.reminderList, .account): return .listToAccount
        case (_, .account): return nil
        // A smart list takes what can take its meaning: All and Scheduled's row have none.
        case (.reminders, .smartList(let list, let day)):
            return list.hasMeaning(day: day) ? .remindersToSmartList : nil
        case (.noteContent, .smartList(let list, let day)):
            return list.hasMeaning(day: day) ? .noteToSmartList : nil
        case (_, .smartList): return nil
        // A row's middle takes reminders: they become its subtasks.
        case (.reminders(_, let ids), .reminder(let row, _)):
            return ids.contains(row) ? nil : .ontoReminder
        case (_, .reminder): return nil
        case (.otherApp, .otherApp): return nil
        case (_, .otherApp): return .toOtherApp
        case (.otherApp, _): return .fromOtherApp
        case (_, .notes): return nil  // what Tote drags is already in it
        case (.noteContent(let source, _), .note(let target, _)):
            return source == target ? .withinNote : .noteToNote
        case (.noteContent(let source, _), .noteRow(let target)):
            return source == target ? nil : .toNoteRow
        case (.noteContent, .list), (.noteContent, .listRow):
            return .noteToList
        case (.reminders(let source, _), .list(let target, _)):
            return source == target ? .withinList : .listToList
        case (.reminders(let source, _), .listRow(let target)):
            return source == target ? nil : .listToList
        case (.reminders, .note):
            return .remindersToNote
        case (.reminders, .noteRow):
            return .toNoteRow
        case (.note(let source), .note(let target, _)), (.note(let source), .noteRow(let target)):
            return source == target ? nil : .wholeNote
        case (.note, .list), (.note, .listRow):
            return .wholeNote
        case (.reminderList(let source), .listRow(let target)):
            return source == target ? nil : .reorderLists
        case (.reminderList, _):
            return nil
        }
    }

    static func rule(for row: Row) -> Rule {
        switch row {
        case .withinNote, .withinList, .ontoReminder, .listToList, .remindersToSmartList: return .moveByDefault
        case .noteToNote: return .copyByDefault
        case .noteToList, .noteToSmartList, .remindersToNote, .toNoteRow, .wholeNote, .toOtherApp, .fromOtherApp:
            return .alwaysCopy
        case .reorderLists, .listToAccount: return .moveOnly
        }
    }

    /// The decision for a drag over a destination, or nil where nothing may be dropped (the
    /// pointer then shows "not allowed").
    /// - Parameter ontoItself: the drop point lies on or right beside what is dragged (text
    ///   dropped within its own range, rows between themselves, reminders onto a smart list
    ///   whose meaning they have), where a move changes nothing (onto a smart list a copy is
    ///   still offered).
    public static func decide(
        dragging subject: DragSubject, onto destination: DropDestination, offered: Set<DropAction>,
        ontoItself: Bool = false
    ) -> Decision? {
        guard let row = row(dragging: subject, onto: destination) else { return nil }
        if ontoItself, row == .withinNote || row == .withinList { return nil }
        func decision(_ action: DropAction, answer: DropAction? = nil) -> Decision {
            let answer = answer ?? action
            return Decision(row: row, action: action, answer: answer,
                            declared: row == .fromOtherApp ? [answer] : [.copy, .move])
        }
        switch rule(for: row) {
        // Reminders with the smart list's meaning already: a move changes nothing, a copy
        // (Ctrl) still makes copies.
        case .moveByDefault where ontoItself && row == .remindersToSmartList:
            return offered.contains(.copy) ? decision(.copy) : nil
        case .moveByDefault:
            if offered.contains(.move) { return decision(.move) }
            return offered.contains(.copy) ? decision(.copy) : nil
        case .copyByDefault:
            if offered == [.move] { return decision(.move) }
            if offered.contains(.copy) { return decision(.copy) }
            return nil
        case .alwaysCopy:
            if offered.contains(.copy) { return decision(.copy) }
            // From another app a MOVE answer would make it delete what it dragged: refused.
            // Between Tote's containers the answer is only what the toolkit allows.
            if row != .fromOtherApp, row != .toOtherApp, offered.contains(.move) {
                return decision(.copy, answer: .move)
            }
            return nil
        case .moveOnly:
            return offered.contains(.move) ? decision(.move) : nil
        }
    }
}
