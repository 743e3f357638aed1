// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim

/// A dialog asking for a name: an entry that has focus (Enter confirms), Cancel, and one
/// suggested response that passes on what was typed.
@MainActor
enum NameDialog {
    static func present(
        on window: WidgetPointer, heading: String, text: String = "", placeholder: String = "", confirm: String,
        onConfirm: @escaping @MainActor (String) -> Void
    ) {
        let entry = gtk_entry_new()!
        gtk_editable_set_text(entry.opaque, text)
        gtk_entry_set_placeholder_text(entry.cast(), placeholder)
        gtk_entry_set_activates_default(entry.cast(), true.g)
        tote_shim_accessible_set_label(entry, tr("Name"))
        ConfirmDialog.present(on: window, heading: heading, extra: entry, confirm: confirm) {
            onConfirm(String(cString: gtk_editable_get_text(entry.opaque)))
        }
    }
}
