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

    /// A 1 MB note's write took 0.3–0.44 s under load in the crash campaign: counted from the
    /// keystroke, the edits must be written within the maximum delay, not only begun.
    @Test func aSlowWriteBeginsEarlierBySoMuch() {
        let policy = SavePolicy(pause: 0.3, maximumDelay: 0.6)
        let latest = start.addingTimeInterval(0.2)
        #expect(policy.saveTime(firstUnsavedEdit: start, latestEdit: latest, writeTakes: 0.25) == start.addingTimeInterval(0.35))
    }

    @Test func aWriteSlowerThanTheDelaySavesAtTheLatestEdit() {
        let policy = SavePolicy(pause: 0.3, maximumDelay: 0.6)
        let latest = start.addingTimeInterval(0.2)
        #expect(policy.saveTime(firstUnsavedEdit: start, latestEdit: latest, writeTakes: 2) == latest)
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
