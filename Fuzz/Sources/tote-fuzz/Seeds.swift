// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore

/// The seed corpus in Fuzz/Seeds, one folder per target: what Tote itself writes and the
/// samples of the ToteCoreTests suites, a few dozen small files each. Written by
/// `TOTE_FUZZ_WRITE_SEEDS=Fuzz/Seeds tote-fuzz`; files already there (regressions) stay.
enum Seeds {
    static func write(to directory: URL) {
        let seeds: [String: [(String, Data)]] = [
            "native-format": nativeFormat,
            "plain-text": plainText,
            "tote-rich-text": toteRichText,
            "reminder-transfer": reminderTransfer,
            "html": html,
            "markdown": markdown,
            "icalendar": iCalendar.map { ($0.0, Data($0.1.utf8)) },
            "vcard": vCards,
            "web-links": webLinks,
            "file-list": fileList,
            "picture": pictures,
            "safe-link": safeLink,
        ]
        for (target, files) in seeds {
            let folder = directory.appendingPathComponent(target, isDirectory: true)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
            } catch {
                printError("tote-fuzz: cannot write seeds in \(folder.path): \(error)")
                exit(1)
            }
            print(target, files.count)
        }
    }

    // MARK: Rich text

    static let noteID = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    static let picture = Attachment(
        kind: .image, media: MediaReference(digest: String(repeating: "ab", count: 32), fileExtension: "png"),
        fileName: "cat.png", mimeType: "image/png", byteCount: 1234)

    static var document: RichText {
        RichText(paragraphs: [
            Paragraph(runs: [Run("Hello "), Run("bold", style: TextStyle(bold: true)), Run(" world")]),
            Paragraph(style: .heading(1), runs: [Run("Title")]),
            Paragraph(style: .checklist(checked: true), runs: [
                Run(attachment: picture), Run("item", style: TextStyle(underline: true, link: "https://example.org/"))]),
        ])
    }

    static var everyStyle: RichText {
        let files = [Attachment.Kind.video, .audio, .file].enumerated().map { index, kind in
            Attachment(kind: kind, media: MediaReference(digest: String(repeating: "0\(index)", count: 32), fileExtension: "bin"),
                       fileName: "f\(index) <&>.bin", mimeType: "application/x-\(kind.rawValue)", byteCount: Int64(index * 1000))
        }
        return RichText(paragraphs: [
            Paragraph(runs: [Run("styled", style: TextStyle(
                bold: true, italic: true, underline: true, strikethrough: true, monospace: true,
                fontFamily: "Cantarell", fontSize: 14.5, textColor: RGBAColor(red: 1, green: 2, blue: 3, alpha: 4),
                highlight: RGBAColor(hex: "#ff0"), link: "https://gnome.org/?a=1&b=2")),
                Run(" tote", style: TextStyle(link: "tote:note/\(noteID.uuidString)")),
                Run(" mail", style: TextStyle(link: "mailto:someone@example.com"))]),
            Paragraph(style: .heading(2), runs: [Run("héllo 🙂 日本語 e\u{301}\ttab")]),
            Paragraph(style: .heading(3)),
            Paragraph(style: .bulleted, runs: [Run("one")]),
            Paragraph(style: .bulleted, runs: [Run(attachment: files[0]), Run(attachment: files[1])]),
            Paragraph(style: .numbered, runs: [Run("first", style: TextStyle(monospace: true))]),
            Paragraph(style: .checklist(checked: false), runs: [Run(attachment: files[2]), Run("  spaced  ")]),
            Paragraph(),
        ])
    }

    static let versionOne = [
        #"{"format":"tote-rich-text","version":1,"paragraphs":[{"style":{"body":{}},"runs":[{"text":"Hello "},{"text":"bold","style":{"bold":true}}]},{"style":{"heading":{"_0":1}},"runs":[{"text":"Title"}]},{"style":{"checklist":{"checked":true}},"runs":[{"attachment":{"kind":"image","media":{"digest":"abababababababababababababababababababababababababababababababab","fileExtension":"png"},"fileName":"cat.png","mimeType":"image/png","byteCount":1234}},{"text":"item","style":{"underline":true,"link":"https://example.org/"}}]}]}"#,
        #"{"format":"tote-rich-text","version":1,"paragraphs":[{"style":{"heading":{"_0":99}},"runs":[{"text":"a\nb\uFFFCc"},{"style":{"fontSize":-3}}]}]}"#,
        #"{"format":"tote-rich-text","version":1,"paragraphs":[{"style":{"body":{}},"runs":[{"text":"click","style":{"bold":true,"link":"javascript:alert(document.cookie)"}}]}]}"#,
        ##"{"format":"tote-rich-text","version":1,"paragraphs":[{"style":{"bulleted":{}},"runs":[{"text":"x","style":{"italic":true,"strikethrough":true,"monospace":true,"fontFamily":"Sans","fontSize":12.5,"textColor":"#ff0000","highlight":"#00ff0080"}}]},{"style":{"numbered":{}},"runs":[]}]}"##,
        #"{"format":"tote-rich-text","version":9,"paragraphs":[]}"#,
        #"{"format":"tote-rich-text","version":1,"paragraphs":[{"style":{"wobbly":{}},"runs":[]}]}"#,
        #"{"format":"tote-rich-text","version":1,"paragraphs":[{"style":{"body":{}},"runs":[{"style":{"textColor":"red"}}]}]}"#,
    ]

    static var binaryDocuments: [(String, Data)] {
        [("empty", NativeFormat.encode(RichText())), ("document", NativeFormat.encode(document)),
         ("every-style", NativeFormat.encode(everyStyle)),
         ("plain-lines", NativeFormat.encode(RichText(plain: "one\ntwo\n\nthree")))]
    }

    static var nativeFormat: [(String, Data)] {
        let whole = NativeFormat.encode(document)
        var newer = whole
        newer[6] = 9
        var seeds: [(String, Data)] = binaryDocuments.map { ("binary-\($0.0)", $0.1) }
        for (index, json) in versionOne.enumerated() { seeds.append(("json-\(index)", Data(json.utf8))) }
        seeds.append(("binary-truncated", whole.prefix(whole.count / 2)))
        seeds.append(("binary-newer", newer))
        seeds.append(("binary-huge-count", Data(Array("TOTERT".utf8) + [2, 0, 0xff, 0xff, 0xff, 0x7f])))
        seeds.append(("not-json", Data("not json".utf8)))
        seeds.append(("bad-utf8", Data([0xff, 0xfe, 0x00])))
        return seeds
    }

    static var plainText: [(String, Data)] {
        [("empty", Data()), ("lines", Data("one\ntwo\r\nthree\rfour\u{85}five\u{2028}six\u{2029}seven".utf8)),
         ("invalid-utf8", Data([0x61, 0xff, 0x62, 0x0d, 0x0a, 0x63])),
         ("controls", Data("a\u{0}b\u{7}c\td\u{1b}[31me\u{7f}\u{9b}f\u{FFFC}g".utf8)),
         ("unicode", Data("héllo 🙂 日本語 e\u{301} ŉ \u{200d}\u{feff}".utf8)),
         ("utf16", Data([0xff, 0xfe, 0x61, 0x00, 0x0a, 0x00]))]
    }

    static var toteRichText: [(String, Data)] {
        let origin = NoteTransfer.Origin(noteID: noteID, range: 3..<12)
        var seeds: [(String, Data)] = [
            ("document-origin", NoteTransfer.data(for: NoteTransfer.toteMIMEType, of: document, origin: origin, mediaData: { _ in nil })!),
            ("every-style", NoteTransfer.data(for: NoteTransfer.toteMIMEType, of: everyStyle, origin: nil, mediaData: { _ in nil })!),
            ("sole-picture", NoteTransfer.data(
                for: NoteTransfer.toteMIMEType, of: RichText(paragraphs: [Paragraph(runs: [Run(attachment: picture)])]),
                origin: nil, mediaData: { _ in nil })!),
            ("json", Data(("TOTE-RICH-1\n-\n" + versionOne[2]).utf8)),
            ("bad-origin", Data("TOTE-RICH-1\n\(noteID.uuidString) 9 3\n".utf8) + NativeFormat.encode(document)),
            ("lowercase-origin", Data("TOTE-RICH-1\n\(noteID.uuidString.lowercased()) +0 0\n".utf8) + NativeFormat.encode(RichText())),
            ("no-header", NativeFormat.encode(document)),
            ("header-only", Data("TOTE-RICH-1\n".utf8)),
        ]
        seeds.append(("wrong-magic", Data("TOTE-RICH-2\n-\n".utf8) + NativeFormat.encode(document)))
        return seeds
    }

    // MARK: Reminders

    static var reminders: [Reminder] {
        let list = UUID(uuidString: "00000000-0000-0000-0000-0000000000AA")!
        let dates: [Date?] = [nil, Date(timeIntervalSince1970: 1_800_000_000), Date(timeIntervalSince1970: 1_700_000_123)]
        return [("Buy milk, eggs; bread", "two litres\nsemi-skimmed", Reminder.Priority.high),
                ("Call Ann", "", .low), ("Ünïcödé 日本語 🙂", "", .medium)].enumerated().map { index, entry in
            Reminder(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000\(index)")!, listID: list,
                     title: entry.0, notes: entry.1, isDone: index == 1, due: dates[index], priority: entry.2,
                     position: index, created: .distantPast, modified: .distantPast)
        }
    }

    static var reminderTransfer: [(String, Data)] {
        [("tote", ReminderTransfer.data(for: ReminderTransfer.toteMIMEType, of: reminders)!),
         ("calendar", ReminderTransfer.data(for: ReminderTransfer.calendarMIMEType, of: reminders)!),
         ("plain", ReminderTransfer.data(for: ReminderTransfer.plainMIMEType, of: reminders)!),
         ("tote-odd", Data(#"{"version":1,"reminders":[{"title":" a\nb ","notes":"","isDone":true,"due":-1e300,"priority":7},{"title":"\u0000","notes":"x","isDone":false,"priority":5}]}"#.utf8)),
         ("tote-newer", Data(#"{"version":2,"reminders":[]}"#.utf8)),
         ("plain-lines", Data("one\r\n\ttwo\u{2028}three\u{0}\n\n".utf8))]
            + iCalendar.prefix(4).map { ("ics-\($0.0)", Data($0.1.utf8)) }
    }

    static var webLinks: [(String, Data)] {
        [("moz-url", "https://example.org/recipes?id=4\nLemon tart — Recipes".data(using: .utf16LittleEndian)!),
         ("moz-url-bom", Data([0xFF, 0xFE]) + "https://a.example/\nA\nmailto:ann@example.org\n".data(using: .utf16LittleEndian)!),
         ("moz-url-utf8", Data("https://b.example/\nB\u{FFFC}\n".utf8)),
         ("uri-list", Data("# comment\r\nhttps://a.example/\r\nfile:///etc/passwd\r\njavascript:alert(1)\r\nsmb://nas/x\r\n".utf8))]
    }

    static var vCards: [(String, Data)] {
        [("card", """
            BEGIN:VCARD\r
            VERSION:3.0\r
            FN:Ada Lovelace\r
            N:Lovelace;Ada;;;\r
            EMAIL;TYPE=INTERNET,PREF:ada@example.org\r
            EMAIL;TYPE=WORK:ada@work.example\r
            TEL;TYPE=CELL:+44 20 7946 0000\r
            ADR;TYPE=HOME:;;12 St James's Square;London;;SW1Y 4JH;UK\r
            NOTE:Folded\r
             over two lines\\, escaped\\n\r
            PHOTO;ENCODING=b;TYPE=JPEG:/9j/4AAQSkZJRgABAQEASABIAAD\r
            END:VCARD\r

            """),
         ("v4-pref", "BEGIN:VCARD\nVERSION:4.0\nFN:Alan Turing\nEMAIL:a@b.example\nEMAIL;PREF=1:c@d.example\nEND:VCARD\n"),
         ("n-only", "BEGIN:VCARD\nVERSION:3.0\nN:Curie;Marie;Salomea;Dr.;\nEND:VCARD\n"),
         ("v21-qp", "BEGIN:VCARD\nVERSION:2.1\nFN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Jos=E9 G=\n=F3mez\nEMAIL;INTERNET:jose@example.es\nAGENT:\nBEGIN:VCARD\nFN:Nested\nEND:VCARD\nEND:VCARD\n"),
         ("two", "BEGIN:VCARD\nFN:One\nEND:VCARD\r\nBEGIN:VCARD\nEMAIL:two@example.org\nEND:VCARD\n"),
        ].map { ($0.0, Data($0.1.utf8)) }
            + [("utf16", Data([0xFF, 0xFE]) + "BEGIN:VCARD\r\nFN:김민지\r\nEND:VCARD\r\n".data(using: .utf16LittleEndian)!),
               ("latin1", "BEGIN:VCARD\nFN:Zoë Müller\nEND:VCARD\n".data(using: .isoLatin1)!)]
    }

    static var iCalendar: [(String, String)] {
        [("export", ICalendarFormat.export(reminders)),
         ("event", """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VEVENT\r
            UID:1\r
            SUMMARY:Dentist\r
            DESCRIPTION:Bring the card\r
            LOCATION:Main street\r
            DTSTART:20261201T093000Z\r
            DTEND:20261201T100000Z\r
            END:VEVENT\r
            END:VCALENDAR\r

            """),
         ("todo-alone", "BEGIN:VTODO\r\nSUMMARY:alone\r\nDUE;VALUE=DATE:20250101\r\nSTATUS:COMPLETED\r\nPRIORITY:3\r\nEND:VTODO\r\n"),
         ("timezone", """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            BEGIN:VTIMEZONE\r
            TZID:Europe/Paris\r
            BEGIN:STANDARD\r
            DTSTART:19701025T030000\r
            RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
            TZOFFSETFROM:+0200\r
            TZOFFSETTO:+0100\r
            END:STANDARD\r
            BEGIN:DAYLIGHT\r
            DTSTART:19700329T020000\r
            RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
            TZOFFSETFROM:+0100\r
            TZOFFSETTO:+0200\r
            END:DAYLIGHT\r
            END:VTIMEZONE\r
            BEGIN:VTODO\r
            UID:tz\r
            SUMMARY;LANGUAGE=fr:Rendez-vous\\, café\\nsuite\r
            DUE;TZID=Europe/Paris:20260315T143000\r
            COMPLETED:20260316T080000Z\r
            PRIORITY:0\r
            END:VTODO\r
            BEGIN:VEVENT\r
            SUMMARY:floating\r
            DTSTART:20260101T120000\r
            RRULE:FREQ=WEEKLY;COUNT=3\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER:-PT15M\r
            END:VALARM\r
            END:VEVENT\r
            END:VCALENDAR\r

            """),
         ("folded", "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:a long\n  folded line\nDESCRIPTION:first\\nsecond\\;third\nEND:VTODO\nEND:VCALENDAR\n"),
         ("long-summary", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:" + String(repeating: "long ", count: 250)
            + "\r\nDESCRIPTION:bad \u{FFFD}A\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"),
         ("vcard", "BEGIN:VCARD\r\nFN:Ann\r\nEND:VCARD\r\n"),
         ("unterminated", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:open\r\nBEGIN:VEVENT\r\n"),
         ("empty-calendar", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"),
         ("not-calendar", "not a calendar at all")]
    }

    // MARK: Markdown

    static var markdown: [(String, Data)] {
        [
            ("tote", "# Plans\n\nSome **bold**, *italic*, ~~gone~~, <u>under</u> and `code`.\n\n- one\n- two\n\n1. first\n\n"
                + "- [ ] milk\n- [x] eggs\n\n<br>\n\n[GNOME](<https://gnome.org/>) <span style=\"font-family: 'A\\'b'; "
                + "font-size: 13.5pt; color: #c80000ff\">x</span> ![cat](<attachments/c3.png> \"image/png\")\n"),
            ("obsidian", "---\ntags: [a]\n---\n# Day\n![[map.png|300]] [[Other note]]\n> [!note] callout\n"),
            ("nextcloud", "__underlined__ and ![x](.attachments.123/x.jpg)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"),
            ("html-block", "<div>raw <b>html</b><script>x</script></div>\n\n<details><summary>s</summary>t</details>\n"),
            ("deep", String(repeating: "> ", count: 300) + String(repeating: "- ", count: 300) + "x\n"),
            ("code", "```swift\nlet x = `y`\n```\n    indented\n~~~\nfence\n~~~\n"),
        ].map { ($0.0, Data($0.1.utf8)) }
    }

    // MARK: HTML

    static var html: [(String, Data)] {
        let media = MemoryMedia()
        let png = pictureBytes("png")
        let gif = pictureBytes("gif")
        let picture = Attachment(kind: .image, media: try! media.store(png, "png"), fileName: "cat & dog.png",
                                 mimeType: "image/png", byteCount: Int64(png.count))
        let animation = Attachment(kind: .image, media: try! media.store(gif, "gif"), fileName: "a.gif",
                                   mimeType: "image/gif", byteCount: Int64(gif.count))
        let file = Attachment(kind: .file, media: try! media.store(Data("report".utf8), "pdf"), fileName: #"r".pdf"#,
                              mimeType: "application/pdf", byteCount: 6)
        let withMedia = RichText(paragraphs: [
            Paragraph(style: .checklist(checked: false), runs: [Run(attachment: picture), Run("\tpicture"), Run(attachment: file)]),
            Paragraph(runs: [Run(attachment: animation)]),
        ])
        let export = { (text: RichText) in Data(HTMLExport.document(text, title: "Plan <&>", mediaData: { media.files[$0] }).utf8) }
        let bomb = pictureBytes("png", width: 20_000, height: 20_000).base64EncodedString()
        let strings = [
            ("web", """
                <html><body><h2>News</h2>
                <p>Some   <b>bold</b> and <i>italic</i>,
                   <u>under</u> <del>gone</del> <code>x()</code> <a href="https://a.example/">link</a>.</p>
                <ul><li>one</li><li>two<br>lines</li></ul><ol><li>first</li></ol>
                <p><span style="font-weight: 700">docs bold</span></p></body></html>
                """),
            ("hostile", """
                <html><head><style>p { color: red }</style><script>alert(1)</script></head>
                <body onload="steal()"><p onclick="evil()">safe <img src="http://tracker.example/pixel.png" alt="px">
                <a href="javascript:alert(2)">click</a> <a href="data:text/html,boom">data</a>
                <iframe src="https://evil.example/"></iframe><script>document.write('x')</script></p></body></html>
                """),
            ("bombs", "<p>before</p><img src=\"data:image/png;base64,\(bomb)\"><img src=\"data:image/png;base64,\(png.base64EncodedString())\">"
                + "<img src=\"data:image/png;base64,bm90IGEgcGljdHVyZQ==\"><video src=\"data:video/mp4,%00%01\"><p>after</p>"),
            ("deep", "<p>BEFORE</p>" + String(repeating: "<div>", count: 300) + "MID" + String(repeating: "</div>", count: 300) + "<p>AFTER</p>"),
            ("deep-unclosed", "<p>BEFORE</p>" + String(repeating: "<b><i>", count: 150) + "MID<p>AFTER"),
            ("pre", "<pre>line one\n  two\r\n\tthree</pre><blockquote>quoted <tt>mono</tt> <s>gone</s></blockquote>"),
            ("garbage", "\u{0}\u{1}<<<>>>&&&"),
            ("entities", "<p>&amp;&lt;&#65;&#x1F642;&nbsp;&bogus; &#0; &#xD800; &#x110000;</p><h5>h5</h5><table><tr><td>cell</td></tr></table>"),
            ("css", #"<p style="font-weight:bold;font-style:italic;text-decoration:underline line-through;color:#f00;font-size:12pt;font-family:'Cantarell'">css</p>"#),
            ("tote-css", #"<html><head><meta name="generator" content="Tote"></head><body><p><span style="font-family: 'A'; font-size: 13pt; color: #c80000; background-color: #ffff00ff">x</span></p>"#
                + #"<p><a data-tote-kind="file" data-tote-name="n" data-tote-mime="text/plain" data-tote-extension="TXT" download href="data:text/plain;base64,aGk=">n</a></p></body></html>"#),
            ("checklist", #"<ul data-tote="checklist"><li data-tote-checked="true">done</li><li data-tote-checked="false">open</li></ul>"#),
            ("meta-charset", #"<html><head><meta charset="iso-8859-1"></head><body>caf"# + "\u{e9}</body></html>"),
        ]
        return [("export-document", export(document)), ("export-every-style", export(everyStyle)),
                ("export-media", export(withMedia)), ("export-empty", export(RichText()))]
            + strings.map { ($0.0, Data($0.1.utf8)) }
            + [("invalid-utf8", Data([0x3c, 0x70, 0x3e, 0xff, 0xfe, 0x61, 0x3c, 0x2f, 0x70, 0x3e])),
               ("latin1", Data([0x3c, 0x70, 0x3e, 0x63, 0x61, 0x66, 0xe9, 0x3c, 0x2f, 0x70, 0x3e]))]
    }

    // MARK: Files, pictures, links

    static var fileList: [(String, Data)] {
        [("files", FileList.data(for: [URL(fileURLWithPath: "/home/ann/Pictures/cat dog.png"),
                                       URL(fileURLWithPath: "/tmp/a#b?c%d/日本語.txt")])),
         ("comments", Data("# comment\r\nfile:///etc/hosts\r\nhttps://example.org/x\r\n\r\nfile:///\r\n".utf8)),
         ("hosts", Data("file://localhost/tmp/x\nfile://server/share/y\nfile:relative\nFILE:///UPPER\n".utf8)),
         ("encoded", Data("file:///a%00b\nfile:///%2F%2e%2e/etc\nfile:///%ZZ\nfile:///%E6%97%A5\n".utf8)),
         ("spaces", Data("  file:///padded  \t\nfile:///no/end".utf8)),
         ("invalid-utf8", Data([0x66, 0x69, 0x6c, 0x65, 0x3a, 0x2f, 0x2f, 0x2f, 0xff, 0xfe, 0x0a]))]
    }

    /// The first bytes of pictures, as in PictureBytes (ToteCoreTests).
    static func pictureBytes(_ format: String, width: Int = 40, height: Int = 30, metadataBytes: Int = 0) -> Data {
        func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
            (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
            (0..<count).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        switch format {
        case "png":
            return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
                        + bigEndian(width, 4) + bigEndian(height, 4) + [8, 6, 0, 0, 0, 0, 0, 0, 0])
        case "jpeg":
            var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
            if metadataBytes > 0 { bytes += [0xFF, 0xE1] + bigEndian(metadataBytes + 2, 2) + [UInt8](repeating: 0x20, count: metadataBytes) }
            bytes += [0xFF, 0xFF, 0xD0, 0xFF, 0x01]  // fill byte, restart and TEM markers
            return Data(bytes + [0xFF, 0xC2, 0, 17, 8] + bigEndian(height, 2) + bigEndian(width, 2) + [3] + [UInt8](repeating: 0, count: 9))
        case "gif":
            return Data(Array("GIF89a".utf8) + littleEndian(width, 2) + littleEndian(height, 2) + [0, 0, 0])
        case "webp-lossless":
            let bits = (width - 1) | (height - 1) << 14
            return Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8L".utf8) + [0, 0, 0, 0, 0x2F]
                        + littleEndian(bits, 4) + [0, 0, 0, 0, 0])
        case "webp-lossy":
            return Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8) + [0, 0, 0, 0, 0, 0, 0, 0x9D, 0x01, 0x2A]
                        + littleEndian(width, 2) + littleEndian(height, 2) + [0, 0])
        case "webp-extended":
            return Data(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8X".utf8) + [0, 0, 0, 0, 0, 0, 0, 0]
                        + littleEndian(width - 1, 3) + littleEndian(height - 1, 3) + [0, 0])
        default:
            return Data()
        }
    }

    static var pictures: [(String, Data)] {
        /// The picture target reads the last 8 bytes as the file's size (big-endian).
        func sized(_ data: Data, _ size: Int64? = nil) -> Data {
            let size = size ?? Int64(data.count)
            return data + Data((0..<8).reversed().map { UInt8(truncatingIfNeeded: size >> ($0 * 8)) })
        }
        var seeds: [(String, Data)] = []
        for format in ["png", "jpeg", "gif", "webp-lossless", "webp-lossy", "webp-extended"] {
            seeds.append((format, sized(pictureBytes(format))))
            seeds.append(("\(format)-bomb", sized(pictureBytes(format, width: 20_000, height: 20_000))))
        }
        seeds += [
            ("png-huge-file", sized(pictureBytes("png"), 300 << 20)),
            ("png-zero-width", sized(pictureBytes("png", width: 0))),
            ("jpeg-metadata", sized(pictureBytes("jpeg", width: 4000, height: 3000, metadataBytes: 2000))),
            ("jpeg-truncated", sized(Data([0xFF, 0xD8, 0xFF]))),
            ("svg", sized(Data(#"<?xml version="1.0"?><!-- c --><!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8))),
            ("svg-bom", sized(Data("\u{FEFF}  <svg width=\"10\"></svg>".utf8))),
            ("html-svg", sized(Data("<html><svg></svg></html>".utf8))),
            ("pdf", sized(Data("%PDF-1.4\n%âãÏÓ\n".utf8))),
            ("zeros", sized(Data(repeating: 0, count: 100))),
        ]
        return seeds
    }

    static var safeLink: [(String, Data)] {
        let links = [
            "javascript:alert(document.cookie)", "JavaScript:alert(1)", " javascript:alert(1)",
            "java\tscript:alert(1)", "java\nscript:alert(1)", "vbscript:msgbox", "file:///etc/passwd",
            "data:text/html;base64,PHNjcmlwdD4=", "tote:note/../../etc", "tote:note/not-a-uuid",
            "//evil.example/", "https", "https://a.example/\u{0}x", "",
            "https://gnome.org/?a=1&b=2", "http://example.com", "mailto:someone@example.com",
            "tote:note/\(noteID.uuidString)", "TOTE:note/\(noteID.uuidString.lowercased())", "  https://gnome.org  ",
            "HTTPS://ÉXAMPLE.org/日本", "https:\u{85}x", "\u{FEFF}https://x", "ｈｔｔｐｓ://fullwidth",
            "https://a.example/" + String(repeating: "a", count: 8_200),
            "Image/PNG", "image/svg+xml", #"x" onerror="alert(1)"#, "text/html; charset=utf-8", "a/b/c", "/",
            "image/\u{212A}elvin",
        ]
        return links.enumerated().map { (String(format: "%02d", $0.offset), Data($0.element.utf8)) }
    }
}
