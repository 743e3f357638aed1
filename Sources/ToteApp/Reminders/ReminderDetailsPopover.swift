// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// A reminder's details: a popover pointing at its row, holding boxed lists of its title,
/// notes, due date, time and priority. It shows what it is given and reports each edit as a
/// `ReminderDetails.Edit`; the pane makes the command (one undo step) and applies it.
///
/// Title and notes are reported when their field loses the focus or the popover closes
/// (never per keystroke); a day when the calendar's popover closes (arrows over the calendar
/// pick a new day at every press); time and priority when chosen.
///
/// Made at each opening and thrown away once closed, as `ContextMenu` does: a hidden popover
/// kept could take later clicks on X11. Its parent is the list view, not a row: GtkListView
/// gives a row's widget to another reminder when the row changes (a new title or priority is
/// a splice), which would take the popover with it.
@MainActor
final class ReminderDetailsPopover {
    private let parent: WidgetPointer
    /// The width of what the popover holds (a boxed list as wide as a narrow dialog's).
    static let width: Int32 = 340
    /// The reminder's edits, as made.
    var onEdit: (UUID, ReminderDetails.Edit) -> Void = { _, _ in }
    /// The popover closed with the keyboard in it (Escape, not a click elsewhere), its last
    /// edits reported: the keyboard goes back to the list.
    var onClosed: () -> Void = {}

    private(set) var popover: WidgetPointer?
    /// The reminder shown, as last given.
    private(set) var reminder: Reminder?
    private(set) var titleRow: WidgetPointer?
    private(set) var notesView: WidgetPointer?
    private(set) var dueButton: WidgetPointer?
    private var dayLabel: WidgetPointer?
    private(set) var calendar: WidgetPointer?
    private(set) var timeRow: WidgetPointer?
    private(set) var priorityRow: WidgetPointer?
    private(set) var repeatRow: WidgetPointer?
    /// Custom… was chosen under Repeat: the pane asks for a rule of one's own.
    var onCustomRepeat: (UUID) -> Void = { _ in }
    /// The Repeat row's choices by their menu names (`ReminderChoices.repeatName`).
    private static let repeatNames = ["none"] + RepeatRule.Preset.allCases.map { ReminderChoices.repeatName(RepeatRule($0)) }
        + ["custom"]
    private var timeChoices: [ReminderDetails.TimeOfDay] = []
    /// Says that notes too long to edit here show their beginning, and copies them whole.
    private var longNotesRow: WidgetPointer?
    /// The notes show only their beginning (`ReminderDetails.notesShown`): nothing typed there
    /// is reported, so nothing of the rest is lost.
    private var showsNotesBeginning = false
    /// What was typed for a reminder that left the list while its details showed (moved or
    /// deleted in another window), with the reminder as last shown.
    var onGone: (_ shown: Reminder, _ unapplied: ReminderDetails.Unapplied) -> Void = { _, _ in }

    /// A day picked on the calendar, reported when its popover closes.
    private var pickedDay: Date?
    /// Set while fields are filled from the reminder: their signals are not edits.
    private var filling = false

    init(on parent: WidgetPointer) {
        self.parent = parent
        parent.connect("unrealize") { [weak self] in self?.takeDown() }
    }

    isolated deinit {
        takeDown()
    }

    var isOpen: Bool {
        popover.map { gtk_widget_get_visible($0).isTrue } ?? false
    }

    /// Opens the details of `reminder`, pointing at `rect` of the parent, with the keyboard in
    /// the notes.
    func open(_ reminder: Reminder, pointingTo rect: GdkRectangle) {
        guard gtk_widget_get_realized(parent).isTrue else { return }
        if isOpen { close() }
        takeDown()
        let popover = make()
        self.reminder = reminder
        fill(from: reminder)
        var rect = rect
        gtk_popover_set_pointing_to(popover.cast(), &rect)
        gtk_popover_popup(popover.cast())
        if let notesView {
            gtk_widget_grab_focus(notesView)
            // The popover gave the title the keyboard first, which selected it all.
            if let titleRow { gtk_editable_select_region(titleRow.opaque, 0, 0) }
            let buffer = gtk_text_view_get_buffer(notesView.cast())
            var end = GtkTextIter()
            gtk_text_buffer_get_end_iter(buffer, &end)
            gtk_text_buffer_place_cursor(buffer, &end)
        }
    }

