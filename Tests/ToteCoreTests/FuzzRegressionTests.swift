// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

/// Inputs the fuzz targets in Fuzz/ found (docs/fuzzing.md), each kept here in its smallest
/// form; the inputs as found are in Fuzz/Seeds.
@Suite struct FuzzRegressionTests {
    /// Version 2 bytes of one body paragraph holding one plain run of `text`, unchecked.
    private func binary(run text: String) -> Data {
        func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        var bytes = NativeBinary.magic + [2, 0]
        bytes += u32(1) + [0, 0]  // one style, plain
        bytes += u32(0)  // no attachments
        bytes += u32(1) + [0] + u32(1)  // one body paragraph of one run
        bytes += [0] + u32(0) + u32(text.utf8.count) + Array(text.utf8)  // text in style 0
        return Data(bytes)
    }

    /// The crash (tote-rich-text): a run holding a line break followed by a combining mark.
    /// The run's text was cleaned with replacingOccurrences(of: "\n", with: " "), which
    /// leaves that line break in place, and Run's precondition stopped Tote on paste.
    @Test func aLineBreakBeforeACombiningMarkIsCleanedNotACrash() throws {
        let hostile = "a\n\u{301}b\r\u{301}c"
        let fromBinary = try NativeFormat.decode(binary(run: hostile))
        #expect(fromBinary.paragraphs.count == 1)
        #expect(fromBinary.plainText.unicodeScalars.elementsEqual("a \u{301}b \u{301}c".unicodeScalars))

        let json = #"{"format":"tote-rich-text","version":1,"paragraphs":[{"style":{"body":{}},"runs":[{"text":"a\n\u0301b"}]}]}"#
        let fromJSON = try NativeFormat.decode(Data(json.utf8))
        #expect(fromJSON.plainText.unicodeScalars.elementsEqual("a \u{301}b".unicodeScalars))

        let pasted = try NoteTransfer.richText(from: Data("TOTE-RICH-1\n-\n".utf8) + binary(run: hostile),
                                               mimeType: NoteTransfer.toteMIMEType) { _, _ in
            throw CocoaError(.featureUnsupported)
        }
        #expect(pasted.text == fromBinary)
    }

    /// native-format: version 1 took any 64 characters Character.isHexDigit accepts as a
    /// digest (uppercase, fullwidth "Ａ"), which version 2 cannot store: the text changed
    /// when written again. Digests are now lowercase ASCII hex, as MediaStore names files.
    @Test func versionOneDigestsAreLowercaseASCIIHex() throws {
        func document(digest: String) -> Data {
            Data(#"{"format":"tote-rich-text","version":1,"paragraphs":[{"style":{"body":{}},"runs":[{"attachment":{"kind":"image","media":{"digest":"\#(digest)","fileExtension":"png"},"fileName":"cat.png","mimeType":"image/png","byteCount":1}}]}]}"#.utf8)
        }
        let text = try NativeFormat.decode(document(digest: String(repeating: "Ab", count: 32)))
        #expect(text.attachments.map(\.media.digest) == [String(repeating: "ab", count: 32)])
        #expect(try NativeFormat.decode(NativeFormat.encode(text)) == text)
        #expect(throws: NativeFormat.DecodingFailure.self) {
            try NativeFormat.decode(document(digest: String(repeating: "\u{FF21}b", count: 32)))
        }
    }

    /// icalendar: a summary with an escaped line break before a combining mark kept the
    /// line break in the title, for the same reason as above.
    @Test func iCalendarTitlesAreOneLineBeforeACombiningMarkToo() throws {
        let ics = "BEGIN:VTODO\r\nSUMMARY:a\\n\u{301}b\r\nEND:VTODO\r\n"
        let item = try #require(try ICalendarFormat.importItems(from: Data(ics.utf8)).items.first)
        #expect(item.title.unicodeScalars.elementsEqual("a \u{301}b".unicodeScalars))
    }
}
