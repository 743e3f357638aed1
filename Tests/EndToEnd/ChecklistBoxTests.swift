// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Checklist boxes under a real pointer: a click on one ticks its item (and the view stays
/// where it is), and the wheel turned over one scrolls the note as over the text.
final class ChecklistBoxTests: EndToEndTestCase {
    func testABoxIsTickedByAClickAndTheWheelScrollsOverIt() throws {
        let items = (0..<60).map { "item \($0)" }
        let store = try Store(location: session.storeLocation)
        let note = try store.createNote(title: "Packing")
        _ = try store.save(noteID: note.id, title: "Packing", body: RichText(paragraphs: items.map {
            Paragraph(style: .checklist(checked: false), runs: [Run($0)])
        }))
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        try openNote("Packing", in: 1, of: tote, window: window)

        // "item 2" starts after two items and their line breaks.
        let offset = items[0].count + 1 + items[1].count + 1
        func itemTwo() throws -> (x: Int, y: Int) {
            try XCTUnwrap(session.characterCenters(of: tote, in: "frame=1/Note body", offsets: [offset], window: window).first)
        }
        let text = try itemTwo()
        // The box sits in the margin, its middle some 20 px left of the item's first letter.
        let box = (x: text.x - 20, y: text.y)
        try session.input(["mousemove", "\(box.x)", "\(box.y)"])
        session.pace(0.2)
        try session.input(["click", "1"])
        try session.waitUntil("item 2 ticked in the store") {
            let body = try? session.store()?.notes().first?.richText()
            return body?.paragraphs.map(\.style) == (0..<60).map { .checklist(checked: $0 == 2) }
        }
        XCTAssertEqual(try itemTwo().y, text.y, "the view stayed where it was")

        // The wheel over the box scrolls the note.
        for _ in 0..<5 {
            try session.input(["click", "5"])
            session.pace(0.1)
        }
        try session.waitUntil("the note scrolled under the box") {
            ((try? itemTwo().y) ?? text.y) < text.y - 40
        }
    }
}
