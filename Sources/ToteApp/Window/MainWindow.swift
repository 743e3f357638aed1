// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// A main window: the sidebar and the content pane in an AdwLeaflet (libadwaita 1.2 has no
/// split views), toasts over both, and the primary menu.
@MainActor
final class MainWindow {
    let window: WidgetPointer
    unowned let app: ToteApplication
    private let toastOverlay: WidgetPointer
    let leaflet: WidgetPointer
    let sidebar = Sidebar()
    let sidebarPane: WidgetPointer
    let searchBar: WidgetPointer
    let searchEntry: WidgetPointer
    private let noteMenuButton: WidgetPointer
    let separator: WidgetPointer
    /// In the content's header bar while F9 hides the sidebar: the way back to it.
    let showSidebarButton: WidgetPointer
    let contentTitle: WidgetPointer
    let contentStack: WidgetPointer
    private let listMenuButton: WidgetPointer
    var editor: NoteEditor?
    let shortcutsWindow = ShortcutsWindow()
    /// What a toast, an undo or a redo says to a screen reader.
    let screenReader: ScreenReader
    var reminders: RemindersPane?
    /// Notes deleted here, by id, for their toasts' Undo (several toasts can be queued).
    private var recentlyDeleted: [UUID: Note] = [:]
    private var libraryObservation: UUID?
    /// Everything done in this window, in order: what Ctrl+Z takes next.
    var history = WindowHistory()
    /// The drop the latest toast's Undo undoes, while it is still the latest step.
    var toastedDrop: WindowHistory.Entry?
    /// Counts searches, so that only the latest one's results show.
    var searchGeneration = 0
    /// Set once the person chose to close although the edits could not be saved.
    var closingDespiteUnsavedEdits = false
    /// Where the unsaved edits of the note shown are kept for the next start.
    var keptEdit: URL?
    /// The dialog explaining unsaved edits, while it is shown.
    var unsavedEditsDialog: WidgetPointer?

    enum Page: String {
        case welcome, note, reminderList = "reminder-list", storeError = "store-error"
    }

