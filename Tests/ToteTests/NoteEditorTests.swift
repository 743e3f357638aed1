// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
@testable import ToteApp
@testable import ToteCore
import XCTest

/// The buffer shows exactly the model after every kind of edit, and undo and redo restore both.
final class NoteEditorTests: GTKTestCase {
    func testTypingAfterBoldIsBoldAndAWordIsOneUndo() throws { try onMainActor(Self.typing) }
    func testFormattingASelectionAndUndoingIt() throws { try onMainActor(Self.formatting) }
    func testEnterContinuesAListAndParagraphStylesShow() throws { try onMainActor(Self.lists) }
    func testDeletingAcrossAnAttachmentAndUndoingBringsItBack() throws { try onMainActor(Self.attachments) }
    func testRandomEditsKeepBufferAndModelTogether() throws {
        for seed in 1...4 { try onMainActor { try Self.randomEdits(seed: UInt64(seed)) } }
    }
    func testPastingControlCharactersInsertsCleanText() throws { try onMainActor(Self.hostilePaste) }
    func testTypingWhileALongNoteFillsIsKept() throws { try onMainActor(Self.typingWhileFilling) }
    func testAnEditThroughTheModelWhileFillingFinishesTheFillFirst() throws {
        try onMainActor(Self.commandWhileFilling)
    }
    func testTheBufferHoldsFewTagsWhateverTheNoteHolds() throws { try onMainActor(Self.fewTags) }
    func testACheckboxClickedWhileTheNoteFillsIsTicked() throws { try onMainActor(Self.checkboxWhileFilling) }

    // MARK: Bodies

    /// 3,000 styled paragraphs: more than the first screenful the editor shows at once.
    private static let fillingNote = RichText(paragraphs: (0..<3_000).map { index in
        Paragraph(style: index % 7 == 0 ? .bulleted : .body,
                  runs: [Run("Paragraph \(index) has "), Run("bold", style: TextStyle(bold: true)), Run(" words.")])
    })

    /// The report: keystrokes typed 0.2 s after opening a 1 MB note were never stored.
    /// Typing goes into the buffer while it fills (at the start, and at the end of what is
    /// filled so far, inside a paragraph), and all of it is in the model and the buffer after.
    @MainActor private static func typingWhileFilling() throws {
        let (editor, _, home) = try makeEditor(fillingNote, waitForFill: false)
        defer { withExtendedLifetime(home) {} }
        XCTAssertTrue(editor.isFillingBuffer, "a long note fills in steps")
        XCTAssertTrue(gtk_text_view_get_editable(editor.textView.cast()).isTrue, "typing is possible at once")
        typeAtCursor(editor, "First ")
        let filled = Int(gtk_text_buffer_get_char_count(editor.buffer))
        XCTAssertLessThan(filled, fillingNote.length + 6)
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(editor.buffer, &end)
        gtk_text_iter_backward_chars(&end, 3)  // inside the last paragraph filled so far
        gtk_text_buffer_place_cursor(editor.buffer, &end)
        typeAtCursor(editor, "[here]")
        XCTAssertTrue(editor.isFillingBuffer)
        waitFor("the rest of the note in the buffer") { !editor.isFillingBuffer }
        XCTAssertEqual(editor.text.length, fillingNote.length + 12)
        XCTAssertTrue(editor.text.plainText.hasPrefix("First Paragraph 0 has bold words."))
        XCTAssertEqual(editor.text.plainText.components(separatedBy: "[here]").count, 2)
        XCTAssertEqual(editor.selection, .cursor(at: filled - 3 + 6), "the caret stays where the typing left it")
        assertBufferMatchesModel(editor)
    }

    @MainActor private static func commandWhileFilling() throws {
        let (editor, _, home) = try makeEditor(fillingNote, waitForFill: false)
        defer { withExtendedLifetime(home) {} }
        XCTAssertTrue(editor.isFillingBuffer)
        editor.perform(.insert(RichText(plain: "Dropped\n"), at: 0))
        XCTAssertFalse(editor.isFillingBuffer, "the fill finished before the change")
        XCTAssertEqual(editor.text.paragraphs[0].plainText, "Dropped")
        assertBufferMatchesModel(editor)
        editor.undo()
        XCTAssertEqual(editor.text, fillingNote)
        assertBufferMatchesModel(editor)
    }

