// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Real drags (on X11 or Wayland: see `DisplayBackend`) of styled text and an embedded image within a note:
/// the rows of the drop matrix for one note, checked in the store and through AT-SPI.
final class NoteDragTests: EndToEndTestCase {
    static let body = "Note body"

    /// "Move **these words**[image] here:" / "Target line": a note written into the store
    /// while Tote is not running, then opened from the sidebar.
    private func launchWithStyledNote() throws -> (tote: Process, window: String, original: RichText) {
        try launch { store in
            let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!
            let image = Attachment(kind: .image, media: try store.media.store(png, fileExtension: "png"), fileName: "dot.png",
                                   mimeType: "image/png", byteCount: Int64(png.count))
            return RichText(paragraphs: [
                Paragraph(runs: [Run("Move "), Run("these words", style: TextStyle(bold: true)), Run(attachment: image), Run(" here:")]),
                Paragraph(runs: [Run("Target line")]),
            ])
        }
    }

    /// Tote showing a note "Drag test" whose body `makeBody` wrote into the store.
    private func launch(_ makeBody: (Store) throws -> RichText) throws -> (tote: Process, window: String, original: RichText) {
        let first = try launchToteWithNewNote()
        try session.key("ctrl+q")
        try session.waitUntil("Tote to quit") { !first.isRunning }
        let readOnly = try XCTUnwrap(session.store())
        let store = try Store(location: readOnly.location)
        let note = try XCTUnwrap(try store.notes().first)
        let original = try makeBody(store)
        _ = try store.save(noteID: note.id, title: "Drag test", body: original)
        try store.checkpoint()

        let tote = try session.launchTote()
        let window = try session.waitForWindow(of: tote)
        try session.place(window, x: 0, y: 0, width: 960, height: 640)
        try openNote("Drag test", in: 1, of: tote, window: window)
        return (tote, window, original)
    }

    /// A height in the band at the bottom of the note where a drag scrolls it, 25 px above the
    /// window's bottom edge (a Wayland window is as high as the screen).
    private func bottomBand(of window: String) throws -> Int {
        let frame = try session.windowFrame(window)
        return frame.y + frame.height - 25
    }

    /// Presses on the selection at `from`, passes the drag threshold and moves into the band
    /// at the bottom of the editor, `band`; returns the x the pointer is at.
    private func dragIntoBottomBand(from: (x: Int, y: Int), band: Int) throws -> Int {
        try session.press(at: from)
        try session.glide(from: from, to: (from.x + 36, from.y + 36), steps: 6)
        let x = from.x + 150
        for y in stride(from: from.y + 40, through: band, by: 60) {
            session.pace(0.04)
            try session.input(["mousemove", "\(x)", "\(y)"])
        }
        return x
    }

    /// Clicks into the body and selects characters `range` with the keyboard.
    private func select(_ range: Range<Int>, tote: Process, window: String) throws {
        let start = try session.characterCenters(of: tote, in: Self.body, offsets: [0], window: window)[0]
        try session.input(["mousemove", "\(start.x)", "\(start.y)", "click", "1"])
        session.pace(0.5)  // not a double click with the next one
        try session.key("ctrl+Home")
        for _ in 0..<range.lowerBound { try session.key("Right") }
        for _ in range { try session.key("shift+Right") }
    }

    private func storedBody() -> RichText? {
        try? session.store()?.notes().first { $0.title == "Drag test" }?.richText()
    }

    func testMovingWithinANoteKeepsStylesAndTheImageSelectsItAndUndoesInOneStep() throws {
        let (tote, window, original) = try launchWithStyledNote()
        try select(5..<17, tote: tote, window: window)  // "these words" and the image
        let points = try session.characterCenters(of: tote, in: Self.body, offsets: [8, 34], window: window)
        try session.drag(from: points[0], to: (points[1].x + 6, points[1].y))

        try session.waitUntil("the move in the store") { storedBody()?.plainText.hasPrefix("Move  here:\nTarget line") == true }
        let moved = try XCTUnwrap(storedBody())
        XCTAssertEqual(moved.paragraphs[1].runs,
                       [Run("Target line")] + original.paragraphs[0].runs[1...2], "bold text and the image moved, with their styles")
        XCTAssertEqual(moved.attachments.count, 1, "the image was moved, not destroyed")
        XCTAssertEqual(try session.textSelection(of: tote, in: Self.body), 23..<35, "the dropped content is selected")

        try session.key("ctrl+z")
        try session.waitUntil("one undo to restore the note") { storedBody() == original }
        try session.key("ctrl+shift+z")
        try session.waitUntil("redo to move it again") { storedBody() == moved }
    }

