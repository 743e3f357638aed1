// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// A note changed in Tote and in the notes folder: merged line by line, nothing lost.
@Suite struct LineMergeTests {
    private let marker = "=== changed on another device ==="

    @Test func editsInDifferentPlacesMergeClean() {
        let merge = LineMerge(base: "# Shopping\n\n- milk\n- bread\n- eggs\n",
                              ours: "# Shopping list\n\n- milk\n- bread\n- eggs\n",
                              theirs: "# Shopping\n\n- milk\n- bread\n- eggs\n- butter\n")
        #expect(merge.isClean)
        #expect(merge.cleanText == "# Shopping list\n\n- milk\n- bread\n- eggs\n- butter\n")
        #expect(merge.text(keepingBoth: marker) == merge.cleanText)
    }

    @Test func editsOnNeighbouringLinesMergeClean() {
        let merge = LineMerge(base: "a\nb\nc\nd", ours: "a\nB\nc\nd", theirs: "a\nb\nC\nd")
        #expect(merge.cleanText == "a\nB\nC\nd")
    }

    @Test func theSameEditOnBothSidesIsNoConflict() {
        let merge = LineMerge(base: "a\nb\nc\n", ours: "a\nB\nc\nd\n", theirs: "a\nB\nc\nd\n")
        #expect(merge.cleanText == "a\nB\nc\nd\n")
    }

    @Test func aDeletionOnOneSideIsTaken() {
        let merge = LineMerge(base: "a\nb\nc\nd\n", ours: "a\nc\nd\n", theirs: "a\nb\nc\nD\n")
        #expect(merge.cleanText == "a\nc\nD\n")
    }