    func close() {
        if let popover, isOpen { gtk_popover_popdown(popover.cast()) }
    }

    /// The reminder as it is now (after an edit, an undo, a change in another window): the
    /// fields not being edited show it. Closes when it is gone (nil).
    func follow(_ current: Reminder?) {
        guard isOpen, let shown = reminder else { return }
        guard let current else {
            // Gone from this list: what was typed and not yet applied goes with `onGone`.
            let titleText = titleRow.map { String(cString: gtk_editable_get_text($0.opaque)) } ?? shown.title
            let unapplied = ReminderDetails.Unapplied(
                shown: shown, typedTitle: titleText, typedNotes: showsNotesBeginning ? shown.notes : notesText)
            reminder = nil  // nothing more to report
            close()
            if !unapplied.isEmpty { onGone(shown, unapplied) }
            return
        }
        reminder = current
        fill(from: current)
    }

    // MARK: Fields

    private func make() -> WidgetPointer {
        let popover = gtk_popover_new()!
        gtk_widget_set_parent(popover, parent)
        gtk_widget_add_css_class(popover, "reminder-details")
        tote_shim_accessible_set_label(popover, tr("Reminder Details"))

        let titleRow = adw_entry_row_new()!
        adw_preferences_row_set_title(titleRow.cast(), tr("Title"))
        tote_shim_accessible_set_label(titleRow, tr("Title"))
        let main = adw_preferences_group_new()!
        adw_preferences_group_add(main.cast(), titleRow)

        let notesView = gtk_text_view_new()!
        gtk_text_view_set_wrap_mode(notesView.cast(), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(notesView.cast(), false.g)  // Tab leaves, as in a form
        for side in [gtk_text_view_set_left_margin, gtk_text_view_set_right_margin,
                     gtk_text_view_set_top_margin, gtk_text_view_set_bottom_margin] { side(notesView.cast(), 12) }
        gtk_widget_add_css_class(notesView, "reminder-notes")
        tote_shim_accessible_set_label(notesView, trc("reminder", "Notes"))
        let scroller = gtk_scrolled_window_new()!
        // GtkTextView has no placeholder: a dim "Notes" over it while it is empty.
        let placeholder = gtk_label_new(trc("reminder", "Notes"))!
        gtk_widget_add_css_class(placeholder, "dim-label")
        gtk_widget_set_can_target(placeholder, false.g)
        gtk_widget_set_halign(placeholder, GTK_ALIGN_START)
        gtk_widget_set_valign(placeholder, GTK_ALIGN_START)
        gtk_widget_set_margin_start(placeholder, 12)
        gtk_widget_set_margin_top(placeholder, 12)
        let buffer = gtk_text_view_get_buffer(notesView.cast())
        buffer?.connect("changed") {
            gtk_widget_set_visible(placeholder, (gtk_text_buffer_get_char_count(buffer) == 0).g)
        }
        gtk_scrolled_window_set_child(scroller.opaque, notesView)
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        // Five lines, whatever the notes hold; longer notes scroll. GTK 4.8 sizes a popover when
        // it shows it and not as its content grows (typing ten lines left the popover as it was),
        // and a fixed height keeps it inside a 700 px window wherever its row is.
        gtk_scrolled_window_set_min_content_height(scroller.opaque, 120)
        // A row of the boxed list, so the notes sit in the same card as the title (a group
        // puts only preferences rows in its list).
        let notesRow = adw_preferences_row_new()!
        gtk_list_box_row_set_activatable(notesRow.cast(), false.g)
        gtk_widget_set_focusable(notesRow, false.g)
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(overlay.opaque, scroller)
        gtk_overlay_add_overlay(overlay.opaque, placeholder)
        gtk_list_box_row_set_child(notesRow.cast(), overlay)
        adw_preferences_group_add(main.cast(), notesRow)
        let longNotesRow = adw_action_row_new()!
        gtk_widget_add_css_class(longNotesRow, "property")
        let copyNotes = gtk_button_new_with_mnemonic(tr("Co_py All"))!
        gtk_widget_set_valign(copyNotes, GTK_ALIGN_CENTER)
        copyNotes.connect("clicked") { [weak self] in
            guard let self, let notes = self.reminder?.notes else { return }
            gdk_clipboard_set_text(gtk_widget_get_clipboard(copyNotes), notes)
        }
        adw_action_row_add_suffix(longNotesRow.cast(), copyNotes)
        gtk_widget_set_visible(longNotesRow, false.g)
        adw_preferences_group_add(main.cast(), longNotesRow)

        let (dueRow, dueButton, calendar) = makeDueRow()
        let timeRow = comboRow(title: tr("Time"), choices: [])
        let priorityRow = comboRow(title: tr("Priority"), choices: [tr("None"), tr("Low"), tr("Medium"), tr("High")])
        let when = adw_preferences_group_new()!
        let repeatRow = comboRow(title: tr("Repeat"), choices: [trc("repeat", "Never")]
            + RepeatRule.Preset.allCases.map { RepeatWords.describe(RepeatRule($0)) } + [trc("repeat", "Custom…")])
        for row in [dueRow, timeRow, priorityRow, repeatRow] { adw_preferences_group_add(when.cast(), row) }

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)!
        for side in [gtk_widget_set_margin_start, gtk_widget_set_margin_end, gtk_widget_set_margin_top,
                     gtk_widget_set_margin_bottom] { side(box, 6) }
        gtk_widget_set_size_request(box, Self.width, -1)
        box.append(main)
        box.append(when)
        gtk_popover_set_child(popover.cast(), box)

        titleRow.connect("entry-activated") { [weak self] in self?.reportTitle() }
        Self.onFocusLeaving(titleRow) { [weak self] in self?.reportTitle() }
        Self.onFocusLeaving(notesView) { [weak self] in self?.reportNotes() }
        timeRow.connect("notify::selected") { [weak self] _ in self?.reportTime() }
        priorityRow.connect("notify::selected") { [weak self] _ in self?.reportPriority() }
        repeatRow.connect("notify::selected") { [weak self] _ in self?.reportRepeat() }
        popover.connect("closed") { [weak self] in
            guard let self else { return }
            self.reportTitle()
            self.reportNotes()
            self.reportDay()
            self.discardWhenHidden(popover)
            let focus = gtk_widget_get_root(self.parent).flatMap { gtk_root_get_focus($0) }
            if focus == nil || focus == self.parent || gtk_widget_is_ancestor(focus, popover).isTrue { self.onClosed() }
        }

        self.popover = popover
        self.titleRow = titleRow
        self.notesView = notesView
        self.longNotesRow = longNotesRow
        self.dueButton = dueButton
        self.calendar = calendar
        self.timeRow = timeRow
        self.priorityRow = priorityRow
        self.repeatRow = repeatRow
        return popover
    }

