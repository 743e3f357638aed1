// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Formatting by keyboard in the real app reaches the store as rich text.
final class NoteFormattingTests: EndToEndTestCase {
    /// A right click on the note shows Tote's menu, not GtkTextView's (whose Undo is always
    /// greyed), and its items work through their access keys: Select All, Bold, then Undo.
    /// (AT-SPI places a popover's items in its own surface, so they are not clicked.)
    func testTheRightClickMenuIsToteS() throws {
        let tote = try launchToteWithNewNote()
        try session.type("Buy milk")
        let window = try session.waitForWindow(of: tote)
        try session.waitUntil("the text in the store") { (try? session.store()?.notes().first?.body) == "Buy milk" }
        let word = try XCTUnwrap(session.characterCenters(of: tote, in: "Note body", offsets: [3], window: window).first)
        func choose(_ item: String, key: String) throws {
            // As a person would: onto the word from elsewhere, after the last menu has gone.
            _ = try session.input(["mousemove", "\(word.x + 200)", "\(word.y + 150)"])
            session.pace(0.3)
            _ = try session.input(["mousemove", "\(word.x)", "\(word.y)"])
            session.pace(0.1)
            _ = try session.input(["click", "3"])
            // "Insert File…" is only in the menu (the toolbar has "Bold" and "Insert File").
            func menuShown() -> Bool {
                (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tInsert File…") } == true
            }
            try session.waitUntil("the menu", menuShown)
            let objects = try session.accessibleObjects(of: tote)
            XCTAssertTrue(objects.contains { $0.hasSuffix("\t\(item)") }, item)
            XCTAssertFalse(objects.contains { $0.hasSuffix("\tInsert Emoji") }, "GtkTextView's own menu: \(objects)")
            try session.key(key)
            try session.waitUntil("the menu gone") { !menuShown() }
        }
        try choose("Select All", key: "a")
        try session.waitUntil("all of it selected") { (try? session.textSelection(of: tote, in: "Note body")) == 0..<8 }
        try choose("Bold", key: "b")  // a right click on the selection keeps it
        try session.waitUntil("bold text in the store") {
            (try? session.store()?.notes().first?.richText().paragraphs.first?.runs.first?.style.bold) == true
        }
        try choose("Undo", key: "u")
        try session.waitUntil("the bold undone in the store") {
            let runs = try? session.store()?.notes().first?.richText().paragraphs.first?.runs
            return runs?.count == 1 && runs?.first?.style.bold == false && runs?.first?.text == "Buy milk"
        }
    }

    func testKeyboardFormattingIsStoredAsRichText() throws {
        let tote = try launchToteWithNewNote()
        try session.key("ctrl+1")
        try session.type("Trip")
        try session.key("Return")
        try session.type("Pack the ")
        try session.key("ctrl+b")
        try session.type("tent")
        try session.key("ctrl+b")
        try session.key("Return", "ctrl+shift+9")  // as printed on the key, on any layout
        try session.type("Book campsite")
        try session.key("ctrl+Return", "Return", "ctrl+shift+9", "ctrl+shift+8")
        try session.type("Matches")
        try session.key("ctrl+q")
        try session.waitUntil("Tote to quit") { !tote.isRunning }

        let body = try XCTUnwrap(session.store()?.notes().first).richText()
        XCTAssertEqual(body.plainText, "Trip\nPack the tent\nBook campsite\nMatches")
        XCTAssertEqual(body.paragraphs.map(\.style),
                       [.heading(1), .body, .checklist(checked: true), .bulleted])
        XCTAssertEqual(body.paragraphs[1].runs, [Run("Pack the "), Run("tent", style: TextStyle(bold: true))])
    }

    /// Ctrl+Shift+8, 7 and 9 go by the key as printed: on a German layout Shift+8 is "(",
    /// Shift+9 is ")" and Shift+7 is "/", and the list styles still follow (issue 14, item 11).
    func testListShortcutsFollowThePrintedKeyOnAGermanLayout() throws {
        let layout = Process()
        layout.executableURL = URL(fileURLWithPath: "/usr/bin/setxkbmap")
        layout.arguments = ["de"]
        layout.environment = session.environment
        try layout.run()
        layout.waitUntilExit()
        XCTAssertEqual(layout.terminationStatus, 0)
        let tote = try launchToteWithNewNote()
        try session.type("Zelt")
        try session.key("ctrl+shift+8", "Return")
        try session.type("Karte")
        try session.key("Return", "ctrl+shift+9")
        try session.type("Kocher")
        try session.key("Return", "ctrl+shift+7")
        try session.type("Erstens")
        try session.waitUntil("the styles in the store") {
            let body = try? session.store()?.notes().first?.richText()
            return body?.paragraphs.map(\.style) == [.bulleted, .bulleted, .checklist(checked: false), .numbered]
                && body?.plainText == "Zelt\nKarte\nKocher\nErstens"
        }
        _ = tote
    }

    /// A middle click pastes the note's own selection with its styles, as the note shows it:
    /// GTK's own paste brought the bold into the view but not into the note, so it was gone
    /// once the note was opened again.
    func testAMiddleClickPastesTheSelectionWithItsStyles() throws {
        let store = try Store(location: session.storeLocation)
        let note = try store.createNote(title: "Trip")
        _ = try store.save(noteID: note.id, title: "Trip", body: RichText(paragraphs: [
            Paragraph(runs: [Run("Pack the "), Run("tent", style: TextStyle(bold: true)), Run(" now")]),
        ]))
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        try openNote("Trip", in: 1, of: tote, window: window)
        let points = try session.characterCenters(of: tote, in: "frame=1/Note body", offsets: [10, 16], window: window)
        XCTAssertEqual(points.count, 2)
        // A double click on "tent" selects it (the primary selection); a middle click after "now".
        try session.input(["mousemove", "\(points[0].x)", "\(points[0].y)", "click", "--repeat", "2", "--delay", "80", "1"])
        try session.waitUntil("tent selected") { (try? session.textSelection(of: tote, in: "frame=1/Note body")) == 9..<13 }
        try session.input(["mousemove", "\(points[1].x + 12)", "\(points[1].y)"])
        session.pace(0.2)
        try session.input(["click", "2"])
        try session.waitUntil("the copy in the store, bold") {
            let runs = try? session.store()?.notes().first?.richText().paragraphs.first?.runs
            return runs == [Run("Pack the "), Run("tent", style: TextStyle(bold: true)), Run(" now"),
                            Run("tent", style: TextStyle(bold: true))]
        }
    }
}
