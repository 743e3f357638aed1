// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// Styles keep the selection, every time: a style that lost it turned the next drag into a
/// new selection instead of a move.
final class FormattingSelectionTests: GTKTestCase {
    func testAStyleAppliedFiftyTimesWithSavesInBetweenKeepsTheSelection() throws {
        try onMainActor(Self.fiftyStyles)
    }

    @MainActor
    private static func fiftyStyles() throws {
        let dataHome = try TemporaryDataHome()
        let app = startApp(dataHome: dataHome)
        guard let window = app.windows.first, case .success(let store)? = app.store else {
            return XCTFail("no window or no store")
        }
        window.createNote()
        let editor = try XCTUnwrap(window.noteEditor)
        gtk_text_buffer_insert_at_cursor(editor.buffer, "Select a word with the keyboard, then press Ctrl+B", -1)
        gtk_widget_grab_focus(editor.textView)
        let word = TextSelection(anchor: 7, cursor: 11)  // "word", selected leftwards or rightwards
        editor.select(word)
        var lost: [Int] = []
        for round in 1...50 {
            let action = ["editor.bold", "editor.italic", "editor.underline", "editor.heading-1", "editor.body"][round % 5]
            XCTAssertTrue(gtk_widget_activate_action_variant(editor.textView, action, nil).isTrue)
            editor.saveNow(waitUntilWritten: false)
            let saved = store.notes
            waitFor("the save") { (try? saved())?.first?.content == NativeFormat.encode(editor.text) }
            // What ran after the save (the sidebar, the title) has run by now.
            let settle = Date().addingTimeInterval(0.05)
            _ = MainLoop.iterate(until: { Date() > settle }, timeout: 1)
            if editor.selection != word { lost.append(round) }
            editor.select(word)
        }
        XCTAssertEqual(lost, [], "rounds after which the selection was gone")
        close(app)
    }
}

extension FormattingSelectionTests {
    /// A restyle done in place leaves exactly the model's tags, colours and links included,
    /// across runs that had different ones, and undo and redo do the same.
    func testRestylingInPlaceLeavesExactlyTheModelsTags() throws {
        try onMainActor {
            let red = TextStyle(textColor: RGBAColor(red: 255, green: 0, blue: 0))
            let blue = TextStyle(bold: true, textColor: RGBAColor(red: 0, green: 0, blue: 255), link: "https://example.org")
            let body = RichText(paragraphs: [
                Paragraph(runs: [Run("plain "), Run("red ", style: red), Run("blue link", style: blue), Run(" end")]),
                Paragraph(style: .bulleted, runs: [Run("second", style: TextStyle(italic: true))]),
            ])
            let (editor, _, home) = try NoteEditorTests.makeEditorForExtension(body)
            _ = home
            let range = 3..<25
            editor.select(TextSelection(range))
            let green = editor.text.fragment(range).restyled { $0 = TextStyle(underline: true, textColor: RGBAColor(red: 0, green: 128, blue: 0)) }
            editor.perform(.replace(range, with: green), selectionAfter: TextSelection(range))
            NoteEditorTests.assertBufferMatchesModelForExtension(editor)
            XCTAssertEqual(editor.selection, TextSelection(range))
            editor.undo()
            XCTAssertEqual(editor.text, body)
            NoteEditorTests.assertBufferMatchesModelForExtension(editor)
            editor.redo()
            NoteEditorTests.assertBufferMatchesModelForExtension(editor)
        }
    }
}