    /// "Due Date" with a button showing the day, which opens quick choices (Today, Tomorrow,
    /// Next Week), a calendar and Clear.
    private func makeDueRow() -> (row: WidgetPointer, button: WidgetPointer, calendar: WidgetPointer) {
        let calendar = gtk_calendar_new()!
        tote_shim_accessible_set_label(calendar, tr("Due Date"))
        let clear = gtk_button_new_with_mnemonic(tr("_Clear"))!
        tote_shim_accessible_set_label(clear, tr("No Due Date"))
        let quick = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_set_homogeneous(quick.cast(), true.g)
        let names = [tr("_Today"), tr("T_omorrow"), tr("Next _Week")]
        let dayPopover = gtk_popover_new()!
        for (name, choice) in zip(names, ReminderChoices.quickDueChoices) {
            let button = gtk_button_new_with_mnemonic(name)!
            quick.append(button)
            button.connect("clicked") { [weak self] in
                guard let self, let day = ReminderChoices.dueDate(named: choice, now: Date()) else { return }
                self.pickedDay = nil
                gtk_popover_popdown(dayPopover.cast())
                // The time of day stays: a reminder at 09:00 moved to tomorrow is at 09:00.
                self.report(.due(day: day, time: ReminderDetails.time(of: self.reminder?.due)))
                self.focusDueButton()
            }
        }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        box.append(quick)
        box.append(calendar)
        box.append(clear)
        gtk_popover_set_child(dayPopover.cast(), box)
        // Its right edge under the button's, which ends the row: centred, it crossed the
        // window's right edge by a quarter of its width.
        gtk_widget_set_halign(dayPopover, GTK_ALIGN_END)
        // The day and an arrow, as the combo rows below show their values.
        let dayLabel = gtk_label_new("")!
        // Libadwaita makes a button's labels bold; the attribute is over the style.
        let normal = pango_attr_list_new()
        pango_attr_list_insert(normal, pango_attr_weight_new(PANGO_WEIGHT_NORMAL))
        gtk_label_set_attributes(dayLabel.opaque, normal)
        pango_attr_list_unref(normal)
        let content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        content.append(dayLabel)
        content.append(gtk_image_new_from_icon_name("pan-down-symbolic"))
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_child(button.opaque, content)
        gtk_menu_button_set_popover(button.opaque, dayPopover)
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(button, "flat")
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(row.cast(), tr("Due Date"))
        adw_action_row_add_suffix(row.cast(), button)
        adw_action_row_set_activatable_widget(row.cast(), button)

        calendar.connect("day-selected") { [weak self] in
            guard let self, !self.filling, let chosen = gtk_calendar_get_date(calendar.opaque) else { return }
            defer { g_date_time_unref(chosen) }
            self.pickedDay = ReminderChoices.startOfDay(
                year: Int(g_date_time_get_year(chosen)), month: Int(g_date_time_get_month(chosen)),
                day: Int(g_date_time_get_day_of_month(chosen)))
            self.showDay(self.pickedDay)
        }
        dayPopover.connect("show") { [weak self] in self?.pickedDay = nil }
        dayPopover.connect("closed") { [weak self] in self?.reportDay() }
        clear.connect("clicked") { [weak self] in
            guard let self else { return }
            self.pickedDay = nil
            gtk_popover_popdown(dayPopover.cast())
            self.report(.due(day: nil, time: nil))
            self.focusDueButton()
        }
        self.dayLabel = dayLabel
        return (row, button, calendar)
    }

