// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct VCardFormatTests {
    private func items(_ text: String) throws -> [ICalendarFormat.Item] {
        try VCardFormat.importItems(from: Data(text.utf8)).items
    }

    @Test func aCardGivesItsNameAndEmailOnly() throws {
        let card = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:Ada Lovelace\r
            N:Lovelace;Ada;;;\r
            EMAIL;TYPE=INTERNET:ada@example.org\r
            TEL;TYPE=CELL:+44 20 7946 0000\r
            ADR;TYPE=HOME:;;12 St James's Square;London;;SW1Y 4JH;UK\r
            NOTE:Met at the Analytical Society\r
            ORG:Analytical Engines Ltd\r
            BDAY:1815-12-10\r
            PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQEASABIAAD\r
            END:VCARD\r

            """
        let found = try items(card)
        #expect(found == [ICalendarFormat.Item(title: "Ada Lovelace", notes: "ada@example.org")])
        let everything = found.map { $0.title + $0.notes }.joined()
        for private_ in ["7946", "James", "London", "Analytical", "1815", "9j"] {
            #expect(!everything.contains(private_))
        }
    }

    /// EVCard reads a C string, so NULs are taken out first. replacingOccurrences(of: "\u{0}",
    /// with: "") left one that a combining mark follows: the card ended there, its address lost.
    @Test func aNulBeforeACombiningMarkDoesNotEndTheCard() throws {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\u{0}\u{301} Lovelace\r\nEMAIL:ada@example.org\r\nEND:VCARD\r\n"
        let found = try items(card)
        #expect(found.map(\.notes) == ["ada@example.org"])
        #expect(found.map { Array($0.title.unicodeScalars) } == [Array("Ada\u{301} Lovelace".unicodeScalars)])
    }

    @Test func severalCardsComeInOrderWithTheirPreferredAddress() throws {
        let cards = """
            BEGIN:VCARD
            VERSION:3.0
            FN:Grace Hopper
            EMAIL;TYPE=WORK:grace@navy.example
            EMAIL;TYPE=HOME,PREF:grace@home.example
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            FN:Alan Turing
            EMAIL:alan@bletchley.example
            EMAIL;PREF=1:alan@manchester.example
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            FN:Katherine Johnson
            END:VCARD
            """
        #expect(try items(cards) == [
            .init(title: "Grace Hopper", notes: "grace@home.example"),
            .init(title: "Alan Turing", notes: "alan@manchester.example"),
            .init(title: "Katherine Johnson"),
        ])
    }

    @Test func aCardWithoutFullNameIsNamedFromItsParts() throws {
        let card = "BEGIN:VCARD\nVERSION:3.0\nN:Curie;Marie;Salomea;Dr.;\nEND:VCARD\n"
        #expect(try items(card) == [.init(title: "Dr. Marie Salomea Curie")])
    }

    @Test func aCardWithOnlyAnAddressIsTitledWithIt() throws {
        let card = "BEGIN:VCARD\nVERSION:3.0\nEMAIL:someone@example.org\nEND:VCARD\n"
        #expect(try items(card) == [.init(title: "someone@example.org", notes: "someone@example.org")])
    }

    @Test func oldCardsInOtherEncodingsAreRead() throws {
        let quotedPrintable = """
            BEGIN:VCARD
            VERSION:2.1
            FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Jos=E9 G=F3mez
            EMAIL;INTERNET:jose@example.es
            END:VCARD
            """
        #expect(try items(quotedPrintable) == [.init(title: "José Gómez", notes: "jose@example.es")])

        let utf16 = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:김민지\r\nEND:VCARD\r\n"
        var littleEndian = Data([0xFF, 0xFE])
        littleEndian.append(utf16.data(using: .utf16LittleEndian)!)
        #expect(try VCardFormat.importItems(from: littleEndian).items == [.init(title: "김민지")])

        let latin1 = "BEGIN:VCARD\nVERSION:2.1\nFN:Zoë Müller\nEND:VCARD\n".data(using: .isoLatin1)!
        #expect(try VCardFormat.importItems(from: latin1).items == [.init(title: "Zoë Müller")])
    }

    @Test func foldedAndEscapedValuesBecomeOneLineTitles() throws {
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Smith\\, John\\nJunior\r\n  the Third\r\nEND:VCARD\r\n"
        let found = try items(card)
        #expect(found.count == 1)
        #expect(found[0].title == "Smith, John Junior the Third")
    }

    @Test(arguments: [
        "", "garbage", "BEGIN:VCALENDAR\nEND:VCALENDAR", "BEGIN:VCARD\nVERSION:3.0\nTEL:123\nEND:VCARD\n",
        "BEGIN:VCARD\nFN:\nEMAIL:\nEND:VCARD", "BEGIN:VCARD\nFN:Never ended\n", "END:VCARD\nFN:x\n",
        "BEGIN:VCARD\nFN:\u{1}\u{7}\u{1B}\nEND:VCARD",
    ])
    func cardsWithNoNameOrAddressAreRefused(_ text: String) {
        #expect(throws: VCardFormat.Failure.noContacts) { try VCardFormat.importItems(from: Data(text.utf8)) }
    }

    @Test func controlCharactersAndNULsNeverReachATitle() throws {
        var data = Data("BEGIN:VCARD\nVERSION:3.0\nFN:Bell\u{7}Tab\tEsc\u{1B}".utf8)
        data.append(0)
        data.append(contentsOf: Array("Nul\nEMAIL:a\u{0}b@example.org\nEND:VCARD\n".utf8))
        let found = try VCardFormat.importItems(from: data).items
        #expect(found.count == 1)
        let scalars = (found[0].title + found[0].notes).unicodeScalars
        #expect(!scalars.contains { $0.properties.generalCategory == .control })
        #expect(found[0].title.hasPrefix("Bell"))
    }

    @Test func aHugeCardOrTooManyCardsStayBounded() throws {
        let photo = String(repeating: "QUJD", count: 2_000_000)
        let big = "BEGIN:VCARD\nVERSION:3.0\nFN:Big Photo\nPHOTO;ENCODING=b:\(photo)\nEND:VCARD\n"
        #expect(try items(big) == [.init(title: "Big Photo")])

        let many = (0...VCardFormat.maximumItems).map { "BEGIN:VCARD\nFN:Person \($0)\nEND:VCARD\n" }.joined()
        let imported = try VCardFormat.importItems(from: Data(many.utf8))
        #expect(imported.items.count == VCardFormat.maximumItems)
        #expect(imported.left == 1)
        #expect(imported.items.last?.title == "Person \(VCardFormat.maximumItems - 1)")

        #expect(throws: VCardFormat.Failure.tooLarge(VCardFormat.maximumBytes + 1)) {
            try VCardFormat.importItems(from: Data(count: VCardFormat.maximumBytes + 1))
        }
    }

    @Test func aContactFileIsReadByItsName() throws {
        let folder = try TemporaryFolder()
        let card = folder.url.appendingPathComponent("Ada.vcf")
        try Data("BEGIN:VCARD\nFN:Ada Lovelace\nEMAIL:ada@example.org\nEND:VCARD\n".utf8).write(to: card)
        #expect(ReminderTransfer.isContactFile(card.path))
        #expect(try ReminderTransfer.items(inFileAt: card).items == [.init(title: "Ada Lovelace", notes: "ada@example.org")])

        let empty = folder.url.appendingPathComponent("Nobody.VCF")
        try Data("BEGIN:VCARD\nTEL:1\nEND:VCARD\n".utf8).write(to: empty)
        #expect(throws: ReminderTransfer.ReminderFileProblem.format(.noContacts)) {
            try ReminderTransfer.items(inFileAt: empty)
        }
    }

    @Test func listsTakeContactsOfferedAsData() throws {
        #expect(ReminderTransfer.preferredFormat(among: ["text/plain", "text/x-vcard"]) == "text/x-vcard")
        let found = try ReminderTransfer.items(from: Data("BEGIN:VCARD\nFN:Ann\nEND:VCARD\n".utf8), mimeType: "text/vcard")
        #expect(found.items == [.init(title: "Ann")])
        #expect(throws: ReminderTransfer.Failure.noContacts) {
            try ReminderTransfer.items(from: Data("not a card".utf8), mimeType: "text/vcard")
        }
    }

    @Test func aCardThatNeverEndsLosesOnlyItself() throws {
        let cards = """
            BEGIN:VCARD
            FN:Never ended
            BEGIN:VCARD
            FN:Second
            NOTE:folded so that a line reads
             END:VCARD
            END:VCARD
            BEGIN:VCARD
            FN:Boss
            AGENT:
            BEGIN:VCARD
            FN:Assistant
            END:VCARD
            END:VCARD
            BEGIN:VCARD
            FN:Third;with a semicolon
            END:VCARD
            """
        #expect(try items(cards).map(\.title) == ["Second", "Boss", "Third;with a semicolon"])
    }
}
