// SPDX-License-Identifier: GPL-3.0-or-later

import CAdw
import CShim
import Foundation
import ToteCore

/// The rows: GtkSignalListItemFactory's setup, bind and unbind, what a row shows of its
/// reminder (its due date and priority as text), and finding the row showing a reminder.
extension ReminderListView {
    func setUp(_ item: UnsafeMutableRawPointer?) {
        guard let item else { return }
        let row = rowPool.row(for: OpaquePointer(item))
        rows[Int(bitPattern: item)] = row
        rowPool.fill()
        row.check.connect("toggled") { [weak self, weak row] in
            guard let self, let row, !self.isBinding, let id = row.id else { return }
            // The model decides; bind shows the result (or puts the box back).
            let targets = self.selectedIDs.contains(id) ? self.selectedIDs : [id]
            self.onToggleDone(targets)
            self.rebind(row, again: true)
        }
        row.link.connect("clicked") { [weak self, weak row] in
            guard let self, let id = row?.id else { return }
            self.onOpenLink(id)
        }
        row.details.connect("clicked") { [weak self, weak row] in
            guard let self, let id = row?.id else { return }
            self.onShowDetails(id)
        }
        row.disclosure.connect("clicked") { [weak self, weak row] in
            guard let self, let row, let id = row.id, let hidden = row.showing?.subtasksHidden else { return }
            self.onFoldSubtasks(id, !hidden)
        }
    }