    /// The keyboard back on Due Date after a choice, where the day's popover was opened from.
    private func focusDueButton() {
        if let dueButton { gtk_widget_grab_focus(dueButton) }
    }

    private func comboRow(title: String, choices: [String]) -> WidgetPointer {
        let row = adw_combo_row_new()!
        adw_preferences_row_set_title(row.cast(), title)
        tote_shim_accessible_set_label(row, title)
        let model = withCStringArray(choices) { gtk_string_list_new($0) }
        adw_combo_row_set_model(row.cast(), model)
        g_object_unref(model?.raw)
        return row
    }

    /// Shows the reminder in every field but the one being typed in.
    private func fill(from reminder: Reminder) {
        guard let titleRow, let notesView, let timeRow, let priorityRow, let calendar else { return }
        filling = true
        defer { filling = false }
        if !Self.hasFocus(titleRow) { gtk_editable_set_text(titleRow.opaque, reminder.title) }
        showNotes(reminder.notes, in: notesView)
        let day = ReminderDetails.day(of: reminder.due)
        showDay(day)
        if let day, let date = Self.gDateTime(day) {
            gtk_calendar_select_day(calendar.opaque, date)
            g_date_time_unref(date)
        }
        let time = ReminderDetails.time(of: reminder.due)
        let choices = ReminderDetails.timeChoices(including: time)
        if choices != timeChoices || adw_combo_row_get_model(timeRow.cast()).map(g_list_model_get_n_items) == 0 {
            timeChoices = choices
            let names = [tr("None")] + choices.map(Self.describe)
            let model = withCStringArray(names) { gtk_string_list_new($0) }
            adw_combo_row_set_model(timeRow.cast(), model)
            g_object_unref(model?.raw)
        }
        adw_combo_row_set_selected(timeRow.cast(), guint(time.flatMap { timeChoices.firstIndex(of: $0) }.map { $0 + 1 } ?? 0))
        gtk_widget_set_sensitive(timeRow, (day != nil).g)
        let priorities = Self.priorities
        adw_combo_row_set_selected(priorityRow.cast(), guint(priorities.firstIndex(of: reminder.priority) ?? 0))
        showRepeat(reminder.repeatRule)
    }

