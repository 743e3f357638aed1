// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import ToteCore

@Suite struct WebLinksTests {
    private func mozURL(_ text: String, byteOrderMark: Bool = false) -> Data {
        (byteOrderMark ? Data([0xFF, 0xFE]) : Data()) + text.data(using: .utf16LittleEndian)!
    }

    @Test func firefoxsTitledLinkIsReadInEveryEncoding() {
        let expected = [WebLinks.Link(url: "https://example.org/recipes?id=4", title: "Lemon tart — Recipes")]
        let text = "https://example.org/recipes?id=4\nLemon tart — Recipes"
        #expect(WebLinks.links(in: mozURL(text), mimeType: "text/x-moz-url") == expected)
        #expect(WebLinks.links(in: mozURL(text, byteOrderMark: true), mimeType: "text/x-moz-url") == expected)
        #expect(WebLinks.links(in: Data(text.utf8), mimeType: "text/x-moz-url") == expected)
    }

    @Test func severalTitledLinksAndOnesWithoutTitles() {
        let text = "https://a.example/\nA\nhttps://b.example/\n\nmailto:ann@example.org\nAnn\r\nhttps://c.example/"
        #expect(WebLinks.links(in: mozURL(text), mimeType: "text/x-moz-url") == [
            .init(url: "https://a.example/", title: "A"),
            .init(url: "https://b.example/", title: "https://b.example/"),
            .init(url: "mailto:ann@example.org", title: "Ann"),
            .init(url: "https://c.example/", title: "https://c.example/"),
        ])
    }

    @Test func onlyWebPagesAndAddressesComeIn() {
        let list = """
            # a comment\r
            https://example.org/\r
            file:///etc/passwd\r
            javascript:alert(document.cookie)\r
            data:text/html,<script>alert(1)</script>\r
            sftp://host/file\r
            http://example.com/a b\r

            """
        #expect(WebLinks.links(in: Data(list.utf8), mimeType: "text/uri-list").map(\.url)
                    == ["https://example.org/", "http://example.com/a b"])
        let hostile = "javascript:alert(1)\nClick me\nhttps://ok.example/\nTitle\u{7}with\u{1B}controls\nsecond line"
        #expect(WebLinks.links(in: Data(hostile.utf8), mimeType: "text/x-moz-url")
                    == [.init(url: "https://ok.example/", title: "Title with controls")])
    }

    @Test func inANoteALinkIsItsTitleLinked() throws {
        let data = mozURL("https://example.org/\nExample")
        let text = try NoteTransfer.richText(from: data, mimeType: "text/x-moz-url", storeMedia: { _, _ in
            Issue.record("no media from a link")
            throw CocoaError(.fileNoSuchFile)
        }).text
        #expect(text.plainText == "Example")
        #expect(text.paragraphs[0].runs[0].style.link == "https://example.org/")

        let pages = try NoteTransfer.richText(
            from: Data("https://a.example/\r\nhttps://b.example/\r\n".utf8), mimeType: "text/uri-list",
            storeMedia: { _, _ in throw CocoaError(.fileNoSuchFile) }).text
        #expect(pages.plainText == "https://a.example/\nhttps://b.example/")
        #expect(pages.paragraphs.map { $0.runs[0].style.link } == ["https://a.example/", "https://b.example/"])

        #expect(throws: NoteTransfer.Failure.unreadable) {
            try NoteTransfer.richText(from: Data("javascript:alert(1)\n".utf8), mimeType: "text/uri-list",
                                      storeMedia: { _, _ in throw CocoaError(.fileNoSuchFile) })
        }
    }

    @Test func aNoteTakesHTMLFirstThenTheTitledLinkThenFiles() {
        let firefox = ["text/x-moz-url", "text/uri-list", "text/html", "text/plain;charset=utf-8"]
        #expect(NoteTransfer.preferredDropFormat(among: firefox) == "text/html")
        #expect(NoteTransfer.preferredDropFormat(among: firefox.filter { $0 != "text/html" }) == "text/x-moz-url")
        #expect(NoteTransfer.preferredDropFormat(among: ["text/uri-list", "text/plain"]) == "text/uri-list")
    }

    @Test func inAListALinkIsAReminderHoldingItsAddress() throws {
        let found = try ReminderTransfer.items(from: mozURL("https://example.org/tart\nLemon tart"),
                                               mimeType: "text/x-moz-url")
        #expect(found.items == [.init(title: "Lemon tart", notes: "https://example.org/tart")])
        #expect(ReminderTransfer.preferredFormat(among: ["text/plain", "text/uri-list", "text/x-moz-url"]) == "text/x-moz-url")

        let pages = try ReminderTransfer.items(from: Data("https://a.example/\r\n".utf8), mimeType: "text/uri-list")
        #expect(pages.items == [.init(title: "https://a.example/", notes: "https://a.example/")])
        // Other addresses (a GVfs location) are still a title each, as before.
        let other = try ReminderTransfer.items(from: Data("sftp://host/file\r\n".utf8), mimeType: "text/uri-list")
        #expect(other.items == [.init(title: "sftp://host/file")])
        #expect(throws: ReminderTransfer.Failure.empty) {
            try ReminderTransfer.items(from: mozURL("javascript:alert(1)\nx"), mimeType: "text/x-moz-url")
        }
    }

    @Test func aReminderHoldsALinkWhenItsNotesAreOneWebAddress() {
        func reminder(notes: String) -> Reminder {
            Reminder(id: UUID(), listID: UUID(), title: "T", notes: notes, position: 0, created: .now, modified: .now)
        }
        #expect(reminder(notes: "https://example.org/tart").link == "https://example.org/tart")
        #expect(reminder(notes: " mailto:ann@example.org\n").link == "mailto:ann@example.org")
        for notes in ["", "Buy https://example.org/ too", "https://a.example/\nhttps://b.example/",
                      "javascript:alert(1)", "file:///etc/passwd", "tote:note/\(UUID().uuidString)", "ada@example.org"] {
            #expect(reminder(notes: notes).link == nil, "\(notes)")
        }
    }

    @Test func anAddressUsedAsTitleIsCleanedAsAnyTitle() throws {
        // U+FFFC passes as part of an address but may not be text: it once stopped Tote on drop.
        let hostile = "https://x.example/\u{FFFC}a\n"
        for mimeType in ["text/uri-list", "text/x-moz-url"] {
            let links = WebLinks.links(in: Data(hostile.utf8), mimeType: mimeType)
            #expect(links.count == 1)
            #expect(!links[0].title.unicodeScalars.contains("\u{FFFC}"))
            let text = try NoteTransfer.richText(from: Data(hostile.utf8), mimeType: mimeType,
                                                 storeMedia: { _, _ in throw CocoaError(.fileNoSuchFile) }).text
            #expect(text.attachments.isEmpty)
        }
        let long = "https://x.example/" + String(repeating: "a", count: 5_000)
        let found = try ReminderTransfer.items(from: Data(long.utf8), mimeType: "text/uri-list")
        #expect(found.items[0].title.count <= ReminderEditing.maximumTitleLength)
        #expect(found.items[0].notes == long)
    }

    @Test func utf8WithACStringsEndIsNotTakenForUTF16() {
        var data = Data("https://é.example/\nÉté".utf8)
        data.append(0)
        if data.count % 2 == 1 { data.append(0) }
        #expect(WebLinks.links(in: data, mimeType: "text/x-moz-url") == [.init(url: "https://é.example/", title: "Été")])
        var utf16 = "https://a.example/\nÉté".data(using: .utf16LittleEndian)!
        utf16.append(contentsOf: [0, 0])
        #expect(WebLinks.links(in: utf16, mimeType: "text/x-moz-url") == [.init(url: "https://a.example/", title: "Été")])
        let bigEndian = "https://a.example/\nÉté".data(using: .utf16BigEndian)!
        #expect(WebLinks.links(in: bigEndian, mimeType: "text/x-moz-url") == [.init(url: "https://a.example/", title: "Été")])
    }
}
