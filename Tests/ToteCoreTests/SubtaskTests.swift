// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// Subtasks: how a list nests, the commands that make and move them (one undo step each),
/// the drops onto a row's middle and between a parent's subtasks.
@Suite struct SubtaskTests {
    private let list = UUID()
    private let other = UUID()
    private let now = Date(timeIntervalSince1970: 2_000)

    private func row(_ title: String, _ position: Int, in list: UUID? = nil, under parent: Reminder? = nil,
                     done: Bool = false) -> Reminder {
        Reminder(id: UUID(), listID: list ?? self.list, title: title, isDone: done, position: position,
                 created: Date(timeIntervalSince1970: 1_000), modified: Date(timeIntervalSince1970: 1_000),
                 parentID: parent?.id)
    }

    /// A (a1, a2), B, C (c1): the list of most tests.
    private func sample() -> (a: Reminder, a1: Reminder, a2: Reminder, b: Reminder, c: Reminder, c1: Reminder) {
        let a = row("A", 0), b = row("B", 3), c = row("C", 4)
        return (a, row("a1", 1, under: a), row("a2", 2, under: a), b, c, row("c1", 5, under: c))
    }

    private func rows(_ s: (a: Reminder, a1: Reminder, a2: Reminder, b: Reminder, c: Reminder, c1: Reminder)) -> [Reminder] {
        [s.a, s.a1, s.a2, s.b, s.c, s.c1]
    }

    /// The list as it shows after `command`: titles, a subtask indented by two spaces.
    private func shown(_ rows: [Reminder], after command: ReminderCommand? = nil, list: UUID? = nil) -> [String] {
        let list = list ?? self.list
        let result = command.map { $0.rows(of: list, from: rows.filter { $0.listID == list }) }
            ?? rows.filter { $0.listID == list }
        let tree = ReminderTree(result)
        return tree.ordered.map { (tree.level(of: $0.id) == 1 ? "  " : "") + $0.title }
    }

    // MARK: The tree

    @Test func subtasksShowUnderTheirParentWhereverTheirPositionsAre() {
        let a = row("A", 0), b = row("B", 1)
        let late = row("late", 9, under: a), early = row("early", -1, under: b)
        let tree = ReminderTree([late, b, a, early])
        #expect(tree.ordered.map(\.title) == ["A", "late", "B", "early"])
        #expect(tree.level(of: late.id) == 1 && tree.parent(of: early.id) == b.id)
        #expect(tree.subtasks(of: a.id) == [late.id])
    }

    /// Another client's deeper nesting shows under the top parent, its own parent kept; a
    /// parent that is gone, or a loop, shows at the top level.
    @Test func deeperNestingMissingParentsAndLoopsAreShownFlat() {
        let top = row("top", 0)
        let middle = row("middle", 1, under: top)
        let deep = row("deep", 2, under: middle)
        var orphan = row("orphan", 3)
        orphan.parentID = UUID()
        var x = row("x", 4), y = row("y", 5)
        x.parentID = y.id
        y.parentID = x.id
        let tree = ReminderTree([top, middle, deep, orphan, x, y])
        #expect(tree.ordered.map(\.title) == ["top", "middle", "deep", "orphan", "x", "y"])
        #expect(tree.parent(of: deep.id) == top.id && deep.parentID == middle.id)
        #expect(tree.level(of: orphan.id) == 0 && tree.level(of: x.id) == 0 && tree.level(of: y.id) == 0)
    }

    @Test func aDoneParentStaysShownWhileASubtaskIsOpen() {
        let a = row("A", 0, done: true), open = row("open", 1, under: a)
        let b = row("B", 2, done: true), closed = row("closed", 3, under: b, done: true)
        #expect(ReminderEditing.visible([a, open, b, closed], showingCompleted: false).map(\.title) == ["A", "open"])
    }

    // MARK: Tab and Shift+Tab

    @Test func indentMakesSubtasksOfTheParentAbove() throws {
        let s = sample()
        guard case .command(let command)? = ReminderNesting.indenting([s.b.id], in: rows(s), now: now) else {
            Issue.record("no command")
            return
        }
        #expect(shown(rows(s), after: command) == ["A", "  a1", "  a2", "  B", "C", "  c1"])
        // Only B changes: it already sits after A's group.
        guard case .update(let before, let after) = command else { return }
        #expect(before == [s.b] && after.map(\.parentID) == [s.a.id] && after[0].modified == now)
        #expect(shown(rows(s), after: .sequence([command, command.inverse])) == shown(rows(s)))
    }

