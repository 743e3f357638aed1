// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
@testable import ToteCore
import XCTest

/// Nasty files dropped into a note through the drop's own path (a `text/uri-list` as Files
/// gives it): each arrives or is refused with a toast naming it and the reason; the note
/// keeps its text, no half-copied file stays, and the main loop keeps running meanwhile.
final class NastyDropsTests: GTKTestCase {
    func testThirtyNastyFilesDroppedAtOnce() throws { try onMainActor(Self.corpus) }
    func testAFileThatShrinksWhileItIsCopiedIsRefused() throws { try onMainActor(Self.shrinking) }
    func testCalendarFilesDroppedIntoANoteBecomeChecklistItems() throws { try onMainActor(Self.calendars) }
    func testAFileDroppedOntoAFullDiskIsRefusedAndNothingIsLost() throws {
        try XCTSkipUnless(getuid() == 0, "mounting a small disk needs root (CI runs as root)")
        try onMainActor(Self.diskFull)
    }

    private enum Expected { case arrives, refused(String) }

    @MainActor private static func corpus() throws {
        let dataHome = try TemporaryDataHome()
        let folder = dataHome.url.appendingPathComponent("nasty", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func file(_ name: String, _ data: Data) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try data.write(to: url)
            return url
        }
        func link(_ name: String, to target: String) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
            return url
        }
        let pipe = folder.appendingPathComponent("pipe")
        XCTAssertEqual(mkfifo(pipe.path, 0o644), 0)
        let socketPath = folder.appendingPathComponent("socket").path
        try runTool("/usr/bin/python3", "-c", "import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", socketPath)
        let directory = folder.appendingPathComponent("a folder", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var bomb: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bomb += Array("IHDR".utf8) + [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        let events = (0..<100_000).map { "BEGIN:VEVENT\r\nUID:\($0)\r\nSUMMARY:Event \($0)\r\nEND:VEVENT\r\n" }.joined()
        let longName = String(repeating: "가", count: 85) // 255 bytes of UTF-8
        let unreadable = try file("unreadable.txt", Data("secret".utf8))
        chmod(unreadable.path, 0)

        let cases: [(URL, Expected)] = [
            (try file("empty.txt", Data()), .refused("the file is empty")),
            (pipe, .refused("it is a pipe, not a file")),
            (URL(fileURLWithPath: socketPath), .refused("it is a socket, not a file")),
            (directory, .refused("it is a folder, not a file")),
            (URL(fileURLWithPath: "/dev/zero"), .refused("it is a device, not a file")),
            (URL(fileURLWithPath: "/dev/null"), .refused("it is a device, not a file")),
            (try link("broken link", to: folder.appendingPathComponent("nowhere").path), .refused("a link to a file that no longer exists")),
            (try link("loop a", to: folder.appendingPathComponent("loop b").path), .refused("a link to a file that no longer exists")),
            (try link("loop b", to: folder.appendingPathComponent("loop a").path), .refused("a link to a file that no longer exists")),
            (try link("link to folder", to: directory.path), .refused("it is a folder, not a file")),
            (try link("link to pipe", to: pipe.path), .refused("it is a pipe, not a file")),
            (folder.appendingPathComponent("vanished.txt"), .refused("the file no longer exists")),
            (URL(fileURLWithPath: "/proc/self/status"), .refused("the file is empty")),
            // Root reads anything; anyone else is told.
            (unreadable, getuid() == 0 ? .arrives : .refused("you don't have permission to read it")),
            (try file("bad utf8.txt", Data([0xFF, 0xFE, 0x00, 0xC3, 0x28, 0xED, 0xA0, 0x80])), .arrives),
            (try file("one line.txt", Data(repeating: UInt8(ascii: "a"), count: 10 << 20)), .arrives),
            (try file("deep.html", Data((String(repeating: "<div>", count: 100_000) + "x").utf8)), .arrives),
            (try file("bomb.png", Data(bomb)), .arrives),
            (try file("cut.png", Data(bomb.prefix(20))), .arrives),
            (try file("many events.ics", Data(("BEGIN:VCALENDAR\r\n" + events + "END:VCALENDAR\r\n").utf8)), .arrives),
            (try file("..hidden", Data("dots".utf8)), .arrives),
            (URL(fileURLWithPath: directory.path + "/../../nasty/../nasty/..gone"), .refused("the file no longer exists")),
            (try file("line\nbreak.txt", Data("x".utf8)), .arrives),
            (try file("tab\tand\u{7}bell.txt", Data("x".utf8)), .arrives),
            (try file(longName, Data("x".utf8)), .arrives),
            (try file("\u{202E}gnp.exe", Data("x".utf8)), .arrives),
            (try file("photo.txt", Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!), .arrives),
            (try file("same twice.txt", Data("twice".utf8)), .arrives),
            (try file("same twice too.txt", Data("twice".utf8)), .arrives),
            (try link("link to file", to: folder.appendingPathComponent("same twice.txt").path), .arrives),
            (try file("    .txt", Data("spaces".utf8)), .arrives),
        ]
        XCTAssertGreaterThanOrEqual(cases.count, 30)
        // Some lines no file comes of: another host's file, the web, a comment, garbage.
        let junk = ["# a comment", "http://example.org/x.png", "not a uri at all", "file://", "file:///%00", ""]
        let list = Data((cases.map { $0.0.absoluteString } + junk).joined(separator: "\r\n").utf8)

        let (app, window, editor, store, _) = try startAppWithNote(dataHome: dataHome, title: "Nasty", body: "kept text")
        let probe = StallProbe()
        XCTAssertTrue(editor.insertDropped(list, mimeType: FileList.mimeType, at: 4))
        let refused = cases.compactMap { if case .refused(let why) = $0.1 { (name: $0.0.lastPathComponent, why: why) } else { nil } }
        waitFor("every copy to end", timeout: 60) { !editor.text.holdsIncoming }
        // The list's "file:///%00" names a file too, one that does not exist.
        let expectedToasts = refused.count + 1
        waitFor("the toasts") { window.toastTitles.count >= expectedToasts }
        let longest = probe.stop()
        // A figure, not a test of time (the goal is 100 ms): a blocking read would have
        // failed the waits above.
        print("nasty drops: longest main-loop stall \(String(format: "%.0f", longest * 1000)) ms")

        XCTAssertEqual(window.toastTitles.count, expectedToasts, "\(window.toastTitles)")
        XCTAssertTrue(window.toastTitles.contains("Could not insert “%00”: the file no longer exists"))
        for (name, why) in refused {
            XCTAssertTrue(window.toastTitles.contains { $0.contains("“\(name)”") && $0.contains(why) }, "\(name): \(window.toastTitles)")
        }
        let arrived = cases.filter { if case .arrives = $0.1 { true } else { false } }.map { $0.0.lastPathComponent }
        XCTAssertEqual(editor.text.attachments.map(\.fileName), arrived)
        XCTAssertEqual(editor.text.attachments.first { $0.fileName == "bomb.png" }?.kind, .file, "a bomb is never a picture")
        XCTAssertEqual(editor.text.attachments.first { $0.fileName == "photo.txt" }?.kind, .image)
        // One file a line; a refused file's line went with it, but for the first's (the line
        // dropped on, where "kept" stays).
        XCTAssertEqual(editor.text.plainText,
                       "kept\n" + arrived.map { _ in "\u{FFFC}" }.joined(separator: "\n") + " text")
        XCTAssertEqual(editor.selection.range, 4..<(editor.text.length - " text".count), "what came in is selected")
        XCTAssertTrue(editor.saveNow(waitUntilWritten: true))
        let media = try FileManager.default.contentsOfDirectory(atPath: store.media.directory.path)
        XCTAssertFalse(media.contains { $0.hasPrefix(".incoming-") }, "\(media)")
        XCTAssertEqual(media.count, Set(editor.text.attachments.map(\.media)).count, "the same bytes stored once")
        // One undo takes the whole drop back.
        editor.undo()
        XCTAssertEqual(editor.bodyText, "kept text")
        chmod(unreadable.path, 0o644)
        close(app)
    }

    /// Calendar files on their own bring their to-dos as checklist paragraphs; one that is no
    /// calendar is named, and the others still come in, as one step.
    @MainActor private static func calendars() throws {
        let dataHome = try TemporaryDataHome()
        let (app, window, editor, _, _) = try startAppWithNote(dataHome: dataHome, title: "Trip", body: "Packing")
        let trip = dataHome.url.appendingPathComponent("trip.ics")
        try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:1\r\nSUMMARY:Tent\r\nEND:VTODO\r\nBEGIN:VTODO\r\nUID:2\r\nSUMMARY:Stove\r\nSTATUS:COMPLETED\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8).write(to: trip)
        let fake = dataHome.url.appendingPathComponent("fake.ics")
        try Data("not a calendar".utf8).write(to: fake)
        XCTAssertTrue(editor.insertDropped(FileList.data(for: [trip, fake]), mimeType: FileList.mimeType, at: 7))
        waitFor("the to-dos") { editor.bodyText.contains("Stove") }
        XCTAssertEqual(editor.bodyText, "Packing\nTent\nStove")
        XCTAssertEqual(editor.text.paragraphs.map(\.style), [.body, .checklist(checked: false), .checklist(checked: true)])
        waitFor("the toast") { !window.toastTitles.filter { $0.contains("fake.ics") }.isEmpty }
        XCTAssertTrue(window.toastTitles.contains("Could not insert “fake.ics”: it cannot be read as a calendar"), "\(window.toastTitles)")
        editor.undo()
        XCTAssertEqual(editor.bodyText, "Packing", "one step")
        close(app)
    }

