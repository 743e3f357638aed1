// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// The sidebar: a Notes section and a Reminder Lists section, each with a "+" button, the
/// smart lists (Today, Scheduled, All, Completed) at the top of the lists.
/// Rows carry their note's or list's name as their accessible name.
@MainActor
final class Sidebar {
    enum Selection: Equatable {
        case note(UUID)
        case reminderList(UUID)
    }

    let widget: WidgetPointer
    var onSelect: (Selection) -> Void = { _ in }
    /// A drag over a list's row: the action to show (the window asks the drop matrix).
    var onListRowDropMotion: (UUID, UnsafeMutableRawPointer) -> DropMatrix.Decision? = { _, _ in nil }
    /// A drag starting on a note's row: its content (the window reads the note).
    var onPrepareNoteDrag: (UUID) -> UnsafeMutablePointer<GdkContentProvider>? = { _ in nil }
    /// A drop on a list's row: whether it was taken.
    var onListRowDrop: (UUID, UnsafeMutableRawPointer) -> Bool = { _, _ in false }
    /// A drag over a note's row, and a drop there, as for a list's row.
    var onNoteRowDropMotion: (UUID, UnsafeMutableRawPointer) -> DropMatrix.Decision? = { _, _ in nil }
    var onNoteRowDrop: (UUID, UnsafeMutableRawPointer) -> Bool = { _, _ in false }
    /// Called with the files from outside dropped onto the notes.
    var onNoteFilesDrop: ([String]) -> Void = { _ in }
    /// A command chosen in a row's context menu, for that row's note or list.
    var onRowCommand: (RowCommand, Selection) -> Void = { _, _ in }
    /// The row whose context menu was opened last.
    var rowMenuTarget: Selection?
    /// The notes' and the lists' row menus (Sidebar+RowMenu).
    var rowMenus: [ContextMenu] = []
    let springLoader = SpringLoader()
    private(set) lazy var edgeScroller = EdgeScroller(widget)

    let notesBox: WidgetPointer
    /// The Notes heading, where a notes folder that cannot be reached is said.
    private let notesHeader: WidgetPointer
    private var notesFolderIcon: WidgetPointer?
    /// "No notes yet", or while searching, that nothing matches.
    private let notesPlaceholder = gtk_label_new(tr("No notes yet"))!
    /// "No lists yet", or while searching, that nothing matches.
    private let listsPlaceholder = gtk_label_new(tr("No lists yet"))!
    let listsBox: WidgetPointer
    /// The smart lists' rows (Sidebar+SmartLists).
    let smartBox: WidgetPointer
    var smartRows: [SmartList: WidgetPointer] = [:]
    var onSelectSmartList: (SmartList) -> Void = { _ in }
    /// A drag over a smart list's row, and a drop there (the window asks the reminders pane).
    var onSmartRowDropMotion: (SmartList, UnsafeMutableRawPointer) -> DropMatrix.Decision? = { _, _ in nil }
    var onSmartRowDrop: (SmartList, UnsafeMutableRawPointer) -> Bool = { _, _ in false }
    private(set) var noteRows: [UUID: (row: WidgetPointer, label: WidgetPointer)] = [:]
    private(set) var listRows: [UUID: (row: WidgetPointer, label: WidgetPointer)] = [:]
    /// The reverse of the two maps above, for GTK callbacks that give a row.
    private var idsByRow: [WidgetPointer: UUID] = [:]
    private var notes: [UUID: NoteSummary] = [:]
    /// Set while `select` changes the rows' selection (not the person).
    var isUpdatingSelection = false
    private var query = ""
    /// The notes the search found; nil shows all.
    private var found: Set<UUID>?
    /// The lists the search found, each with the reminders in it that match; nil shows all.
    private(set) var foundLists: [UUID: [UUID]]?
    /// The lists synced through an account, and which (Sidebar+Accounts).
    var syncedLists: [UUID: SyncedList] = [:]
    /// A list's row dropped onto an account's heading (the list, the account's uid).
    var onListDropOnAccount: (UUID, String) -> Void = { _, _ in }
    var accountHeaders: [WidgetPointer: String] = [:]
    var waitingIcons: [UUID: WidgetPointer] = [:]

