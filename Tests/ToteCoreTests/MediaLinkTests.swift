// SPDX-License-Identifier: GPL-3.0-or-later

import Foundation
import Testing
@testable import ToteCore

@Suite struct MediaLinkTests {
    private let digest = String(repeating: "0123456789abcdef", count: 4)

    @Test func aLinkNamesExactlyOneStoredFile() {
        let reference = MediaReference(digest: digest, fileExtension: "pdf")
        #expect(MediaLink.link(to: reference) == "tote:media/\(digest).pdf")
        #expect(MediaLink.reference(in: MediaLink.link(to: reference)) == reference)
        let bare = MediaReference(digest: digest, fileExtension: "")
        #expect(MediaLink.reference(in: MediaLink.link(to: bare)) == bare)
        for bad in ["tote:media/\(digest.uppercased()).pdf", "tote:media/\(digest.dropLast()).pdf", "tote:media/\(digest).",
                    "tote:media/\(digest).p/df", "tote:media/../\(digest).pdf", "tote:media/\(digest).pdf.exe",
                    "tote:note/\(UUID().uuidString)", "file:///\(digest).pdf", " tote:media/\(digest).pdf"] {
            #expect(MediaLink.reference(in: bad) == nil, "\(bad)")
        }
    }

    @Test func aReminderHoldsAStoredFileAsItsLink() {
        let link = "tote:media/\(digest).pdf"
        let reminder = Reminder(id: UUID(), listID: UUID(), title: "receipt.pdf", notes: link, position: 0,
                                created: .now, modified: .now)
        #expect(reminder.link == link)
    }

    /// Asked for every row bound and every change of selection: notes longer than any link
    /// are not read through (10 MB of them took a second or two each time: `./dev bench`).
    @Test func notesLongerThanAnyLinkAreNoLinkAndAnsweredAtOnce() {
        func reminder(_ notes: String) -> Reminder {
            Reminder(id: UUID(), listID: UUID(), title: "Big", notes: notes, position: 0, created: .now, modified: .now)
        }
        let longest = "https://example.org/" + String(repeating: "a", count: ContentRules.maximumLinkLength - 20)
        #expect(reminder("\n  " + longest + " \n").link == longest)
        #expect(reminder("https://example.org/" + String(repeating: "a", count: 10_000_000)).link == nil)
        #expect(reminder(String(repeating: " ", count: 10_000_000) + "https://example.org").link == nil)
    }

    /// Only files copied into the store show a placeholder in a list; calendars and contact
    /// cards are read. A cancelled copy gives nothing and leaves nothing.
    @Test func aListCopiesAnyFileButCalendarsAndCardsAndACancelLeavesNothing() throws {
        #expect(DroppedFiles.intoList("/tmp/receipt.pdf") == .linkedCopy)
        #expect(DroppedFiles.intoList("/tmp/no extension") == .linkedCopy)
        #expect(DroppedFiles.intoList("/tmp/Market.ics") != .linkedCopy)
        #expect(DroppedFiles.intoList("/tmp/Friends.vcf") != .linkedCopy)
        let folder = try TemporaryFolder()
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        let pdf = folder.url.appendingPathComponent("receipt.pdf")
        try Data("%PDF-1.4\n% a receipt\n".utf8).write(to: pdf)
        let copy = FileCopy(source: pdf)
        copy.cancel()
        #expect(throws: ReminderTransfer.ReminderFileProblem.file(.cancelled)) {
            try ReminderTransfer.items(fromFileAt: pdf, media: media, progress: copy)
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: media.directory.path)) ?? []
        #expect(left.isEmpty)
    }

    @Test func anyOtherFileDroppedOnAListIsAReminderLinkingItsStoredCopy() throws {
        let folder = try TemporaryFolder()
        let media = MediaStore(directory: folder.url.appendingPathComponent("media"))
        let pdf = folder.url.appendingPathComponent("receipt.pdf")
        let bytes = Data("%PDF-1.4\n% a receipt\n".utf8)
        try bytes.write(to: pdf)
        let found = try ReminderTransfer.items(fromFileAt: pdf, media: media)
        #expect(found.items.count == 1)
        #expect(found.items[0].title == "receipt.pdf")
        let reference = try #require(MediaLink.reference(in: found.items[0].notes))
        #expect(try Data(contentsOf: media.url(for: reference)) == bytes)
        #expect(FileManager.default.fileExists(atPath: pdf.path), "the dropped file stays where it was")

        let calendar = folder.url.appendingPathComponent("Market.ics")
        try Data("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:Cheese\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8).write(to: calendar)
        #expect(try ReminderTransfer.items(fromFileAt: calendar, media: media).items.map(\.title) == ["Cheese"])

        let oddName = folder.url.appendingPathComponent("two\nlines\u{7}.txt")
        try Data("x".utf8).write(to: oddName)
        #expect(try ReminderTransfer.items(fromFileAt: oddName, media: media).items[0].title == "two lines .txt")

        #expect(throws: ReminderTransfer.ReminderFileProblem.self) {
            try ReminderTransfer.items(fromFileAt: folder.url, media: media)
        }
        #expect(throws: ReminderTransfer.ReminderFileProblem.file(.missing)) {
            try ReminderTransfer.items(fromFileAt: folder.url.appendingPathComponent("gone.pdf"), media: media)
        }
    }

    @Test func aCopyIsNamedAfterTheReminderWithTheStoredFilesExtension() {
        let pdf = MediaReference(digest: digest, fileExtension: "pdf")
        #expect(MediaLink.fileName(forTitle: "receipt.pdf", of: pdf) == "receipt.pdf")
        #expect(MediaLink.fileName(forTitle: "Pay the bill", of: pdf) == "Pay the bill.pdf")
        #expect(MediaLink.fileName(forTitle: "../../etc/passwd", of: pdf) == "etcpasswd.pdf")
        let long = MediaLink.fileName(forTitle: String(repeating: "한", count: 300), of: pdf)
        #expect(long.utf8.count <= 255 && long.hasSuffix(".pdf"))
        #expect(MediaLink.fileName(forTitle: "notes", of: MediaReference(digest: digest, fileExtension: "")) == "notes")
    }

    @Test func aStoredFilesLinkNeverLeavesTote() {
        let reminder = Reminder(id: UUID(), listID: UUID(), title: "receipt.pdf", notes: "tote:media/\(digest).pdf",
                                position: 0, created: .now, modified: .now)
        let exported = ICalendarFormat.export([reminder])
        #expect(!exported.contains(digest) && !exported.contains("tote:media"))
        #expect(exported.contains("receipt.pdf"))
        #expect(ReminderTransfer.data(for: ReminderTransfer.toteMIMEType, of: [reminder]).map {
            String(decoding: $0, as: UTF8.self).contains("tote:media") } == true, "Tote's own payload keeps it")
    }
}