    /// Files can be cut short while Tote reads them (a download restarted, a log rotated).
    @MainActor private static func shrinking() throws {
        let dataHome = try TemporaryDataHome()
        let (app, window, editor, store, _) = try startAppWithNote(dataHome: dataHome, title: "Logs", body: "kept")
        let file = dataHome.url.appendingPathComponent("growing.log")
        XCTAssertTrue(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 4 << 30)
        XCTAssertTrue(editor.insertDropped(FileList.data(for: [file]), mimeType: FileList.mimeType, at: 4))
        let media = store.media.directory
        waitFor("bytes copied") {
            ((try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? []).contains {
                ((try? FileManager.default.attributesOfItem(atPath: media.appendingPathComponent($0).path))?[.size] as? NSNumber)?.int64Value ?? 0 > 0
            }
        }
        try handle.truncate(atOffset: 1 << 20)
        try handle.close()
        waitFor("the copy to end", timeout: 30) { !editor.text.holdsIncoming }
        XCTAssertEqual(window.toastTitles, ["Could not insert “growing.log”: it changed while it was being read"])
        XCTAssertEqual(editor.bodyText, "kept")
        waitFor("no partial file") { ((try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? []).isEmpty }
        close(app)
    }

    @MainActor private static func diskFull() throws {
        let dataHome = try TemporaryDataHome()
        try runTool("/bin/mount", "-t", "tmpfs", "-o", "size=4m", "tote-test-disk", dataHome.url.path)
        defer { try? runTool("/bin/umount", "-l", dataHome.url.path) }
        let (app, window, editor, store, id) = try startAppWithNote(dataHome: dataHome, title: "Trip", body: "kept")
        defer { close(app) }
        let outside = try TemporaryDataHome()
        let big = outside.url.appendingPathComponent("map.pdf")
        try Data(repeating: 7, count: 8 << 20).write(to: big)
        XCTAssertTrue(editor.insertDropped(FileList.data(for: [big]), mimeType: FileList.mimeType, at: 4))
        waitFor("the copy to end", timeout: 30) { !editor.text.holdsIncoming }
        XCTAssertEqual(window.toastTitles, ["Could not insert “map.pdf”: the disk is full"])
        XCTAssertEqual(editor.bodyText, "kept")
        let media = store.media.directory.path
        XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: media)) ?? [], [], "no partial file")
        XCTAssertEqual(try store.note(id: id)?.body, "kept")
    }
}
