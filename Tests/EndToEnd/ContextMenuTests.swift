// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Real right clicks open Tote's menus in a note, on a sidebar row and on a reminder, every time: the menu's
/// grab takes the release, and a gesture left waiting for it opened nothing on the next
/// click (`ContextMenu.openOnSecondaryPress`).
final class ContextMenuTests: EndToEndTestCase {
    func testEveryRightClickInANoteOnASidebarRowAndOnAReminderOpensItsMenu() throws {
        let (tote, window) = try launchToteWithPlansAndGroceries()

        func menuShown(_ item: String) -> () -> Bool {
            { (try? self.session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\t\(item)") } == true }
        }
        func rightClickTwice(at point: (x: Int, y: Int), showing item: String) throws {
            for time in 1...2 {
                try session.input(["mousemove", "\(point.x)", "\(point.y)"])
                session.pace(0.1)
                try session.input(["click", "3"])
                try session.waitUntil("the menu with \(item), right click \(time)", menuShown(item))
                try session.key("Escape")
                try session.waitUntil("the menu closed") { !menuShown(item)() }
                session.pace(0.3)
            }
        }

        try openNote("Plans", in: 1, of: tote, window: window)
        let text = try session.characterCenters(of: tote, in: "Note body", offsets: [2], window: window)[0]
        try rightClickTwice(at: text, showing: "Insert File…")

        // A list's row: the note's row shares its name with the note's title in the header.
        let row = try waitForCenter(of: tote, named: "frame=1/Groceries", window: window)
        try rightClickTwice(at: row, showing: "Rename…")

        let apples = try openList("Groceries", showing: "Apples", of: tote, window: window)
        try rightClickTwice(at: apples, showing: "Move to List…")
    }
}
