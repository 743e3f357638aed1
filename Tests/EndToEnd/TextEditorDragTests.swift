// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Real drags between a note and GNOME Text Editor 43: drags between apps are copies, and
/// neither side loses what it had.
final class TextEditorDragTests: EndToEndTestCase {
    private static let textEditor = URL(fileURLWithPath: "/usr/bin/gnome-text-editor")

    /// Tote on the left with a new note holding `noteText`, Text Editor on the right with
    /// a file holding `fileText`.
    private func sideBySide(noteText: String, fileText: String, toteEnvironment: [String: String] = [:]) throws
        -> (tote: Process, toteWindow: String, editor: Process, editorWindow: String)
    {
        let tote = try launchToteWithNewNote(extra: toteEnvironment)
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
        // Selected, and still a second later: on Wayland the window dropped on does not have
        // the keyboard, and mutter took the primary selection back from it up to 420 ms after
        // GTK claimed it, which once collapsed the selection.
        // "Kettle on the stove", with its line break where Text Editor gave one.
        let isDropped = { (selected: Range<Int>) in selected.lowerBound == 7 && (26...27).contains(selected.upperBound) }
        try session.waitUntil("the dropped text selected") {
            (try? session.textSelection(of: tote, in: "Note body")).map(isDropped) == true
        }
        session.pace(1)
        let selected = try session.textSelection(of: tote, in: "Note body")
        XCTAssertTrue(isDropped(selected), "the dropped text stays selected: \(selected)")
    }

    func testTextDraggedFromTheNoteIsCopiedIntoTextEditor() throws {
        try dragMapFromTheNoteIntoTextEditor(modifier: nil)
    }

    /// With Shift, Text Editor takes the text as a move (mutter or GDK tell Tote MOVE was
    /// done): Tote still keeps it.
    func testShiftDraggingFromTheNoteIntoTextEditorLeavesTheNoteItsText() throws {
        try dragMapFromTheNoteIntoTextEditor(modifier: "shift")
    }

    /// Drags "map" out of the note "Bring the map" to the end of Text Editor's "List:",
    /// holding `modifier`: Text Editor gets it, and the note keeps it.
    private func dragMapFromTheNoteIntoTextEditor(modifier: String?) throws {
        let (tote, toteWindow, editor, editorWindow) = try sideBySide(noteText: "Bring the map", fileText: "List:\n")
        try session.waitUntil("the note saved") { noteBody() == "Bring the map" }
        try session.focus(toteWindow)
        for _ in 0..<3 { try session.key("shift+Left") }
        let from = try session.characterCenters(of: tote, in: "Note body", offsets: [11], window: toteWindow)[0]
        let after = try session.characterCenters(of: editor, in: "role=text", offsets: [4], window: editorWindow)[0]
        try session.drag(from: from, to: (after.x + 10, after.y), modifier: modifier)

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

    /// Shift held over the note while dragging from Text Editor: Tote never answers MOVE to
    /// another app, so Text Editor keeps its text. On Wayland, mutter picks the action: Tote
    /// declares COPY alone, so Shift cannot pick MOVE, and resting there costs next to
    /// nothing (a refused MOVE once made mutter and GTK ask again thousands of times a
    /// second). On X11, GDK passes on only Text Editor's MOVE, so the drop is refused; on
    /// Wayland it is the copy the drop matrix asks for.
    func testAShiftDragFromTextEditorRestingOnTheNoteNeverTakesTheTextAwayNorSpins() throws {
        let answers = session.backend == .wayland ? ["WAYLAND_DEBUG": "client"] : [:]
        let (tote, toteWindow, editor, editorWindow) = try sideBySide(
            noteText: "Notes: ", fileText: "Kettle on the stove\n", toteEnvironment: answers)
        try session.waitUntil("the note saved") { noteBody() == "Notes: " }
        try session.focus(editorWindow)
        try session.key("ctrl+a")
        let from = try session.characterCenters(of: editor, in: "role=text", offsets: [3], window: editorWindow)[0]
        let after = try session.characterCenters(of: tote, in: "Note body", offsets: [5], window: toteWindow)[0]
        try session.press(at: from)
        try session.glide(from: from, to: (from.x + 16, from.y + 8), steps: 4)
        try session.input(["keydown", "shift"])
        try session.glide(from: from, to: (after.x + 12, after.y), steps: 12)
        session.pace(0.3)

        // Resting still for two seconds.
        let answersBefore = setActionsCount(session.output(of: tote))
        let processorBefore = session.processorTime(of: tote)
        session.pace(2)
        let processor = session.processorTime(of: tote) - processorBefore
        let answered = setActionsCount(session.output(of: tote)) - answersBefore
        print("Shift drag resting 2 s over the note (\(session.backend)): Tote used \(Int(processor * 1000)) ms of processor time, answered the drag \(answered) times")
        XCTAssertLessThan(processor, 0.4, "resting over the note costs next to nothing")
        if session.backend == .wayland { XCTAssertLessThan(answered, 20, "no loop of answers with mutter") }

        try session.input(["mousemove", "\(after.x + 13)", "\(after.y)"])
        session.pace(0.3)
        try session.input(["mouseup", "1"])
        try session.input(["keyup", "shift"])
        session.pace(1)
        XCTAssertTrue(try session.text(of: editor, in: "role=text").contains("Kettle on the stove"),
                      "Text Editor keeps its text: Tote never answers MOVE to another app")
        switch session.backend {
        case .x11: XCTAssertEqual(noteBody(), "Notes: ", "refused: GDK on X11 offers only Text Editor's MOVE")
        case .wayland:
            try session.waitUntil("the copy in the note") { noteBody()?.hasPrefix("Notes: Kettle on the stove") == true }
        }
    }

    /// The times Tote told the compositor which actions it takes (`wl_data_offer.set_actions`).
    private func setActionsCount(_ log: String) -> Int {
        log.split(separator: "\n").filter { $0.contains("-> wl_data_offer@") && $0.contains(".set_actions(") }.count
    }
}
