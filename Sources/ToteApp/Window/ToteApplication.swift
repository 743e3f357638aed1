// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// The running app: an AdwApplication, its actions and command line, the store, and windows.
@MainActor
public final class ToteApplication {
    public let appID: String
    public let application: UnsafeMutablePointer<AdwApplication>
    /// The open store, or why it could not be opened (the window then explains).
    public private(set) var store: Result<Store, StoreError>?
    /// The live notes and lists every window follows; nil while no store is open.
    private(set) var library: Library?
    /// Lists synced through the desktop's accounts (Evolution Data Server); nil until the
    /// first window has drawn, and when the preference is off.
    private(set) var sync: SyncService?
    /// The notes folder (`notes-folder`); nil until the first window has drawn.
    var notesFolder: NotesFolderService?
    /// Why the library could not be read at start (the first window says so).
    private(set) var libraryLoadFailure: (any Error)?
    /// Announces reminders as they come due; nil while no store is open.
    private(set) var notifier: ReminderNotifier?
    /// Whether the app holds itself, running with no window (`run-in-background`).
    var isHeldInBackground = false
    /// Window state (size, maximized); nil when the schema is not installed, as in an
    /// uninstalled build without GSETTINGS_SCHEMA_DIR.
    private(set) var settings: UnsafeMutablePointer<GSettings>?
    private(set) var windows: [MainWindow] = []
    /// Every note's undo steps: a note is edited in one window at a time, and keeps its
    /// steps when another is shown.
    /// Stores found damaged while open. Kept open until Tote ends: closing a pool checkpoints
    /// its log into the file, which must stay as it was.
    private var retiredStores: [Store] = []
    private let environment: [String: String]

    public init(
        appID: String = String(cString: tote_shim_app_id()),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.appID = appID
        self.environment = environment
        tote_shim_init_i18n()
        g_set_application_name(tr("Tote"))
        application = adw_application_new(appID, G_APPLICATION_HANDLES_OPEN)
        addCommandLineOptions()
        connectOpen()
        application.connect("startup") { [weak self] in self?.startup() }
        application.connect("activate") { [weak self] in self?.activate() }
        application.connect("shutdown") { [weak self] in self?.shutdown() }
        quitOnTerminationSignals()
    }

    /// Logging out, `kill` and Ctrl+C in a terminal end Tote like Quit does, so the last
    /// edits are written first. The quit waits for input already on its way (an idle step
    /// runs after GDK's events): keys typed just before a SIGTERM were lost when it came first.
    /// It goes before frames, the filling of a long note and GtkTextView's layout: at the
    /// lowest priority it waited for a 1 MB note to be laid out whole, over 20 s.
    private func quitOnTerminationSignals() {
        for signal in [SIGTERM, SIGHUP, SIGINT] {
            g_unix_signal_add_full(G_PRIORITY_HIGH, signal, { context in
                nonisolated(unsafe) let context = context
                MainActor.assumeIsolated {
                    let app = Unmanaged<ToteApplication>.fromOpaque(context!).takeUnretainedValue()
                    Idle.repeatWhile(priority: G_PRIORITY_HIGH_IDLE) { [weak app] in
                        app?.quit(asking: false)
                        return false
                    }
                }
                return 1
            }, Unmanaged.passUnretained(self).toOpaque(), nil)
        }
    }

