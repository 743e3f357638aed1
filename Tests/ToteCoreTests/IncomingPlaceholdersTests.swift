// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// Placeholders of files being copied in: one undo step for the drop, whatever the copies
/// do afterwards, and never saved, copied or exported.
@Suite struct IncomingPlaceholdersTests {
    private let copies = [FileCopy(source: URL(fileURLWithPath: "/tmp/a.png"), expectedBytes: 10),
                          FileCopy(source: URL(fileURLWithPath: "/tmp/b.pdf"), expectedBytes: 20)]

    /// "Hi " then the placeholders dropped at the end, as the editor does it.
    private func dropped() throws -> (RichText, UndoHistory) {
        var text = RichText(plain: "Hi ")
        var history = UndoHistory()
        let fragment = RichText(paragraphs: [Paragraph(runs: copies.map { Run(attachment: .incoming($0)) })])
        try history.perform(.insert(fragment, at: 3), on: &text, kind: .other,
                            selectionBefore: .cursor(at: 3), selectionAfter: .cursor(at: 5))
        return (text, history)
    }

    @Test func aFinishedCopyReplacesItsPlaceholderInPlaceAndInTheDropStep() throws {
        var (text, history) = try dropped()
        #expect(text.offset(ofIncoming: copies[1].id) == 4)
        let command = history.settle(copies[0].id, as: Sample.picture, in: &text)
        #expect(command == .replace(3..<4, with: RichText(paragraphs: [Paragraph(runs: [Run(attachment: Sample.picture)])])))
        #expect(text.attachments.first == Sample.picture)
        #expect(text.length == 5)
        #expect(history.undoSteps.count == 1)
        // Undo takes the whole drop away; redo brings the file, not its placeholder.
        _ = history.undo(on: &text)
        #expect(text == RichText(plain: "Hi "))
        _ = history.redo(on: &text)
        #expect(text.attachments.first == Sample.picture)
        #expect(text.attachments.last?.transfer == copies[1].id)
    }

    @Test func aCopyEndingWhileTheDropIsUndoneArrivesWithRedo() throws {
        var (text, history) = try dropped()
        _ = history.undo(on: &text)
        #expect(history.settle(copies[0].id, as: Sample.picture, in: &text) == nil)
        _ = history.redo(on: &text)
        #expect(text.attachments.first == Sample.picture)
    }

    @Test func aFailedCopyLeavesTheTextAndUndoingTheDropStillUndoesAll() throws {
        var (text, history) = try dropped()
        let command = history.settle(copies[0].id, as: nil, in: &text)
        #expect(command == .delete(3..<4))
        #expect(text.offset(ofIncoming: copies[0].id) == nil)
        #expect(text.offset(ofIncoming: copies[1].id) == 3)
        #expect(history.undoSteps.count == 1)
        #expect(history.undoSteps[0].selectionAfter == .cursor(at: 4))
        _ = history.undo(on: &text)
        #expect(text == RichText(plain: "Hi "))
        _ = history.redo(on: &text)
        #expect(text.length == 4)
        #expect(text.offset(ofIncoming: copies[1].id) == 3)
    }

    @Test func aDropWhoseEveryCopyFailedLeavesNoStep() throws {
        var (text, history) = try dropped()
        _ = history.settle(copies[1].id, as: nil, in: &text)
        _ = history.settle(copies[0].id, as: nil, in: &text)
        #expect(text == RichText(plain: "Hi "))
        #expect(history.undoSteps.isEmpty)
    }

    @Test func aFailureAfterLaterTypingKeepsThatTypingAndUndoesAsIfItNeverCame() throws {
        var (text, history) = try dropped()
        try history.perform(.insert(RichText(plain: "!"), at: 5), on: &text, kind: .typing,
                            selectionBefore: .cursor(at: 5), selectionAfter: .cursor(at: 6))
        _ = history.settle(copies[0].id, as: nil, in: &text)
        #expect(text.plainText == "Hi \u{FFFC}!")
        #expect(history.undoSteps.last?.selectionAfter == .cursor(at: 5))
        _ = history.undo(on: &text)
        #expect(text.plainText == "Hi \u{FFFC}", "the typing goes, and no placeholder comes back")
        _ = history.undo(on: &text)
        #expect(text == RichText(plain: "Hi "))
        _ = history.redo(on: &text)
        _ = history.redo(on: &text)
        #expect(text.plainText == "Hi \u{FFFC}!")
    }

