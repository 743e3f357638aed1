// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct DragFeedbackTests {
    @Test func rowsSpringOpenUnderOtherDragsOnly() {
        let (note, other, list) = (UUID(), UUID(), UUID())
        #expect(DragFeedback.springsOpen(.note(note), dragging: .otherApp))
        #expect(DragFeedback.springsOpen(.note(note), dragging: nil))
        #expect(DragFeedback.springsOpen(.note(note), dragging: .note(other)))
        #expect(DragFeedback.springsOpen(.reminderList(list), dragging: .reminders(list: UUID(), ids: [])))
        #expect(!DragFeedback.springsOpen(.note(note), dragging: .note(note)), "not under its own drag")
        #expect(!DragFeedback.springsOpen(.note(note), dragging: .reminderList(list)), "lists being reordered")
        #expect(!DragFeedback.springsOpen(.reminderList(list), dragging: .reminderList(other)))
    }

    @Test func scrollingHappensOnlyInTheEdgeBandsAndFasterDeeperIn() {
        let height = 600.0
        #expect(DragFeedback.scrollSpeed(pointerY: 300, viewHeight: height) == 0)
        #expect(DragFeedback.scrollSpeed(pointerY: 60, viewHeight: height) == 0)
        let shallow = DragFeedback.scrollSpeed(pointerY: 40, viewHeight: height)
        let deep = DragFeedback.scrollSpeed(pointerY: 5, viewHeight: height)
        #expect(shallow < 0 && deep < shallow, "upwards, faster at the edge")
        #expect(DragFeedback.scrollSpeed(pointerY: 595, viewHeight: height) > DragFeedback.scrollSpeed(pointerY: 560, viewHeight: height))
        #expect(DragFeedback.scrollSpeed(pointerY: 0, viewHeight: height) == -DragFeedback.fastestScroll)
        #expect(DragFeedback.scrollSpeed(pointerY: -1, viewHeight: height) == 0, "outside the view it stops")
        #expect(DragFeedback.scrollSpeed(pointerY: 601, viewHeight: height) == 0)
    }

    @Test func aShortViewKeepsAMiddleThatDoesNotScroll() {
        #expect(DragFeedback.scrollSpeed(pointerY: 50, viewHeight: 100) == 0)
        #expect(DragFeedback.scrollSpeed(pointerY: 10, viewHeight: 100) < 0)
    }
}
