// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim

/// The keyboard shortcuts window (Ctrl+?) of one main window: made when asked for and
/// destroyed when closed, so that Tote never keeps a hidden window.
///
/// Not GTK's help overlay, which `gtk_application_window_set_help_overlay` hides on close
/// and keeps for the main window's life: GTK 4.8's AT-SPI root answers a screen reader's
/// `GetChildAtIndex` past the shown windows with the last window it has, shown or not, and a
/// hidden one has no accessible object path, so GTK crashed building the answer
/// (docs/platform-findings.md).
@MainActor
final class ShortcutsWindow {
    private var shown: WidgetPointer?

    /// Shows the window over `parent`, making it if it is not shown already.
    func present(over parent: WidgetPointer) {
        if let shown {
            gtk_window_present(shown.cast())
            return
        }
        let builder = gtk_builder_new()!
        defer { g_object_unref(builder.raw) }
        gtk_builder_set_translation_domain(builder, tote_shim_gettext_package())
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(builder, tote_shim_shortcuts_ui(), -1, &error).isTrue,
              let object = gtk_builder_get_object(builder, "shortcuts_window")
        else {
            if let error {
                tote_shim_log_message("Shortcuts window: \(String(cString: error.pointee.message))")
                g_error_free(error)
            }
            return
        }
        let window = object.raw.assumingMemoryBound(to: GtkWidget.self)
        gtk_window_set_transient_for(window.cast(), parent.cast())
        gtk_window_set_modal(window.cast(), true.g)
        gtk_window_set_destroy_with_parent(window.cast(), true.g)
        shown = window
        window.connect("destroy") { [weak self] in self?.shown = nil }
        gtk_window_present(window.cast())
    }
}