    init() {
        notesBox = gtk_list_box_new()
        listsBox = gtk_list_box_new()
        smartBox = gtk_list_box_new()
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        notesHeader = Self.sectionHeader(title: tr("Notes"), addTooltip: tr("New Note"), action: "app.new-note")
        content.append(notesHeader)
        content.append(Self.configure(notesBox, name: tr("Notes"), placeholder: notesPlaceholder))
        content.append(Self.sectionHeader(
            title: tr("Reminder Lists"), addTooltip: tr("New Reminder List"), action: "app.new-list"))
        content.append(smartBox)
        content.append(Self.configure(listsBox, name: tr("Reminder Lists"), placeholder: listsPlaceholder))

        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(widget.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(widget.opaque, content)
        gtk_widget_set_vexpand(widget, true.g)

        gtk_list_box_set_sort_func(notesBox.opaque, { first, second, context in
            MainActor.assumeIsolated {
                Unmanaged<Sidebar>.fromOpaque(context!).takeUnretainedValue()
                    .compareNoteRows(first.map(UnsafeMutableRawPointer.init), second.map(UnsafeMutableRawPointer.init))
            }
        }, Unmanaged.passRetained(self).toOpaque(), { context in
            // The list box owns the sidebar's context until it is finalised.
            Unmanaged<Sidebar>.fromOpaque(context!).release()
        })
        gtk_list_box_set_filter_func(notesBox.opaque, { row, context in
            MainActor.assumeIsolated {
                Unmanaged<Sidebar>.fromOpaque(context!).takeUnretainedValue()
                    .showsNoteRow(row.map(UnsafeMutableRawPointer.init)).g
            }
        }, Unmanaged.passRetained(self).toOpaque(), { context in
            Unmanaged<Sidebar>.fromOpaque(context!).release()
        })
        gtk_list_box_set_filter_func(listsBox.opaque, { row, context in
            MainActor.assumeIsolated {
                Unmanaged<Sidebar>.fromOpaque(context!).takeUnretainedValue()
                    .showsListRow(row.map(UnsafeMutableRawPointer.init)).g
            }
        }, Unmanaged.passRetained(self).toOpaque(), { context in
            Unmanaged<Sidebar>.fromOpaque(context!).release()
        })
        installSmartLists()
        installAccountHeaders()
        enableEdgeScrolling()
        installDragSources()
        enableNoteFileDrops()
        installRowMenus()
        notesBox.connect("row-selected") { [weak self] row in self?.rowSelected(row, inNotes: true) }
        listsBox.connect("row-selected") { [weak self] row in self?.rowSelected(row, inNotes: false) }
    }

    // MARK: Content

    func show(notes: [NoteSummary], reminderLists: [ReminderList]) {
        notes.forEach(update(note:))
        sortedForAccounts(reminderLists).forEach(add(reminderList:))
    }

    /// Adds the note's row or refreshes its name and place.
    func update(note: NoteSummary) {
        notes[note.id] = note
        let name = note.displayTitle ?? tr("Untitled Note")
        if let existing = noteRows[note.id] {
            gtk_label_set_text(existing.label.opaque, name)
            tote_shim_accessible_set_label(existing.row, name)
            gtk_list_box_row_changed(existing.row.cast())
            return
        }
        let (row, label) = Self.makeRow(name: name, iconName: "text-x-generic-symbolic")
        enableDrops(onNoteRow: row, id: note.id)
        noteRows[note.id] = (row, label)
        idsByRow[row] = note.id
        gtk_list_box_append(notesBox.opaque, row)
    }

    func remove(noteID: UUID) {
        guard let row = noteRows.removeValue(forKey: noteID)?.row else { return }
        notes[noteID] = nil
        idsByRow[row] = nil
        gtk_list_box_remove(notesBox.opaque, row)
    }

    /// Shows only the notes and lists a search found (nil for all of them).
    func filter(_ query: String, notes found: Set<UUID>?, lists foundLists: [UUID: [UUID]]?) {
        self.query = query
        self.found = found
        self.foundLists = foundLists
        gtk_label_set_text(notesPlaceholder.opaque, found == nil ? tr("No notes yet") : tr("No notes found"))
        gtk_label_set_text(listsPlaceholder.opaque, foundLists == nil ? tr("No lists yet") : tr("No lists found"))
        gtk_list_box_invalidate_filter(notesBox.opaque)
        gtk_list_box_invalidate_filter(listsBox.opaque)
    }

    var isFiltered: Bool { found != nil }

    /// What the lists section says when it shows no row.
    var listsPlaceholderText: String { String(cString: gtk_label_get_text(listsPlaceholder.opaque)) }

    /// The names the visible list rows show, top to bottom.
    var visibleReminderListNames: [String] {
        var names: [String] = []
        var row = gtk_widget_get_first_child(listsBox)
        while let current = row {
            if gtk_widget_get_child_visible(current).isTrue, let id = idsByRow[current], let entry = listRows[id] {
                names.append(String(cString: gtk_label_get_text(entry.label.opaque)))
            }
            row = gtk_widget_get_next_sibling(current)
        }
        return names
    }

    private func showsListRow(_ row: UnsafeMutableRawPointer?) -> Bool {
        guard let id = id(of: row), let foundLists else { return true }
        return foundLists[id] != nil
    }

    /// What the notes list says when it shows no row.
    var notesPlaceholderText: String { String(cString: gtk_label_get_text(notesPlaceholder.opaque)) }

    private func showsNoteRow(_ row: UnsafeMutableRawPointer?) -> Bool {
        guard let id = id(of: row), let found else { return true }
        return found.contains(id)
    }

    func add(reminderList list: ReminderList) {
        let (row, label) = Self.makeRow(name: list.name, iconName: "view-list-bullet-symbolic")
        enableDrops(onListRow: row, id: list.id)
        listRows[list.id] = (row, label)
        idsByRow[row] = list.id
        gtk_list_box_append(listsBox.opaque, row)
    }

    /// Shows exactly these lists, in their order, keeping the selected one selected.
    func show(reminderLists lists: [ReminderList]) {
        let selectedRow = gtk_list_box_get_selected_row(listsBox.opaque).map { UnsafeMutableRawPointer($0) }
        let selected = id(of: selectedRow)
        for (_, entry) in listRows {
            idsByRow[entry.row] = nil
            gtk_list_box_remove(listsBox.opaque, entry.row)
        }
        listRows.removeAll()
        waitingIcons.removeAll()
        accountHeaders.removeAll()
        sortedForAccounts(lists).forEach(add(reminderList:))
        if let selected, listRows[selected] != nil { select(.reminderList(selected)) }
    }

    /// The lists' ids as their rows show them, top to bottom.
    var reminderListIDs: [UUID] {
        var ids: [UUID] = []
        var row = gtk_widget_get_first_child(listsBox)
        while let current = row {
            if let id = idsByRow[current] { ids.append(id) }
            row = gtk_widget_get_next_sibling(current)
        }
        return ids
    }

    /// The names the list rows show, top to bottom.
    var reminderListNames: [String] {
        var names: [String] = []
        var row = gtk_widget_get_first_child(listsBox)
        while let current = row {
            if let id = idsByRow[current], let entry = listRows[id] {
                names.append(String(cString: gtk_label_get_text(entry.label.opaque)))
            }
            row = gtk_widget_get_next_sibling(current)
        }
        return names
    }

    func select(_ selection: Selection) {
        isUpdatingSelection = true
        defer { isUpdatingSelection = false }
        switch selection {
        case .note(let id):
            gtk_list_box_unselect_all(listsBox.opaque)
            gtk_list_box_unselect_all(smartBox.opaque)
            if let row = noteRows[id]?.row { gtk_list_box_select_row(notesBox.opaque, row.cast()) }
        case .reminderList(let id):
            gtk_list_box_unselect_all(notesBox.opaque)
            gtk_list_box_unselect_all(smartBox.opaque)
            if let row = listRows[id]?.row { gtk_list_box_select_row(listsBox.opaque, row.cast()) }
        }
    }

    /// The selected row of each of its lists (notes, smart lists, reminder lists).
    var selectedRows: [WidgetPointer] {
        [notesBox, smartBox, listsBox].compactMap { box in
            gtk_list_box_get_selected_row(box.opaque).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }
        }
    }

