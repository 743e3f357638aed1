// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Real drags onto the smart lists: reminders of two lists, Ctrl-selected in All, dropped on
/// Today's sidebar row become due today where they are, and one Ctrl+Z takes that back; a
/// reminder dropped on Completed is done; one dropped on a day of Scheduled (sprung open
/// under the drag) is due that day.
final class SmartListDragTests: EndToEndTestCase {
    private var groceries = UUID(), work = UUID()

    private func start() throws -> (tote: Process, window: String) {
        let store = try Store(location: session.storeLocation)
        groceries = try makeList("Groceries", ["Apples", "Bread", "Cheese"], in: store)
        work = try makeList("Work", ["Email Ann", "Report"], in: store)
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        _ = try openList("Groceries", showing: "Apples", of: tote, window: window)
        try session.focus(window)
        return (tote, window)
    }

    private func reminders() -> [String: Reminder] {
        let lists = [groceries, work].flatMap { (try? session.store()?.reminders(inList: $0)) ?? [] }
        return Dictionary(lists.map { ($0.title, $0) }, uniquingKeysWith: { a, _ in a })
    }

    private func dueToday(_ titles: [String]) -> Bool {
        let found = reminders()
        let today = Calendar.current.startOfDay(for: Date())
        return titles.allSatisfy { found[$0]?.due == today }
    }

