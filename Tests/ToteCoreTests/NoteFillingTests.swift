// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import ToteCore

@Suite struct NoteFillingTests {
    private let keys = ["a", "A", "space", "BackSpace", "Delete", "Return", "Tab", "Left", "Right", "Up", "Home", "End",
                        "eacute", "Down", "Page_Down", "KP_Down"]

    @Test func typingAndMovingGoOnWhileTheNoteFillsFarFromItsEnd() {
        for key in keys {
            #expect(!NoteFilling.keyNeedsWholeNote(named: key, control: false, alt: false, caret: .further), "\(key)")
        }
    }

    @Test func movingDownNearTheEndFillsItFirstTypingDoesNot() {
        for key in ["Down", "KP_Down", "Page_Down", "KP_Page_Down"] {
            #expect(NoteFilling.keyNeedsWholeNote(named: key, control: false, alt: false, caret: .withinAScreenOfTheEnd))
        }
        for key in ["a", "BackSpace", "Return", "Up", "Left"] {
            #expect(!NoteFilling.keyNeedsWholeNote(named: key, control: false, alt: false, caret: .withinAScreenOfTheEnd))
        }
    }

    @Test func anyKeyOnTheLastLineFillsItFirst() {
        for key in keys {
            #expect(NoteFilling.keyNeedsWholeNote(named: key, control: false, alt: false, caret: .onTheLastLine), "\(key)")
        }
    }

    @Test func commandsAndTheMenuFillItFirstWhereverTheCaretIs() {
        for key in ["End", "a", "z", "Home"] {
            #expect(NoteFilling.keyNeedsWholeNote(named: key, control: true, alt: false, caret: .further), "Ctrl+\(key)")
            #expect(NoteFilling.keyNeedsWholeNote(named: key, control: false, alt: true, caret: .further), "Alt+\(key)")
        }
        for key in ["Menu", "F10"] {
            #expect(NoteFilling.keyNeedsWholeNote(named: key, control: false, alt: false, caret: .further))
        }
    }
}