    /// A click arriving while a long note fills is not lost (it was ignored until the fill ended).
    @MainActor private static func checkboxWhileFilling() throws {
        let note = RichText(paragraphs: [Paragraph(style: .checklist(checked: false), runs: [Run("Buy milk")])]
            + Array(repeating: fillingNote.paragraphs, count: 10).joined())
        let (editor, _, home) = try makeEditor(note, waitForFill: false)
        defer { withExtendedLifetime(home) {} }
        waitFor("the first lines laid out") { gtk_widget_get_height(editor.textView) > 50 }
        XCTAssertTrue(editor.isFillingBuffer, "30,000 paragraphs take more than a few slices")
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(editor.buffer, &start)
        var place = GdkRectangle()
        gtk_text_view_get_iter_location(editor.textView.cast(), &start, &place)
        var y: Int32 = 0
        gtk_text_view_buffer_to_window_coords(editor.textView.cast(), GTK_TEXT_WINDOW_WIDGET, 0, place.y + place.height / 2, nil, &y)
        XCTAssertTrue(editor.clickMarker(x: NoteEditor.markerX + 4, y: Double(y)))
        XCTAssertEqual(editor.text.paragraphs[0].style, .checklist(checked: true))
        XCTAssertEqual(editor.text.length, note.length)
        assertBufferMatchesModel(editor)
    }

    /// GTK 4.8 searches a buffer's tags linearly on every tagging call: 2,500 links and 100
    /// colours give one link tag and at most `valueCapacity` colour tags, and the next note
    /// shown starts without the last one's values.
    @MainActor private static func fewTags() throws {
        let crowded = RichText(paragraphs: (0..<2_500).map { index in
            Paragraph(runs: [
                Run("Line \(index) "),
                Run("linked", style: TextStyle(link: "https://example.org/\(index)")),
                Run(" red", style: TextStyle(textColor: RGBAColor(red: UInt8(index % 100), green: 0, blue: 0))),
            ])
        })
        let (editor, store, home) = try makeEditor(crowded)
        defer { withExtendedLifetime(home) {} }
        let fixed = ["bold", "italic", "underline", "strikethrough", "monospace", "link"].count + StyleTagNames.paragraphTags.count
        XCTAssertLessThanOrEqual(editor.tagCount, fixed + StyleTagNames.valueCapacity)
        var iter = GtkTextIter()
        let linkOffset = crowded.startOffset(ofParagraph: 2_400) + "Line 2400 ".count
        gtk_text_buffer_get_iter_at_offset(editor.buffer, &iter, Int32(linkOffset))
        XCTAssertEqual(tagNames(at: &iter), ["link"], "every link shows through the one tag")
        XCTAssertEqual(editor.text, crowded, "a colour past the tags' capacity stays in the note")

        let next = try store.createNote()
        let plain = RichText(paragraphs: [Paragraph(runs: [Run("Blue", style: TextStyle(textColor: RGBAColor(red: 0, green: 0, blue: 255)))])])
        try store.save(noteID: next.id, title: "", body: plain)
        XCTAssertTrue(editor.show(try XCTUnwrap(store.note(id: next.id))))
        waitFor("the note in the buffer") { !editor.isFillingBuffer }
        XCTAssertLessThanOrEqual(editor.tagCount, fixed + 1, "the last note's colours went with it")
        assertBufferMatchesModel(editor)
    }

    @MainActor private static func typing() throws {
        let (editor, _, home) = try makeEditor(RichText(paragraphs: [Paragraph(runs: [Run("Hello "), Run("bold", style: TextStyle(bold: true))])]))
        defer { withExtendedLifetime(home) {} }
        editor.select(.cursor(at: 10))
        typeAtCursor(editor, "er")
        XCTAssertEqual(editor.text.paragraphs[0].runs.last, Run("bolder", style: TextStyle(bold: true)))
        assertBufferMatchesModel(editor)
        editor.undo()
        XCTAssertEqual(editor.text.plainText, "Hello bold")
        assertBufferMatchesModel(editor)
        XCTAssertEqual(editor.selection, .cursor(at: 10))
        editor.redo()
        XCTAssertEqual(editor.text.plainText, "Hello bolder")
        assertBufferMatchesModel(editor)
    }

