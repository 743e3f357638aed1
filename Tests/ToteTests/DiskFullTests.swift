// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// The data folder on a real, small disk (a 4 MB tmpfs) filled to the last byte.
final class DiskFullTests: GTKTestCase {
    func testClosingWithTheDiskFullSaysSoAndTheEditComesBackNextTime() throws {
        try XCTSkipUnless(getuid() == 0, "mounting a small disk needs root (CI runs as root)")
        try onMainActor(Self.diskFull)
    }

    func testSwitchingNotesWithTheDiskFullKeepsTheUnsavedTextShown() throws {
        try XCTSkipUnless(getuid() == 0, "mounting a small disk needs root (CI runs as root)")
        try onMainActor(Self.switchingWhileFull)
    }

    @MainActor
    private static func switchingWhileFull() throws {
        let dataHome = try TemporaryDataHome()
        try runTool("/bin/mount", "-t", "tmpfs", "-o", "size=4m", "tote-test-disk", dataHome.url.path)
        defer { try? runTool("/bin/umount", "-l", dataHome.url.path) }
        let (app, window, editor, store, id) = try startAppWithNote(dataHome: dataHome, title: "Diary", body: "saved part.")
        defer { close(app) }
        let other = try store.createNote(title: "Other")

        let filler = dataHome.url.appendingPathComponent("filler")
        try? runTool("/bin/dd", "if=/dev/zero", "of=\(filler.path)", "bs=64k")
        let unsaved = String(repeating: "\nunsaved words", count: 20_000)
        gtk_text_buffer_insert_at_cursor(editor.buffer, unsaved, -1)

        window.open(.note(other.id))
        XCTAssertEqual(editor.note?.id, id, "the note that could not be saved stays shown")
        XCTAssertEqual(editor.bodyText, "saved part." + unsaved)
        XCTAssertTrue(window.toastTitles.last?.hasPrefix("Could not save “Diary”") == true, "\(window.toastTitles)")

        // With space again, the switch saves first and then shows the other note.
        try FileManager.default.removeItem(at: filler)
        window.open(.note(other.id))
        XCTAssertEqual(editor.note?.id, other.id)
        XCTAssertEqual(try store.note(id: id)?.body, "saved part." + unsaved)
    }

    @MainActor
    private static func diskFull() throws {
        let dataHome = try TemporaryDataHome()
        let runtime = try TemporaryDataHome()
        dataHome.extraEnvironment["XDG_RUNTIME_DIR"] = runtime.url.path
        try runTool("/bin/mount", "-t", "tmpfs", "-o", "size=4m", "tote-test-disk", dataHome.url.path)
        defer { try? runTool("/bin/umount", "-l", dataHome.url.path) }

        let (first, window, editor, store, id) = try startAppWithNote(dataHome: dataHome, title: "Diary", body: "saved part.")

        let filler = dataHome.url.appendingPathComponent("filler")
        try? runTool("/bin/dd", "if=/dev/zero", "of=\(filler.path)", "bs=64k")
        // Enough new text that the write-ahead log must grow into space that is not there.
        let unsaved = String(repeating: "\nunsaved words", count: 20_000)
        gtk_text_buffer_insert_at_cursor(editor.buffer, unsaved, -1)

        gtk_window_close(window.window.cast())
        waitFor("the dialog") { window.unsavedEditsDialog != nil }
        XCTAssertEqual(first.windows.count, 1, "the window stays open while the dialog asks")
        let kept = runtime.url.appendingPathComponent("\(first.appID)/unsaved/\(id.uuidString).plist")
        XCTAssertTrue(FileManager.default.fileExists(atPath: kept.path), "kept outside the full disk")
        XCTAssertEqual(try store.note(id: id)?.body, "saved part.")

        adw_message_dialog_response(try XCTUnwrap(window.unsavedEditsDialog).cast(), "close")
        waitFor("the window to close") { first.windows.isEmpty }

        // Space again; the next start (another app id in tests: its folders get the files).
        try FileManager.default.removeItem(at: filler)
        let nextID = "io.github.totenotes.ToteTest\(getpid())n\(GTKTestCase.appCount + 1)"
        try FileManager.default.moveItem(at: dataHome.url.appendingPathComponent(first.appID),
                                         to: dataHome.url.appendingPathComponent(nextID))
        try FileManager.default.moveItem(at: runtime.url.appendingPathComponent(first.appID),
                                         to: runtime.url.appendingPathComponent(nextID))
        let second = startApp(dataHome: dataHome)
        guard case .success(let reopened)? = second.store else { return XCTFail("no store") }
        XCTAssertEqual(try reopened.note(id: id)?.body, "saved part." + unsaved)
        XCTAssertEqual(second.windows.first?.toastTitles.last,
                       "The text of “Diary” that could not be saved last time is back")
        XCTAssertFalse(FileManager.default.fileExists(
            atPath: runtime.url.appendingPathComponent("\(nextID)/unsaved/\(id.uuidString).plist").path))
        close(second)
    }
}
