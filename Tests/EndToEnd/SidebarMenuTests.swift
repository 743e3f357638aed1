// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// A real right click on a sidebar row opens that row's menu, and its items act on that
/// row's note or list (issue 14, item 9).
final class SidebarMenuTests: EndToEndTestCase {
    func testARightClickOnASidebarRowOpensItsMenu() throws {
        let store = try Store(location: session.storeLocation)
        let plans = try store.createNote(title: "Plans")
        _ = try store.save(noteID: plans.id, title: "Plans", body: RichText(plain: "Pack the tent"))
        let other = try store.createNote(title: "Other")
        _ = try store.save(noteID: other.id, title: "Other", body: RichText(plain: "Call the vet"))
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        try openNote("Other", in: 1, of: tote, window: window)

        func menuShown() -> Bool {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tOpen in New Window") } == true
        }
        let row = try waitForCenter(of: tote, named: "frame=1/Plans", window: window)
        try session.input(["mousemove", "\(row.x)", "\(row.y)"])
        session.pace(0.1)
        try session.input(["click", "3"])
        try session.waitUntil("the row's menu", menuShown)
        let objects = try session.accessibleObjects(of: tote)
        for item in ["Rename…", "Export…", "Delete"] {
            XCTAssertTrue(objects.contains { $0.hasSuffix("\t\(item)") }, item)
        }
        try session.key("d")
        try session.waitUntil("Plans deleted, Other kept") {
            let notes = (try? session.store()?.notes()) ?? []
            return notes.map(\.title) == ["Other"]
        }
        XCTAssertEqual(try session.text(of: tote, in: "frame=1/Note body"), "Call the vet", "the note shown stays")
    }
}
