// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Reminder lists synced through Evolution Data Server with a real CalDAV server (Radicale),
/// EDS on the session's bus, Tote, and another device (python3-caldav) changing the server
/// behind Tote's back.
final class SyncTests: EndToEndTestCase {
    private var servers: SyncServers!

    /// Radicale with a "Tasks" calendar in a CalDAV account EDS discovers, and Tote syncing
    /// with it, on a store `seed` filled first; returns once Tote lists "Tasks".
    private func start(seed: (Store) throws -> Void = { _ in }) throws -> (tote: Process, window: String) {
        servers = try SyncServers(session: session)
        try servers.start()
        try servers.makeCalendar("Tasks")
        try servers.writeAccount()
        try DesktopSession.writeSettings(syncAccounts: true, root: session.root)
        let store = try Store(location: session.storeLocation)
        try seed(store)
        try store.checkpoint()
        let launched = try launchTote(width: 900)
        try session.waitUntil("Radicale's Tasks in Tote", timeout: 30) { self.syncedList("Tasks") != nil }
        return launched
    }

    private func syncedList(_ name: String) -> UUID? {
        guard let store = session.store(), let synced = try? store.syncedLists(), let lists = try? store.reminderLists()
        else { return nil }
        return lists.first { list in
            list.name == name && synced.contains { $0.listID == list.id && $0.accountName == "Radicale" }
        }?.id
    }

    private func titles(_ list: UUID) -> [String] {
        ((try? session.store()?.reminders(inList: list)) ?? []).map(\.title)
    }

    /// The server's to-dos as the other device reads them, in their order.
    private func onServer() -> [String] {
        ((try? servers.peerList("Tasks")) ?? []).sorted { ($0.sortOrder ?? 0) < ($1.sortOrder ?? 0) }
            .compactMap(\.summary)
    }

    private func click(_ name: String, _ tote: Process, _ window: String) throws {
        let point = try waitForCenter(of: tote, named: "frame=1/\(name)", window: window)
        try session.input(["mousemove", "\(point.x)", "\(point.y)", "click", "1"])
        session.pace(0.3)
    }

    /// Opens Tasks (after another list: opening a synced list asks EDS for the server's news).
    private func openTasks(_ tote: Process, _ window: String) throws {
        try click("Personal", tote, window)
        try click("Tasks", tote, window)
    }

    private func add(_ titles: [String], _ tote: Process, _ window: String) throws {
        try click("New reminder", tote, window)
        for title in titles {
            try session.type(title)
            try session.key("Return")
        }
    }

