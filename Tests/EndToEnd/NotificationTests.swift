// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// Reminders announced on a real notification server (Debian's notification-daemon) in the
/// test's session bus: what Tote sends is read off the bus with dbus-monitor, the popup
/// through AT-SPI, and its button clicked with the pointer.
final class NotificationTests: EndToEndTestCase {
    private var monitor: Process!
    private var server: Process!

    /// Starts dbus-monitor, then notification-daemon, and waits until it owns its name.
    private func startNotificationServer() throws {
        guard session.backend == .x11 else {
            // notification-daemon places its popups itself, which a Wayland client cannot.
            throw XCTSkip("notification-daemon's popups are read on X11 only")
        }
        monitor = try session.launch(URL(fileURLWithPath: "/usr/bin/dbus-monitor"),
                                     ["--session", "interface='org.freedesktop.Notifications'"], logName: "dbus-monitor")
        server = try session.launch(URL(fileURLWithPath: "/usr/lib/notification-daemon/notification-daemon"), [],
                                    logName: "notification-daemon")
        XCTAssertEqual(try DesktopSession.run("gdbus", ["wait", "--session", "--timeout", "20", "org.freedesktop.Notifications"],
                                              environment: session.environment), 0, "notification-daemon on the bus")
    }

    /// The Notify calls seen on the bus so far, each as dbus-monitor printed it.
    private func notifyCalls() -> [String] {
        session.output(of: monitor).components(separatedBy: "method call").dropFirst()
            .filter { $0.contains("member=Notify") }
    }

    /// How many windows `process` shows; nil when xdotool could not tell (it exits with 1
    /// when it finds none, and otherwise fails only on an error). notification-daemon's
    /// popups are not counted: xdotool sometimes finds them under the sender's pid.
    private func windowCount(of process: Process) -> Int? {
        let windows: [String]
        do {
            windows = try session.windows(of: process)
        } catch let error as DesktopSession.XdotoolError where error.status == 1 {
            return 0
        } catch {
            return nil
        }
        return windows.filter { !isPopup($0) }.count
    }

    /// Whether an X window is one of notification-daemon's popups (named "Notification").
    private func isPopup(_ window: String) -> Bool {
        xdotool(["getwindowname", window]) == "Notification"
    }

