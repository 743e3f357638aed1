import Foundation
import Testing
@testable import ToteCore

@Suite struct NativeFormatTests {
    @Test func roundTripsEverything() throws {
        var text = Sample.document
        text.replace(0..<0, with: RichText(paragraphs: [Paragraph(runs: [Run("styled", style: TextStyle(
            bold: true, italic: true, underline: true, strikethrough: true, monospace: true,
            fontFamily: "Cantarell", fontSize: 14.5, textColor: RGBAColor(red: 1, green: 2, blue: 3, alpha: 4),
            highlight: RGBAColor(hex: "#ff0"), link: "https://gnome.org/"))])]))
        #expect(try NativeFormat.decode(NativeFormat.encode(text)) == text)
    }

    @Test(arguments: 0..<50)
    func roundTripsRandomText(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &+ 1000)
        let text = random.fragment()
        #expect(try NativeFormat.decode(NativeFormat.encode(text)) == text)
    }

    @Test func storesOnlyStylesThatDifferFromPlain() {
        let json = String(decoding: NativeFormat.encode(RichText(plain: "x")), as: UTF8.self)
        #expect(!json.contains("bold"))
    }

    @Test func refusesANewerVersion() {
        let data = Data(#"{"format":"tote-rich-text","version":9,"paragraphs":[]}"#.utf8)
        #expect(throws: NativeFormat.DecodingFailure.newerVersion(9)) { try NativeFormat.decode(data) }
    }

    @Test(arguments: [
        Data(), Data("not json".utf8), Data([0xff, 0xfe, 0x00]), Data(#"{"format":"other","version":1}"#.utf8),
        Data(#"{"format":"tote-rich-text","version":1,"paragraphs":[{"style":{"wobbly":{}},"runs":[]}]}"#.utf8),
        Data(#"{"format":"tote-rich-text","version":1,"paragraphs":[{"style":{"body":{}},"runs":[{"style":{"textColor":"red"}}]}]}"#.utf8),
    ])
    func corruptDataIsReported(data: Data) {
        #expect(throws: NativeFormat.DecodingFailure.self) { try NativeFormat.decode(data) }
    }

    @Test func hostileContentIsCleaned() throws {
        let data = Data(#"{"format":"tote-rich-text","version":1,"paragraphs":[{"style":{"heading":{"_0":99}},"runs":[{"text":"a\nb\uFFFCc"},{"style":{"fontSize":-3}}]}]}"#.utf8)
        let text = try NativeFormat.decode(data)
        #expect(text.plainText == "a bc")
        #expect(text.paragraphs[0].style == .heading(3))
    }
}

@Suite struct PlainTextFormatTests {
    @Test func leavesAttachmentsOutAndSeparatesParagraphsByLines() {
        #expect(PlainTextFormat.encode(Sample.document) == "Hello bold world\nTitle\nitem")
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let text = PlainTextFormat.decode(Data([0x61, 0xff, 0x62, 0x0d, 0x0a, 0x63]))
        #expect(text.plainText == "a\u{FFFD}b\nc")
    }
}
