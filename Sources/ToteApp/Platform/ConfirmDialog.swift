// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw

/// An AdwMessageDialog asking for something in `extra` (an entry, a calendar) under its
/// heading, with Cancel and one suggested response: `confirmed` runs when that is chosen (by
/// its button, or Enter where `extra` activates the default).
@MainActor
enum ConfirmDialog {
    static func present(
        on window: WidgetPointer, heading: String, extra: WidgetPointer, confirm: String,
        confirmed: @escaping @MainActor () -> Void
    ) {
        let dialog = adw_message_dialog_new(window.cast(), heading, nil)!
        adw_message_dialog_set_extra_child(dialog.cast(), extra)
        adw_message_dialog_add_response(dialog.cast(), "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(dialog.cast(), "confirm", confirm)
        adw_message_dialog_set_response_appearance(dialog.cast(), "confirm", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(dialog.cast(), "confirm")
        adw_message_dialog_set_close_response(dialog.cast(), "cancel")
        dialog.connect("response") { response in
            guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "confirm" else { return }
            confirmed()
        }
        gtk_window_present(dialog.cast())
        gtk_widget_grab_focus(extra)
    }
}