    @Test func overlappingEditsKeepBothInOrder() {
        let merge = LineMerge(base: "title\nold line\nend\n", ours: "title\nour line\nend\n",
                              theirs: "title\ntheir line\nmore\nend\n")
        #expect(!merge.isClean)
        #expect(merge.cleanText == nil)
        #expect(merge.chunks == [.agreed(["title"]), .conflict(ours: ["our line"], theirs: ["their line", "more"]),
                                 .agreed(["end"])])
        #expect(merge.text(keepingBoth: marker) == "title\nour line\n\(marker)\ntheir line\nmore\nend\n")
    }

    @Test func linesBothSidesBeginAConflictWithAreAgreed() {
        let merge = LineMerge(base: "x\n", ours: "a\nb\nours\nz\n", theirs: "a\nb\ntheirs\nz\n")
        #expect(merge.chunks == [.agreed(["a", "b"]), .conflict(ours: ["ours"], theirs: ["theirs"]), .agreed(["z"])])
    }

    @Test func insertionsAtTheSamePlaceConflict() {
        let merge = LineMerge(base: "a\nc\n", ours: "a\nb1\nc\n", theirs: "a\nb2\nc\n")
        #expect(merge.chunks == [.agreed(["a"]), .conflict(ours: ["b1"], theirs: ["b2"]), .agreed(["c"])])
    }

    @Test func anInsertionNextToTheOtherSidesEditGoesBesideIt() {
        let merge = LineMerge(base: "a\nb\nc\n", ours: "a\nnew\nb\nc\n", theirs: "a\nB\nc\n")
        #expect(merge.cleanText == "a\nnew\nB\nc\n")
        let after = LineMerge(base: "a\nb\nc\n", ours: "a\nb\nnew\nc\n", theirs: "a\nB\nc\n")
        #expect(after.cleanText == "a\nB\nnew\nc\n")
    }

    @Test func deleteAgainstEditOfTheSameLineConflictsAndKeepsTheEdit() {
        let merge = LineMerge(base: "a\nb\nc\n", ours: "a\nc\n", theirs: "a\nb, edited\nc\n")
        #expect(merge.chunks == [.agreed(["a"]), .conflict(ours: [], theirs: ["b, edited"]), .agreed(["c"])])
        #expect(merge.text(keepingBoth: marker) == "a\n\(marker)\nb, edited\nc\n")
    }

    @Test func aNoteEmptiedOnOneSideKeepsTheOtherSidesEdit() {
        let emptiedByUs = LineMerge(base: "a\nb\nc\n", ours: "", theirs: "a\nB\nc\n")
        #expect(!emptiedByUs.isClean)
        #expect(emptiedByUs.text(keepingBoth: marker) == "\(marker)\na\nB\nc\n")
        let emptiedByThem = LineMerge(base: "a\nb\nc\n", ours: "a\nB\nc\n", theirs: "")
        #expect(emptiedByThem.text(keepingBoth: marker) == "a\nB\nc\n\(marker)\n")
        // Emptied with nothing changed on the other side: the note is empty.
        #expect(LineMerge(base: "a\nb\n", ours: "a\nb\n", theirs: "").cleanText == "")
    }

    @Test func twoNewFilesWithTheSameNameKeepBothTexts() {
        let merge = LineMerge(base: "", ours: "Plans\nours\n", theirs: "Ideas\ntheirs\n")
        #expect(merge.text(keepingBoth: marker) == "Plans\nours\n\(marker)\nIdeas\ntheirs\n")
        #expect(LineMerge(base: "", ours: "same\n", theirs: "same\n").cleanText == "same\n")
        #expect(LineMerge(base: "", ours: "", theirs: "new\n").cleanText == "new\n")
    }

    @Test func windowsLineBreaksMergeWithUnixOnes() {
        let merge = LineMerge(base: "a\nb\nc\n", ours: "A\r\nb\r\nc\r\n", theirs: "a\nb\nC\n")
        #expect(merge.cleanText == "A\nb\nC\n")
        // Only line breaks changed: nothing to merge.
        #expect(LineMerge(base: "a\r\nb", ours: "a\nb", theirs: "a\r\nB").cleanText == "a\nB")
        // A lone "\r" is part of its line.
        #expect(LineMerge(base: "a\rb\n", ours: "a\rb\n", theirs: "a\rb\nc\n").cleanText == "a\rb\nc\n")
    }

    @Test func aTrailingLineBreakIsNeverAConflictNorLosesText() {
        #expect(LineMerge(base: "a\nb", ours: "a\nb\n", theirs: "a\nB").cleanText == "a\nB\n")
        #expect(LineMerge(base: "a\nb\n", ours: "a\nb", theirs: "a\nb\nc\n").cleanText == "a\nb\nc")
        #expect(LineMerge(base: "a", ours: "a\nb", theirs: "a\n").cleanText == "a\nb\n")
        #expect(LineMerge(base: "a\n", ours: "a\n\n\n", theirs: "a").cleanText == "a\n\n")
        #expect(LineMerge(base: "", ours: "\n", theirs: "").cleanText == "\n")
    }

    @Test func aLargeNoteEditedAtBothEndsMergesClean() {
        let base = (0..<16_000).map { "Line \($0): the quick brown fox jumps over the lazy dog, twice over." }
        #expect(base.joined(separator: "\n").utf8.count > 1_000_000)
        var ours = base, theirs = base, expected = base
        ours[0] = "Changed in Tote"
        ours.insert("Added in Tote", at: 2)
        theirs[15_999] = "Changed on the phone"
        theirs.remove(at: 15_990)
        theirs.append("Added on the phone")
        expected[15_999] = "Changed on the phone"
        expected.append("Added on the phone")
        expected.remove(at: 15_990)
        expected[0] = "Changed in Tote"
        expected.insert("Added in Tote", at: 2)
        let merge = LineMerge(base: base.joined(separator: "\n") + "\n", ours: ours.joined(separator: "\n") + "\n",
                              theirs: theirs.joined(separator: "\r\n") + "\r\n")
        #expect(merge.cleanText == expected.joined(separator: "\n") + "\n")
    }

    @Test func completelyDifferentLargeNotesConflictWholeWithoutLosingALine() {
        let base = (0..<16_000).map { "base \($0)" }
        let ours = (0..<16_000).map { "ours \($0)" }
        let theirs = (0..<16_000).map { "theirs \($0)" }
        let merge = LineMerge(base: base.joined(separator: "\n"), ours: ours.joined(separator: "\n"),
                              theirs: theirs.joined(separator: "\n"))
        #expect(merge.chunks == [.conflict(ours: ours, theirs: theirs)])
    }

    @Test func pastTheEditBudgetTheWholeMiddleIsOneChange() {
        // Every other line changed in Tote: more edits than the diff follows.
        let count = LineMerge.maxEditDistance + 10
        let base = (0..<count).map { "line \($0)" }
        let ours = base.enumerated().map { $0.offset.isMultiple(of: 2) ? "ours \($0.offset)" : $0.element }
        var theirs = base
        theirs[1_001] = "theirs"
        let merge = LineMerge(base: base.joined(separator: "\n"), ours: ours.joined(separator: "\n"),
                              theirs: theirs.joined(separator: "\n"))
        #expect(!merge.isClean)
        let kept = merge.text(keepingBoth: marker).split(separator: "\n").map(String.init)
        #expect(Set(ours).subtracting(kept).isEmpty)
        #expect(kept.contains("theirs"))
        // Within the budget the same kind of edit merges clean.
        let small = Array(base.prefix(100)), smallOurs = Array(ours.prefix(100))
        var smallTheirs = small
        smallTheirs[51] = "theirs"
        var expected = smallOurs
        expected[51] = "theirs"
        #expect(LineMerge(base: small.joined(separator: "\n"), ours: smallOurs.joined(separator: "\n"),
                          theirs: smallTheirs.joined(separator: "\n")).cleanText == expected.joined(separator: "\n"))
    }

    // MARK: - Properties

    /// Edits in separate places, each made on one side: the merge is clean and applies them all.
    @Test func independentEditsMergeCleanAndApplyBoth() {
        var random = SeededGenerator(seed: 0x70_7E)
        for round in 0..<500 {
            let base = (0..<random.int(0..<40)).map { "base \(round).\($0)" }
            var ours = base, theirs = base, expected = base
            // Back to front, so earlier ranges keep their indices.
            var fresh = 0
            for edit in Self.disjointEdits(count: base.count, random: &random).reversed() {
                let lines = (0..<random.int(0..<4)).map { _ in
                    fresh += 1
                    return "new \(fresh)"
                }
                expected.replaceSubrange(edit.range, with: lines)
                if edit.isOurs {
                    ours.replaceSubrange(edit.range, with: lines)
                } else {
                    theirs.replaceSubrange(edit.range, with: lines)
                }
            }
            let ending = random.int(0..<2) == 0 ? "" : "\n"
            let oursBreak = random.int(0..<2) == 0 ? "\n" : "\r\n"
            let merge = LineMerge(base: Self.text(base, ending: ending),
                                  ours: Self.text(ours, oursBreak, ending: ending),
                                  theirs: Self.text(theirs, ending: ending))
            #expect(merge.cleanText == Self.text(expected, ending: ending), "round \(round)")
        }
    }

    /// Any three texts: every line either side added is in the text that keeps both, a clean
    /// merge writes the same text both ways, and an unchanged side gives the other side's text.
    @Test func nothingEitherSideAddedIsLost() {
        var random = SeededGenerator(seed: 42)
        let words = ["a", "b", "c", "d", "", "# heading", "- [ ] task"]
        func randomText() -> String {
            let lines = (0..<random.int(0..<12)).map { _ in words[random.int(0..<words.count)] }
            let lineBreak = random.int(0..<3) == 0 ? "\r\n" : "\n"
            return lines.joined(separator: lineBreak) + (random.int(0..<2) == 0 ? lineBreak : "")
        }
        for round in 0..<3_000 {
            let base = randomText()
            let ours = random.int(0..<5) == 0 ? base : randomText()
            let theirs = random.int(0..<5) == 0 ? base : randomText()
            let merge = LineMerge(base: base, ours: ours, theirs: theirs)
            let kept = Self.counts(merge.text(keepingBoth: marker))
            let baseCounts = Self.counts(base)
            for side in [ours, theirs] {
                for (line, count) in Self.counts(side) {
                    #expect(kept[line, default: 0] >= count - baseCounts[line, default: 0], "round \(round): \(line)")
                }
            }
            if merge.isClean { #expect(merge.text(keepingBoth: marker) == merge.cleanText) }
            let normalized = { (text: String) in text.replacingOccurrences(of: "\r\n", with: "\n") }
            if normalized(ours) == normalized(base) || normalized(ours) == normalized(theirs) {
                #expect(merge.cleanText == normalized(theirs), "round \(round)")
            } else if normalized(theirs) == normalized(base) {
                #expect(merge.cleanText == normalized(ours), "round \(round)")
            }
        }
    }

    // MARK: - Helpers

    private static func text(_ lines: [String], _ lineBreak: String = "\n", ending: String) -> String {
        lines.isEmpty ? "" : lines.joined(separator: lineBreak) + (ending.isEmpty ? "" : lineBreak)
    }

    /// Non-empty lines, counted; an empty line cannot be told from no line at the very end.
    private static func counts(_ text: String) -> [String: Int] {
        text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n")
            .reduce(into: [:]) { $0[String($1), default: 0] += 1 }
    }

    /// Ranges of a base of `count` lines (empty ones being insertions), each with an unchanged
    /// line between it and the next, and the side that makes it.
    private static func disjointEdits(count: Int, random: inout SeededGenerator) -> [(range: Range<Int>, isOurs: Bool)] {
        var edits: [(range: Range<Int>, isOurs: Bool)] = []
        var position = 0
        while true {
            let start = position + random.int(0..<4) + (edits.isEmpty ? 0 : 1)
            guard start <= count else { return edits }
            let end = min(count, start + random.int(0..<4))
            edits.append((start..<end, random.int(0..<2) == 0))
            position = end
        }
    }
}
