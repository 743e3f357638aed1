// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import Testing
@testable import ToteCore

/// Notes as Markdown: Tote's own form reads back exactly; other apps' forms read as their
/// nearest Tote form, with no text lost.
@Suite final class MarkdownFormatTests {
    /// The attachments' files as a notes folder keeps them, and the resolver that finds them again.
    private var attachments: [String: ToteCore.Attachment] = [:]

    private func encode(_ text: RichText) -> String {
        MarkdownFormat.encode(text) { attachment in
            let target = "attachments/" + attachment.media.fileName
            attachments[target] = attachment
            return target
        }
    }

    private func decode(_ markdown: String) -> RichText {
        MarkdownFormat.decode(Data(markdown.utf8)) { embed in
            guard var attachment = self.attachments[embed.target] else { return nil }
            attachment.fileName = embed.name
            attachment.mimeType = embed.title ?? MarkdownFormat.mimeType(forExtension: attachment.media.fileExtension)
            attachment.kind = embed.isShownInPlace ? ToteCore.Attachment.kind(forMIMEType: attachment.mimeType) : .file
            return attachment
        }
    }

    private func expectRoundTrip(_ text: RichText, sourceLocation: SourceLocation = #_sourceLocation) {
        let markdown = encode(text)
        #expect(decode(markdown) == text, "written as:\n\(markdown)", sourceLocation: sourceLocation)
        #expect(encode(decode(markdown)) == markdown, "not canonical", sourceLocation: sourceLocation)
    }

    private static func media(_ kind: ToteCore.Attachment.Kind, _ name: String, _ ext: String, mime: String? = nil) -> ToteCore.Attachment {
        ToteCore.Attachment(kind: kind, media: MediaReference(digest: String(repeating: "c3", count: 32), fileExtension: ext),
                   fileName: name, mimeType: mime ?? MarkdownFormat.mimeType(forExtension: ext), byteCount: 10)
    }