    func unselectAll() {
        isUpdatingSelection = true
        defer { isUpdatingSelection = false }
        gtk_list_box_unselect_all(notesBox.opaque)
        gtk_list_box_unselect_all(listsBox.opaque)
        gtk_list_box_unselect_all(smartBox.opaque)
    }

    /// The names the visible note rows show, top to bottom.
    var noteRowNames: [String] {
        var names: [String] = []
        var row = gtk_widget_get_first_child(notesBox)
        while let current = row {
            if gtk_widget_get_child_visible(current).isTrue, let id = idsByRow[current],
               let entry = noteRows[id] {
                names.append(String(cString: gtk_label_get_text(entry.label.opaque)))
            }
            row = gtk_widget_get_next_sibling(current)
        }
        return names
    }

    // MARK: Private

    private func rowSelected(_ row: UnsafeMutableRawPointer?, inNotes: Bool) {
        guard !isUpdatingSelection, let id = id(of: row) else { return }
        if inNotes {
            select(.note(id))
            onSelect(.note(id))
        } else {
            select(.reminderList(id))
            onSelect(.reminderList(id))
        }
    }

    private func compareNoteRows(_ first: UnsafeMutableRawPointer?, _ second: UnsafeMutableRawPointer?) -> Int32 {
        func modified(_ row: UnsafeMutableRawPointer?) -> Date {
            id(of: row).flatMap { notes[$0]?.modified } ?? .distantPast
        }
        let (a, b) = (modified(first), modified(second))
        return a == b ? 0 : (a > b ? -1 : 1)
    }

