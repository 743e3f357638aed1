// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import ToteCore
import XCTest

/// A screen reader may walk Tote at any moment: after every scenario here, every accessible
/// object of every window is read (role, name, states, children, text and its attributes),
/// after asking for one window past the count as a reader with a stale count does. Tote must
/// answer all of it, keep running and print no GTK critical (issue 28).
final class ScreenReaderWalkTests: EndToEndTestCase {
    /// Reads everything; fails unless Tote answered it all and still runs. Returns the
    /// windows a reader finds.
    @discardableResult
    private func readEverything(_ tote: Process, after scenario: String) throws -> [String] {
        let lines = try session.readEverything(of: tote)
        XCTAssertTrue(tote.isRunning, "Tote crashed while a screen reader walked it after \(scenario)")
        let count = lines.last { $0.hasPrefix("objects ") }.flatMap { Int($0.dropFirst("objects ".count)) }
        XCTAssertNotNil(count, "the walk after \(scenario) was answered to the end: \(lines)")
        XCTAssertGreaterThan(count ?? 0, 10, "the walk after \(scenario) read Tote's widgets")
        return lines.filter { $0.hasPrefix("window ") }
    }

    /// Waits until a screen reader finds `count` windows, then reads everything.
    private func waitForWindows(_ count: Int, of tote: Process, after scenario: String) throws {
        try session.waitUntil("\(count) windows after \(scenario)") {
            XCTAssertTrue(tote.isRunning, "Tote crashed while a screen reader walked it after \(scenario)")
            return (try session.readEverything(of: tote)).filter { $0.hasPrefix("window ") }.count == count
        }
        try readEverything(tote, after: scenario)
    }

