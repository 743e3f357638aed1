// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// The Custom Repeat dialog: "Every [2] [weeks]", the days of a weekly rule, and when the
/// repeat ends (never, after a number of times, on a day). Confirming passes on the rule the
/// fields make.
///
/// A rule ending on a day ends where RFC 5545 wants its `UNTIL`: for a reminder due at a time
/// of day, at the end of that local day (`.until`, written as a UTC date-time), so that the
/// day's occurrence still comes (`UNTIL` is inclusive); for one due without a time (at local
/// midnight) or not due at all, on that day (`.untilDay`, written as a date, as the start of
/// an all-day rule is).
@MainActor
enum RepeatDialog {
    /// Shows `rule` when Tote can edit it, else every week; `due` gives a weekly rule its
    /// default day and decides how an end day is written.
    static func present(
        on window: WidgetPointer, rule: RepeatRule?, due: Date?, onConfirm: @escaping @MainActor (RepeatRule) -> Void
    ) {
        let form = RepeatForm(rule: rule?.isEditable == true ? rule : nil, due: due)
        ConfirmDialog.present(on: window, heading: tr("Custom Repeat"), extra: form.box, confirm: tr("_Repeat")) {
            onConfirm(form.rule())
        }
        gtk_widget_grab_focus(form.intervalSpin)
    }
}

/// The dialog's fields. Kept alive by the dialog's response handler, which reads them; the
/// widgets are the dialog's.
@MainActor
private final class RepeatForm {
    let box: WidgetPointer
    let intervalSpin: WidgetPointer
    private let unitDropDown: WidgetPointer
    /// The unit names, the drop-down's model (which owns it).
    private let unitList: OpaquePointer
    private let daysBox: WidgetPointer
    private var dayButtons: [(day: RepeatRule.Weekday, button: WidgetPointer)] = []
    private let endDropDown: WidgetPointer
    private let countBox: WidgetPointer
    private let countSpin: WidgetPointer
    private let countBefore: WidgetPointer
    private let countAfter: WidgetPointer
    private let calendar: WidgetPointer
    private let due: Date?
    /// The day a weekly rule without days of its own repeats on (its reminder's): chosen
    /// alone, it gives a rule without days again, as the Weekly preset is.
    private let implicitDay: RepeatRule.Weekday?
    /// The unit names shown, as plural as the interval.
    private var unitNames: [String] = []

    private static let frequencies: [RepeatRule.Frequency] = [.daily, .weekly, .monthly, .yearly]
    private enum Ending: Int { case never, after, onDay }
    private static let range = 1.0...999.0

