// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// Drops onto a note's sidebar row: appended at the end of the note on a new paragraph, one
/// command, a copy, the appended content selected for redo, and a toast naming the note.
@Suite struct NoteRowDropTests {
    private let note = UUID(), list = UUID()
    private let now = Date(timeIntervalSince1970: 1_000_000)

    private func applied(_ plan: DropPlan, to text: RichText) throws -> RichText {
        #expect(plan.noteEdits.count == 1 && plan.noteEdits[0].note == note)
        var after = text
        try after.apply(plan.noteEdits[0].command)
        return after
    }

    @Test func textGoesOnANewParagraphAtTheEndWithItsStyles() throws {
        let text = RichText(plain: "Shopping\nmilk")
        let bold = RichText(paragraphs: [Paragraph(runs: [Run("eggs", style: TextStyle(bold: true))])])
        let plan = try #require(DropPlanner.appending(bold, to: note, text: text))
        let after = try applied(plan, to: text)
        #expect(after.plainText == "Shopping\nmilk\neggs")
        #expect(after.paragraphs[2].runs == [Run("eggs", style: TextStyle(bold: true))])
        #expect(after.paragraphs[1].style == .body && after.paragraphs[2].style == .body)
        #expect(plan.selection == .text(note: note, TextSelection(14..<18)))
        #expect(plan.action == .copy && plan.source == .selectionCleared && plan.toast == .added(to: note))
        #expect(plan.reminderCommand == nil)
    }

    @Test func anEmptyLastLineOrAnEmptyNoteTakesTheTextInItsPlace() throws {
        for text in [RichText(plain: "Shopping\n"), RichText()] {
            let plan = try #require(DropPlanner.appending(RichText(plain: "eggs"), to: note, text: text))
            let after = try applied(plan, to: text)
            #expect(after.plainText == text.plainText + "eggs")
            #expect(after.paragraphs.count == text.paragraphs.count)
        }
    }

    @Test func wholeLinesKeepTheirParagraphStylesAndAddNoEmptyLine() throws {
        let text = RichText(plain: "Plans")
        let lines = RichText(paragraphs: [
            Paragraph(style: .heading(1), runs: [Run("Trip")]),
            Paragraph(style: .checklist(checked: true), runs: [Run("tent")]),
            Paragraph(),
        ])
        let plan = try #require(DropPlanner.appending(lines, to: note, text: text))
        let after = try applied(plan, to: text)
        #expect(after.plainText == "Plans\nTrip\ntent")
        #expect(after.paragraphs.map(\.style) == [.body, .heading(1), .checklist(checked: true)])
    }

    @Test func undoingTheCommandGivesTheNoteBackExactly() throws {
        let text = RichText(paragraphs: [Paragraph(style: .bulleted, runs: [Run("milk")])])
        let plan = try #require(DropPlanner.appending(RichText(plain: "eggs\nham"), to: note, text: text))
        var after = text
        let inverse = try after.apply(plan.noteEdits[0].command)
        try after.apply(inverse)
        #expect(after == text)
    }

    @Test func nothingToAddIsNoDrop() {
        #expect(DropPlanner.appending(RichText(), to: note, text: RichText(plain: "x")) == nil)
        #expect(DropPlanner.appending([Reminder](), to: note, text: RichText(plain: "x")) == nil)
    }

    @Test func remindersBecomeChecklistItemsAtTheEnd() throws {
        let text = RichText(plain: "Week\nMonday")
        let rows = [("Call Anna", false), ("Pay rent", true)].enumerated().map { index, entry in
            Reminder(id: UUID(), listID: list, title: entry.0, isDone: entry.1, position: index,
                     created: now, modified: now)
        }
        let plan = try #require(DropPlanner.appending(rows, to: note, text: text))
        let after = try applied(plan, to: text)
        #expect(after.plainText == "Week\nMonday\nCall Anna\nPay rent")
        #expect(after.paragraphs.map(\.style) == [.body, .body, .checklist(checked: false), .checklist(checked: true)])
        #expect(plan.action == .copy && plan.reminderCommand == nil && plan.toast == .added(to: note))
        #expect(plan.selection == .text(note: note, TextSelection(12..<30)))
    }
}