    @MainActor private static func formatting() throws {
        let (editor, _, home) = try makeEditor(RichText(plain: "one two three"))
        defer { withExtendedLifetime(home) {} }
        editor.select(TextSelection(4..<7))
        editor.toggle(\.bold)
        editor.toggle(\.italic)
        XCTAssertTrue(editor.text.has(\.bold, in: 4..<7))
        XCTAssertTrue(editor.text.has(\.italic, in: 4..<7))
        assertBufferMatchesModel(editor)
        XCTAssertEqual(editor.selection, TextSelection(4..<7), "the selection stays")
        editor.undo()
        editor.undo()
        XCTAssertEqual(editor.text, RichText(plain: "one two three"))
        assertBufferMatchesModel(editor)
    }

    @MainActor private static func lists() throws {
        let (editor, _, home) = try makeEditor(RichText(plain: "milk"))
        defer { withExtendedLifetime(home) {} }
        editor.select(.cursor(at: 2))
        editor.setParagraphStyle(.bulleted)
        editor.select(.cursor(at: 4))
        typeAtCursor(editor, "\n")
        typeAtCursor(editor, "eggs")
        XCTAssertEqual(editor.text.paragraphs.map(\.style), [.bulleted, .bulleted])
        XCTAssertEqual(editor.text.plainText, "milk\neggs")
        assertBufferMatchesModel(editor)
        editor.select(TextSelection(0..<9))
        editor.setParagraphStyle(.heading(1))
        assertBufferMatchesModel(editor)
        editor.undo()
        XCTAssertEqual(editor.text.paragraphs.map(\.style), [.bulleted, .bulleted])
        assertBufferMatchesModel(editor)
    }

    @MainActor private static func attachments() throws {
        let media = MediaReference(digest: String(repeating: "0", count: 64), fileExtension: "txt")
        let attachment = Attachment(kind: .file, media: media, fileName: "notes.txt", mimeType: "text/plain", byteCount: 16)
        let original = RichText(paragraphs: [
            Paragraph(style: .heading(2), runs: [Run("Trip")]),
            Paragraph(runs: [Run("see "), Run(attachment: attachment), Run(" here")]),
            Paragraph(style: .checklist(checked: true), runs: [Run("tent")]),
        ])
        let (editor, _, home) = try makeEditor(original)
        defer { withExtendedLifetime(home) {} }
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_iter_at_offset(editor.buffer, &start, 2)
        gtk_text_buffer_get_iter_at_offset(editor.buffer, &end, 12)
        gtk_text_buffer_delete_interactive(editor.buffer, &start, &end, 1)
        XCTAssertEqual(editor.text.plainText, "Trere\ntent")
        XCTAssertTrue(editor.text.attachments.isEmpty)
        assertBufferMatchesModel(editor)
        editor.undo()
        XCTAssertEqual(editor.text, original)
        assertBufferMatchesModel(editor)
    }

