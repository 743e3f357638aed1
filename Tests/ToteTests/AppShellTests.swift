// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

final class AppShellTests: GTKTestCase {
    func testADamagedDatabaseIsExplainedAndLeftUntouched() throws {
        try onMainActor(Self.damagedDatabase)
    }

    @MainActor
    private static func damagedDatabase() throws {
        let dataHome = try TemporaryDataHome()
        do {
            let folder = dataHome.url.appendingPathComponent("io.github.totenotes.ToteTest\(getpid())n\(GTKTestCase.appCount + 1)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let database = folder.appendingPathComponent("tote.sqlite3")
            let garbage = Data("This is not SQLite at all, but it is someone's file.".utf8)
            try garbage.write(to: database)

            let app = startApp(dataHome: dataHome)
            XCTAssertEqual(app.windows.first?.visiblePageName, "store-error")
            guard case .failure(.notADatabase(let path))? = app.store else {
                return XCTFail("expected notADatabase, got \(String(describing: app.store))")
            }
            XCTAssertEqual(path, database.path)
            let newNote = g_action_map_lookup_action(app.application.opaque, "new-note")
            XCTAssertFalse(g_action_get_enabled(newNote).isTrue, "creating notes is off")
            // `tote FILE.ics` sent to this instance used to do nothing at all.
            app.windows.first?.importCalendars(atPaths: ["/tmp/Groceries.ics"])
            XCTAssertEqual(app.windows.first?.toastTitles.last,
                           "“Groceries.ics” was not imported: Tote cannot open your notes")
            close(app)
            XCTAssertEqual(try Data(contentsOf: database), garbage)
        }
    }

    func testCalendarFilesThatAreNotFilesAreRefusedWithTheRealReason() throws {
        try onMainActor(Self.specialFiles)
    }

    /// `tote PIPE.ics`, `tote /dev/zero`, `tote FOLDER`: once "You don't have permission" or
    /// "NSCocoaErrorDomain error 256"; a pipe could block the reading thread for good.
    @MainActor
    private static func specialFiles() throws {
        let dataHome = try TemporaryDataHome()
        let pipe = dataHome.url.appendingPathComponent("Pipe.ics").path
        XCTAssertEqual(mkfifo(pipe, 0o644), 0)
        let folder = dataHome.url.appendingPathComponent("Folder.ics")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            let app = startApp(dataHome: dataHome)
            let window = try XCTUnwrap(app.windows.first)
            window.importCalendars(atPaths: [pipe, "/dev/zero", folder.path, dataHome.url.appendingPathComponent("Gone.ics").path])
            waitFor("four toasts") { window.toastTitles.count >= 4 }
            XCTAssertEqual(Set(window.toastTitles), [
                "Could not import “Pipe.ics”: it is a pipe, not a file",
                "Could not import “zero”: it is a device, not a file",
                "Could not import “Folder.ics”: it is a folder, not a file",
                "Could not import “Gone.ics”: the file no longer exists",
            ])
            XCTAssertTrue(try XCTUnwrap(app.store?.get()).reminderLists().isEmpty, "nothing half-added")

            // The same files dropped or inserted into a note.
            window.createNote()
            let editor = try XCTUnwrap(window.noteEditor)
            gtk_text_buffer_insert_at_cursor(editor.buffer, "kept", -1)
            editor.insertFiles(atPaths: [pipe, "/dev/zero", folder.path])
            waitFor("three more toasts") { window.toastTitles.count >= 7 }
            XCTAssertEqual(Set(window.toastTitles.suffix(3)), [
                "Could not insert “Pipe.ics”: it is a pipe, not a file",
                "Could not insert “zero”: it is a device, not a file",
                "Could not insert “Folder.ics”: it is a folder, not a file",
            ])
            XCTAssertEqual(editor.bodyText, "kept")
            let media = try XCTUnwrap(app.store?.get()).media.directory
            XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: media.path)) ?? [], [], "no partial file")
            close(app)
        }
    }

    func testF9HidesTheSidebarWithAWayBackAndSearchSaysWhenNothingMatches() throws {
        try onMainActor(Self.sidebarAndSearch)
    }

    @MainActor
    private static func sidebarAndSearch() throws {
        let dataHome = try TemporaryDataHome()
        do {
            let app = startApp(dataHome: dataHome)
            let window = try XCTUnwrap(app.windows.first)
            window.createNote()
            XCTAssertTrue(window.isSidebarShown)
            XCTAssertFalse(window.isShowSidebarButtonShown)

            gtk_widget_activate_action_variant(window.window, "win.toggle-sidebar", nil)  // F9
            XCTAssertFalse(window.isSidebarShown)
            XCTAssertTrue(window.isShowSidebarButtonShown, "a button brings it back")
            gtk_widget_activate_action_variant(window.window, "win.toggle-sidebar", nil)  // the button
            XCTAssertTrue(window.isSidebarShown)
            XCTAssertFalse(window.isShowSidebarButtonShown)

            // Searching (Ctrl+F) while it is hidden shows it: the search is there.
            gtk_widget_activate_action_variant(window.window, "win.toggle-sidebar", nil)
            gtk_widget_activate_action_variant(window.window, "win.search", nil)
            XCTAssertTrue(window.isSidebarShown)

            XCTAssertEqual(window.sidebarView.notesPlaceholderText, "No notes yet")
            searchSidebar(window, for: "zebra crossing") { $0.notesPlaceholderText == "No notes found" }
            XCTAssertEqual(window.sidebarView.noteRowNames, [])
            XCTAssertEqual(window.sidebarView.listsPlaceholderText, "No lists found")
            searchSidebar(window, for: "") { $0.notesPlaceholderText == "No notes yet" }
            close(app)
        }
    }

    func testTextTypedIntoANewNoteIsSavedWithoutQuitting() throws {
        try onMainActor(Self.autosave)
    }

    @MainActor
    private static func autosave() throws {
        let dataHome = try TemporaryDataHome()
        do {
            let app = startApp(dataHome: dataHome)
            guard let window = app.windows.first, case .success(let store)? = app.store else {
                return XCTFail("no window or no store")
            }
            XCTAssertEqual(window.visiblePageName, "welcome")
            window.createNote()
            XCTAssertEqual(window.visiblePageName, "note")
            // What is typed first is the title (Enter there goes on to the body: NotePersistenceTests).
            let editor = try XCTUnwrap(window.noteEditor)
            func focused(_ widget: WidgetPointer) -> Bool {
                guard let focus = gtk_root_get_focus(OpaquePointer(window.window)) else { return false }
                return focus == widget || gtk_widget_is_ancestor(focus, widget).isTrue
            }
            XCTAssertTrue(focused(editor.titleField), "Ctrl+N puts the caret in the title")
            XCTAssertFalse(focused(editor.textView))
            let buffer = editor.buffer
            gtk_text_buffer_insert_at_cursor(buffer, "Buy oat milk\nand bread", -1)
            waitFor("the autosave") { (try? store.notes().first?.body) == "Buy oat milk\nand bread" }
            waitFor("the sidebar to show the first line") {
                window.sidebarView.noteRowNames == ["Buy oat milk"]
            }
            close(app)
        }
    }

    func testTheWindowSizeIsRemembered() throws {
        try onMainActor(Self.windowSize)
    }

    @MainActor
    private static func windowSize() throws {
        let dataHome = try TemporaryDataHome()
        do {
            let first = startApp(dataHome: dataHome)
            gtk_window_set_default_size(first.windows[0].window.cast(), 777, 555)
            close(first)
            g_settings_sync()

            let second = startApp(dataHome: dataHome)
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(second.windows[0].window.cast(), &width, &height)
            XCTAssertEqual([width, height], [777, 555])
            close(second)
        }
    }
}