    func testRemindersOfTwoListsDroppedOnTodayBecomeDueTodayAndOneUndoPutsThemBack() throws {
        let (tote, window) = try start()
        let allRow = try waitForCenter(of: tote, named: "frame=1/All", window: window)
        try session.input(["mousemove", "\(allRow.x)", "\(allRow.y)", "click", "1"])
        // In a smart list each row names its list.
        let apples = try waitForCenter(of: tote, named: "frame=1/Apples, not done, Groceries", window: window)
        try session.input(["mousemove", "\(apples.x)", "\(apples.y)", "click", "1"])
        for name in ["Cheese, not done, Groceries", "Report, not done, Work"] {
            let point = try waitForCenter(of: tote, named: "frame=1/\(name)", window: window)
            try session.input(["mousemove", "\(point.x)", "\(point.y)", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
            session.pace(0.2)
        }
        let report = try waitForCenter(of: tote, named: "frame=1/Report, not done, Work", window: window)
        let todayRow = try waitForCenter(of: tote, named: "frame=1/Today", window: window)
        try session.drag(from: report, to: todayRow)
        try session.waitUntil("three due today") { dueToday(["Apples", "Cheese", "Report"]) }
        let after = reminders()
        XCTAssertNil(after["Bread"]?.due)
        XCTAssertNil(after["Email Ann"]?.due)
        XCTAssertEqual(after["Report"]?.listID, work, "a reminder keeps its list")
        XCTAssertEqual(after["Apples"]?.listID, groceries)
        XCTAssertTrue(try session.accessibleObjects(of: tote).contains { $0.contains("3 reminders are now due today") })
        // Today is shown, with the three selected.
        _ = try waitForCenter(of: tote, named: "frame=1/Apples, not done, Today, Groceries", window: window)

        try session.key("ctrl+z")
        try session.waitUntil("none due any more") {
            let found = reminders()
            return ["Apples", "Cheese", "Report"].allSatisfy { found[$0] != nil && found[$0]?.due == nil }
        }
    }

    func testAReminderDroppedOnCompletedIsDone() throws {
        let (tote, window) = try start()
        let bread = try waitForCenter(of: tote, named: "frame=1/Bread, not done", window: window)
        let completedRow = try waitForCenter(of: tote, named: "frame=1/Completed", window: window)
        try session.drag(from: bread, to: completedRow)
        try session.waitUntil("Bread done") { reminders()["Bread"]?.isDone == true }
        XCTAssertEqual(reminders()["Bread"]?.listID, groceries)
        XCTAssertEqual(reminders().values.filter(\.isDone).map(\.title), ["Bread"])
        XCTAssertTrue(try session.accessibleObjects(of: tote).contains { $0.contains("1 reminder marked as done") })
    }

    func testScheduledSpringsOpenUnderADragAndADayGroupSetsThatDay() throws {
        let store = try Store(location: session.storeLocation)
        groceries = try makeList("Groceries", ["Apples", "Bread"], in: store)
        work = try makeList("Work", ["Report"], in: store)
        let calendar = Calendar.current
        let inThreeDays = calendar.date(byAdding: .day, value: 3, to: calendar.startOfDay(for: Date()))!
        var report = try XCTUnwrap(store.reminders(inList: work).first)
        let before = report
        report.due = inThreeDays.addingTimeInterval(10 * 3600)
        try store.apply(.update(before: [before], after: [report]))
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        let apples = try openList("Groceries", showing: "Apples", of: tote, window: window)
        try session.focus(window)

        let scheduledRow = try waitForCenter(of: tote, named: "frame=1/Scheduled", window: window)
        try session.press(at: apples)
        try session.glide(from: apples, to: scheduledRow, steps: 12)
        session.pace(0.9)  // longer than the 500 ms a drag rests before springing
        // Scheduled is open: Report's row, under its day's heading.
        var name = ""
        try session.waitUntil("Report in Scheduled") {
            let names = ((try? session.accessibleObjects(of: tote)) ?? []).map { $0.split(separator: "\t").last.map(String.init) ?? "" }
            name = names.first { $0.hasPrefix("Report, not done, ") && $0.hasSuffix(", Work") } ?? ""
            return !name.isEmpty
        }
        let target = try waitForCenter(of: tote, named: "frame=1/\(name)", window: window)
        try session.glide(from: scheduledRow, to: target, steps: 12)
        session.pace(0.3)
        try session.input(["mouseup", "1"])
        try session.waitUntil("Apples due on Report's day") { reminders()["Apples"]?.due == inThreeDays }
        // Scheduled shows it on that day, selected.
        try session.waitUntil("Apples in Scheduled") {
            let names = ((try? session.accessibleObjects(of: tote)) ?? []).map { $0.split(separator: "\t").last.map(String.init) ?? "" }
            return names.contains { $0.hasPrefix("Apples, not done, ") && $0.hasSuffix(", Groceries") }
        }
        session.pace(0.3)
        session.screenshot("scheduled-after-drop")
        XCTAssertEqual(reminders()["Apples"]?.listID, groceries)
    }

    func testNoteTextDroppedOnTodayBecomesAReminderDueTodayInTheFirstList() throws {
        let store = try Store(location: session.storeLocation)
        groceries = try makeList("Groceries", ["Apples"], in: store)
        work = try makeList("Work", [], in: store)
        let note = try store.createNote()
        _ = try store.save(noteID: note.id, title: "Plans", body: RichText(plain: "Buy soap\nCall Ann"))
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        try openNote("Plans", in: 1, of: tote, window: window)
        let soap = try selectNoteStart(8, grab: 4, in: 1, of: tote, window: window)
        let todayRow = try waitForCenter(of: tote, named: "frame=1/Today", window: window)
        try session.drag(from: soap, to: todayRow)
        try session.waitUntil("Buy soap due today in Groceries") { dueToday(["Buy soap"]) }
        XCTAssertEqual(try session.store()?.reminders(inList: groceries).map(\.title), ["Apples", "Buy soap"])
        XCTAssertEqual(try session.store()?.note(id: note.id)?.body, "Buy soap\nCall Ann", "a copy")
        XCTAssertTrue(try session.accessibleObjects(of: tote).contains { $0.contains("1 reminder is now due today") })
        // Today is on screen; one Ctrl+Z takes the reminder away again.
        try session.key("ctrl+z")
        try session.waitUntil("Buy soap gone") {
            (try? session.store()?.reminders(inList: groceries).map(\.title)) == ["Apples"]
        }
        XCTAssertTrue(try session.accessibleObjects(of: tote).contains { $0.hasSuffix("\tNothing Due Today") })
    }
}
