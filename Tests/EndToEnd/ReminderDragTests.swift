// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Real drags of reminders (on X11 or Wayland): reordering within a list, moving onto
/// another list's sidebar row, several at once, Ctrl copying, spring loading into another
/// list, and one Ctrl+Z putting each back.
final class ReminderDragTests: EndToEndTestCase {
    private var groceries = UUID(), work = UUID()

    /// "Groceries" (Apples … Eggs) shown in one window, and "Work" (Email Ann) in the sidebar.
    private func start(alsoMaking more: [String] = []) throws -> (tote: Process, window: String) {
        let location = StoreLocation(appID: "io.github.totenotes.Tote", environment: session.environment)
        let store = try Store(location: location)
        groceries = try makeList("Groceries", ["Apples", "Bread", "Cheese", "Dates", "Eggs"], in: store)
        work = try makeList("Work", ["Email Ann"], in: store)
        for name in more { _ = try makeList(name, [], in: store) }
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        _ = try openList("Groceries", showing: "Apples", of: tote, window: window)
        try session.focus(window)
        return (tote, window)
    }

    private func titles(_ list: UUID) -> [String] {
        ((try? session.store()?.reminders(inList: list)) ?? []).map(\.title)
    }

    private func row(_ title: String, _ tote: Process, _ window: String) throws -> (x: Int, y: Int) {
        try waitForCenter(of: tote, named: "frame=1/\(title), not done", window: window)
    }

    func testDraggingARowReordersItToTheTopAndToTheEndAndCtrlZPutsItBack() throws {
        let (tote, window) = try start()
        let apples = try row("Apples", tote, window), dates = try row("Dates", tote, window)
        try session.drag(from: dates, to: (apples.x, apples.y - 8))
        try session.waitUntil("Dates on top") { titles(groceries) == ["Dates", "Apples", "Bread", "Cheese", "Eggs"] }

        let eggs = try row("Eggs", tote, window), first = try row("Dates", tote, window)
        try session.drag(from: first, to: (eggs.x, eggs.y + 8))
        try session.waitUntil("Dates at the end") { titles(groceries) == ["Apples", "Bread", "Cheese", "Eggs", "Dates"] }

        try session.key("ctrl+z")
        try session.waitUntil("Dates back on top") { titles(groceries) == ["Dates", "Apples", "Bread", "Cheese", "Eggs"] }
        try session.key("ctrl+z")
        try session.waitUntil("the first order") { titles(groceries) == ["Apples", "Bread", "Cheese", "Dates", "Eggs"] }
    }

    func testADropOntoItsOwnPlaceChangesNothing() throws {
        let (tote, window) = try start()
        let bread = try row("Bread", tote, window)
        try session.drag(from: bread, to: (bread.x + 30, bread.y + 4))
        session.pace(1)
        XCTAssertEqual(titles(groceries), ["Apples", "Bread", "Cheese", "Dates", "Eggs"])
    }

    func testAReminderMovesOntoAnotherListsSidebarRowAndCtrlCopies() throws {
        let (tote, window) = try start()
        let bread = try row("Bread", tote, window)
        let workRow = try waitForCenter(of: tote, named: "frame=1/Work", window: window)
        try session.drag(from: bread, to: workRow)
        try session.waitUntil("Bread moved to Work") {
            titles(work) == ["Email Ann", "Bread"] && titles(groceries) == ["Apples", "Cheese", "Dates", "Eggs"]
        }
        XCTAssertTrue(try session.accessibleObjects(of: tote).contains { $0.contains("Moved 1 reminder to “Work”") })
        try session.key("ctrl+z")
        try session.waitUntil("Bread back") {
            titles(work) == ["Email Ann"] && titles(groceries) == ["Apples", "Bread", "Cheese", "Dates", "Eggs"]
        }

        // Ctrl copies Cheese to Work and keeps it in Groceries (shown again: resting on Work
        // during the drop may have opened it).
        let groceriesRow = try waitForCenter(of: tote, named: "frame=1/Groceries", window: window)
        try session.input(["mousemove", "\(groceriesRow.x)", "\(groceriesRow.y)", "click", "1"])
        let cheese = try row("Cheese", tote, window)
        try session.drag(from: cheese, to: workRow, modifier: "ctrl")
        try session.waitUntil("a copy of Cheese in Work") {
            titles(work) == ["Email Ann", "Cheese"] && titles(groceries) == ["Apples", "Bread", "Cheese", "Dates", "Eggs"]
        }
    }

