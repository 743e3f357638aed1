// SPDX-License-Identifier: GPL-3.0-or-later
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

    @Test func version1JSONIsStillRead() throws {
        let json = NativeFormat.encodeVersion1(Sample.document)
        #expect(String(decoding: json, as: UTF8.self).contains(#""version":1"#))
        #expect(!String(decoding: NativeFormat.encodeVersion1(RichText(plain: "x")), as: UTF8.self).contains("bold"),
                "version 1 names only styles that differ from plain")
        #expect(try NativeFormat.decode(json) == Sample.document)
    }

    @Test func refusesANewerBinaryVersion() {
        var data = NativeFormat.encode(Sample.document)
        data[6] = 9
        #expect(throws: NativeFormat.DecodingFailure.newerVersion(9)) { try NativeFormat.decode(data) }
    }

    @Test(arguments: 0..<300)
    func damagedBytesAreReportedNeverCrash(seed: Int) {
        var random = SeededGenerator(seed: UInt64(seed) &+ 5000)
        var data = NativeFormat.encode(Sample.document)
        switch seed % 3 {
        case 0: data = data.prefix(Int.random(in: 0..<data.count, using: &random))
        case 1:
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                data[Int.random(in: 8..<data.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
        default: data += Data((0..<Int.random(in: 1...9, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
        do {
            let text = try NativeFormat.decode(data)
            // Damage that still decodes must still be a well-formed text.
            #expect(text.paragraphs.allSatisfy { $0.runs.allSatisfy { !$0.text.contains("\n") } })
        } catch {
            // decode's typed throws make every failure a DecodingFailure: a report, not a crash.
        }
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

    @Test func hugeCountsAreRefusedBeforeAllocating() {
        var data = Data(NativeBinary.magic) + Data([2, 0])
        data += Data([0xff, 0xff, 0xff, 0x7f])  // two billion styles, in 4 bytes
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