    private static let priorities: [Reminder.Priority] = [.none, .low, .medium, .high]

    /// The notes, whole and editable, or their beginning, read-only and wrapped by character
    /// (Pango wraps a long run by words in quadratic time).
    private func showNotes(_ notes: String, in notesView: WidgetPointer) {
        let shown = ReminderDetails.notesShown(notes)
        var text = notes
        if case .beginning(let beginning, let total) = shown {
            text = beginning
            if let longNotesRow {
                adw_preferences_row_set_title(longNotesRow.cast(), format(
                    tr("Only the first {shown} of {total} characters show here: notes this long cannot be edited"),
                    ["shown": beginning.count.formatted(), "total": total.formatted()]))
            }
        }
        let beginningOnly = shown != .whole
        if beginningOnly != showsNotesBeginning {
            showsNotesBeginning = beginningOnly
            gtk_text_view_set_editable(notesView.cast(), (!beginningOnly).g)
            gtk_text_view_set_wrap_mode(notesView.cast(), beginningOnly ? GTK_WRAP_CHAR : GTK_WRAP_WORD_CHAR)
            if let longNotesRow { gtk_widget_set_visible(longNotesRow, beginningOnly.g) }
        }
        if beginningOnly || !Self.hasFocus(notesView), notesText != text {
            gtk_text_buffer_set_text(gtk_text_view_get_buffer(notesView.cast()), text, -1)
        }
    }

    private func showDay(_ day: Date?) {
        guard let dueButton else { return }
        let text = day.map { ReminderListView.dayFormatter.string(from: $0) } ?? tr("None")
        if let dayLabel { gtk_label_set_text(dayLabel.opaque, text) }
        tote_shim_accessible_set_label(dueButton, format(tr("Due date: {day}"), ["day": text]))
    }