    func testDraggingAListsSidebarRowReordersTheListsAndCtrlZPutsThemBack() throws {
        let (tote, window) = try start(alsoMaking: ["Home"])
        func order() -> [String] { ((try? session.store()?.reminderLists()) ?? []).map(\.name) }
        let homeRow = try waitForCenter(of: tote, named: "frame=1/Home", window: window)
        // "Groceries" is also the shown list's title: its row is the one above Work's.
        let workRow = try waitForCenter(of: tote, named: "frame=1/Work", window: window)
        let groceriesRow = (x: workRow.x, y: workRow.y - (homeRow.y - workRow.y))
        XCTAssertEqual(order(), ["Groceries", "Work", "Home"])

        try session.drag(from: homeRow, to: groceriesRow)
        try session.waitUntil("Home on top") { order() == ["Home", "Groceries", "Work"] }
        XCTAssertEqual(titles(groceries), ["Apples", "Bread", "Cheese", "Dates", "Eggs"], "the shown list's rows stay")
        try session.key("ctrl+z")
        try session.waitUntil("the first order") { order() == ["Groceries", "Work", "Home"] }
    }

    func testThreeSeparateRemindersMoveTogetherAndOneUndoPutsThemBack() throws {
        let (tote, window) = try start()
        let apples = try row("Apples", tote, window)
        try session.input(["mousemove", "\(apples.x)", "\(apples.y)", "click", "1"])
        for title in ["Cheese", "Eggs"] {
            let point = try row(title, tote, window)
            try session.input(["mousemove", "\(point.x)", "\(point.y)", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
            session.pace(0.2)
        }
        let workRow = try waitForCenter(of: tote, named: "frame=1/Work", window: window)
        try session.drag(from: try row("Cheese", tote, window), to: workRow)
        try session.waitUntil("three moved, in their order") {
            titles(work) == ["Email Ann", "Apples", "Cheese", "Eggs"] && titles(groceries) == ["Bread", "Dates"]
        }
        XCTAssertTrue(try session.accessibleObjects(of: tote).contains { $0.contains("Moved 3 reminders to “Work”") })
        try session.key("ctrl+z")
        try session.waitUntil("all three back") {
            titles(work) == ["Email Ann"] && titles(groceries) == ["Apples", "Bread", "Cheese", "Dates", "Eggs"]
        }
    }

    func testEscapeCancelsAReminderDragAndChangesNothing() throws {
        let (tote, window) = try start()
        let apples = try row("Apples", tote, window), eggs = try row("Eggs", tote, window)
        try session.press(at: apples)
        try session.glide(from: apples, to: (apples.x + 10, eggs.y + 8), steps: 10)
        session.pace(0.3)
        try session.key("Escape")
        session.pace(0.3)
        try session.input(["mouseup", "1"])
        session.pace(1)
        XCTAssertEqual(titles(groceries), ["Apples", "Bread", "Cheese", "Dates", "Eggs"])
    }

    func testRestingOnTheShowSidebarButtonBringsTheSidebarBackForTheDrop() throws {
        let (tote, window) = try start()
        try session.key("F9")
        let button = try waitForCenter(of: tote, named: "frame=1/Show Sidebar", window: window)
        let apples = try row("Apples", tote, window)
        try session.press(at: apples)
        try session.glide(from: apples, to: button, steps: 12)
        session.pace(0.9)  // longer than the 500 ms a drag rests before springing
        var workRow = (x: 0, y: 0)
        try session.waitUntil("the sidebar back during the drag") {
            guard let point = try? session.center(of: tote, named: "frame=1/Work", window: window), point.x > 0 else {
                return false
            }
            workRow = point
            return true
        }
        try session.glide(from: button, to: workRow, steps: 10)
        session.pace(0.3)
        try session.input(["mouseup", "1"])
        try session.waitUntil("Apples moved to Work") { titles(work) == ["Email Ann", "Apples"] }
    }

    func testRestingOnAListsRowOpensItSoTheDropLandsAtAnExactPlace() throws {
        let (tote, window) = try start()
        let apples = try row("Apples", tote, window)
        let workRow = try waitForCenter(of: tote, named: "frame=1/Work", window: window)
        try session.press(at: apples)
        try session.glide(from: apples, to: workRow, steps: 12)
        // Resting on "Work" for longer than 500 ms opens it under the drag.
        session.pace(0.9)
        var ann = (x: 0, y: 0)
        try session.waitUntil("Work shown during the drag") {
            guard let point = try? session.center(of: tote, named: "frame=1/Email Ann, not done", window: window) else {
                return false
            }
            ann = point
            return true
        }
        try session.glide(from: workRow, to: (ann.x, ann.y - 8), steps: 8)
        session.pace(0.3)
        try session.input(["mouseup", "1"])
        try session.waitUntil("Apples before Email Ann") { titles(work) == ["Apples", "Email Ann"] }
    }
}

/// Real drags between a list and a note in two windows: reminders become checklist
/// paragraphs in the note, note text becomes one reminder per paragraph; both copies.
final class ReminderNoteDragTests: EndToEndTestCase {
    func testRemindersIntoANoteAndNoteTextOntoAList() throws {
        let location = StoreLocation(appID: "io.github.totenotes.Tote", environment: session.environment)
        let store = try Store(location: location)
        let groceries = try makeList("Groceries", ["Apples", "Bread"], in: store)
        let note = try store.createNote()
        _ = try store.save(noteID: note.id, title: "Plans", body: RichText(plain: "Buy soap\nCall Ann"))
        try store.checkpoint()

        let (tote, left) = try launchTote(width: 620)
        let apples = try openList("Groceries", showing: "Apples", of: tote, window: left)
        let right = try openSecondWindow(of: tote, besides: left)
        try openNote("Plans", in: 2, of: tote, window: right)

        // Apples, dragged after "Call Ann", becomes a checklist paragraph there.
        let end = try session.characterCenters(of: tote, in: "frame=2/Note body", offsets: [16], window: right)[0]
        try session.drag(from: apples, to: (end.x + 6, end.y))
        try session.waitUntil("a checklist paragraph in the note") {
            (try? session.store()?.note(id: note.id)?.body) == "Buy soap\nCall Ann\nApples"
        }
        let stored = try XCTUnwrap(session.store()?.note(id: note.id)?.richText())
        XCTAssertEqual(stored.paragraphs.last?.style, .checklist(checked: false))
        XCTAssertEqual(try session.store()?.reminders(inList: groceries).map(\.title), ["Apples", "Bread"], "a copy")

        // "Buy soap", selected in the note and dragged onto the list, becomes a reminder.
        let soap = try selectNoteStart(8, grab: 4, in: 2, of: tote, window: right)
        let bread = try waitForCenter(of: tote, named: "frame=1/Bread, not done", window: left)
        try session.drag(from: soap, to: (bread.x, bread.y + 10))
        try session.waitUntil("Buy soap in the list") {
            (try? session.store()?.reminders(inList: groceries).map(\.title)) == ["Apples", "Bread", "Buy soap"]
        }
        XCTAssertEqual(try session.store()?.note(id: note.id)?.body, "Buy soap\nCall Ann\nApples", "a copy")
    }
}

/// A list named `name` holding `titles` in order, written before Tote starts.
func makeList(_ name: String, _ titles: [String], in store: Store) throws -> UUID {
    let list = try store.createReminderList(name: name)
    let now = Date()
    try store.apply(.insert(titles.enumerated().map { index, title in
        Reminder(id: UUID(), listID: list.id, title: title, position: index, created: now, modified: now)
    }))
    return list.id
}

/// A real drag held near the bottom of a long list: GTK's list view scrolls, and the drop
/// lands where the pointer is after the scroll, not where that row was before it.
final class ReminderAutoScrollTests: EndToEndTestCase {
    func testADropAfterAutoScrollLandsWhereThePointerIs() throws {
        let location = StoreLocation(appID: "io.github.totenotes.Tote", environment: session.environment)
        let store = try Store(location: location)
        let long = try makeList("Long", (1...300).map { "Item \($0)" }, in: store)
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        let first = try openList("Long", showing: "Item 1", of: tote, window: window)
        let second = try waitForCenter(of: tote, named: "frame=1/Item 2, not done", window: window)
        let rowHeight = second.y - first.y

        // Into the bottom band (GtkListView scrolls within 30 px of its edge), held there,
        // then up out of it and released between two rows.
        let band = (x: first.x, y: 640)
        try session.press(at: first)
        try session.glide(from: first, to: band, steps: 14)
        // GtkListView scrolls by time: held long enough to pass 20 rows on a loaded machine too
        // (3 s once scrolled only 3 rows with both cores busy with other builds).
        session.pace(5)
        let release = (x: first.x, y: band.y - 5 * rowHeight)
        try session.glide(from: band, to: release, steps: 5)
        session.pace(0.6)
        try session.input(["mouseup", "1"])

        let titles = { ((try? self.session.store()?.reminders(inList: long)) ?? []).map(\.title) }
        try session.waitUntil("Item 1 moved down the list") { titles().first == "Item 2" }
        // Released five rows above the band: only a list that scrolled puts it this far down.
        XCTAssertGreaterThanOrEqual(titles().firstIndex(of: "Item 1") ?? 0, 20, "the list scrolled during the drag")
        // Released over the middle third of a row, it is that row's subtask, right after it.
        let label = try XCTUnwrap(try session.accessibleObjects(of: tote).first { $0.hasPrefix("list item\tItem 1, not done") })
        let landed = try waitForCenter(of: tote, named: "frame=1/" + label.dropFirst("list item\t".count), window: window)
        // Within a row and a half: released in a row's lower half, it lands after that row.
        XCTAssertLessThanOrEqual(abs(landed.y - release.y), rowHeight * 3 / 2,
                                 "Item 1 landed at y \(landed.y), released at y \(release.y), now at index \(titles().firstIndex(of: "Item 1") ?? -1)")
    }
}
