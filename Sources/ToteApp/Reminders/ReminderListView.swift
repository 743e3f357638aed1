import CAdw
import CShim
import Foundation
import ToteCore

/// One reminder list on screen: a GtkListView (virtualised, so ten thousand rows scroll
/// smoothly) over a GtkStringList of reminder ids, with multiple selection, and an entry at
/// the bottom to add reminders. It shows what it is given and reports what the person does;
/// the pane decides what that changes.
@MainActor
final class ReminderListView {
    let widget: WidgetPointer
    let listView: WidgetPointer
    let addEntry: WidgetPointer

    var onAdd: (String) -> Void = { _ in }
    var onToggleDone: ([UUID]) -> Void = { _ in }
    var onRetitle: (UUID, String) -> Void = { _, _ in }
    var onContextMenu: (Double, Double) -> Void = { _, _ in }
    /// The row's link button was clicked: open what the reminder links.
    var onOpenLink: (UUID) -> Void = { _ in }
    var onSelectionChanged: () -> Void = {}
    /// A drag starts on these reminders (the selection, or the row pressed): the content.
    var onPrepareDrag: ([UUID]) -> UnsafeMutablePointer<GdkContentProvider>? = { _ in nil }
    var onDragBegan: (UnsafeMutableRawPointer) -> Void = { _ in }
    var onDragEnded: () -> Void = {}

    /// The reminders shown, in order.
    private(set) var shown: [Reminder] = []
    private(set) var indexByID: [UUID: Int] = [:]
    private var ids: OpaquePointer
    private var selection: OpaquePointer
    private var rows: [Int: Row] = [:]
    private var isBinding = false
    let scroller: WidgetPointer
    private let emptyPage: WidgetPointer
    let stack: WidgetPointer
    /// The row widget showing the insertion line, and which.
    var insertionLine: (WidgetPointer, String)?

    /// The widgets of one row, reused by GtkListView for whichever reminder it shows.
    private final class Row {
        let box: WidgetPointer
        let check: WidgetPointer
        let titleStack: WidgetPointer
        let title: WidgetPointer
        /// Only while the title is edited: a row holding a focusable child would never take
        /// the focus itself (GtkListItemWidget), and arrows would not move between rows.
        var entry: WidgetPointer?
        let due: WidgetPointer
        let priority: WidgetPointer
        /// Shown when the reminder holds a link: a web page, a mail address or a stored file
        /// (`Reminder.link`).
        let link: WidgetPointer
        var id: UUID?
        var isEditing = false

        init(box: WidgetPointer, check: WidgetPointer, titleStack: WidgetPointer, title: WidgetPointer,
             due: WidgetPointer, priority: WidgetPointer, link: WidgetPointer) {
            self.box = box
            self.check = check
            self.titleStack = titleStack
            self.title = title
            self.due = due
            self.priority = priority
            self.link = link
        }
    }

    init() {
        ids = gtk_string_list_new(nil)
        // The selection model and the list view take ownership of what they are given;
        // keep our own references to the model and the selection.
        g_object_ref(ids.raw)
        selection = gtk_multi_selection_new(ids)
        g_object_ref(selection.raw)
        let factory = gtk_signal_list_item_factory_new()!
        listView = gtk_list_view_new(selection, factory)
        gtk_widget_add_css_class(listView, "reminder-list")
        tote_shim_accessible_set_label(listView, tr("Reminders"))
        gtk_list_view_set_enable_rubberband(listView.opaque, true.g)

        scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_child(scroller.opaque, listView)
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scroller, true.g)

        emptyPage = adw_status_page_new()
        adw_status_page_set_icon_name(emptyPage.opaque, "view-list-bullet-symbolic")
        adw_status_page_set_title(emptyPage.opaque, tr("No Reminders"))
        adw_status_page_set_description(emptyPage.opaque, tr("Add one below, or paste or drop some here"))
        gtk_widget_set_vexpand(emptyPage, true.g)
        stack = gtk_stack_new()
        gtk_stack_add_named(stack.opaque, scroller, "rows")
        gtk_stack_add_named(stack.opaque, emptyPage, "empty")

