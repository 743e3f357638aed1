// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct ContentRulesTests {
    static let hostileLinks = [
        "javascript:alert(document.cookie)", "JavaScript:alert(1)", " javascript:alert(1)",
        "java\tscript:alert(1)", "java\nscript:alert(1)", "vbscript:msgbox", "file:///etc/passwd",
        "data:text/html;base64,PHNjcmlwdD4=", "tote:note/../../etc", "tote:note/not-a-uuid",
        "//evil.example/", "https", "https://a.example/\u{0}x", "",
    ]

    @Test(arguments: hostileLinks)
    func hostileLinksAreRefused(link: String) {
        #expect(ContentRules.safeLink(link) == nil)
    }

    @Test func webMailAndNoteLinksAreKept() {
        let note = "tote:note/\(UUID().uuidString)"
        for link in ["https://gnome.org/?a=1&b=2", "http://example.com", "mailto:someone@example.com", note] {
            #expect(ContentRules.safeLink(link) == link)
        }
        #expect(ContentRules.safeLink("  https://gnome.org  ") == "https://gnome.org")
        #expect(ContentRules.safeLink("https://a.example/" + String(repeating: "a", count: 9_000)) == nil)
    }

    @Test func aStyleCannotHoldAHostileLink() {
        var style = TextStyle(link: "javascript:alert(1)")
        #expect(style.link == nil)
        style.link = "https://gnome.org"
        #expect(style.link == "https://gnome.org")
        style.link = "file:///etc/passwd"
        #expect(style.link == nil)
    }

    /// The report: Tote rich text on the clipboard with a javascript: link was stored and
    /// offered as HTML to other apps. Both native versions are read through the same rule.
    @Test func toteRichTextFromOutsideLosesHostileLinks() throws {
        // Forged bytes: the encoder itself can no longer write such a link.
        let forged = Data(#"{"format":"tote-rich-text","version":1,"paragraphs":[{"style":{"body":{}},"runs":[{"text":"click","style":{"bold":true,"link":"javascript:alert(document.cookie)"}}]}]}"#.utf8)
        let fromJSON = try NativeFormat.decode(forged)
        #expect(fromJSON.paragraphs[0].runs[0].style.link == nil)
        #expect(fromJSON.paragraphs[0].runs[0].style.bold)

        let marker = Data("https://placeholder.example/xx".utf8)
        var binary = NativeFormat.encode(RichText(paragraphs: [Paragraph(runs: [
            Run("click", style: TextStyle(link: String(decoding: marker, as: UTF8.self)))])]))
        let range = try #require(binary.range(of: marker))
        binary.replaceSubrange(range, with: Data("javascript:alert(document.cookie)".utf8.prefix(marker.count)))
        let fromBinary = try NativeFormat.decode(binary)
        #expect(fromBinary.paragraphs[0].runs[0].style.link == nil)

        var clipboard = Data("TOTE-RICH-1\n-\n".utf8)
        clipboard.append(forged)
        let pasted = try NoteTransfer.richText(from: clipboard, mimeType: NoteTransfer.toteMIMEType) { _, _ in
            throw CocoaError(.featureUnsupported)
        }.text
        let html = String(decoding: NoteTransfer.data(
            for: NoteTransfer.htmlMIMEType, of: pasted, origin: nil, mediaData: { _ in nil })!, as: UTF8.self)
        #expect(!html.contains("javascript"))
        #expect(html.contains("click"))
    }

    @Test func mimeTypesFromOutsideAreTokensOrOctetStream() {
        #expect(ContentRules.safeMIMEType("Image/PNG") == "image/png")
        #expect(ContentRules.safeMIMEType("image/svg+xml") == "image/svg+xml")
        for hostile in [#"x" onerror="alert(1)"#, "text/html; charset=utf-8", "image", "a/b/c", "/", ""] {
            #expect(ContentRules.safeMIMEType(hostile) == "application/octet-stream", "\(hostile)")
        }
        let attachment = Attachment(kind: .file, media: MediaReference(digest: String(repeating: "a", count: 64), fileExtension: ""),
                                    fileName: "f", mimeType: #"x" onerror="alert(1)"#, byteCount: -5)
        #expect(attachment.mimeType == "application/octet-stream")
        #expect(attachment.byteCount == 0)
    }

    // MARK: Pictures

    @Test func picturesAreMeasuredFromTheirHeaders() {
        #expect(PictureHeader(PictureBytes.png(width: 640, height: 480)) == PictureHeader(format: .png, width: 640, height: 480))
        #expect(PictureHeader(PictureBytes.jpeg(width: 4000, height: 3000, metadataBytes: 200_000))
                == PictureHeader(format: .jpeg, width: 4000, height: 3000))
        #expect(PictureHeader(PictureBytes.gif(width: 16, height: 9)) == PictureHeader(format: .gif, width: 16, height: 9))
        #expect(PictureHeader(PictureBytes.webpLossless(width: 300, height: 200))
                == PictureHeader(format: .webp, width: 300, height: 200))
        #expect(PictureHeader(Data(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8))?.format == .svg)
    }

    @Test func truncatedOrForeignBytesAreNoPicture() {
        let png = PictureBytes.png(width: 640, height: 480)
        for bytes in [png.prefix(20), Data(), Data("not a picture".utf8), Data([0xFF, 0xD8, 0xFF]),
                      Data("<html><svg></svg></html>".utf8), Data(repeating: 0, count: 100)] {
            #expect(PictureHeader(Data(bytes)) == nil)
        }
    }

    @Test func decompressionBombsAreRefusedBeforeDecoding() {
        let bomb = PictureBytes.png(width: 20_000, height: 20_000)
        #expect(ContentRules.checkPicture(header: bomb, byteCount: 500_000)
                == .failure(.tooManyPixels(width: 20_000, height: 20_000)))
        #expect(ContentRules.checkPicture(header: PictureBytes.gif(width: 65_535, height: 1), byteCount: 100)
                == .failure(.tooManyPixels(width: 65_535, height: 1)))
        #expect(ContentRules.checkPicture(header: PictureBytes.png(width: 0, height: 10), byteCount: 100) == .failure(.unreadable))
        #expect(ContentRules.checkPicture(header: PictureBytes.png(width: 8000, height: 6000), byteCount: 9_000_000)
                == .success(PictureHeader(format: .png, width: 8000, height: 6000)))
        #expect(ContentRules.checkPicture(header: PictureBytes.png(width: 10, height: 10), byteCount: 300 << 20)
                == .failure(.fileTooLarge(300 << 20)))
    }

    @Test func whatAnAttachmentIsComesFromItsBytes() {
        let small = PictureBytes.png(width: 100, height: 100)
        #expect(ContentRules.attachmentKind(mimeType: "image/png", header: small, byteCount: 100) == .image)
        #expect(ContentRules.attachmentKind(mimeType: "application/octet-stream", header: small, byteCount: 100) == .image,
                "a picture sent under another type is still a picture")
        #expect(ContentRules.attachmentKind(mimeType: "image/png", header: Data("%PDF-1.4".utf8), byteCount: 8) == .file,
                "a file that lies about being a picture is a file")
        #expect(ContentRules.attachmentKind(
            mimeType: "image/png", header: PictureBytes.png(width: 20_000, height: 20_000), byteCount: 9) == .file)
        #expect(ContentRules.attachmentKind(mimeType: "video/mp4", header: Data([0, 0, 0, 0x18]), byteCount: 4) == .video)
    }

    // MARK: HTML

    /// The report: four 20,000 × 20,000 PNGs as data URIs took Tote to 7.9 GB.
    @Test func picturesTooLargeToDecodeInHTMLBecomeFiles() throws {
        let bomb = PictureBytes.png(width: 20_000, height: 20_000).base64EncodedString()
        let fine = PictureBytes.png(width: 64, height: 64).base64EncodedString()
        let html = "<p>before</p>" + String(repeating: "<img src=\"data:image/png;base64,\(bomb)\">", count: 4)
            + "<img src=\"data:image/png;base64,\(fine)\"><img src=\"data:image/png;base64,bm90IGEgcGljdHVyZQ==\"><p>after</p>"
        let media = try HTMLTests.Media()
        let text = try HTMLImport.richText(fromHTML: Data(html.utf8), storeMedia: media.keep)
        #expect(text.attachments.map(\.kind) == [.file, .file, .file, .file, .image, .file])
        #expect(text.plainText.hasPrefix("before"))
        #expect(text.plainText.hasSuffix("after"))
    }

    /// The report: text after 300 nested elements was lost (libxml2 stopped at 256).
    @Test(arguments: [300, 3_000, 100_000])
    func deeplyNestedHTMLKeepsItsText(depth: Int) throws {
        let html = "<p>BEFORE</p>" + String(repeating: "<div>", count: depth) + "MID"
            + String(repeating: "</div>", count: depth) + "<p>AFTER</p>"
        let text = try HTMLImport.richText(fromHTML: Data(html.utf8)) { _, _ in throw CocoaError(.featureUnsupported) }
        #expect(text.plainText.components(separatedBy: "\n") == ["BEFORE", "MID", "AFTER"])
    }

    @Test func deepUnclosedNestingKeepsItsTextToo() throws {
        let html = "<p>BEFORE</p>" + String(repeating: "<b><i>", count: 2_000) + "MID<p>AFTER"
        let text = try HTMLImport.richText(fromHTML: Data(html.utf8)) { _, _ in throw CocoaError(.featureUnsupported) }
        #expect(text.plainText.contains("BEFORE"))
        #expect(text.plainText.contains("MID"))
        #expect(text.plainText.contains("AFTER"))
    }

    @Test func exportedAttachmentsCannotBreakOutOfTheirAttribute() throws {
        let media = try HTMLTests.Media()
        let file = Attachment(kind: .file, media: try media.keep(Data("x".utf8), ""),
                              fileName: #"a"><script>alert(1)</script>"#, mimeType: #"text/x" onload="x"#, byteCount: 1)
        let html = HTMLExport.document(RichText(paragraphs: [Paragraph(runs: [Run(attachment: file)])]),
                                       title: "", mediaData: { media.files[$0] })
        #expect(!html.contains("<script>"))
        #expect(!html.contains(#"onload=""#))
    }
}