    func id(of row: UnsafeMutableRawPointer?) -> UUID? {
        row.flatMap { idsByRow[$0.assumingMemoryBound(to: GtkWidget.self)] }
    }

    static func configure(_ listBox: WidgetPointer, name: String, placeholder label: WidgetPointer) -> WidgetPointer {
        gtk_widget_add_css_class(listBox, "navigation-sidebar")
        gtk_list_box_set_selection_mode(listBox.opaque, GTK_SELECTION_SINGLE)
        tote_shim_accessible_set_label(listBox, name)
        gtk_widget_add_css_class(label, "dim-label")
        gtk_widget_set_margin_top(label, 6)
        gtk_widget_set_margin_bottom(label, 6)
        gtk_list_box_set_placeholder(listBox.opaque, label)
        return listBox
    }

    private static func sectionHeader(title: String, addTooltip: String, action: String) -> WidgetPointer {
        let header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_margin_start(header, 18)
        gtk_widget_set_margin_end(header, 12)
        gtk_widget_set_margin_top(header, 12)
        let label = gtk_label_new(title)!
        gtk_widget_add_css_class(label, "heading")
        gtk_widget_set_hexpand(label, true.g)
        gtk_label_set_xalign(label.opaque, 0)
        header.append(label)
        let add = gtk_button_new_from_icon_name("list-add-symbolic")!
        gtk_widget_add_css_class(add, "flat")
        setTooltip(add, addTooltip)
        tote_shim_accessible_set_label(add, addTooltip)
        gtk_actionable_set_action_name(add.opaque, action)
        header.append(add)
        return header
    }

    /// Says beside the Notes heading that the notes folder cannot be reached (nil: it can).
    func showNotesFolderProblem(_ problem: String?) {
        if let icon = notesFolderIcon {
            gtk_widget_unparent(icon)
            notesFolderIcon = nil
        }
        guard let problem else { return }
        let icon = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
        gtk_widget_add_css_class(icon, "warning")
        setTooltip(icon, problem)
        tote_shim_accessible_set_label(icon, problem)
        gtk_widget_insert_after(icon, notesHeader, gtk_widget_get_first_child(notesHeader))
        notesFolderIcon = icon
    }

    static func makeRow(name: String, iconName: String) -> (WidgetPointer, WidgetPointer) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        box.append(gtk_image_new_from_icon_name(iconName))
        let label = gtk_label_new(name)!
        gtk_label_set_xalign(label.opaque, 0)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        // A long name never widens the sidebar: it is cut to the width the sidebar has.
        gtk_label_set_max_width_chars(label.opaque, 1)
        gtk_widget_set_hexpand(label, true.g)
        box.append(label)
        let row = gtk_list_box_row_new()!
        gtk_list_box_row_set_child(row.cast(), box)
        tote_shim_accessible_set_label(row, name)
        return (row, label)
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// Appends a child to a GtkBox.
    func append(_ child: WidgetPointer) {
        gtk_box_append(cast(), child)
    }
}
