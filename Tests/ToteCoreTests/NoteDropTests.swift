// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct NoteDropTests {
    private func sample() -> RichText {
        var text = RichText(plain: "alpha beta gamma\ndelta")
        _ = try? text.apply(.replace(6..<10, with: RichText(paragraphs: [Paragraph(runs: [Run("beta", style: TextStyle(bold: true))])])))
        return text
    }

    @Test func aMoveWithinTheNoteIsOneCommandAndUndoesExactly() throws {
        let start = sample()
        var text = start
        let source = 6..<11 // "beta " with its bold
        let drop = try #require(NoteDrop.plan(dropping: text.fragment(source), at: 22, into: text, movingFrom: source))
        let inverse = try text.apply(drop.command)
        // Its word end is kept apart from "delta" (smart spacing).
        #expect(text.plainText == "alpha gamma\ndelta beta ")
        #expect(drop.selection == TextSelection(18..<23))
        #expect(text.fragment(drop.selection.range) == start.fragment(source), "styles travel")
        _ = try text.apply(inverse)
        #expect(text == start)
    }

    @Test func aMoveBackwardsLandsWhereItWasDropped() throws {
        var text = sample()
        let source = 11..<16 // "gamma"
        let drop = try #require(NoteDrop.plan(dropping: text.fragment(source), at: 0, into: text, movingFrom: source))
        _ = try text.apply(drop.command)
        // Smart spacing: the space before "gamma" goes with it, one comes between the words.
        #expect(text.plainText == "gamma alpha beta\ndelta")
        #expect(drop.selection == TextSelection(0..<5))
    }

    @Test(arguments: [6, 8, 11])
    func aMoveOntoOrBesideItselfChangesNothing(offset: Int) {
        let text = sample()
        #expect(NoteDrop.isOntoItself(offset, draggedFrom: 6..<11, in: text))
        #expect(NoteDrop.plan(dropping: text.fragment(6..<11), at: offset, into: text, movingFrom: 6..<11) == nil)
    }

    @Test func aCopyInsertsAndSelectsTheCopy() throws {
        var text = sample()
        let drop = try #require(NoteDrop.plan(dropping: text.fragment(0..<5), at: 17, into: text))
        _ = try text.apply(drop.command)
        #expect(text.plainText == "alpha beta gamma\nalpha delta")
        #expect(drop.selection == TextSelection(17..<22))
    }

    @Test func anEmbeddedImageMovesWithItsText() throws {
        let image = Attachment(kind: .image, media: MediaReference(digest: String(repeating: "a", count: 64), fileExtension: "png"),
                               fileName: "a.png", mimeType: "image/png", byteCount: 4)
        var text = RichText(plain: "one two")
        _ = try text.apply(.replace(3..<3, with: RichText(paragraphs: [Paragraph(runs: [Run(attachment: image)])])))
        let start = text
        let drop = try #require(NoteDrop.plan(dropping: text.fragment(2..<5), at: 8, into: text, movingFrom: 2..<5))
        let inverse = try text.apply(drop.command)
        #expect(text.attachments.count == 1)
        _ = try text.apply(inverse)
        #expect(text == start)
    }

    @Test func outOfRangeDropsAreRefused() {
        let text = sample()
        #expect(NoteDrop.plan(dropping: RichText(plain: "x"), at: 999, into: text) == nil)
        #expect(NoteDrop.plan(dropping: RichText(), at: 0, into: text) == nil)
        #expect(NoteDrop.plan(dropping: RichText(plain: "x"), at: 0, into: text, movingFrom: 5..<999) == nil)
    }
}