extension AppShellTests {
    func testAboutAndKeyboardShortcutsOpen() throws {
        try onMainActor(Self.aboutAndShortcuts)
    }

    @MainActor
    private static func aboutAndShortcuts() throws {
        let dataHome = try TemporaryDataHome()
        let app = startApp(dataHome: dataHome)
        func toplevelTypes() -> [String] {
            let list = gtk_window_list_toplevels()
            defer { g_list_free(list) }
            var names: [String] = [], node = list
            while let current = node {
                if gtk_widget_get_visible(current.pointee.data.assumingMemoryBound(to: GtkWidget.self)).isTrue {
                    names.append(String(cString: g_type_name_from_instance(
                        current.pointee.data.assumingMemoryBound(to: GTypeInstance.self))))
                }
                node = current.pointee.next
            }
            return names
        }
        g_action_group_activate_action(app.application.opaque, "about", nil)
        waitFor("the About window") { toplevelTypes().contains("AdwAboutWindow") }
        let window = app.windows[0].window
        gtk_widget_activate_action_variant(window, "win.show-help-overlay", nil)
        waitFor("the Keyboard Shortcuts window") { toplevelTypes().contains("GtkShortcutsWindow") }
        close(app)
    }
}

extension AppShellTests {
    func testDeletingANoteAndUndoingIt() throws { try onMainActor(Self.deleteAndUndo) }
    func testSearchShowsOnlyMatchingNotes() throws { try onMainActor(Self.search) }
    func testInsertingFilesAddsAttachmentsAndReportsUnreadableOnes() throws { try onMainActor(Self.insertFiles) }