    @Test func everyStyleIsWrittenAsMarkdownPeopleRead() {
        let text = RichText(paragraphs: [
            Paragraph(style: .heading(1), runs: [Run("Plans")]),
            Paragraph(runs: [Run("Some "), Run("bold", style: TextStyle(bold: true)), Run(", "),
                             Run("italic", style: TextStyle(italic: true)), Run(", "),
                             Run("gone", style: TextStyle(strikethrough: true)), Run(", "),
                             Run("under", style: TextStyle(underline: true)), Run(" and "),
                             Run("code", style: TextStyle(monospace: true)), Run(".")]),
            Paragraph(style: .bulleted, runs: [Run("one")]),
            Paragraph(style: .bulleted, runs: [Run("two")]),
            Paragraph(style: .numbered, runs: [Run("first")]),
            Paragraph(style: .numbered, runs: [Run("second")]),
            Paragraph(style: .checklist(checked: false), runs: [Run("milk")]),
            Paragraph(style: .checklist(checked: true), runs: [Run("eggs")]),
            Paragraph(runs: [Run("GNOME", style: TextStyle(link: "https://gnome.org/"))]),
        ])
        #expect(encode(text) == """
            # Plans

            Some **bold**, *italic*, ~~gone~~, <u>under</u> and `code`.

            - one
            - two

            1. first
            2. second

            - [ ] milk
            - [x] eggs

            [GNOME](<https://gnome.org/>)

            """)
        expectRoundTrip(text)
    }

    @Test func everyStyleAndMediaKindRoundTrips() {
        let red = RGBAColor(red: 200, green: 0, blue: 10)
        let text = RichText(paragraphs: [
            Paragraph(style: .heading(2), runs: [Run("Trip #")]),
            Paragraph(style: .heading(3), runs: []),
            Paragraph(style: .heading(1), runs: [Run("#")]),
            Paragraph(style: .heading(1), runs: [Run("a\\#")]),
            Paragraph(runs: []),
            Paragraph(runs: [Run("  indented\tand trailing  ")]),
            Paragraph(runs: [Run("font", style: TextStyle(fontFamily: "Noto 'Sans'; x\\y", fontSize: 13.5)),
                             Run("red", style: TextStyle(bold: true, textColor: red, highlight: RGBAColor(red: 1, green: 2, blue: 3, alpha: 4)))]),
            Paragraph(runs: [Run(" spaced bold ", style: TextStyle(bold: true)), Run("*not* _emphasis_ `x` <u> [a](b) ~~s~~ \\ &amp; &#32;")]),
            Paragraph(runs: [Run("a", style: TextStyle(bold: true)), Run("b", style: TextStyle(italic: true)),
                             Run("c", style: TextStyle(bold: true, italic: true, underline: true, strikethrough: true)),
                             Run("``tick`", style: TextStyle(bold: true, monospace: true))]),
            Paragraph(style: .numbered, runs: [Run("1. not a list"), Run(attachment: Self.media(.image, "cat [1].png", "png"))]),
            Paragraph(style: .numbered, runs: []),
            Paragraph(style: .bulleted, runs: [Run(attachment: Self.media(.video, "clip.webm", "webm"), style: TextStyle(bold: true))]),
            Paragraph(style: .checklist(checked: false), runs: [Run(attachment: Self.media(.audio, "song.ogg", "ogg", mime: "audio/x-vorbis+ogg"))]),
            Paragraph(style: .checklist(checked: true), runs: []),
            Paragraph(runs: [Run(attachment: Self.media(.file, "Report (final).pdf", "pdf"), style: TextStyle(link: "https://example.org/a b")),
                             Run(attachment: Self.media(.file, "big.png", "png"), style: TextStyle(monospace: true))]),
            Paragraph(runs: [Run(attachment: Self.media(.file, "big.png", "png"))]),
            Paragraph(runs: [Run("# - + = > 2026. 3) --- *** ___ ``` ~~~ | a | <div>")]),
            Paragraph(runs: [Run("snake_case and _x_ and 日本語 and 🙂 and e\u{301}")]),
            Paragraph(runs: [Run("<br>")]),
        ])
        expectRoundTrip(text)
    }

    @Test func randomDocumentsRoundTrip() {
        var random = SeededGenerator(seed: 41)
        let words = ["a", "héllo", "🙂", "日本語", " ", "x y", "*", "_", "`", "~", "\\", "<u>", "[", "]", "#", "1.", "&", "!", "-"]
        let styles = [
            TextStyle.plain, TextStyle(bold: true), TextStyle(italic: true), TextStyle(bold: true, italic: true),
            TextStyle(strikethrough: true), TextStyle(underline: true), TextStyle(monospace: true),
            TextStyle(bold: true, monospace: true), TextStyle(link: "https://example.org/(x)"),
            TextStyle(italic: true, link: "mailto:a@b.c"), TextStyle(fontSize: 20),
            TextStyle(highlight: RGBAColor(red: 255, green: 255, blue: 0)),
        ]
        let media = [Self.media(.image, "p.png", "png"), Self.media(.file, "f.zip", "zip"), Self.media(.audio, "s.mp3", "mp3")]
        for round in 0..<400 {
            var paragraphs: [Paragraph] = []
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                var runs: [Run] = []
                for _ in 0..<Int.random(in: 0...5, using: &random) {
                    let style = styles.randomElement(using: &random)!
                    if Int.random(in: 0..<8, using: &random) == 0 {
                        runs.append(Run(attachment: media.randomElement(using: &random)!, style: style))
                    } else {
                        runs.append(Run(words.randomElement(using: &random)!, style: style))
                    }
                }
                paragraphs.append(Paragraph(style: random.paragraphStyle(), runs: runs))
            }
            let text = RichText(paragraphs: paragraphs)
            let markdown = encode(text)
            let back = decode(markdown)
            if back != text {
                Issue.record("round \(round) changed:\n\(markdown)\n\(text.paragraphs.map(\.runs))\n\(back.paragraphs.map(\.runs))")
                return
            }
        }
    }

    @Test func whatOtherAppsWriteBecomesItsNearestForm() {
        attachments["attachments/x.png"] = Self.media(.image, "x.png", "png")
        let markdown = """
            Title line
            second line\\
            third

            > quoted *text*

            ```swift
            let x = 1
            ```

            __underlined__ in Nextcloud, ![[attachments/x.png]] in Obsidian, ![remote](https://example.org/a.png)

            | a | b |
            |---|---|
            | 1 | 2 |

            <div>raw <b>html</b></div>

            ***

            * star item
              continued
            #### deep heading
            """
        let text = decode(markdown)
        #expect(text.paragraphs.map(\.plainText) == [
            "Title line", "second line", "third", "quoted text", "let x = 1",
            "underlined in Nextcloud, \u{FFFC} in Obsidian, remote", "a\tb", "1\t2", "raw html",
            "star item", "continued", "deep heading",
        ])
        #expect(text.paragraphs[4].runs.first?.style.monospace == true)
        #expect(text.paragraphs[5].runs.first?.style == TextStyle(underline: true))
        #expect(text.paragraphs[5].runs[2].attachment?.kind == .image)
        #expect(text.paragraphs[5].runs.last?.style.link == "https://example.org/a.png")
        #expect(text.paragraphs[8].runs.last?.style.bold == true)
        #expect(text.paragraphs[9].style == .bulleted)
        #expect(text.paragraphs[11].style == .heading(3))
    }

    /// cmark-gfm's table of the characters extensions look for is the process's: parsers
    /// freed while another parses took `~` from it.
    @Test func markdownReadOnManyThreadsAtOnceKeepsEveryStyle() {
        let wrong = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            let text = MarkdownFormat.decode(Data("a ~~b~~ | c |\n|---|\n".utf8)) { _ in nil }
            if text.paragraphs.first?.runs.contains(where: \.style.strikethrough) != true { wrong.withLock { $0 += 1 } }
        }
        #expect(wrong.withLock { $0 } == 0)
    }

    @Test func unsafeLinksAreKeptAsTextOnly() {
        let text = decode("[click](javascript:alert(1)) and <a href=\"file:///etc/passwd\">x</a> ![p](file:///etc/passwd)")
        #expect(text.plainText == "click and x p")
        #expect(text.paragraphs[0].runs.allSatisfy { $0.style.link == nil && $0.attachment == nil })
    }

    @Test func hostileMarkdownReadsAsItsText() {
        let deep = String(repeating: ">", count: 100_000) + " deep"
        #expect(decode(deep).plainText == "deep")
        let lists = String(repeating: "- ", count: 20_000) + "x"
        #expect(decode(lists).paragraphs == [Paragraph(style: .bulleted, runs: [Run("x")])])
        let emphasis = String(repeating: "*a **b ", count: 30_000)
        #expect(decode(emphasis).paragraphs.map(\.plainText).joined() == String(emphasis.dropLast()),
                "unmatched, the stars are text")
        // A line longer than a paragraph may be: whole, in paragraphs of the longest length.
        let hugeLine = String(repeating: "word ", count: 400_000)
        let huge = decode(hugeLine)
        #expect(huge.paragraphs.count == 20)
        #expect(huge.paragraphs.allSatisfy { $0.length <= RichText.maximumParagraphLength })
        #expect(huge.paragraphs.map(\.plainText).joined() == String(hugeLine.dropLast()))
        let invalid = Data([0x61, 0xFF, 0xFE, 0x62, 0x00, 0x63, 0xEF, 0xBF, 0xBC, 0x0A, 0xC3])
        let text = MarkdownFormat.decode(invalid) { _ in nil }
        #expect(text.plainText == "a\u{FFFD}\u{FFFD}b\u{FFFD}c\n\u{FFFD}")
        #expect(MarkdownFormat.decode(Data()) { _ in nil } == RichText())
    }
}
