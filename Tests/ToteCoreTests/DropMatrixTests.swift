// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// Every row of DESIGN.md's drop matrix, one test each: the default, Ctrl (GDK offers COPY
/// only) and Shift (MOVE only).
@Suite struct DropMatrixTests {
    private let all: Set<DropAction> = [.copy, .move]
    private let ctrl: Set<DropAction> = [.copy]
    private let shift: Set<DropAction> = [.move]
    private let noteA = UUID(), noteB = UUID(), listA = UUID(), listB = UUID(), reminder = UUID()

    private func actions(_ subject: DragSubject, _ destination: DropDestination) -> [DropAction?] {
        [all, ctrl, shift].map { DropMatrix.decide(dragging: subject, onto: destination, offered: $0)?.action }
    }

    private var text: DragSubject { .noteContent(note: noteA, range: 2..<5) }
    private var rows: DragSubject { .reminders(list: listA, ids: [reminder]) }

    @Test func textWithinOneNoteMovesCtrlCopiesShiftMoves() {
        #expect(actions(text, .note(noteA, offset: 9)) == [.move, .copy, .move])
        #expect(DropMatrix.row(dragging: text, onto: .note(noteA, offset: 9)) == .withinNote)
    }

    @Test func textToAnotherNoteCopiesCtrlCopiesShiftMoves() {
        #expect(actions(text, .note(noteB, offset: 0)) == [.copy, .copy, .move])
        #expect(DropMatrix.row(dragging: text, onto: .note(noteB, offset: 0)) == .noteToNote)
    }

    @Test func remindersWithinOneListMoveCtrlDuplicatesShiftMoves() {
        #expect(actions(rows, .list(listA, before: nil)) == [.move, .copy, .move])
        #expect(DropMatrix.row(dragging: rows, onto: .list(listA, before: nil)) == .withinList)
    }

    @Test func remindersToAnotherListMoveCtrlCopiesShiftMoves() {
        #expect(actions(rows, .list(listB, before: nil)) == [.move, .copy, .move])
        #expect(actions(rows, .listRow(listB)) == [.move, .copy, .move])
    }

    @Test func noteTextToAListAlwaysCopies() {
        #expect(actions(text, .list(listA, before: nil)) == [.copy, .copy, .copy])
        #expect(actions(text, .listRow(listA)) == [.copy, .copy, .copy])
        // With Shift the toolkit hears MOVE (all it offers), and Tote's source keeps the text.
        let shifted = DropMatrix.decide(dragging: text, onto: .listRow(listA), offered: shift)
        #expect(shifted?.answer == .move && shifted?.action == .copy)
    }

    @Test func remindersToANoteAlwaysCopy() {
        #expect(actions(rows, .note(noteA, offset: 4)) == [.copy, .copy, .copy])
        #expect(DropMatrix.row(dragging: rows, onto: .note(noteA, offset: 4)) == .remindersToNote)
    }

    /// "reminders or note text → a note's sidebar row": appended, a copy whatever is held;
    /// with Shift the toolkit hears MOVE (all it offers), and Tote's source keeps what it had.
    @Test func remindersOrNoteTextOntoANotesRowAlwaysCopy() {
        for subject in [text, rows] {
            #expect(DropMatrix.row(dragging: subject, onto: .noteRow(noteB)) == .toNoteRow)
            #expect(actions(subject, .noteRow(noteB)) == [.copy, .copy, .copy])
            let shifted = DropMatrix.decide(dragging: subject, onto: .noteRow(noteB), offered: shift)
            #expect(shifted?.answer == .move && shifted?.action == .copy)
        }
    }

    @Test func anythingToAnotherAppAlwaysCopiesAndTheSourceNeverDeletes() {
        for subject in [text, rows, .note(noteA), .reminderList(listA)] {
            #expect(actions(subject, .otherApp) == [.copy, .copy, nil])
        }
    }

    @Test func anotherAppToToteAlwaysCopiesAndNeverAsksItToDelete() {
        for destination in [DropDestination.note(noteA, offset: 0), .noteRow(noteA), .list(listA, before: nil), .listRow(listA)] {
            #expect(actions(.otherApp, destination) == [.copy, .copy, nil])
        }
    }

    /// On Wayland mutter picks the action among those declared: from another app only the
    /// copy is declared, so Shift cannot pick a MOVE that Tote would refuse (a loop of
    /// thousands of answers a second). Tote's own drags keep both, so Shift still moves.
    @Test func fromAnotherAppOnlyTheCopyIsDeclared() {
        for destination in [DropDestination.note(noteA, offset: 0), .noteRow(noteA), .list(listA, before: nil), .listRow(listA)] {
            #expect(DropMatrix.decide(dragging: .otherApp, onto: destination, offered: all)?.declared == [.copy])
            #expect(DropMatrix.decide(dragging: .otherApp, onto: destination, offered: ctrl)?.declared == [.copy])
        }
        #expect(DropMatrix.decide(dragging: text, onto: .note(noteA, offset: 9), offered: all)?.declared == [.copy, .move])
        #expect(DropMatrix.decide(dragging: rows, onto: .listRow(listB), offered: ctrl)?.declared == [.copy, .move])
        #expect(DropMatrix.decide(dragging: text, onto: .listRow(listA), offered: shift)?.declared == [.copy, .move])
    }