        addEntry = gtk_entry_new()
        gtk_entry_set_placeholder_text(addEntry.cast(), tr("New reminder"))
        tote_shim_accessible_set_label(addEntry, tr("New reminder"))
        gtk_widget_set_hexpand(addEntry, true.g)
        let addButton = gtk_button_new_from_icon_name("list-add-symbolic")!
        gtk_widget_set_tooltip_text(addButton, tr("Add Reminder"))
        tote_shim_accessible_set_label(addButton, tr("Add Reminder"))
        let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_add_css_class(bar, "toolbar")
        bar.append(addEntry)
        bar.append(addButton)

        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        widget.append(stack)
        widget.append(gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        widget.append(bar)

        factory.connect("setup") { [weak self] item in self?.setUp(item) }
        factory.connect("bind") { [weak self] item in self?.bind(item) }
        factory.connect("unbind") { [weak self] item in self?.unbind(item) }
        factory.connect("teardown") { [weak self] item in
            self?.rows[Int(bitPattern: item)] = nil
        }
        listView.connectUInt("activate") { [weak self] position in self?.startEditing(at: Int(position)) }
        connectSelection()
        addEntry.connect("activate") { [weak self] in self?.submitNewReminder() }
        // GTK 4.8 moves focus backwards from the entry past the list (its rows were not
        // entered by Shift+Tab or Up under Xvfb): take those keys to the list directly.
        addShortcuts(to: addEntry, [
            ("<Shift>ISO_Left_Tab", { [weak self] in self?.focusListIfFilled() ?? false }),
            ("<Shift>Tab", { [weak self] in self?.focusListIfFilled() ?? false }),
            ("Up", { [weak self] in self?.focusListIfFilled() ?? false }),
        ])
        addButton.connect("clicked") { [weak self] in self?.submitNewReminder() }

        installDragSource()
        let menuClick = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(menuClick.opaque, guint(GDK_BUTTON_SECONDARY))
        menuClick.connectPressed { [weak self] _, x, y in
            self?.secondaryClick(x: x, y: y)
            // The menu's grab takes the release; unreset, the gesture missed the next press.
            gtk_event_controller_reset(menuClick.opaque)
        }
        gtk_widget_add_controller(listView, menuClick.opaque)
    }

    isolated deinit {
        g_object_unref(selection.raw)
        g_object_unref(ids.raw)
    }

    // MARK: Content

    /// Shows `reminders` in order, changing only the rows that differ, and selects `selected`.
    func show(_ reminders: [Reminder], selecting selected: [UUID]? = nil) {
        let old = shown
        shown = reminders
        indexByID = Dictionary(uniqueKeysWithValues: reminders.enumerated().map { ($1.id, $0) })
        // Rows compare by what they show, so a completed or renamed reminder is rebound.
        let changes = RowSplices(from: old, to: reminders, key: \.id) { a, b in
            a.id == b.id && a.title == b.title && a.isDone == b.isDone && a.due == b.due && a.priority == b.priority
        }
        if changes.changedRows > Self.replacementThreshold {
            // GtkListView takes ~12 µs per item of one items-changed, but a new model at
            // once: opening a list of 10,000 is 30 ms instead of 120.
            let keep = selected == nil ? selectedIDs : []
            replaceModel(with: reminders.map(\.id.uuidString))
            if selected == nil { select(keep) }
        } else if !changes.splices.isEmpty {
            // Splice by splice, so rows that stay keep their place on screen.
            let keep = selected == nil ? selectedIDs : []
            for splice in changes.splices {
                withCStringArray(splice.inserting.map(\.id.uuidString)) {
                    gtk_string_list_splice(ids, guint(splice.position), guint(splice.removing), $0)
                }
            }
            if selected == nil { select(keep) }
        }
        if let selected { select(selected) }
        gtk_stack_set_visible_child_name(stack.opaque, reminders.isEmpty ? "empty" : "rows")
    }

