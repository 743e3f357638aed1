// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Subtasks made and undone the way a person does it: a reminder dropped onto the middle of
/// another's row, dropped between rows, a parent dragged onto another list's sidebar row,
/// Tab and Shift+Tab; each one Ctrl+Z.
final class SubtaskTests: EndToEndTestCase {
    private var groceries = UUID(), work = UUID()

    /// "Groceries" (Apples … Eggs; with `nested`, Cheese a subtask of Bread) shown, and
    /// "Work" (Email Ann) in the sidebar.
    private func start(nested: Bool = false) throws -> (tote: Process, window: String) {
        let store = try Store(location: session.storeLocation)
        groceries = try makeList("Groceries", ["Apples", "Bread", "Cheese", "Dates", "Eggs"], in: store)
        work = try makeList("Work", ["Email Ann"], in: store)
        if nested {
            let rows = try store.reminders(inList: groceries)
            var cheese = rows[2]
            cheese.parentID = rows[1].id
            try store.apply(.update(before: [rows[2]], after: [cheese]))
        }
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        _ = try openList("Groceries", showing: "Apples", of: tote, window: window)
        try session.focus(window)
        return (tote, window)
    }

    /// The list as it shows: titles, a subtask indented by two spaces, read from the store.
    private func shown(_ list: UUID) -> [String] {
        let tree = ReminderTree((try? session.store()?.reminders(inList: list)) ?? [])
        return tree.ordered.map { (tree.level(of: $0.id) == 1 ? "  " : "") + $0.title }
    }

    /// The row whose accessible name is `label` followed by ", not done" (a parent's: ", not
    /// done, 1 open subtask").
    private func row(_ label: String, _ tote: Process, _ window: String, subtasks: Int = 0) throws -> (x: Int, y: Int) {
        let count = subtasks == 1 ? ", 1 open subtask" : subtasks > 1 ? ", \(subtasks) open subtasks" : ""
        return try waitForCenter(of: tote, named: "frame=1/\(label), not done\(count)", window: window)
    }

    func testOntoARowsMiddleMakesASubtaskBetweenRowsReordersAndEachIsOneUndo() throws {
        let (tote, window) = try start()
        let apples = try row("Apples", tote, window)
        let bread = try row("Bread", tote, window), eggs = try row("Eggs", tote, window)
        let height = bread.y - apples.y
        // The first gesture of this start, at a person's pace: Eggs onto the middle of Bread.
        session.pace(0.5)
        try session.drag(from: eggs, to: (bread.x + 40, bread.y + 4))
        try session.waitUntil("Eggs a subtask of Bread") {
            shown(groceries) == ["Apples", "Bread", "  Eggs", "Cheese", "Dates"]
        }
        // What a screen reader hears of the rows.
        let objects = try session.accessibleObjects(of: tote)
        XCTAssertTrue(objects.contains { $0.hasSuffix("\tEggs, not done, subtask of “Bread”") })
        XCTAssertTrue(objects.contains { $0.hasSuffix("\tBread, not done, 1 open subtask") })

        // Dates dropped at the lower edge of Apples: between the rows, a plain reorder.
        try session.drag(from: try row("Dates", tote, window), to: (apples.x, apples.y + height / 2 - 3))
        try session.waitUntil("Dates after Apples") {
            shown(groceries) == ["Apples", "Dates", "Bread", "  Eggs", "Cheese"]
        }

        try session.key("ctrl+z")
        try session.waitUntil("Dates back") { shown(groceries) == ["Apples", "Bread", "  Eggs", "Cheese", "Dates"] }
        try session.key("ctrl+z")
        try session.waitUntil("Eggs back at the end, top-level") {
            shown(groceries) == ["Apples", "Bread", "Cheese", "Dates", "Eggs"]
        }

        // Ctrl copies onto the middle: a copy of Apples becomes a subtask of Dates.
        let dates = try row("Dates", tote, window)
        try session.drag(from: try row("Apples", tote, window), to: (dates.x + 40, dates.y + 4), modifier: "ctrl")
        do {
            try session.waitUntil("a copy of Apples under Dates") {
                shown(groceries) == ["Apples", "Bread", "Cheese", "Dates", "  Apples", "Eggs"]
            }
        } catch { XCTFail("\(shown(groceries))"); throw error }
    }

