// SPDX-License-Identifier: GPL-3.0-or-later

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
    /// A parent's disclosure triangle was clicked: fold its subtasks away (true) or show them.
    var onFoldSubtasks: (UUID, Bool) -> Void = { _, _ in }
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
    let selection: OpaquePointer
    /// Every handle made (a GtkStringObject of ours, kept for reuse) and its index there.
    private var handles: [UnsafeMutableRawPointer] = []
    var handleIndex: [UnsafeMutableRawPointer: Int] = [:]
    /// Where each handle is in `shown` (-1 out of the model): set for every handle before
    /// GTK hears of a change, so a row bound in the middle of several splices shows the
    /// reminder its handle will stand for. Positions, not reminders: copying 10,000
    /// reminders an opening cost more than the binding.
    var handlePosition: [Int] = []
    /// The handles in the model, in its order: `shownHandles[i]` shows `shown[i]`.
    private var shownHandles: [Int] = []
    /// Handles out of the model, to be given to rows that arrive.
    private var spareHandles: [Int] = []
    var rows: [Int: Row] = [:]
    /// Rows made ahead for the list items GTK will ask for (filled after the first frame).
    /// Weakly: the pool outlives the view until GTK has torn every list item down.
    private(set) lazy var rowPool = ReminderRowPool(
        inUse: { [weak self] in self?.rows.count ?? 0 },
        isShown: { [weak self] in self.map { gtk_widget_get_root($0.listView) != nil } ?? false },
        make: Self.makeRow)
    var isBinding = false
    let scroller: WidgetPointer
    private let emptyPage: WidgetPointer
    let stack: WidgetPointer
    /// Where a drag of this list's rows began, in `dropArea`'s coordinates: moved a level's
    /// indent right of it over an insertion line, the drop goes one level in.
    var dragStartX: Double?
    /// The row widget showing the insertion line or the highlight of a drop onto it, and which.
    var insertionLine: (WidgetPointer, String)?

    /// What a row's widgets show of a reminder.
    struct Showing: Equatable {
        var title: String
        var isDone: Bool
        var due: String?
        var priority: Reminder.Priority
        var hasLink: Bool
        var hasNotes: Bool
        var listName: String?
        var heading: String?
        /// 1 for a subtask, with its parent's title.
        var level: Int
        var parentTitle: String?
        /// A parent's subtasks not done.
        var openSubtasks: Int
        /// How it repeats, in words.
        var repeats: String?
        /// A parent's subtasks folded away (nil: it has none).
        var subtasksHidden: Bool?
    }

    /// How the shown rows nest (`ReminderTree` of the list, or of a smart list's rows):
    /// a row's level, its parent, a parent's open subtasks.
    var tree = ReminderTree([])
    /// The titles of parents that are not shown (a smart list's subtasks name theirs).
    var parentTitles: [UUID: String] = [:]

    /// The smart list shown, if one is: rows then name their lists (`listNames`), and in
    /// Scheduled the first row of each day has the day above it.
    var smartList: SmartList?
    var listNames: [UUID: String] = [:]
    /// The calendar Scheduled's days are told by (the one its members are grouped by), made
    /// once per showing: making one per row cost more than the row.
    var headingCalendar = ReminderChoices.localGregorian

    /// Counts the splices that give kept rows new reminders (`replaceRows`).
    var binds = 0

    /// Due dates as rows show them, for the day they were worked out on: a row bound again
    /// (every row of a list opened) costs a dictionary look-up instead of the calendar's
    /// work, which was half of binding a screenful of rows.
    var dueTexts: [Date: String] = [:]
    /// The next midnight after the day `dueTexts` were worked out on.
    var dueTextsExpire = Date.distantPast

    /// The widgets of one row, reused by GtkListView for whichever reminder it shows.
    final class Row {
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
        let listName: WidgetPointer
        let heading: WidgetPointer
        /// The row's line under its heading, indented for a subtask.
        let line: WidgetPointer
        /// How many of a parent's subtasks are open.
        let subtaskCount: WidgetPointer
        /// A repeating reminder's icon and its rule in words.
        let repeats: WidgetPointer
        /// A parent's disclosure triangle: folds its subtasks away and shows them again.
        let disclosure: WidgetPointer
        /// The handle bound (`handlePosition`) and the reminder it showed.
        var handle: Int?
        var id: UUID?
        /// What the widgets show now, and when GTK last bound the row (`binds`).
        var showing: Showing?
        var boundAt = 0
        var isEditing = false

        init(box: WidgetPointer, check: WidgetPointer, titleStack: WidgetPointer, title: WidgetPointer,
             due: WidgetPointer, priority: WidgetPointer, link: WidgetPointer, details: WidgetPointer,
             listName: WidgetPointer, heading: WidgetPointer, line: WidgetPointer, subtaskCount: WidgetPointer,
             repeats: WidgetPointer, disclosure: WidgetPointer) {
            self.box = box
            self.check = check
            self.titleStack = titleStack
            self.title = title
            self.due = due
            self.priority = priority
            self.link = link
            self.details = details
            self.listName = listName
            self.heading = heading
            self.line = line
            self.subtaskCount = subtaskCount
            self.repeats = repeats
            self.disclosure = disclosure
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
        addPage(scroller, to: stack, named: "rows")
        addPage(emptyPage, to: stack, named: "empty")

        addEntry = gtk_entry_new()
        gtk_entry_set_placeholder_text(addEntry.cast(), tr("New reminder"))
        tote_shim_accessible_set_label(addEntry, tr("New reminder"))
        gtk_widget_set_hexpand(addEntry, true.g)
        let addButton = gtk_button_new_from_icon_name("list-add-symbolic")!
        setTooltip(addButton, tr("Add Reminder"))
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
        // The pool outlives the view until GTK has torn every item down: it frees their rows.
        factory.connect("teardown") { [weak self, rowPool] item in
            if let item { rowPool.retire(item) }
            guard let self else { return }
            self.rows[Int(bitPattern: item)] = nil
            self.rowPool.fill()
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
        AfterFirstFrame.run(on: listView) { [weak self] in self?.rowPool.start() }
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

    isolated deinit {
        g_object_unref(selection.raw)
        g_object_unref(handlesModel.raw)
        for handle in handles { g_object_unref(handle) }
        if let (item, _) = insertionLine { g_object_unref(item) }
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
                    && a.parentID == b.parentID && a.repeatRule == b.repeatRule
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
        if smartList != nil { rebindBoundRows() }
    }

    /// Shows rows as a smart list does (nil: as a list does), with what its empty page says.
    func present(as smartList: SmartList?, listNames: [UUID: String]) {
        self.smartList = smartList
        self.listNames = listNames
        headingCalendar = ReminderChoices.localGregorian
        let (title, description) = switch smartList {
        case nil: (tr("No Reminders"), tr("Add one below, or paste or drop some here"))
        case .today?: (tr("Nothing Due Today"), tr("Reminders due today or overdue show here"))
        case .scheduled?: (tr("Nothing Scheduled"), tr("Reminders with a due date show here, by day"))
        case .all?: (tr("No Reminders"), tr("Reminders of every list show here"))
        case .completed?: (tr("Nothing Completed"), tr("Reminders marked done show here"))
        }
        adw_status_page_set_title(emptyPage.opaque, title)
        adw_status_page_set_description(emptyPage.opaque, description)
        // Nothing is added as already done: no entry, no "+".
        if let bar = gtk_widget_get_parent(addEntry) { gtk_widget_set_visible(bar, (smartList != .completed).g) }
    }

    /// How many times `show` changed the rows.
    private var shows = 0

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
}