/// Whole words dragged within a note keep single spaces (issue 14, item 12).
@Suite struct SmartSpacingTests {
    /// `text` after moving `word` (its first occurrence) to just before `target`'s first
    /// occurrence (or the end when nil), and the selected text.
    private func move(_ word: String, in plain: String, before target: String?) throws -> (String, String) {
        var text = RichText(plain: plain)
        let scalars = Array(plain.unicodeScalars)
        func offset(of needle: String) -> Int {
            let n = Array(needle.unicodeScalars)
            return (0...(scalars.count - n.count)).first { Array(scalars[$0..<($0 + n.count)]) == n }!
        }
        let start = offset(of: word)
        let source = start..<(start + word.unicodeScalars.count)
        let drop = try #require(NoteDrop.plan(dropping: text.fragment(source), at: target.map(offset(of:)) ?? scalars.count,
                                              into: text, movingFrom: source))
        let start0 = text
        let inverse = try text.apply(drop.command)
        let result = (text.plainText, text.fragment(drop.selection.range).plainText)
        _ = try text.apply(inverse)
        #expect(text == start0, "one undo puts it back")
        return result
    }

    @Test func aWordDraggedOutOfASentenceLeavesOneSpace() throws {
        let (text, selected) = try move("quietly", in: "Turn on quietly so the baby sleeps", before: "baby")
        #expect(text == "Turn on so the quietly baby sleeps")
        #expect(selected == "quietly")
    }

    @Test func aWordDroppedAfterPunctuationGetsASpace() throws {
        let (text, _) = try move("Saturday", in: "Saturday we beat the traffic.", before: nil)
        #expect(text == "we beat the traffic. Saturday")
    }

    @Test func aLastWordTakesTheSpaceBeforeItAndLeavesThePeriod() throws {
        let (text, _) = try move("today", in: "Call Ann today. Then rest", before: "Call")
        #expect(text == "today Call Ann. Then rest")
    }

    @Test func aWordDroppedInsideBracketsOrBeforeSpacesGetsNoExtraSpace() {
        let text = RichText(plain: "(x) a  b")
        let word = RichText(plain: "new")
        #expect(SmartSpacing.padding(for: word, at: 1, in: text) == (false, true), "after an opening bracket")
        #expect(SmartSpacing.padding(for: word, at: 3, in: text) == (true, false), "after a closing one")
        #expect(SmartSpacing.padding(for: word, at: 6, in: text) == (false, false), "between spaces")
        #expect(SmartSpacing.padding(for: word, at: 8, in: text) == (true, false), "at the end, after a word")
        #expect(SmartSpacing.padding(for: RichText(plain: "new "), at: 5, in: text) == (true, false), "its word end only")
        #expect(SmartSpacing.padding(for: RichText(plain: " new "), at: 5, in: text) == (false, false), "spaces at both ends")
    }

    /// Noticed with Orca: "Pack " selected with its space and dropped at the end of the line
    /// landed as "stovePack ".
    @Test func aWordDraggedWithItsSpaceIsKeptApartFromTheWordItLandsAfter() throws {
        let (text, _) = try move("Pack ", in: "Pack the tent and the stove", before: nil)
        #expect(text == "the tent and the stove Pack ")
    }

    @Test func partsOfWordsAndSpacedSelectionsAreTakenOutExactly() throws {
        let (part, _) = try move("ight", in: "night owl", before: "owl")
        // Taken out exactly (it was part of a word); dropped before a word, spaced from it.
        #expect(part == "n ight owl")
        let (spaced, _) = try move(" owl", in: "night owl sings", before: "night")
        // Taken out exactly; its word end is kept apart from the word it lands before.
        #expect(spaced == " owl night sings")
        #expect(SmartSpacing.removal(of: 1..<5, in: RichText(plain: "night owl")) == 1..<5)
    }

    @Test(arguments: [1, 7]) func aDropBesideTheSpaceAWordTakesAlongChangesNothing(offset: Int) {
        let text = RichText(plain: "a word b")
        #expect(NoteDrop.isOntoItself(offset, draggedFrom: 2..<6, in: text))
        #expect(NoteDrop.plan(dropping: text.fragment(2..<6), at: offset, into: text, movingFrom: 2..<6) == nil)
    }

    @Test func wordsOfScriptsWrittenWithoutSpacesGetNone() throws {
        var text = RichText(plain: "東京に行く")
        let drop = try #require(NoteDrop.plan(dropping: RichText(plain: "大阪"), at: 2, into: text))
        _ = try text.apply(drop.command)
        #expect(text.plainText == "東京大阪に行く")
        #expect(SmartSpacing.padding(for: RichText(plain: "Tokyo"), at: 2, in: RichText(plain: "東京に行く")) == (false, false))
    }

    @Test func aCopyOfAWordBesideAnotherIsSpacedOnBothSides() throws {
        var text = RichText(plain: "redblue")
        let drop = try #require(NoteDrop.plan(dropping: RichText(plain: "green"), at: 3, into: text))
        _ = try text.apply(drop.command)
        #expect(text.plainText == "red green blue")
        #expect(text.fragment(drop.selection.range).plainText == "green")
    }
}

