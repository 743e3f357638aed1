// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct HTMLTests {
    /// A media store in memory: digests as the real one computes them.
    final class Media {
        var files: [MediaReference: Data] = [:]
        let folder: TemporaryFolder
        let store: MediaStore

        init() throws {
            folder = try TemporaryFolder()
            store = MediaStore(directory: folder.url)
        }

        func keep(_ data: Data, _ fileExtension: String) throws -> MediaReference {
            let reference = try store.store(data, fileExtension: fileExtension)
            files[reference] = data
            return reference
        }
    }

    private func importHTML(_ html: String, media: Media? = nil) throws -> RichText {
        let media = try media ?? Media()
        return try HTMLImport.richText(fromHTML: Data(html.utf8), storeMedia: media.keep)
    }

    @Test func whatToteExportsToteImportsExactly() throws {
        let media = try Media()
        let png = PictureBytes.png(width: 40, height: 30)
        let picture = Attachment(kind: .image, media: try media.keep(png, "png"), fileName: "cat & dog.png",
                                 mimeType: "image/png", byteCount: Int64(png.count))
        let file = Attachment(kind: .file, media: try media.keep(Data("report".utf8), "pdf"), fileName: "r.pdf",
                              mimeType: "application/pdf", byteCount: 6)
        let text = RichText(paragraphs: [
            Paragraph(style: .heading(1), runs: [Run("Plan <A&B>")]),
            Paragraph(runs: [Run("  two  spaces "), Run("bold", style: TextStyle(bold: true, italic: true)),
                             Run(" link", style: TextStyle(underline: true, link: "https://gnome.org/?a=1&b=2"))]),
            Paragraph(),
            Paragraph(style: .bulleted, runs: [Run("one")]),
            Paragraph(style: .bulleted, runs: [Run("two", style: TextStyle(fontFamily: "Cantarell", fontSize: 13,
                textColor: RGBAColor(red: 200, green: 0, blue: 0), highlight: RGBAColor(hex: "#ffff00")))]),
            Paragraph(style: .numbered, runs: [Run("first")]),
            Paragraph(style: .checklist(checked: true), runs: [Run("done", style: TextStyle(strikethrough: true, monospace: true))]),
            Paragraph(style: .checklist(checked: false), runs: [Run(attachment: picture), Run("\tpicture"), Run(attachment: file)]),
            Paragraph(),
        ])
        let html = HTMLExport.document(text, title: "Plan", mediaData: { media.files[$0] })
        #expect(!html.contains("<script"))
        #expect(html.contains("data:image/png;base64,"))
        let back = try importHTML(html, media: media)
        #expect(back == text)
    }

    @Test(arguments: 0..<40)
    func randomTextRoundTrips(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &+ 77)
        let media = try Media()
        _ = try media.keep(Data("not really a png".utf8), "png")
        let text = random.fragment()
        let picture = PictureBytes.gif(width: 16, height: 16)
        let fixed = RichText(paragraphs: text.paragraphs.map { paragraph in
            Paragraph(style: paragraph.style, runs: paragraph.runs.map { run in
                guard run.attachment != nil else { return run }
                return Run(attachment: Attachment(kind: .image, media: try! media.keep(picture, "png"),
                                                  fileName: "cat.png", mimeType: "image/png",
                                                  byteCount: Int64(picture.count)), style: run.style)
            })
        })
        let html = HTMLExport.document(fixed, title: "", mediaData: { media.files[$0] })
        #expect(try importHTML(html, media: media) == fixed, "seed \(seed)")
    }

    @Test func keepsBasicStructureFromTheWeb() throws {
        let text = try importHTML("""
            <html><body><h2>News</h2>
            <p>Some   <b>bold</b> and <i>italic</i>,
               <u>under</u> <del>gone</del> <code>x()</code> <a href="https://a.example/">link</a>.</p>
            <ul><li>one</li><li>two<br>lines</li></ul><ol><li>first</li></ol>
            <p><span style="font-weight: 700">docs bold</span></p></body></html>
            """)
        #expect(text.plainText == "News\nSome bold and italic, under gone x() link.\none\ntwo\nlines\nfirst\ndocs bold")
        #expect(text.paragraphs.map(\.style) == [.heading(2), .body, .bulleted, .bulleted, .bulleted, .numbered, .body])
        #expect(text.has(\.bold, in: 10..<14))
        #expect(text.style(at: 45).link == nil)
        #expect(text.fragment(42..<46).paragraphs[0].runs.allSatisfy { $0.style.link == "https://a.example/" })
    }

    @Test func scriptsStylesEventsAndRemoteResourcesAreIgnored() throws {
        let text = try importHTML("""
            <html><head><style>p { color: red }</style><script>alert(1)</script></head>
            <body onload="steal()"><p onclick="evil()">safe <img src="http://tracker.example/pixel.png" alt="px">
            <a href="javascript:alert(2)">click</a> <a href="data:text/html,boom">data</a>
            <iframe src="https://evil.example/"></iframe><script>document.write('x')</script></p></body></html>
            """)
        #expect(text.plainText == "safe click data")
        #expect(text.attachments.isEmpty)
        #expect(text.paragraphs.allSatisfy { $0.runs.allSatisfy { $0.style.link == nil } })
    }

    @Test func deepNestingIsBoundedAndKeepsTheText() throws {
        let depth = 100_000
        let html = String(repeating: "<div>", count: depth) + "deep" + String(repeating: "</div>", count: depth)
        let clock = ContinuousClock()
        let start = clock.now
        let text = try importHTML(html)
        #expect(clock.now - start < .seconds(10))
        #expect(text.length <= 4)
    }

    @Test func emptyAndGarbageInputs() throws {
        #expect(try importHTML("") == RichText())
        #expect(try importHTML("\u{0}\u{1}<<<>>>&&&").plainText.count <= 10)
        let invalidUTF8 = Data([0x3c, 0x70, 0x3e, 0xff, 0xfe, 0x61, 0x3c, 0x2f, 0x70, 0x3e])
        let text = try HTMLImport.richText(fromHTML: invalidUTF8, storeMedia: { _, _ in throw CocoaError(.fileNoSuchFile) })
        #expect(text.plainText.hasSuffix("a"))
    }
}
