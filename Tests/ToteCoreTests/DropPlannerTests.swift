// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// The plan of every kind of drop: the change (one step), what is selected after, what
/// becomes of the source, and the toast.
@Suite struct DropPlannerTests {
    private let noteA = UUID(), noteB = UUID(), listA = UUID(), listB = UUID()
    private let now = Date(timeIntervalSince1970: 1_000_000)

    private func ids() -> () -> UUID {
        var counter = 0
        return {
            counter += 1
            return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", counter))!
        }
    }

    private func reminders(_ titles: [String], in list: UUID, done: Set<String> = []) -> [Reminder] {
        titles.enumerated().map { index, title in
            Reminder(id: UUID(), listID: list, title: title, isDone: done.contains(title), position: index * 2,
                     created: now, modified: now)
        }
    }

    @Test func aMoveWithinOneNoteIsOneCommandAndSelectsTheText() throws {
        let text = RichText(plain: "one two three")
        let plan = try #require(DropPlanner.noteContent(
            text.fragment(0..<4), from: (noteA, 0..<4), action: .move, into: noteA, text: text, at: 13))
        #expect(plan.noteEdits.count == 1)
        var after = text
        try after.apply(plan.noteEdits[0].command)
        // "one " keeps its word end apart from "three" (smart spacing).
        #expect(after.plainText == "two three one ")
        #expect(plan.selection == .text(note: noteA, TextSelection(10..<14)))
        #expect(plan.source == .removed && plan.toast == nil)
    }

    @Test func aCopyWithinOneNoteKeepsTheOriginal() throws {
        let text = RichText(plain: "one two")
        let plan = try #require(DropPlanner.noteContent(
            text.fragment(0..<3), from: (noteA, 0..<3), action: .copy, into: noteA, text: text, at: 7))
        #expect(plan.source == .selectionCleared && plan.noteEdits.count == 1 && plan.toast == nil)
    }

    @Test func aMoveWhoseDraggedTextIsNoLongerThereCopies() {
        let dragged = RichText(plain: "move me")
        #expect(DropPlanner.noteAction(.move, dragged: dragged, from: 5..<12, sourceNow: RichText(plain: "keep move me")) == .move)
        #expect(DropPlanner.noteAction(.move, dragged: dragged, from: 5..<12, sourceNow: RichText(plain: "Do keep move me")) == .copy)
        #expect(DropPlanner.noteAction(.move, dragged: dragged, from: 5..<12, sourceNow: RichText(plain: "keep")) == .copy)
        #expect(DropPlanner.noteAction(.move, dragged: dragged, from: 5..<12, sourceNow: nil) == .move,
                "the note is gone: the library refuses the move")
        #expect(DropPlanner.noteAction(.copy, dragged: dragged, from: 5..<12, sourceNow: nil) == .copy)
    }

    @Test func aMoveBetweenNotesChangesBothInOneStepWithAToast() throws {
        let target = RichText(plain: "target")
        let plan = try #require(DropPlanner.noteContent(
            RichText(plain: "word"), from: (noteA, 5..<9), action: .move, into: noteB, text: target, at: 6))
        #expect(plan.noteEdits.map(\.note) == [noteB, noteA])
        #expect(plan.noteEdits[1].command == .delete(5..<9))
        #expect(plan.noteEdits[1].selectionAfter == .cursor(at: 5))
        #expect(plan.source == .removed && plan.toast == .moved(count: 1, to: .note(noteB)))
    }

    @Test func aCopyBetweenNotesClearsTheSourceSelection() throws {
        let plan = try #require(DropPlanner.noteContent(
            RichText(plain: "word"), from: (noteA, 0..<4), action: .copy, into: noteB, text: RichText(), at: 0))
        #expect(plan.noteEdits.count == 1 && plan.source == .selectionCleared && plan.toast == .copied(count: 1, to: .note(noteB)))
    }

    @Test func anotherAppsTextChangesOnlyTheDestination() throws {
        let plan = try #require(DropPlanner.noteContent(
            RichText(plain: "x"), from: nil, action: .copy, into: noteA, text: RichText(), at: 0))
        #expect(plan.source == .unchanged && plan.toast == nil)
    }

    @Test func remindersMoveBetweenListsAsOneCommandSelectedInTheDestination() throws {
        let source = reminders(["a", "b", "c"], in: listA), target = reminders(["x"], in: listB)
        let moving = [source[0].id, source[2].id]
        let plan = try #require(DropPlanner.reminders(
            moving, from: [listA: source, listB: target], action: .move, into: listB, before: target[0].id,
            makeID: ids(), now: now))
        guard case .update(_, let after)? = plan.reminderCommand else { Issue.record("not an update"); return }
        #expect(Set(after.map(\.listID)) == [listB] && Set(moving).isSubset(of: Set(after.map(\.id))))
        #expect(!after.contains { $0.id == source[1].id })
        #expect(plan.selection == .reminders(list: listB, ids: moving))
        #expect(plan.source == .removed && plan.toast == .moved(count: 2, to: .list(listB)))
    }

    @Test func remindersCopiedWithCtrlGetNewIDsAndTheOriginalsStay() throws {
        let source = reminders(["a", "b"], in: listA)
        let plan = try #require(DropPlanner.reminders(
            [source[1].id], from: [listA: source], action: .copy, into: listA, before: source[0].id,
            makeID: ids(), now: now))
        guard case .reminders(_, let copies) = plan.selection else { Issue.record("no selection"); return }
        #expect(copies.count == 1 && copies[0] != source[1].id)
        #expect(plan.source == .selectionCleared && plan.toast == nil)
    }

    @Test func rowsDroppedWithinOrBesideThemselvesAreOntoThemselves() {
        let rows = reminders(["a", "b", "c", "d"], in: listA)
        let block = [rows[1].id, rows[2].id]
        for before in [rows[1].id, rows[2].id, rows[3].id] {
            #expect(DropPlanner.isOntoItself(before: before, dragging: block, in: rows))
        }
        #expect(!DropPlanner.isOntoItself(before: rows[0].id, dragging: block, in: rows))
        #expect(!DropPlanner.isOntoItself(before: nil, dragging: block, in: rows))
        #expect(DropPlanner.isOntoItself(before: nil, dragging: [rows[3].id], in: rows))
        // Rows apart are gathered by any drop: never onto themselves.
        #expect(!DropPlanner.isOntoItself(before: rows[1].id, dragging: [rows[0].id, rows[2].id], in: rows))
    }

    @Test func aReorderOntoItsOwnPlaceChangesNothing() {
        let rows = reminders(["a", "b"], in: listA)
        #expect(DropPlanner.reminders([rows[0].id], from: [listA: rows], action: .move, into: listA, before: rows[1].id,
                                      makeID: ids(), now: now) == nil)
    }

    @Test func noteTextBecomesOneReminderPerNonEmptyParagraph() throws {
        let text = RichText(paragraphs: [
            Paragraph(runs: [Run("Buy milk")]), Paragraph(), Paragraph(runs: [Run("  ")]),
            Paragraph(style: .checklist(checked: true), runs: [Run("Call Ann")]),
        ])
        let plan = try #require(DropPlanner.text(text, fromTote: true, into: listA, rows: [], before: nil, makeID: ids(), now: now))
        guard case .sequence(let steps)? = plan.reminderCommand, case .insert(let added) = steps.last
        else { Issue.record("no insert"); return }
        #expect(added.map(\.title) == ["Buy milk", "Call Ann"])
        #expect(added.map(\.isDone) == [false, true])
        #expect(plan.action == .copy && plan.source == .selectionCleared && plan.toast == .copied(count: 2, to: .list(listA)))
    }

    @Test func remindersBecomeChecklistParagraphsAfterTheDropParagraph() throws {
        let text = RichText(plain: "Groceries\nend")
        let rows = reminders(["milk", "eggs"], in: listA, done: ["eggs"])
        let plan = try #require(DropPlanner.reminders(rows, into: noteA, text: text, at: 3))
        var after = text
        try after.apply(plan.noteEdits[0].command)
        #expect(after.plainText == "Groceries\nmilk\neggs\nend")
        #expect(after.paragraphs.map(\.style) == [.body, .checklist(checked: false), .checklist(checked: true), .body])
        #expect(plan.selection == .text(note: noteA, TextSelection(10..<19)))
        #expect(plan.toast == .copied(count: 2, to: .note(noteA)))
    }

    @Test func remindersDroppedOnAnEmptyLineTakeItsPlace() throws {
        let text = RichText(plain: "top\n\nend")
        let plan = try #require(DropPlanner.reminders(reminders(["milk"], in: listA), into: noteA, text: text, at: 4))
        var after = text
        try after.apply(plan.noteEdits[0].command)
        #expect(after.plainText == "top\nmilk\nend")
        #expect(after.paragraphs[1].style == .checklist(checked: false))
    }

    @Test func aReorderToTheTopOrTheEndOfTheSameList() throws {
        let rows = reminders(["a", "b", "c"], in: listA)
        func order(_ plan: DropPlan?) throws -> [String] {
            guard case .update(_, let after)? = try #require(plan).reminderCommand else { return [] }
            var changed = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
            for row in after { changed[row.id] = row }
            return changed.values.sorted { $0.position < $1.position }.map(\.title)
        }
        #expect(try order(DropPlanner.reminders([rows[2].id], from: [listA: rows], action: .move, into: listA,
                                                before: rows[0].id, makeID: ids(), now: now)) == ["c", "a", "b"])
        #expect(try order(DropPlanner.reminders([rows[0].id], from: [listA: rows], action: .move, into: listA,
                                                before: nil, makeID: ids(), now: now)) == ["b", "c", "a"])
        let plan = try #require(DropPlanner.reminders([rows[0].id], from: [listA: rows], action: .move, into: listA,
                                                       before: nil, makeID: ids(), now: now))
        #expect(plan.toast == nil, "a reorder says nothing")
    }

    @Test func listsReorderByDroppingOneOnAnother() throws {
        let lists = (0..<3).map { ReminderList(id: UUID(), name: "\($0)", position: $0, created: now, modified: now) }
        let plan = try #require(DropPlanner.reorderingLists(lists[2].id, onto: lists[0].id, in: lists))
        guard case .updateLists(_, let after)? = plan.reminderCommand else { Issue.record("no update"); return }
        let positions = Dictionary(uniqueKeysWithValues: after.map { ($0.id, $0.position) })
        #expect(positions[lists[2].id] == 0 && positions[lists[0].id] == 1 && positions[lists[1].id] == 2)
    }
}