    func testCtrlCopiesWithinANoteAndLeavesTheOriginal() throws {
        let (tote, window, original) = try launchWithStyledNote()
        try select(5..<16, tote: tote, window: window)  // "these words"
        let points = try session.characterCenters(of: tote, in: Self.body, offsets: [8, 34], window: window)
        try session.drag(from: points[0], to: (points[1].x + 6, points[1].y), modifier: "ctrl")

        try session.waitUntil("the copy in the store") { storedBody()?.paragraphs[1].runs.count == 2 }
        let copied = try XCTUnwrap(storedBody())
        XCTAssertEqual(copied.paragraphs[0], original.paragraphs[0], "the original stays")
        // Smart spacing: a word dropped right after another is kept apart from it.
        XCTAssertEqual(copied.paragraphs[1].runs, [Run("Target line "), Run("these words", style: TextStyle(bold: true))])
        XCTAssertEqual(try session.textSelection(of: tote, in: Self.body), 36..<47, "only the copy is selected")
        try session.key("ctrl+z")
        try session.waitUntil("one undo to remove the copy") { storedBody() == original }
    }

    func testShiftMovesWithinANoteAndADropOntoItselfChangesNothing() throws {
        let (tote, window, original) = try launchWithStyledNote()
        try select(5..<16, tote: tote, window: window)  // "these words"
        var points = try session.characterCenters(of: tote, in: Self.body, offsets: [7, 13], window: window)
        // Onto itself: no action is offered, nothing changes.
        try session.drag(from: points[0], to: points[1])
        session.pace(0.3)
        // The buffer, read at once through AT-SPI: a drop would have changed it on release.
        let shown = try session.text(of: tote, in: Self.body).unicodeScalars.filter { $0 != "\u{FFFC}" }
        XCTAssertEqual(String(shown), original.plainText.replacingOccurrences(of: "\u{FFFC}", with: ""))
        XCTAssertEqual(storedBody(), original)

        try select(5..<16, tote: tote, window: window)
        points = try session.characterCenters(of: tote, in: Self.body, offsets: [8, 34], window: window)
        try session.drag(from: points[0], to: (points[1].x + 6, points[1].y), modifier: "shift")
        try session.waitUntil("the Shift move") {
            storedBody()?.plainText == "Move \u{FFFC} here:\nTarget line these words"
        }
        XCTAssertEqual(try session.textSelection(of: tote, in: Self.body), 25..<36, "the moved words are selected")
    }

    /// Auto-scroll: a word dragged from the top of a note ten screens long to its end, by
    /// holding the pointer in the band at the bottom of the editor until the end comes into
    /// view, lands there.
    func testHoldingThePointerNearTheBottomScrollsALongNoteToItsEnd() throws {
        let lines = ["MARKER first line"] + (1..<300).map { "Line \($0) of a note ten screens long" }
        let (tote, window, _) = try launch { _ in RichText(plain: lines.joined(separator: "\n")) }
        try select(0..<7, tote: tote, window: window)  // "MARKER "
        let last = lines.joined(separator: "\n").unicodeScalars.count - 1
        let from = try session.characterCenters(of: tote, in: Self.body, offsets: [2], window: window)[0]
        let band = try bottomBand(of: window)
        let x = try dragIntoBottomBand(from: from, band: band)
        try session.input(["mousemove", "\(x)", "\(band)"])
        var end = (x: 0, y: 10_000)
        try session.waitUntil("the end of the note to scroll into view", timeout: 90) {
            session.pace(0.3)
            try session.input(["mousemove", "\(x + 1)", "\(band)"])  // still here: keep the drag alive
            guard let point = try? session.characterCenters(of: tote, in: Self.body, offsets: [last], window: window)[0]
            else { return false }
            end = point
            return point.y > 100 && point.y < band + 15  // on screen, above the window's bottom edge
        }
        try session.input(["mousemove", "\(end.x + 20)", "\(end.y)"])
        session.pace(0.3)
        try session.input(["mousemove", "\(end.x + 21)", "\(end.y)"])
        session.pace(0.3)
        try session.input(["mouseup", "1"])

        try session.waitUntil("MARKER at the end") {
            // Its word end kept apart from "long" (smart spacing).
            storedBody()?.plainText.hasSuffix("ten screens long MARKER ") == true
        }
        XCTAssertTrue(storedBody()?.plainText.hasPrefix("first line\nLine 1 ") == true, "moved, not copied")
    }

