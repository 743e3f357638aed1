// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct RichTextTests {
    @Test func offsetsCountScalarsBreaksAndAttachmentsAsOne() {
        let text = Sample.document
        #expect(text.length == 16 + 1 + 5 + 1 + 5)
        #expect(text.plainText == "Hello bold world\nTitle\n\u{FFFC}item")
        #expect(text.locate(16) == (0, 16))
        #expect(text.locate(17) == (1, 0))
        #expect(RichText(plain: "e\u{301}🙂").length == 3, "combining mark and emoji: one scalar each")
    }

    @Test func runsStayCanonical() {
        let text = RichText(paragraphs: [Paragraph(runs: [Run("a"), Run(""), Run("b"), Run("c", style: Sample.bold)])])
        #expect(text.paragraphs[0].runs == [Run("ab"), Run("c", style: Sample.bold)])
    }

    @Test func aFragmentKeepsStylesParagraphStylesAndAttachments() {
        let fragment = Sample.document.fragment(11..<27)
        #expect(fragment.plainText == "world\nTitle\n\u{FFFC}ite")
        #expect(fragment.paragraphs.map(\.style) == [.body, .heading(1), .checklist(checked: true)])
        #expect(fragment.attachments == [Sample.picture])
        #expect(fragment.paragraphs[2].runs.last == Run("ite", style: Sample.link))
    }

    @Test func plainTextFromOutsideIsCleaned() {
        let text = RichText(plain: "one\r\ntwo\rthree\u{2029}four\u{0}\u{7}\u{FFFC}\tend")
        #expect(text.plainText == "one\ntwo\nthree\nfour\tend")
        #expect(text.paragraphs.count == 4)
    }

    /// The one-pass reader of plain text splits and cleans exactly as splitting on every line
    /// break and dropping scalar by scalar does, on random text made of every scalar it treats
    /// specially and some it doesn't (every UTF-8 width), with lengths in scalars.
    @Test func plainTextReadsAsTheScalarByScalarRuleSays() {
        let alphabet: [Unicode.Scalar] = ["a", " ", "\t", "\n", "\r", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}",
                                          "\u{9F}", "\u{A0}", "é", "\u{301}", "\u{2028}", "\u{2029}", "\u{2027}", "\u{FFFC}",
                                          "\u{FFFD}", "\u{FFFB}", "日", "🙂", "\u{10FFFF}"]
        func reference(_ text: String) -> [String] {
            var lines: [String] = [""]
            var previousWasCR = false
            for scalar in text.unicodeScalars {
                defer { previousWasCR = scalar == "\r" }
                switch scalar {
                case "\n" where previousWasCR: continue
                case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": lines.append("")
                case "\t": lines[lines.count - 1].unicodeScalars.append(scalar)
                case Attachment.character: continue
                default:
                    if scalar.value < 0x20 || (0x7f...0x9f).contains(scalar.value) { continue }
                    lines[lines.count - 1].unicodeScalars.append(scalar)
                }
            }
            return lines
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &generator) { text.append(alphabet.randomElement(using: &generator)!) }
            let read = RichText(plain: String(text))
            let expected = reference(String(text))
            #expect(read.paragraphs.map { Array($0.plainText.unicodeScalars) } == expected.map { Array($0.unicodeScalars) },
                    "\(String(text).debugDescription)")
            #expect(read.paragraphs.map(\.length) == expected.map(\.unicodeScalars.count))
            let untouched = String(text) == read.plainText && read.paragraphs.count == 1
            #expect(String(text).unicodeScalars.contains(where: RichText.isDroppedFromLines) == !untouched,
                    "\(String(text).debugDescription)")
        }
    }

    /// The readers' lines are what splitting by Characters at `isNewline` gives, on random
    /// text of every newline, CR LF, combining marks after them and other scalars.
    @Test func linesSplitAsCharactersDo() {
        let alphabet: [String] = ["a", "é", "\u{301}", " ", "\n", "\r", "\r\n", "\u{B}", "\u{C}", "\u{85}", "\u{2028}",
                                  "\u{2029}", "\u{1F1EB}", "🙂", "\u{200D}", "\t"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            for omitting in [false, true] {
                let expected = text.split(omittingEmptySubsequences: omitting, whereSeparator: \.isNewline).map { Array($0.unicodeScalars) }
                #expect(text.lines(omittingEmpty: omitting).map { Array($0.unicodeScalars) } == expected, "\(text.debugDescription)")
                for limit in [0, 1, 2, 50] {
                    #expect(text.lines(omittingEmpty: omitting, limit: limit).map { Array($0.unicodeScalars) }
                            == Array(expected.prefix(limit)))
                }
            }
        }
    }

    /// The readers' own trimming drops exactly what Foundation's `trimmingCharacters` drops,
    /// for every scalar of the Basic Multilingual Plane (where all of those are), alone and
    /// around text, and for mixed ends.
    @Test func trimmingMatchesFoundationsWhitespaceSets() {
        /// Scalar for scalar: String's == would take canonically equivalent text as equal.
        func same(_ first: String, _ second: String) -> Bool { first.unicodeScalars.elementsEqual(second.unicodeScalars) }
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "\(scalar)a\(scalar)b\(scalar)"] {
                #expect(same(text.trimmingSpaces(), text.trimmingCharacters(in: .whitespaces)), "U+\(String(value, radix: 16))")
                #expect(same(text.trimmingSpacesAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines)),
                        "U+\(String(value, radix: 16))")
            }
        }
        for text in ["", " ", " \u{301}a \u{301} ", "\t\u{A0}x\u{3000}\u{200B}", "\r\n a\u{2028}\u{85}", "\u{1F600} "] {
            #expect(same(text.trimmingSpaces(), text.trimmingCharacters(in: .whitespaces)))
            #expect(same(text.trimmingSpacesAndNewlines(), text.trimmingCharacters(in: .whitespacesAndNewlines)))
            let line = ("(" + text + ")").dropFirst().dropLast()
            #expect(same(line.trimmingSpaces(), line.trimmingCharacters(in: .whitespaces)))
        }
    }

    @Test func replacingAMultiParagraphRangeWithItsFragmentRestoresIt() {
        var text = Sample.document
        let removed = text.replace(3..<20, with: RichText(plain: "X"))
        #expect(text.plainText == "HelXle\n\u{FFFC}item")
        text.replace(3..<4, with: removed)
        #expect(text == Sample.document)
    }

    @Test func movingTextDownAndUp() throws {
        var text = RichText(plain: "abcdef")
        let (down, landed) = text.move(0..<2, to: 5)
        try text.apply(down)
        #expect(text.plainText == "cdeabf")
        #expect(landed == 3..<5)
        let (up, upLanded) = text.move(3..<5, to: 0)
        try text.apply(up)
        #expect(text.plainText == "abcdef")
        #expect(upLanded == 0..<2)
    }

    @Test func aCommandThatDoesNotFitChangesNothing() {
        var text = Sample.document
        #expect(throws: NoteCommandError.rangeOutsideText(5..<99, length: 28)) {
            try text.apply(.delete(5..<99))
        }
        #expect(throws: NoteCommandError.paragraphsOutsideText(2..<4, count: 3)) {
            try text.apply(.sequence([.insert(RichText(plain: "zz"), at: 0), .setParagraphStyles([.body, .body], from: 2)]))
        }
        #expect(text == Sample.document, "the sequence's first step was rolled back")
    }

    @Test(arguments: 0..<200)
    func randomEditsUndoExactlyAndRedoExactly(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let start = RichText(paragraphs: random.fragment().paragraphs + random.fragment().paragraphs)
        var text = start
        var history = UndoHistory()
        for _ in 0..<25 {
            let command = random.command(for: text)
            try history.perform(command, on: &text, kind: .other,
                                selectionBefore: .cursor(at: 0), selectionAfter: .cursor(at: 0))
        }
        let end = text
        while history.undo(on: &text) != nil {}
        #expect(text == start, "seed \(seed)")
        while history.redo(on: &text) != nil {}
        #expect(text == end, "seed \(seed)")
    }
}

