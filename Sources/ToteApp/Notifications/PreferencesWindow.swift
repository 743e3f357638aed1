// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation

/// Preferences (the primary menu, Ctrl+comma): each switch bound to its GSettings key.
@MainActor
struct PreferencesWindow {
    let window: WidgetPointer

    init(settings: UnsafeMutablePointer<GSettings>, parent: WidgetPointer?) {
        window = adw_preferences_window_new()
        gtk_window_set_title(window.cast(), tr("Preferences"))
        adw_preferences_window_set_search_enabled(window.cast(), false.g)
        gtk_window_set_modal(window.cast(), true.g)
        if let parent { gtk_window_set_transient_for(window.cast(), parent.cast()) }
        let page = adw_preferences_page_new()!
        let group = adw_preferences_group_new()!
        adw_preferences_group_add(group.cast(), Self.switchRow(
            title: tr("Run in Background"),
            subtitle: tr("Keep Tote running when its last window closes, so reminders notify at their due time"),
            key: "run-in-background", settings: settings))
        adw_preferences_group_add(group.cast(), Self.switchRow(
            title: tr("Sync With Online Accounts"),
            subtitle: tr("Show the task lists of the accounts in Settings as reminder lists; turning it off takes effect at the next start"),
            key: "sync-accounts", settings: settings))
        adw_preferences_page_add(page.cast(), group.cast())
        adw_preferences_window_add(window.cast(), page.cast())
    }

    func present() {
        gtk_window_present(window.cast())
    }

    /// A row with a switch at its end, the row's title its accessible name.
    private static func switchRow(title: String, subtitle: String, key: String,
                                  settings: UnsafeMutablePointer<GSettings>) -> WidgetPointer {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(row.cast(), title)
        adw_action_row_set_subtitle(row.cast(), subtitle)
        let toggle = gtk_switch_new()!
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        tote_shim_accessible_set_label(toggle, title)
        adw_action_row_add_suffix(row.cast(), toggle)
        adw_action_row_set_activatable_widget(row.cast(), toggle)
        g_settings_bind(settings, key, toggle.raw, "active", G_SETTINGS_BIND_DEFAULT)
        return row
    }
}