    /// A row's widgets, showing nothing yet (the benchmark's floor makes the same rows).
    static func makeRow() -> Row {
        let check = gtk_check_button_new()!
        tote_shim_accessible_set_label(check, tr("Done"))
        // Rows take the focus, so arrows move between reminders; Ctrl+Return completes.
        gtk_widget_set_focusable(check, false.g)
        let title = gtk_label_new("")!
        gtk_label_set_xalign(title.opaque, 0)
        gtk_label_set_ellipsize(title.opaque, PANGO_ELLIPSIZE_END)
        let titleStack = gtk_stack_new()!
        addPage(title, to: titleStack, named: "label")
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
        setTooltip(details, tr("Details"))
        // In a smart list: the list the reminder is in, and above the first of a day in
        // Scheduled, that day.
        let listName = gtk_label_new("")!
        gtk_widget_add_css_class(listName, "dim-label")
        gtk_widget_add_css_class(listName, "caption")
        gtk_label_set_ellipsize(listName.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(listName.opaque, 16)
        gtk_widget_set_visible(listName, false.g)
        let heading = gtk_label_new("")!
        gtk_widget_add_css_class(heading, "heading")
        gtk_label_set_xalign(heading.opaque, 0)
        gtk_widget_set_margin_top(heading, 12)
        gtk_widget_set_margin_bottom(heading, 6)
        gtk_widget_set_visible(heading, false.g)
        let subtaskCount = gtk_label_new("")!
        gtk_widget_add_css_class(subtaskCount, "dim-label")
        gtk_widget_add_css_class(subtaskCount, "caption")
        gtk_widget_set_visible(subtaskCount, false.g)
        // The repeat icon and the rule in words, as the due date is shown.
        let repeats = gtk_label_new("")!
        gtk_widget_add_css_class(repeats, "dim-label")
        gtk_widget_add_css_class(repeats, "caption")
        gtk_label_set_ellipsize(repeats.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_max_width_chars(repeats.opaque, 24)
        let repeatIcon = gtk_image_new_from_icon_name("media-playlist-repeat-symbolic")!
        gtk_widget_add_css_class(repeatIcon, "dim-label")
        tote_shim_accessible_set_label(repeatIcon, tr("Repeats"))
        let repeatBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        repeatBox.append(repeatIcon)
        repeatBox.append(repeats)
        gtk_widget_set_visible(repeatBox, false.g)
        // After the count of subtasks it folds; its icon and name say what a click does.
        let disclosure = Self.rowButton(icon: "pan-down-symbolic", label: tr("Hide Subtasks"))
        gtk_widget_set_visible(disclosure, false.g)
        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        for child in [check, titleStack, subtaskCount, disclosure, listName, repeatBox, due, priority, link, details] {
            line.append(child)
        }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_margin_start(box, 6)
        gtk_widget_set_margin_end(box, 6)
        box.append(heading)
        box.append(line)
        return Row(box: box, check: check, titleStack: titleStack, title: title, due: due, priority: priority,
                   link: link, details: details, listName: listName, heading: heading, line: line,
                   subtaskCount: subtaskCount, repeats: repeatBox, disclosure: disclosure)
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

    func bind(_ item: UnsafeMutableRawPointer?) {
        guard let item, let row = rows[Int(bitPattern: item)],
              let object = gtk_list_item_get_item(OpaquePointer(item)),
              let handle = handleIndex[UnsafeMutableRawPointer(object)]
        else { return }
        row.handle = handle
        row.boundAt = binds
        rebind(row)
    }

    func unbind(_ item: UnsafeMutableRawPointer?) {
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
    func rebind(_ row: Row, again: Bool = false) {
        guard let handle = row.handle, shown.indices.contains(handlePosition[handle]) else {
            row.id = nil
            return
        }
        let reminder = shown[handlePosition[handle]]
        row.id = reminder.id
        let due = reminder.due.map(describeDue)
        let hasLink = reminder.link != nil
        let hasNotes = !hasLink && !reminder.notes.isEmpty
        let listName = smartList == nil ? nil : listNames[reminder.listID]
        let heading = dayHeading(at: handlePosition[handle])
        let level = tree.level(of: reminder.id)
        let parentTitle = reminder.parentID.flatMap { parentTitles[$0] }
        let openSubtasks = tree.openSubtasks(of: reminder.id)
        let repeats = reminder.repeatRule.map { RepeatWords.describe($0) }
        // Smart lists show no groups to fold.
        let subtasksHidden = smartList != nil || tree.subtasks(of: reminder.id).isEmpty ? nil : reminder.subtasksHidden
        let showing = Showing(title: reminder.title, isDone: reminder.isDone, due: due, priority: reminder.priority,
                              hasLink: hasLink, hasNotes: hasNotes, listName: listName, heading: heading, level: level,
                              parentTitle: parentTitle, openSubtasks: openSubtasks, repeats: repeats,
                              subtasksHidden: subtasksHidden)
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
        // A subtask in a smart list names its parent beside its list.
        let place = [listName, parentTitle].compactMap { $0 }.joined(separator: " › ")
        gtk_label_set_text(row.listName.opaque, place)
        gtk_widget_set_visible(row.listName, (!place.isEmpty).g)
        // GNOME To Do 3.28's step, and the width of the check box beside it.
        gtk_widget_set_margin_start(row.line, Int32(level * Self.subtaskIndent))
        let count = openSubtasks > 0
            ? format(trn("{count} open subtask", "{count} open subtasks", openSubtasks), ["count": openSubtasks.formatted()])
            : ""
        gtk_label_set_text(row.subtaskCount.opaque, count)
        gtk_widget_set_visible(row.subtaskCount, (openSubtasks > 0).g)
        gtk_widget_set_visible(row.disclosure, (subtasksHidden != nil).g)
        if let subtasksHidden {
            gtk_button_set_icon_name(row.disclosure.cast(), subtasksHidden ? "pan-end-symbolic" : "pan-down-symbolic")
            let action = subtasksHidden ? tr("Show Subtasks") : tr("Hide Subtasks")
            tote_shim_accessible_set_label(row.disclosure, action)
            setTooltip(row.disclosure, action)
        }
        if let words = gtk_widget_get_last_child(row.repeats) { gtk_label_set_text(words.opaque, repeats ?? "") }
        gtk_widget_set_visible(row.repeats, (repeats != nil).g)
        gtk_label_set_text(row.heading.opaque, heading ?? "")
        gtk_widget_set_visible(row.heading, (heading != nil).g)
        if hasNotes { gtk_widget_add_css_class(row.details, "accent") } else {
            gtk_widget_remove_css_class(row.details, "accent")
        }
        // The list item widget around the row is what screen readers announce. No tooltip
        // on the priority marks: gtk_widget_set_tooltip_text costs 0.4 ms, and a screenful
        // binds 200 rows.
        let state = reminder.isDone ? tr("done") : tr("not done")
        let subtask = level == 0 ? nil : format(tr("subtask of “{parent}”"), [
            "parent": (tree.parent(of: reminder.id).flatMap { indexByID[$0].map { shown[$0].title } } ?? parentTitle) ?? "",
        ])
        let parts = [reminder.title, state, name] + (due.map { [$0] } ?? []) + (listName.map { [$0] } ?? [])
            + (repeats.map { [$0] } ?? []) + (subtask.map { [$0] } ?? []) + (count.isEmpty ? [] : [count])
            + (subtasksHidden == true ? [tr("subtasks hidden")] : [])
            + (hasLink ? [tr("with a link")] : []) + (hasNotes ? [tr("with notes")] : [])
        let item = gtk_widget_get_parent(row.box) ?? row.box
        tote_shim_accessible_set_label(item, parts.filter { !$0.isEmpty }.joined(separator: ", "))
        tote_shim_accessible_set_level(item, Int32(level + 1))
    }

    /// How far a subtask's row is indented, in pixels: as far as a drag moves to go one level in.
    static let subtaskIndent = Int(DropPlanner.levelIndent)

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

    /// The day above the reminder at `position` in Scheduled, when it is the first of its day.
    private func dayHeading(at position: Int) -> String? {
        let calendar = headingCalendar
        guard smartList == .scheduled, let day = SmartList.dayStarting(at: position, in: shown, calendar: calendar)
        else { return nil }
        if calendar.isDateInToday(day) { return tr("Today") }
        if calendar.isDateInTomorrow(day) { return tr("Tomorrow") }
        if calendar.isDateInYesterday(day) { return tr("Yesterday") }
        return Self.headingFormatter.string(from: day)
    }

    /// "Friday, 4 December 2026", as the locale writes a day in full.
    private static let headingFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .full
        formatter.timeStyle = .none
        return formatter
    }()

    /// Binds every row on screen again where what it shows changed: in a smart list a row's
    /// heading depends on the row before it, which a splice of other rows may change.
    func rebindBoundRows() {
        for row in rows.values where row.handle != nil { rebind(row) }
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