    @MainActor private static func randomEdits(seed: UInt64) throws {
        var random = LinearCongruentialGenerator(state: seed)
        let (editor, _, _) = try makeEditor(RichText(paragraphs: [
            Paragraph(runs: [Run("alpha "), Run("beta", style: TextStyle(bold: true))]),
            Paragraph(style: .numbered, runs: [Run("gamma delta")]),
        ]))
        for step in 0..<150 {
            let length = editor.text.length
            let a = Int.random(in: 0...length, using: &random), b = Int.random(in: 0...length, using: &random)
            editor.select(TextSelection(anchor: a, cursor: b))
            switch Int.random(in: 0..<10, using: &random) {
            case 0: typeAtCursor(editor, ["x", "é", "🙂", "\n", "word "].randomElement(using: &random)!)
            case 1: if a != b { deleteSelection(editor) }
            case 2:
                let attributes: [WritableKeyPath<TextStyle, Bool>] = [\.bold, \.italic, \.underline]
                editor.toggle(attributes.randomElement(using: &random)!)
            case 3: editor.setParagraphStyle([.heading(1), .bulleted, .checklist(checked: false), .body].randomElement(using: &random)!)
            case 4: editor.toggleChecked()
            case 5: editor.undo()
            case 6: editor.redo()
            case 8, 9:
                // A drop of the selection elsewhere: a move (one command) or a copy.
                let range = editor.selection.range
                let target = Int.random(in: 0...length, using: &random)
                if !range.isEmpty {
                    editor.drop(editor.text.fragment(range), at: target, movingFrom: step % 2 == 0 ? range : nil)
                }
            default: editor.insertPlain("pasted\ntext")
            }
            assertBufferMatchesModel(editor, "seed \(seed) step \(step)")
        }
    }

    @MainActor private static func hostilePaste() throws {
        let (editor, _, home) = try makeEditor(RichText(plain: "ab"))
        defer { withExtendedLifetime(home) {} }
        editor.select(.cursor(at: 1))
        typeAtCursor(editor, "x\u{FFFC}\u{7}y")
        XCTAssertEqual(editor.text.plainText, "axyb")
        assertBufferMatchesModel(editor)
    }

    // MARK: Helpers

    @MainActor static func assertBufferMatchesModelForExtension(_ editor: NoteEditor, file: StaticString = #filePath, line: UInt = #line) {
        assertBufferMatchesModel(editor, file: file, line: line)
    }

    @MainActor static func makeEditorForExtension(_ body: RichText) throws -> (NoteEditor, Store, TemporaryDataHome) {
        try makeEditor(body)
    }

    @MainActor private static func makeEditor(
        _ body: RichText, waitForFill: Bool = true
    ) throws -> (NoteEditor, Store, TemporaryDataHome) {
        let home = try TemporaryDataHome()
        let store = try Store(location: StoreLocation(directory: home.url.appendingPathComponent("tote")))
        let note = try store.createNote()
        try store.save(noteID: note.id, title: "", body: body)
        let editor = NoteEditor(library: Library(store: store))
        let window = gtk_window_new()!
        gtk_window_set_child(window.cast(), editor.widget)
        gtk_window_present(window.cast())
        editor.show(try XCTUnwrap(store.note(id: note.id)))
        if editor.isFillingBuffer && waitForFill {
            waitFor("the rest of the note in the buffer") { !editor.isFillingBuffer }
        }
        XCTAssertEqual(editor.text, body)
        if !editor.isFillingBuffer { assertBufferMatchesModel(editor) }
        return (editor, store, home)
    }

    /// As typing does: GtkTextView inserts interactively at the cursor, replacing a selection.
    @MainActor private static func typeAtCursor(_ editor: NoteEditor, _ text: String) {
        gtk_text_buffer_delete_selection(editor.buffer, 1, 1)
        gtk_text_buffer_insert_interactive_at_cursor(editor.buffer, text, -1, 1)
    }

    @MainActor private static func deleteSelection(_ editor: NoteEditor) {
        gtk_text_buffer_delete_selection(editor.buffer, 1, 1)
    }

