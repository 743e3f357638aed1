// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import ToteCore

/// A middle click pastes a copy of the note's own selection, styles kept, when the primary
/// selection is Tote's; anything else as plain text.
@Suite struct PrimaryPasteTests {
    private let text = RichText(paragraphs: [
        Paragraph(runs: [Run("Pack the "), Run("tent", style: TextStyle(bold: true)), Run(" now")]),
    ])

    @Test func theNoteSOwnSelectionIsPastedWithItsStyles() {
        #expect(PrimaryPaste.decide(primaryIsLocal: true, in: text, selection: 9..<13)
            == .selection(RichText(paragraphs: [Paragraph(runs: [Run("tent", style: TextStyle(bold: true))])])))
    }

    @Test func anotherAppSPrimaryIsPlainText() {
        #expect(PrimaryPaste.decide(primaryIsLocal: false, in: text, selection: 9..<13) == .plainText)
    }

    @Test func noSelectionHereIsPlainText() {
        #expect(PrimaryPaste.decide(primaryIsLocal: true, in: text, selection: 5..<5) == .plainText)
        #expect(PrimaryPaste.decide(primaryIsLocal: true, in: text, selection: 5..<99) == .plainText, "out of the text")
    }
}