    init(rule: RepeatRule?, due: Date?) {
        self.due = due
        let local = ReminderChoices.localGregorian
        let rule = rule ?? RepeatRule(.weekly)
        let reminderDay = RepeatRule.Weekday(calendarWeekday: local.component(.weekday, from: due ?? Date()))
        let ownDays = rule.frequency == .weekly ? rule.weekdays : []
        implicitDay = ownDays.isEmpty ? reminderDay : nil

        // Every [2] [weeks]
        intervalSpin = Self.spin(value: rule.interval, label: tr("Repeat every"))
        unitList = gtk_string_list_new(nil)!
        unitDropDown = gtk_drop_down_new(unitList, nil)!
        tote_shim_accessible_set_label(unitDropDown, tr("Unit of time"))
        let everyRow = Self.row(
            // Translators: {number} is a number field and {unit} a list of days, weeks, months and years
            // (their plural agreeing with the number); keep both.
            tr("Every {number} {unit}"), ["number": intervalSpin, "unit": unitDropDown])

        // The days of a weekly rule, in the order of the locale's week.
        daysBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(daysBox, "linked")
        gtk_box_set_homogeneous(daysBox.cast(), true.g)
        gtk_widget_set_halign(daysBox, GTK_ALIGN_CENTER)
        tote_shim_accessible_set_label(daysBox, tr("Days of the week"))
        let names = local.standaloneWeekdaySymbols, shortNames = local.shortStandaloneWeekdaySymbols
        let chosenDays = ownDays.isEmpty ? Set([reminderDay].compactMap { $0 }) : ownDays
        for day in RepeatWords.weekOrder(local) where names.count == 7 && shortNames.count == 7 {
            let button = gtk_toggle_button_new_with_label(shortNames[day.calendarWeekday - 1])!
            tote_shim_accessible_set_label(button, names[day.calendarWeekday - 1])
            gtk_toggle_button_set_active(button.cast(), chosenDays.contains(day).g)
            daysBox.append(button)
            dayButtons.append((day, button))
        }

        // Ends [After] [3] times, or [On date] and a calendar.
        let endsLabel = gtk_label_new_with_mnemonic(tr("_Ends"))!
        // When a repeat ends: never, after a number of times, or on a day.
        let endings = [trc("repeat end", "Never"), trc("repeat end", "After"), trc("repeat end", "On date")]
        endDropDown = withCStringArray(endings) { gtk_drop_down_new_from_strings($0) }!
        gtk_label_set_mnemonic_widget(endsLabel.opaque, endDropDown)
        tote_shim_accessible_set_label(endDropDown, tr("Ends"))
        var count = 1
        if case .after(let times) = rule.end { count = times }
        countSpin = Self.spin(value: count, label: tr("Number of times"))
        countBefore = gtk_label_new(nil)!
        countAfter = gtk_label_new(nil)!
        countBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        for part in [countBefore, countSpin, countAfter] { countBox.append(part) }
        let endsRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_halign(endsRow, GTK_ALIGN_CENTER)
        for part in [endsLabel, endDropDown, countBox] { endsRow.append(part) }

        calendar = gtk_calendar_new()!
        gtk_widget_set_halign(calendar, GTK_ALIGN_CENTER)
        tote_shim_accessible_set_label(calendar, tr("End date"))
        let ending: Ending
        let endDay: DateComponents
        switch rule.end {
        case .never:
            ending = .never
            endDay = Self.monthLater(than: due ?? Date(), calendar: local)
        case .after:
            ending = .after
            endDay = Self.monthLater(than: due ?? Date(), calendar: local)
        case .until(let moment):
            ending = .onDay
            endDay = local.dateComponents([.year, .month, .day], from: moment)
        case .untilDay(let year, let month, let day):
            ending = .onDay
            endDay = DateComponents(year: year, month: month, day: day)
        }
        if let year = endDay.year.flatMap(Int32.init(exactly:)), let month = endDay.month.flatMap(Int32.init(exactly:)),
           let day = endDay.day.flatMap(Int32.init(exactly:)), let date = g_date_time_new_local(year, month, day, 0, 0, 0) {
            gtk_calendar_select_day(calendar.opaque, date)
            g_date_time_unref(date)
        }

        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for part in [everyRow, daysBox, endsRow, calendar] { box.append(part) }

        showUnits()
        gtk_drop_down_set_selected(unitDropDown.opaque, guint(Self.frequencies.firstIndex(of: rule.frequency) ?? 1))
        gtk_drop_down_set_selected(endDropDown.opaque, guint(ending.rawValue))
        showCount()
        showFields()

        intervalSpin.connect("value-changed") { [weak self] in self?.showUnits() }
        countSpin.connect("value-changed") { [weak self] in self?.showCount() }
        unitDropDown.connect("notify::selected") { [weak self] _ in self?.showFields() }
        endDropDown.connect("notify::selected") { [weak self] _ in self?.showFields() }
        for (_, button) in dayButtons {
            button.connect("toggled") { [weak self] in self?.keepOneDay(button) }
        }
    }

    /// The rule the fields make.
    func rule() -> RepeatRule {
        gtk_spin_button_update(intervalSpin.opaque)
        gtk_spin_button_update(countSpin.opaque)
        let unit = Int(gtk_drop_down_get_selected(unitDropDown.opaque))
        let frequency = Self.frequencies.indices.contains(unit) ? Self.frequencies[unit] : .weekly
        var days: Set<RepeatRule.Weekday> = []
        if frequency == .weekly {
            days = Set(dayButtons.filter { gtk_toggle_button_get_active($0.button.cast()).isTrue }.map(\.day))
            if let implicitDay, days == [implicitDay] { days = [] }
        }
        let end: RepeatRule.End
        switch Ending(rawValue: Int(gtk_drop_down_get_selected(endDropDown.opaque))) {
        case .after: end = .after(count: Int(gtk_spin_button_get_value_as_int(countSpin.opaque)))
        case .onDay: end = chosenEnd() ?? .never
        case .never, nil: end = .never
        }
        return RepeatRule(frequency: frequency, interval: Int(gtk_spin_button_get_value_as_int(intervalSpin.opaque)),
                          weekdays: days, end: end)
    }

    /// The end on the calendar's day: see `RepeatDialog`.
    private func chosenEnd() -> RepeatRule.End? {
        guard let chosen = gtk_calendar_get_date(calendar.opaque) else { return nil }
        defer { g_date_time_unref(chosen) }
        let year = Int(g_date_time_get_year(chosen)), month = Int(g_date_time_get_month(chosen))
        let day = Int(g_date_time_get_day_of_month(chosen))
        guard ReminderDetails.time(of: due) != nil else { return .untilDay(year: year, month: month, day: day) }
        let local = ReminderChoices.localGregorian
        guard let start = ReminderChoices.startOfDay(year: year, month: month, day: day, calendar: local),
              let next = local.date(byAdding: .day, value: 1, to: start)
        else { return nil }
        return .until(next.addingTimeInterval(-1))
    }

