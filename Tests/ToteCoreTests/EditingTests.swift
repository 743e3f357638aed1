// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import ToteCore

@Suite struct EditingTests {
    @Test func typedTextTakesTheStyleBeforeIt() {
        let text = Sample.document
        #expect(text.typing("x", at: 10).paragraphs[0].runs == [Run("x", style: Sample.bold)])
        #expect(text.typing("x", at: 11).paragraphs[0].runs == [Run("x")])
        #expect(text.typing("x", at: 0).paragraphs[0].runs == [Run("x")])
    }

    @Test func linksDoNotExtendToTypedText() {
        let text = Sample.document
        #expect(text.style(at: text.length).link == nil)
        #expect(text.style(at: text.length).underline)
    }

    @Test func aTypingStyleWins() {
        #expect(Sample.document.typing("x", at: 3, typingStyle: Sample.bold).paragraphs[0].runs
                == [Run("x", style: Sample.bold)])
    }

    @Test func enterContinuesListsAndEndsHeadings() {
        let text = RichText(paragraphs: [
            Paragraph(style: .bulleted, runs: [Run("one")]),
            Paragraph(style: .heading(2), runs: [Run("Head")]),
            Paragraph(style: .checklist(checked: true), runs: [Run("done")]),
        ])
        #expect(text.typing("\n", at: 3).paragraphs.map(\.style) == [.body, .bulleted])
        #expect(text.typing("\n", at: 8).paragraphs.map(\.style) == [.body, .body])
        #expect(text.typing("\n", at: 13).paragraphs.map(\.style) == [.body, .checklist(checked: false)])
    }

    @Test func enterInAListItemKeepsBothParagraphsInTheList() throws {
        var text = RichText(paragraphs: [Paragraph(style: .bulleted, runs: [Run("onetwo")])])
        try text.apply(.insert(text.typing("\n", at: 3), at: 3))
        #expect(text.paragraphs.map(\.style) == [.bulleted, .bulleted])
        #expect(text.plainText == "one\ntwo")
    }

    @Test(arguments: 0..<200)
    func aStyleIsOnExactlyWhenEveryCharacterOfTheRangeHasIt(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &+ 4_242)
        var text = random.fragment()
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            text = RichText(paragraphs: text.paragraphs + random.fragment().paragraphs)
        }
        let lower = Int.random(in: 0...text.length, using: &random)
        let range = lower..<Int.random(in: lower...text.length, using: &random)
        for attribute in [\TextStyle.bold, \.italic, \.underline, \.monospace] {
            let fragment = text.fragment(range)
            let holdsCharacters = fragment.paragraphs.contains { !$0.runs.isEmpty }
            let expected = holdsCharacters ? fragment.paragraphs.allSatisfy { $0.runs.allSatisfy { $0.style[keyPath: attribute] } }
                : text.style(at: lower)[keyPath: attribute]
            #expect(text.has(attribute, in: range) == expected, "\(range) in \(text.plainText.debugDescription)")
        }
    }

    @Test func theToolbarShowsTheStyleTypedAtTheCaretOrHeldByTheWholeSelection() {
        let text = Sample.document  // "Hello **bold** world"
        #expect(text.showsOn(\.bold, in: 8..<8, typingStyle: nil))
        #expect(!text.showsOn(\.bold, in: 8..<8, typingStyle: .plain))
        #expect(text.showsOn(\.bold, in: 2..<2, typingStyle: Sample.bold))
        #expect(text.showsOn(\.bold, in: 6..<10, typingStyle: .plain), "a selection shows what it holds")
        #expect(!text.showsOn(\.bold, in: 5..<10, typingStyle: nil))
    }

    @Test func boldTogglesOnUnlessAllIsBold() throws {
        var text = Sample.document
        try text.apply(#require(text.toggling(\.bold, in: 0..<10)))
        #expect(text.has(\.bold, in: 0..<10))
        try text.apply(#require(text.toggling(\.bold, in: 6..<10)))
        #expect(!text.has(\.bold, in: 6..<10))
        #expect(text.has(\.bold, in: 0..<6))
        #expect(text.toggling(\.bold, in: 4..<4) == nil)
    }

    @Test func paragraphStylesToggleAndKeepCheckedState() throws {
        var text = Sample.document
        try text.apply(text.settingParagraphStyle(.heading(2), touching: 0..<18))
        #expect(text.paragraphs.map(\.style).prefix(2) == [.heading(2), .heading(2)])
        try text.apply(text.settingParagraphStyle(.heading(2), touching: 0..<18))
        #expect(text.paragraphs.map(\.style).prefix(2) == [.body, .body])
        try text.apply(text.settingParagraphStyle(.checklist(checked: false), touching: 0..<text.length))
        #expect(text.paragraphs.map(\.style)
                == [.checklist(checked: false), .checklist(checked: false), .checklist(checked: true)])
    }

    @Test func checkingTogglesAllTouchedItems() throws {
        var text = RichText(paragraphs: [
            Paragraph(style: .checklist(checked: false), runs: [Run("a")]),
            Paragraph(style: .body, runs: [Run("b")]),
            Paragraph(style: .checklist(checked: true), runs: [Run("c")]),
        ])
        try text.apply(#require(text.togglingChecked(touching: 0..<5)))
        #expect(text.paragraphs.map(\.style) == [.checklist(checked: true), .body, .checklist(checked: true)])
        #expect(RichText(plain: "x").togglingChecked(touching: 0..<1) == nil)
    }

    @Test func markersNumberConsecutiveItems() {
        let text = RichText(paragraphs: [
            Paragraph(style: .numbered), Paragraph(style: .numbered), Paragraph(style: .body),
            Paragraph(style: .numbered), Paragraph(style: .bulleted), Paragraph(style: .checklist(checked: true)),
        ])
        #expect((0..<6).map { text.marker(forParagraph: $0) } == ["1.", "2.", nil, "1.", "•", nil])
    }
}

@Suite struct LongLineTests {
    @Test func aTenMegabyteLineIsRefusedBeforeItReachesTheNote() {
        let line = RichText(plain: String(repeating: "x", count: 10 * 1024 * 1024))
        #expect(RichText(plain: "abc").overlongParagraph(replacing: 1..<1, with: line) == 10 * 1024 * 1024 + 3)
        let raw = String(repeating: "é", count: 10 * 1024 * 1024)
        #expect(RichText(plain: "abc").overlongParagraph(replacing: 1..<1, withPlain: raw) == 10 * 1024 * 1024 + 3)
        #expect(RichText(plain: "abc").overlongParagraph(replacing: 1..<1, withPlain: "x\r\ny\rz") == nil)
    }

    @Test func joiningTwoLongHalvesCounts() {
        let half = String(repeating: "y", count: 60_000)
        let text = RichText(plain: half + "\n" + half)
        #expect(text.overlongParagraph(replacing: 60_000..<60_001, with: RichText()) == 120_000)
        #expect(text.overlongParagraph(replacing: 0..<0, with: RichText(plain: "short")) == nil)
    }
}

/// Which commands a view may apply by retagging in place, keeping the selection.
@Suite struct RestyleTests {
    private let text = RichText(paragraphs: [
        Paragraph(runs: [Run("Select a "), Run("word", style: TextStyle(italic: true)), Run(" here")]),
        Paragraph(style: .heading(1), runs: [Run("Title")]),
    ])

    @Test func stylesAndTogglesOnlyRestyle() throws {
        let bold = try #require(text.toggling(\.bold, in: 7..<11))
        #expect(text.onlyRestyles(bold))
        let acrossParagraphs = try #require(text.toggling(\.underline, in: 2..<22))
        #expect(text.onlyRestyles(acrossParagraphs))
    }

    @Test func changedTextOrParagraphsDoNot() {
        #expect(!text.onlyRestyles(.replace(9..<13, with: RichText(plain: "WORD"))), "other characters")
        #expect(!text.onlyRestyles(.insert(RichText(plain: "x"), at: 3)), "an insertion")
        #expect(!text.onlyRestyles(.delete(0..<3)), "a deletion")
        #expect(!text.onlyRestyles(.replace(19..<24, with: RichText(plain: "Title"))), "a heading turned body")
        #expect(!text.onlyRestyles(.setParagraphStyles([.body], from: 1)), "paragraph styles are retagged anyway")
        #expect(!text.onlyRestyles(.replace(20..<40, with: RichText(plain: String(repeating: "x", count: 20)))), "past the end")
    }

    @Test func anotherPictureInThePlaceOfOneIsNoRestyle() {
        let first = Attachment(kind: .image, media: MediaReference(digest: "a", fileExtension: "png"),
                               fileName: "a.png", mimeType: "image/png", byteCount: 1)
        var second = first
        second.fileName = "b.png"
        let pictured = RichText(paragraphs: [Paragraph(runs: [Run(attachment: first)])])
        #expect(!pictured.onlyRestyles(.replace(0..<1, with: RichText(paragraphs: [Paragraph(runs: [Run(attachment: second)])]))))
        #expect(pictured.onlyRestyles(.replace(0..<1, with: RichText(paragraphs: [Paragraph(runs: [Run(attachment: first, style: TextStyle(bold: true))])]))))
    }
}
