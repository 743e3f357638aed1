import CAdw
import CShim
import Foundation
import ToteCore

/// A main window: the sidebar and the content pane in an AdwLeaflet (libadwaita 1.2 has no
/// split views), toasts over both, and the primary menu.
@MainActor
final class MainWindow {
    let window: WidgetPointer
    private unowned let app: ToteApplication
    private let toastOverlay: WidgetPointer
    private let leaflet: WidgetPointer
    private let sidebar = Sidebar()
    private let sidebarPane: WidgetPointer
    private let searchBar: WidgetPointer
    private let searchEntry: WidgetPointer
    private let noteMenuButton: WidgetPointer
    private let separator: WidgetPointer
    /// In the content's header bar while F9 hides the sidebar: the way back to it.
    private let showSidebarButton: WidgetPointer
    private let contentTitle: WidgetPointer
    private let contentStack: WidgetPointer
    private let listMenuButton: WidgetPointer
    private var editor: NoteEditor?
    private let shortcutsWindow = ShortcutsWindow()
    private var reminders: RemindersPane?
    /// Notes deleted here, by id, for their toasts' Undo (several toasts can be queued).
    private var recentlyDeleted: [UUID: Note] = [:]
    private var libraryObservation: UUID?
    /// Everything done in this window, in order: what Ctrl+Z takes next.
    private(set) var history = WindowHistory()
    /// The drop the latest toast's Undo undoes, while it is still the latest step.
    private var toastedDrop: WindowHistory.Entry?

    private enum Page: String {
        case welcome, note, reminderList = "reminder-list", storeError = "store-error"
    }

