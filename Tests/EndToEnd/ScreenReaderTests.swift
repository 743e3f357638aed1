// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// What a screen reader asks of a note, asked through AT-SPI of the real app.
final class ScreenReaderTests: EndToEndTestCase {
    /// The report: ticking a checklist item and asking for the attributes there ("read
    /// attributes" in Orca) crashed Tote in GTK 4.8's attribute code. Every kind of styled run
    /// is asked, with and without the defaults, and Tote must answer and keep running.
    func testAttributesOfEveryKindOfStyledRunCanBeRead() throws {
        let runs: [(String, TextStyle)] = [
            ("plain ", .plain), ("bold ", TextStyle(bold: true)), ("italic ", TextStyle(italic: true)),
            ("under ", TextStyle(underline: true)), ("struck ", TextStyle(strikethrough: true)),
            ("mono ", TextStyle(monospace: true)), ("serif ", TextStyle(fontFamily: "Serif")),
            ("big ", TextStyle(fontSize: 20)),
            ("red ", TextStyle(textColor: RGBAColor(red: 255, green: 0, blue: 0))),
            ("marked ", TextStyle(highlight: RGBAColor(red: 255, green: 255, blue: 0))),
            ("link", TextStyle(link: "https://gnome.org")),
        ]
        let body = RichText(paragraphs: [
            Paragraph(style: .heading(level: 1), runs: [Run("Attributes")]),
            Paragraph(runs: runs.map { Run($0.0, style: $0.1) }),
            Paragraph(style: .checklist(checked: true), runs: [Run("ticked item")]),
            Paragraph(style: .checklist(checked: false), runs: [Run("open item")]),
            Paragraph(style: .bulleted, runs: [Run("bullet")]),
        ])
        do {
            let store = try Store(location: session.storeLocation)
            let note = try store.createNote(title: "Styled")
            try store.save(noteID: note.id, title: "Styled", body: body)
        }
        let tote = try session.launchTote()
        let window = try session.waitForWindow(of: tote)
        try openNote("Styled", in: 1, of: tote, window: window)

        var offsets = [0]
        var offset = "Attributes".count + 1
        for (text, _) in runs {
            offsets.append(offset)
            offset += text.count
        }
        offsets += [offset + 1, offset + 1 + "ticked item".count + 1, body.length - 1]
        for includingDefaults in [false, true] {
            let answers = try session.textAttributes(
                of: tote, in: "frame=1/Note body", offsets: offsets, includingDefaults: includingDefaults)
            XCTAssertEqual(answers.count, offsets.count, "an answer for every offset: \(answers)")
            XCTAssertTrue(tote.isRunning, "Tote still runs after the attribute queries")
            guard !includingDefaults, answers.count == offsets.count else { continue }
            XCTAssertTrue(answers[2].contains("weight:700"), "bold: \(answers[2])")
            XCTAssertTrue(answers[9].contains("fg-color:65535,0,0"), "red: \(answers[9])")
            XCTAssertTrue(answers[11].contains("fg-color:"), "the link's colour: \(answers[11])")
            XCTAssertTrue(answers[12].contains("strikethrough:true"), "the ticked item: \(answers[12])")
        }
        XCTAssertTrue(tote.isRunning)
        // Checklist items have real check boxes, named after their item.
        let boxes = try session.accessibleObjects(of: tote).filter { $0.hasPrefix("check box\t") }
        XCTAssertTrue(boxes.contains { $0.hasSuffix("\tticked item") }, "\(boxes)")
        XCTAssertTrue(boxes.contains { $0.hasSuffix("\topen item") }, "\(boxes)")
        try session.key("ctrl+q")
        try session.waitUntil("Tote to quit") { !tote.isRunning }
        XCTAssertEqual(tote.terminationStatus, 0)
    }

    /// The note's title field is a text box a screen reader finds by its name, with its text.
    func testTheNoteTitleIsATextBoxAScreenReaderCanRead() throws {
        let tote = try launchToteWithNewNote()
        let window = try session.waitForWindow(of: tote)
        let point = try waitForCenter(of: tote, named: "Note title", window: window)
        try session.input(["mousemove", "\(point.x)", "\(point.y)", "click", "1"])
        try session.type("Groceries")
        try session.waitUntil("the title in the store") { (try? session.store()?.notes().first?.title) == "Groceries" }
        let objects = try session.accessibleObjects(of: tote)
        let title = objects.filter { $0.hasSuffix("\tNote title") }
        XCTAssertEqual(title.count, 1, "one object named Note title in \(objects.count) objects")
        XCTAssertTrue(title.first?.hasPrefix("text\t") == true || title.first?.hasPrefix("entry\t") == true,
                      "a text box: \(title)")
        XCTAssertEqual(try session.text(of: tote, in: "Note title"), "Groceries")
    }
}