    /// Files dropped on the sidebar's notes come from another app and are copied, as anywhere
    /// else (Shift alone offers only the move, which would have the app delete them);
    /// Tote's own drags offer files for other apps only and are refused there.
    @Test func theNotesTakeOnlyAnotherAppsFilesAsACopy() {
        for offered in [all, ctrl] {
            let decision = DropMatrix.decide(dragging: .otherApp, onto: .notes, offered: offered)
            #expect(decision?.action == .copy && decision?.declared == [.copy], "\(offered)")
        }
        #expect(DropMatrix.decide(dragging: .otherApp, onto: .notes, offered: shift) == nil)
        for subject in [text, rows, DragSubject.note(noteA), .reminderList(listA)] {
            #expect(DropMatrix.decide(dragging: subject, onto: .notes, offered: all) == nil, "\(subject)")
        }
        #expect(DropDestination.notes.container == nil)
    }

    @Test func aDropThatAsksIsACopy() {
        #expect(DropAction.offered(copy: false, move: false, ask: true) == [.copy])
        #expect(DropAction.offered(copy: false, move: true, ask: true) == [.copy, .move])
        #expect(DropAction.offered(copy: false, move: true, ask: false) == [.move])
        #expect(DropAction.offered(copy: false, move: false, ask: false).isEmpty)
        let asked = DropAction.offered(copy: false, move: false, ask: true)
        #expect(DropMatrix.decide(dragging: .otherApp, onto: .note(noteA, offset: 0), offered: asked)?.action == .copy)
    }

    @Test func aWholeNoteIsCopiedIntoNotesAndLists() {
        #expect(actions(.note(noteA), .note(noteB, offset: 0)) == [.copy, .copy, .copy])
        #expect(actions(.note(noteA), .listRow(listA)) == [.copy, .copy, .copy])
        #expect(actions(.note(noteA), .noteRow(noteA)) == [nil, nil, nil])
    }

    @Test func listsReorderByTheirSidebarRows() {
        #expect(actions(.reminderList(listA), .listRow(listB)) == [.move, nil, .move])
        #expect(actions(.reminderList(listA), .listRow(listA)) == [nil, nil, nil])
        #expect(actions(.reminderList(listA), .note(noteA, offset: 0)) == [nil, nil, nil])
    }

    @Test func aListDroppedOnAnAccountsHeadingMovesIntoItAndNothingElseDoes() {
        #expect(actions(.reminderList(listA), .account("acc-dav")) == [.move, nil, .move])
        for subject in [text, rows, DragSubject.note(noteA), .otherApp] {
            #expect(actions(subject, .account("acc-dav")) == [nil, nil, nil])
        }
    }

    @Test func ontoItselfOrItsOwnRowOrWithNothingOfferedNothingIsAllowed() {
        #expect(DropMatrix.decide(dragging: text, onto: .note(noteA, offset: 3), offered: all, ontoItself: true) == nil)
        #expect(DropMatrix.decide(dragging: rows, onto: .list(listA, before: nil), offered: ctrl, ontoItself: true) == nil)
        #expect(actions(text, .noteRow(noteA)) == [nil, nil, nil])
        #expect(actions(rows, .listRow(listA)) == [nil, nil, nil])
        for subject in [text, rows, .otherApp] {
            #expect(DropMatrix.decide(dragging: subject, onto: .note(noteB, offset: 0), offered: []) == nil)
        }
    }

    @Test func remindersOntoASmartListTakeItsMeaningMoveCtrlCopiesShiftMoves() {
        let day = Date(timeIntervalSince1970: 1_800_000_000)
        for destination in [DropDestination.smartList(.today, day: nil), .smartList(.completed, day: nil),
                            .smartList(.scheduled, day: day)] {
            #expect(actions(rows, destination) == [.move, .copy, .move])
            #expect(DropMatrix.row(dragging: rows, onto: destination) == .remindersToSmartList)
        }
        // From a smart list: reminders of several lists.
        #expect(actions(.reminders(list: nil, ids: [reminder]), .smartList(.today, day: nil)) == [.move, .copy, .move])
        // Already due today (or done): a move changes nothing, so only a copy is offered.
        #expect(DropMatrix.decide(dragging: rows, onto: .smartList(.today, day: nil), offered: all, ontoItself: true)?.action
                == .copy)
        #expect(DropMatrix.decide(dragging: rows, onto: .smartList(.today, day: nil), offered: shift, ontoItself: true) == nil)
    }

    @Test func noteTextOntoASmartListAlwaysCopies() {
        #expect(actions(text, .smartList(.today, day: nil)) == [.copy, .copy, .copy])
        #expect(actions(text, .smartList(.completed, day: nil)) == [.copy, .copy, .copy])
        #expect(DropMatrix.row(dragging: text, onto: .smartList(.today, day: nil)) == .noteToSmartList)
    }

    @Test func allAndScheduledsOwnRowOfferNoActionAndNeitherDoOtherDrags() {
        for subject in [text, rows] {
            #expect(actions(subject, .smartList(.all, day: nil)) == [nil, nil, nil])
            #expect(actions(subject, .smartList(.scheduled, day: nil)) == [nil, nil, nil])
        }
        for subject in [DragSubject.note(noteA), .reminderList(listA), .otherApp] {
            #expect(actions(subject, .smartList(.today, day: nil)) == [nil, nil, nil])
        }
    }
}
