// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct WholeNoteTransferTests {
    private let id = UUID()
    private let text: RichText = {
        var text = RichText(plain: "Pack the tent\nand the stove")
        _ = try? text.apply(.replace(9..<13, with: RichText(paragraphs: [Paragraph(runs: [Run("tent", style: TextStyle(bold: true))])])))
        return text
    }()

    private func data(_ type: String, title: String = "Trip", written: inout [(String, Data)]) -> Data? {
        var files: [(String, Data)] = []
        let result = WholeNoteTransfer.data(for: type, id: id, title: title, text: text, mediaData: { _ in nil }) { name, data in
            files.append((name, data))
            return URL(fileURLWithPath: "/tmp/exports/\(name)")
        }
        written = files
        return result
    }

    @Test func filesGetOneHTMLFileThatReadsBackAsTheSameText() throws {
        var written: [(String, Data)] = []
        let list = try #require(data(FileList.mimeType, written: &written))
        #expect(String(decoding: list, as: UTF8.self).contains("/tmp/exports/Trip.html"))
        #expect(written.count == 1 && written[0].0 == "Trip.html")
        let back = try HTMLImport.richText(fromHTML: written[0].1, storeMedia: { _, _ in throw CocoaError(.featureUnsupported) })
        #expect(back == text, "lossless")
    }

    @Test func otherRepresentationsWriteNoFile() throws {
        var written: [(String, Data)] = []
        for type in WholeNoteTransfer.offered where type != FileList.mimeType {
            #expect(data(type, written: &written) != nil, "\(type)")
            #expect(written.isEmpty)
        }
        let plain = try #require(data("text/plain", written: &written))
        #expect(String(decoding: plain, as: UTF8.self) == "Pack the tent\nand the stove")
        let note = try #require(data(WholeNoteTransfer.noteMIMEType, written: &written))
        #expect(note.starts(with: Data("TOTE-NOTE-1\n\(id.uuidString)\n".utf8)))
    }

    @Test(arguments: [("Trip", "Trip.html"), ("../../etc/passwd", "etcpasswd.html"), ("", "Untitled Note.html"),
                      (".hidden", "hidden.html"), ("a\u{0}b\nc", "abc.html"), ("..", "Untitled Note.html")])
    func fileNamesCannotEscapeTheirFolder(title: String, expected: String) {
        #expect(WholeNoteTransfer.exportName(title: title) == expected)
    }

    @Test func longTitlesFitAFileSystemsNameInBytesWithoutSplittingACharacter() {
        let name = WholeNoteTransfer.exportName(title: String(repeating: "東京🎒", count: 100))
        #expect(name.utf8.count <= 255)
        #expect(name.hasSuffix("🎒.html") || name.hasSuffix("京.html") || name.hasSuffix("東.html"))
    }
}

/// A note dragged out to Files as its page comes back from that file.
@Suite struct NoteFilesTests {
    @Test func aPageComesBackAsTheNoteItWas() throws {
        let folder = try TemporaryFolder()
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        let body = Sample.document
        let page = folder.url.appendingPathComponent("Plans.html")
        try Data(HTMLExport.document(body, title: "Plans", mediaData: { _ in Data([0x89, 0x50]) }).utf8).write(to: page)
        #expect(WholeNoteTransfer.isNoteFile(page.path))
        #expect(WholeNoteTransfer.isNoteFile("/a/b/Old.HTM"))
        #expect(!WholeNoteTransfer.isNoteFile("/a/b/notes.txt"))
        let note = try WholeNoteTransfer.note(fromFileAt: page.path, media: media)
        #expect(note.title == "Plans")
        #expect(try note.richText().plainText == body.plainText)
        #expect(try note.richText().paragraphs.map(\.style) == body.paragraphs.map(\.style))
    }

    @Test func aPageThatCannotBeReadSaysWhy() throws {
        let folder = try TemporaryFolder()
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        #expect(throws: WholeNoteTransfer.PageProblem.file(.missing)) {
            try WholeNoteTransfer.note(fromFileAt: folder.url.appendingPathComponent("gone.html").path, media: media)
        }
        let empty = folder.url.appendingPathComponent("empty.html")
        try Data().write(to: empty)
        #expect(throws: WholeNoteTransfer.PageProblem.file(.empty)) {
            try WholeNoteTransfer.note(fromFileAt: empty.path, media: media)
        }
    }
}
