import CAdw
import CShim
import Foundation
import ToteCore

/// One reminder list on screen: a GtkListView (virtualised, so ten thousand rows scroll
/// smoothly) over a GListStore of row handles, with multiple selection, and an entry at the
/// bottom to add reminders. It shows what it is given and reports what the person does; the
/// pane decides what that changes.
///
/// A handle is a plain object that stands for one shown reminder (`handlePosition`). The
/// model is never replaced: another list, or a change to most rows, is one splice that keeps
/// each position's handle and gives it the new reminder, so GtkListView keeps its row widgets
/// and they are bound again (GTK 4.8's gtk_list_view_set_model tears every row widget down
/// and builds new ones: 36 ms of a 110 ms opening). Smaller changes are splices of the rows
/// that differ (`RowSplices`), with fresh handles for the rows that arrive.
@MainActor
final class ReminderListView {
    let widget: WidgetPointer
    let listView: WidgetPointer
    let addEntry: WidgetPointer
    /// The placeholders of files being copied into the list by a drop, below the rows.
    let incomingBox: WidgetPointer

    var onAdd: (String) -> Void = { _ in }
    var onToggleDone: ([UUID]) -> Void = { _ in }
    var onRetitle: (UUID, String) -> Void = { _, _ in }
    var onContextMenu: (Double, Double) -> Void = { _, _ in }
    /// The row's link button was clicked: open what the reminder links.
    var onOpenLink: (UUID) -> Void = { _ in }
    /// The row's Details button was clicked.
    var onShowDetails: (UUID) -> Void = { _ in }
    var onSelectionChanged: () -> Void = {}
    /// A drag starts on these reminders (the selection, or the row pressed): the content.
    var onPrepareDrag: ([UUID]) -> UnsafeMutablePointer<GdkContentProvider>? = { _ in nil }
    var onDragBegan: (UnsafeMutableRawPointer) -> Void = { _ in }
    var onDragEnded: () -> Void = {}

    /// The reminders shown, in order.
    private(set) var shown: [Reminder] = []
    /// Where each shown reminder is, worked out when first asked after a change (a list of
    /// 10,000 opened with nothing selected never needs it).
    var indexByID: [UUID: Int] {
        if let index = shownIndex { return index }
        var index: [UUID: Int] = Dictionary(minimumCapacity: shown.count)
        for position in shown.indices { index[shown[position].id] = position }
        shownIndex = index
        return index
    }
    private var shownIndex: [UUID: Int]?
    /// The GListStore of handles, and the selection over it (both ours for the view's life).
    private let handlesModel: OpaquePointer
    private let selection: OpaquePointer
    /// Every handle made (a GtkStringObject of ours, kept for reuse) and its index there.
    private var handles: [UnsafeMutableRawPointer] = []
    private var handleIndex: [UnsafeMutableRawPointer: Int] = [:]
    /// Where each handle is in `shown` (-1 out of the model): set for every handle before
    /// GTK hears of a change, so a row bound in the middle of several splices shows the
    /// reminder its handle will stand for. Positions, not reminders: copying 10,000
    /// reminders an opening cost more than the binding.
    private var handlePosition: [Int] = []
    /// The handles in the model, in its order: `shownHandles[i]` shows `shown[i]`.
    private var shownHandles: [Int] = []
    /// Handles out of the model, to be given to rows that arrive.
    private var spareHandles: [Int] = []
    private var rows: [Int: Row] = [:]
    private var isBinding = false
    let scroller: WidgetPointer
    private let emptyPage: WidgetPointer
    let stack: WidgetPointer
    /// The row widget showing the insertion line, and which.
    var insertionLine: (WidgetPointer, String)?

    /// What a row's widgets show of a reminder.
    private struct Showing: Equatable {
        var title: String
        var isDone: Bool
        var due: String?
        var priority: Reminder.Priority
        var hasLink: Bool
        var hasNotes: Bool
    }

