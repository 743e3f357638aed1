// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// A dialog with a calendar, for choosing a day: Cancel, and a suggested response that
/// passes on the chosen day (its start, in the local time zone).
@MainActor
enum DateDialog {
    static func present(
        on window: WidgetPointer, heading: String, showing shown: Date?, confirm: String,
        onConfirm: @escaping @MainActor (Date) -> Void
    ) {
        let calendar = gtk_calendar_new()!
        if let shown {
            let day = ReminderChoices.localGregorian.dateComponents([.year, .month, .day], from: shown)
            if let year = day.year.flatMap(Int32.init(exactly:)), let month = day.month.flatMap(Int32.init(exactly:)),
               let dayOfMonth = day.day.flatMap(Int32.init(exactly:)),
               let date = g_date_time_new_local(year, month, dayOfMonth, 0, 0, 0) {
                gtk_calendar_select_day(calendar.opaque, date)
                g_date_time_unref(date)
            }
        }
        tote_shim_accessible_set_label(calendar, heading)
        ConfirmDialog.present(on: window, heading: heading, extra: calendar, confirm: confirm) {
            guard let chosen = gtk_calendar_get_date(calendar.opaque) else { return }
            defer { g_date_time_unref(chosen) }
            if let day = ReminderChoices.startOfDay(
                year: Int(g_date_time_get_year(chosen)), month: Int(g_date_time_get_month(chosen)),
                day: Int(g_date_time_get_day_of_month(chosen))) {
                onConfirm(day)
            }
        }
    }
}
