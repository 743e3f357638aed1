// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// The window's menus, actions and sidebar toggling.
extension MainWindow {
    // MARK: Window

    static func primaryMenuButton() -> WidgetPointer {
        let button = menuButton(
            icon: "open-menu-symbolic", name: tr("Main Menu"),
            items: [(tr("_New Window"), "app.new-window"), (tr("_Preferences"), "app.preferences"),
                    (tr("_Keyboard Shortcuts"), "win.show-help-overlay"),
                    (tr("_About Tote"), "app.about")])
        gtk_menu_button_set_primary(button.opaque, true.g)
        return button
    }

    static func noteMenuButton() -> WidgetPointer {
        menuButton(
            icon: "view-more-symbolic", name: tr("Note Menu"),
            items: [(tr("_Insert File…"), "win.insert-file"), (tr("_Delete Note"), "win.delete-note")])
    }

    static func listMenuButton() -> WidgetPointer {
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(button.opaque, "view-more-symbolic")
        let menu = RemindersPane.listMenu()
        gtk_menu_button_set_menu_model(button.opaque, menu.cast())
        g_object_unref(menu.raw)
        setTooltip(button, tr("List Menu"))
        tote_shim_accessible_set_label(button, tr("List Menu"))
        gtk_widget_set_visible(button, false.g)
        return button
    }

    func addWindowActions() {
        let actions: [(String, @MainActor (MainWindow) -> Void)] = [
            ("toggle-sidebar", { $0.toggleSidebar() }),
            ("search", { window in
                window.showSidebar()
                gtk_search_bar_set_search_mode(window.searchBar.opaque, true.g)
                gtk_widget_grab_focus(window.searchEntry)
            }),
            ("delete-note", { $0.deleteShownNote() }),
            ("undo-drop", { window in
                if let drop = window.toastedDrop, window.history.undoEntries.last == drop { window.undo() }
                window.toastedDrop = nil
            }),
            ("insert-file", { $0.chooseFilesToInsert() }),
            // The name GTK's help overlay would give it; GTK adds none of its own while
            // no help overlay is set (ShortcutsWindow says why none is).
            ("show-help-overlay", { $0.shortcutsWindow.present(over: $0.window) }),
        ]
        for (name, handler) in actions {
            Actions.add(name, to: window.opaque) { [weak self] _ in if let self { handler(self) } }
        }
        Actions.add("undo-delete", to: window.opaque, parameter: "s") { [weak self] id in
            if let id = id.flatMap(UUID.init(uuidString:)) { self?.undoDelete(id) }
        }
    }

    func toggleSidebar() {
        if adw_leaflet_get_folded(leaflet.opaque).isTrue {
            let showingSidebar = adw_leaflet_get_visible_child(leaflet.opaque) == sidebarPane
            navigate(toContent: showingSidebar)
        } else {
            setSidebarVisible(!gtk_widget_get_visible(sidebarPane).isTrue)
        }
    }

    /// Brings the sidebar back (search lives there).
    func showSidebar() {
        if adw_leaflet_get_folded(leaflet.opaque).isTrue {
            navigate(toContent: false)
        } else {
            setSidebarVisible(true)
        }
    }

    func setSidebarVisible(_ visible: Bool) {
        gtk_widget_set_visible(sidebarPane, visible.g)
        gtk_widget_set_visible(separator, visible.g)
        gtk_widget_set_visible(showSidebarButton, (!visible).g)
    }

    var isSidebarShown: Bool { gtk_widget_get_visible(sidebarPane).isTrue }
    var isShowSidebarButtonShown: Bool { gtk_widget_get_visible(showSidebarButton).isTrue }

    func restoreSize() {
        guard let settings = app.settings else {
            gtk_window_set_default_size(window.cast(), 960, 640)
            return
        }
        gtk_window_set_default_size(
            window.cast(), g_settings_get_int(settings, "window-width"),
            g_settings_get_int(settings, "window-height"))
        if g_settings_get_boolean(settings, "window-maximized").isTrue {
            gtk_window_maximize(window.cast())
        }
    }
}