    init(application app: ToteApplication) {
        self.app = app
        window = adw_application_window_new(app.application.cast())
        screenReader = ScreenReader(window: window, alsoSaidOn: { [sidebar] in sidebar.selectedRows })
        gtk_window_set_title(window.cast(), tr("Tote"))
        gtk_widget_set_size_request(window, 360, 294)
        if app.appID.hasSuffix(".Devel") { gtk_widget_add_css_class(window, "devel") }

        // Sidebar pane.
        let sidebarHeader = adw_header_bar_new()!
        adw_header_bar_set_title_widget(sidebarHeader.opaque, adw_window_title_new(tr("Tote"), nil))
        adw_header_bar_pack_end(sidebarHeader.opaque, Self.primaryMenuButton())
        searchEntry = gtk_search_entry_new()
        // GtkSearchEntry has no placeholder setter before GTK 4.10.
        tote_shim_object_set_string(searchEntry, "placeholder-text", tr("Search notes"))
        tote_shim_accessible_set_label(searchEntry, tr("Search notes"))
        searchBar = gtk_search_bar_new()
        gtk_search_bar_set_child(searchBar.opaque, searchEntry)
        gtk_search_bar_connect_entry(searchBar.opaque, searchEntry.opaque)
        let searchButton = gtk_toggle_button_new()!
        gtk_button_set_icon_name(searchButton.cast(), "system-search-symbolic")
        setTooltip(searchButton, tr("Search"))
        tote_shim_accessible_set_label(searchButton, tr("Search"))
        g_object_bind_property(searchButton.raw, "active", searchBar.raw, "search-mode-enabled",
                               GBindingFlags(G_BINDING_BIDIRECTIONAL.rawValue | G_BINDING_SYNC_CREATE.rawValue))
        adw_header_bar_pack_start(sidebarHeader.opaque, searchButton)
        sidebarPane = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        // The sidebar keeps this width whatever the notes and lists hold (rows cut their names).
        gtk_widget_set_size_request(sidebarPane, 260, -1)
        gtk_widget_set_hexpand(sidebarPane, false.g)
        sidebarPane.append(sidebarHeader)
        sidebarPane.append(searchBar)
        sidebarPane.append(sidebar.widget)

        // Content pane.
        let contentHeader = adw_header_bar_new()!
        let back = gtk_button_new_from_icon_name("go-previous-symbolic")!
        setTooltip(back, tr("Back"))
        tote_shim_accessible_set_label(back, tr("Back"))
        adw_header_bar_pack_start(contentHeader.opaque, back)
        showSidebarButton = gtk_button_new_from_icon_name("sidebar-show-symbolic")
        setTooltip(showSidebarButton, tr("Show Sidebar"))
        tote_shim_accessible_set_label(showSidebarButton, tr("Show Sidebar"))
        gtk_actionable_set_action_name(showSidebarButton.opaque, "win.toggle-sidebar")
        gtk_widget_set_visible(showSidebarButton, false.g)
        adw_header_bar_pack_start(contentHeader.opaque, showSidebarButton)
        contentTitle = adw_window_title_new("", nil)
        adw_header_bar_set_title_widget(contentHeader.opaque, contentTitle)
        noteMenuButton = Self.noteMenuButton()
        adw_header_bar_pack_end(contentHeader.opaque, noteMenuButton)
        listMenuButton = Self.listMenuButton()
        adw_header_bar_pack_end(contentHeader.opaque, listMenuButton)
        contentStack = gtk_stack_new()
        gtk_stack_set_transition_type(contentStack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_widget_set_vexpand(contentStack, true.g)
        gtk_widget_set_hexpand(contentStack, true.g)
        let contentPane = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        contentPane.append(contentHeader)
        contentPane.append(contentStack)

        leaflet = adw_leaflet_new()
        adw_leaflet_set_can_navigate_back(leaflet.opaque, true.g)
        separator = gtk_separator_new(GTK_ORIENTATION_VERTICAL)
        adw_leaflet_append(leaflet.opaque, sidebarPane)
        adw_leaflet_page_set_navigatable(adw_leaflet_append(leaflet.opaque, separator), false.g)
        adw_leaflet_append(leaflet.opaque, contentPane)
        for (source, target, property) in [
            (leaflet, back, "visible"),
            (leaflet, sidebarHeader, "show-end-title-buttons"),
            (leaflet, contentHeader, "show-start-title-buttons"),
        ] {
            g_object_bind_property(source.raw, "folded", target.raw, property, G_BINDING_SYNC_CREATE)
        }
        toastOverlay = adw_toast_overlay_new()
        // Folded, the sidebar is a page of its own (Back reaches it): F9's hiding ends.
        leaflet.connect("notify::folded") { [weak self] (_: UnsafeMutableRawPointer?) in
            guard let self, adw_leaflet_get_folded(self.leaflet.opaque).isTrue else { return }
            self.setSidebarVisible(true)
        }
        back.connect("clicked") { [weak self] in self?.navigate(toContent: false) }
        // A drag resting on the ways back to a hidden or folded sidebar opens it.
        sidebar.springLoader.watch(back) { [weak self] in self?.navigate(toContent: false) }
        sidebar.springLoader.watch(showSidebarButton) { [weak self] in self?.showSidebar() }
        searchEntry.connect("search-changed") { [weak self] in self?.search() }

        adw_toast_overlay_set_child(toastOverlay.opaque, leaflet)
        adw_application_window_set_content(window.cast(), toastOverlay)

        addPages()
        addWindowActions()
        AfterFirstFrame.run(on: window) { [weak self] in _ = self?.madeEditor() }
        restoreSize()
        window.connectReturningBool("close-request") { [weak self] in
            guard let self else { return false }
            return !self.windowWillClose()
        }
        sidebar.onSelect = { [weak self] selection in self?.open(selection) }
        sidebar.onSelectSmartList = { [weak self] smart in self?.open(smartList: smart) }
        sidebar.onRowCommand = { [weak self] command, target in self?.perform(command, on: target) }
        sidebar.onListDropOnAccount = { [weak self] list, account in self?.moveList(list, toAccount: account) }
        loadStore()
    }

    // MARK: Commands

    func createNote() {
        guard let library = app.library else { return }
        do {
            let note = try library.createNote(origin: self)
            sidebar.select(.note(note.id))
            open(.note(note.id))
            // What is typed first is the title; Enter goes on to the body.
            editor?.focusTitle()
        } catch {
            showToast(format(tr("Could not create a note: {reason}"), ["reason": Reasons.text(forStoreError: error)]))
        }
    }

    /// Asks for a new list's name, then makes it; Cancel makes nothing.
    func askForNewListName() {
        guard app.library != nil else { return }
        NameDialog.present(on: window, heading: tr("New Reminder List"), placeholder: tr("New List"),
                           confirm: tr("C_reate")) { [weak self] typed in
            let name = typed.trimmingCharacters(in: .whitespacesAndNewlines)
            self?.createReminderList(named: name.isEmpty ? tr("New List") : name)
        }
    }

    /// A new list, as a step of this window's history (Ctrl+Z removes it).
    func createReminderList(named name: String = tr("New List")) {
        guard let library = app.library, let reminders else { return }
        let id = UUID()
        let command = ReminderEditing.addingList(name: name, after: library.lists, id: id, now: Date())
        guard reminders.perform(command, selecting: [], in: id, failure: tr("Could not create a list: {reason}")) else {
            return
        }
        sidebar.select(.reminderList(id))
        open(.reminderList(id))
        reminders.view.focusAddEntry()
    }

    /// Deletes the shown note, with a toast offering Undo.
    func deleteShownNote() {
        guard let shown = editor?.note, visiblePageName == Page.note.rawValue else { return }
        deleteNote(shown.id)
    }

    /// Deletes a note, shown here or not, with a toast offering Undo.
    func deleteNote(_ id: UUID) {
        guard let library = app.library, let summary = library.notes[id] else { return }
        let showsIt = editor?.note?.id == id
        if showsIt, let editor {
            editor.saveNow(waitUntilWritten: true)
            editor.close()
        }
        do {
            guard let deleted = try library.deleteNote(id: id, origin: self) else { return }
            if showsIt {
                show(.welcome)
                adw_window_title_set_title(contentTitle.opaque, "")
            }
            let name = deleted.displayTitle ?? tr("Untitled Note")
            recentlyDeleted[deleted.id] = deleted
            showToast(format(tr("“{note}” deleted"), ["note": name]),
                      undoAction: "win.undo-delete::\(deleted.id.uuidString)")
        } catch {
            showToast(format(tr("Could not delete “{note}”: {reason}"),
                             ["note": summary.displayTitle ?? tr("Untitled Note"), "reason": Reasons.text(forStoreError: error)]))
        }
    }

    /// What a sidebar row's menu asks for its note or list. A list is shown first, and its
    /// page's own commands do the rest; a note is renamed where it is shown.
    private func perform(_ command: Sidebar.RowCommand, on target: Sidebar.Selection) {
        // A note another window shows is opened or renamed there (one editor per note).
        if case .note(let id) = target, command == .openInNewWindow || command == .rename,
           let other = app.window(showingNote: id, besides: self) {
            gtk_window_present(other.window.cast())
            if command == .rename { other.perform(command, on: target) }
            return
        }
        switch (command, target) {
        case (.openInNewWindow, _):
            openInNewWindow(target)
        case (.delete, .note(let id)):
            deleteNote(id)
        case (.export, .note(let id)):
            exportNote(id)
        case (.moveToAccount, .reminderList(let id)):
            chooseAccount(forList: id)
        case (.moveToAccount, .note):
            break
        case (.rename, .note(let id)):
            sidebar.select(target)
            open(target)
            guard let editor, editor.note?.id == id else { return }
            guard !editor.isReadOnly else {
                let name = editor.note?.displayTitle ?? tr("Untitled Note")
                showToast(format(tr("“{note}” cannot be renamed: it is shown read-only"), ["note": name]))
                return
            }
            NameDialog.present(on: window, heading: tr("Rename Note"), text: editor.titleText,
                               placeholder: tr("Title"), confirm: tr("_Rename")) { [weak editor] name in
                guard let editor, editor.note?.id == id else { return }
                editor.setTitle(name.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        case (_, .reminderList(let id)):
            sidebar.select(target)
            open(target)
            guard let reminders, reminders.list?.id == id else { return }
            switch command {
            case .rename: reminders.chooseListName()
            case .export: reminders.chooseFileToExport(wholeList: true)  // not what a search selected
            case .delete: reminders.deleteList()
            case .openInNewWindow, .moveToAccount: break
            }
        }
    }

    /// Shows a note or a list in a new window. A note shown here moves there (one editor per
    /// note), keeping its undo steps.
    private func openInNewWindow(_ target: Sidebar.Selection) {
        var handed: WindowHistory.HandedOver?
        if case .note(let id) = target, let editor, editor.note?.id == id {
            guard editor.putAway() else { return }
            handed = history.handOver(note: id)
            if toastedDrop?.notes.contains(id) == true { toastedDrop = nil }
            show(.welcome)
            adw_window_title_set_title(contentTitle.opaque, "")
            sidebar.unselectAll()
        }
        let other = app.openNewWindow()
        other.sidebar.select(target)
        other.open(target)
        if let handed { other.history.adopt(handed) }
    }

    /// Brings back a note deleted here (its toast's Undo).
    func undoDelete(_ id: UUID) {
        guard let note = recentlyDeleted.removeValue(forKey: id) else { return }
        restore(note)
    }

    private func restore(_ note: Note) {
        guard let library = app.library else { return }
        do {
            try library.restore(note, origin: self)
            sidebar.select(.note(note.id))
            open(.note(note.id))
        } catch {
            showToast(format(tr("Could not restore “{note}”: {reason}"),
                             ["note": note.displayTitle ?? tr("Untitled Note"), "reason": Reasons.text(forStoreError: error)]))
        }
    }

    /// Asks for files through the file chooser portal and inserts them into the shown note.
    func chooseFilesToInsert() {
        guard let editor, editor.note != nil else { return }
        FileChooser.open(title: tr("Insert File"), accept: tr("_Insert"), parent: window, multiple: true) {
            [weak editor] urls in
            editor?.insertFiles(atPaths: urls.map(\.path))
        }
    }

    func saveNow(waitUntilWritten: Bool) {
        editor?.saveNow(waitUntilWritten: waitUntilWritten)
    }

    /// The content page shown: "welcome", "note", "reminder-list" or "store-error".
    var visiblePageName: String? {
        gtk_stack_get_visible_child_name(contentStack.opaque).map { String(cString: $0) }
    }

    /// The note editor, made now if it was not yet.
    var noteEditor: NoteEditor? { madeEditor() }
    /// The note editor if it was made: a window that never showed a note shows none.
    var noteEditorIfMade: NoteEditor? { editor }
    var searchField: WidgetPointer { searchEntry }
    var sidebarView: Sidebar { sidebar }

    /// A toast; with `undoAction`, an Undo button that activates it.
    ///
    /// Every failure reaches the person through here. When it came from a store that has
    /// found its file damaged, every window shows that instead, since nothing more can be
    /// saved.
    func showToast(_ title: String, undoAction: String? = nil) {
        if case .success(let store)? = app.store, let damage = store.damageFound {
            app.storeFoundDamage(damage)
            return
        }
        toastTitles.append(title)
        let toast = adw_toast_new(title)!
        if let undoAction {
            adw_toast_set_button_label(toast, tr("_Undo"))
            adw_toast_set_detailed_action_name(toast, undoAction)
        }
        adw_toast_overlay_add_toast(toastOverlay.opaque, toast)
        screenReader.announce(title, offeringUndo: undoAction != nil)
    }

    /// Every toast this window has shown, oldest first (what a person has been told).
    private(set) var toastTitles: [String] = []

    // MARK: Content

    /// Shows the store's notes and lists again (a recovery added some).
    func reloadStore() {
        guard let library = app.library else { return }
        sidebar.setAccounts(library.syncedLists)
        sidebar.show(notes: library.notesByDate, reminderLists: library.lists)
        showSyncStatus()
        sidebar.showNotesFolderProblem(app.notesFolder?.problem)
    }

    private func loadStore() {
        switch app.store {
        case .success(let store)?:
            guard let library = app.library else { return }
            sidebar.setAccounts(library.syncedLists)
            sidebar.show(notes: library.notesByDate, reminderLists: library.lists)
            if let failure = app.libraryLoadFailure {
                showToast(format(tr("Could not read your notes: {reason}"), ["reason": Reasons.text(forStoreError: failure)]))
            }
            libraryObservation = library.observe { [weak self] change in self?.follow(change) }
            sidebar.onPrepareNoteDrag = { [weak self] id in self?.prepareDrag(ofNote: id) }
            sidebar.onNoteFilesDrop = { [weak self] paths in self?.importNotes(atPaths: paths, into: library, media: store.media) }
            sidebar.onNoteRowDropMotion = { [weak self] id, drop in self?.decision(for: drop, ontoNoteRow: id) }
            sidebar.onNoteRowDrop = { [weak self] id, drop in self?.take(drop, ontoNoteRow: id) ?? false }
            addRemindersPane(library: library)
            show(.welcome)
            reopenLastOpened(in: library)
        case .failure(let error)?:
            showStoreError(error)
        case nil:
            break
        }
    }

    /// The note editor, made when a note is first shown here (or after the window's first
    /// frame, whichever comes first): its text view and actions are not needed to paint the
    /// window, which shows the welcome page or a list until a note is chosen. Nil while no
    /// store is open.
    private func madeEditor() -> NoteEditor? {
        if let editor { return editor }
        guard case .success? = app.store, let library = app.library else { return nil }
        let editor = NoteEditor(library: library)
        editor.origin = self
        editor.onUndo = { [weak self] in self?.undo() }
        editor.onRedo = { [weak self] in self?.redo() }
        editor.onDropped = { [weak self] plan in self?.dropped(plan) }
        editor.onRefused = { [weak self] error in
            self?.showToast(format(tr("Nothing was dropped: {reason}"), ["reason": Reasons.text(forStoreError: error)]))
        }
        editor.onReadOnly = { [weak self] note, reason in
            let name = note.displayTitle ?? tr("Untitled Note")
            self?.showToast(format(tr("“{note}” is shown read-only: its text cannot be read ({reason})"),
                                   ["note": name, "reason": reason]))
        }
        editor.onInsertFailed = { [weak self] name, reason in
            self?.showToast(format(tr("Could not insert “{file}”: {reason}"), ["file": name, "reason": reason]))
        }
        editor.onExportFailed = { [weak self] message in self?.showToast(message) }
        editor.onInsertFile = { [weak self] in self?.chooseFilesToInsert() }
        editor.onTextTooLong = { [weak self] length in
            self?.showToast(format(
                tr("Text not inserted: a line of {count} characters is longer than the {limit} Tote shows in one paragraph"),
                ["count": length.formatted(), "limit": RichText.maximumParagraphLength.formatted()]))
        }
        addPage(editor.widget, to: contentStack, named: Page.note.rawValue)
        self.editor = editor
        return editor
    }

    /// The first window opens what was open when Tote last ran, if it is still there.
    private func reopenLastOpened(in library: Library) {
        guard app.windows.isEmpty, let settings = app.settings, let raw = g_settings_get_string(settings, "last-opened")
        else { return }
        defer { g_free(raw) }
        guard let item = OpenedItem(setting: String(cString: raw)), item.exists(in: library) else { return }
        let selection: Sidebar.Selection
        switch item {
        case .note(let id): selection = .note(id)
        case .reminderList(let id): selection = .reminderList(id)
        case .smartList(let smart): return open(smartList: smart)
        }
        sidebar.select(selection)
        open(selection)
    }

    /// Remembers what this window shows for the next start.
    private func remember(_ item: OpenedItem?) {
        guard let settings = app.settings else { return }
        g_settings_set_string(settings, "last-opened", item?.setting ?? "")
    }

    /// Shows a note or a list, as choosing its sidebar row does.
    func open(_ selection: Sidebar.Selection) {
        guard let library = app.library else { return }
        switch selection {
        case .note(let id):
            guard let editor = madeEditor(), editor.note?.id != id || visiblePageName != Page.note.rawValue else { break }
            // One editor per note: two would overwrite each other's saves.
            if let other = app.window(showingNote: id, besides: self) {
                let name = library.notes[id]?.displayTitle ?? tr("Untitled Note")
                showToast(format(tr("“{note}” is open in another window"), ["note": name]))
                gtk_window_present(other.window.cast())
                return
            }
            // What was typed in the note shown is written before any note is read: its text
            // and its steps must be the stored ones when it is shown again. When it cannot be
            // (a full disk), the editor keeps it shown, and so does the sidebar.
            guard editor.show(noteID: id), let note = editor.note else {
                if let shown = editor.note { sidebar.select(.note(shown.id)) }
                return
            }
            gtk_widget_set_visible(noteMenuButton, true.g)
            adw_window_title_set_title(contentTitle.opaque, note.displayTitle ?? tr("Untitled Note"))
            show(.note)
            remember(.note(id))
        case .reminderList(let id):
            // While searching, the reminders that match are selected.
            guard let reminders, reminders.show(listID: id, selecting: sidebar.foundLists?[id] ?? []) else { return }
            adw_window_title_set_title(contentTitle.opaque, reminders.list?.name ?? "")
            show(.reminderList)
            remember(.reminderList(id))
            // A synced list opened asks its server for what other devices changed.
            app.sync?.refresh(listID: id)
        }
        navigate(toContent: true)
    }

    /// Shows a smart list, as choosing its sidebar row does.
    func open(smartList smart: SmartList) {
        guard let reminders, reminders.show(smartList: smart) else { return }
        showingSmartList(smart)
        remember(.smartList(smart))
        navigate(toContent: true)
    }

    /// The window around a smart list the pane shows: its row chosen, its name the title (its
    /// menu keeps Show Completed; the list's own commands are off).
    private func showingSmartList(_ smart: SmartList) {
        sidebar.select(smartList: smart)
        adw_window_title_set_title(contentTitle.opaque, smart.title)
        show(.reminderList)
    }

    func show(_ page: Page) {
        gtk_stack_set_visible_child_name(contentStack.opaque, page.rawValue)
        gtk_widget_set_visible(noteMenuButton, (page == .note).g)
        gtk_widget_set_visible(listMenuButton, (page == .reminderList).g)
    }

    func navigate(toContent: Bool) {
        adw_leaflet_navigate(
            leaflet.opaque, toContent ? ADW_NAVIGATION_DIRECTION_FORWARD : ADW_NAVIGATION_DIRECTION_BACK)
    }

    private func addPages() {
        let welcome = Self.statusPage(
            icon: "io.github.totenotes.Tote-symbolic", title: tr("No Note Selected"),
            description: tr("Pick a note or a list in the sidebar, or start a new one"))
        // One above the other: side by side they would not fit a 360 px window.
        let buttons = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_box_set_homogeneous(buttons.cast(), true.g)
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        for (label, action) in [(tr("New Note"), "app.new-note"), (tr("New Reminder List"), "app.new-list")] {
            let button = gtk_button_new_with_label(label)!
            gtk_widget_add_css_class(button, "pill")
            gtk_actionable_set_action_name(button.opaque, action)
            buttons.append(button)
        }
        gtk_widget_add_css_class(gtk_widget_get_first_child(buttons), "suggested-action")
        adw_status_page_set_child(welcome.opaque, buttons)
        addPage(welcome, to: contentStack, named: Page.welcome.rawValue)
    }

    private func addRemindersPane(library: Library) {
        let pane = RemindersPane(library: library, window: window)
        pane.origin = self
        addPage(pane.view.widget, to: contentStack, named: Page.reminderList.rawValue)
        pane.onShowList = { [weak self] id in
            guard let self, let name = library.list(id)?.name else { return }
            self.sidebar.select(.reminderList(id))
            adw_window_title_set_title(self.contentTitle.opaque, name)
            self.show(.reminderList)
            self.navigate(toContent: true)
        }
        pane.listOrder = { [weak self] in self?.sidebar.reminderListIDs ?? library.lists.map(\.id) }
        window.connect("notify::is-active") { [weak pane] (_: UnsafeMutableRawPointer?) in pane?.followDayChange() }
        pane.onShowSmartList = { [weak self] smart in
            self?.showingSmartList(smart)
            self?.navigate(toContent: true)
        }
        pane.onListGone = { [weak self] in
            guard let self else { return }
            self.show(.welcome)
            adw_window_title_set_title(self.contentTitle.opaque, "")
        }
        pane.onDropped = { [weak self] plan in self?.dropped(plan) }
        sidebar.onListRowDropMotion = { [weak pane] id, drop in pane?.decision(for: drop, onto: .listRow(id)) }
        sidebar.onListRowDrop = { [weak pane] id, drop in pane?.take(drop, onto: .listRow(id)) ?? false }
        sidebar.onSmartRowDropMotion = { [weak pane] smart, drop in pane?.decision(for: drop, onto: .smartList(smart, day: nil)) }
        sidebar.onSmartRowDrop = { [weak pane] smart, drop in pane?.take(drop, onto: .smartList(smart, day: nil)) ?? false }
        pane.onNewStep = { [weak self] step in self?.record([.reminders(step)]) }
        pane.onUndo = { [weak self] in self?.undo() }
        pane.onRedo = { [weak self] in self?.redo() }
        pane.onToast = { [weak self] title, offersUndo in
            self?.showToast(title, undoAction: offersUndo ? "list.undo" : nil)
        }
        pane.onMovedByMenu = { [weak self] said in
            guard let self else { return }
            self.screenReader.announce(self.app.describe(said), offeringUndo: true)
        }
        reminders = pane
    }

    var remindersPane: RemindersPane? { reminders }

    /// False when the window stays open: its edits could not be saved, and a dialog says so.
    private func windowWillClose() -> Bool {
        if !closingDespiteUnsavedEdits, let failure = saveOrKeepForNextStart() {
            explainUnsavedEdits(failure, quitting: false)
            return false
        }
        if let settings = app.settings {
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(window.cast(), &width, &height)
            g_settings_set_int(settings, "window-width", width)
            g_settings_set_int(settings, "window-height", height)
            g_settings_set_boolean(settings, "window-maximized", gtk_window_is_maximized(window.cast()))
        }
        editor?.cancelCopies()
        reminders?.cancelCopies()
        if let libraryObservation { app.library?.stopObserving(libraryObservation) }
        app.windowDidClose(self)
        return true
    }

}