    /// On the insertion line, moved right by a level's indent from where the drag began: one
    /// level in, under the row above (as GNOME To Do 3.28 and Tasks.org); a subtask taken
    /// left onto the line below its group leaves it; straight down it stays a reorder.
    func testOnTheLineMovedRightNestsLeftUnnestsAndStraightDownReorders() throws {
        let (tote, window) = try start()
        let apples = try row("Apples", tote, window), bread = try row("Bread", tote, window)
        let height = bread.y - apples.y
        let eggs = try row("Eggs", tote, window)
        try session.drag(from: eggs, to: (eggs.x + 50, bread.y + height / 2 - 3))
        try session.waitUntil("Eggs one level in, under Bread") {
            shown(groceries) == ["Apples", "Bread", "  Eggs", "Cheese", "Dates"]
        }
        // Back out to the left, onto the line just below itself: the end of Bread's group,
        // drawn at the top level.
        let nested = try waitForCenter(of: tote, named: "frame=1/Eggs, not done, subtask of “Bread”", window: window)
        try session.drag(from: nested, to: (nested.x - 40, nested.y + height / 2 - 3))
        try session.waitUntil("Eggs out of the group, after it") {
            shown(groceries) == ["Apples", "Bread", "Eggs", "Cheese", "Dates"]
        }
        try session.key("ctrl+z")
        try session.waitUntil("Eggs under Bread again") {
            shown(groceries) == ["Apples", "Bread", "  Eggs", "Cheese", "Dates"]
        }
        let dates = try row("Dates", tote, window)
        try session.drag(from: dates, to: (dates.x, apples.y + height / 2 - 3))
        try session.waitUntil("Dates after Apples, top-level") {
            shown(groceries) == ["Apples", "Dates", "Bread", "  Eggs", "Cheese"]
        }
    }

    func testAParentDraggedToAnotherListCarriesItsSubtasksAndOneUndoBringsThemBack() throws {
        let (tote, window) = try start(nested: true)
        XCTAssertEqual(shown(groceries), ["Apples", "Bread", "  Cheese", "Dates", "Eggs"])
        let workRow = try waitForCenter(of: tote, named: "frame=1/Work", window: window)
        try session.drag(from: try row("Bread", tote, window, subtasks: 1), to: workRow)
        try session.waitUntil("Bread and Cheese in Work") {
            shown(work) == ["Email Ann", "Bread", "  Cheese"] && shown(groceries) == ["Apples", "Dates", "Eggs"]
        }
        try session.key("ctrl+z")
        try session.waitUntil("both back") {
            shown(work) == ["Email Ann"] && shown(groceries) == ["Apples", "Bread", "  Cheese", "Dates", "Eggs"]
        }
    }

    /// A parent dragged alone onto a note's sidebar row is copied there with its subtasks,
    /// each a checklist paragraph right after it.
    func testAParentCopiedIntoANoteTakesItsSubtasks() throws {
        let store = try Store(location: session.storeLocation)
        let note = try store.createNote()
        _ = try store.save(noteID: note.id, title: "Plans", body: RichText(plain: "Plans"))
        try store.checkpoint()
        let (tote, window) = try start(nested: true)
        let plans = try waitForCenter(of: tote, named: "frame=1/Plans", window: window)
        try session.drag(from: try row("Bread", tote, window, subtasks: 1), to: plans)
        try session.waitUntil("Bread and Cheese at the end of Plans") {
            (try? session.store()?.note(id: note.id)?.body) == "Plans\nBread\nCheese"
        }
        XCTAssertEqual(shown(groceries), ["Apples", "Bread", "  Cheese", "Dates", "Eggs"], "a copy")
    }

    func testAParentIsNotNestedOntoARowItMovesWithItsGroupBetweenRows() throws {
        let (tote, window) = try start(nested: true)
        let eggs = try row("Eggs", tote, window)
        // Onto the lower middle of Eggs: a parent does not become a subtask; the group moves
        // below it, as the row's lower half says.
        try session.drag(from: try row("Bread", tote, window, subtasks: 1), to: (eggs.x + 40, eggs.y + 9))
        try session.waitUntil("Bread and Cheese after Eggs") {
            shown(groceries) == ["Apples", "Dates", "Eggs", "Bread", "  Cheese"]
        }
    }

