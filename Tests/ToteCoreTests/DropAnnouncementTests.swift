// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// What a screen reader is told a drop did: a toast's words, else what moved within a note or
/// a list.
@Suite struct DropAnnouncementTests {
    private let note = UUID(), list = UUID()

    private func plan(_ action: DropAction, _ selection: DropPlan.Selection, toast: DropPlan.Toast? = nil) -> DropPlan {
        DropPlan(action: action, noteEdits: [], reminderCommand: nil, selection: selection, source: .unchanged, toast: toast)
    }

    @Test func aDropWithAToastIsSaidInItsWords() {
        let toast = DropPlan.Toast.moved(count: 1, to: .list(list))
        #expect(DropAnnouncement.of(plan(.move, .reminders(list: list, ids: [UUID()]), toast: toast), text: { _, _ in nil })
            == .toast(toast))
    }

    @Test func textMovedWithinANoteIsSaidByItsWordsWithoutPicturesOrLineBreaks() {
        let dropped = plan(.move, .text(note: note, TextSelection(anchor: 4, cursor: 20)))
        var asked: (UUID, Range<Int>)?
        let said = DropAnnouncement.of(dropped) { id, range in
            asked = (id, range)
            return "Pack\u{FFFC} the\n\ntent  "
        }
        #expect(said == .text(.move, excerpt: "Pack the tent"))
        #expect(asked?.0 == note && asked?.1 == 4..<20)
    }

    @Test func aLongTextIsSaidByItsStart() {
        let long = String(repeating: "word ", count: 40)
        let said = DropAnnouncement.of(plan(.copy, .text(note: note, TextSelection(anchor: 0, cursor: 200)))) { _, _ in long }
        guard case .text(.copy, let excerpt) = said else { Issue.record("said \(String(describing: said))"); return }
        #expect(excerpt.count == DropAnnouncement.excerptLength + 1 && excerpt.hasSuffix("…"))
    }

    @Test func onlyAPictureOrNothingSaysNothing() {
        let dropped = plan(.move, .text(note: note, TextSelection(anchor: 0, cursor: 1)))
        #expect(DropAnnouncement.of(dropped) { _, _ in "\u{FFFC}" } == nil)
        #expect(DropAnnouncement.of(dropped) { _, _ in nil } == nil)
    }

    @Test func remindersMovedWithinAListAreCounted() {
        let ids = [UUID(), UUID()]
        #expect(DropAnnouncement.of(plan(.move, .reminders(list: list, ids: ids)), text: { _, _ in nil }) == .reminders(.move, count: 2))
        #expect(DropAnnouncement.of(plan(.copy, .smartList(.today, ids: [])), text: { _, _ in nil }) == nil)
    }
}
