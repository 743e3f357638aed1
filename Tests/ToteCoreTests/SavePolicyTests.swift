// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import ToteCore

@Suite struct SavePolicyTests {
    let start = Date(timeIntervalSince1970: 100)

    @Test func savesShortlyAfterTypingPauses() {
        let policy = SavePolicy(pause: 0.4, maximumDelay: 1)
        #expect(policy.saveTime(firstUnsavedEdit: start, latestEdit: start) == start.addingTimeInterval(0.4))
    }

    @Test func continuousTypingStillSavesWithinTheMaximumDelay() {
        let policy = SavePolicy(pause: 0.4, maximumDelay: 1)
        let latest = start.addingTimeInterval(0.9)
        #expect(policy.saveTime(firstUnsavedEdit: start, latestEdit: latest) == start.addingTimeInterval(1))
    }
}

@Suite struct NoteDisplayTitleTests {
    private func note(title: String = "", body: String = "") -> Note {
        Note(id: UUID(), title: title, body: RichText(plain: body), created: .distantPast, modified: .distantPast)
    }

    @Test func prefersTheTitle() {
        #expect(note(title: " Plan ", body: "first").displayTitle == "Plan")
    }

    @Test func fallsBackToTheFirstNonBlankLine() {
        #expect(note(body: "\n  \n  Shopping list \nmilk").displayTitle == "Shopping list")
    }

    @Test func anEmptyNoteHasNoTitle() {
        #expect(note(body: " \n\t\n").displayTitle == nil)
    }

    @Test func longLinesAreCut() {
        let title = note(body: String(repeating: "é", count: 10_000)).displayTitle
        #expect(title?.count == 81)
    }
}