    private static let replacementThreshold = 500

    private func replaceModel(with strings: [String]) {
        let fresh = withCStringArray(strings) { gtk_string_list_new($0) }!
        g_object_ref(fresh.raw)
        let freshSelection = gtk_multi_selection_new(fresh)!
        g_object_ref(freshSelection.raw)
        gtk_list_view_set_model(listView.opaque, freshSelection)
        g_object_unref(selection.raw)
        g_object_unref(ids.raw)
        ids = fresh
        selection = freshSelection
        connectSelection()
        onSelectionChanged()
    }

    private func connectSelection() {
        selection.connect("selection-changed") { [weak self] _, _ in self?.onSelectionChanged() }
    }

    var selectedIDs: [UUID] {
        let bitset = gtk_selection_model_get_selection(selection)!
        defer { gtk_bitset_unref(bitset) }
        let count = gtk_bitset_get_size(bitset)
        var result: [UUID] = []
        result.reserveCapacity(Int(count))
        for nth in 0..<count {
            let index = Int(gtk_bitset_get_nth(bitset, guint(nth)))
            if index < shown.count { result.append(shown[index].id) }
        }
        return result
    }

    /// Selects exactly these reminders and scrolls the first into view.
    func select(_ chosen: [UUID]) {
        let bitset = gtk_bitset_new_empty()!
        let mask = gtk_bitset_new_range(0, guint(shown.count))!
        defer {
            gtk_bitset_unref(bitset)
            gtk_bitset_unref(mask)
        }
        let indexes = chosen.compactMap { indexByID[$0] }
        for index in indexes { gtk_bitset_add(bitset, guint(index)) }
        gtk_selection_model_set_selection(selection, bitset, mask)
        if let first = indexes.min() {
            gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint32(first)))
        }
    }

    func selectAll() {
        gtk_selection_model_select_all(selection)
    }

    /// Starts editing the title of the first selected reminder (F2, or Enter on a row).
    func editSelectedTitle() {
        guard let first = selectedIDs.first, let index = indexByID[first] else { return }
        startEditing(at: index)
    }

    func focusList() {
        gtk_widget_grab_focus(listView)
    }

    private func focusListIfFilled() -> Bool {
        guard !shown.isEmpty else { return false }
        return gtk_widget_grab_focus(listView).isTrue
    }

    func focusAddEntry() {
        gtk_widget_grab_focus(addEntry)
    }

    /// The position of the first selected row, or the end: where a paste goes.
    var insertionIndex: Int {
        selectedIDs.compactMap { indexByID[$0] }.max().map { $0 + 1 } ?? shown.count
    }

    // MARK: Rows

    private func setUp(_ item: UnsafeMutableRawPointer?) {
        guard let item else { return }
        let check = gtk_check_button_new()!
        tote_shim_accessible_set_label(check, tr("Done"))
        // Rows take the focus, so arrows move between reminders; Ctrl+Return completes.
        gtk_widget_set_focusable(check, false.g)
        let title = gtk_label_new("")!
        gtk_label_set_xalign(title.opaque, 0)
        gtk_label_set_ellipsize(title.opaque, PANGO_ELLIPSIZE_END)
        let titleStack = gtk_stack_new()!
        gtk_stack_add_named(titleStack.opaque, title, "label")
        gtk_widget_set_hexpand(titleStack, true.g)
        let due = gtk_label_new("")!
        gtk_widget_add_css_class(due, "dim-label")
        gtk_widget_add_css_class(due, "caption")
        let priority = gtk_label_new("")!
        gtk_widget_add_css_class(priority, "error")
        let link = gtk_button_new_from_icon_name("adw-external-link-symbolic")!
        gtk_widget_add_css_class(link, "flat")
        gtk_widget_set_focusable(link, false.g)
        gtk_widget_set_valign(link, GTK_ALIGN_CENTER)
        tote_shim_accessible_set_label(link, tr("Open Link"))
        gtk_widget_set_visible(link, false.g)
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_margin_start(box, 6)
        gtk_widget_set_margin_end(box, 6)
        for child in [check, titleStack, due, priority, link] { box.append(child) }
        gtk_list_item_set_child(OpaquePointer(item), box)

        let row = Row(box: box, check: check, titleStack: titleStack, title: title, due: due, priority: priority,
                      link: link)
        let key = Int(bitPattern: item)
        rows[key] = row
        check.connect("toggled") { [weak self, weak row] in
            guard let self, let row, !self.isBinding, let id = row.id else { return }
            // The model decides; bind shows the result (or puts the box back).
            let targets = self.selectedIDs.contains(id) ? self.selectedIDs : [id]
            self.onToggleDone(targets)
            self.rebind(row)
        }
        link.connect("clicked") { [weak self, weak row] in
            guard let self, let id = row?.id else { return }
            self.onOpenLink(id)
        }
    }

    private func bind(_ item: UnsafeMutableRawPointer?) {
        guard let item, let row = rows[Int(bitPattern: item)],
              let object = gtk_list_item_get_item(OpaquePointer(item)),
              let string = gtk_string_object_get_string(OpaquePointer(object)),
              let id = UUID(uuidString: String(cString: string))
        else { return }
        row.id = id
        rebind(row)
    }

    private func unbind(_ item: UnsafeMutableRawPointer?) {
        guard let item, let row = rows[Int(bitPattern: item)] else { return }
        if row.isEditing { finishEditing(row, commit: true) }
        row.id = nil
    }

    private func rebind(_ row: Row) {
        guard let id = row.id, let index = indexByID[id] else { return }
        let reminder = shown[index]
        isBinding = true
        defer { isBinding = false }
        gtk_check_button_set_active(row.check.cast(), reminder.isDone.g)
        gtk_label_set_text(row.title.opaque, reminder.title)
        if reminder.isDone { gtk_widget_add_css_class(row.title, "dim-label") } else {
            gtk_widget_remove_css_class(row.title, "dim-label")
        }
        gtk_label_set_text(row.due.opaque, reminder.due.map(Self.describeDue) ?? "")
        gtk_widget_set_visible(row.due, (reminder.due != nil).g)
        let (marks, name) = Self.describe(reminder.priority)
        gtk_label_set_text(row.priority.opaque, marks)
        gtk_widget_set_visible(row.priority, (reminder.priority != .none).g)
        let hasLink = reminder.link != nil
        gtk_widget_set_visible(row.link, hasLink.g)
        // The list item widget around the row is what screen readers announce. No tooltip
        // on the priority marks: gtk_widget_set_tooltip_text costs 0.4 ms, and a screenful
        // binds 200 rows.
        let state = reminder.isDone ? tr("done") : tr("not done")
        let parts = [reminder.title, state, name] + (reminder.due.map { [Self.describeDue($0)] } ?? [])
            + (hasLink ? [tr("with a link")] : [])
        tote_shim_accessible_set_label(
            gtk_widget_get_parent(row.box) ?? row.box, parts.filter { !$0.isEmpty }.joined(separator: ", "))
    }

    private func startEditing(at position: Int) {
        guard position < shown.count else { return }
        let id = shown[position].id
        guard let row = rows.values.first(where: { $0.id == id }), !row.isEditing else { return }
        row.isEditing = true
        let entry = gtk_entry_new()!
        tote_shim_accessible_set_label(entry, tr("Title"))
        row.entry = entry
        entry.connect("activate") { [weak self, weak row] in
            guard let self, let row else { return }
            self.finishEditing(row, commit: true)
            self.focusList()
        }
        let focus = gtk_event_controller_focus_new()!
        focus.connect("leave") { [weak self, weak row] in
            guard let self, let row else { return }
            self.finishEditing(row, commit: true)
        }
        gtk_widget_add_controller(entry, focus.opaque)
        addShortcuts(to: entry, [("Escape", { [weak self, weak row] in
            guard let self, let row else { return false }
            self.finishEditing(row, commit: false)
            self.focusList()
            return true
        })])
        gtk_editable_set_text(entry.opaque, shown[position].title)
        gtk_stack_add_named(row.titleStack.opaque, entry, "entry")
        gtk_stack_set_visible_child_name(row.titleStack.opaque, "entry")
        gtk_widget_grab_focus(entry)
    }

    private func finishEditing(_ row: Row, commit: Bool) {
        guard row.isEditing, let entry = row.entry else { return }
        row.isEditing = false
        row.entry = nil
        let text = String(cString: gtk_editable_get_text(entry.opaque))
        gtk_stack_set_visible_child_name(row.titleStack.opaque, "label")
        // Removed after this signal has returned: the entry may be what is emitting it.
        let stack = row.titleStack
        g_object_ref(entry.raw)
        DispatchQueue.main.async {
            if gtk_widget_get_parent(entry) == stack { gtk_stack_remove(stack.opaque, entry) }
            g_object_unref(entry.raw)
        }
        if commit, let id = row.id { onRetitle(id, text) }
    }

    private func submitNewReminder() {
        let text = String(cString: gtk_editable_get_text(addEntry.opaque))
        guard !ReminderEditing.cleanTitle(text).isEmpty else { return }
        onAdd(text)
        gtk_editable_set_text(addEntry.opaque, "")
    }

    /// Whether a widget is a row's check box or the entry of a title being edited.
    func isCheckBoxOrEntry(_ widget: WidgetPointer) -> Bool {
        rows.values.contains { $0.check == widget || $0.entry == widget }
    }

    /// The reminder a widget inside a row shows (the row's box or one of its children).
    func rowID(ofWidget widget: WidgetPointer) -> UUID? {
        rows.values.first { $0.box == widget }?.id
    }

    /// The list item widget (the row GtkListView draws) showing a reminder, if one does.
    func rowWidget(showing id: UUID) -> WidgetPointer? {
        rows.values.first { $0.id == id }.flatMap { gtk_widget_get_parent($0.box) }
    }

    /// A right click selects the row under the pointer (unless it is selected) and asks for
    /// the context menu there.
    private func secondaryClick(x: Double, y: Double) {
        var picked = gtk_widget_pick(listView, x, y, GTK_PICK_DEFAULT)
        while let widget = picked, widget != listView {
            if let row = rows.values.first(where: { $0.box == widget }), let id = row.id {
                if !selectedIDs.contains(id) { select([id]) }
                break
            }
            picked = gtk_widget_get_parent(widget)
        }
        onContextMenu(x, y)
    }

    /// Formatters are made once: making one per row cost ~3 ms (ICU), a tenth of a second
    /// per screenful.
    private static let dayFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter
    }()

    private static let timeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .none
        formatter.timeStyle = .short
        return formatter
    }()

    private static let calendar = Calendar.current

    private static func describeDue(_ date: Date) -> String {
        let hasTime = calendar.component(.hour, from: date) != 0 || calendar.component(.minute, from: date) != 0
        let day: String
        if calendar.isDateInToday(date) {
            day = tr("Today")
        } else if calendar.isDateInTomorrow(date) {
            day = tr("Tomorrow")
        } else if calendar.isDateInYesterday(date) {
            day = tr("Yesterday")
        } else {
            day = dayFormatter.string(from: date)
        }
        return hasTime ? "\(day) \(timeFormatter.string(from: date))" : day
    }

    private static func describe(_ priority: Reminder.Priority) -> (String, String) {
        switch priority {
        case .none: return ("", "")
        case .low: return ("!", tr("Low priority"))
        case .medium: return ("!!", tr("Medium priority"))
        case .high: return ("!!!", tr("High priority"))
        }
    }
}