    /// Any edits after a drop, some undone, then a copy fails: the text loses just the
    /// placeholder, undoing everything gives the text before the drop, and redoing
    /// everything gives the text again.
    @Test(arguments: 0..<300)
    func aFailureRewritesAnyLaterStepsConsistently(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &+ 9100)
        var (text, history) = try dropped()
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            let length = text.length
            let start = Int.random(in: 0...length, using: &random)
            let end = Bool.random(using: &random) ? start : Int.random(in: start...length, using: &random)
            let insert = ["", "x", "yz", "a\nb"].randomElement(using: &random)!
            let command: NoteCommand = Int.random(in: 0..<5, using: &random) == 0 && start < end
                ? text.move(start..<end, to: end == length ? 0 : length).command
                : .replace(start..<end, with: RichText(plain: insert))
            try history.perform(command, on: &text, kind: .other,
                                selectionBefore: .cursor(at: start), selectionAfter: .cursor(at: start))
        }
        for _ in 0..<Int.random(in: 0...2, using: &random) { _ = history.undo(on: &text) }
        let expected = text.removing(copies[0].id)
        let command = history.settle(copies[0].id, as: nil, withItsLine: Bool.random(using: &random), in: &text)
        if command == nil { #expect(text == expected) }
        #expect(text.offset(ofIncoming: copies[0].id) == nil)
        // Undo and redo as the editor does them: a placeholder of no running copy that one
        // brings back goes at once. The other copy still runs.
        let running: Set = [copies[1].id]
        var (undone, wholeWay) = (text, history)
        while wholeWay.undo(on: &undone) != nil {
            _ = wholeWay.removeAbandoned(keeping: running, in: &undone)
            #expect(undone.offset(ofIncoming: copies[0].id) == nil, "never back")
        }
        if command != nil { #expect(undone == RichText(plain: "Hi ")) }
        while wholeWay.redo(on: &undone) != nil {
            _ = wholeWay.removeAbandoned(keeping: running, in: &undone)
            #expect(undone.offset(ofIncoming: copies[0].id) == nil, "never back")
        }
        var (redone, forward) = (text, history)
        while forward.redo(on: &redone) != nil { _ = forward.removeAbandoned(keeping: running, in: &redone) }
        #expect(undone == redone)
        #expect(redone.offset(ofIncoming: copies[0].id) == nil || command == nil)
    }

    @Test func placeholdersAreNeverSavedCopiedOrExported() throws {
        let (text, _) = try dropped()
        #expect(text.holdsIncoming)
        #expect(try NativeFormat.decode(NativeFormat.encode(text)) == RichText(plain: "Hi "))
        #expect(!HTMLExport.body(text, mediaData: { _ in nil }).contains("data-tote-kind"))
        #expect(PlainTextFormat.encode(text) == "Hi ")
        let sole = RichText(paragraphs: [Paragraph(runs: [Run(attachment: .incoming(copies[0]))])])
        #expect(NoteTransfer.soleAttachment(of: sole) == nil)
    }

    @Test func noFileOrClipboardCanNameAPlaceholder() throws {
        #expect(Attachment.Kind(named: "incoming") == nil)
        #expect(Attachment.Kind(named: "image") == .image)
        let html = #"<html><head><meta name="generator" content="Tote"></head><body><p><a data-tote-kind="incoming" data-tote-name="x" href="data:text/plain;base64,eA==">x</a></p></body></html>"#
        let imported = try HTMLImport.richText(fromHTML: Data(html.utf8), storeMedia: { _, ext in
            MediaReference(digest: String(repeating: "0", count: 64), fileExtension: ext)
        })
        #expect(imported.attachments.allSatisfy { $0.kind == .file })
    }
}

/// Several files are dropped one a line; a failed one takes its line with it.
@Suite struct IncomingLinesTests {
    private let copies = (0..<3).map { FileCopy(source: URL(fileURLWithPath: "/tmp/f\($0)"), expectedBytes: 1) }

    @Test func aFailedFileTakesTheLineTheDropGaveIt() throws {
        var text = RichText(paragraphs: [Paragraph(runs: [Run("Hi")]), Paragraph(style: .heading(1), runs: [Run("Next")])])
        var history = UndoHistory()
        let fragment = RichText(paragraphs: copies.map { Paragraph(runs: [Run(attachment: .incoming($0))]) })
        try history.perform(.insert(fragment, at: 2), on: &text, kind: .other,
                            selectionBefore: .cursor(at: 2), selectionAfter: .cursor(at: 7))
        #expect(text.plainText == "Hi\u{FFFC}\n\u{FFFC}\n\u{FFFC}\nNext")
        _ = history.settle(copies[1].id, as: nil, withItsLine: true, in: &text)
        #expect(text.plainText == "Hi\u{FFFC}\n\u{FFFC}\nNext")
        #expect(history.undoSteps.last?.selectionAfter == .cursor(at: 5))
        _ = history.settle(copies[2].id, as: nil, withItsLine: true, in: &text)
        #expect(text.plainText == "Hi\u{FFFC}\nNext")
        #expect(text.paragraphs.last?.style == .heading(1), "the line below keeps its style")
        _ = history.settle(copies[0].id, as: nil, in: &text)
        #expect(text.plainText == "Hi\nNext")
        #expect(history.undoSteps.isEmpty, "nothing came of the drop")
    }

