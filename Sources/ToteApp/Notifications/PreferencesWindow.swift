// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation

/// Preferences (the primary menu, Ctrl+comma): each switch bound to its GSettings key.
@MainActor
struct PreferencesWindow {
    let window: WidgetPointer

    /// `chooseNotesFolder` sets the notes folder (nil: none).
    init(settings: UnsafeMutablePointer<GSettings>, parent: WidgetPointer?, notesFolderProblem: String?,
         chooseNotesFolder: @escaping @MainActor (URL?) -> Void) {
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
        adw_preferences_page_add(page.cast(), Self.notesFolderGroup(
            settings: settings, problem: notesFolderProblem, parent: window, choose: chooseNotesFolder).cast())
        adw_preferences_window_add(window.cast(), page.cast())
    }

    func present() {
        gtk_window_present(window.cast())
    }

    /// The notes folder: where it is (or that there is none), Choose Folder… and Turn Off.
    private static func notesFolderGroup(
        settings: UnsafeMutablePointer<GSettings>, problem: String?, parent: WidgetPointer,
        choose: @escaping @MainActor (URL?) -> Void
    ) -> WidgetPointer {
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(group.cast(), tr("Notes Folder"))
        adw_preferences_group_set_description(group.cast(), tr(
            "Every note is also a Markdown file there, for Syncthing, Nextcloud or any file sync to carry to your other devices and apps"))
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(row.cast(), tr("Folder"))
        let off = gtk_button_new_with_mnemonic(tr("_Turn Off"))!
        let chooseButton = gtk_button_new_with_mnemonic(tr("_Choose Folder…"))!
        for button in [off, chooseButton] {
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            adw_action_row_add_suffix(row.cast(), button)
        }
        let show: @MainActor () -> Void = {
            let path = ToteApplication.notesFolderPath(settings)
            let subtitle = path.isEmpty ? tr("None: notes are kept in Tote only")
                : problem.map { "\(path)\n\($0)" } ?? path
            adw_action_row_set_subtitle(row.cast(), subtitle)
            gtk_widget_set_visible(off, (!path.isEmpty).g)
        }
        show()
        off.connect("clicked") { choose(nil) }
        chooseButton.connect("clicked") {
            FileChooser.chooseFolder(title: tr("Notes Folder"), accept: tr("_Select"), parent: parent) { choose($0) }
        }
        // Held by the row: the handler goes with the window.
        let handler = settings.connect("changed::notes-folder") { (_: UnsafeMutableRawPointer?) in show() }
        row.connect("destroy") { g_signal_handler_disconnect(settings.raw, handler) }
        adw_preferences_group_add(group.cast(), row)
        return group
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
