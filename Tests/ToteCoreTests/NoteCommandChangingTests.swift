// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// A note's text replaced by a newer version from elsewhere changes only what differs.
@Suite struct NoteCommandChangingTests {
    @Test func randomVersionsBecomeEachOtherTouchingOnlyWhatDiffers() throws {
        var random = SeededGenerator(seed: 4141)
        for _ in 0..<2000 {
            var old = RichText(paragraphs: random.fragment().paragraphs + random.fragment().paragraphs)
            var new = old
            for _ in 0..<Int.random(in: 1...3, using: &random) { try new.apply(random.command(for: new)) }
            let command = NoteCommand.changing(old, to: new)
            try old.apply(command)
            #expect(old == new)
        }
    }

    @Test func aChangedLineKeepsTheTextAroundItInPlace() throws {
        let old = RichText(plain: "one\ntwo\nthree")
        let new = RichText(plain: "one\n2\nthree")
        guard case .sequence(let steps) = NoteCommand.changing(old, to: new), case .replace(let range, _) = steps.first else {
            Issue.record("not a replace")
            return
        }
        #expect(range == 4..<7)
    }
}
