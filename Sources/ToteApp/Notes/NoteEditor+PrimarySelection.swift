// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw

/// Dropped text stays selected in a window that does not have the keyboard, on Wayland too.
///
/// A GtkTextBuffer claims the primary selection for every new selection. On Wayland only the
/// client with the keyboard may own it: mutter cancels the claim of a window that does not
/// have it, 1–420 ms later, and the buffer, on losing the primary selection, collapses its
/// selection (`gtk_text_buffer_content_detach`, GTK 4.8). A drop from another app selects the
/// dropped text in exactly such a window: the app dragged from keeps the keyboard. So while
/// the window lacks the keyboard, the buffer stops claiming the primary selection, and claims
/// it for the selection it has once the window gets the keyboard.
extension NoteEditor {
    /// Call before selecting what a drop brought in.
    func keepSelectionWithoutKeyboard() {
        guard releasedPrimary == nil,
              let display = gtk_widget_get_display(textView),
              String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self)))
                == "GdkWaylandDisplay",
              gtk_widget_get_realized(textView) != 0,
              let window = gtk_widget_get_root(textView).map({ UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }),
              gtk_window_is_active(window) == 0,
              let primary = gtk_widget_get_primary_clipboard(textView)
        else { return }
        // Letting go of a primary selection the buffer still owns collapses the selection,
        // as losing it does: the selection is put back.
        let kept = selection
        gtk_text_buffer_remove_selection_clipboard(buffer, primary)
        placeSelection(kept)
        releasedPrimary = primary
        guard !watchesKeyboardForPrimary else { return }
        watchesKeyboardForPrimary = true
        window.connect("notify::is-active") { [weak self] (_: UnsafeMutableRawPointer?) in
            guard gtk_window_is_active(window) != 0 else { return }
            // A turn of the main loop later: the window's activation and the keyboard come
            // in separate messages, and a claim made before the keyboard is cancelled.
            Task { @MainActor [weak self] in
                guard let self, gtk_window_is_active(window) != 0 else { return }
                self.claimPrimaryAgain(reselecting: true)
            }
        }
        // Before GtkTextView's own unrealize, which lets go of the primary selection it added.
        textView.connect("unrealize") { [weak self] in self?.claimPrimaryAgain(reselecting: false) }
    }

    private func claimPrimaryAgain(reselecting: Bool) {
        guard let primary = releasedPrimary else { return }
        releasedPrimary = nil
        gtk_text_buffer_add_selection_clipboard(buffer, primary)
        // The buffer claims it at the next change of its selection: this one, now.
        if reselecting { placeSelection(selection) }
    }
}
