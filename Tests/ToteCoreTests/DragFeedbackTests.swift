import Testing
@testable import ToteCore

@Suite struct DragFeedbackTests {
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