    /// Compares the buffer with the model character by character: text (U+FFFC where an
    /// attachment is), character tags, paragraph tags and child anchors.
    @MainActor private static func assertBufferMatchesModel(
        _ editor: NoteEditor, _ context: String = "", file: StaticString = #filePath, line: UInt = #line
    ) {
        let buffer = editor.buffer
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        let slice = gtk_text_buffer_get_slice(buffer, &start, &end, 1)!
        defer { g_free(slice) }
        XCTAssertEqual(String(cString: slice), editor.text.plainText, "text \(context)", file: file, line: line)
        let tags = TextTags(buffer: buffer)
        var offset = 0
        for (index, paragraph) in editor.text.paragraphs.enumerated() {
            let paragraphTags = tags.names(for: paragraph.style)
            for run in paragraph.runs {
                for _ in 0..<run.length {
                    var iter = GtkTextIter()
                    gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(offset))
                    XCTAssertEqual(tagNames(at: &iter), Set(tags.names(for: run.style) + paragraphTags),
                                   "tags at \(offset) \(context)", file: file, line: line)
                    XCTAssertEqual(gtk_text_iter_get_child_anchor(&iter) != nil, run.attachment != nil,
                                   "anchor at \(offset) \(context)", file: file, line: line)
                    offset += 1
                }
            }
            if index < editor.text.paragraphs.count - 1 {
                var iter = GtkTextIter()
                gtk_text_buffer_get_iter_at_offset(buffer, &iter, Int32(offset))
                XCTAssertEqual(tagNames(at: &iter).filter { $0.hasPrefix("paragraph:") }, Set(paragraphTags),
                               "paragraph break at \(offset) \(context)", file: file, line: line)
                offset += 1
            }
        }
    }

    @MainActor private static func tagNames(at iter: inout GtkTextIter) -> Set<String> {
        var names = Set<String>()
        var node = gtk_text_iter_get_tags(&iter)
        let list = node
        defer { g_slist_free(list) }
        while let current = node {
            var name: UnsafeMutablePointer<CChar>?
            tote_shim_object_get_string(current.pointee.data, "name", &name)
            if let name { names.insert(String(cString: name)); g_free(name) }
            node = current.pointee.next
        }
        return names
    }
}

/// Knuth's MMIX generator: seeded, so a failing random sequence can be replayed.
private struct LinearCongruentialGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}

extension NoteEditorTests {
    func testATenMegabyteLineIsRefusedAndTheNoteKept() throws { try onMainActor(Self.hugeLine) }

    @MainActor private static func hugeLine() throws {
        let (editor, _, home) = try makeEditorForExtension(RichText(plain: "keep this"))
        defer { withExtendedLifetime(home) {} }
        var refused: [Int] = []
        editor.onTextTooLong = { refused.append($0) }
        let line = String(repeating: "0123456789", count: 1024 * 1024)
        let clock = ContinuousClock(), start = clock.now
        editor.select(.cursor(at: 4))
        editor.insertPlain(line)
        gtk_text_buffer_insert_interactive_at_cursor(editor.buffer, line, -1, 1)
        XCTAssertLessThan(clock.now - start, .seconds(5), "refusing is quick")
        XCTAssertEqual(refused, [10 * 1024 * 1024 + 9, 10 * 1024 * 1024 + 9])
        XCTAssertEqual(editor.text, RichText(plain: "keep this"))
        XCTAssertEqual(editor.bodyText, "keep this")
        XCTAssertFalse(editor.history.canUndo)
    }
}

extension NoteEditorTests {
    func testALongNoteFillsAfterTheFirstScreenAndIsThenEditable() throws { try onMainActor(Self.longNote) }

    @MainActor private static func longNote() throws {
        let paragraphs = (0..<800).map { index in
            Paragraph(style: index % 5 == 0 ? .heading(2) : .body,
                      runs: [Run("line \(index) "), Run("bold \(index)", style: TextStyle(bold: true))])
        }
        let body = RichText(paragraphs: paragraphs)
        let (editor, _, home) = try makeEditorForExtension(body)
        defer { withExtendedLifetime(home) {} }
        // makeEditor checked the buffer right after show(): it waited for the fill itself.
        XCTAssertFalse(editor.isFillingBuffer)
        XCTAssertEqual(editor.text, body)
        XCTAssertEqual(editor.bodyText, body.plainText)
        editor.select(.cursor(at: body.length))
        gtk_text_buffer_insert_interactive_at_cursor(editor.buffer, "!", -1, 1)
        XCTAssertEqual(editor.text.length, body.length + 1, "editable once filled")
    }
}

extension NoteEditorTests {
    func testClickingACheckboxChecksTheItem() throws { try onMainActor(Self.checkboxClick) }