    @Test func theLastFileTakesItsLineAndTheTextAfterTheDropJoinsTheLineAbove() throws {
        var text = RichText(paragraphs: [Paragraph(style: .heading(2), runs: [Run("Hi there")])])
        var history = UndoHistory()
        let pair = Array(copies.prefix(2))
        try history.perform(.insert(text.placeholders(for: pair, at: 2), at: 2), on: &text, kind: .other,
                            selectionBefore: .cursor(at: 2), selectionAfter: .cursor(at: 5))
        #expect(text.plainText == "Hi\u{FFFC}\n\u{FFFC} there")
        #expect(text.paragraphs.map(\.style) == [.heading(2), .heading(2)], "the lines take the style dropped into")
        _ = history.settle(pair[1].id, as: nil, withItsLine: true, in: &text)
        #expect(text.plainText == "Hi\u{FFFC} there")
        _ = history.settle(pair[0].id, as: nil, in: &text)
        #expect(text == RichText(paragraphs: [Paragraph(style: .heading(2), runs: [Run("Hi there")])]))
        #expect(history.undoSteps.isEmpty)
    }

    @Test func afterAnotherEditOnlyThePlaceholderGoes() throws {
        var text = RichText(plain: "Hi")
        var history = UndoHistory()
        let fragment = RichText(paragraphs: copies.map { Paragraph(runs: [Run(attachment: .incoming($0))]) })
        try history.perform(.insert(fragment, at: 2), on: &text, kind: .other,
                            selectionBefore: .cursor(at: 2), selectionAfter: .cursor(at: 7))
        try history.perform(.insert(RichText(plain: "!"), at: 0), on: &text, kind: .typing,
                            selectionBefore: .cursor(at: 0), selectionAfter: .cursor(at: 1))
        _ = history.settle(copies[2].id, as: nil, withItsLine: true, in: &text)
        #expect(text.plainText == "!Hi\u{FFFC}\n\u{FFFC}\n")
        _ = history.undo(on: &text)
        _ = history.undo(on: &text)
        #expect(text.plainText == "Hi")
    }
}

/// Calendar files dropped into a note on their own become checklist paragraphs.
@Suite struct CalendarFilesIntoNotesTests {
    @Test func calendarFilesAreKnownByTheirName() {
        #expect(ReminderTransfer.isCalendarFile("/home/a/Trip.ICS"))
        #expect(!ReminderTransfer.isCalendarFile("/home/a/Trip.ics.pdf"))
        #expect(!ReminderTransfer.isCalendarFile("/home/a/ics"))
    }

    @Test func theirToDosBecomeChecklistParagraphsAfterTheDropPointsParagraph() throws {
        let note = UUID()
        let text = RichText(plain: "Packing\nEnd")
        let items = [ReminderTransfer.Item(title: "Tent"), ReminderTransfer.Item(title: "Stove", isDone: true),
                     ReminderTransfer.Item(title: "  ")]
        let plan = try #require(DropPlanner.calendarItems(items, into: note, text: text, at: 3))
        var result = text
        for edit in plan.noteEdits { try result.apply(edit.command) }
        #expect(result.plainText == "Packing\nTent\nStove\nEnd")
        #expect(result.paragraphs.map(\.style) == [.body, .checklist(checked: false), .checklist(checked: true), .body])
        #expect(DropPlanner.calendarItems([], into: note, text: text, at: 3) == nil)
    }

    @Test func aCalendarFileIsReadOrSaysWhyNot() throws {
        let folder = try TemporaryFolder()
        let good = folder.url.appendingPathComponent("a.ics")
        try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:1\r\nSUMMARY:Tent\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8).write(to: good)
        #expect(try ReminderTransfer.items(inFileAt: good).items.map(\.title) == ["Tent"])
        let bad = folder.url.appendingPathComponent("b.ics")
        try Data("%PDF-1.4".utf8).write(to: bad)
        #expect(throws: ReminderTransfer.ReminderFileProblem.format(.unreadable)) { try ReminderTransfer.items(inFileAt: bad) }
        #expect(throws: ReminderTransfer.ReminderFileProblem.file(.missing)) {
            try ReminderTransfer.items(inFileAt: folder.url.appendingPathComponent("gone.ics"))
        }
    }
}
