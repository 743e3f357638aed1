// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// A repeat chosen from a reminder's menu (a right click, then its access keys), shown on its row in words, and
/// the reminder marked done moving on to its next occurrence, one Ctrl+Z putting it back.
final class RepeatTests: EndToEndTestCase {
    /// The selected reminder's menu by a right click where the pointer is, then its Repeat
    /// submenu by its access key (the menu's own window is not where AT-SPI's window
    /// coordinates say, so no clicks in it).
    private func openRepeatMenu(of tote: Process) throws {
        try session.input(["click", "3"])
        try session.waitUntil("the reminder's menu") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tRepeat") } == true
        }
        try session.key("a")
        try session.waitUntil("the Repeat submenu") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tCustom…") } == true
        }
    }

    func testAWeeklyRepeatFromTheMenuMovesTheReminderOnWhenMarkedDone() throws {
        let store = try Store(location: session.storeLocation)
        let list = try makeList("Chores", ["Bins out", "Laundry"], in: store)
        let calendar = ReminderChoices.localGregorian
        let due = calendar.date(byAdding: .day, value: 2, to: calendar.startOfDay(for: Date()))!
            .addingTimeInterval(19 * 3600)
        let bins = try XCTUnwrap(try store.reminders(inList: list).first)
        var dated = bins
        dated.due = due
        try store.apply(.update(before: [bins], after: [dated]))
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        _ = try openList("Chores", showing: "Laundry", of: tote, window: window)
        try session.focus(window)
        func stored() -> Reminder? { (try? session.store()?.reminders(inList: list))?.first { $0.id == bins.id } }

        let row = try waitForCenter(of: tote, named: "frame=1/Laundry, not done", window: window)
        let binsRow = (x: row.x, y: row.y - 30)
        try session.input(["mousemove", "\(binsRow.x)", "\(binsRow.y)", "click", "1"])
        session.pace(0.3)
        try openRepeatMenu(of: tote)
        try session.key("e")
        try session.waitUntil("Bins out repeats weekly") { stored()?.repeatRule?.rrule == "FREQ=WEEKLY" }
        XCTAssertTrue(try session.accessibleObjects(of: tote).contains { $0.hasPrefix("list item\tBins out, not done") && $0.contains("Every week") })

        try session.key("ctrl+Return")
        let next = calendar.date(byAdding: .day, value: 7, to: due)!
        try session.waitUntil("moved on a week, still open") { stored()?.due == next && stored()?.isDone == false }
        try session.key("ctrl+z")
        try session.waitUntil("back to its day") { stored()?.due == due }
    }

    /// Custom…: every 2 weeks, typed into the dialog and confirmed with Enter.
    func testCustomRepeatEveryTwoWeeks() throws {
        let store = try Store(location: session.storeLocation)
        let list = try makeList("Chores", ["Mow the lawn"], in: store)
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        let row = try openList("Chores", showing: "Mow the lawn", of: tote, window: window)
        try session.focus(window)
        try session.input(["mousemove", "\(row.x)", "\(row.y)", "click", "1"])
        session.pace(0.3)
        try openRepeatMenu(of: tote)
        try session.key("c")
        try session.waitUntil("the Custom Repeat dialog") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.contains("Custom Repeat") } == true
        }
        session.pace(0.3)
        try session.key("ctrl+a")
        try session.type("2")
        try session.key("Return")
        try session.waitUntil("every 2 weeks") {
            (try? session.store()?.reminders(inList: list))?.first?.repeatRule?.rrule == "FREQ=WEEKLY;INTERVAL=2"
        }
        XCTAssertTrue(try session.accessibleObjects(of: tote).contains { $0.contains("Mow the lawn, not done") && $0.contains("Every 2 weeks") })
    }

    /// The details' Repeat row, from the keyboard: a preset chosen there is the reminder's
    /// repeat, shown on its row.
    func testARepeatChosenInTheDetails() throws {
        let (tote, window) = try launchToteWithPlansAndGroceries()
        _ = try openList("Groceries", showing: "Apples", of: tote, window: window)
        try openDetails(ofRow: "Bread, not done", tote, window: window)
        // From the notes, Tab goes down the rows to Repeat.
        for _ in 0..<6 {
            if (try? session.focusedObjects(of: tote))?.contains(where: { $0.contains("Repeat") }) == true { break }
            try session.key("Tab")
            session.pace(0.2)
        }
        try session.waitUntil("Repeat focused") {
            (try? session.focusedObjects(of: tote))?.contains { $0.contains("Repeat") } == true
        }
        try session.key("Return")
        try session.waitUntil("the choices") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tEvery weekday") } == true
        }
        // Never, Every day, Every weekday.
        try session.key("Down", "Down", "Return")
        func bread() -> Reminder? {
            guard let store = session.store(), let list = try? store.reminderLists().first else { return nil }
            return (try? store.reminders(inList: list.id))?.first { $0.title == "Bread" }
        }
        try session.waitUntil("Bread repeats on weekdays") {
            bread().map { ReminderChoices.repeatName($0.repeatRule) } == ReminderChoices.repeatName(RepeatRule(.weekdays))
        }
        // One step, undone once the details are closed (the rule read back is the one written).
        try session.key("Escape")
        try session.waitUntil("the details closed") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tReminder Details") } == false
        }
        try session.key("ctrl+z")
        try session.waitUntil("Bread repeats no more") { bread() != nil && bread()?.repeatRule == nil }
    }
}
