// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
@testable import ToteCore
import XCTest

/// Copy, cut and paste in a note carry the same representations as drags: styles and media
/// survive, each is one undo step, and the drag icon shows the dragged text in its style.
final class NoteClipboardTests: GTKTestCase {
    func testCopyAndPasteKeepStylesAndOfferTheRichestFirst() throws {
        try onMainActor {
            let body = RichText(paragraphs: [
                Paragraph(runs: [Run("plain "), Run("bold", style: TextStyle(bold: true)), Run(" end")]),
            ])
            let (editor, _, home) = try NoteEditorTests.makeEditorForExtension(body)
            defer { withExtendedLifetime(home) {} }
            editor.select(TextSelection(6..<10))
            gtk_widget_activate_action_variant(editor.textView, "clipboard.copy", nil)
            let offered = ContentTransfer.clipboardTypes(of: editor.textView)
            XCTAssertEqual(Array(offered.prefix(3)), [NoteTransfer.toteMIMEType, "text/html", NoteTransfer.plainMIMEType])
            editor.select(.cursor(at: 14))
            gtk_widget_activate_action_variant(editor.textView, "clipboard.paste", nil)
            waitFor("the paste") { editor.text.length == 18 }
            XCTAssertEqual(editor.text.paragraphs[0].runs.last, Run("bold", style: TextStyle(bold: true)))
            NoteEditorTests.assertBufferMatchesModelForExtension(editor)
            editor.undo()
            XCTAssertEqual(editor.text, body)
        }
    }

    func testCutIsOneUndoStep() throws {
        try onMainActor {
            let body = RichText(plain: "keep cut keep")
            let (editor, _, home) = try NoteEditorTests.makeEditorForExtension(body)
            defer { withExtendedLifetime(home) {} }
            editor.select(TextSelection(5..<9))
            gtk_widget_activate_action_variant(editor.textView, "clipboard.cut", nil)
            XCTAssertEqual(editor.text.plainText, "keep keep")
            NoteEditorTests.assertBufferMatchesModelForExtension(editor)
            editor.undo()
            XCTAssertEqual(editor.text, body)
        }
    }

    func testACopiedImageIsOfferedAsAFileWithItsOwnName() throws {
        try onMainActor {
            let home = try TemporaryDataHome()
            defer { withExtendedLifetime(home) {} }
            let media = MediaStore(directory: home.url.appendingPathComponent("tote/media"))
            let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!
            let picture = Attachment(kind: .image, media: try media.store(png, fileExtension: "png"), fileName: "Holiday.png",
                                     mimeType: "image/png", byteCount: Int64(png.count))
            let (editor, _, editorHome) = try NoteEditorTests.makeEditorForExtension(
                RichText(paragraphs: [Paragraph(runs: [Run("a"), Run(attachment: picture), Run("b")])]))
            defer { withExtendedLifetime(editorHome) {} }
            // The editor's store is its own: put the picture's bytes there too.
            _ = try editor.store.media.store(png, fileExtension: "png")
            editor.select(TextSelection(1..<2))
            editor.copySelectionToClipboard()
            XCTAssertTrue(ContentTransfer.clipboardTypes(of: editor.textView).contains("text/uri-list"))
            var fileList: String?
            ContentTransfer.readClipboard(of: editor.textView, mimeTypes: ["text/uri-list"], limit: 1 << 20) { result in
                if case .success(let (_, data)) = result { fileList = String(decoding: data, as: UTF8.self) }
            }
            waitFor("the file list") { fileList != nil }
            let url = try XCTUnwrap(URL(string: fileList!.trimmingCharacters(in: .whitespacesAndNewlines)))
            XCTAssertEqual(url.lastPathComponent, "Holiday.png")
            XCTAssertEqual(try Data(contentsOf: url), png)
            try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
        }
    }

    /// The file of an attachment that cannot be written for the other app (here its media
    /// file is gone; a full disk does the same) is refused to it, and Tote says why.
    func testAnExportThatFailsSaysSo() throws {
        try onMainActor {
            let picture = Attachment(kind: .image, media: MediaReference(digest: String(repeating: "c", count: 64), fileExtension: "png"),
                                     fileName: "Lost.png", mimeType: "image/png", byteCount: 10)
            let (editor, _, editorHome) = try NoteEditorTests.makeEditorForExtension(
                RichText(paragraphs: [Paragraph(runs: [Run("a"), Run(attachment: picture), Run("b")])]))
            defer { withExtendedLifetime(editorHome) {} }
            var said: [String] = []
            editor.onExportFailed = { said.append($0) }
            editor.select(TextSelection(1..<2))
            editor.copySelectionToClipboard()
            var refused = false
            ContentTransfer.readClipboard(of: editor.textView, mimeTypes: ["text/uri-list"], limit: 1 << 20) { result in
                switch result {
                case .failure: refused = true
                case .success(let (_, data)): refused = data.isEmpty
                }
            }
            waitFor("the read to be refused") { refused }
            waitFor("the toast") { !said.isEmpty }
            XCTAssertEqual(said, ["Could not export “Lost.png”: the file no longer exists"])
        }
    }

    func testTheDragIconShowsTheStartOfTheTextInItsStyle() {
        let fragment = RichText(paragraphs: [
            Paragraph(runs: [Run("Bold <b>&", style: TextStyle(bold: true, italic: true))]),
            Paragraph(runs: [Run("second")]),
        ])
        let markup = MainActor.assumeIsolated { NoteEditor.iconMarkup(for: fragment) }
        XCTAssertEqual(markup, "<i><b>Bold &lt;b&gt;&amp; …</b></i>")
    }
}

extension NoteClipboardTests {
    /// The report: pasting a picture offered only as image/png did nothing and said nothing.
    func testAPictureOnTheClipboardIsPastedAsAPicture() throws {
        try onMainActor {
            let (editor, _, home) = try NoteEditorTests.makeEditorForExtension(RichText(plain: "before after"))
            defer { withExtendedLifetime(home) {} }
            let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!
            ContentTransfer.setClipboard(of: editor.textView, offering: ["image/png"]) { _ in png }
            editor.select(.cursor(at: 7))
            gtk_widget_activate_action_variant(editor.textView, "clipboard.paste", nil)
            waitFor("the pasted picture") { !editor.text.attachments.isEmpty }
            XCTAssertEqual(editor.text.attachments.map(\.kind), [.image])
            XCTAssertEqual(editor.text.plainText, "before \u{FFFC}after")
            NoteEditorTests.assertBufferMatchesModelForExtension(editor)
        }
    }

    func testAPictureTooLargeToDecodeIsRefusedWithItsSize() throws {
        try onMainActor {
            let (editor, _, home) = try NoteEditorTests.makeEditorForExtension(RichText(plain: "kept"))
            defer { withExtendedLifetime(home) {} }
            var bomb: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
            bomb += Array("IHDR".utf8) + [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0, 0, 0, 0, 0]
            ContentTransfer.setClipboard(of: editor.textView, offering: ["image/png"]) { _ in Data(bomb) }
            var failures: [String] = []
            editor.onInsertFailed = { name, reason in failures.append("\(name): \(reason)") }
            gtk_widget_activate_action_variant(editor.textView, "clipboard.paste", nil)
            waitFor("the refusal") { !failures.isEmpty }
            XCTAssertEqual(failures, ["The pasted picture: it is too large to show (20,000 × 20,000 pixels)"])
            XCTAssertEqual(editor.text, RichText(plain: "kept"))
        }
    }
}