extension ContentRulesTests {
    /// The report: a picture pasted or dropped as image/png alone was silently ignored.
    @Test func pictureBytesFromOutsideBecomeAPictureOrAreRefusedWithAReason() throws {
        let media = try HTMLTests.Media()
        let png = PictureBytes.png(width: 800, height: 600)
        let pasted = try NoteTransfer.richText(from: png, mimeType: "image/png", storeMedia: media.keep).text
        let picture = try #require(NoteTransfer.soleAttachment(of: pasted))
        #expect(picture.kind == .image)
        #expect(picture.mimeType == "image/png")
        #expect(media.files[picture.media] == png)

        let jpeg = PictureBytes.jpeg(width: 640, height: 480)
        let fromJPEG = try NoteTransfer.richText(from: jpeg, mimeType: "image/jpeg", storeMedia: media.keep).text
        #expect(NoteTransfer.soleAttachment(of: fromJPEG)?.mimeType == "image/jpeg")

        #expect(throws: NoteTransfer.Failure.pictureRefused(.tooManyPixels(width: 20_000, height: 20_000))) {
            try NoteTransfer.richText(from: PictureBytes.png(width: 20_000, height: 20_000), mimeType: "image/png",
                                      storeMedia: media.keep)
        }
        #expect(throws: NoteTransfer.Failure.pictureRefused(.unreadable)) {
            try NoteTransfer.richText(from: Data("<svg></svg>".utf8), mimeType: "image/png", storeMedia: media.keep)
        }
        #expect(media.files.count == 2, "nothing refused was stored")
    }

    @Test func aPictureIsDecodedNoLargerThanItselfNorItsBox() {
        func box(_ width: Int, _ height: Int) -> [Int] {
            let box = PictureHeader(format: .png, width: width, height: height).decodingBox(maximumWidth: 1_120)
            return [box.width, box.height]
        }
        #expect(box(1, 1) == [1, 1], "never scaled up")
        #expect(box(640, 480) == [640, 480])
        #expect(box(4_000, 3_000) == [1_120, 3_000], "scaled into 1,120 wide, proportions kept by the decoder")
        #expect(box(100, 100_000) == [100, 8_960], "a tall strip stops at eight widths")
        #expect(PictureHeader(format: .svg, width: 0, height: 0).decodingBox(maximumWidth: 560) == (560, 4_480))
    }
}