    private var notesText: String {
        guard let notesView else { return "" }
        let buffer = gtk_text_view_get_buffer(notesView.cast())
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let text = gtk_text_buffer_get_text(buffer, &start, &end, false.g) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    // MARK: Reporting

    private func report(_ edit: ReminderDetails.Edit) {
        guard !filling, let id = reminder?.id else { return }
        onEdit(id, edit)
    }

    private func reportTitle() {
        guard let titleRow else { return }
        let text = String(cString: gtk_editable_get_text(titleRow.opaque))
        report(.title(text))
        // An empty title keeps the old one: show it again.
        if ReminderEditing.cleanTitle(text).isEmpty, let reminder, !Self.hasFocus(titleRow) {
            filling = true
            gtk_editable_set_text(titleRow.opaque, reminder.title)
            filling = false
        }
    }

    private func reportNotes() {
        guard notesView != nil, !showsNotesBeginning else { return }
        report(.notes(notesText))
    }

    private func reportDay() {
        guard let day = pickedDay else { return }
        pickedDay = nil
        report(.due(day: day, time: ReminderDetails.time(of: reminder?.due)))
    }

    private func reportTime() {
        guard let timeRow, let day = ReminderDetails.day(of: reminder?.due) else { return }
        let index = Int(adw_combo_row_get_selected(timeRow.cast()))
        let time = index > 0 && index <= timeChoices.count ? timeChoices[index - 1] : nil
        report(.due(day: day, time: time))
    }

    /// The rule's choice; a rule of one's own in words under the row's title.
    private func showRepeat(_ rule: RepeatRule?) {
        guard let repeatRow else { return }
        let name = ReminderChoices.repeatName(rule)
        adw_combo_row_set_selected(repeatRow.cast(), guint(Self.repeatNames.firstIndex(of: name) ?? 0))
        let words = name == "custom" ? rule.map { RepeatWords.describe($0) } : nil
        adw_action_row_set_subtitle(repeatRow.cast(), words ?? "")
    }

    private func reportRepeat() {
        guard !filling, let repeatRow, let reminder else { return }
        let name = Self.repeatNames[min(Int(adw_combo_row_get_selected(repeatRow.cast())), Self.repeatNames.count - 1)]
        guard name == "custom" else {
            report(.repeatRule(ReminderChoices.repeatRule(named: name)))
            return
        }
        // The row shows the rule there is until one is chosen.
        filling = true
        showRepeat(reminder.repeatRule)
        filling = false
        onCustomRepeat(reminder.id)
    }

    private func reportPriority() {
        guard let priorityRow else { return }
        let index = Int(adw_combo_row_get_selected(priorityRow.cast()))
        report(.priority(Self.priorities.indices.contains(index) ? Self.priorities[index] : .none))
    }

    // MARK: Lifetime

    private func discardWhenHidden(_ closed: WidgetPointer) {
        Idle.repeatWhile(priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in
            if let self, self.popover == closed, !gtk_widget_get_visible(closed).isTrue { self.takeDown() }
            return false
        }
    }

    private func takeDown() {
        guard let popover else { return }
        self.popover = nil
        reminder = nil
        titleRow = nil
        notesView = nil
        longNotesRow = nil
        showsNotesBeginning = false
        dueButton = nil
        dayLabel = nil
        calendar = nil
        timeRow = nil
        priorityRow = nil
        repeatRow = nil
        timeChoices = []
        // As ContextMenu does: a change of sensitivity makes the window pick the widget under
        // the pointer again, so it never holds the popover once it is gone.
        gtk_widget_set_sensitive(popover, false.g)
        gtk_widget_unparent(popover)
    }

    // MARK: Helpers

    /// Calls `handler` when the keyboard goes from `widget` to another widget. Not when the
    /// window stops being active with the focus still there: on X11 the popover's own grab
    /// did that while typing, and a popover left for another window closes, which reports.
    private static func onFocusLeaving(_ widget: WidgetPointer, _ handler: @escaping @MainActor () -> Void) {
        let focus = gtk_event_controller_focus_new()!
        focus.connect("leave") {
            if !hasFocus(widget) { handler() }
        }
        gtk_widget_add_controller(widget, focus.opaque)
    }

    private static func hasFocus(_ widget: WidgetPointer) -> Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == widget || gtk_widget_is_ancestor(focus, widget).isTrue
    }

    private static func gDateTime(_ day: Date) -> OpaquePointer? {
        let parts = ReminderChoices.localGregorian.dateComponents([.year, .month, .day], from: day)
        guard let year = parts.year, let month = parts.month, let dayOfMonth = parts.day else { return nil }
        return g_date_time_new_local(Int32(year), Int32(month), Int32(dayOfMonth), 0, 0, 0)
    }

    private static func describe(_ time: ReminderDetails.TimeOfDay) -> String {
        let reference = ReminderDetails.due(day: Date(timeIntervalSince1970: 1_767_225_600), time: time)
        return ReminderListView.timeFormatter.string(from: reference)
    }
}