    /// Escape cancels a drag, after auto-scroll as before it: the text stays where it was.
    /// (GDK 4.8 on X11 grabs Escape for the drag and drops it; docs/platform-findings.md.)
    func testEscapeCancelsADragEvenAfterAutoScroll() throws {
        let lines = ["MARKER first line"] + (1..<150).map { "Line \($0) of a long note" }
        let (tote, window, original) = try launch { _ in RichText(plain: lines.joined(separator: "\n")) }

        // Without auto-scroll: press, move away, Escape, release.
        try select(0..<7, tote: tote, window: window)  // "MARKER "
        var from = try session.characterCenters(of: tote, in: Self.body, offsets: [2], window: window)[0]
        try session.press(at: from)
        try session.glide(from: from, to: (from.x + 96, from.y + 160), steps: 8)
        session.pace(0.3)
        try session.key("Escape")
        session.pace(0.3)
        try session.input(["mousemove", "\(from.x + 100)", "\(from.y + 170)"])
        session.pace(0.2)
        try session.input(["mouseup", "1"])
        session.pace(1.5)  // longer than a save takes to start
        XCTAssertEqual(storedBody()?.plainText, original.plainText, "Escape cancelled the drag: nothing moved")

        // With auto-scroll: hold near the bottom for a second, come back up, Escape, release.
        try select(0..<7, tote: tote, window: window)
        from = try session.characterCenters(of: tote, in: Self.body, offsets: [2], window: window)[0]
        let band = try bottomBand(of: window)
        let x = try dragIntoBottomBand(from: from, band: band)
        for _ in 0..<4 {  // a second in the band: the note scrolls
            session.pace(0.25)
            try session.input(["mousemove", "\(x + 1)", "\(band)"])
        }
        try session.input(["mousemove", "\(x)", "300"])
        session.pace(0.3)
        try session.key("Escape")
        session.pace(0.3)
        try session.input(["mousemove", "\(x + 10)", "320"])
        session.pace(0.2)
        try session.input(["mouseup", "1"])
        session.pace(1.5)
        XCTAssertEqual(storedBody()?.plainText, original.plainText, "Escape after auto-scroll cancelled the drag too")

        // And the same drag without Escape does move the words.
        try select(0..<7, tote: tote, window: window)
        let points = try session.characterCenters(of: tote, in: Self.body, offsets: [2, 30], window: window)
        try session.drag(from: points[0], to: points[1])
        try session.waitUntil("the words moved") { storedBody() != original }
    }

    // MARK: Paragraph styles ride on paragraph breaks (issue 45)

    /// A heading "Kiwi **BRAVO**", an empty line, "Last line".
    private static let headed = RichText(paragraphs: [
        Paragraph(style: .heading(level: 1), runs: [Run("Kiwi "), Run("BRAVO", style: TextStyle(bold: true))]),
        Paragraph(),
        Paragraph(runs: [Run("Last line")]),
    ])

    /// Drags characters `range` of the heading onto the empty line below it.
    private func dragOntoTheEmptyLine(_ range: Range<Int>, grab: Int, tote: Process, window: String) throws {
        try select(range, tote: tote, window: window)
        let points = try session.characterCenters(of: tote, in: Self.body, offsets: [grab, 11], window: window)
        try session.drag(from: points[0], to: (points[1].x + 4, points[1].y))
    }

    func testAWordDraggedOutOfAHeadingOntoAnEmptyLineIsBodyTextKeepingItsBold() throws {
        let (tote, window, original) = try launch { _ in Self.headed }
        try dragOntoTheEmptyLine(5..<10, grab: 7, tote: tote, window: window)
        try session.waitUntil("BRAVO on the empty line") { storedBody()?.plainText == "Kiwi\nBRAVO\nLast line" }
        let moved = try XCTUnwrap(storedBody())
        XCTAssertEqual(moved.paragraphs.map(\.style), [.heading(level: 1), .body, .body], "a word is no heading")
        XCTAssertEqual(moved.paragraphs[1].runs, [Run("BRAVO", style: TextStyle(bold: true))], "its bold kept")
        try session.key("ctrl+z")
        try session.waitUntil("one undo to restore the note") { storedBody() == original }
    }

    func testAWholeHeadingLineDraggedOntoAnEmptyLineStaysAHeading() throws {
        let (tote, window, original) = try launch { _ in Self.headed }
        try dragOntoTheEmptyLine(0..<10, grab: 2, tote: tote, window: window)
        try session.waitUntil("the heading on the empty line") { storedBody()?.plainText == "\nKiwi BRAVO\nLast line" }
        let moved = try XCTUnwrap(storedBody())
        XCTAssertEqual(moved.paragraphs[1].style, .heading(level: 1), "the whole line keeps its heading")
        XCTAssertEqual(moved.paragraphs[1].runs, original.paragraphs[0].runs)
        try session.key("ctrl+z")
        try session.waitUntil("one undo to restore the note") { storedBody() == original }
    }
}