    @Test func indentRefusesAParentAndTheFirstRow() {
        let s = sample()
        #expect(ReminderNesting.indenting([s.c.id], in: rows(s), now: now) == .refused(.hasSubtasks("C")))
        let first = row("first", 0), second = row("second", 1)
        #expect(ReminderNesting.indenting([first.id], in: [first, second], now: now) == .refused(.nothingAbove("first")))
        #expect(ReminderNesting.indenting([s.a1.id], in: rows(s), now: now) == nil)
    }

    @Test func outdentPutsASubtaskAfterItsParentsGroup() throws {
        let s = sample()
        let command = try #require(ReminderNesting.outdenting([s.a1.id], in: rows(s), now: now))
        #expect(shown(rows(s), after: command) == ["A", "  a2", "a1", "B", "C", "  c1"])
        #expect(ReminderNesting.outdenting([s.b.id], in: rows(s), now: now) == nil)
        #expect(shown(rows(s), after: .sequence([command, command.inverse])) == shown(rows(s)))
    }

    // MARK: What a parent carries

    @Test func completingAParentCompletesItsOpenSubtasksInOneStep() throws {
        let s = sample()
        let command = try #require(ReminderEditing.settingDone([s.a.id], to: true, in: rows(s), now: now))
        guard case .update(_, let after) = command else { return }
        #expect(Set(after.map(\.title)) == ["A", "a1", "a2"] && after.allSatisfy(\.isDone))
        // The last open subtask done: the parent stays as it is.
        let last = try #require(ReminderEditing.settingDone([s.c1.id], to: true, in: rows(s), now: now))
        guard case .update(_, let only) = last else { return }
        #expect(only.map(\.title) == ["c1"])
    }

    @Test func deletingAParentDeletesItsSubtasks() throws {
        let s = sample()
        let command = try #require(ReminderEditing.deleting([s.c.id], in: rows(s)))
        #expect(shown(rows(s), after: command) == ["A", "  a1", "  a2", "B"])
    }

