import Testing
@testable import ToteCore

@Suite struct NoteFillingTests {
    @Test func typingGoesOnWhileTheNoteFills() {
        for key in ["a", "A", "space", "BackSpace", "Delete", "Return", "Tab", "Left", "Right", "Up", "Home", "End", "eacute"] {
            #expect(!NoteFilling.keyNeedsWholeNote(named: key, control: false, alt: false), "\(key)")
        }
    }

    @Test func keysThatReachPastTheViewFillItFirst() {
        for key in ["Down", "KP_Down", "Page_Down", "KP_Page_Down", "Menu", "F10"] {
            #expect(NoteFilling.keyNeedsWholeNote(named: key, control: false, alt: false), "\(key)")
        }
        for key in ["End", "a", "z", "Home"] {
            #expect(NoteFilling.keyNeedsWholeNote(named: key, control: true, alt: false), "Ctrl+\(key)")
            #expect(NoteFilling.keyNeedsWholeNote(named: key, control: false, alt: true), "Alt+\(key)")
        }
    }
}