    /// Runs the GLib main loop with Swift concurrency integrated; returns the exit status.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
        MainLoop.integrateSwiftConcurrency()
        return withCStringArray(arguments) { argv in
            g_application_run(
                application.cast(), Int32(arguments.count),
                UnsafeMutablePointer(mutating: argv).withMemoryRebound(
                    to: UnsafeMutablePointer<CChar>?.self, capacity: arguments.count + 1) { $0 })
        }
    }

    /// The window that has focus, or the newest one.
    var activeWindow: MainWindow? {
        let active = gtk_application_get_active_window(application.cast())
        return windows.first { $0.window == active?.widget } ?? windows.last
    }

    // MARK: Life cycle

    private func startup() {
        gtk_window_set_default_icon_name(appID)
        settings = Self.makeSettings()
        Self.loadStyle()
        store = Result { () throws(StoreError) in try Store(location: StoreLocation(appID: appID, environment: environment)) }
        openLibrary()
        addActions()
        addNotificationActions()
        followRunInBackground()
    }

    /// When this Tote started: copies into the media folder begun before it are leftovers.
    private let startedAt = Date()
    /// Whether removeLeftovers is set to run (after the first window's first frame).
    private var leftoversRemoved = false

    /// Leftovers of earlier runs are cleared once the first window has painted: on two cores
    /// the threads that scan for them took time from the first frame.
    private func removeLeftovers() {
        Self.removeOldExports(in: Self.exportsFolder)
        if case .success(let store)? = store {
            let (media, startedAt) = (store.media, startedAt)
            Task.detached { media.removeUnfinishedCopies(begunBefore: startedAt) }
        }
    }

    /// Where files dragged out to other apps are written (old ones go at start-up).
    static var exportsFolder: URL {
        URL(fileURLWithPath: String(cString: g_get_user_cache_dir()))
            .appendingPathComponent(String(cString: tote_shim_app_id())).appendingPathComponent("exports")
    }

    /// The library over the open store, read once for every window.
    private func openLibrary() {
        guard case .success(let store)? = store else {
            library = nil
            notifier?.stop()
            notifier = nil
            return
        }
        let library = Library(store: store, schedule: Self.scheduleSave, copyTitle: NoteEditor.conflictingCopyTitle)
        do {
            try library.load()
            libraryLoadFailure = nil
        } catch {
            libraryLoadFailure = error
        }
        self.library = library
        notifier?.stop()
        notifier = ReminderNotifier(application: application, library: library)
    }

    /// When the library's saves run: above GTK's input and frames, which on a busy machine can
    /// hold the loop for longer than the whole save budget.
    static let scheduleSave: NoteBodies.Scheduler = { delay, work in
        Timeout(after: delay, priority: G_PRIORITY_HIGH, work)
    }

    /// Starts syncing with the desktop's accounts, unless the preference is off.
    func startSync() {
        guard sync == nil, let library, settings.map({ g_settings_get_boolean($0, "sync-accounts").isTrue }) ?? true
        else { return }
        let sync = SyncService(library: library)
        sync.onStatusChange = { [weak self] in self?.windows.forEach { $0.showSyncStatus() } }
        sync.onToast = { [weak self] text in (self?.activeWindow ?? self?.windows.first)?.showToast(text) }
        self.sync = sync
        sync.start()
    }

    /// Files written for other apps to take (a dragged picture as a real file) are kept a
    /// day, long enough for any drop or paste to have read them.
    private static func removeOldExports(in folder: URL) {
        Task.detached(priority: .background) {
            let manager = FileManager.default
            let dayAgo = Date().addingTimeInterval(-86_400)
            for entry in (try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.contentModificationDateKey])) ?? [] {
                let modified = (try? entry.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
                if let modified, modified < dayAgo { try? manager.removeItem(at: entry) }
            }
        }
    }

    private func activate() {
        if let window = activeWindow {
            gtk_window_present(window.window.cast())
            return
        }
        let window = MainWindow(application: self)
        windows.append(window)
        if !leftoversRemoved {
            leftoversRemoved = true
            AfterFirstFrame.run(on: window.window) { [weak self] in
                self?.removeLeftovers()
                self?.startSync()
                self?.followNotesFolder()
                self?.notifier?.start()
            }
        }
        gtk_window_present(window.window.cast())
        restoreUnsavedEdits(into: window)
    }

    /// Edits that could not be saved when Tote last quit go into their notes now (or into a
    /// copy, when the note changed since), each with a toast.
    private func restoreUnsavedEdits(into window: MainWindow) {
        guard let library, let unsaved = unsavedNotes else { return }
        for (file, edit) in unsaved.all() {
            do {
                let note = try library.restore(edit)
                unsaved.discard(file)
                window.showToast(format(tr("The text of “{note}” that could not be saved last time is back"),
                                        ["note": note.displayTitle ?? tr("Untitled Note")]))
            } catch {
                window.showToast(format(tr("Unsaved text from last time is still in “{file}”: {reason}"),
                                        ["file": file.path, "reason": Reasons.text(forStoreError: error)]))
            }
        }
    }

    /// A second window, so that a note can be dragged into another side by side.
    @discardableResult
    func openNewWindow() -> MainWindow {
        let window = MainWindow(application: self)
        windows.append(window)
        gtk_window_present(window.window.cast())
        return window
    }

    /// The window showing note `id` in its editor, other than `window`.
    func window(showingNote id: UUID, besides window: MainWindow) -> MainWindow? {
        windows.first { $0 !== window && $0.noteEditorIfMade?.note?.id == id }
    }

    /// What a drop between two notes or lists says.
    func describe(_ toast: DropPlan.Toast) -> String {
        func isNote(_ container: Container) -> Bool {
            if case .note = container { return true } else { return false }
        }
        func name(_ container: Container) -> String {
            switch container {
            case .note(let id): return library?.notes[id]?.displayTitle ?? tr("Untitled Note")
            case .list(let id): return library?.list(id)?.name ?? ""
            }
        }
        switch toast {
        case .moved(_, let container) where isNote(container):
            return format(tr("Moved to “{note}”"), ["note": name(container)])
        case .copied(_, let container) where isNote(container):
            return format(tr("Copied to “{note}”"), ["note": name(container)])
        case .moved(let count, let container):
            return format(trn("Moved {count} reminder to “{list}”", "Moved {count} reminders to “{list}”", count),
                          ["count": count.formatted(), "list": name(container)])
        case .copied(let count, let container):
            return format(trn("Copied {count} reminder to “{list}”", "Copied {count} reminders to “{list}”", count),
                          ["count": count.formatted(), "list": name(container)])
        case .tookMeaning(let count, .done):
            return format(trn("{count} reminder marked as done", "{count} reminders marked as done", count),
                          ["count": count.formatted()])
        case .tookMeaning(let count, .due(let day)) where Calendar.current.isDateInToday(day):
            return format(trn("{count} reminder is now due today", "{count} reminders are now due today", count),
                          ["count": count.formatted()])
        case .tookMeaning(let count, .due(let day)):
            return format(trn("{count} reminder is now due on {day}", "{count} reminders are now due on {day}", count),
                          ["count": count.formatted(), "day": ReminderListView.dayFormatter.string(from: day)])
        case .repeating(let title, let due, .done):
            return format(tr("“{reminder}” is due on {date} now: it repeats"), [
                "reminder": title, "date": due.map { ReminderListView.dayFormatter.string(from: $0) } ?? "",
            ])
        case .repeating(let title, _, .due):
            return format(tr("Moved this occurrence of “{reminder}”; it still repeats"), ["reminder": title])
        case .added(let note):
            return format(tr("Added to “{note}”"), ["note": name(.note(note))])
        }
    }

    // MARK: A damaged store

    /// The store found its file damaged after opening: every window says so, and nothing
    /// more is saved.
    func storeFoundDamage(_ damage: StoreError) {
        for window in windows where window.visiblePageName != "store-error" {
            window.showStoreError(damage)
        }
    }

    /// Sets the damaged store aside, byte for byte, starts an empty one under the usual name,
    /// and with `recovering` copies into it what SQLite can still read of the damaged one.
    func replaceDamagedStore(recovering: Bool) {
        let location = StoreLocation(appID: appID, environment: environment)
        let aside: URL
        do {
            aside = try StoreRecovery.setAside(location)
        } catch {
            activeWindow?.showToast(format(tr("Could not move the damaged file aside: {reason}"),
                                           ["reason": Reasons.text(for: FileProblem(writing: error))]))
            return
        }
        if case .success(let old)? = store { retiredStores.append(old) }
        store = Result { () throws(StoreError) in try Store(location: location) }
        openLibrary()
        notifier?.start()
        setCreatingEnabled(true)
        let old = windows
        windows = []
        openNewWindow()
        old.forEach { gtk_window_destroy($0.window.cast()) }
        guard case .success(let fresh)? = store, let window = windows.last else { return }
        window.showToast(format(tr("The damaged file is kept as “{file}”"), ["file": aside.lastPathComponent]))
        guard recovering else { return }
        let orphanListName = tr("Recovered Reminders")
        Task.detached {
            let result = Result { () throws(StoreRecovery.Failure) in
                try StoreRecovery.recover(from: aside, into: fresh, orphanListName: orphanListName)
            }
            await MainActor.run { self.finishRecovery(result) }
        }
    }

    /// New Note and New List, off while no store can take them.
    func setCreatingEnabled(_ enabled: Bool) {
        for name in ["new-note", "new-list"] {
            if let action = g_action_map_lookup_action(application.opaque, name) {
                g_simple_action_set_enabled(action, enabled.g)
            }
        }
    }

    private func finishRecovery(_ result: Result<StoreRecovery.Report, StoreRecovery.Failure>) {
        try? library?.load()
        windows.forEach { $0.reloadStore() }
        let message: String
        switch result {
        case .success(let report):
            message = format(tr("Recovered {notes} and {reminders}"), [
                "notes": format(trn("{count} note", "{count} notes", report.notes), ["count": "\(report.notes)"]),
                "reminders": format(trn("{count} reminder", "{count} reminders", report.reminders),
                                    ["count": "\(report.reminders)"]),
            ])
        case .failure(.unreadable):
            message = tr("Nothing could be recovered from the damaged file")
        }
        windows.last?.showToast(message)
    }

    private func shutdown() {
        // Reminder changes still being written in the background are finished first.
        library?.settle(waiting: true)
        notifier?.stop()
        windows.forEach { _ = $0.saveOrKeepForNextStart() }
        saveNotesShownNowhere()
        windows.forEach { $0.noteEditorIfMade?.cancelCopies(); $0.remindersPane?.cancelCopies() }
    }

    /// Notes changed where no window shows them (a move out of a note shown nowhere, an
    /// undo) are saved too; what cannot be is kept for the next start.
    private func saveNotesShownNowhere() {
        guard let library else { return }
        for body in library.bodies.saveAll(waitUntilWritten: true) {
            guard let edit = library.bodies.unsavedEdit(of: body), let kept = try? unsavedNotes?.keep(edit) else {
                FileHandle.standardError.write(Data("tote: could not save “\(body.note.displayTitle ?? "")” before quitting\n".utf8))
                continue
            }
            FileHandle.standardError.write(Data("tote: could not save before quitting; kept in \(kept.path)\n".utf8))
        }
    }

    /// Where edits that could not be saved at quitting are kept.
    var unsavedNotes: UnsavedNotes? {
        guard case .success(let store)? = store else { return nil }
        return UnsavedNotes(location: store.location, appID: appID, environment: environment)
    }

    func windowDidClose(_ window: MainWindow) {
        windows.removeAll { $0 === window }
    }

    // MARK: Command line

    /// `tote FILE.ics …`: each calendar file becomes a new reminder list (in the running
    /// Tote when there is one).
    private func connectOpen() {
        application.connectOpen { [weak self] paths in self?.open(paths) }
    }

    private func open(_ paths: [String]) {
        activate()
        activeWindow?.importCalendars(atPaths: paths)
    }

    private func addCommandLineOptions() {
        g_application_add_main_option(
            application.cast(), "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
            tr("Print the version and quit"), nil)
        application.connectReturningInt("handle-local-options") { options in
            let dictionary = options?.assumingMemoryBound(to: GVariantDict.self)
            if g_variant_dict_contains(dictionary, "version").isTrue {
                print("tote \(String(cString: tote_shim_version()))")
                return 0
            }
            return -1
        }
    }

    // MARK: Actions

    private func addActions() {
        addAction("new-note", accelerators: ["<Control>n"]) { [weak self] in
            self?.activeWindow?.createNote()
        }
        addAction("new-list", accelerators: ["<Control><Shift>l"]) { [weak self] in
            self?.activeWindow?.askForNewListName()
        }
        addAction("new-window", accelerators: ["<Control><Shift>n"]) { [weak self] in self?.openNewWindow() }
        addAction("about") { [weak self] in self?.showAbout() }
        addAction("quit", accelerators: ["<Control>q"]) { [weak self] in self?.quit(asking: true) }
        setAccelerators(["<Control>w"], for: "window.close")
        setAccelerators(["<Control>question"], for: "win.show-help-overlay")
        setAccelerators(["F9"], for: "win.toggle-sidebar")
        setAccelerators(["<Control>f"], for: "win.search")
        setAccelerators(["<Control>Delete"], for: "win.delete-note")
    }

    private func addAction(
        _ name: String, accelerators: [String] = [], _ handler: @escaping @MainActor () -> Void
    ) {
        Actions.add(name, to: application.opaque) { _ in handler() }
        if !accelerators.isEmpty { setAccelerators(accelerators, for: "app.\(name)") }
    }

    private func setAccelerators(_ accelerators: [String], for action: String) {
        withCStringArray(accelerators) { gtk_application_set_accels_for_action(application.cast(), action, $0) }
    }

    /// Saves every window's edits and quits. An edit that can't be saved (a full disk) is
    /// kept for the next start; `asking`, a window first says so and offers to try again.
    func quit(asking: Bool) {
        for window in windows {
            guard let failure = window.saveOrKeepForNextStart() else { continue }
            if asking {
                window.explainUnsavedEdits(failure, quitting: true)
                return
            }
            let place = failure.keptIn?.path ?? "nowhere: the text is lost"
            FileHandle.standardError.write(Data("tote: could not save before quitting (\(failure.reason)); kept in \(place)\n".utf8))
        }
        saveNotesShownNowhere()
        for window in windows { gtk_window_destroy(window.window.cast()) }
        g_application_quit(application.cast())
    }

    private func showAbout() {
        let about = adw_about_window_new()!
        let aboutWindow: OpaquePointer = about.opaque
        adw_about_window_set_application_name(aboutWindow, tr("Tote"))
        adw_about_window_set_application_icon(aboutWindow, appID)
        adw_about_window_set_version(aboutWindow, tote_shim_version())
        adw_about_window_set_developer_name(aboutWindow, tr("The Tote developers"))
        adw_about_window_set_comments(
            aboutWindow, tr("Notes and reminder lists, with drag and drop that works everywhere"))
        adw_about_window_set_website(aboutWindow, "https://github.com/totenotes/tote")
        adw_about_window_set_issue_url(aboutWindow, "https://github.com/totenotes/tote/issues")
        adw_about_window_set_license_type(aboutWindow, GTK_LICENSE_GPL_3_0)
        adw_about_window_set_copyright(aboutWindow, "© 2026 The Tote developers")
        // Translators: replace with your names, one per line.
        adw_about_window_set_translator_credits(aboutWindow, tr("translator-credits"))
        if let parent = activeWindow?.window {
            gtk_window_set_transient_for(about.cast(), parent.cast())
        }
        gtk_window_present(about.cast())
    }

    // MARK: Style

    // One-line literals only: xgettext reads this file as C. The last rule: libadwaita 1.2 gives
    // a circular button's label a -6 px margin each side, and GTK 4.8 warns that the page
    // numbers of the shortcuts window ("1", "2") ask for a negative width (docs/platform-findings.md).
    // A reminder row's buttons (Open Link, Details) are 24 px: Adwaita's 34 px made every row
    // of a list 8 px taller than its check box and title need.
    private static let style = "entry.note-title { background: none; box-shadow: none; outline: none; } entry.note-title > text > placeholder { color: alpha(currentColor, 0.45); } listview.reminder-list > row.drop-before { box-shadow: inset 0 2px @accent_bg_color; } listview.reminder-list > row.drop-after { box-shadow: inset 0 -2px @accent_bg_color; } listview.reminder-list > row.drop-onto { background-color: alpha(@accent_bg_color, 0.15); box-shadow: inset 0 0 0 2px @accent_bg_color; } listview.reminder-list > row.drop-after-nested { background-image: linear-gradient(to right, transparent 38px, @accent_bg_color 38px); background-size: 100% 2px; background-position: left bottom; background-repeat: no-repeat; } listview.reminder-list button.row-button { min-height: 24px; min-width: 24px; padding: 0; } list.navigation-sidebar > row.drop-before { box-shadow: inset 0 2px @accent_bg_color; } list.navigation-sidebar > row.drop-after { box-shadow: inset 0 -2px @accent_bg_color; } list.navigation-sidebar > row:drop(active):not(.drop-before):not(.drop-after) { color: @accent_bg_color; box-shadow: inset 0 0 0 1px @accent_bg_color; } .drag-text { padding: 6px 12px; } .drag-rows { padding: 6px 12px; margin: 8px 8px 0 0; } .drag-count { background-color: @accent_bg_color; color: @accent_fg_color; border-radius: 999px; padding: 0 6px; min-width: 12px; font-weight: bold; } shortcuts-section stackswitcher.circular > button.circular > label { margin: 0; }"

    /// Tote's style sheet for the display (the benchmark loads it too, so its windows look as Tote's).
    static func loadStyle() {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, style, -1)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), provider.opaque,
            guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider.raw)
    }

    // MARK: Settings

    static let schemaID = "io.github.totenotes.Tote"

    private static func makeSettings() -> UnsafeMutablePointer<GSettings>? {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, schemaID, 1)
        else {
            tote_shim_log_message(
                "GSettings schema \(schemaID) is not installed; window size will not be remembered")
            return nil
        }
        g_settings_schema_unref(schema)
        return g_settings_new(schemaID)
    }
}