    /// A smart list shows a parent without its subtasks that are not due: deleting it there
    /// deletes them too, as in its list, one step.
    @Test func deletingAParentInASmartListDeletesItsSubtasksInEveryList() throws {
        let s = sample()
        let elsewhere = row("X", 0, in: other), x1 = row("x1", 1, in: other, under: elsewhere)
        let command = try #require(ReminderEditing.deleting(
            [s.c.id, elsewhere.id, s.a1.id], inLists: [list: rows(s), other: [elsewhere, x1]]))
        guard case .delete(let deleted) = command else {
            Issue.record("not a deletion: \(command)")
            return
        }
        #expect(Set(deleted.map(\.title)) == ["c1", "C", "a1", "X", "x1"])
        #expect(shown(rows(s), after: command) == ["A", "  a2", "B"])
    }

    @Test func aParentMovedToAnotherListCarriesItsSubtasksAndOneUndoBringsAllBack() {
        let s = sample()
        let there = row("there", 0, in: other)
        let lists = [list: rows(s), other: [there]]
        let command = ReminderOrdering.move([s.a.id], from: lists, to: other, at: 1)
        let all = rows(s) + [there]
        #expect(shown(all, after: command, list: other) == ["there", "A", "  a1", "  a2"])
        #expect(shown(all, after: command) == ["B", "C", "  c1"])
        let undone = ReminderCommand.sequence([command, command.inverse])
        #expect(shown(all, after: undone) == shown(rows(s)) && shown(all, after: undone, list: other) == ["there"])
    }

    @Test func aSubtaskMovedAloneToAnotherListIsTopLevelThere() throws {
        let s = sample()
        let command = ReminderOrdering.move([s.a2.id], from: [list: rows(s), other: []], to: other, at: 0)
        guard case .update(_, let after) = command else { return }
        #expect(after.map(\.title) == ["a2"] && after[0].parentID == nil && after[0].listID == other)
    }

    @Test func aCopiedGroupIsAGroupOfNewReminders() {
        let s = sample()
        var ids = [UUID(), UUID(), UUID()].makeIterator()
        let (command, copies) = ReminderOrdering.copy(
            [s.c.id], from: [list: rows(s), other: []], to: other, at: 0, makeID: { ids.next()! }, now: now)
        #expect(copies.count == 2)
        #expect(shown(rows(s), after: command, list: other) == ["C", "  c1"])
    }

    @Test func altArrowsMoveGroupsPastGroupsAndSubtasksAmongTheirs() throws {
        let s = sample()
        let down = try #require(ReminderOrdering.reorder([s.a.id], in: rows(s), by: 1))
        #expect(shown(rows(s), after: down) == ["B", "A", "  a1", "  a2", "C", "  c1"])
        let up = try #require(ReminderOrdering.reorder([s.a2.id], in: rows(s), by: -1))
        #expect(shown(rows(s), after: up) == ["A", "  a2", "  a1", "B", "C", "  c1"])
        #expect(ReminderOrdering.reorder([s.a1.id], in: rows(s), by: -1) == nil)
        #expect(ReminderOrdering.reorder([s.c1.id], in: rows(s), by: 1) == nil)
    }

    // MARK: Drops

    @Test func theMiddleOfARowNestsItsEdgesGoBetween() {
        let s = sample()
        let tree = ReminderTree(rows(s))
        func place(_ row: Reminder, _ fraction: Double, nesting: Bool = true) -> DropDestination {
            DropPlanner.destination(over: row.id, at: fraction, in: list, shown: tree.ordered, tree: tree, nesting: nesting)
                .destination
        }
        #expect(place(s.b, 0.5) == .reminder(s.b.id, list: list))
        #expect(place(s.b, 0.34) == .reminder(s.b.id, list: list))
        #expect(place(s.b, 0.3) == .list(list, before: s.b.id))
        #expect(place(s.b, 0.67) == .list(list, before: s.c.id))
        #expect(place(s.b, 0.9) == .list(list, before: s.c.id))
        #expect(place(s.c1, 0.9) == .list(list, before: nil))
        // A parent with subtasks dragged: halves only, and never into a group.
        #expect(place(s.b, 0.5, nesting: false) == .list(list, before: s.c.id))
        #expect(place(s.a, 0.7, nesting: false) == .list(list, before: s.b.id))
        #expect(place(s.a1, 0.2, nesting: false) == .list(list, before: s.b.id))
    }

    /// Right of the titles on an insertion line: one level in, at the end of the group above;
    /// inside a group, or at the top of the list, the line stays where it is.
    @Test func aLineDraggedRightwardNestsUnderTheGroupAbove() {
        let s = sample()
        let tree = ReminderTree(rows(s))
        func place(_ row: Reminder, _ fraction: Double) -> (DropDestination, DropPlanner.RowFeedback) {
            let found = DropPlanner.destination(over: row.id, at: fraction, in: list, shown: tree.ordered, tree: tree,
                                                nesting: true, shift: DropPlanner.levelIndent)
            return (found.destination, found.feedback)
        }
        // Below a2 (the end of A's group), before B: into A's group.
        #expect(place(s.a2, 0.9) == (.reminder(s.a2.id, list: list), .nestedLine(after: s.a2.id)))
        #expect(place(s.b, 0.1) == (.reminder(s.a2.id, list: list), .nestedLine(after: s.a2.id)))
        // Below B, which has no subtasks: B's first.
        #expect(place(s.b, 0.9) == (.reminder(s.b.id, list: list), .nestedLine(after: s.b.id)))
        // Inside a group it is a subtask anyway; at the top there is nothing to go under.
        #expect(place(s.a1, 0.9) == (.list(list, before: s.a2.id), .line(before: s.a2.id)))
        #expect(place(s.a, 0.1) == (.list(list, before: s.a.id), .line(before: s.a.id)))
        // And what such a drop does: B's subtask.
        let plan = DropPlanner.subtasks([s.c1.id], from: [list: rows(s)], action: .move, onto: s.b.id, in: list,
                                        makeID: UUID.init, now: now)
        #expect(shown(rows(s), after: plan?.reminderCommand) == ["A", "  a1", "  a2", "B", "  c1", "C"])
    }

    /// The last subtask of a group dropped on the line just below it, which is drawn at the
    /// top level, leaves the group: that is a change, offered; dropped just above itself,
    /// among its group, it stays where it is, and nothing is offered.
    @Test func theLastSubtaskDroppedBelowItsGroupLeavesIt() throws {
        let s = sample()
        let tree = ReminderTree(rows(s))
        let below = DropPlanner.destination(over: s.a2.id, at: 0.9, in: list, shown: tree.ordered, tree: tree, nesting: true)
        #expect(below.destination == .list(list, before: s.b.id) && below.feedback == .line(before: s.b.id))
        #expect(!DropPlanner.isOntoItself(before: s.b.id, dragging: [s.a2.id], in: rows(s)))
        #expect(DropPlanner.isOntoItself(before: s.a2.id, dragging: [s.a2.id], in: rows(s)))
        #expect(DropPlanner.isOntoItself(before: s.b.id, dragging: [s.a.id], in: rows(s)))
        let plan = try #require(DropPlanner.reminders(
            [s.a2.id], from: [list: rows(s)], action: .move, into: list, before: s.b.id, makeID: UUID.init, now: now))
        #expect(shown(rows(s), after: plan.reminderCommand) == ["A", "  a1", "a2", "B", "C", "  c1"])
    }

    @Test func theMatrixMovesOntoARowAndCopiesWithCtrl() {
        let s = sample()
        let subject = DragSubject.reminders(list: list, ids: [s.b.id])
        let destination = DropDestination.reminder(s.c.id, list: list)
        #expect(DropMatrix.decide(dragging: subject, onto: destination, offered: [.copy, .move])?.action == .move)
        #expect(DropMatrix.decide(dragging: subject, onto: destination, offered: [.copy])?.action == .copy)
        #expect(DropMatrix.decide(dragging: subject, onto: .reminder(s.b.id, list: list), offered: [.copy, .move]) == nil)
        #expect(DropMatrix.row(dragging: .otherApp, onto: destination) == nil)
    }

    @Test func aReminderDroppedOntoARowBecomesItsLastSubtask() throws {
        let s = sample()
        let plan = try #require(DropPlanner.subtasks(
            [s.b.id], from: [list: rows(s)], action: .move, onto: s.a.id, in: list, makeID: UUID.init, now: now))
        let command = try #require(plan.reminderCommand)
        #expect(shown(rows(s), after: command) == ["A", "  a1", "  a2", "  B", "C", "  c1"])
        #expect(plan.selection == .reminders(list: list, ids: [s.b.id]) && plan.toast == nil)
        // Onto a subtask: its sibling, right after it.
        let ontoSubtask = try #require(DropPlanner.subtasks(
            [s.b.id], from: [list: rows(s)], action: .move, onto: s.a1.id, in: list, makeID: UUID.init, now: now))
        #expect(shown(rows(s), after: ontoSubtask.reminderCommand) == ["A", "  a1", "  B", "  a2", "C", "  c1"])
    }

    @Test func ctrlCopiesOntoARowAndAnotherListsReminderMovesInWithAToast() throws {
        let s = sample()
        let there = row("there", 0, in: other)
        let lists = [list: rows(s), other: [there]]
        let copy = try #require(DropPlanner.subtasks(
            [s.b.id], from: lists, action: .copy, onto: there.id, in: other, makeID: UUID.init, now: now))
        #expect(shown(rows(s) + [there], after: copy.reminderCommand, list: other) == ["there", "  B"])
        #expect(copy.toast == .copied(count: 1, to: .list(other)))
        let move = try #require(DropPlanner.subtasks(
            [s.b.id], from: lists, action: .move, onto: there.id, in: other, makeID: UUID.init, now: now))
        #expect(move.toast == .moved(count: 1, to: .list(other)))
    }

    @Test func aParentWithSubtasksIsNotNestedAndNothingIsDroppedOntoItsOwnGroup() {
        let s = sample()
        #expect(!DropPlanner.mayNest([s.c.id], from: [list: rows(s)]))
        // With its subtasks dragged too, they all land one level down.
        #expect(DropPlanner.mayNest([s.c.id, s.c1.id], from: [list: rows(s)]))
        #expect(DropPlanner.mayNest([s.b.id, s.a1.id], from: [list: rows(s)]))
        #expect(DropPlanner.subtasks([s.c.id], from: [list: rows(s)], action: .move, onto: s.b.id, in: list,
                                     makeID: UUID.init, now: now) == nil)
        #expect(DropPlanner.subtasks([s.a.id], from: [list: rows(s)], action: .move, onto: s.a1.id, in: list,
                                     makeID: UUID.init, now: now) == nil)
    }

    @Test func droppedBetweenSubtasksIsASubtaskAndAGroupMovesWhole() throws {
        let s = sample()
        let between = try #require(DropPlanner.reminders(
            [s.b.id], from: [list: rows(s)], action: .move, into: list, before: s.a2.id, makeID: UUID.init, now: now))
        #expect(shown(rows(s), after: between.reminderCommand) == ["A", "  a1", "  B", "  a2", "C", "  c1"])
        let group = try #require(DropPlanner.reminders(
            [s.c.id], from: [list: rows(s)], action: .move, into: list, before: s.a.id, makeID: UUID.init, now: now))
        #expect(shown(rows(s), after: group.reminderCommand) == ["C", "  c1", "A", "  a1", "  a2", "B"])
        // A subtask dragged out between top-level rows is a top-level reminder.
        let out = try #require(DropPlanner.reminders(
            [s.c1.id], from: [list: rows(s)], action: .move, into: list, before: s.b.id, makeID: UUID.init, now: now))
        #expect(shown(rows(s), after: out.reminderCommand) == ["A", "  a1", "  a2", "c1", "B", "C"])
        // A group dropped right after itself changes nothing: no move is offered.
        #expect(DropPlanner.isOntoItself(before: s.b.id, dragging: [s.a.id], in: rows(s)))
    }

    // MARK: In and out

    @Test func anICSExportAndImportKeepsSubtasksAndRepeats() throws {
        let s = sample()
        var a = s.a
        a.repeatRule = .weekly
        a.due = Date(timeIntervalSince1970: 1_800_000_000)
        let exported = ICalendarFormat.export([a, s.a1, s.a2, s.b])
        #expect(exported.contains("RELATED-TO;RELTYPE=PARENT:\(s.a.id.uuidString)") && exported.contains("RRULE:FREQ=WEEKLY"))
        let imported = try ICalendarFormat.importItems(from: Data(exported.utf8)).items
        #expect(imported.map(\.title) == ["A", "a1", "a2", "B"] && imported.map(\.isSubtask) == [false, true, true, false])
        #expect(imported[0].repeatRule == RepeatRule(rrule: "FREQ=WEEKLY"))
        let (command, _) = try #require(ReminderEditing.inserting(imported, into: [], listID: other, at: 0,
                                                                  makeID: UUID.init, now: now))
        #expect(shown([], after: command, list: other) == ["A", "  a1", "  a2", "B"])
    }

    /// Another client's file: a child before its parent, a grandchild, a parent not in it.
    @Test func anImportedFileNestsChildrenUnderTheirTopParentWhereverTheyAre() throws {
        let file = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VTODO\r
            UID:child\r
            SUMMARY:Child\r
            RELATED-TO:parent\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:parent\r
            SUMMARY:Parent\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:grandchild\r
            SUMMARY:Grandchild\r
            RELATED-TO;RELTYPE=PARENT:child\r
            END:VTODO\r
            BEGIN:VTODO\r
            UID:orphan\r
            SUMMARY:Orphan\r
            RELATED-TO;RELTYPE=PARENT:elsewhere\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        let items = try ICalendarFormat.importItems(from: Data(file.utf8)).items
        #expect(items.map(\.title) == ["Parent", "Child", "Grandchild", "Orphan"])
        #expect(items.map(\.isSubtask) == [false, true, true, false])
    }

    @Test func copiedAndPastedAGroupIsAGroup() throws {
        let s = sample()
        let data = try #require(ReminderTransfer.data(for: ReminderTransfer.toteMIMEType, of: [s.c, s.c1]))
        let items = try ReminderTransfer.items(from: data, mimeType: ReminderTransfer.toteMIMEType).items
        #expect(items.map(\.isSubtask) == [false, true])
        // A subtask copied without its parent is a top-level reminder.
        let alone = try #require(ReminderTransfer.data(for: ReminderTransfer.toteMIMEType, of: [s.c1]))
        #expect(try ReminderTransfer.items(from: alone, mimeType: ReminderTransfer.toteMIMEType).items.map(\.isSubtask) == [false])
    }

    // MARK: Folding

    /// A folded parent's subtasks are out of sight, in its list's order and in a completed
    /// view alike; folding is one step, undone by one undo.
    @Test func aFoldedParentHidesItsSubtasksAndFoldingIsOneStep() throws {
        let s = sample()
        // A subtask chosen folds its parent, which takes its place in the selection.
        let (fold, selecting) = try #require(ReminderEditing.foldingSubtasks(
            of: [s.a2.id, s.b.id], true, in: rows(s), selected: [s.a2.id, s.b.id, s.c1.id], now: now))
        #expect(selecting == [s.a.id, s.b.id, s.c1.id])
        let folded = fold.rows(of: list, from: rows(s))
        #expect(ReminderEditing.visible(folded, showingCompleted: false).map(\.title) == ["A", "B", "C", "c1"])
        #expect(ReminderEditing.visible(folded, showingCompleted: true).map(\.title) == ["A", "B", "C", "c1"])
        #expect(ReminderEditing.foldingSubtasks(of: [s.a.id], true, in: folded, selected: [], now: now) == nil)
        #expect(ReminderEditing.foldingSubtasks(of: [s.b.id], true, in: rows(s), selected: [], now: now) == nil)
        let unfold = try #require(ReminderEditing.foldingSubtasks(of: [s.a.id], false, in: folded, selected: [], now: now))
        #expect(ReminderEditing.visible(unfold.command.rows(of: list, from: folded), showingCompleted: false).count == 6)
        #expect(ReminderEditing.visible(ReminderCommand.sequence([fold, fold.inverse]).rows(of: list, from: rows(s)),
                                        showingCompleted: false).count == 6)
        // A folded group moves whole, its subtasks with it.
        let moved = ReminderOrdering.move([s.a.id], from: [list: folded], to: list, at: 2)
        #expect(shown(folded, after: moved) == ["B", "C", "  c1", "A", "  a1", "  a2"])
    }

    /// What is dropped onto a folded parent, or indented under one, would vanish: the parent
    /// unfolds in the same step, so that it shows selected, and one undo folds it again.
    @Test func aDropOrIndentUnderAFoldedParentUnfoldsItInTheSameStep() throws {
        let s = sample()
        let folded = try #require(ReminderEditing.foldingSubtasks(of: [s.a.id], true, in: rows(s), selected: [], now: now))
            .command.rows(of: list, from: rows(s))
        let plan = try #require(DropPlanner.subtasks(
            [s.b.id], from: [list: folded], action: .move, onto: s.a.id, in: list, makeID: UUID.init, now: now))
        let command = try #require(plan.reminderCommand)
        let after = command.rows(of: list, from: folded)
        #expect(ReminderEditing.visible(after, showingCompleted: false).map(\.title) == ["A", "a1", "a2", "B", "C", "c1"])
        #expect(after.first { $0.id == s.a.id }?.subtasksHidden == false)
        #expect(ReminderCommand.sequence([command, command.inverse]).rows(of: list, from: folded) == folded)
        let copy = try #require(DropPlanner.subtasks(
            [s.b.id], from: [list: folded], action: .copy, onto: s.a.id, in: list, makeID: UUID.init, now: now))
        #expect(copy.reminderCommand?.rows(of: list, from: folded).first { $0.id == s.a.id }?.subtasksHidden == false)
        guard case .command(let indent)? = ReminderNesting.indenting([s.b.id], in: folded, now: now) else {
            Issue.record("no command")
            return
        }
        #expect(ReminderEditing.visible(indent.rows(of: list, from: folded), showingCompleted: false).map(\.title)
                == ["A", "a1", "a2", "B", "C", "c1"])
        // A parent that shows its subtasks is left as it is: the command is the drop alone.
        let plain = try #require(DropPlanner.subtasks(
            [s.b.id], from: [list: rows(s)], action: .move, onto: s.a.id, in: list, makeID: UUID.init, now: now))
        guard case .update = plain.reminderCommand else {
            Issue.record("an unfolding step for a parent that was not folded")
            return
        }
    }
}