@Suite struct UndoHistoryTests {
    let start = Date(timeIntervalSince1970: 0)

    private func type(_ characters: String, into text: inout RichText, history: inout UndoHistory, from offset: Int, at time: Date) throws {
        var offset = offset
        for character in characters {
            try history.perform(.insert(RichText(plain: String(character)), at: offset), on: &text, kind: .typing,
                                selectionBefore: .cursor(at: offset), selectionAfter: .cursor(at: offset + 1), at: time)
            offset += 1
        }
    }

    @Test func aTypedWordIsOneStepAndUndoRestoresTheSelection() throws {
        var text = RichText(plain: "ab")
        var history = UndoHistory()
        try type("xyz", into: &text, history: &history, from: 1, at: start)
        #expect(text.plainText == "axyzb")
        #expect(history.undoSteps.count == 1)
        #expect(history.undo(on: &text)?.selection == .cursor(at: 1))
        #expect(text.plainText == "ab")
        #expect(history.redo(on: &text)?.selection == .cursor(at: 4))
        #expect(text.plainText == "axyzb")
    }

    @Test func aPauseOrACursorMoveStartsANewStep() throws {
        var text = RichText()
        var history = UndoHistory()
        try type("ab", into: &text, history: &history, from: 0, at: start)
        try type("c", into: &text, history: &history, from: 2, at: start.addingTimeInterval(5))
        #expect(history.undoSteps.count == 2)
        history.closeGroup()
        try type("d", into: &text, history: &history, from: 3, at: start.addingTimeInterval(5.1))
        #expect(history.undoSteps.count == 3)
    }

    @Test func aMoveIsOneStepThatPutsTheTextBackWithItsStyles() throws {
        var text = Sample.document
        var history = UndoHistory()
        let (move, landed) = text.move(6..<10, to: 22)
        try history.perform(move, on: &text, kind: .other,
                            selectionBefore: TextSelection(6..<10), selectionAfter: TextSelection(landed))
        #expect(text.plainText == "Hello  world\nTitlebold\n\u{FFFC}item")
        #expect(text.paragraphs[1].runs == [Run("Title"), Run("bold", style: Sample.bold)])
        #expect(history.undo(on: &text)?.selection == TextSelection(6..<10))
        #expect(text == Sample.document)
    }

    @Test func oneCharacterIsTypingEnterAndPastesAreSteps() {
        #expect(EditKind.insertion(of: "é") == .typing)
        #expect(EditKind.insertion(of: "e\u{301}") == .other, "two scalars arrive as one commit")
        #expect(EditKind.insertion(of: "\n") == .other)
        #expect(EditKind.insertion(of: "pasted") == .other)
        #expect(EditKind.deletion(ofLength: 1) == .deletion)
        #expect(EditKind.deletion(ofLength: 4) == .other)
    }

    @Test func aNewEditClearsRedo() throws {
        var text = RichText()
        var history = UndoHistory()
        try type("a", into: &text, history: &history, from: 0, at: start)
        _ = history.undo(on: &text)
        #expect(history.canRedo)
        try type("b", into: &text, history: &history, from: 0, at: start)
        #expect(!history.canRedo)
    }
}