    @MainActor
    private static func deleteAndUndo() throws {
        let dataHome = try TemporaryDataHome()
        let app = startApp(dataHome: dataHome)
        guard let window = app.windows.first, case .success(let store)? = app.store else { return XCTFail() }
        window.createNote()
        gtk_text_buffer_insert_at_cursor(window.noteEditor!.buffer, "Keep me", -1)
        window.saveNow(waitUntilWritten: true)
        waitFor("the save") { (try? store.notes().first?.body) == "Keep me" }
        let saved = try XCTUnwrap(store.notes().first)
        gtk_widget_activate_action_variant(window.window, "win.delete-note", nil)
        XCTAssertTrue(try store.notes().isEmpty)
        XCTAssertEqual(window.sidebarView.noteRowNames, [])
        XCTAssertEqual(window.visiblePageName, "welcome")
        // The toast's Undo names the note it brings back.
        gtk_widget_activate_action_variant(window.window, "win.undo-delete", g_variant_new_string(saved.id.uuidString))
        XCTAssertEqual(try store.notes(), [saved])
        XCTAssertEqual(window.sidebarView.noteRowNames, ["Keep me"])
        XCTAssertEqual(window.noteEditor?.bodyText, "Keep me")
        close(app)
    }

    @MainActor
    private static func search() throws {
        let dataHome = try TemporaryDataHome()
        let app = startApp(dataHome: dataHome)
        guard let window = app.windows.first, let library = app.library else { return XCTFail() }
        for body in ["Oat milk and bread", "Tent and stove", "Café au lait"] {
            let note = try library.createNote()
            // Past the sidebar's summary: the search reads the whole text.
            let text = String(repeating: "filler ", count: 1000) + body
            try XCTUnwrap(library.store.save(noteID: note.id, title: body, body: RichText(plain: text)))
                .map { try library.importNote($0) }
        }
        searchSidebar(window, for: "cafe") { $0.noteRowNames == ["Café au lait"] }
        XCTAssertEqual(window.sidebarView.noteRowNames, ["Café au lait"])
        searchSidebar(window, for: "AND") { $0.noteRowNames.count == 2 }
        XCTAssertEqual(Set(window.sidebarView.noteRowNames), ["Oat milk and bread", "Tent and stove"])
        searchSidebar(window, for: "") { $0.noteRowNames.count == 3 }
        XCTAssertEqual(window.sidebarView.noteRowNames.count, 3)
        close(app)
    }

