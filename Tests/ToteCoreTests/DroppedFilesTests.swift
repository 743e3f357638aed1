// SPDX-License-Identifier: GPL-3.0-or-later

import Testing
@testable import ToteCore

/// What files dropped or pasted from Files become in a note and in a list.
@Suite struct DroppedFilesTests {
    @Test func calendarFilesAloneBecomeChecklistItemsInANote() {
        #expect(DroppedFiles.intoNote(["/home/a/Trip.ics"]) == .checklistItems)
        #expect(DroppedFiles.intoNote(["/home/a/Trip.ics", "/home/a/Work.ics"]) == .checklistItems)
    }

    @Test func markdownFilesAloneBecomeTheirStyledTextInANote() {
        #expect(DroppedFiles.intoNote(["/home/a/Trip.md", "/home/a/Plans.MARKDOWN"]) == .richText)
        #expect(DroppedFiles.intoNote(["/home/a/Trip.md", "/home/a/receipt.pdf"]) == .attachments)
        #expect(WholeNoteTransfer.isNoteFile("/home/a/Trip.md"))
    }

    @Test func oneOtherFileAmongCalendarsMakesEveryFileAnAttachmentInANote() {
        #expect(DroppedFiles.intoNote(["/home/a/Trip.ics", "/home/a/receipt.pdf"]) == .attachments)
        #expect(DroppedFiles.intoNote(["/home/a/receipt.pdf", "/home/a/Trip.ics"]) == .attachments)
        #expect(DroppedFiles.intoNote(["/home/a/Trip.ics", "/home/a/Friends.vcf"]) == .attachments)
    }

    /// A note reads no contact cards: they are attached as any other file.
    @Test func contactCardsAndOtherFilesAreAttachedInANote() {
        #expect(DroppedFiles.intoNote(["/home/a/Friends.vcf"]) == .attachments)
        #expect(DroppedFiles.intoNote(["/home/a/photo.png", "/home/a/notes"]) == .attachments)
    }

    @Test func noFilesBecomeNothingInANote() {
        #expect(DroppedFiles.intoNote([]) == nil)
    }

    @Test func aListReadsCalendarsAndContactCardsAndLinksACopyOfAnyOtherFile() {
        #expect(DroppedFiles.intoList("/home/a/Market.ics") == .calendar)
        #expect(DroppedFiles.intoList("/home/a/Friends.vcf") == .contacts)
        #expect(DroppedFiles.intoList("/home/a/Friends.vcard") == .contacts)
        #expect(DroppedFiles.intoList("/home/a/receipt.pdf") == .linkedCopy)
        #expect(DroppedFiles.intoList("/home/a/no extension") == .linkedCopy)
    }

    /// Unlike a note, a list does not let one file decide for the others.
    @Test func aListTakesEachFileOfAMixedDropOnItsOwn() {
        let paths = ["/home/a/Market.ics", "/home/a/receipt.pdf", "/home/a/Friends.vcf", "/home/a/Work.ics"]
        #expect(paths.map(DroppedFiles.intoList) == [.calendar, .linkedCopy, .contacts, .calendar])
    }

    @Test func extensionsAreKnownWhateverTheirCase() {
        #expect(DroppedFiles.intoList("/home/a/Market.ICS") == .calendar)
        #expect(DroppedFiles.intoList("/home/a/Friends.Vcf") == .contacts)
        #expect(DroppedFiles.intoList("/home/a/Friends.VCARD") == .contacts)
        #expect(DroppedFiles.intoNote(["/home/a/Trip.ICS", "/home/a/Work.Ics"]) == .checklistItems)
    }

    /// Only the last extension counts, and a name that merely ends in "ics" is no calendar.
    @Test func onlyTheLastExtensionCounts() {
        #expect(DroppedFiles.intoList("/home/a/Trip.ics.pdf") == .linkedCopy)
        #expect(DroppedFiles.intoList("/home/a/backup.pdf.ics") == .calendar)
        #expect(DroppedFiles.intoList("/home/a/topics") == .linkedCopy)
        #expect(DroppedFiles.intoNote(["/home/a/Trip.ics.pdf"]) == .attachments)
    }
}