    @MainActor private static func checkboxClick() throws {
        let body = RichText(paragraphs: [
            Paragraph(runs: [Run("Packing")]),
            Paragraph(style: .checklist(checked: false), runs: [Run("tent")]),
            Paragraph(style: .bulleted, runs: [Run("stove")]),
        ])
        let (editor, _, home) = try makeEditorForExtension(body)
        defer { withExtendedLifetime(home) {} }
        waitFor("the layout") { gtk_widget_get_height(editor.textView) > 50 }
        func windowY(ofParagraph index: Int32) -> Double {
            var iter = GtkTextIter()
            gtk_text_buffer_get_iter_at_line(editor.buffer, &iter, index)
            var y: Int32 = 0, height: Int32 = 0, windowY: Int32 = 0
            gtk_text_view_get_line_yrange(editor.textView.cast(), &iter, &y, &height)
            gtk_text_view_buffer_to_window_coords(editor.textView.cast(), GTK_TEXT_WINDOW_WIDGET, 0, y + height / 2, nil, &windowY)
            return Double(windowY)
        }
        XCTAssertFalse(editor.clickMarker(x: 35, y: windowY(ofParagraph: 2)), "a bullet is not a checkbox")
        XCTAssertFalse(editor.clickMarker(x: 200, y: windowY(ofParagraph: 1)), "text, not the box")
        XCTAssertTrue(editor.clickMarker(x: 35, y: windowY(ofParagraph: 1)))
        XCTAssertEqual(editor.text.paragraphs[1].style, .checklist(checked: true))
        assertBufferMatchesModelForExtension(editor)
        editor.undo()
        XCTAssertEqual(editor.text.paragraphs[1].style, .checklist(checked: false))
    }
}

extension NoteEditorTests {
    func testChecklistItemsHaveRealCheckBoxesBesideThem() throws { try onMainActor(Self.checkBoxes) }

    /// Each checklist item has a themed GtkCheckButton beside its first line, 24 px square
    /// at least, showing its state and named after it; clicking it checks the item as one
    /// step; boxes follow the text when it scrolls.
    @MainActor private static func checkBoxes() throws {
        let body = RichText(paragraphs: [
            Paragraph(runs: [Run("Packing")]),
            Paragraph(style: .checklist(checked: false), runs: [Run("tent")]),
            Paragraph(style: .checklist(checked: true), runs: [Run("stove")]),
            Paragraph(style: .bulleted, runs: [Run("maps")]),
        ] + (0..<80).map { Paragraph(style: .checklist(checked: $0 % 2 == 0), runs: [Run("item \($0)")]) })
        let (editor, _, home) = try makeEditorForExtension(body)
        defer { withExtendedLifetime(home) {} }
        let window = try XCTUnwrap(gtk_widget_get_root(editor.widget))
        gtk_window_set_default_size(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), 600, 400)
        waitFor("the layout") { gtk_widget_get_height(editor.textView) > 200 }
        let boxes = try XCTUnwrap(editor.checklistBoxes)
        waitFor("the boxes given out") { boxes.box(ofParagraph: 1) != nil }
        XCTAssertEqual(boxes.shownItems.prefix(2).map(\.name), ["tent", "stove"])
        XCTAssertNil(boxes.box(ofParagraph: 3), "a bullet has no box")
        // The text view's own children: a wheel or a drag over one reaches the note.
        XCTAssertTrue(gtk_widget_is_ancestor(try XCTUnwrap(boxes.box(ofParagraph: 1)), editor.textView).isTrue)
        let tent = try XCTUnwrap(boxes.box(ofParagraph: 1)), stove = try XCTUnwrap(boxes.box(ofParagraph: 2))
        XCTAssertTrue(g_type_check_instance_is_a(tent.raw.assumingMemoryBound(to: GTypeInstance.self), gtk_check_button_get_type()).isTrue)
        XCTAssertFalse(gtk_check_button_get_active(tent.cast()).isTrue)
        XCTAssertTrue(gtk_check_button_get_active(stove.cast()).isTrue)

