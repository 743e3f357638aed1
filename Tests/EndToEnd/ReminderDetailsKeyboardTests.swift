// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// A reminder's details, opened, typed in and closed with the keyboard alone, in the real app.
final class ReminderDetailsKeyboardTests: EndToEndTestCase {
    private func reminders() -> [Reminder] {
        guard let store = session.store(), let list = try? store.reminderLists().first else { return [] }
        return (try? store.reminders(inList: list.id)) ?? []
    }

    func testNotesTypedInTheDetailsByKeyboardAreSavedAndUndoneInOneStep() throws {
        let (tote, window) = try launchTote(width: 1000)
        try session.key("ctrl+shift+l")
        try newListDialog(session, of: tote, name: "Camping")
        try session.waitUntil("the list") { (try? session.store()?.reminderLists().map(\.name)) == ["Camping"] }
        for title in ["Tent", "Stove", "Map"] {
            try session.type(title)
            try session.key("Return")
        }
        try session.waitUntil("three reminders") { reminders().map(\.title) == ["Tent", "Stove", "Map"] }
        let before = try XCTUnwrap(reminders().first { $0.title == "Stove" })

        // Into the list, to the second row; Alt+Return opens its details, the keyboard in
        // the notes.
        let windowsBefore = try visibleWindows(of: tote)
        try session.key("shift+Tab", "Home", "Down", "alt+Return")
        try session.waitUntil("the details") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tReminder Details") } == true
        }
        // A screen reader finds each field by its name.
        let objects = try session.accessibleObjects(of: tote)
        for name in ["Title", "Notes", "Due date: None", "Time", "Priority"] {
            XCTAssertTrue(objects.contains { $0.hasSuffix("\t\(name)") }, "\(name) in \(objects.suffix(40))")
        }
        try checkUnclipped(of: tote, in: window, besides: windowsBefore)
        session.screenshot("reminder-details")
        try session.type("Gas cartridges")
        XCTAssertEqual(reminders().first { $0.id == before.id }?.notes, "", "nothing saved while typing")
        try session.key("Escape")
        try session.waitUntil("the notes saved") { reminders().first { $0.id == before.id }?.notes == "Gas cartridges" }
        try session.waitUntil("the details gone") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tReminder Details") } == false
        }

        try session.waitUntil("the row saying it has notes") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tStove, not done, with notes") } == true
        }

        // The list has the keyboard again: one Ctrl+Z takes the notes away.
        try session.key("ctrl+z")
        try session.waitUntil("the notes undone") { reminders().first { $0.id == before.id }?.notes == "" }
        XCTAssertEqual(reminders().first { $0.id == before.id }?.title, "Stove")
        try session.key("ctrl+q")
        try session.waitUntil("Tote to quit") { !tote.isRunning }
        XCTAssertEqual(tote.terminationStatus, 0)
        let complaints = try session.toteComplaints()
        XCTAssertEqual(complaints, [], "GTK warned:\n" + complaints.joined(separator: "\n"))
    }

    /// The due date's quick choices by keyboard: from the notes, Tab reaches Due Date, Return
    /// opens its choices, and Tomorrow's access key sets it (then Next Week, then Clear).
    func testTheDueDatesQuickChoicesWorkFromTheKeyboard() throws {
        let (tote, window) = try launchToteWithPlansAndGroceries()
        _ = try openList("Groceries", showing: "Apples", of: tote, window: window)
        try openDetails(ofRow: "Bread, not done", tote, window: window)
        func bread() -> Reminder? {
            guard let store = session.store(), let list = try? store.reminderLists().first else { return nil }
            return (try? store.reminders(inList: list.id))?.first { $0.title == "Bread" }
        }
        let tomorrow = ReminderChoices.dueDate(named: "tomorrow", now: Date())
        func quickChoices(shown: Bool) throws {
            try session.waitUntil(shown ? "the quick choices" : "the quick choices closed") {
                (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tNext Week") } == shown
            }
        }
        try session.key("Tab", "Return")
        try quickChoices(shown: true)
        try session.key("alt+o")
        try session.waitUntil("Bread due tomorrow") { bread()?.due == tomorrow }
        try quickChoices(shown: false)
        try session.key("Return")
        try quickChoices(shown: true)
        try session.key("alt+w")
        // On a Sunday, next week's Monday is tomorrow: the store shows no change, the closed menu does.
        try session.waitUntil("Bread due next week") { bread()?.due == ReminderChoices.dueDate(named: "next-week", now: Date()) }
        try quickChoices(shown: false)
        try session.key("Return")
        try quickChoices(shown: true)
        try session.key("alt+c")
        try session.waitUntil("Bread due no more") { bread() != nil && bread()?.due == nil }
    }

    /// Details… in a reminder's right-click menu opens the same popover, for that reminder.
    func testDetailsInTheRowsMenuOpensItsDetails() throws {
        let (tote, window) = try launchToteWithPlansAndGroceries()
        _ = try openList("Groceries", showing: "Apples", of: tote, window: window)
        let bread = try waitForCenter(of: tote, named: "frame=1/Bread, not done", window: window)
        try session.input(["mousemove", "\(bread.x)", "\(bread.y)", "click", "3"])
        try session.waitUntil("the menu") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tDetails…") } == true
        }
        // Its access key (AT-SPI places a menu's items in the menu's own surface, not the window).
        try session.key("i")
        try session.waitUntil("the details") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tReminder Details") } == true
        }
        try session.type("Wholemeal")
        try session.key("Escape")
        try session.waitUntil("Bread's notes saved") {
            guard let store = session.store(), let list = try? store.reminderLists().first else { return false }
            return (try? store.reminders(inList: list.id))?.first { $0.title == "Bread" }?.notes == "Wholemeal"
        }
    }

    /// The popover's own window (X11 gives each popover one) lies in Tote's 1000×700 window,
    /// but for the shadow drawn around it.
    private func checkUnclipped(of tote: Process, in window: String, besides earlier: Set<String>) throws {
        guard session.backend == .x11 else { return }
        var popovers: [String] = []
        try session.waitUntil("the popover's window") {
            popovers = Array(try visibleWindows(of: tote).subtracting(earlier))
            return !popovers.isEmpty
        }
        let frame = try session.windowFrame(window)
        XCTAssertEqual([frame.width, frame.height], [1000, 700])
        // Adwaita's popover shadow and its arrow: the surface is larger than what shows.
        let shadow = 32
        for popover in popovers {
            let box = try session.windowFrame(popover)
            XCTAssertGreaterThanOrEqual(box.x + shadow, frame.x, "left edge of \(box)")
            XCTAssertGreaterThanOrEqual(box.y + shadow, frame.y, "top edge of \(box)")
            XCTAssertLessThanOrEqual(box.x + box.width - shadow, frame.x + frame.width, "right edge of \(box)")
            XCTAssertLessThanOrEqual(box.y + box.height - shadow, frame.y + frame.height, "bottom edge of \(box)")
        }
    }

    /// Tote's visible X windows, popovers included (they have no name).
    private func visibleWindows(of tote: Process) throws -> Set<String> {
        guard session.backend == .x11 else { return [] }
        let search = Process()
        search.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        search.arguments = ["search", "--onlyvisible", "--pid", "\(tote.processIdentifier)", ""]
        search.environment = session.environment
        let output = Pipe()
        search.standardOutput = output
        search.standardError = FileHandle.nullDevice
        try search.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        search.waitUntilExit()
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }
}
