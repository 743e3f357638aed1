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

    // MARK: What a drag or a copy carries (issue 45)

    /// "Big " + bold "word" + " here" in `style`, then a body line "Next".
    private func source(_ style: ParagraphStyle) -> RichText {
        RichText(paragraphs: [
            Paragraph(style: style, runs: [Run("Big "), Run("word", style: TextStyle(bold: true)), Run(" here")]),
            Paragraph(runs: [Run("Next")]),
        ])
    }

    /// Drops what a drag of `range` of `source` carries onto the empty line of the destination
    /// (another note): the text after the drop, and whether one undo gave the destination back.
    private func dropped(_ range: Range<Int>, of source: RichText) throws -> (RichText, Bool) {
        let carried = source.copied(range)
        let drop = try #require(NoteDrop.plan(dropping: carried, at: 7, into: destination()))
        var text = destination()
        let inverse = try text.apply(drop.command)
        let result = text
        try text.apply(inverse)
        return (result, text == destination())
    }

    @Test(arguments: allStyles)
    func aPieceOfAParagraphCarriesItsCharacterStylesOnlyAndLandsAsBodyText(style: ParagraphStyle) throws {
        #expect(source(style).copied(4..<8) == RichText(paragraphs: [
            Paragraph(runs: [Run("word", style: TextStyle(bold: true))]),
        ]))
        let (text, undone) = try dropped(4..<8, of: source(style))
        #expect(text.paragraphs[1] == Paragraph(runs: [Run("word", style: TextStyle(bold: true))]), "bold kept, the line's own style")
        #expect(styles(text) == [.body, .body, .heading(level: 2), .numbered])
        #expect(undone)
        // From the paragraph's start, or to its end only: still a piece.
        #expect(source(style).copied(0..<8).paragraphs[0].style == .body)
        #expect(source(style).copied(4..<13).paragraphs[0].style == .body)
    }

    @Test(arguments: allStyles)
    func aWholeParagraphKeepsItsStyleWithItsBreakOrSelectedToItsEnd(style: ParagraphStyle) throws {
        for range in [0..<13, 0..<14] {  // the whole line; with its break
            let carried = source(style).copied(range)
            #expect(carried.paragraphs[0].style == style)
            let (text, undone) = try dropped(range, of: source(style))
            #expect(text.paragraphs[1].plainText == "Big word here")
            #expect(text.paragraphs[1].style == style, "\(range): the whole paragraph keeps its style")
            #expect(undone)
        }
    }

    @Test(arguments: allStyles)
    func aRangeEndingInsideTheNextParagraphCarriesThatPieceAsBodyText(style: ParagraphStyle) {
        let text = RichText(paragraphs: [source(style).paragraphs[0], Paragraph(style: style, runs: [Run("Next")])])
        let carried = text.copied(4..<16)  // "word here" and "Ne"
        #expect(carried.paragraphs.map(\.style) == [.body, .body])
        #expect(text.copied(0..<18).paragraphs.map(\.style) == [style, style], "both whole")
    }

    /// A move within one note: the word dragged out of a heading onto the note's empty line
    /// lands as body text, and is still a move (the source holds what was dragged).
    @Test func aWordMovedOutOfAHeadingOntoAnEmptyLineIsBodyTextAndOneStep() throws {
        let note = RichText(paragraphs: [
            Paragraph(style: .heading(level: 1), runs: [Run("Kiwi "), Run("BRAVO", style: TextStyle(bold: true))]),
            Paragraph(),
        ])
        let carried = note.copied(5..<10)
        #expect(DropPlanner.noteAction(.move, dragged: carried, from: 5..<10, sourceNow: note) == .move)
        let drop = try #require(NoteDrop.plan(dropping: carried, at: 11, into: note, movingFrom: 5..<10))
        var text = note
        let inverse = try text.apply(drop.command)
        #expect(text.paragraphs.map(\.style) == [.heading(level: 1), .body])
        #expect(text.paragraphs[1].runs == [Run("BRAVO", style: TextStyle(bold: true))])
        try text.apply(inverse)
        #expect(text == note)
    }
}