    // MARK: Showing

    /// The unit names as plural as the interval ("1 week", "2 weeks"), the choice kept.
    private func showUnits() {
        let interval = Int(gtk_spin_button_get_value_as_int(intervalSpin.opaque))
        // Translators: the {unit} of “Every {number} {unit}”, agreeing with the number.
        let names = [trn("day", "days", interval), trn("week", "weeks", interval),
                     trn("month", "months", interval), trn("year", "years", interval)]
        guard names != unitNames else { return }
        let selected = gtk_drop_down_get_selected(unitDropDown.opaque)
        withCStringArray(names) { gtk_string_list_splice(unitList, 0, guint(unitNames.count), $0) }
        unitNames = names
        if Int(selected) < names.count { gtk_drop_down_set_selected(unitDropDown.opaque, selected) }
    }

    /// The words around the count ("[3] times"), as plural as it.
    private func showCount() {
        let count = Int(gtk_spin_button_get_value_as_int(countSpin.opaque))
        // Translators: after how many times a repeat ends; {number} is a number field: keep it.
        let text = trn("{number} time", "{number} times", count)
        let parts = text.components(separatedBy: "{number}")
        let before = parts.count > 1 ? parts[0] : ""
        let after = parts.count > 1 ? parts.dropFirst().joined() : text
        Self.setText(countBefore, before)
        Self.setText(countAfter, after)
    }

    /// The days for a weekly rule, the count after "After", the calendar for "On date".
    private func showFields() {
        let unit = Int(gtk_drop_down_get_selected(unitDropDown.opaque))
        let ending = Ending(rawValue: Int(gtk_drop_down_get_selected(endDropDown.opaque)))
        gtk_widget_set_visible(daysBox, (Self.frequencies.indices.contains(unit) && Self.frequencies[unit] == .weekly).g)
        gtk_widget_set_visible(countBox, (ending == .after).g)
        gtk_widget_set_visible(calendar, (ending == .onDay).g)
    }

    /// A weekly rule keeps at least one day: the last one turned off turns on again.
    private func keepOneDay(_ button: WidgetPointer) {
        guard !dayButtons.contains(where: { gtk_toggle_button_get_active($0.button.cast()).isTrue }) else { return }
        gtk_toggle_button_set_active(button.cast(), true.g)
    }

    // MARK: Widgets

    private static func spin(value: Int, label: String) -> WidgetPointer {
        let spin = gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, 1)!
        gtk_spin_button_set_numeric(spin.opaque, true.g)
        gtk_spin_button_set_value(spin.opaque, min(max(Double(value), range.lowerBound), range.upperBound))
        gtk_widget_set_valign(spin, GTK_ALIGN_CENTER)
        // Enter confirms, as in the other dialogs' entries; the spin button takes the typed
        // number first (its handler on its text runs before the text's own).
        if let text = gtk_editable_get_delegate(spin.opaque) { gtk_text_set_activates_default(text.cast(), true.g) }
        tote_shim_accessible_set_label(spin, label)
        return spin
    }

    /// A centred row of `template`'s words and, at its `{name}` placeholders, `widgets`, in
    /// the translation's order. A widget whose placeholder is missing goes at the end.
    private static func row(_ template: String, _ widgets: [String: WidgetPointer]) -> WidgetPointer {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_set_halign(row, GTK_ALIGN_CENTER)
        var rest = Substring(template)
        var placed: Set<String> = []
        while !rest.isEmpty {
            let next = widgets.keys.compactMap { name in rest.range(of: "{\(name)}").map { (name, $0) } }
                .min { $0.1.lowerBound < $1.1.lowerBound }
            let words = next.map { rest[..<$0.1.lowerBound] } ?? rest
            let trimmed = words.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { row.append(gtk_label_new(trimmed)) }
            guard let (name, range) = next, let widget = widgets[name] else { break }
            if placed.insert(name).inserted { row.append(widget) }
            rest = rest[range.upperBound...]
        }
        for (name, widget) in widgets.sorted(by: { $0.key < $1.key }) where !placed.contains(name) { row.append(widget) }
        return row
    }

    private static func setText(_ label: WidgetPointer, _ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        gtk_label_set_text(label.opaque, trimmed)
        gtk_widget_set_visible(label, (!trimmed.isEmpty).g)
    }

    private static func monthLater(than date: Date, calendar: Calendar) -> DateComponents {
        let later = calendar.date(byAdding: .month, value: 1, to: date) ?? date
        return calendar.dateComponents([.year, .month, .day], from: later)
    }
}
