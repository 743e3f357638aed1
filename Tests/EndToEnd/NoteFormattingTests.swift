import Foundation
import ToteCore
import XCTest

/// Formatting by keyboard in the real app reaches the store as rich text.
final class NoteFormattingTests: EndToEndTestCase {
    func testKeyboardFormattingIsStoredAsRichText() throws {
        let tote = try launchToteWithNewNote()
        try session.key("ctrl+1")
        try session.type("Trip")
        try session.key("Return")
        try session.type("Pack the ")
        try session.key("ctrl+b")
        try session.type("tent")
        try session.key("ctrl+b")
        try session.key("Return", "ctrl+shift+parenleft")
        try session.type("Book campsite")
        try session.key("ctrl+Return", "Return", "ctrl+shift+parenleft", "ctrl+shift+asterisk")
        try session.type("Matches")
        try session.key("ctrl+q")
        try session.waitUntil("Tote to quit") { !tote.isRunning }

        let body = try XCTUnwrap(session.store()?.notes().first).richText()
        XCTAssertEqual(body.plainText, "Trip\nPack the tent\nBook campsite\nMatches")
        XCTAssertEqual(body.paragraphs.map(\.style),
                       [.heading(1), .body, .checklist(checked: true), .bulleted])
        XCTAssertEqual(body.paragraphs[1].runs, [Run("Pack the "), Run("tent", style: TextStyle(bold: true))])
    }
}