    /// Counts the splices that give kept rows new reminders (`replaceRows`).
    private var binds = 0

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
        /// Opens the reminder's details; in the accent colour when it has notes.
        let details: WidgetPointer
        /// The handle bound (`handlePosition`) and the reminder it showed.
        var handle: Int?
        var id: UUID?
        /// What the widgets show now, and when GTK last bound the row (`binds`).
        var showing: Showing?
        var boundAt = 0
        var isEditing = false

        init(box: WidgetPointer, check: WidgetPointer, titleStack: WidgetPointer, title: WidgetPointer,
             due: WidgetPointer, priority: WidgetPointer, link: WidgetPointer, details: WidgetPointer) {
            self.box = box
            self.check = check
            self.titleStack = titleStack
            self.title = title
            self.due = due
            self.priority = priority
            self.link = link
            self.details = details
        }
    }

    init() {
        handlesModel = g_list_store_new(gtk_string_object_get_type())
        // The selection model and the list view take ownership of what they are given;
        // keep our own references to the model and the selection.
        g_object_ref(handlesModel.raw)
        selection = gtk_multi_selection_new(handlesModel)
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

        incomingBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top,
                     gtk_widget_set_margin_bottom] { side(incomingBox, 6) }
        gtk_widget_set_visible(incomingBox, false.g)

        widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        widget.append(stack)
        widget.append(incomingBox)
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
        ContextMenu.openOnSecondaryPress(on: listView) { [weak self] x, y in
            self?.secondaryClick(x: x, y: y)
            return true
        }
        // From the keyboard too, as in a note: at the first selected row.
        addShortcuts(to: listView, [
            ("<Shift>F10", { [weak self] in self?.contextMenuFromKeyboard() ?? false }),
            ("Menu", { [weak self] in self?.contextMenuFromKeyboard() ?? false }),
        ])
    }

    /// A flat icon button of a row, 24 px (the `row-button` style), out of the keyboard's way.
    private static func rowButton(icon: String, label: String) -> WidgetPointer {
        let button = gtk_button_new_from_icon_name(icon)!
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_add_css_class(button, "row-button")
        gtk_widget_set_focusable(button, false.g)
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        tote_shim_accessible_set_label(button, label)
        return button
    }

    /// Asks for the context menu below the first selected row shown, as a right click there
    /// would; nothing without a selection.
    private func contextMenuFromKeyboard() -> Bool {
        guard let id = shown.first(where: { selectedIDs.contains($0.id) })?.id else { return false }
        var bounds = graphene_rect_t()
        if let row = rows.values.first(where: { $0.id == id }), let item = gtk_widget_get_parent(row.box),
           gtk_widget_get_mapped(item).isTrue, gtk_widget_compute_bounds(item, listView, &bounds).isTrue {
            onContextMenu(Double(bounds.origin.x) + 24, Double(bounds.origin.y + bounds.size.height))
        } else {
            onContextMenu(24, 24)
        }
        return true
    }

    isolated deinit {
        g_object_unref(selection.raw)
        g_object_unref(handlesModel.raw)
        for handle in handles { g_object_unref(handle) }
    }

    // MARK: Content

    /// Shows `reminders` in order and selects `selected` (the selection kept when nil).
    /// Another list (`anotherList`), or a change to most rows, takes every row at once and
    /// starts at the top, as a new list does; otherwise only the rows that differ change, so
    /// rows that stay keep their place on screen.
    func show(_ reminders: [Reminder], selecting selected: [UUID]? = nil, anotherList: Bool = false) {
        // A title being edited is kept first; that change shows the list again (re-entering here).
        if anotherList { finishAllEditing() }
        var splices: [RowSplices<Reminder>.Splice]?
        if !anotherList, !shown.isEmpty {
            // Rows compare by what they show, so a completed or renamed reminder is rebound.
            let changes = RowSplices(from: shown, to: reminders, key: \.id) { a, b in
                a.id == b.id && a.title == b.title && a.isDone == b.isDone && a.due == b.due && a.priority == b.priority
                    && a.notes.isEmpty == b.notes.isEmpty && a.link == b.link
            }
            if changes.changedRows <= Self.replacementThreshold {
                splices = changes.splices
            } else {
                let before = shows
                finishAllEditing()
                // The edit's own change showed this list again, read after `reminders` were.
                if shows != before { return }
            }
        }
        shows += 1
        let keep = selected == nil ? selectedIDs : []
        shown = reminders
        shownIndex = nil
        if let splices {
            // Splice by splice, so rows that stay keep their place on screen.
            apply(splices)
        } else {
            replaceRows()
        }
        if let selected { select(selected) } else if splices?.isEmpty != true { select(keep) }
        gtk_stack_set_visible_child_name(stack.opaque, reminders.isEmpty ? "empty" : "rows")
    }

    /// How many times `show` changed the rows.
    private var shows = 0

    private func finishAllEditing() {
        for row in rows.values where row.isEditing { finishEditing(row, commit: true) }
    }

    /// Above this many rows changed, every row is given its reminder again instead: one
    /// items-changed per splice costs GtkMultiSelection and GtkListView work for each.
    private static let replacementThreshold = 500

    /// Gives every position its reminder of `shown` in one splice that keeps the handles
    /// already there, so GtkListView reuses their row widgets (it matches removed and added
    /// rows by item), then binds those rows again and scrolls to the top.
    private func replaceRows() {
        // GtkMultiSelection would select a kept handle again where it was.
        gtk_selection_model_unselect_all(selection)
        let oldCount = shownHandles.count, newCount = shown.count
        var kept = Array(shownHandles.prefix(newCount))
        if newCount > oldCount {
            kept += takeHandles(newCount - oldCount)
        }
        let leaving = shownHandles.dropFirst(newCount)
        for handle in leaving { handlePosition[handle] = -1 }
        shownHandles = kept
        for (position, handle) in kept.enumerated() { handlePosition[handle] = position }
        var objects = kept.map { Optional(handles[$0]) }
        binds += 1
        objects.withUnsafeMutableBufferPointer {
            g_list_store_splice(handlesModel, 0, guint(oldCount), $0.baseAddress, guint(newCount))
        }
        spareHandles += leaving
        // The kept rows' widgets stayed with their handles. GTK 4.8's signal factory binds a
        // row again whenever it updates it, so it has bound them already; a GTK that does not
        // when the item stays leaves them to us.
        for (key, row) in rows where row.boundAt != binds {
            guard let item = OpaquePointer(bitPattern: key), let object = gtk_list_item_get_item(item) else { continue }
            row.handle = handleIndex[UnsafeMutableRawPointer(object)]
            rebind(row)
        }
        if newCount > 0 {
            // As a new model would: the first row at the top.
            gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(0))
        }
    }

    /// The splices of `RowSplices`, in order. The rows they insert get handles that were not
    /// in the model (a handle removed and added in one splice would keep its row widget as it
    /// was), and every handle's final position is known before the first splice.
    private func apply(_ splices: [RowSplices<Reminder>.Splice]) {
        var steps: [(position: Int, removing: Int, added: [Int])] = []
        var left: [Int] = []
        for splice in splices {
            let added = takeHandles(splice.inserting.count)
            let range = splice.position..<(splice.position + splice.removing)
            left += shownHandles[range]
            shownHandles.replaceSubrange(range, with: added)
            steps.append((splice.position, splice.removing, added))
        }
        for handle in left { handlePosition[handle] = -1 }
        for (position, handle) in shownHandles.enumerated() { handlePosition[handle] = position }
        for step in steps {
            var objects = step.added.map { Optional(handles[$0]) }
            objects.withUnsafeMutableBufferPointer {
                g_list_store_splice(handlesModel, guint(step.position), guint(step.removing), $0.baseAddress,
                                    guint(step.added.count))
            }
        }
        spareHandles += left
    }

    /// `count` handles out of the model: spare ones first, then new ones.
    private func takeHandles(_ count: Int) -> [Int] {
        let reused = spareHandles.suffix(count)
        spareHandles.removeLast(reused.count)
        var taken = Array(reused)
        while taken.count < count {
            let handle = UnsafeMutableRawPointer(gtk_string_object_new("")!)
            handleIndex[handle] = handles.count
            taken.append(handles.count)
            handles.append(handle)
            handlePosition.append(-1)
        }
        return taken
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
        // Neither button takes the keyboard: it has Open Link, Alt+Return and the context menu.
        let link = Self.rowButton(icon: "adw-external-link-symbolic", label: tr("Open Link"))
        gtk_widget_set_visible(link, false.g)
        let details = Self.rowButton(icon: "document-properties-symbolic", label: tr("Details"))
        gtk_widget_set_tooltip_text(details, tr("Details"))
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_margin_start(box, 6)
        gtk_widget_set_margin_end(box, 6)
        for child in [check, titleStack, due, priority, link, details] { box.append(child) }
        gtk_list_item_set_child(OpaquePointer(item), box)

        let row = Row(box: box, check: check, titleStack: titleStack, title: title, due: due, priority: priority,
                      link: link, details: details)
        let key = Int(bitPattern: item)
        rows[key] = row
        check.connect("toggled") { [weak self, weak row] in
            guard let self, let row, !self.isBinding, let id = row.id else { return }
            // The model decides; bind shows the result (or puts the box back).
            let targets = self.selectedIDs.contains(id) ? self.selectedIDs : [id]
            self.onToggleDone(targets)
            self.rebind(row, again: true)
        }
        link.connect("clicked") { [weak self, weak row] in
            guard let self, let id = row?.id else { return }
            self.onOpenLink(id)
        }
        details.connect("clicked") { [weak self, weak row] in
            guard let self, let id = row?.id else { return }
            self.onShowDetails(id)
        }
    }

    private func bind(_ item: UnsafeMutableRawPointer?) {
        guard let item, let row = rows[Int(bitPattern: item)],
              let object = gtk_list_item_get_item(OpaquePointer(item)),
              let handle = handleIndex[UnsafeMutableRawPointer(object)]
        else { return }
        row.handle = handle
        row.boundAt = binds
        rebind(row)
    }

    private func unbind(_ item: UnsafeMutableRawPointer?) {
        guard let item, let row = rows[Int(bitPattern: item)] else { return }
        if row.isEditing { finishEditing(row, commit: true) }
        row.handle = nil
        row.id = nil
    }

    /// Shows the reminder of the row's handle (nothing when the handle left the model: GTK
    /// binds the row again or lets it go).
    ///
    /// GTK 4.8 binds every row in a range again for any change there (a selection of 500 binds
    /// a screenful), so a row that would show what it shows is left as it is, unless `again`
    /// (its check box was clicked and must show the model's answer).
    private func rebind(_ row: Row, again: Bool = false) {
        guard let handle = row.handle, shown.indices.contains(handlePosition[handle]) else {
            row.id = nil
            return
        }
        let reminder = shown[handlePosition[handle]]
        row.id = reminder.id
        let due = reminder.due.map(describeDue)
        let hasLink = reminder.link != nil
        let hasNotes = !hasLink && !reminder.notes.isEmpty
        let showing = Showing(title: reminder.title, isDone: reminder.isDone, due: due, priority: reminder.priority,
                              hasLink: hasLink, hasNotes: hasNotes)
        guard again || showing != row.showing else { return }
        row.showing = showing
        isBinding = true
        defer { isBinding = false }
        gtk_check_button_set_active(row.check.cast(), reminder.isDone.g)
        gtk_label_set_text(row.title.opaque, reminder.title)
        if reminder.isDone { gtk_widget_add_css_class(row.title, "dim-label") } else {
            gtk_widget_remove_css_class(row.title, "dim-label")
        }
        gtk_label_set_text(row.due.opaque, due ?? "")
        gtk_widget_set_visible(row.due, (reminder.due != nil).g)
        let (marks, name) = Self.describe(reminder.priority)
        gtk_label_set_text(row.priority.opaque, marks)
        gtk_widget_set_visible(row.priority, (reminder.priority != .none).g)
        gtk_widget_set_visible(row.link, hasLink.g)
        if hasNotes { gtk_widget_add_css_class(row.details, "accent") } else {
            gtk_widget_remove_css_class(row.details, "accent")
        }
        // The list item widget around the row is what screen readers announce. No tooltip
        // on the priority marks: gtk_widget_set_tooltip_text costs 0.4 ms, and a screenful
        // binds 200 rows.
        let state = reminder.isDone ? tr("done") : tr("not done")
        let parts = [reminder.title, state, name] + (due.map { [$0] } ?? [])
            + (hasLink ? [tr("with a link")] : []) + (hasNotes ? [tr("with notes")] : [])
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

    /// The title each bound row shows, by the position GtkListView gives its row: what is on
    /// screen, which must be `shown` at those positions.
    var boundRowTitles: [Int: String] {
        var titles: [Int: String] = [:]
        for (key, row) in rows where row.handle != nil {
            guard let item = OpaquePointer(bitPattern: key) else { continue }
            let position = gtk_list_item_get_position(item)
            guard position != guint(GTK_INVALID_LIST_POSITION) else { continue }
            titles[Int(position)] = String(cString: gtk_label_get_label(row.title.opaque))
        }
        return titles
    }

    /// The list item widget (the row GtkListView draws) showing a reminder, if one does.
    func rowWidget(showing id: UUID) -> WidgetPointer? {
        rows.values.first { $0.id == id }.flatMap { gtk_widget_get_parent($0.box) }
    }

    /// Where a reminder's details point, in the list view's coordinates: the end of its row
    /// up to its Details button, about the popover's width (`width`), so the popover opens
    /// under the button without crossing the window's edge; the top of the list when the row
    /// is not on screen.
    func detailsAnchor(of id: UUID, width: Int32) -> GdkRectangle {
        var button = graphene_rect_t(), row = graphene_rect_t()
        guard let found = rows.values.first(where: { $0.id == id }), let item = gtk_widget_get_parent(found.box),
              gtk_widget_get_mapped(found.details).isTrue,
              gtk_widget_compute_bounds(found.details, listView, &button).isTrue,
              gtk_widget_compute_bounds(item, listView, &row).isTrue
        else { return GdkRectangle(x: gtk_widget_get_width(listView) / 2, y: 0, width: 1, height: 1) }
        let end = Int32(button.origin.x + button.size.width)
        let start = max(Int32(row.origin.x), end - width)
        return GdkRectangle(x: start, y: Int32(row.origin.y), width: end - start, height: Int32(row.size.height))
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
    /// per screenful. The details popover shows days and times with them too.
    static let dayFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .none
        return formatter
    }()

    static let timeFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .none
        formatter.timeStyle = .short
        return formatter
    }()

    private static let calendar = Calendar.current

    /// Due dates as rows show them, for the day they were worked out on: a row bound again
    /// (every row of a list opened) costs a dictionary look-up instead of the calendar's
    /// work, which was half of binding a screenful of rows.
    private var dueTexts: [Date: String] = [:]
    /// The next midnight after the day `dueTexts` were worked out on.
    private var dueTextsExpire = Date.distantPast

    private func describeDue(_ date: Date) -> String {
        let now = Date()
        if now >= dueTextsExpire || dueTexts.count > 20_000 {
            dueTexts = [:]
            let today = Self.calendar.startOfDay(for: now)
            dueTextsExpire = Self.calendar.date(byAdding: .day, value: 1, to: today) ?? now
        }
        if let text = dueTexts[date] { return text }
        let text = Self.describeDue(date)
        dueTexts[date] = text
        return text
    }

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