    private func waitForObject(named name: String, of tote: Process) throws {
        try session.waitUntil("“\(name)” on screen") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\t\(name)") } == true
        }
    }

    /// The criticals and warnings in Tote's output so far. GVFS's volume monitor, which the
    /// file chooser loads, warns that this session has no UDisks: nothing of Tote's or GTK's.
    private func complaints(of tote: Process) throws -> [String] {
        try session.toteComplaints().filter { !$0.contains("GVFS-RemoteVolumeMonitor-WARNING") }
    }

    /// The steps of the report, as a new user with a screen reader took them: a note, a word
    /// made bold twelve times over, a second window, a new list named in its dialog. GTK 4.8
    /// answered the reader's question for the window past the count with the hidden keyboard
    /// shortcuts window, which had no object path, and Tote crashed.
    func testTheReportedStepsWithAWalkAfterEach() throws {
        let tote = try session.launchTote()
        let window = try session.waitForWindow(of: tote)
        try session.place(window, x: 0, y: 0, width: 620, height: 700)
        try waitForWindows(1, of: tote, after: "the start")

        try session.key("ctrl+n")
        try session.waitUntil("the new note in the store") { (try? session.store()?.notes().count) == 1 }
        try session.type("Kestrel")
        try session.key("Return")
        try session.type("Kestrel alpha bravo charlie")
        try session.waitUntil("the text saved") {
            (try? session.store()?.notes().first?.richText().plainText) == "Kestrel alpha bravo charlie"
        }
        for round in 1...12 {
            try session.key("ctrl+Home")
            try session.key("ctrl+Right")
            try session.key("shift+ctrl+Right")
            try session.key("ctrl+b")
            try session.waitUntil("“ alpha” selected in round \(round)") {
                try session.textSelection(of: tote, in: "frame=1/Note body") == 7..<13
            }
        }
        try readEverything(tote, after: "twelve rounds of bold")

        try session.key("ctrl+shift+n")
        try waitForWindows(2, of: tote, after: "a second window")
        try session.key("ctrl+shift+l")
        try waitForWindows(3, of: tote, after: "the New Reminder List dialog")
        try newListDialog(session, of: tote, name: "Plover item")
        try session.waitUntil("the list in the store") {
            (try? session.store()?.reminderLists().map(\.name)) == ["Plover item"]
        }
        try waitForWindows(2, of: tote, after: "the dialog closed")
        try readEverything(tote, after: "the list made")
        XCTAssertEqual(try complaints(of: tote), [])
    }

    /// Every dialog, window and menu Tote has, each read while open and after it closed.
    func testEveryDialogWindowAndMenuOpenedAndClosed() throws {
        let store = try Store(location: session.storeLocation)
        _ = try makeList("Hardware", ["Nails"], in: store)
        try store.checkpoint()
        let (tote, window) = try launchToteWithPlansAndGroceries()
        try openNote("Plans", in: 1, of: tote, window: window)
        try readEverything(tote, after: "a note opened")

        // The main menu, then the keyboard shortcuts window, the About window from it, and Preferences.
        try session.key("F10")
        try waitForObject(named: "About Tote", of: tote)
        try readEverything(tote, after: "the main menu opened")
        try session.key("Escape")
        try session.key("ctrl+question")
        try waitForWindows(2, of: tote, after: "the shortcuts window opened")
        try session.key("Escape")
        try waitForWindows(1, of: tote, after: "the shortcuts window closed")
        try session.key("F10")
        try waitForObject(named: "About Tote", of: tote)
        try session.key("a")
        try waitForWindows(2, of: tote, after: "the About window opened")
        try session.key("Escape")
        try waitForWindows(1, of: tote, after: "the About window closed")
        try session.key("ctrl+comma")
        try waitForWindows(2, of: tote, after: "the Preferences window opened")
        try session.key("Escape")
        try waitForWindows(1, of: tote, after: "the Preferences window closed")

        // The note's context menu.
        let body = try session.characterCenters(of: tote, in: "frame=1/Note body", offsets: [2], window: window)[0]
        try session.input(["mousemove", "\(body.x)", "\(body.y)", "click", "3"])
        try waitForObject(named: "Select All", of: tote)
        try readEverything(tote, after: "the note's context menu opened")
        try session.key("Escape")

        // A sidebar row's menu, its Rename… dialog and its Export… file chooser. (Not Plans':
        // the first object of that name is the shown note's title in the header bar.)
        let row = try waitForCenter(of: tote, named: "frame=1/Groceries", window: window)
        for (key, what) in [("r", "the Rename dialog"), ("e", "the Export file chooser")] {
            try session.input(["mousemove", "\(row.x)", "\(row.y)", "click", "3"])
            try waitForObject(named: "Open in New Window", of: tote)
            try readEverything(tote, after: "a sidebar row's menu opened")
            try session.key(key)
            try waitForWindows(2, of: tote, after: "\(what) opened")
            try session.key("Escape")
            try waitForWindows(1, of: tote, after: "\(what) closed")
        }

        try session.key("ctrl+shift+l")
        try waitForWindows(2, of: tote, after: "the New Reminder List dialog opened")
        try session.key("Escape")
        try waitForWindows(1, of: tote, after: "the New Reminder List dialog closed")

        // A reminder's context menu, its Move to List… dialog and its due date dialog.
        let apples = try openList("Groceries", showing: "Apples", of: tote, window: window)
        for (key, item, what) in [("m", nil, "the Move to List dialog"), ("u", "Choose Date…", "the Due Date dialog")] {
            try session.input(["mousemove", "\(apples.x)", "\(apples.y)", "click", "3"])
            try waitForObject(named: "Move to List…", of: tote)
            try readEverything(tote, after: "a reminder's context menu opened")
            try session.key(key)
            if let item {
                // The Due submenu: its Choose Date… by its mnemonic once it is there.
                try waitForObject(named: item, of: tote)
                try readEverything(tote, after: "a submenu opened")
                session.pace(0.3)
                try session.key("d")
            }
            try waitForWindows(2, of: tote, after: "\(what) opened")
            try session.key("Escape")
            try waitForWindows(1, of: tote, after: "\(what) closed")
        }

        // A note deleted: its editor goes, a toast offers Undo.
        try openNote("Plans", in: 1, of: tote, window: window)
        try session.key("ctrl+Delete")
        try session.waitUntil("Plans deleted") { (try? session.store()?.notes().isEmpty) == true }
        try readEverything(tote, after: "the note deleted")
        XCTAssertEqual(try complaints(of: tote), [])
    }

    /// A drag held over the other window, a file still being copied into a note, and a note
    /// deleted in the other window while this one shows it.
    func testWalksDuringADragWhileAFileCopiesAndAfterANoteWentElsewhere() throws {
        let (tote, window) = try launchToteWithPlansAndGroceries()
        try session.place(window, x: 0, y: 0, width: 620, height: 700)
        try openNote("Plans", in: 1, of: tote, window: window)
        let second = try openSecondWindow(of: tote, besides: window)

        // "Pack" selected, pressed and held over the second window's sidebar.
        let word = try session.characterCenters(of: tote, in: "frame=1/Note body", offsets: [1], window: window)[0]
        try session.input(["mousemove", "\(word.x)", "\(word.y)", "click", "--repeat", "2", "1"])
        try session.waitUntil("“Pack” selected") { try session.textSelection(of: tote, in: "frame=1/Note body") == 0..<4 }
        try session.press(at: word)
        try session.glide(from: word, to: (860, 300), steps: 12)
        try readEverything(tote, after: "a drag held over the second window")
        try session.key("Escape")
        try session.input(["mouseup", "1"])
        try readEverything(tote, after: "the drag cancelled")
        XCTAssertEqual(try session.text(of: tote, in: "frame=1/Note body"), "Pack the tent", "Escape changed nothing")

        // A big file dropped from another app: its placeholder, read while it copies.
        let big = session.root.appendingPathComponent("home/big.bin")
        FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 6 << 30)  // sparse: takes no disk until copied
        try handle.close()
        let script = DesktopSession.repositoryRoot.appendingPathComponent("Tests/EndToEnd/Helpers/web-page.py")
        let page = try session.launch(URL(fileURLWithPath: "/usr/bin/python3"), [script.path], logName: "web-page",
                                      extra: ["WEB_PAGE_FILE": big.path])
        let pageWindow = try session.waitForWindow(named: "Web Page")
        try session.place(pageWindow, x: 640, y: 0, width: 500, height: 400)
        let source = try waitForCenter(of: page, named: "Big file", window: pageWindow)
        let end = try session.characterCenters(of: tote, in: "frame=1/Note body", offsets: [12], window: window)[0]
        try session.drag(from: source, to: (end.x + 20, end.y))
        try waitForObject(named: "Copying “big.bin”", of: tote)
        try readEverything(tote, after: "a file still copying")
        XCTAssertTrue((try session.accessibleObjects(of: tote)).contains { $0.hasSuffix("\tCopying “big.bin”") },
                      "the walk read the placeholder while the file was still copying")
        let cancel = try waitForCenter(of: tote, named: "frame=1/Cancel", window: window)
        try session.input(["mousemove", "\(cancel.x)", "\(cancel.y)", "click", "1"])
        try session.waitUntil("the placeholder gone") {
            (try? session.accessibleObjects(of: tote))?.contains { $0.hasSuffix("\tCopying “big.bin”") } == false
        }
        try readEverything(tote, after: "the copy cancelled")
        page.terminate()

        // The second window deletes the note the first one shows.
        let row = try waitForCenter(of: tote, named: "frame=2/Plans", window: second)
        try session.input(["mousemove", "\(row.x)", "\(row.y)", "click", "3"])
        try waitForObject(named: "Open in New Window", of: tote)
        try session.key("d")
        try session.waitUntil("Plans deleted") { (try? session.store()?.notes().isEmpty) == true }
        try readEverything(tote, after: "the shown note deleted in the other window")
        XCTAssertEqual(try complaints(of: tote), [])
    }
}
