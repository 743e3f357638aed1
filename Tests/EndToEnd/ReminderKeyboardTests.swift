// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Reminders created, completed and moved with the keyboard alone, in the real app.
final class ReminderKeyboardTests: EndToEndTestCase {
    private func titles(_ listIndex: Int) -> [String] {
        guard let store = session.store(), let lists = try? store.reminderLists(), lists.count > listIndex else {
            return []
        }
        return ((try? store.reminders(inList: lists[listIndex].id)) ?? []).map(\.title)
    }

    func testCreatingCompletingAndMovingRemindersByKeyboard() throws {
        let tote = try session.launchTote()
        _ = try session.waitForWindow(of: tote)

        // Ctrl+Shift+L asks for a name, makes the list and puts the cursor in its "New
        // reminder" entry.
        try session.key("ctrl+shift+l")
        try newListDialog(session, of: tote, name: "Shopping")
        try session.waitUntil("the first list") { (try? session.store()?.reminderLists().map(\.name)) == ["Shopping"] }
        for title in ["Milk", "Bread", "Eggs"] {
            try session.type(title)
            try session.key("Return")
        }
        try session.waitUntil("three reminders") { titles(0) == ["Milk", "Bread", "Eggs"] }

        // Into the list, to the first row, and Ctrl+Return completes it.
        try session.key("shift+Tab", "Home", "ctrl+Return")
        try session.waitUntil("Milk done") {
            (try? session.store()?.reminders(inList: session.store()!.reminderLists()[0].id).first?.isDone) == true
        }
        // Shift+F10 and the Menu key open the selected reminder's menu, as a right click does.
        for key in ["shift+F10", "Menu"] {
            try session.key(key)
            try session.waitUntil("the menu by \(key)") {
                (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tMove to List…") } == true
            }
            try session.key("Escape")
            try session.waitUntil("the menu closed") {
                (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tMove to List…") } == false
            }
        }

        // A second list with one reminder, moved to the first list with Ctrl+Shift+M.
        try session.key("ctrl+shift+l")
        try newListDialog(session, of: tote, name: "")  // Return alone: the usual name
        try session.waitUntil("the second list") {
            (try? session.store()?.reminderLists().map(\.name)) == ["Shopping", "New List"]
        }
        try session.type("Soap")
        try session.key("Return")
        try session.waitUntil("Soap in the second list") { titles(1) == ["Soap"] }
        try session.key("shift+Tab", "Home", "ctrl+shift+m")
        try session.waitUntil("the list chooser") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.contains("Move 1 Reminder to List") } == true
        }
        try session.key("Return")
        try session.waitUntil("Soap moved to the end of the first list") {
            titles(0) == ["Milk", "Bread", "Eggs", "Soap"] && titles(1).isEmpty
        }

        // One Ctrl+Z puts it back.
        try session.key("ctrl+z")
        try session.waitUntil("Soap back in the second list") {
            titles(0) == ["Milk", "Bread", "Eggs"] && titles(1) == ["Soap"]
        }
        try session.key("ctrl+q")
        try session.waitUntil("Tote to quit") { !tote.isRunning }
        XCTAssertEqual(try session.store()?.integrityCheck(), "ok")
    }

    func testACalendarFileOnTheCommandLineBecomesAList() throws {
        let file = session.root.appendingPathComponent("Errands.ics")
        try """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VTODO\r
        SUMMARY:Return library books\r
        PRIORITY:1\r
        END:VTODO\r
        BEGIN:VEVENT\r
        SUMMARY:Dentist\r
        DTSTART:20261201T093000Z\r
        DESCRIPTION:not imported\r
        END:VEVENT\r
        END:VCALENDAR\r

        """.write(to: file, atomically: true, encoding: .utf8)
        let tote = try session.launchTote([file.path])
        _ = try session.waitForWindow(of: tote)
        try session.waitUntil("the imported list") { (try? session.store()?.reminderLists().first?.name) == "Errands" }
        let store = try XCTUnwrap(session.store())
        let reminders = try store.reminders(inList: try store.reminderLists()[0].id)
        XCTAssertEqual(reminders.map(\.title), ["Return library books", "Dentist"])
        XCTAssertEqual(reminders[0].priority, .high)
        XCTAssertEqual(reminders[1].due, Date(timeIntervalSince1970: 1_796_117_400))
        XCTAssertEqual(reminders[1].notes, "", "only the summary and start of an event")
    }

    /// A calendar file whose one to-do has a 10 MB summary without a space: the list shows
    /// it with its title cut, its details open with the beginning of the notes (Pango took
    /// minutes to wrap them whole), and closing the details loses nothing of them.
    func testACalendarFileWithATenMegabyteSummaryOpensAndItsDetailsShowTheBeginning() throws {
        let file = session.root.appendingPathComponent("Hostile.ics")
        let summary = String(repeating: "x", count: 10_000_000)
        try ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nSUMMARY:" + summary
             + "\r\nEND:VTODO\r\nEND:VCALENDAR\r\n").write(to: file, atomically: true, encoding: .utf8)
        let tote = try session.launchTote([file.path])
        let window = try session.waitForWindow(of: tote)
        func stored() -> Reminder? {
            guard let store = session.store(), let list = try? store.reminderLists().first else { return nil }
            return (try? store.reminders(inList: list.id))?.first
        }
        try session.waitUntil("the imported list", timeout: 60) { stored()?.notes.count == summary.count }
        // Cut with an ellipsis to the longest title, which the list cuts again.
        let title = String(repeating: "x", count: ICalendarFormat.maximumTitleLength)
        XCTAssertEqual(stored()?.title, title)
        try openDetails(ofRow: "\(title), not done, with notes", tote, window: window)
        try session.waitUntil("the beginning of the notes", timeout: 30) {
            (try? session.accessibleObjects(of: tote))?.contains {
                $0.hasSuffix("\tOnly the first 2,000 of 10,000,000 characters show here: notes this long cannot be edited")
            } == true
        }
        XCTAssertEqual(try session.text(of: tote, in: "frame=1/Notes").count, ReminderDetails.notesBeginningLength)
        try session.type("typed")
        try session.key("Escape")
        try session.waitUntil("the details closed") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tReminder Details") } == false
        }
        XCTAssertEqual(stored()?.notes, summary, "the notes as they came, whole")
    }
}
