import Foundation
import ToteCore
import XCTest

/// Real drags between a note and GNOME Text Editor 43: drags between apps are copies, and
/// neither side loses what it had.
final class TextEditorDragTests: EndToEndTestCase {
    private static let textEditor = URL(fileURLWithPath: "/usr/bin/gnome-text-editor")

    /// Tote on the left with a new note holding `noteText`, Text Editor on the right with
    /// a file holding `fileText`.
    private func sideBySide(noteText: String, fileText: String) throws
        -> (tote: Process, toteWindow: String, editor: Process, editorWindow: String)
    {
        let tote = try launchToteWithNewNote()
        try session.type(noteText)
        let toteWindow = try session.waitForWindow(of: tote)
        try session.place(toteWindow, x: 0, y: 0, width: 620, height: 700)
        let file = session.root.appendingPathComponent("words.txt")
        try fileText.write(to: file, atomically: true, encoding: .utf8)
        let editor = try session.launch(Self.textEditor, ["--standalone", file.path], logName: "text-editor")
        // Found by title: Text Editor's windows are not found by their process id.
        let editorWindow = try session.waitForWindow(named: "words.txt")
        try session.place(editorWindow, x: 640, y: 0, width: 620, height: 700)
        try session.waitUntil("Text Editor's text") {
            (try? session.text(of: editor, in: "role=text"))?.contains(fileText.trimmingCharacters(in: .newlines)) == true
        }
        return (tote, toteWindow, editor, editorWindow)
    }

    private func noteBody() -> String? {
        try? session.store()?.notes().first?.body
    }

    func testTextDraggedFromTextEditorIsCopiedIntoTheNote() throws {
        let (tote, toteWindow, editor, editorWindow) = try sideBySide(noteText: "Notes: ", fileText: "Kettle on the stove\n")
        try session.waitUntil("the note saved") { noteBody() == "Notes: " }
        try session.focus(editorWindow)
        try session.key("ctrl+a")
        let from = try session.characterCenters(of: editor, in: "role=text", offsets: [3], window: editorWindow)[0]
        let after = try session.characterCenters(of: tote, in: "Note body", offsets: [5], window: toteWindow)[0]
        try session.drag(from: from, to: (after.x + 12, after.y))

        try session.waitUntil("the text in the note") { noteBody()?.hasPrefix("Notes: Kettle on the stove") == true }
        XCTAssertTrue(try session.text(of: editor, in: "role=text").contains("Kettle on the stove"),
                      "Text Editor keeps its text: the drop was a copy")
    }

    func testTextDraggedFromTheNoteIsCopiedIntoTextEditor() throws {
        let (tote, toteWindow, editor, editorWindow) = try sideBySide(noteText: "Bring the map", fileText: "List:\n")
        try session.waitUntil("the note saved") { noteBody() == "Bring the map" }
        try session.focus(toteWindow)
        for _ in 0..<3 { try session.key("shift+Left") }
        let from = try session.characterCenters(of: tote, in: "Note body", offsets: [11], window: toteWindow)[0]
        let after = try session.characterCenters(of: editor, in: "role=text", offsets: [4], window: editorWindow)[0]
        try session.drag(from: from, to: (after.x + 10, after.y))

        try session.waitUntil("the text in Text Editor") {
            (try? session.text(of: editor, in: "role=text"))?.contains("List:map") == true
        }
        session.pace(0.3)
        // The buffer, read at once through AT-SPI: drag-end would have deleted at once.
        XCTAssertEqual(try session.text(of: tote, in: "Note body"), "Bring the map",
                       "the note keeps its text: Tote never deletes on another app's word")
        XCTAssertEqual(noteBody(), "Bring the map")
        XCTAssertTrue(tote.isRunning)
    }
}
