import Foundation
import ToteCore
import XCTest

/// Real drags (xdotool under Xvfb) of styled text and an embedded image within a note:
/// the rows of the drop matrix for one note, checked in the store and through AT-SPI.
final class NoteDragTests: EndToEndTestCase {
    static let body = "Note body"

    /// "Move **these words**[image] here:" / "Target line": a note written into the store
    /// while Tote is not running, then opened from the sidebar.
    private func launchWithStyledNote() throws -> (tote: Process, window: String, original: RichText) {
        let first = try launchToteWithNewNote()
        try session.key("ctrl+q")
        try session.waitUntil("Tote to quit") { !first.isRunning }
        let readOnly = try XCTUnwrap(session.store())
        let store = try Store(location: readOnly.location)
        let note = try XCTUnwrap(try store.notes().first)
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!
        let image = Attachment(kind: .image, media: try store.media.store(png, fileExtension: "png"), fileName: "dot.png",
                               mimeType: "image/png", byteCount: Int64(png.count))
        let original = RichText(paragraphs: [
            Paragraph(runs: [Run("Move "), Run("these words", style: TextStyle(bold: true)), Run(attachment: image), Run(" here:")]),
            Paragraph(runs: [Run("Target line")]),
        ])
        _ = try store.save(noteID: note.id, title: "Drag test", body: original)
        try store.checkpoint()

        let tote = try session.launchTote()
        let window = try session.waitForWindow(of: tote)
        var row = (x: 0, y: 0)
        try session.waitUntil("the note's row") {
            guard let point = try? session.center(of: tote, named: "Drag test", window: window) else { return false }
            row = point
            return true
        }
        try session.xdotool(["mousemove", "\(row.x)", "\(row.y)", "click", "1"])
        try session.waitUntil("the note's text") {
            ((try? session.characterCenters(of: tote, in: Self.body, offsets: [0], window: window)) ?? []).count == 1
        }
        return (tote, window, original)
    }

    /// Clicks into the body and selects characters `range` with the keyboard.
    private func select(_ range: Range<Int>, tote: Process, window: String) throws {
        let start = try session.characterCenters(of: tote, in: Self.body, offsets: [0], window: window)[0]
        try session.xdotool(["mousemove", "\(start.x)", "\(start.y)", "click", "1"])
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
        XCTAssertEqual(copied.paragraphs[1].runs, [Run("Target line"), Run("these words", style: TextStyle(bold: true))])
        XCTAssertEqual(try session.textSelection(of: tote, in: Self.body), 35..<46, "only the copy is selected")
        try session.key("ctrl+z")
        try session.waitUntil("one undo to remove the copy") { storedBody() == original }
    }
}
