// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import Foundation
@testable import ToteApp
import ToteCore
import XCTest

/// Base for tests that touch GTK: XCTest runs them on the process main thread (Swift Testing
/// does not on Linux). Needs a display; the test command provides Xvfb when there is none.
class GTKTestCase: XCTestCase {
    private nonisolated(unsafe) static var initialized = false
    /// Compiled schemas from data/, so the app's GSettings exist in tests.
    nonisolated(unsafe) static var schemaDirectory: URL?

    override func setUpWithError() throws {
        try super.setUpWithError()
        if !Self.initialized {
            Self.schemaDirectory = try Self.compileSchemas()
            setenv("GSETTINGS_SCHEMA_DIR", Self.schemaDirectory!.path, 1)
            setenv("GSETTINGS_BACKEND", "memory", 1)
            // Drawn with cairo: llvmpipe's GL under Xvfb takes 70–180 ms a frame, which would
            // hide Tote's own work from the tests that time the main loop (StallProbe). GTK
            // reads this once, for the first window.
            setenv("GSK_RENDERER", "cairo", 1)
            XCTAssertTrue(gtk_init_check().isTrue, "GTK needs a display: run the tests with the README's test command")
            adw_init()
            MainActor.assumeIsolated { MainLoop.integrateSwiftConcurrency() }
            // These tests use no account: the desktop's task lists (the test bus's EDS, with
            // the user's own configuration) stay out of their windows. SyncTests turn it on.
            let settings = g_settings_new("io.github.totenotes.Tote")
            g_settings_set_boolean(settings, "sync-accounts", 0)
            g_object_unref(settings)
            Self.initialized = true
        }
    }

    nonisolated(unsafe) static var appCount = 0

    /// A started and activated app on a temporary data home. Each gets its own app id, so
    /// registrations on the session bus never collide.
    @MainActor
    static func startApp(dataHome: TemporaryDataHome) -> ToteApplication {
        appCount += 1
        let app = ToteApplication(
            appID: "io.github.totenotes.ToteTest\(getpid())n\(appCount)", environment: dataHome.environment)
        var error: UnsafeMutablePointer<GError>?
        XCTAssertTrue(g_application_register(app.application.cast(), nil, &error).isTrue)
        g_application_activate(app.application.cast())
        waitFor("the window") { !app.windows.isEmpty }
        return app
    }

    /// A started app whose window shows a new note titled `title` holding `body`, saved.
    @MainActor
    static func startAppWithNote(
        dataHome: TemporaryDataHome, title: String, body: String
    ) throws -> (app: ToteApplication, window: MainWindow, editor: NoteEditor, store: Store, id: UUID) {
        let app = startApp(dataHome: dataHome)
        guard let window = app.windows.first, case .success(let store)? = app.store else {
            throw XCTSkip("no window or no store")
        }
        window.createNote()
        let editor = try XCTUnwrap(window.noteEditor)
        let id = try XCTUnwrap(editor.note?.id)
        gtk_editable_set_text(editor.titleField.opaque, title)
        gtk_text_buffer_insert_at_cursor(editor.buffer, body, -1)
        XCTAssertTrue(editor.saveNow(waitUntilWritten: true))
        waitFor("the save to reach the editor") { editor.note?.title == title && editor.note?.body == body }
        return (app, window, editor, store, id)
    }

    @MainActor
    static func close(_ app: ToteApplication) {
        for window in app.windows { gtk_window_close(window.window.cast()) }
        waitFor("the windows to close") { app.windows.isEmpty }
    }

    /// Every widget below `root`, depth first.
    @MainActor
    static func descendants(of root: WidgetPointer) -> [WidgetPointer] {
        var found: [WidgetPointer] = []
        var child = gtk_widget_get_first_child(root)
        while let widget = child {
            found.append(widget)
            found += descendants(of: widget)
            child = gtk_widget_get_next_sibling(widget)
        }
        return found
    }

    @MainActor
    static func isA(_ widget: WidgetPointer, _ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self), type).isTrue
    }

    /// The message dialog Tote shows (a name or a date to ask for), once it is up.
    @MainActor
    static func messageDialog() throws -> WidgetPointer {
        var dialog: UnsafeMutableRawPointer?
        waitFor("the dialog") {
            let toplevels = gtk_window_get_toplevels()
            for index in 0..<g_list_model_get_n_items(toplevels) {
                let window = g_list_model_get_item(toplevels, index)!
                defer { g_object_unref(window) }
                if isA(window.assumingMemoryBound(to: GtkWidget.self), adw_message_dialog_get_type()),
                   gtk_widget_get_visible(window.assumingMemoryBound(to: GtkWidget.self)).isTrue {
                    dialog = window
                }
            }
            return dialog != nil
        }
        return try XCTUnwrap(dialog).assumingMemoryBound(to: GtkWidget.self)
    }

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    private static func compileSchemas() throws -> URL {
        let target = FileManager.default.temporaryDirectory
            .appendingPathComponent("tote-schemas-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compile.arguments = [
            "glib-compile-schemas", "--strict", "--targetdir=\(target.path)",
            repositoryRoot.appendingPathComponent("data").path,
        ]
        try compile.run()
        compile.waitUntilExit()
        XCTAssertEqual(compile.terminationStatus, 0, "glib-compile-schemas failed")
        return target
    }

}

/// Runs a test body on the main actor. XCTest calls test methods on the main thread, but Linux
/// XCTest cannot call `@MainActor` ones, so bodies are `@MainActor` static functions.
func onMainActor(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
}

/// Runs a tool to its end; throws when it fails.
func runTool(_ tool: String, _ arguments: String...) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: "\(tool) \(arguments)"])
    }
}

/// Runs the GLib main loop until `condition` holds; fails the test after `timeout` seconds.
@MainActor
func waitFor(
    _ what: String, timeout: Double = 5, file: StaticString = #filePath, line: UInt = #line,
    _ condition: () -> Bool
) {
    if !MainLoop.iterate(until: condition, timeout: timeout) {
        XCTFail("timed out after \(timeout) s waiting for \(what)", file: file, line: line)
    }
}

extension gboolean {
    var isTrue: Bool { self != 0 }
}

/// A temporary XDG_DATA_HOME, removed afterwards.
final class TemporaryDataHome {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tote-gtk-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Set on top of XDG_DATA_HOME (XDG_RUNTIME_DIR, say).
    var extraEnvironment: [String: String] = [:]

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = url.path
        environment.merge(extraEnvironment) { $1 }
        return environment
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