    private func xdotool(_ arguments: [String]) -> String {
        let run = Process()
        run.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        run.arguments = arguments
        run.environment = session.environment
        let output = Pipe()
        run.standardOutput = output
        run.standardError = FileHandle.nullDevice
        guard (try? run.run()) != nil else { return "" }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        run.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The middle of the popup's button `name`, read through AT-SPI; nil while
    /// notification-daemon does not show it there.
    private func popupButton(_ name: String) -> (x: Int, y: Int)? {
        try? session.screenCenter(of: server, named: name)
    }

    private func insert(_ title: String, due: Date, into list: UUID, store: Store) throws -> Reminder {
        let now = Date()
        let reminder = Reminder(id: UUID(), listID: list, title: title, due: due, position: 0, created: now, modified: now)
        try store.apply(.insert([reminder]))
        return reminder
    }

    func testAReminderDueSoonIsAnnouncedAtItsTimeAndMarkDoneMarksItDone() throws {
        try startNotificationServer()
        let store = try Store(location: session.storeLocation)
        let list = try makeList("Errands", [], in: store)
        // Due 40 s from now, on a minute that is not midnight (a due at midnight has no time).
        var due = Date().addingTimeInterval(40)
        if Calendar.current.dateComponents([.hour, .minute], from: due) == DateComponents(hour: 0, minute: 0) {
            due.addTimeInterval(120)
        }
        let reminder = try insert("Call Anna", due: due, into: list, store: store)
        try store.checkpoint()
        let (tote, window) = try launchTote(width: 900)
        // The list open: its row is named with its due time too ("Call Anna, not done, Today 14:30").
        let row = try waitForCenter(of: tote, named: "frame=1/Errands", window: window)
        try session.input(["mousemove", "\(row.x)", "\(row.y)", "click", "1"])
        try session.waitUntil("Errands open") {
            ((try? session.accessibleObjects(of: tote)) ?? []).contains { $0.contains("Call Anna, not done") }
        }
        XCTAssertTrue(notifyCalls().isEmpty, "nothing announced before its time")

        var announced = Date.distantPast
        try session.waitUntil("Call Anna announced", timeout: 120) {
            guard notifyCalls().contains(where: { $0.contains("\"Call Anna\"") }) else { return false }
            announced = Date()
            return true
        }
        // From the timeout set to the due time, not at start (polled every 50 ms).
        XCTAssertGreaterThanOrEqual(announced.timeIntervalSince(due), -0.1, "announced at its due time, not before")
        XCTAssertLessThan(announced.timeIntervalSince(due), 10, "announced at its due time, not long after")
        let call = try XCTUnwrap(notifyCalls().first { $0.contains("\"Call Anna\"") })
        XCTAssertTrue(call.contains("Errands · "), "the body names the list: \(call)")
        // GLib prints a plain string target after "::" (g_action_print_detailed_name).
        XCTAssertTrue(call.contains("\"app.mark-reminder-done::\(reminder.id.uuidString)\""), call)
        XCTAssertTrue(call.contains("\"Mark Done\""), call)
        XCTAssertTrue(call.contains("\"app.open-reminder::\(reminder.id.uuidString)\""), call)
        XCTAssertTrue(call.contains("\"Open\""), call)
        XCTAssertEqual(notifyCalls().count, 1, "announced once")

        // The popup's Mark Done, clicked with the pointer.
        var button = (x: 0, y: 0)
        try session.waitUntil("the popup's Mark Done button") {
            guard let point = try? session.screenCenter(of: server, named: "Mark Done") else { return false }
            button = point
            return true
        }
        try session.input(["mousemove", "\(button.x)", "\(button.y)", "click", "1"])
        try session.waitUntil("Call Anna done in the store") {
            (try? session.store()?.reminder(id: reminder.id))??.isDone == true
        }
        // The window showing the list follows (done reminders are hidden by default).
        try session.waitUntil("Call Anna gone from the open list") {
            let objects = (try? session.accessibleObjects(of: tote)) ?? []
            return !objects.isEmpty && !objects.contains { $0.contains("Call Anna, not done") }
        }
        XCTAssertEqual(notifyCalls().count, 1, "not announced again once done")
        XCTAssertEqual(try session.toteComplaints(), [])
    }

    func testAReminderOverdueAtStartIsAnnouncedOnceAndNotAgainAtTheNextStart() throws {
        try startNotificationServer()
        let store = try Store(location: session.storeLocation)
        let list = try makeList("Errands", [], in: store)
        _ = try insert("Return the library books", due: Date().addingTimeInterval(-3_600), into: list, store: store)
        _ = try insert("Next week's", due: Date().addingTimeInterval(7 * 86_400), into: list, store: store)
        try store.checkpoint()
        func announcements(of title: String) -> Int {
            notifyCalls().filter { $0.contains("\"\(title)\"") }.count
        }

        let first = try session.launchTote()
        _ = try session.waitForWindow(of: first)
        try session.waitUntil("the overdue reminder announced", timeout: 20) { announcements(of: "Return the library books") == 1 }
        try session.key("ctrl+q")
        try session.waitUntil("Tote quit") { !first.isRunning }

        // Another reminder came due while Tote was closed: the next start announces it, and
        // not the first one again.
        _ = try insert("Water the plants", due: Date().addingTimeInterval(-60), into: list, store: store)
        try store.checkpoint()
        let second = try session.launchTote()
        _ = try session.waitForWindow(of: second)
        try session.waitUntil("the second overdue reminder announced", timeout: 20) { announcements(of: "Water the plants") == 1 }
        XCTAssertEqual(announcements(of: "Return the library books"), 1, "announced once, not at every start")
        XCTAssertEqual(announcements(of: "Next week's"), 0, "not due yet")
        XCTAssertEqual(notifyCalls().count, 2)
    }

    /// Running in the background, switched on in Preferences: the last window closes, Tote
    /// stays and announces, the notification's Open brings a window back showing the reminder,
    /// and running `tote` again (as the overview does) brings a window back too.
    func testWithRunInBackgroundOnToteAnnouncesWithNoWindowAndOpenShowsTheReminder() throws {
        try startNotificationServer()
        let store = try Store(location: session.storeLocation)
        let list = try makeList("Errands", ["Milk"], in: store)
        var due = Date().addingTimeInterval(25)
        if Calendar.current.dateComponents([.hour, .minute], from: due) == DateComponents(hour: 0, minute: 0) {
            due.addTimeInterval(120)
        }
        let reminder = try insert("Call Anna", due: due, into: list, store: store)
        try store.checkpoint()
        let tote = try session.launchTote()
        let window = try session.waitForWindow(of: tote)
        try session.place(window, x: 0, y: 0, width: 900, height: 700)
        try session.key("ctrl+comma")
        let preferences = try session.waitForWindow(named: "Preferences")
        let row = try waitForCenter(of: tote, named: "Run in Background", window: preferences)
        try session.input(["mousemove", "\(row.x)", "\(row.y)", "click", "1"])
        try session.waitUntil("the switch written to the settings") {
            session.settingsFile.contains("run-in-background=true")
        }
        try session.key("Escape")
        try session.waitUntil("Preferences closed") { windowCount(of: tote) == 1 }
        try session.focus(window)
        try session.key("ctrl+w")
        try session.waitUntil("the last window closed") { windowCount(of: tote) == 0 }
        XCTAssertTrue(notifyCalls().isEmpty, "nothing due yet")
        try session.waitUntil("Call Anna announced with no window open", timeout: 60) {
            notifyCalls().contains { $0.contains("\"Call Anna\"") }
        }
        XCTAssertTrue(tote.isRunning)
        XCTAssertEqual(windowCount(of: tote), 0, "announced from the background")
        // The popup's Open button; notification-daemon sometimes leaves a popup out of its
        // accessible tree (seen when no Tote window was open), and a click on the popup's
        // text then chooses the notification itself, whose action is Open too.
        var open: (x: Int, y: Int)?
        try session.waitUntil("the popup on screen") {
            open = popupButton("Open")
            return open != nil || !xdotool(["search", "--onlyvisible", "--class", "notification-daemon"]).isEmpty
        }
        if open == nil {
            try? session.waitUntil("the popup's Open button", timeout: 3) {
                open = popupButton("Open")
                return open != nil
            }
        }
        if open == nil {
            let popup = try XCTUnwrap(xdotool(["search", "--onlyvisible", "--class", "notification-daemon"])
                .split(separator: "\n").first.map(String.init))
            let frame = try session.windowFrame(popup)
            // Its title's line: right of the icon, above the body and the buttons.
            open = (frame.x + frame.width / 2, frame.y + 30)
        }
        try session.input(["mousemove", "\(open!.x)", "\(open!.y)", "click", "1"])
        try session.waitUntil("a window of the running Tote back") { windowCount(of: tote) == 1 }
        try session.waitUntil("Call Anna shown and selected") {
            ((try? session.selectedObjects(of: tote)) ?? []).contains { $0.contains("Call Anna, not done") }
        }
        XCTAssertFalse(((try? session.selectedObjects(of: tote)) ?? []).contains { $0.contains("Milk") })
        XCTAssertEqual(try session.store()?.reminder(id: reminder.id)?.isDone, false, "Open changes nothing")

        // Closed again, and `tote` run again: the running Tote shows a window.
        try session.focus(try XCTUnwrap(session.windows(of: tote).first { !isPopup($0) }))
        try session.key("ctrl+w")
        try session.waitUntil("the window closed again") { windowCount(of: tote) == 0 }
        let again = try session.launchTote()
        try session.waitUntil("the relaunch handed over and ended") { !again.isRunning }
        XCTAssertEqual(again.terminationStatus, 0)
        try session.waitUntil("a window of the running Tote back") { windowCount(of: tote) == 1 }
        XCTAssertTrue(tote.isRunning)
    }

    func testWithRunInBackgroundOffToteEndsWithItsLastWindow() throws {
        let tote = try session.launchTote()
        _ = try session.waitForWindow(of: tote)
        try session.key("ctrl+w")
        try session.waitUntil("Tote ended with its window") { !tote.isRunning }
        XCTAssertEqual(tote.terminationStatus, 0)
    }
}