    @MainActor
    private static func insertFiles() throws {
        let dataHome = try TemporaryDataHome()
        let app = startApp(dataHome: dataHome)
        guard let window = app.windows.first, let editor = window.noteEditor else { return XCTFail() }
        window.createNote()
        let png = dataHome.url.appendingPathComponent("dot.png")
        try Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!.write(to: png)
        let pdf = dataHome.url.appendingPathComponent("report.pdf")
        try Data("%PDF-1.4\n".utf8).write(to: pdf)
        var failures: [String] = []
        editor.onInsertFailed = { name, _ in failures.append(name) }
        editor.insertFiles(atPaths: [png.path, dataHome.url.appendingPathComponent("vanished.txt").path, pdf.path])
        XCTAssertEqual(editor.text.attachments.map(\.kind), [.incoming, .incoming, .incoming], "placeholders at once")
        waitFor("the copies to end") { !editor.text.holdsIncoming }
        XCTAssertEqual(editor.text.attachments.map(\.kind), [.image, .file])
        XCTAssertEqual(editor.text.attachments.map(\.mimeType), ["image/png", "application/pdf"])
        XCTAssertEqual(failures, ["vanished.txt"])
        editor.undo()
        XCTAssertTrue(editor.text.attachments.isEmpty, "one undo removes the whole insertion")
        close(app)
    }
}

extension AppShellTests {
    /// The report: a store damaged in the middle was opened, and a new note written into it.
    /// Now the window says so, and the person can go on with a fresh store and recover what
    /// can be read; the damaged file is kept byte for byte.
    func testADamagedStoreIsSetAsideAndWhatCanBeReadIsRecovered() throws {
        try onMainActor(Self.damagedStoreRecovery)
    }

    @MainActor
    private static func damagedStoreRecovery() throws {
        let dataHome = try TemporaryDataHome()
        let folder = dataHome.url.appendingPathComponent("io.github.totenotes.ToteTest\(getpid())n\(GTKTestCase.appCount + 1)")
        let location = StoreLocation(directory: folder)
        do {
            let store = try Store(location: location)
            for index in 0..<300 {
                let note = try store.createNote()
                let body = (0..<30).map { "Note \(index) line \($0) with words to fill it up." }.joined(separator: "\n")
                try store.save(noteID: note.id, title: "Note \(index)", body: RichText(plain: body))
            }
            try store.checkpoint()
        }
        var bytes = try Data(contentsOf: location.databaseURL)
        let page = bytes.count / 4096 / 2
        bytes.replaceSubrange(page * 4096..<(page + 1) * 4096, with: Data(repeating: 0xA5, count: 4096))
        try bytes.write(to: location.databaseURL)

        let app = startApp(dataHome: dataHome)
        XCTAssertEqual(app.windows.first?.visiblePageName, "store-error")
        guard case .failure(.damaged(let path))? = app.store else {
            return XCTFail("expected damaged, got \(String(describing: app.store))")
        }
        XCTAssertEqual(path, location.databaseURL.path)
        XCTAssertEqual(try Data(contentsOf: location.databaseURL), bytes, "nothing written at opening")

        app.replaceDamagedStore(recovering: true)
        guard let window = app.windows.first, case .success(let fresh)? = app.store else {
            return XCTFail("no fresh store")
        }
        XCTAssertEqual(app.windows.count, 1)
        XCTAssertEqual(window.visiblePageName, "welcome")
        waitFor("the recovered notes in the sidebar", timeout: 20) { window.sidebarView.noteRowNames.count > 250 }
        XCTAssertEqual(try fresh.notes().count, window.sidebarView.noteRowNames.count)
        XCTAssertTrue(window.toastTitles.contains { $0.hasPrefix("Recovered ") }, "\(window.toastTitles)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("tote-damaged-") }
        XCTAssertEqual(kept.count, 1)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent(kept[0])), bytes, "the damaged file is kept as it was")
        let newNote = g_action_map_lookup_action(app.application.opaque, "new-note")
        XCTAssertTrue(g_action_get_enabled(newNote).isTrue, "notes can be created again")
        close(app)
    }
}

/// Types a query into the window's search entry and waits until the sidebar shows `done`.
@MainActor
func searchSidebar(_ window: MainWindow, for query: String, until done: (Sidebar) -> Bool) {
    gtk_editable_set_text(window.searchField.opaque, query)
    waitFor("the sidebar shows the search for “\(query)”") { done(window.sidebarView) }
}
