// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// A usual session — a note opened, typed into and formatted, the menus, context menus and
/// the shortcuts window opened, a list opened, the window narrowed to 360 px, quit — prints no GTK warning or
/// critical on stderr (issue 14, item 6).
final class ConsoleWarningsTests: EndToEndTestCase {
    func testAUsualSessionPrintsNoWarnings() throws {
        let (tote, window) = try launchToteWithPlansAndGroceries()

        try openNote("Plans", in: 1, of: tote, window: window)
        let end = try session.characterCenters(of: tote, in: "Note body", offsets: [12], window: window)[0]
        try session.input(["mousemove", "\(end.x + 8)", "\(end.y)", "click", "1"])
        try session.key("End")
        try session.type(" and ")
        try session.key("ctrl+b")
        try session.type("stove")
        try session.key("ctrl+b")
        // The note's context menu, the main menu and its submenus.
        try session.input(["click", "3"])
        session.pace(0.5)
        try session.key("Escape")
        try session.key("F10")
        session.pace(0.5)
        try session.key("Down", "Down", "Right")
        session.pace(0.5)
        try session.key("Escape", "Escape", "Escape")
        // The shortcuts window: its page numbers asked for a negative width (libadwaita's
        // circular buttons), one warning each.
        try session.key("ctrl+question")
        session.pace(1)
        try session.key("Escape")
        session.pace(0.5)

        let apples = try openList("Groceries", showing: "Apples", of: tote, window: window)
        try session.input(["mousemove", "\(apples.x)", "\(apples.y)", "click", "3"])
        session.pace(0.5)
        try session.key("Escape")

        // Narrowed to GNOME's small-screen width, and back.
        try session.place(window, x: 0, y: 0, width: 360, height: 700)
        session.pace(1)
        try session.place(window, x: 0, y: 0, width: 900, height: 700)
        session.pace(0.5)

        try session.key("ctrl+q")
        try session.waitUntil("Tote to quit") { !tote.isRunning }
        XCTAssertEqual(tote.terminationStatus, 0)
        let complaints = try session.toteComplaints()
        XCTAssertEqual(complaints, [], "GTK warned:\n" + complaints.joined(separator: "\n"))
    }
}