        /// The box's place in the text view, and its line's.
        func placeOf(_ box: WidgetPointer, paragraph: Int32) -> (box: graphene_rect_t, lineTop: Double, lineBottom: Double) {
            var bounds = graphene_rect_t()
            XCTAssertTrue(gtk_widget_compute_bounds(box, editor.textView, &bounds).isTrue)
            var iter = GtkTextIter(), place = GdkRectangle()
            gtk_text_buffer_get_iter_at_line(editor.buffer, &iter, paragraph)
            gtk_text_view_get_iter_location(editor.textView.cast(), &iter, &place)
            var top: Int32 = 0
            gtk_text_view_buffer_to_window_coords(editor.textView.cast(), GTK_TEXT_WINDOW_WIDGET, 0, place.y, nil, &top)
            return (bounds, Double(top), Double(top + place.height))
        }
        func besideItsLine(_ box: WidgetPointer, paragraph: Int32) -> Bool {
            let now = placeOf(box, paragraph: paragraph)
            let middle = Double(now.box.origin.y + now.box.size.height / 2)
            return (now.lineTop...now.lineBottom).contains(middle)
        }
        waitFor("the boxes placed") { besideItsLine(tent, paragraph: 1) }
        let placed = placeOf(tent, paragraph: 1)
        XCTAssertGreaterThanOrEqual(Double(placed.box.size.width), 24, "a 24 px hit area")
        XCTAssertGreaterThanOrEqual(Double(placed.box.size.height), 24)
        let middle = Double(placed.box.origin.y + placed.box.size.height / 2)
        XCTAssertTrue((placed.lineTop...placed.lineBottom).contains(middle), "beside its line: \(placed)")
        XCTAssertLessThan(Double(placed.box.origin.x + placed.box.size.width), 52, "in the margin, left of the text")

        // A click on the box checks the item, as one step of the note.
        gtk_widget_activate(tent)
        XCTAssertEqual(editor.text.paragraphs[1].style, .checklist(checked: true))
        waitFor("the box showing it") { gtk_check_button_get_active(tent.cast()).isTrue }
        editor.undo()
        XCTAssertEqual(editor.text.paragraphs[1].style, .checklist(checked: false))
        waitFor("the box following undo") { !gtk_check_button_get_active(tent.cast()).isTrue }

        // Scrolled, the boxes stay beside their lines.
        let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(editor.textView))!
        waitFor("the whole note laid out") { gtk_adjustment_get_upper(adjustment) > 1_200 }
        gtk_adjustment_set_value(adjustment, 700)
        waitFor("item 40 boxed") { boxes.box(ofParagraph: 44) != nil }
        let far = try XCTUnwrap(boxes.box(ofParagraph: 44))
        waitFor("placed after the scroll") { besideItsLine(far, paragraph: 44) }
        XCTAssertEqual(gtk_check_button_get_active(far.cast()).isTrue, true, "item 40 is checked")
        assertBufferMatchesModelForExtension(editor)
    }

    func testADamagedNoteOpensReadOnlyAndIsNeverOverwritten() throws { try onMainActor(Self.damagedNote) }

    @MainActor private static func damagedNote() throws {
        let home = try TemporaryDataHome()
        let store = try Store(location: StoreLocation(directory: home.url.appendingPathComponent("tote")))
        let note = try store.createNote()
        try store.save(noteID: note.id, title: "Old", body: RichText(plain: "readable copy"))
        let damaged = Data(#"{"format":"tote-rich-text","version":1,"paragraphs":[{"runs":"#.utf8)
        var broken = try XCTUnwrap(store.note(id: note.id))
        broken.content = damaged
        try store.restore(broken)

        let editor = NoteEditor(library: Library(store: store))
        var reasons: [String] = []
        editor.onReadOnly = { _, reason in reasons.append(reason) }
        editor.show(try XCTUnwrap(store.note(id: note.id)))
        XCTAssertEqual(reasons.count, 1)
        XCTAssertEqual(editor.bodyText, "readable copy", "the plain copy is shown")
        XCTAssertFalse(gtk_text_view_get_editable(editor.textView.cast()).isTrue)
        editor.insertPlain("typed over")
        editor.toggle(\.bold)
        editor.saveNow(waitUntilWritten: true)
        XCTAssertEqual(try store.note(id: note.id)?.content, damaged, "the damaged body is kept as it was")
    }
}