@Suite struct NoteTransferTests {
    private let origin = NoteTransfer.Origin(noteID: UUID(), range: 3..<9)

    @Test func representationsRoundTripWhatTheyCarry() throws {
        var fragment = RichText(plain: "Heading\nbold and plain")
        fragment.setParagraphStyles([.heading(1)], from: 0)
        _ = try fragment.apply(.replace(8..<12, with: RichText(paragraphs: [Paragraph(runs: [Run("bold", style: TextStyle(bold: true))])])))
        let noMedia: (MediaReference) -> Data? = { _ in nil }
        let refuse: (Data, String) throws -> MediaReference = { _, _ in throw CocoaError(.featureUnsupported) }
        let tote = try #require(NoteTransfer.data(for: NoteTransfer.toteMIMEType, of: fragment, origin: origin, mediaData: noMedia))
        let fromTote = try NoteTransfer.richText(from: tote, mimeType: NoteTransfer.toteMIMEType, storeMedia: refuse)
        #expect(fromTote.text == fragment)
        #expect(fromTote.origin == origin)
        let html = try #require(NoteTransfer.data(for: "text/html", of: fragment, origin: nil, mediaData: noMedia))
        #expect(try NoteTransfer.richText(from: html, mimeType: "text/html", storeMedia: refuse).text == fragment)
        let plain = try #require(NoteTransfer.data(for: NoteTransfer.plainMIMEType, of: fragment, origin: nil, mediaData: noMedia))
        #expect(String(decoding: plain, as: UTF8.self) == "Heading\nbold and plain")
    }

    @Test func theRichestAcceptedFormatIsTaken() {
        #expect(NoteTransfer.preferredFormat(among: ["text/plain", "text/html"]) == "text/html")
        #expect(NoteTransfer.preferredFormat(among: ["text/plain;charset=utf-8", NoteTransfer.toteMIMEType, "text/html"])
                == NoteTransfer.toteMIMEType)
        #expect(NoteTransfer.preferredFormat(among: ["UTF8_STRING", "TEXT"]) == "UTF8_STRING")
        #expect(NoteTransfer.preferredFormat(among: ["image/png"]) == "image/png")
        #expect(NoteTransfer.preferredFormat(among: ["text/plain", "image/jpeg"]) == "image/jpeg")
        #expect(NoteTransfer.preferredFormat(among: ["image/x-xcf"]) == nil)
        // Files copied in Files (Nautilus 43 offers the list and the paths as text) paste as files.
        #expect(NoteTransfer.preferredFormat(among: ["x-special/gnome-copied-files", "text/plain;charset=utf-8",
                                                     "text/uri-list"]) == "text/uri-list")
        #expect(NoteTransfer.preferredFormat(among: ["text/uri-list", "image/png"]) == "image/png")
        #expect(NoteTransfer.isPlainText("UTF8_STRING") && !NoteTransfer.isPlainText("text/uri-list"))
    }

    @Test func filesFromTheDocumentPortalAreAFileList() {
        // What a Flatpak sandbox is offered for files from Files on the host.
        let sandboxed = ["application/vnd.portal.filetransfer", "text/plain;charset=utf-8"]
        #expect(FileList.offered(sandboxed) == ["text/uri-list", "application/vnd.portal.filetransfer", "text/plain;charset=utf-8"])
        #expect(NoteTransfer.preferredDropFormat(among: FileList.offered(sandboxed)) == "text/uri-list")
        #expect(ReminderTransfer.preferredFormat(among: FileList.offered(["application/vnd.portal.files"])) == "text/uri-list")
        #expect(FileList.offered(["text/uri-list", "application/vnd.portal.files"]) == ["text/uri-list", "application/vnd.portal.files"])
        #expect(FileList.offered(["text/html"]) == ["text/html"])
        #expect(FileList.addresses(in: Data("# c\r\nsmb://nas/a.txt\r\n\r\nsftp://h/b\r\n".utf8)) == ["smb://nas/a.txt", "sftp://h/b"])
    }

    @Test func aDropTakesFilesBeforeTheirPathsAsText() {
        // What Files offers for a file: the list and the paths as plain text.
        #expect(NoteTransfer.preferredDropFormat(among: ["text/plain;charset=utf-8", "text/uri-list"]) == "text/uri-list")
        #expect(NoteTransfer.preferredDropFormat(among: ["text/uri-list", "text/html"]) == "text/html")
        #expect(NoteTransfer.preferredDropFormat(among: ["text/uri-list", NoteTransfer.toteMIMEType]) == NoteTransfer.toteMIMEType)
        #expect(NoteTransfer.preferredDropFormat(among: ["UTF8_STRING"]) == "UTF8_STRING")
        #expect(NoteTransfer.preferredDropFormat(among: ["image/png"]) == "image/png")
        #expect(NoteTransfer.preferredDropFormat(among: ["text/uri-list", "image/png"]) == "text/uri-list")
    }

    @Test(arguments: [Data(), Data("TOTE-RICH-1\n".utf8), Data("TOTE-RICH-1\n-\ngarbage".utf8), Data([0xff, 0x0a, 0x0a])])
    func damagedToteDataIsRefused(data: Data) {
        #expect(throws: NoteTransfer.Failure.unreadable) {
            try NoteTransfer.richText(from: data, mimeType: NoteTransfer.toteMIMEType, storeMedia: { _, _ in
                throw CocoaError(.featureUnsupported)
            })
        }
    }
}