    func testAReminderMadeInToteReachesTheServerAndOneFromAnotherDeviceShowsInTote() throws {
        let (tote, window) = try start()
        let tasks = try XCTUnwrap(syncedList("Tasks"))
        try openTasks(tote, window)
        let typed = Date()
        try add(["Buy milk"], tote, window)
        try session.waitUntil("Buy milk on the server", timeout: 15) { self.onServer() == ["Buy milk"] }
        print("A reminder made in Tote was on the server after \(String(format: "%.2f", Date().timeIntervalSince(typed))) s")
        let made = try XCTUnwrap(try session.store()?.reminders(inList: tasks).first)
        XCTAssertEqual(try servers.peerList("Tasks").first?.uid, made.id.uuidString)

        try servers.peerCreate("Tasks", uid: "from-phone", summary: "Call Ann", sortOrder: 5)
        try openTasks(tote, window)
        try session.waitUntil("another device's to-do in Tote", timeout: 20) { self.titles(tasks) == ["Buy milk", "Call Ann"] }
        try servers.peerModify("Tasks", uid: "from-phone", ["summary": "Call Ann back", "status": "COMPLETED"])
        try openTasks(tote, window)
        try session.waitUntil("its change in Tote", timeout: 20) {
            (try? session.store()?.reminders(inList: tasks))?.contains { $0.title == "Call Ann back" && $0.isDone } == true
        }
        // Its own echo changed nothing: one to-do each, as made.
        XCTAssertEqual(onServer(), ["Buy milk", "Call Ann back"])

        // Changed on the other device, the reminder Tote made can no longer be unmade by
        // Undo: that would lose the other device's change.
        try servers.peerModify("Tasks", uid: made.id.uuidString, ["summary": "Buy oat milk"])
        try openTasks(tote, window)
        try session.waitUntil("the rename from the other device", timeout: 20) {
            self.titles(tasks) == ["Buy oat milk", "Call Ann back"]
        }
        let renamed = try waitForCenter(of: tote, named: "frame=1/Buy oat milk, not done", window: window)
        try session.input(["mousemove", "\(renamed.x)", "\(renamed.y)", "click", "1"])
        session.pace(0.3)
        try session.key("ctrl+z")
        try session.waitUntil("Undo refused, saying why") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.contains("Nothing was undone: “Tasks” was changed elsewhere since") } == true
        }
        XCTAssertEqual(titles(tasks), ["Buy oat milk", "Call Ann back"])
        XCTAssertEqual(try session.toteComplaints(), [])
    }

    func testAReminderDraggedFromOneAccountsListToAnothersKeepsItsUIDAndLeavesTheFirst() throws {
        let (tote, window) = try start()
        let tasks = try XCTUnwrap(syncedList("Tasks"))
        let personal = try XCTUnwrap(try session.store()?.syncedLists().first { $0.accountName == "On This Computer" })
        try servers.peerCreate("Tasks", uid: "from-phone", summary: "Call Ann", sortOrder: 0)
        try openTasks(tote, window)
        try session.waitUntil("the phone's to-do in Tote", timeout: 20) { self.titles(tasks) == ["Call Ann"] }

        let row = try waitForCenter(of: tote, named: "frame=1/Call Ann, not done", window: window)
        let personalRow = try waitForCenter(of: tote, named: "frame=1/Personal", window: window)
        try session.drag(from: row, to: personalRow)
        try session.waitUntil("moved in Tote") { self.titles(tasks).isEmpty && self.titles(personal.listID) == ["Call Ann"] }
        try session.waitUntil("in On This Computer under the same UID, gone from the server", timeout: 20) {
            ((try? self.servers.edsTodos(list: personal.sourceUID)) ?? []).map(\.uid) == ["from-phone"] && self.onServer().isEmpty
        }
    }

    func testThreeRemindersDraggedOntoASyncedListAreOnTheServerInOrderAndOneUndoPutsEverythingBack() throws {
        var groceries = UUID()
        let (tote, window) = try start { store in
            groceries = try makeList("Groceries", ["Apples", "Bread", "Cheese", "Dates", "Eggs"], in: store)
        }
        let tasks = try XCTUnwrap(syncedList("Tasks"))
        _ = try openList("Groceries", showing: "Apples", of: tote, window: window)
        let row = { (title: String) in try self.waitForCenter(of: tote, named: "frame=1/\(title), not done", window: window) }
        let apples = try row("Apples")
        try session.input(["mousemove", "\(apples.x)", "\(apples.y)", "click", "1"])
        for title in ["Cheese", "Eggs"] {
            let point = try row(title)
            try session.input(["mousemove", "\(point.x)", "\(point.y)", "keydown", "ctrl", "click", "1", "keyup", "ctrl"])
            session.pace(0.2)
        }
        let tasksRow = try waitForCenter(of: tote, named: "frame=1/Tasks", window: window)
        try session.drag(from: try row("Cheese"), to: tasksRow)
        try session.waitUntil("three moved in Tote") {
            self.titles(tasks) == ["Apples", "Cheese", "Eggs"] && self.titles(groceries) == ["Bread", "Dates"]
        }
        try session.waitUntil("the three on the server, in order", timeout: 20) { self.onServer() == ["Apples", "Cheese", "Eggs"] }

        try session.key("ctrl+z")
        try session.waitUntil("all three back in Tote") {
            self.titles(tasks).isEmpty && self.titles(groceries) == ["Apples", "Bread", "Cheese", "Dates", "Eggs"]
        }
        try session.waitUntil("none left on the server", timeout: 20) { self.onServer().isEmpty }
        XCTAssertEqual(try session.store()?.outbox().count, 0)
    }

    func testWithTheServerDownEditsGoOnAndTheServerEndsWithExactlyTotesStateEvenAfterKill9() throws {
        var (tote, window) = try start()
        let tasks = try XCTUnwrap(syncedList("Tasks"))
        try openTasks(tote, window)
        try add(["One"], tote, window)
        try session.waitUntil("One on the server", timeout: 15) { self.onServer() == ["One"] }

        servers.stop()
        try add(["Two", "Three"], tote, window)
        try session.waitUntil("both in Tote at once") { self.titles(tasks) == ["One", "Two", "Three"] }
        try session.waitUntil("the list says its changes wait", timeout: 20) {
            (try? session.accessibleDescriptions(of: tote))?.contains { $0.contains("Changes are waiting to be sent") } == true
        }

        // Killed with changes still waiting, started again: nothing lost.
        kill(tote.processIdentifier, SIGKILL)
        tote.waitUntilExit()
        XCTAssertEqual(titles(tasks), ["One", "Two", "Three"])
        (tote, window) = try launchTote(width: 900)
        try servers.start()
        try openTasks(tote, window)
        try session.waitUntil("the server holds exactly Tote's state", timeout: 40) {
            self.onServer() == ["One", "Two", "Three"]
        }
        try session.waitUntil("the outbox empty and the list no longer waiting", timeout: 20) {
            (try? session.store()?.outbox().count) == 0
                && (try? session.accessibleDescriptions(of: tote))?.contains { $0.contains("Changes are waiting to be sent") } == false
        }
        XCTAssertEqual(titles(tasks), ["One", "Two", "Three"])
    }

    func testTheSameReminderChangedOnTheServerAndInToteLosesNothingAndSaysSo() throws {
        let (tote, window) = try start()
        let tasks = try XCTUnwrap(syncedList("Tasks"))
        try openTasks(tote, window)
        try add(["Milk"], tote, window)
        try session.waitUntil("Milk on the server", timeout: 15) { self.onServer() == ["Milk"] }
        let uid = try XCTUnwrap(try servers.peerList("Tasks").first?.uid)

        // Another device renames it, then Tote does, before Tote has heard of the first.
        try servers.peerModify("Tasks", uid: uid, ["summary": "Oat milk"])
        let row = try waitForCenter(of: tote, named: "frame=1/Milk, not done", window: window)
        try session.input(["mousemove", "\(row.x)", "\(row.y)", "click", "1"])
        try session.key("F2", "ctrl+a")
        try session.type("Milk and bread")
        try session.key("Return")

        try session.waitUntil("the toast naming it", timeout: 30) {
            (try? session.accessibleObjects(of: tote))?.contains { $0.contains("changed on another device too") } == true
        }
        try session.waitUntil("both kept, the same on both sides", timeout: 30) {
            guard let reminder = (try? session.store()?.reminders(inList: tasks))?.first,
                  let todo = (try? self.servers.peerList("Tasks"))?.first else { return false }
            return reminder.title == "Milk and bread" && reminder.notes.contains("Oat milk")
                && todo.summary == "Milk and bread" && (todo.description ?? "").contains("Oat milk")
        }
    }

    func testAListsRowDroppedOnAnAccountsHeadingMovesTheListIntoThatAccount() throws {
        var groceries = UUID()
        let (tote, window) = try start { store in
            groceries = try makeList("Groceries", ["Apples", "Bread"], in: store)
        }
        let heading = try waitForCenter(of: tote, named: "frame=1/On This Computer", window: window)
        let row = try waitForCenter(of: tote, named: "frame=1/Groceries", window: window)
        try session.drag(from: row, to: heading)
        var binding: SyncedList?
        try session.waitUntil("Groceries in On This Computer", timeout: 20) {
            binding = (try? session.store()?.syncedLists())?.first { $0.listID == groceries }
            return binding?.accountName == "On This Computer"
        }
        let source = try XCTUnwrap(binding?.sourceUID)
        try session.waitUntil("its reminders in the account's task list", timeout: 20) {
            Set(((try? self.servers.edsTodos(list: source)) ?? []).compactMap(\.summary)) == ["Apples", "Bread"]
        }
        XCTAssertEqual(titles(groceries), ["Apples", "Bread"])
        XCTAssertTrue(try session.accessibleObjects(of: tote).contains { $0.contains("“Groceries” moved to On This Computer") })

        // And back: its row's menu, Move to Account…, Only in Tote.
        let moved = try waitForCenter(of: tote, named: "frame=1/Groceries", window: window)
        try session.input(["mousemove", "\(moved.x)", "\(moved.y)"])
        session.pace(0.1)
        try session.input(["click", "3"])
        try session.waitUntil("the row's menu") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tMove to Account…") } == true
        }
        try session.key("a")
        let onlyInTote = try waitForCenter(of: tote, named: "Only in Tote", window: window)
        try session.input(["mousemove", "\(onlyInTote.x)", "\(onlyInTote.y)", "click", "1"])
        try session.waitUntil("Groceries Tote's own again, its task list gone from the account", timeout: 20) {
            (try? session.store()?.syncedLists())?.contains { $0.listID == groceries } == false
                && ((try? self.servers.edsTaskLists()) ?? []).contains { $0.uid == source } == false
        }
        XCTAssertEqual(titles(groceries), ["Apples", "Bread"])
    }

    /// Issue 45: switched off in Preferences, sync stopped at the next start without a word
    /// in the window.
    func testSyncSwitchedOffInPreferencesSaysWhenItStopsAndKeepsTheLists() throws {
        let (tote, _) = try start()
        let status = try DesktopSession.run("gsettings", ["set", "io.github.totenotes.Tote", "sync-accounts", "false"],
                                            environment: session.environment)
        XCTAssertEqual(status, 0)
        try session.waitUntil("the window saying when sync stops") {
            (try? session.accessibleObjects(of: tote))?.contains {
                $0.contains("Sync stops when Tote next starts; the accounts’ lists stay until then, and nothing is deleted")
            } == true
        }
        XCTAssertNotNil(syncedList("Tasks"), "nothing taken away meanwhile")
    }

    func testAnAccountSwitchedOffAndOnInSettingsTakesItsListAwayAndBringsItBack() throws {
        let (tote, window) = try start()
        try servers.peerCreate("Tasks", uid: "from-phone", summary: "Call Ann", sortOrder: 0)
        try openTasks(tote, window)
        try session.waitUntil("the phone's to-do in Tote", timeout: 20) {
            self.syncedList("Tasks").map(self.titles) == ["Call Ann"]
        }
        // Deleted in Tote, it would come back at the next sync: refused, saying where. (Personal
        // shown first: the window's title would be the first "Tasks" found.)
        try click("Personal", tote, window)
        let row = try waitForCenter(of: tote, named: "frame=1/Tasks", window: window)
        try session.input(["mousemove", "\(row.x)", "\(row.y)"])
        session.pace(0.1)
        try session.input(["click", "3"])
        try session.waitUntil("the row's menu") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tDelete") } == true
        }
        try session.key("d")
        try session.waitUntil("the refusal") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.contains("“Tasks” belongs to Radicale") } == true
        }
        XCTAssertNotNil(syncedList("Tasks"))

        // Shown when its account is switched off: the page says what happened (issue 45:
        // it said the list was deleted in another window).
        try click("Tasks", tote, window)
        try servers.edsSetEnabled(servers.accountUID, false)
        try session.waitUntil("Tasks gone from Tote with its account", timeout: 20) {
            self.syncedList("Tasks") == nil && (try? session.center(of: tote, named: "frame=1/Tasks", window: window)) == nil
        }
        try session.waitUntil("the page saying the account was switched off") {
            (try? session.accessibleObjects(of: tote))?.contains {
                $0.contains("“Tasks” went with its account, which was switched off; nothing was deleted")
            } == true
        }
        XCTAssertEqual(try session.store()?.reminderLists().map(\.name), ["Personal"])
        try servers.edsSetEnabled(servers.accountUID, true)
        try session.waitUntil("Tasks back with its to-do", timeout: 30) {
            self.syncedList("Tasks").map(self.titles) == ["Call Ann"]
        }
        _ = try waitForCenter(of: tote, named: "frame=1/Tasks", window: window)
    }

    func testRemindersReorderedInASyncedListAreInThatOrderOnTheServerAndCtrlCopiesToAnotherAccount() throws {
        let (tote, window) = try start()
        let tasks = try XCTUnwrap(syncedList("Tasks"))
        let personal = try XCTUnwrap(try session.store()?.syncedLists().first { $0.accountName == "On This Computer" })
        for (index, title) in ["Apples", "Bread", "Cheese"].enumerated() {
            try servers.peerCreate("Tasks", uid: "phone-\(index)", summary: title, sortOrder: index)
        }
        try openTasks(tote, window)
        try session.waitUntil("the phone's three in Tote", timeout: 20) { self.titles(tasks) == ["Apples", "Bread", "Cheese"] }
        try session.focus(window)
        let row = { (title: String) in try self.waitForCenter(of: tote, named: "frame=1/\(title), not done", window: window) }
        let apples = try row("Apples")
        try session.drag(from: try row("Cheese"), to: (apples.x, apples.y - 8))
        try session.waitUntil("Cheese on top in Tote") { self.titles(tasks) == ["Cheese", "Apples", "Bread"] }
        try session.waitUntil("and on the server, X-APPLE-SORT-ORDER as other clients read it", timeout: 20) {
            self.onServer() == ["Cheese", "Apples", "Bread"]
        }

        // Ctrl copies: the same to-do in both accounts, as two.
        let personalRow = try waitForCenter(of: tote, named: "frame=1/Personal", window: window)
        try session.drag(from: try row("Bread"), to: personalRow, modifier: "ctrl")
        try session.waitUntil("a copy in Personal, the original kept", timeout: 20) {
            self.titles(personal.listID) == ["Bread"] && self.titles(tasks) == ["Cheese", "Apples", "Bread"]
                && ((try? self.servers.edsTodos(list: personal.sourceUID)) ?? []).map(\.summary) == ["Bread"]
        }
        XCTAssertEqual(onServer(), ["Cheese", "Apples", "Bread"])
    }

    /// Subtasks and repeats as other clients read and write them: a subtask made by a drop
    /// in Tote reaches the server with RELATED-TO, and a repeating to-do another client
    /// made, marked done in Tote, is on the server still open at its next occurrence with
    /// its rule and a DTSTART that moved with its DUE, as Evolution leaves one.
    func testASubtaskMadeByDropCarriesRelatedToAndARepeatingToDoMarkedDoneMovesOnOnTheServer() throws {
        let (tote, window) = try start()
        let tasks = try XCTUnwrap(syncedList("Tasks"))
        try servers.peerCreate("Tasks", uid: "rent", summary: "Pay rent", sortOrder: 0,
                               properties: ["DTSTART:20270101T090000Z", "DUE:20270101T100000Z", "RRULE:FREQ=MONTHLY",
                                            "X-OTHER-CLIENT:kept"])
        try servers.peerCreate("Tasks", uid: "trip", summary: "Trip", sortOrder: 1)
        try servers.peerCreate("Tasks", uid: "pack", summary: "Pack", sortOrder: 2)
        try openTasks(tote, window)
        try session.waitUntil("the three in Tote", timeout: 20) { self.titles(tasks) == ["Pay rent", "Trip", "Pack"] }
        try session.focus(window)
        let row = { (title: String) in try self.waitForCenter(of: tote, named: "frame=1/\(title), not done", window: window) }

        let trip = try row("Trip")
        try session.drag(from: try row("Pack"), to: (trip.x + 40, trip.y + 4))
        func onServer(_ uid: String) -> String { ((try? servers.peerList("Tasks")) ?? []).first { $0.uid == uid }?.ics ?? "" }
        try session.waitUntil("Pack a subtask of Trip on the server", timeout: 20) {
            onServer("pack").contains("RELATED-TO;RELTYPE=PARENT:trip")
        }

        // Pay rent, above Trip: selected with the keyboard and marked done.
        try session.input(["mousemove", "\(trip.x)", "\(trip.y)", "click", "1"])
        session.pace(0.3)
        try session.key("Up", "ctrl+Return")
        try session.waitUntil("Pay rent moved on to February on the server", timeout: 20) {
            let ics = onServer("rent").replacingOccurrences(of: "\r\n ", with: "")
            return ics.contains("DUE:20270201T100000Z") && ics.contains("DTSTART:20270201T090000Z")
                && ics.contains("RRULE:FREQ=MONTHLY") && ics.contains("STATUS:NEEDS-ACTION") && !ics.contains("COMPLETED:")
                && ics.contains("X-OTHER-CLIENT:kept")
        }
        let rent = try XCTUnwrap(try session.store()?.reminders(inList: tasks).first { $0.title == "Pay rent" })
        XCTAssertFalse(rent.isDone)
        XCTAssertEqual(rent.repeatRule?.rrule, "FREQ=MONTHLY")
    }

    /// Another device completes occurrences of a repeating to-do one at a time (Thunderbird's
    /// RECURRENCE-ID overrides), then takes one completion back by removing its override: EDS
    /// reports that override's id alone removed, and the reminder stays, at the occurrence
    /// open again. Only the whole to-do's removal takes the reminder.
    func testAnOccurrencesOverrideRemovedOnAnotherDeviceLeavesTheReminderAndReopensIt() throws {
        // EDS 3.46.4 (and its main branch) loses the rid on the way: e-data-cal-view.c
        // notify_remove() joins uid and rid with a NUL, not "\n", so the client's view reports
        // the override's removal as the whole to-do's (uid, no rid). Tote asks EDS whether the
        // object is still there before deleting (RemovalConfirmation).
        let (tote, window) = try start()
        let tasks = try XCTUnwrap(syncedList("Tasks"))
        try servers.peerCreate("Tasks", uid: "rent", summary: "Pay rent", sortOrder: 0,
                               properties: ["DTSTART:20270101T090000Z", "DUE:20270101T100000Z", "RRULE:FREQ=MONTHLY"])
        try peerOccurrence(uid: "rent", "20270101T090000Z", "done")
        try peerOccurrence(uid: "rent", "20270201T090000Z", "done")
        let due = { (day: String) in ISO8601DateFormatter().date(from: "2027-\(day)T10:00:00Z")! }
        let rent = { (try? self.session.store()?.reminders(inList: tasks))?.first { $0.title == "Pay rent" } }
        try openTasks(tote, window)
        try session.waitUntil("Pay rent in Tote at March", timeout: 20) { rent()?.due == due("03-01") }

        try peerOccurrence(uid: "rent", "20270201T090000Z", "gone")
        try openTasks(tote, window)
        try session.waitUntil("Pay rent back at February", timeout: 20) { rent()?.due == due("02-01") }
        session.pace(2)
        XCTAssertEqual(rent()?.due, due("02-01"), "still there, at February")
        XCTAssertFalse(rent()?.isDone ?? true)
        // Nothing sent back over the other device's to-do: the January override is still there.
        let ics = ((try? servers.peerList("Tasks")) ?? []).first { $0.uid == "rent" }?.ics ?? ""
        XCTAssertTrue(ics.contains("RECURRENCE-ID:20270101T090000Z") && !ics.contains("RECURRENCE-ID:20270201T090000Z"), ics)

        try servers.peerDelete("Tasks", uid: "rent")
        try openTasks(tote, window)
        try session.waitUntil("Pay rent gone with its master", timeout: 20) { rent() == nil }
        XCTAssertEqual(try session.toteComplaints(), [])
    }

    /// caldav-peer.py's `occurrence`: adds (`done`) or removes (`gone`) the completed override
    /// of one occurrence of to-do `uid` (SyncServers has no call for it).
    private func peerOccurrence(uid: String, _ recurrenceID: String, _ what: String) throws {
        let script = DesktopSession.repositoryRoot.appendingPathComponent("Tests/EndToEnd/Helpers/caldav-peer.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path, "occurrence", servers.homeURL.absoluteString, "Tasks", uid, recurrenceID, what]
        process.environment = session.environment
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, "caldav-peer occurrence: \(said)")
    }
}
