import CAdw
import CShim

/// An AdwMessageDialog asking for a name: an entry that has focus (Enter confirms), Cancel,
/// and one suggested response that passes on what was typed.
@MainActor
enum NameDialog {
    static func present(
        on window: WidgetPointer, heading: String, text: String = "", placeholder: String = "", confirm: String,
        onConfirm: @escaping @MainActor (String) -> Void
    ) {
        let dialog = adw_message_dialog_new(window.cast(), heading, nil)!
        let entry = gtk_entry_new()!
        gtk_editable_set_text(entry.opaque, text)
        gtk_entry_set_placeholder_text(entry.cast(), placeholder)
        gtk_entry_set_activates_default(entry.cast(), true.g)
        tote_shim_accessible_set_label(entry, tr("Name"))
        adw_message_dialog_set_extra_child(dialog.cast(), entry)
        adw_message_dialog_add_response(dialog.cast(), "cancel", tr("_Cancel"))
        adw_message_dialog_add_response(dialog.cast(), "confirm", confirm)
        adw_message_dialog_set_response_appearance(dialog.cast(), "confirm", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(dialog.cast(), "confirm")
        adw_message_dialog_set_close_response(dialog.cast(), "cancel")
        dialog.connect("response") { response in
            guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "confirm" else { return }
            onConfirm(String(cString: gtk_editable_get_text(entry.opaque)))
        }
        gtk_window_present(dialog.cast())
        gtk_widget_grab_focus(entry)
    }
}