@Suite struct WrittenRangesTests {
    @Test func aMoveReportsWhereItsTextLandedAndWhereItLeft() {
        let move = NoteCommand.sequence([.replace(2..<5, with: RichText()), .replace(7..<7, with: RichText(plain: "abc"))])
        #expect(move.writtenRanges == [2..<2, 7..<10])
        let backwards = NoteCommand.sequence([.replace(8..<10, with: RichText()), .replace(1..<1, with: RichText(plain: "xy"))])
        #expect(backwards.writtenRanges == [10..<10, 1..<3])
        #expect(NoteCommand.setParagraphStyles([.body], from: 0).writtenRanges.isEmpty)
    }
}

@Suite struct MediaTransferTests {
    private func image(named name: String, in media: MediaStore) throws -> ToteCore.Attachment {
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!
        return Attachment(kind: .image, media: try media.store(png, fileExtension: "png"), fileName: name,
                          mimeType: "image/png", byteCount: Int64(png.count))
    }

    @Test func aSingleImageAlsoGoesAsItsBytesAndAsARealFile() throws {
        let folder = try TemporaryFolder()
        defer { withExtendedLifetime(folder) {} }
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        let picture = try image(named: "Cat photo.png", in: media)
        let fragment = RichText(paragraphs: [Paragraph(runs: [Run(attachment: picture)])])
        #expect(NoteTransfer.offered(for: fragment).prefix(3) == [NoteTransfer.toteMIMEType, "image/png", "text/uri-list"])
        #expect(NoteTransfer.offered(for: RichText(plain: "text")) == NoteTransfer.offered)

        let bytes = try Data(contentsOf: media.url(for: picture.media))
        let mediaData: (MediaReference) -> Data? = { try? Data(contentsOf: media.url(for: $0)) }
        #expect(NoteTransfer.data(for: "image/png", of: fragment, origin: nil, mediaData: mediaData) == bytes)
        let exports = folder.url.appendingPathComponent("exports")
        let list = try #require(NoteTransfer.data(for: "text/uri-list", of: fragment, origin: nil, mediaData: mediaData,
                                                  exportFile: { try? media.exportCopy(of: $0, into: exports) }))
        let url = try #require(URL(string: String(decoding: list, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(url.lastPathComponent == "Cat photo.png")
        #expect(try Data(contentsOf: url) == bytes)
    }

    @Test(arguments: [("../../etc/passwd", "passwd"), ("a\u{0}b\u{7}.png", "ab.png"), ("", "file"), ("..", "file"), ("back\\slash", "backslash")])
    func exportNamesCannotEscapeTheirFolder(name: String, expected: String) {
        let attachment = ToteCore.Attachment(kind: .file, media: MediaReference(digest: String(repeating: "b", count: 64), fileExtension: ""),
                                    fileName: name, mimeType: "application/octet-stream", byteCount: 0)
        #expect(NoteTransfer.exportName(for: attachment) == expected)
    }
}