    init(application app: ToteApplication) {
        self.app = app
        window = adw_application_window_new(app.application.cast())
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
        gtk_widget_set_tooltip_text(searchButton, tr("Search"))
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
        gtk_widget_set_tooltip_text(back, tr("Back"))
        tote_shim_accessible_set_label(back, tr("Back"))
        adw_header_bar_pack_start(contentHeader.opaque, back)
        showSidebarButton = gtk_button_new_from_icon_name("sidebar-show-symbolic")
        gtk_widget_set_tooltip_text(showSidebarButton, tr("Show Sidebar"))
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
        sidebar.onRowCommand = { [weak self] command, target in self?.perform(command, on: target) }
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
            case .openInNewWindow: break
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

    /// Saves a note as a self-contained HTML page, where the person chooses.
    private func exportNote(_ id: UUID) {
        guard let name = app.library?.notes[id].map({ $0.displayTitle ?? tr("Untitled Note") }) else { return }
        FileChooser.save(title: tr("Export Note"), accept: tr("_Export"), parent: window,
                         suggestedName: WholeNoteTransfer.exportName(title: name, untitled: tr("Untitled Note")),
                         filter: FileChooser.Filter(name: tr("Web pages"), mimeTypes: ["text/html"], patterns: ["*.html"])) {
            [weak self] url in self?.exportNote(id, to: url)
        }
    }

    /// Writes note `id` (as shown, typed text included, or as stored) as an HTML page at
    /// `url`, off the main thread; a toast says how it went.
    func exportNote(_ id: UUID, to url: URL, then done: @escaping @MainActor () -> Void = {}) {
        guard let name = app.library?.notes[id].map({ $0.displayTitle ?? tr("Untitled Note") }),
              case .success(let store)? = app.store else { return }
        // As the library holds it, typed text included.
        let shown = app.library?.bodies.loaded(id).map { (title: $0.title, text: $0.text.withoutIncoming) }
        let media = store.media
        Task { [weak self] in
            let failure = await Task.detached { () -> String? in
                var content = shown
                if content == nil, let note = try? store.note(id: id), let text = try? note.richText() {
                    content = (note.title, text)
                }
                guard let (title, text) = content,
                      let data = WholeNoteTransfer.data(
                        for: NoteTransfer.htmlMIMEType, id: id, title: title.isEmpty ? name : title, text: text,
                        mediaData: { try? Data(contentsOf: media.url(for: $0)) }, writeFile: { _, _ in nil })
                else { return tr("it was changed or deleted elsewhere") }
                do {
                    try data.write(to: url, options: .atomic)
                    return nil
                } catch {
                    return Reasons.text(for: FileProblem(writing: error))
                }
            }.value
            if let self {
                if let failure {
                    self.showToast(format(tr("Could not export to “{file}”: {reason}"),
                                          ["file": url.lastPathComponent, "reason": failure]))
                } else {
                    self.showToast(format(tr("Exported “{note}”"), ["note": name]))
                }
            }
            done()
        }
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
    }

    /// Every toast this window has shown, oldest first (what a person has been told).
    private(set) var toastTitles: [String] = []

    // MARK: Content

    /// Shows the store's notes and lists again (a recovery added some).
    func reloadStore() {
        guard let library = app.library else { return }
        sidebar.show(notes: library.notesByDate, reminderLists: library.lists)
    }

    private func loadStore() {
        switch app.store {
        case .success(let store)?:
            guard let library = app.library else { return }
            sidebar.show(notes: library.notesByDate, reminderLists: library.lists)
            if let failure = app.libraryLoadFailure {
                showToast(format(tr("Could not read your notes: {reason}"), ["reason": Reasons.text(forStoreError: failure)]))
            }
            libraryObservation = library.observe { [weak self] change in self?.follow(change) }
            sidebar.onPrepareNoteDrag = { [weak self] id in self?.prepareDrag(ofNote: id, in: store) }
            sidebar.onNoteFilesDrop = { [weak self] paths in self?.importNotes(atPaths: paths, into: library, media: store.media) }
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
        guard case .success(let store)? = app.store, app.library != nil else { return nil }
        guard let library = app.library else { return nil }
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
        gtk_stack_add_named(contentStack.opaque, editor.widget, Page.note.rawValue)
        self.editor = editor
        return editor
    }

    /// The content of a drag of a whole note by its sidebar row, made when a destination
    /// asks: the note as shown (typed text included) or as stored, read, encoded and written
    /// off the main thread.
    private func prepareDrag(ofNote id: UUID, in store: Store) -> UnsafeMutablePointer<GdkContentProvider>? {
        let shown = app.library?.bodies.loaded(id).map { (title: $0.title, text: $0.text.withoutIncoming) }
        let media = store.media, exports = ToteApplication.exportsFolder, untitled = tr("Untitled Note")
        return ContentTransfer.provider(offering: WholeNoteTransfer.offered) { [weak self] type, reply in
            Task {
                let failures = ExportFailures()
                let data = await Task.detached { () -> Data? in
                    var content = shown
                    if content == nil, let note = try? store.note(id: id), let text = try? note.richText() {
                        content = (note.title, text)
                    }
                    guard let (title, text) = content else { return nil }
                    // Named as its sidebar row names it.
                    let name = Note.displayTitle(title: title, body: text.plainText) ?? untitled
                    return WholeNoteTransfer.data(
                        for: type, id: id, title: name, text: text, mediaData: { try? Data(contentsOf: media.url(for: $0)) },
                        writeFile: { name, data in failures.attempt(name) { try Exports.write(data, named: name, into: exports) } })
                }.value
                reply(data)
                if let message = failures.message { self?.showToast(message) }
            }
        }
    }

    /// The first window opens what was open when Tote last ran, if it is still there.
    private func reopenLastOpened(in library: Library) {
        guard app.windows.isEmpty, let settings = app.settings, let raw = g_settings_get_string(settings, "last-opened")
        else { return }
        defer { g_free(raw) }
        guard let item = OpenedItem(setting: String(cString: raw)), item.exists(in: library) else { return }
        let selection: Sidebar.Selection = switch item {
        case .note(let id): .note(id)
        case .reminderList(let id): .reminderList(id)
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
            guard editor.saveNow(waitUntilWritten: true), let note = try? library.note(id: id), editor.show(note) else {
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
        }
        navigate(toContent: true)
    }

    /// Another Tote changed or deleted a note edited here: the edits became a new note, which
    /// is shown in its place, and both texts are kept.
    private func savedAsCopy(_ copy: Note, original: Note?, attempted: Note) {
        let name = attempted.displayTitle ?? tr("Untitled Note")
        let copyName = copy.displayTitle ?? tr("Untitled Note")
        if editor?.note?.id == copy.id {
            sidebar.select(.note(copy.id))
            adw_window_title_set_title(contentTitle.opaque, copyName)
        }
        showToast(format(original == nil
            ? tr("“{note}” was deleted elsewhere; your text is kept as “{copy}”")
            : tr("“{note}” was changed elsewhere; your version is kept as “{copy}”"),
            ["note": name, "copy": copyName]))
    }

    private var searchGeneration = 0

    /// Filters the sidebar by what the search entry holds. The notes' text is read off the
    /// main thread; only the latest search shows.
    private func search() {
        searchGeneration += 1
        let generation = searchGeneration
        let query = String(cString: gtk_editable_get_text(searchEntry.opaque))
        guard let library = app.library, query.contains(where: { !$0.isWhitespace }) else {
            sidebar.filter(query, notes: nil, lists: nil)
            return
        }
        Task { [weak self] in
            let notes = try? await library.noteIDs(matching: query)
            let lists = try? await library.reminderMatches(for: query)
            guard let self, generation == self.searchGeneration else { return }
            self.sidebar.filter(query, notes: notes ?? [], lists: lists ?? [:])
        }
    }

    /// Every change, made in any window, shows here at once. A note or list shown here that
    /// was deleted elsewhere leaves for the empty state, saying so.
    private func follow(_ change: LibraryChange) {
        let mine = change.origin == ObjectIdentifier(self)
        // A user action's steps: in this window's history when it was made here, and when it
        // changed the note shown here (the note text was dragged from, dropped elsewhere).
        let steps = change.newSteps
        if !steps.isEmpty, mine || change.editedNotes.contains(where: { $0.note == editor?.note?.id }) {
            record(steps)
        }
        let editedHere = mine || change.editedNotes.contains { $0.note == editor?.note?.id }
            || change.keptAsCopy.map { $0.copy.id == editor?.note?.id } == true
        if let kept = change.keptAsCopy, editedHere {
            savedAsCopy(kept.copy, original: kept.original, attempted: kept.attempted)
        }
        if let failure = change.saveFailure, mine || failure.note.id == editor?.note?.id {
            showToast(format(tr("Could not save “{note}”: {reason}"),
                             ["note": failure.note.displayTitle ?? tr("Untitled Note"),
                              "reason": Reasons.text(forStoreError: failure.error)]))
        }
        if !change.savedNotes.isEmpty || change.reminders != nil || change.listsChanged, sidebar.isFiltered { search() }
        for note in change.savedNotes {
            sidebar.update(note: note)
            if editor?.note?.id == note.id, visiblePageName == Page.note.rawValue {
                adw_window_title_set_title(contentTitle.opaque, note.displayTitle ?? tr("Untitled Note"))
            }
        }
        for id in change.removedNotes {
            sidebar.remove(noteID: id)
            history.forget(note: id)
            guard !mine, let editor, editor.note?.id == id else { continue }
            let name = editor.note?.displayTitle ?? tr("Untitled Note")
            // Text typed here is kept: saving over a deleted note makes a copy of it.
            if editor.hasUnsavedEdits, editor.saveNow(waitUntilWritten: true), editor.note?.id != id { continue }
            editor.close()
            if visiblePageName == Page.note.rawValue {
                show(.welcome)
                adw_window_title_set_title(contentTitle.opaque, "")
            }
            showToast(format(tr("“{note}” was deleted in another window"), ["note": name]))
        }
        if change.listsChanged, let library = app.library {
            sidebar.show(reminderLists: library.lists)
            if visiblePageName == Page.reminderList.rawValue, let shown = reminders?.list,
               let current = library.list(shown.id) {
                adw_window_title_set_title(contentTitle.opaque, current.name)
            }
        }
        if let command = change.reminders, !mine { reminders?.followChange(command) }
    }

    private func show(_ page: Page) {
        gtk_stack_set_visible_child_name(contentStack.opaque, page.rawValue)
        gtk_widget_set_visible(noteMenuButton, (page == .note).g)
        gtk_widget_set_visible(listMenuButton, (page == .reminderList).g)
    }

    private func navigate(toContent: Bool) {
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
        gtk_stack_add_named(contentStack.opaque, welcome, Page.welcome.rawValue)
    }

    private func addRemindersPane(library: Library) {
        let pane = RemindersPane(library: library, window: window)
        pane.origin = self
        gtk_stack_add_named(contentStack.opaque, pane.view.widget, Page.reminderList.rawValue)
        pane.onShowList = { [weak self] id in
            guard let self, let name = library.list(id)?.name else { return }
            self.sidebar.select(.reminderList(id))
            adw_window_title_set_title(self.contentTitle.opaque, name)
            self.show(.reminderList)
            self.navigate(toContent: true)
        }
        pane.onListGone = { [weak self] in
            guard let self else { return }
            self.show(.welcome)
            adw_window_title_set_title(self.contentTitle.opaque, "")
        }
        pane.onDropped = { [weak self] plan in
            guard let self, let toast = plan.toast else { return }
            self.toastedDrop = self.history.undoEntries.last
            self.showToast(self.app.describe(toast), undoAction: "win.undo-drop")
        }
        sidebar.onListRowDropMotion = { [weak pane] id, drop in pane?.decision(for: drop, onto: .listRow(id)) }
        sidebar.onListRowDrop = { [weak pane] id, drop in pane?.take(drop, onto: .listRow(id)) ?? false }
        pane.onNewStep = { [weak self] in self?.record([.reminders]) }
        pane.onUndo = { [weak self] in self?.undo() }
        pane.onRedo = { [weak self] in self?.redo() }
        pane.onToast = { [weak self] title, offersUndo in
            self?.showToast(title, undoAction: offersUndo ? "list.undo" : nil)
        }
        reminders = pane
    }

    /// Imports .ics files given on the command line, each as a new list.
    func importCalendars(atPaths paths: [String]) {
        guard let reminders else {
            // The store cannot be opened: say so rather than do nothing.
            for path in paths {
                showToast(format(tr("“{file}” was not imported: Tote cannot open your notes"),
                                 ["file": URL(fileURLWithPath: path).lastPathComponent]))
            }
            return
        }
        for path in paths { reminders.importAsNewList(path: path) }
    }

    var remindersPane: RemindersPane? { reminders }

    /// Files dropped onto the sidebar's notes: each HTML page (a note dragged out to Files,
    /// coming back) becomes a note, read off the main thread, and the first is opened. A
    /// page that cannot be read, and any other file, is named in a toast.
    func importNotes(atPaths paths: [String], into library: Library, media: MediaStore) {
        for path in paths where !WholeNoteTransfer.isNoteFile(path) {
            showToast(format(tr("Could not import “{file}”: {reason}"),
                             ["file": URL(fileURLWithPath: path).lastPathComponent,
                              "reason": tr("only web pages (.html) become notes")]))
        }
        let pages = paths.filter(WholeNoteTransfer.isNoteFile)
        guard !pages.isEmpty else { return }
        Task { [weak self] in
            let read = await Task.detached {
                pages.map { path in
                    (path, Result { () throws(WholeNoteTransfer.PageProblem) in try WholeNoteTransfer.note(fromFileAt: path, media: media) })
                }
            }.value
            guard let self else { return }
            var first: UUID?
            for (path, result) in read {
                let reason: String
                switch result {
                case .success(let note):
                    do {
                        try library.importNote(note, origin: self)
                        first = first ?? note.id
                        continue
                    } catch {
                        reason = Reasons.text(forStoreError: error)
                    }
                case .failure(.file(let problem)): reason = Reasons.text(for: problem)
                case .failure(.unreadable): reason = tr("it cannot be read as text")
                }
                self.showToast(format(tr("Could not import “{file}”: {reason}"),
                                      ["file": URL(fileURLWithPath: path).lastPathComponent, "reason": reason]))
            }
            if let first { self.open(.note(first)) }
        }
    }

    // MARK: History

    /// A new user action in this window: it goes on top of the window's history, and what
    /// could be redone here goes, in whichever note or list it was.
    private func record(_ parts: [WindowHistory.Part]) {
        let dropped = history.record(parts)
        for id in dropped.notes { app.library?.bodies.loaded(id)?.discardRedo() }
        if dropped.reminders { reminders?.discardRedo() }
    }

    /// A drop into the note shown here was carried out: a drop between notes says so.
    private func dropped(_ plan: DropPlan) {
        guard let toast = plan.toast else { return }
        toastedDrop = history.undoEntries.last
        showToast(app.describe(toast), undoAction: "win.undo-drop")
    }

    /// Undoes this window's latest step as a whole, showing what it changes. Nothing is
    /// undone when a note or list it changes was changed elsewhere since: a toast says which.
    func undo() {
        takeStep(redoing: false)
    }

    func redo() {
        takeStep(redoing: true)
    }

    /// Undoes (or redoes) the entry the window's history takes next, part by part: each note
    /// through the library, wherever it is shown (the first shown here when no window shows
    /// it, so that undoing shows what it changes), the reminders in the pane.
    private func takeStep(redoing: Bool) {
        guard let library = app.library else { return }
        // A reminder change still being written is recorded first: it may be the step to take.
        library.settle(waiting: true)
        let bodies = library.bodies
        let next = redoing
            ? history.nextRedo { note, step in (try? bodies.body(note))?.redoPosition(of: step) ?? .gone }
            : history.nextUndo { note, step in (try? bodies.body(note))?.undoPosition(of: step) ?? .gone }
        guard let entry = takeable(next, redoing: redoing) else { return }
        showFirstNote(of: entry)
        for part in entry.parts(redoing: redoing) {
            switch part {
            case .note(let id, _):
                guard let body = bodies.loaded(id) else { continue }
                let shownIn = app.windows.lazy.compactMap(\.editor).first { $0.note?.id == id }
                shownIn?.finishFilling()
                let outcome = redoing ? bodies.redo(body, origin: self) : bodies.undo(body, origin: self)
                if outcome == .changedElsewhere {
                    showToast(changedElsewhere(body.note.displayTitle ?? tr("Untitled Note"), redoing: redoing))
                    return
                }
                shownIn?.show(outcome)
            case .reminders:
                guard (redoing ? reminders?.redo() : reminders?.undo()) == true else { return }
            }
        }
        if redoing { history.didRedo() } else { history.didUndo() }
    }

    /// The entry to take, or nil with a toast when its note changed since.
    private func takeable(_ next: WindowHistory.Next, redoing: Bool = false) -> WindowHistory.Entry? {
        switch next {
        case .entry(let entry): return entry
        case .nothing: return nil
        case .refused(let id):
            let name = app.library?.bodies.loaded(id)?.note.displayTitle ?? app.library?.notes[id]?.displayTitle
            showToast(changedElsewhere(name ?? tr("Untitled Note"), redoing: redoing))
            return nil
        }
    }

    private func changedElsewhere(_ note: String, redoing: Bool) -> String {
        format(redoing ? tr("Nothing was redone: “{note}” was changed elsewhere since")
                       : tr("Nothing was undone: “{note}” was changed elsewhere since"), ["note": note])
    }

    /// Undoing shows what it changes: the entry's first note is shown here when no window
    /// shows any of its notes.
    private func showFirstNote(of entry: WindowHistory.Entry) {
        guard let first = entry.notes.first else { return }
        let shown = Set(app.windows.compactMap { $0.editor?.note?.id })
        if entry.notes.allSatisfy({ !shown.contains($0) }) {
            sidebar.select(.note(first))
            open(.note(first))
        } else if editor?.note?.id == first {
            sidebar.select(.note(first))
            show(.note)
        }
    }

    /// Shows why the store cannot be used; its file is never written. A damaged store also
    /// offers to go on with a fresh one beside it, and to recover what can still be read.
    func showStoreError(_ error: StoreError) {
        let explanation: String
        switch error {
        case .notADatabase:
            explanation = tr("The file is damaged or is not a Tote database.")
        case .unreadable(_, let problem):
            explanation = format(tr("The file cannot be opened: {reason}."), ["reason": Reasons.text(for: problem)])
        case .cannotCreateFolder(_, let problem):
            explanation = format(tr("The folder for it cannot be created: {reason}."), ["reason": Reasons.text(for: problem)])
        case .writtenByNewerVersion:
            explanation = tr("It was written by a newer version of Tote.")
        case .damaged:
            explanation = tr("Part of the file is damaged.")
        }
        let description = if case .damaged = error {
            tr("{explanation}\n\nTote writes nothing more to it. You can go on with a new, empty store; the damaged file stays as it is, beside it, at\n{path}")
        } else {
            tr("{explanation}\n\nTote has left it untouched at\n{path}\n\nMove it elsewhere to start afresh, or open it with a newer Tote.")
        }
        let page = Self.statusPage(
            icon: "dialog-warning-symbolic", title: tr("Tote Can’t Open Your Notes"),
            description: format(description, ["explanation": explanation, "path": error.path]))
        if case .damaged = error {
            let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
            gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
            for (label, recovering) in [(tr("_Recover What Can Be Read"), true), (tr("_Start With an Empty Store"), false)] {
                let button = gtk_button_new_with_mnemonic(label)!
                gtk_widget_add_css_class(button, "pill")
                if recovering { gtk_widget_add_css_class(button, "suggested-action") }
                button.connect("clicked") { [weak self] in self?.app.replaceDamagedStore(recovering: recovering) }
                buttons.append(button)
            }
            adw_status_page_set_child(page.opaque, buttons)
        }
        if let old = gtk_stack_get_child_by_name(contentStack.opaque, Page.storeError.rawValue) {
            gtk_stack_remove(contentStack.opaque, old)
        }
        gtk_stack_add_named(contentStack.opaque, page, Page.storeError.rawValue)
        show(.storeError)
        gtk_widget_set_sensitive(sidebar.widget, false.g)
        app.setCreatingEnabled(false)
    }

    private static func statusPage(icon: String, title: String, description: String) -> WidgetPointer {
        let page = adw_status_page_new()!
        adw_status_page_set_icon_name(page.opaque, icon)
        adw_status_page_set_title(page.opaque, title)
        adw_status_page_set_description(page.opaque, description)
        return page
    }

    // MARK: Window

    private static func primaryMenuButton() -> WidgetPointer {
        let button = menuButton(
            icon: "open-menu-symbolic", name: tr("Main Menu"),
            items: [(tr("_New Window"), "app.new-window"), (tr("_Keyboard Shortcuts"), "win.show-help-overlay"),
                    (tr("_About Tote"), "app.about")])
        gtk_menu_button_set_primary(button.opaque, true.g)
        return button
    }

    private static func noteMenuButton() -> WidgetPointer {
        menuButton(
            icon: "view-more-symbolic", name: tr("Note Menu"),
            items: [(tr("_Insert File…"), "win.insert-file"), (tr("_Delete Note"), "win.delete-note")])
    }

    private static func listMenuButton() -> WidgetPointer {
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(button.opaque, "view-more-symbolic")
        let menu = RemindersPane.listMenu()
        gtk_menu_button_set_menu_model(button.opaque, menu.cast())
        g_object_unref(menu.raw)
        gtk_widget_set_tooltip_text(button, tr("List Menu"))
        tote_shim_accessible_set_label(button, tr("List Menu"))
        gtk_widget_set_visible(button, false.g)
        return button
    }

    private func addWindowActions() {
        let actions: [(String, @MainActor (MainWindow) -> Void)] = [
            ("toggle-sidebar", { $0.toggleSidebar() }),
            ("search", { window in
                window.showSidebar()
                gtk_search_bar_set_search_mode(window.searchBar.opaque, true.g)
                gtk_widget_grab_focus(window.searchEntry)
            }),
            ("delete-note", { $0.deleteShownNote() }),
            ("undo-drop", { window in
                if let drop = window.toastedDrop, window.history.undoEntries.last == drop { window.undo() }
                window.toastedDrop = nil
            }),
            ("insert-file", { $0.chooseFilesToInsert() }),
            // The name GTK's help overlay would give it; GTK adds none of its own while
            // no help overlay is set (ShortcutsWindow says why none is).
            ("show-help-overlay", { $0.shortcutsWindow.present(over: $0.window) }),
        ]
        for (name, handler) in actions {
            Actions.add(name, to: window.opaque) { [weak self] _ in if let self { handler(self) } }
        }
        Actions.add("undo-delete", to: window.opaque, parameter: "s") { [weak self] id in
            if let id = id.flatMap(UUID.init(uuidString:)) { self?.undoDelete(id) }
        }
    }

    private func toggleSidebar() {
        if adw_leaflet_get_folded(leaflet.opaque).isTrue {
            let showingSidebar = adw_leaflet_get_visible_child(leaflet.opaque) == sidebarPane
            navigate(toContent: showingSidebar)
        } else {
            setSidebarVisible(!gtk_widget_get_visible(sidebarPane).isTrue)
        }
    }

    /// Brings the sidebar back (search lives there).
    private func showSidebar() {
        if adw_leaflet_get_folded(leaflet.opaque).isTrue {
            navigate(toContent: false)
        } else {
            setSidebarVisible(true)
        }
    }

    private func setSidebarVisible(_ visible: Bool) {
        gtk_widget_set_visible(sidebarPane, visible.g)
        gtk_widget_set_visible(separator, visible.g)
        gtk_widget_set_visible(showSidebarButton, (!visible).g)
    }

    var isSidebarShown: Bool { gtk_widget_get_visible(sidebarPane).isTrue }
    var isShowSidebarButtonShown: Bool { gtk_widget_get_visible(showSidebarButton).isTrue }

    private func restoreSize() {
        guard let settings = app.settings else {
            gtk_window_set_default_size(window.cast(), 960, 640)
            return
        }
        gtk_window_set_default_size(
            window.cast(), g_settings_get_int(settings, "window-width"),
            g_settings_get_int(settings, "window-height"))
        if g_settings_get_boolean(settings, "window-maximized").isTrue {
            gtk_window_maximize(window.cast())
        }
    }

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

    // MARK: Edits that can't be saved

    struct UnsavedEdits {
        var note: String
        var reason: String
        /// The file that keeps them for the next start; nil when no folder would take it.
        var keptIn: URL?
    }

    /// Set once the person chose to close although the edits could not be saved.
    private var closingDespiteUnsavedEdits = false
    private var keptEdit: URL?

    /// Saves the note shown; when that fails, keeps its edits for the next start and says
    /// why and where. Nil when everything is saved.
    func saveOrKeepForNextStart() -> UnsavedEdits? {
        guard let editor else { return nil }
        if editor.saveNow(waitUntilWritten: true) {
            if let keptEdit { app.unsavedNotes?.discard(keptEdit) }
            keptEdit = nil
            return nil
        }
        let name = editor.note?.displayTitle ?? tr("Untitled Note")
        let reason = editor.lastSaveFailure.map { Reasons.text(forStoreError: $0) } ?? tr("the disk reported an error")
        if let edit = editor.unsavedEdit, let unsaved = app.unsavedNotes {
            keptEdit = try? unsaved.keep(edit)
        }
        return UnsavedEdits(note: name, reason: reason, keptIn: keptEdit)
    }

    /// Asks whether to try again or to close (or quit) leaving the edits in their file.
    func explainUnsavedEdits(_ edits: UnsavedEdits, quitting: Bool) {
        let heading = format(tr("“{note}” Could Not Be Saved"), ["note": edits.note])
        let body = edits.keptIn.map { file in
            format(tr("Saving failed: {reason}. The unsaved text is kept in “{file}” and comes back the next time Tote starts. Free some space and try again, or close now."),
                   ["reason": edits.reason, "file": file.path])
        } ?? format(tr("Saving failed: {reason}, and the unsaved text could not be kept anywhere else either. Free some space and try again: closing now loses it."),
                    ["reason": edits.reason])
        let dialog = adw_message_dialog_new(window.cast(), heading, body)!
        adw_message_dialog_add_response(dialog.cast(), "close", quitting ? tr("_Quit Anyway") : tr("_Close Anyway"))
        adw_message_dialog_add_response(dialog.cast(), "retry", tr("_Try Again"))
        adw_message_dialog_set_response_appearance(dialog.cast(), "retry", ADW_RESPONSE_SUGGESTED)
        if edits.keptIn == nil {
            adw_message_dialog_set_response_appearance(dialog.cast(), "close", ADW_RESPONSE_DESTRUCTIVE)
        }
        adw_message_dialog_set_default_response(dialog.cast(), "retry")
        adw_message_dialog_set_close_response(dialog.cast(), "retry")
        unsavedEditsDialog = dialog
        dialog.connect("response") { [weak self] (response: UnsafeMutableRawPointer?) in
            guard let self, let response else { return }
            self.unsavedEditsDialog = nil
            // The window may be destroyed below, during this emission: GTK 4.8 then destroys
            // the dialog with its parent but keeps the parent's pointer, and the dialog's
            // finalization disconnected from the freed window (GLib criticals on closing).
            gtk_window_set_transient_for(dialog.cast(), nil)
            let closeAnyway = String(cString: response.assumingMemoryBound(to: CChar.self)) == "close"
            if quitting {
                self.app.quit(asking: !closeAnyway)
            } else {
                self.closingDespiteUnsavedEdits = closeAnyway
                gtk_window_close(self.window.cast())
            }
        }
        gtk_window_present(dialog.cast())
    }

    /// The dialog explaining unsaved edits, while it is shown.
    private(set) var unsavedEditsDialog: WidgetPointer?
}
