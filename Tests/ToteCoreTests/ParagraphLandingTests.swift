// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import ToteCore

/// Which paragraph styles dropped or pasted content keeps where it lands.
@Suite struct ParagraphLandingTests {
    static let allStyles: [ParagraphStyle] = [
        .heading(level: 1), .heading(level: 2), .heading(level: 3), .bulleted, .numbered,
        .checklist(checked: false), .checklist(checked: true),
    ]

    /// "Before" (body), an empty body line, "Target" (a level-2 heading), "After" (numbered).
    private func destination() -> RichText {
        RichText(paragraphs: [
            Paragraph(runs: [Run("Before")]),
            Paragraph(),
            Paragraph(style: .heading(level: 2), runs: [Run("Target")]),
            Paragraph(style: .numbered, runs: [Run("After")]),
        ])
    }

    /// Places `content` over `range` and undoes it: the text between, and whether the undo
    /// gave back the destination exactly.
    private func placed(_ content: RichText, over range: Range<Int>, in text: RichText) throws -> (RichText, Bool) {
        var changed = text
        let inverse = try changed.apply(text.placing(content, over: range))
        let result = changed
        try changed.apply(inverse)
        return (result, changed == text)
    }

    private func styles(_ text: RichText) -> [ParagraphStyle] { text.paragraphs.map(\.style) }

    @Test(arguments: allStyles)
    func wordsInsideAParagraphTakeItsStyle(style: ParagraphStyle) throws {
        let content = RichText(paragraphs: [Paragraph(style: style, runs: [Run("new")])])
        let (text, undone) = try placed(content, over: 11..<11, in: destination()) // "Tar|get"
        #expect(text.paragraphs[2].plainText == "Tarnewget")
        #expect(styles(text) == [.body, .body, .heading(level: 2), .numbered])
        #expect(undone)
    }

    @Test(arguments: allStyles)
    func paragraphsEndingInsideAParagraphStartWithItsStyle(style: ParagraphStyle) throws {
        let content = RichText(paragraphs: [Paragraph(style: style, runs: [Run("one")]),
                                            Paragraph(style: style, runs: [Run("two")])])
        let (text, undone) = try placed(content, over: 11..<11, in: destination())
        #expect(text.plainText == "Before\n\nTarone\ntwoget\nAfter")
        #expect(styles(text) == [.body, .body, .heading(level: 2), style, .numbered])
        #expect(undone)
    }

    @Test(arguments: allStyles)
    func contentFillingAnEmptyParagraphKeepsItsOwnStyle(style: ParagraphStyle) throws {
        let single = RichText(paragraphs: [Paragraph(style: style, runs: [Run("Heron")])])
        let (text, undone) = try placed(single, over: 7..<7, in: destination())
        #expect(text.plainText == "Before\nHeron\nTarget\nAfter")
        #expect(styles(text) == [.body, style, .heading(level: 2), .numbered])
        #expect(undone)

        // A heading, then a paragraph in another style: both keep theirs.
        let two = RichText(paragraphs: [Paragraph(style: style, runs: [Run("Heron")]),
                                        Paragraph(style: .checklist(checked: false), runs: [Run("item")])])
        let (both, bothUndone) = try placed(two, over: 7..<7, in: destination())
        #expect(both.plainText == "Before\nHeron\nitem\nTarget\nAfter")
        #expect(styles(both) == [.body, style, .checklist(checked: false), .heading(level: 2), .numbered])
        #expect(bothUndone)
    }

    @Test(arguments: allStyles)
    func wholeParagraphsAtAParagraphsStartGoBeforeIt(style: ParagraphStyle) throws {
        // "Heron\n": whole paragraphs, dropped at the start of the heading "Target".
        let content = RichText(paragraphs: [Paragraph(style: style, runs: [Run("Heron")]), Paragraph()])
        let (text, undone) = try placed(content, over: 8..<8, in: destination())
        #expect(text.plainText == "Before\n\nHeron\nTarget\nAfter")
        #expect(styles(text) == [.body, .body, style, .heading(level: 2), .numbered])
        #expect(undone)

        // On the empty line: the empty line stays after them, as it was.
        let (onEmpty, emptyUndone) = try placed(content, over: 7..<7, in: destination())
        #expect(onEmpty.plainText == "Before\nHeron\n\nTarget\nAfter")
        #expect(styles(onEmpty) == [.body, style, .body, .heading(level: 2), .numbered])
        #expect(emptyUndone)
    }

    @Test(arguments: allStyles)
    func pastingOverAWholeParagraphKeepsThePastedStyle(style: ParagraphStyle) throws {
        let content = RichText(paragraphs: [Paragraph(style: style, runs: [Run("Heron")])])
        let (text, undone) = try placed(content, over: 8..<14, in: destination()) // all of "Target"
        #expect(text.plainText == "Before\n\nHeron\nAfter")
        #expect(styles(text) == [.body, .body, style, .numbered])
        #expect(undone)
    }

    @Test func plainTextOnAnEmptyLineTakesTheLinesStyle() throws {
        var text = destination()
        try text.apply(.setParagraphStyles([.heading(level: 1)], from: 1))
        let (result, undone) = try placed(RichText(plain: "typed\nlines"), over: 7..<7, in: text)
        #expect(styles(result) == [.body, .heading(level: 1), .body, .heading(level: 2), .numbered])
        #expect(undone)
    }

    /// Firefox's Ctrl+A of a page with a heading, dropped into an empty note.
    @Test func aDroppedHeadingStaysAHeadingInAnEmptyNote() throws {
        let page = RichText(paragraphs: [
            Paragraph(style: .heading(level: 1), runs: [Run("Heron heading")]),
            Paragraph(runs: [Run("bold", style: TextStyle(bold: true)), Run(" and "), Run("link", style: TextStyle(link: "https://example.org"))]),
        ])
        let empty = RichText()
        let drop = try #require(NoteDrop.plan(dropping: page, at: 0, into: empty))
        var text = empty
        let inverse = try text.apply(drop.command)
        #expect(text == page)
        #expect(drop.selection == TextSelection(0..<page.length))
        try text.apply(inverse)
        #expect(text == empty)
    }

    /// Within one note: a heading line and a checklist item moved onto an empty line.
    @Test func aMovedHeadingAndChecklistItemKeepTheirStylesAndUndoExactly() throws {
        let start = RichText(paragraphs: [
            Paragraph(style: .heading(level: 1), runs: [Run("Plan")]),
            Paragraph(style: .checklist(checked: true), runs: [Run("pack")]),
            Paragraph(runs: [Run("Notes")]),
            Paragraph(),
        ])
        let source = 0..<9 // "Plan\npack"
        let drop = try #require(NoteDrop.plan(dropping: start.fragment(source), at: start.length, into: start, movingFrom: source))
        var text = start
        let inverse = try text.apply(drop.command)
        #expect(text.plainText == "\nNotes\nPlan\npack")
        // The line they left keeps the first one's style, as deleting a selection does.
        #expect(styles(text) == [.heading(level: 1), .body, .heading(level: 1), .checklist(checked: true)])
        #expect(text.fragment(drop.selection.range).plainText == "Plan\npack")
        try text.apply(inverse)
        #expect(text == start)
    }
}