    func testTabIndentsShiftTabOutdentsAndCtrlZUndoes() throws {
        let (tote, window) = try start()
        let cheese = try row("Cheese", tote, window)
        try session.input(["mousemove", "\(cheese.x)", "\(cheese.y)", "click", "1"])
        session.pace(0.3)
        try session.key("Tab")
        try session.waitUntil("Cheese under Bread") { shown(groceries) == ["Apples", "Bread", "  Cheese", "Dates", "Eggs"] }
        // The keyboard stays on Cheese, so Down goes on to Dates.
        try session.waitUntil("Cheese focused") {
            (try? session.focusedObjects(of: tote)) == ["list item\tCheese, not done, subtask of “Bread”"]
        }
        try session.key("Down")
        try session.key("Tab")
        try session.waitUntil("Dates under Bread too") {
            shown(groceries) == ["Apples", "Bread", "  Cheese", "  Dates", "Eggs"]
        }
        try session.key("shift+Tab")
        try session.waitUntil("Dates out again, after the group") {
            shown(groceries) == ["Apples", "Bread", "  Cheese", "Dates", "Eggs"]
        }
        try session.key("ctrl+z")
        try session.key("ctrl+z")
        try session.waitUntil("Cheese alone under Bread") {
            shown(groceries) == ["Apples", "Bread", "  Cheese", "Dates", "Eggs"]
        }
        try session.key("ctrl+z")
        try session.waitUntil("the flat list") { shown(groceries) == ["Apples", "Bread", "Cheese", "Dates", "Eggs"] }
    }

    /// A parent's disclosure triangle folds its subtasks away, and - does it from the
    /// keyboard; a drag resting half a second on a folded parent's middle unfolds it, and the
    /// drop goes between its subtasks. Each is one step of Ctrl+Z.
    func testTheTriangleFoldsAndADragRestingOnAFoldedParentUnfoldsIt() throws {
        let (tote, window) = try start(nested: true)
        func cheeseShown() -> Bool {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tCheese, not done, subtask of “Bread”") } == true
        }
        func breadFolded() -> Bool? {
            (try? session.store()?.reminders(inList: groceries))?.first { $0.title == "Bread" }?.subtasksHidden
        }
        try session.waitUntil("Cheese under Bread") { cheeseShown() }
        let triangle = try waitForCenter(of: tote, named: "frame=1/Hide Subtasks", window: window)
        session.pace(0.5)
        try session.input(["mousemove", "\(triangle.x)", "\(triangle.y)", "click", "1"])
        try session.waitUntil("Cheese folded away") { !cheeseShown() && breadFolded() == true }
        try session.key("ctrl+z")
        try session.waitUntil("Cheese back") { cheeseShown() && breadFolded() == false }

        let bread = try row("Bread", tote, window, subtasks: 1)
        try session.input(["mousemove", "\(bread.x)", "\(bread.y)", "click", "1"])
        session.pace(0.3)
        try session.key("minus")
        try session.waitUntil("folded from the keyboard") { !cheeseShown() && breadFolded() == true }
        _ = try waitForCenter(of: tote, named: "frame=1/Bread, not done, 1 open subtask, subtasks hidden", window: window)

        // Eggs held over Bread's middle: Bread unfolds after half a second, and Eggs goes
        // onto the upper part of Cheese's row, between Bread and Cheese.
        let eggs = try row("Eggs", tote, window)
        try session.press(at: eggs)
        try session.glide(from: eggs, to: (eggs.x + 16, eggs.y + 8), steps: 4)
        try session.glide(from: (eggs.x + 16, eggs.y + 8), to: (bread.x + 40, bread.y + 4), steps: 10)
        session.pace(1.0)
        try session.waitUntil("Bread unfolded under the drag") { cheeseShown() }
        let cheese = try waitForCenter(of: tote, named: "frame=1/Cheese, not done, subtask of “Bread”", window: window)
        try session.glide(from: (bread.x + 40, bread.y + 4), to: (cheese.x + 40, cheese.y - 11), steps: 6)
        session.pace(0.3)
        try session.input(["mouseup", "1"])
        try session.waitUntil("Eggs between Bread and Cheese") {
            shown(groceries) == ["Apples", "Bread", "  Eggs", "  Cheese", "Dates"] && breadFolded() == false
        }
        try session.key("ctrl+z")
        try session.waitUntil("Eggs back") { shown(groceries) == ["Apples", "Bread", "  Cheese", "Dates", "Eggs"] }
        try session.key("ctrl+z")
        try session.waitUntil("Bread folded again") { !cheeseShown() && breadFolded() == true }
    }
}
