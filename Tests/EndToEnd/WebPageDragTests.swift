// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Real drags from a browser-like GTK 4 window (Helpers/web-page.py, offering what browsers
/// offer): a styled passage keeps its bold, italics and link; a link becomes a link in a note
/// and a reminder holding its address in a list. Nothing is fetched.
final class WebPageDragTests: EndToEndTestCase {
    /// The stand-in browser on the right half of the screen.
    private func openWebPage() throws -> (page: Process, window: String) {
        let script = DesktopSession.repositoryRoot.appendingPathComponent("Tests/EndToEnd/Helpers/web-page.py")
        let page = try session.launch(URL(fileURLWithPath: "/usr/bin/python3"), [script.path], logName: "web-page")
        let window = try session.waitForWindow(named: "Web Page")
        try session.place(window, x: 640, y: 0, width: 500, height: 400)
        return (page, window)
    }

    /// A new note holding `text` on the left, the page on the right.
    private func noteBesideWebPage(typing text: String)
        throws -> (tote: Process, toteWindow: String, page: Process, pageWindow: String)
    {
        let tote = try launchToteWithNewNote()
        try session.type(text)
        let toteWindow = try session.waitForWindow(of: tote)
        try session.place(toteWindow, x: 0, y: 0, width: 620, height: 700)
        try session.waitUntil("the note saved") { note()?.plainText == text }
        let (page, pageWindow) = try openWebPage()
        return (tote, toteWindow, page, pageWindow)
    }

    private func note() -> RichText? {
        try? session.store()?.notes().first?.richText()
    }

    /// The runs of the note's first paragraph as (text, bold, italic, link).
    private func runs(_ text: RichText) -> [(String, Bool, Bool, String?)] {
        text.paragraphs[0].runs.map { ($0.text, $0.style.bold, $0.style.italic, $0.style.link) }
    }

    func testAStyledPassageFromAPageKeepsItsBoldItalicsAndLink() throws {
        let (tote, toteWindow, page, pageWindow) = try noteBesideWebPage(typing: "Tart: ")

        let passage = try waitForCenter(of: page, named: "Styled passage", window: pageWindow)
        let end = try session.characterCenters(of: tote, in: "Note body", offsets: [5], window: toteWindow)[0]
        try session.drag(from: passage, to: (end.x + 30, end.y))

        try session.waitUntil("the passage in the note") { note()?.plainText.contains("let it cool") == true }
        let text = try XCTUnwrap(note())
        XCTAssertEqual(text.plainText, "Tart: Bake forty minutes, then let it cool — see the tips.")
        let styled = runs(text)
        XCTAssertTrue(styled.contains { $0.0 == "forty minutes" && $0.1 && !$0.2 }, "\(styled)")
        XCTAssertTrue(styled.contains { $0.0 == "let it cool" && $0.2 && !$0.1 }, "\(styled)")
        XCTAssertTrue(styled.contains { $0.0 == "the tips" && $0.3 == "https://example.org/tips" }, "\(styled)")
    }

    func testALinkFromAPageBecomesItsTitleLinkedInANote() throws {
        let (tote, toteWindow, page, pageWindow) = try noteBesideWebPage(typing: "Try ")

        let link = try waitForCenter(of: page, named: "Lemon tart", window: pageWindow)
        let end = try session.characterCenters(of: tote, in: "Note body", offsets: [2], window: toteWindow)[0]
        try session.drag(from: link, to: (end.x + 30, end.y))

        try session.waitUntil("the link in the note") { note()?.plainText == "Try Lemon tart" }
        let styled = runs(try XCTUnwrap(note()))
        XCTAssertTrue(styled.contains { $0.0 == "Lemon tart" && $0.3 == "https://example.org/recipes/lemon-tart" },
                      "\(styled)")
    }

    func testALinkFromAPageBecomesAReminderHoldingItsAddress() throws {
        let store = try Store(location: session.storeLocation)
        let baking = try makeList("Baking", ["Buy lemons"], in: store)
        try store.checkpoint()
        let (tote, toteWindow) = try launchTote(width: 620)
        let lemons = try openList("Baking", showing: "Buy lemons", of: tote, window: toteWindow)
        let (page, pageWindow) = try openWebPage()

        let link = try waitForCenter(of: page, named: "Lemon tart", window: pageWindow)
        try session.drag(from: link, to: (lemons.x, lemons.y + 12))

        try session.waitUntil("the reminder in the list", timeout: 15) {
            (try? session.store()?.reminders(inList: baking).count) == 2
        }
        let reminders = try XCTUnwrap(session.store()?.reminders(inList: baking))
        XCTAssertEqual(reminders.map(\.title), ["Buy lemons", "Lemon tart"])
        XCTAssertEqual(reminders.last?.notes, "https://example.org/recipes/lemon-tart")
    }

    func testAPicturesBytesFromAnotherAppBecomeAPictureInANote() throws {
        let (tote, toteWindow, page, pageWindow) = try noteBesideWebPage(typing: "Look: ")
        let photo = try waitForCenter(of: page, named: "Photo", window: pageWindow)
        let end = try session.characterCenters(of: tote, in: "Note body", offsets: [3], window: toteWindow)[0]
        try session.drag(from: photo, to: (end.x + 30, end.y))
        try session.waitUntil("the picture in the note") { note()?.attachments.first?.kind == .image }
        XCTAssertEqual(note()?.plainText, "Look: \u{FFFC}")
    }
}
